# Build boards from small text diagrams for tests ('X' black, 'O' white, '.' empty, '*' the
# point under test, which stays empty). Runs under CPython and MicroPython.
from gomoku.board import BLACK, WHITE, Board


def diagram(rows, size=15, at=None):
    """Board with the diagram's top-left corner at `at` (x, y); centred by default.
    Returns (board, index of '*' or -1)."""
    rows = [r.replace(" ", "") for r in rows]
    b = Board(size)
    if at is None:
        at = ((size - len(rows[0])) // 2, (size - len(rows)) // 2)
    star = -1
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            i = b.idx(at[0] + x, at[1] + y)
            if ch == "X":
                b.put(i, BLACK)
            elif ch == "O":
                b.put(i, WHITE)
            elif ch == "*":
                star = i
    return b, star


def played(moves, size=15):
    """Board after the moves ("h8 h9 ..."), colours alternating from black."""
    b = Board(size)
    for m in moves.split():
        b.put(b.parse(m), b.to_move())
    return b


def snapshot(game):
    """Everything observable about a game, to check that a refused action changed nothing."""
    b = game.board
    return (bytes(b.cells), b.hash, tuple(b.hist), game.phase, game.black, game.proposals,
            game.winner, game.reason, game.win_cells, game.draw_offer, tuple(game.used),
            game.nlog, len(game.snaps), len(game.redo_log))
