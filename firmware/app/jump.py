# Candidate points for the jump keys: empty points near the stones, best first, scored cheaply
# by the lines they would extend or block and by closeness to the last moves. Loaded for a
# ranking and dropped (app.play.Play._rank): the AI's search does not need it.
from gomoku import game as G
from gomoku import rules
from gomoku.board import BLACK
from gomoku.rules import run

_NEAR = 2  # only points within two cells of a stone are candidates
_KEEP = 12  # the cursor cycles through this many


def rank(play, back=False):
    """Set play.jumps to the points a game screen's jump keys visit, best first (the hint
    first of all), and play.jpos to before the first (back: after the last)."""
    g = play.s.game
    b = g.board
    allowed = None
    if g.phase == G.CHOOSE:
        allowed = g.proposals
    elif g.phase == G.OPEN3 and g.opening == G.OPEN_PRO:
        # gomoku.openrules.centre()'s square, written out: with that import in app.play the
        # emulated Pico's Renju heap reading rose 2.8 KB (a layout effect; README, "App")
        c = b.size // 2
        r = b.count()
        allowed = [b.idx(x, y) for y in range(c - r, c + r + 1)
                   for x in range(c - r, c + r + 1)]
    black = g.rule == rules.RENJU and b.to_move() == BLACK
    e = play.s.idle_engine()
    # Not the engine a hint thinks with (a hard game's hint borrows the AI's): its search
    # yields between slices with its own stones on, which the ranking took off its board.
    jumps = play.jumps = ranked(b, allowed, rules.is_forbidden if black else None,
                                None if e is play.hinter else e)
    if play.hint >= 0 and play.hint in jumps:
        jumps.remove(play.hint)
        jumps.insert(0, play.hint)
    play.jpos = len(jumps) if back else 0


def ranked(board, allowed=None, skip=None, engine=None):
    """Indexes to visit in order; `allowed` (a sequence) limits the choice, e.g. to proposals
    or the opening area; points where skip(i) is true are left out (Renju black's forbidden
    points: the keys should not lead a player onto a move that is refused or loses). With an
    idle AI engine (a game against the AI) its own candidate order is taken: the hard level's
    move came first in it in 46% of positions of medium games, in the run lengths' order below
    in 23% (and within 12 in 100% against 79%; session 91)."""
    if engine is not None and allowed is None:
        from ai.search import Search

        engine._sync(board)
        pts = _legal(board, Search(engine.pos, None, _KEEP).gen(board.to_move(), _KEEP), skip)
        if len(pts) > 1:
            return pts
        # One forced point, none (Renju black's only block forbidden), or under exactly five
        # a false one at an overline's end (ai.overlines): the lines' order below instead
    pts = _legal(board, _near(board) if allowed is None else
                 [i for i in allowed if board.cells[i] == 0], skip)
    if not pts:
        c = board.size // 2
        return [board.idx(c, c)]
    cells = board.cells
    dirs = board.dirs
    hist = board.hist
    recent = hist[-4:]
    bx = board.stride
    scored = []
    for q in pts:
        s = 0
        for d in dirs:
            for colour in (1, 2):
                n = run(cells, q, d, colour) + run(cells, q, -d, colour)
                s += n * n * 4
        qy, qx = divmod(q, bx)
        for r in recent:
            ry, rx = divmod(r, bx)
            if max(abs(qx - rx), abs(qy - ry)) <= 1:
                s += 3
        scored.append((s << 10) | (1023 - (q & 1023)))  # ties: lower index first
    scored.sort(reverse=True)
    return [1023 - (v & 1023) for v in scored[:_KEEP]]


def _legal(board, pts, skip):
    return pts if skip is None else [i for i in pts if not skip(board, i)]


def _near(board):
    seen = bytearray(len(board.cells))
    out = []
    cells = board.cells
    n = board.size
    for i in board.hist:
        x, y = board.xy(i)
        for yy in range(max(0, y - _NEAR), min(n, y + _NEAR + 1)):
            for xx in range(max(0, x - _NEAR), min(n, x + _NEAR + 1)):
                q = board.idx(xx, yy)
                if cells[q] == 0 and not seen[q]:
                    seen[q] = 1
                    out.append(q)
    return out
