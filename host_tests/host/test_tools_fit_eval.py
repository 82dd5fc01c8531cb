# tools/fit_eval.py fits the evaluation's pattern values to arena game results.
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import fit_eval  # noqa: E402

# Black (A) builds a five on row 8 while white plays on the edges, at least 7 lines apart.
GAME = ("game 0 A=black A wins (five): h8 a1 d4 n1 l4 a15 d12 n15 l12 a8 i8 n8 j8 h1 g8 h15 "
        "k8")


def test_newton_recovers_the_weights_of_a_logistic_model():
    rng = random.Random(5)
    true = [0.8, -0.5, 0.3]
    rows = []
    for _ in range(3000):
        x = [rng.uniform(-2, 2), rng.uniform(-2, 2), 1.0]
        p = 1 / (1 + fit_eval.math.exp(-sum(w * v for w, v in zip(true, x))))
        rows.append((x, 1.0 if rng.random() < p else 0.0))
    w, ll = fit_eval.fit(rows)
    assert all(abs(a - b) < 0.12 for a, b in zip(w, true)), w
    assert 0.3 < ll < 0.7


def test_quiet_positions_only_each_game_once_and_scored_for_the_mover():
    seen = set()
    rows = list(fit_eval.positions([GAME, GAME.replace("game 0", "game 1")], seen))
    assert len(seen) == 1
    # Positions from the 6th stone on, not among the last 3 moves (14 .. 16), while nobody has
    # an open three: j8 (the 13th stone) makes h8 i8 j8 one, so the 6th to the 12th.
    assert len(rows) == 7
    for i, (own, opp, rest, y, late) in enumerate(rows):
        assert not late  # fewer stones than ai.patterns.LATE_STONES
        black_to_move = rest[1]
        assert black_to_move == (1.0 if i % 2 == 0 else -1.0)  # from the 6th stone: black's turn
        assert rest[2] == black_to_move  # A is black
        assert y == (1.0 if black_to_move > 0 else 0.0)  # black won
        assert len(own) == len(opp) == len(fit_eval.CODES)
    # The 11th stone is i8 (h8 i8: an open two for black): white, to move, counts black's points
    # that make an open three (g8 and j8 at least, f8 and k8 too) and none of its own.
    three = list(fit_eval.CODES).index(fit_eval.P.THREE)
    assert rows[5][1][three] >= 2 and rows[5][0][three] == 0
    assert rows[4][1][three] == 0  # before i8


def test_a_phase_fits_its_own_positions(capsys):
    # Stones 3 apart (no three, no five): a drawn game of 24 stones, all its positions quiet.
    grid = ["abcdefghijklmno"[x] + str(y) for y in (2, 5, 8, 11, 14) for x in (1, 4, 7, 10, 13)]
    game = "game 0 A=black draw (full): " + " ".join(grid[:24])
    rows = list(fit_eval.positions([game], set()))
    late = fit_eval.P.LATE_STONES
    assert [r[4] for r in rows] == [i >= late for i in range(6, 21)]  # not the last 3 moves
    assert all(r[3] == 0.5 for r in rows)


def test_other_rules_and_empty_logs_are_refused(tmp_path, capsys):
    p = tmp_path / "g.txt"
    p.write_text(GAME + "\nours:hard vs window, renju, 15x15, seed 1\n")
    assert fit_eval.main([str(p)]) == 2
    assert "freestyle" in capsys.readouterr().out
    p.write_text(GAME + "\n")
    assert fit_eval.main([str(p)]) == 1  # too few positions
    assert fit_eval.main([]) == 2
    assert fit_eval.main(["--phase", "middle", str(p)]) == 2
    assert fit_eval.main(["--phase", "late", str(p)]) == 1  # none of its positions is late
    assert fit_eval.main([str(tmp_path / "missing.txt")]) == 2
    assert "cannot read" in capsys.readouterr().out
