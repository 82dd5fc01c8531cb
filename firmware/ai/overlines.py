# Exactly five (the "standard" rule): an overline on the board (six or more in a row: no win,
# the game goes on) fools the pattern keys, which see 4 cells each side of a point. The empty
# point at an overline's end reads as a five in that direction (its 4 neighbours are the
# player's; the 5th beyond is outside its key), so the engine took the wasted stone there for
# a win, and the opponent's for a five to block, over a real one (a fuzzing review, session
# 90). Loaded only under that rule, when a five point is on the board at a move's start; an
# overline made inside a search is not seen (rare: no pattern values one).
from gomoku.board import BLACK, WHITE, BORDER, EMPTY
from gomoku import rules
from ai.patterns import M_FIVE


def mask(pos):
    """Fill every false five point with a border cell (Pos.put(): the line update takes its
    sums out of the counts and the searches cannot play there). Returns how many: they are
    the last stones of the history, for Pos.take() (or Engine._sync()) to take out."""
    b = pos.board
    cells = pos.cells
    n = 0
    for c in (BLACK, WHITE):
        for q in pos.points_over(c, M_FIVE):
            cells[q] = c  # the stone as if placed: its line must be exactly five
            real = rules.win_line(b, q, rules.STANDARD)
            cells[q] = EMPTY
            if not real:
                pos.put(q, BORDER)
                n += 1
    return n
