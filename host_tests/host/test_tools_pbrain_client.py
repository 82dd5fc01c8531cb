# The Gomocup brain driven by another project's manager side: pygomo-lib (PyPI, MIT), a client
# library for Gomocup engines (it also knows Yixin's extra commands). It speaks the protocol
# its own way (upper-case INFO keys, its own BOARD rows, its own parsing of ABOUT and of the
# answers), so this checks the brain against a reading of the protocol other than ours, under
# CPython and the MicroPython VM.
import os

import pytest
from pygomo.client.engine import EngineClient
from pygomo.protocol.models import BoardPosition, Move

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LAUNCHER = os.path.join(ROOT, "tools", "pbrain-gomoku")
OWN, OPP = 1, 2  # BOARD's third field


@pytest.mark.parametrize("vm", [False, True], ids=["cpython", "vm"])
def test_an_outside_client_plays_the_brain(vm):
    e = EngineClient(LAUNCHER, args=(["--vm"] if vm else []) + ["--level", "hard"])
    e.connect()
    try:
        assert 'name="pico-gomoku"' in e.about(timeout=60)
        assert e.start(15)
        e.set_rule(0)
        e.set_time(turn_time_ms=5000, match_time_ms=100000, time_left_ms=100000)
        assert e.begin(timeout=60).move.to_tuple() == (7, 7)
        first = e.turn((7, 8), timeout=60).move.to_tuple()
        assert first not in ((7, 7), (7, 8))
        assert max(abs(first[0] - 7), abs(first[1] - 7)) <= 2
        # Taken back, the point is free again: the opponent may play it.
        assert e.takeback(Move(first), timeout=60)
        second = e.turn(first, timeout=60).move.to_tuple()
        assert second not in ((7, 7), (7, 8), first)
        # A new game from a position: the opponent's broken four on row 7 is blocked at its gap.
        assert e.restart(timeout=60)
        stones = [((7, 7), OPP), ((7, 8), OWN), ((9, 7), OPP), ((6, 9), OWN), ((10, 7), OPP),
                  ((11, 7), OWN), ((6, 7), OPP)]
        pos = BoardPosition(moves=[(Move(p), who) for p, who in stones])
        assert e.board(pos, timeout=60).move.to_tuple() == (8, 7)
        # Commands the brain does not know (Yixin's) get the protocol's answer, and play goes on.
        e.send_raw("YXNBEST 3")
        assert e.receive_raw(timeout=30).startswith("UNKNOWN")
        taken = {p for p, _ in stones} | {(8, 7), (5, 7)}
        nxt = e.turn((5, 7), timeout=60).move.to_tuple()
        assert nxt not in taken and 0 <= min(nxt) and max(nxt) < 15
        # INFO RULE as this client sends it: black's double open three at (9, 7) wins in
        # freestyle and is forbidden in Renju (4).
        stones = [((7, 7), OWN), ((8, 7), OWN), ((9, 8), OWN), ((9, 9), OWN),
                  ((0, 0), OPP), ((14, 0), OPP), ((0, 14), OPP), ((14, 14), OPP)]
        pos = BoardPosition(moves=[(Move(p), who) for p, who in stones])
        for rule in (0, 4):
            assert e.start(15)
            e.set_rule(rule)
            assert (e.board(pos, timeout=60).move.to_tuple() == (9, 7)) == (rule == 0)
    finally:
        e.quit()
