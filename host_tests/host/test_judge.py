# Our rules against an outside referee: the `renju` package (PyPI, MIT), whose forbidden-move
# check is a port of the judge of Piskvork, the Gomocup tournament manager. It shares no code
# with ours or with renju_ref.py, so where all three agree the rules are not one author's reading.
import os
import sys

from hypothesis import given, settings
from hypothesis import strategies as st
from renju.board import BoardStatus, RenjuBoard, WinReason
from renju.check_forbid import get_foul_type

from gomoku import rules
from gomoku.board import BLACK, WHITE, Board

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import arena  # noqa: E402

# The judge's answers: 1 double three, 2 double four, 3 overline.
REASONS = {None: 0, "double three": 1, "double four": 2, "overline": 3}
RULE_NAMES = {rules.FREESTYLE: "freestyle", rules.STANDARD: "standard", rules.RENJU: "renju"}


def _grid(b):
    grid = [[0] * b.size for _ in range(b.size)]
    for i in b.hist:
        x, y = b.xy(i)
        grid[x][y] = b.cells[i]
    return grid


def _empty(b):
    return [i for i in b.points() if not b.cells[i]]


def _agree(b):
    """Our forbidden points and reasons are the judge's, at every empty point that could be one:
    a forbidden shape needs four more black stones within four cells (a double three, two lines
    of two), so points with fewer in the 9x9 square around them are not asked (the judge is
    slow)."""
    grid = _grid(b)
    for i in _empty(b):
        x, y = b.xy(i)
        near = sum(grid[u][v] == BLACK for u in range(max(0, x - 4), min(b.size, x + 5))
                   for v in range(max(0, y - 4), min(b.size, y + 5)))
        if near >= 4:
            assert REASONS[rules.forbidden_reason(b, i)] == get_foul_type(grid, x, y), b.name(i)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(2, 12), st.integers(2, 12), st.integers(0, 9)),
                min_size=6, max_size=50))
def test_forbidden_points_and_reasons_agree_with_the_piskvork_judge(stones):
    b = Board(15)
    for x, y, k in stones:
        i = b.idx(x, y)
        if not b.cells[i]:
            b.put(i, WHITE if k < 3 else BLACK)  # mostly black, so forbidden shapes appear
    # Positions where black has a five to make are kept: a three whose four-point also makes
    # that five is no three, for the judge as for us (RIF's definition of a three).
    _agree(b)


def test_every_position_of_recorded_renju_games_agrees_with_the_judge():
    # Random positions seldom hold the recursive case (a three whose straight-four point is
    # itself forbidden, so the three is no three); these games do (renju_games.txt).
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "renju_games.txt")
    games = [ln.split() for ln in open(path) if ln.strip() and not ln.startswith("#")]
    assert len(games) == 22
    for moves in games:
        b = Board(15)
        for k, m in enumerate(moves):
            b.put(b.parse(m), BLACK if k % 2 == 0 else WHITE)
            if k % 2:  # black to move
                _agree(b)


def test_the_judge_reads_the_hand_made_cases_as_we_do():
    # The hard cases of core/test_renju.py (false and nested threes, fours on one line, ...);
    # host_tests/core is on the path (host_tests/conftest.py).
    import test_renju
    from positions import diagram

    for name, rows, reason, _ in test_renju.CASES:
        b, p = diagram(rows)
        x, y = b.xy(p)
        assert get_foul_type(_grid(b), x, y) == REASONS[reason], name


def _judged(moves, rule):
    """Replay an arena game's moves on the judge's board; it must not end before the last."""
    ref = RenjuBoard(rule=RULE_NAMES[rule])
    probe = Board(15)
    for k, m in enumerate(moves.split()):
        assert ref.status == BoardStatus.ONGOING, "the judge ended the game at ply %d" % k
        x, y = probe.xy(probe.parse(m))
        ref.play_move(x, y)
    return ref


def _check_games(spec_a, spec_b, games, rule):
    results = arena.match(spec_a, spec_b, games, rule=rule)
    for g, a_colour, winner, reason, moves in results:
        ref = _judged(moves, rule)
        assert reason == "five", (g, reason)
        assert ref.reason == WinReason.FIVE_IN_A_ROW, (g, ref.reason)
        assert ref.status == (BoardStatus.BLACK_WIN if winner == BLACK
                              else BoardStatus.WHITE_WIN), g
    return results


def test_renju_games_of_the_hard_level_pass_the_judge():
    # Every black move legal for the judge (a foul would end its game early, with white the
    # winner) and the same winner, by five.
    results = _check_games("ours:hard", "window", 4, rules.RENJU)
    assert any(a == BLACK for _, a, _, _, _ in results)  # hard played black too


def test_exactly_five_games_pass_the_judge():
    _check_games("ours:medium", "greedy", 2, rules.STANDARD)


def test_the_judge_calls_a_foul_where_the_arena_does():
    # The test can fail: a black player that takes a forbidden point when it has one loses the
    # game in both referees, for the same reason.
    class Fouler:
        name = "fouler"

        def __init__(self):
            self.greedy = arena.make_player("greedy")

        def new_game(self, size, rule):
            self.greedy.new_game(size, rule)

        def move(self, board):
            bad = rules.forbidden_points(board)
            return bad[0] if bad else self.greedy.move(board)

    # The first opening where the game gives black a forbidden point.
    for opening in arena.OPENINGS:
        winner, reason, b = arena.play_game(Fouler(), arena.make_player("greedy"), 15,
                                            rules.RENJU, opening)
        if reason.startswith("forbidden"):
            break
    assert reason.startswith("forbidden") and winner == WHITE
    ref = _judged(" ".join(b.name(i) for i in b.hist), rules.RENJU)
    assert ref.status == BoardStatus.WHITE_WIN
    last = b.hist[-1]
    b.take()
    assert ref.reason.value.replace("_", " ") == rules.forbidden_reason(b, last)
