# The opening rules' actions (swap decisions, fifth-move proposals, the central opening stones),
# loaded only by games that use an opening rule: a free game never holds this bytecode in RAM.
from gomoku.game import (GameError, SWAP, SWAP2, PICK, PROPOSE, PLAY, EXTRA, KEEP, SWAP_COLOURS,
                         PUT2, TAKE_BLACK, TAKE_WHITE, A_CHOOSE, A_PROPOSE)


def centre(board):
    """Pro rule: the points the next of stones 1-3 may take (see check_centre())."""
    c = board.size // 2
    r = board.count()
    return [board.idx(x, y) for y in range(c - r, c + r + 1) for x in range(c - r, c + r + 1)]


def check_centre(board, i):
    """Pro rule: stones 1-3 lie within the central 1x1, 3x3 and 5x5."""
    x, y = board.xy(i)
    c = board.size // 2
    r = board.count()
    if abs(x - c) > r or abs(y - c) > r:
        raise GameError("opening stone %d must be within the central %dx%d"
                        % (r + 1, 2 * r + 1, 2 * r + 1))


def choose(g, answer):
    g._ready()
    ph = g.phase
    ok = ((KEEP, SWAP_COLOURS) if ph == SWAP else (KEEP, SWAP_COLOURS, PUT2) if ph == SWAP2
          else (TAKE_BLACK, TAKE_WHITE) if ph == PICK else ())
    if answer not in ok:
        raise GameError("that answer does not fit this moment")
    g._do(A_CHOOSE, g.actor(), answer)


def after_choice(g, answer):
    if answer == PUT2:
        g.phase = EXTRA
        return
    if answer == SWAP_COLOURS:
        g.black = 1 - g.black
    elif answer == TAKE_BLACK:
        g.black = 0
    elif answer == TAKE_WHITE:
        g.black = 1
    g.phase = PLAY


def propose(g, a, b):
    g._ready()
    if g.phase != PROPOSE:
        raise GameError("no fifth-move proposal is due")
    g._point(a)
    g._point(b)
    if a == b:
        raise GameError("propose two different points")
    # (No Renju check: with either proposal black has three stones, too few for a forbidden
    # point; the one kept is played as a move, through the rules.)
    if symmetric(g.board, a, b):
        raise GameError("the two proposals are the same move by symmetry")
    g._do(A_PROPOSE, g.actor(), (a, b))


def symmetric(bd, a, b):
    n = bd.size - 1
    maps = (lambda x, y: (n - x, y), lambda x, y: (x, n - y), lambda x, y: (n - x, n - y),
            lambda x, y: (y, x), lambda x, y: (n - y, n - x), lambda x, y: (y, n - x),
            lambda x, y: (n - y, x))
    for f in maps:
        if bd.idx(*f(*bd.xy(a))) != b:
            continue
        if all(bd.cells[bd.idx(*f(*bd.xy(i)))] == bd.cells[i] for i in bd.hist):
            return True
    return False
