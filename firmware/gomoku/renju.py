# Renju's forbidden points for black: overline, double four, double three (with the recursive
# check that each three's straight-four point is itself allowed). Loaded by the first Renju
# question through gomoku.rules, so freestyle and exactly-five games never hold this code.
# The AI asks this at search nodes, so nothing here allocates: no tuples are built or returned
# (the first version made 2.6 KB of garbage per forbidden-shape check, 130 bytes per point).
from gomoku.board import BLACK, EMPTY
from gomoku.rules import run


# With black's stone at p, in direction d only the first empty cell beyond each end of the
# unbroken run through p can complete a five or a straight four that includes p, because every
# cell between p and such a point must be black. So each direction has at most two points to try:
# p - (a + 1) * d and p + (b + 1) * d, with a and b the runs of black beside p.


def _is_five_point(cells, q, d):
    # Empty q that makes exactly five along d.
    return cells[q] == EMPTY and run(cells, q, d, BLACK) + run(cells, q, -d, BLACK) == 4


def _five_ends(cells, p, d):
    """How many of the two cells just beyond black's run through p along d make exactly five,
    or 3 for a straight four (.XXXX.: a run of four with both)."""
    a = run(cells, p, -d, BLACK)
    b = run(cells, p, d, BLACK)
    k = _is_five_point(cells, p - (a + 1) * d, d) + _is_five_point(cells, p + (b + 1) * d, d)
    return 3 if k == 2 and a + b == 3 else k


def _fours(cells, p, d):
    """Number of fours through p along d: 0, 1 or 2 (two fours on one line, as X.XXX.X).
    A straight four (.XXXX.) is one four."""
    k = _five_ends(cells, p, d)
    return 1 if k == 3 else k


def _three_end(cells, dirs, p, d, q):
    # Does black at empty q (an end of p's run along d) make a straight four through p, and may
    # black play q?
    if cells[q] != EMPTY:
        return False
    cells[q] = BLACK
    ok = _five_ends(cells, p, d) == 3 and not _forbidden_placed(cells, dirs, q)
    cells[q] = EMPTY
    return ok


def _is_three(cells, dirs, p, d):
    # A three: one more black stone makes a straight four through p, and that stone is legal.
    a = run(cells, p, -d, BLACK)
    b = run(cells, p, d, BLACK)
    if a + b > 2:
        return False
    return (_three_end(cells, dirs, p, d, p - (a + 1) * d)
            or _three_end(cells, dirs, p, d, p + (b + 1) * d))


def _line(cells, p, d):
    # Length of black's unbroken line through p along d.
    return 1 + run(cells, p, d, BLACK) + run(cells, p, -d, BLACK)


def _forbidden_placed(cells, dirs, p):
    """Is black's stone already placed at p a forbidden move? A five wins outright, so it is
    checked first in every direction."""
    over = False
    for d in dirs:
        n = _line(cells, p, d)
        if n == 5:
            return False
        if n > 5:
            over = True
    if over:
        return True
    fours = 0
    for d in dirs:
        fours += _fours(cells, p, d)
    if fours >= 2:
        return True
    threes = 0
    for d in dirs:
        if _fours(cells, p, d) == 0 and _is_three(cells, dirs, p, d):
            threes += 1
            if threes == 2:
                return True
    return False


def _blacks(cells, p, s):
    # Black stones within four cells of p in direction s, up to the first other stone or edge.
    k = 0
    for _ in range(4):
        p += s
        c = cells[p]
        if c == BLACK:
            k += 1
        elif c != EMPTY:
            break
    return k


def _near_black(cells, dirs, p):
    # Cheap filter: a forbidden shape needs at least four other black stones on p's lines
    # within four cells (double three: 2 + 2). Most empty points fail this at once.
    k = 0
    for d in dirs:
        k += _blacks(cells, p, d) + _blacks(cells, p, -d)
    return k >= 4


def is_forbidden(board, i):
    """Would black playing the empty point i be forbidden under Renju?"""
    cells = board.cells
    if cells[i] != EMPTY or not _near_black(cells, board.dirs, i):
        return False
    cells[i] = BLACK
    try:
        return _forbidden_placed(cells, board.dirs, i)
    finally:
        cells[i] = EMPTY


def forbidden_reason(board, i):
    """'overline', 'double four', 'double three' or None for black at empty point i."""
    if not is_forbidden(board, i):
        return None
    cells = board.cells
    dirs = board.dirs
    cells[i] = BLACK
    try:
        if any(_line(cells, i, d) > 5 for d in dirs):
            return "overline"
        if sum(_fours(cells, i, d) for d in dirs) >= 2:
            return "double four"
        return "double three"
    finally:
        cells[i] = EMPTY


def forbidden_points(board):
    """Every point black may not play now, for the screen to mark."""
    return [i for i in board.points() if is_forbidden(board, i)]
