# A board's C stack is small (8 KB on an rp2), and out of it MicroPython raises "maximum recursion
# depth exceeded" from whatever call is being made, the line update's midway included, which would
# leave the engine's position half updated. So the threat search (vct) keeps its plies in arrays,
# not on the stack, and what still recurses (alpha-beta's quiescence, the VCF search) stops once
# micropython.stack_use() passes a bound on a board (ai.search._DEEP). Here CPython's recursion
# limit plays the small stack and the frame depth the stack in use.
import ast
import os
import sys
from array import array

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


def test_the_threat_search_takes_the_same_stack_however_deep_it_goes(monkeypatch):
    # With 22 calls of room and no bound every middle position decides as with all the stack:
    # the threat searches reach 13 plies and more there, which as recursion (two calls an
    # attacking move) overflowed 30 calls of room.
    monkeypatch.setattr(search, "_DEEP", 0)
    for rule in (rules.FREESTYLE, rules.RENJU):
        for moves in _middle():
            full = _decide(played(moves), rule, 1000)
            e = _decide(played(moves), rule, 22)
            assert e is not None
            assert (e.best, e.stats.nodes) == (full.best, full.stats.nodes)


def test_a_search_near_the_end_of_the_stack_stops_its_recursion_and_still_decides(monkeypatch):
    bound = [0]

    def stack_use():  # one "byte" a frame, counted from here
        n = _depth() - base[0]
        if n > 5:
            bound[0] += 1
        return n

    base = [0]
    monkeypatch.setattr(search, "stack_use", stack_use)
    overflowed = 0
    for rule in (rules.FREESTYLE, rules.RENJU):
        for moves in _middle():
            b = played(moves)
            before = (bytes(b.cells), b.hash)
            base[0] = _depth()
            monkeypatch.setattr(search, "_DEEP", 5)  # room for a leaf's Renju check
            e = _decide(b, rule, 18)
            assert e is not None
            assert b.cells[e.best] == 0
            assert (bytes(b.cells), b.hash) == before
            assert (bytes(e.pos.board.cells), e.pos.board.hash) == before
            monkeypatch.setattr(search, "_DEEP", 0)
            overflowed += _decide(played(moves), rule, 18) is None  # unchecked: too deep
    assert overflowed and bound[0]


# Black stones only, and Renju's three's rule goes ten levels deep at '*': its three's straight-
# four point is allowed only if that point's threes are, and so on (found in random dense
# positions, then stones dropped while the depth held).
# Found by a search of random dense positions (a straight four's point is looked at only when
# it has two more lines with stones, so most chains stop after a level or two): asking every
# point here goes nine levels down.
DEEP_THREES = (
    "X..X....X",
    "O.X...X.X",
    ".........",
    ".X.XX...X",
    "...X..X..",
    ".......X.",
    ".....X.X.",
    "XX....X..",
    ".......OX",
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
    frames = array("H", bytes(10))  # room for one level
    monkeypatch.setattr(renju, "_frames", frames)
    shallow, p = diagram(("XX*", "..X", "..X"))  # a double three
    room = 40
    while _ask(shallow, [p], room) == [True]:
        room -= 1
    room += 1  # the least it needs
    assert len(frames) == 5 and frames[4]  # one level saved
    b, _ = diagram(DEEP_THREES, at=(4, 3))
    got = _ask(b, list(b.points()), room)
    assert len(frames) >= 5 * 9  # ten levels: nine saved, the list grown
    grid = {b.xy(i): b.cells[i] for i in b.points() if b.cells[i]}
    assert got == [not b.cells[i] and renju_ref.forbidden(grid, 15, b.xy(i)) for i in b.points()]
    assert any(got)
