# The threat searches recurse, and a board's C stack ends them long before their plies do: out
# of it, MicroPython raises "maximum recursion depth exceeded" from whatever call is being made,
# the line update's midway included, which would leave the engine's position half updated. So on
# a board (ai.search._DEEP) an attack goes no deeper once micropython.stack_use() passes a bound.
# Here CPython's recursion limit plays the small stack and the frame depth the stack in use.
import ast
import os
import sys

import renju_ref
from ai import search
from ai.engine import Engine, HARD
from gomoku import renju, rules
from positions import diagram, played

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "emu2040"))
from arena_bound import call_depth  # noqa: E402


def _middle():
    # tools/bench_ai.py's middle-game positions (importing it would run the benchmark)
    with open(os.path.join(ROOT, "tools", "bench_ai.py")) as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and node.targets[0].id == "MIDDLE":
            return ast.literal_eval(node.value)


def _depth():
    return call_depth(1)  # from our caller down


def _decide(b, rule, room):
    # Hard's decision on b with only `room` Python calls of stack left; None if it overflowed.
    e = Engine(HARD, seed=1, rule=rule)
    e.start(b)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(_depth() + room)
    try:
        while not e.step():
            pass
    except RecursionError:
        return None
    finally:
        sys.setrecursionlimit(limit)
    return e


def test_a_search_near_the_end_of_the_stack_stops_its_attack_and_still_decides(monkeypatch):
    cut = [0]

    def stack_use():  # one "byte" a frame, counted from here
        n = _depth() - base[0]
        if n > 12:
            cut[0] += 1
        return n

    base = [0]
    monkeypatch.setattr(search, "stack_use", stack_use)
    overflowed = 0
    for rule in (rules.FREESTYLE, rules.RENJU):
        for moves in _middle():
            b = played(moves)
            before = (bytes(b.cells), b.hash)
            base[0] = _depth()
            monkeypatch.setattr(search, "_DEEP", (12, 12))  # room for Renju's checks
            e = _decide(b, rule, 30)
            assert e is not None
            assert b.cells[e.best] == 0
            assert (bytes(b.cells), b.hash) == before
            assert (bytes(e.pos.board.cells), e.pos.board.hash) == before
            monkeypatch.setattr(search, "_DEEP", None)
            overflowed += _decide(played(moves), rule, 30) is None  # unchecked: too deep
    assert overflowed and cut[0]


# Black stones only, and Renju's three's rule goes ten levels deep at '*': its three's straight-
# four point is allowed only if that point's threes are, and so on (found in random dense
# positions, then stones dropped while the depth held).
DEEP_THREES = (
    "....X..",
    "...X...",
    ".X.....",
    "*...X.X",
    ".X.X.XX",
    ".....X.",
    "...X...",
)


def _ask(b, points, room):
    # is_forbidden at each point with only `room` Python calls of stack left; None if too deep.
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(_depth() + room)
    try:
        return [renju.is_forbidden(b, i) for i in points]
    except RecursionError:
        return None
    finally:
        sys.setrecursionlimit(limit)


def test_a_forbidden_question_ten_levels_deep_takes_the_stack_of_a_shallow_one(monkeypatch):
    # As plain recursion (three calls a level) it overflowed the emulated Pico's 8 KB stack.
    frames = [0] * 5  # room for one level
    monkeypatch.setattr(renju, "_frames", frames)
    shallow, p = diagram(("XX*", "..X", "..X"))  # a double three
    room = 40
    while _ask(shallow, [p], room) == [True]:
        room -= 1
    room += 1  # the least it needs
    assert len(frames) == 5 and frames[4]  # one level saved
    b, star = diagram(DEEP_THREES, at=(6, 4))
    got = _ask(b, list(b.points()), room)
    assert len(frames) >= 5 * 9  # ten levels: nine saved, the list grown
    grid = {b.xy(i): b.cells[i] for i in b.points() if b.cells[i]}
    assert got == [not b.cells[i] and renju_ref.forbidden(grid, 15, b.xy(i)) for i in b.points()]
    assert any(got)
