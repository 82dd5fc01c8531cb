# Winning rules (freestyle, exactly five, Renju) and Renju's forbidden points for black.
# All functions work on a Board's cells with the stone already (or hypothetically) placed.
from micropython import const


from gomoku.board import BLACK

FREESTYLE = const(0)
STANDARD = const(1)  # "exactly five", as in Gomocup
RENJU = const(2)
RULE_NAMES = ("freestyle", "standard", "renju")


def run(cells, i, d, colour):
    """Number of consecutive `colour` stones starting one step from i in direction d."""
    n = 0
    i += d
    while cells[i] == colour:
        n += 1
        i += d
    return n


def wins(rule, colour, n):
    """Does a line of n stones of `colour` win under `rule`?"""
    if n < 5:
        return False
    return rule == FREESTYLE or n == 5 or (rule == RENJU and colour != BLACK)


def win_line(board, i, rule):
    """Cells of the winning line through the stone at i, or None. Only lines through i can be
    new, so this is all a move needs to check."""
    cells = board.cells
    colour = cells[i]
    for d in board.dirs:
        a = run(cells, i, -d, colour)
        n = 1 + a + run(cells, i, d, colour)
        if wins(rule, colour, n):
            start = i - a * d
            return [start + k * d for k in range(n)]
    return None


# Renju's forbidden points: the work is in gomoku.renju, imported on first use (see there).
# Not kept here: a module no game uses can then leave RAM. The AI, which asks at search
# nodes, holds renju.is_forbidden itself (an import statement costs 16 bytes of heap).
def is_forbidden(board, i):
    """Would black playing the empty point i be forbidden under Renju?"""
    from gomoku import renju

    return renju.is_forbidden(board, i)


def forbidden_reason(board, i):
    """'overline', 'double four', 'double three' or None for black at empty point i."""
    from gomoku import renju

    return renju.forbidden_reason(board, i)


def forbidden_points(board):
    """Every point black may not play now, for the screen to mark."""
    from gomoku import renju

    return renju.forbidden_points(board)
