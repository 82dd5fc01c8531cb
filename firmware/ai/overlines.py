# Exactly five (the "standard" rule): an overline on the board (six or more in a row: no win,
# the game goes on) fools the pattern keys, which see 4 cells each side of a point. The empty
# point at an overline's end reads as a five in that direction (its 4 neighbours are the
# player's; the 5th beyond is outside its key), so the engine took the wasted stone there for
# a win, and the opponent's for a five to block, over a real one (a fuzzing review, session
# 90). Loaded only under that rule, when a five point is on the board at a move's start. Not
# seen: an overline made inside a search (rare: no pattern values one), and the other lines
# through a point while it is filled.
from gomoku.board import BLACK, WHITE, BORDER, EMPTY
from gomoku import rules
from ai.patterns import M_FIVE
from ai.search import WIN


def mask(e):
    """For Engine.start(): the five points of the position, checked on the board. A real one
    is the move (the mover's own five, else the block of the opponent's): set as e.best, and
    True. Otherwise every false one is filled with a border cell (Pos.put(): the line update
    takes its sums out of the counts and the searches cannot play there), as the history's last
    stones for Engine._play() (or its next _sync()) to take out: e.ph of them."""
    pos = e.pos
    b = pos.board
    cells = pos.cells
    c = e.c
    pts = pos.points_over(BLACK, M_FIVE)
    pos.points_over(WHITE, M_FIVE, pts)
    win = block = -1
    fake = []
    for q in pts:
        cells[q] = c  # the stone as if placed: its line must be exactly five
        mine = rules.win_line(b, q, rules.STANDARD)
        cells[q] = 3 - c
        theirs = rules.win_line(b, q, rules.STANDARD)
        cells[q] = EMPTY
        if mine:
            if win < 0:
                win = q  # the first, as the search's forced move takes it
        elif theirs:
            if block < 0:
                block = q
        elif q not in fake:
            fake.append(q)
    if win >= 0 or block >= 0:
        st = e.stats
        if win >= 0:
            e.best = win
            st.forced = "win"
            st.score = WIN
        else:
            e.best = block
            st.forced = "block"
        e._gen = None
        return True
    for q in fake:
        pos.put(q, BORDER)
    e.ph = len(fake)
    if e._fallback() < 0:
        # Only false fives are left empty: a stone there is the move (a full board next).
        for q in fake:
            pos.take()
        e.ph = 0
    return False
