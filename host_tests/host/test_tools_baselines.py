# Baseline opponents (tools/baselines.py): legal, deterministic, and they take a five when offered.
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))

from baselines import BASELINES  # noqa: E402
from gomoku import rules  # noqa: E402
from gomoku.board import BLACK, WHITE, Board  # noqa: E402

NAMES = sorted(BASELINES)


def play(name, rule, seed, plies):
    b = Board(15)
    players = [BASELINES[name](seed), BASELINES[name](seed + 1)]
    for p in players:
        p.new_game(15, rule)
    for _ in range(plies):
        colour = b.to_move()
        i = players[b.count() % 2].move(b.copy())
        b.check_empty(i)  # raises on an occupied or off-board point
        if rule == rules.RENJU and colour == BLACK:
            assert not rules.is_forbidden(b, i)
        b.put(i, colour)
        if rules.win_line(b, i, rule):
            break
    return [b.name(i) for i in b.hist]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("rule", [rules.FREESTYLE, rules.RENJU])
def test_legal_and_deterministic(name, rule):
    a = play(name, rule, 3, 30)
    assert len(a) >= 9
    assert a == play(name, rule, 3, 30)


@pytest.mark.parametrize("name", NAMES)
def test_takes_win_in_one(name):
    # White to move has a four on row 5 closed at a5; black has an open three on row 3.
    b = Board(15)
    for m in ["c3", "b5", "d3", "c5", "e3", "d5", "a5", "e5", "l12"]:
        b.put(b.parse(m), b.to_move())
    assert b.to_move() == WHITE
    p = BASELINES[name](1)
    p.new_game(15, rules.FREESTYLE)
    assert b.name(p.move(b)) == "f5"


@pytest.mark.parametrize("name", NAMES)
def test_blocks_a_four(name):
    b = Board(15)
    for m in ["h8", "a1", "i8", "a3", "j8", "n15", "k8", "n1"]:
        b.put(b.parse(m), b.to_move())
    b.put(b.parse("g8"), WHITE)
    b.put(b.parse("c12"), BLACK)
    # White to move faces black's four h8-k8, closed at g8: only l8 stops it.
    p = BASELINES[name](1)
    p.new_game(15, rules.FREESTYLE)
    assert b.name(p.move(b)) == "l8"


def test_exactly_five_not_fooled_by_six():
    # Under exactly-five a point making six is no win; the five elsewhere is.
    b = Board(15)
    for m in ["a5", "n15", "b5", "n13", "c5", "n11", "d5", "l15", "f5", "l13",
              "i2", "j15", "i3", "j13", "i4", "h15", "i5", "h13"]:
        b.put(b.parse(m), b.to_move())
    for name in NAMES:
        p = BASELINES[name](1)
        p.new_game(15, rules.STANDARD)
        assert b.name(p.move(b)) in ("i6", "i1")


def test_table_weighs_its_own_windows_above_the_opponents():
    # The published "winning combinations" design scores the computer's own open windows 220,
    # 420, 2100 by the stones they hold and the human's 200, 400, 2000: between two points of
    # equal promise it builds its own line rather than block. Black's pair d4 e4 and white's
    # k12 l12 are mirror images through the centre (black's third stone sits in a far corner),
    # so each of white's points by its pair matches one by black's, and white must pick its own.
    b = Board(15)
    for m in ["d4", "k12", "e4", "l12", "o1"]:
        b.put(b.parse(m), b.to_move())
    own = [b.parse(m) for m in ("k12", "l12")]
    theirs = [b.parse(m) for m in ("d4", "e4")]

    def dist(p, stones):
        x, y = b.xy(p)
        return min(max(abs(x - sx), abs(y - sy)) for sx, sy in (b.xy(s) for s in stones))

    for seed in range(1, 9):
        p = BASELINES["table"](seed)
        p.new_game(15, rules.FREESTYLE)
        i = p.move(b)
        assert dist(i, own) < dist(i, theirs), b.name(i)
