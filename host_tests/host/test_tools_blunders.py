# tools/blunders.py finds where engine A lost a game of tools/arena.py --verbose output.
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import blunders  # noqa: E402

# White (A) lets black's open three h8-i8-j8 become an open four; only g8 or k8 held.
LOST = "game 0 A=white B wins (five): h8 a1 i8 a2 j8 a3 k8 g8 l8"
HEADER = "ours:hard vs window, freestyle, 15x15, seed 1, 1.0 s"


def run(tmp_path, capsys, lines, *args):
    p = tmp_path / "games.txt"
    p.write_text("\n".join(lines) + "\n")
    blunders.main([str(p), "--nodes", "3000"] + list(args))
    return capsys.readouterr().out.splitlines()


def test_finds_the_move_that_ignored_an_open_three(tmp_path, capsys):
    out = run(tmp_path, capsys, [LOST, HEADER])
    assert len(out) == 1
    head, holding = out[0].split("; holding: ")
    assert head == "game 0 A=white (five): ply 5 a3 loses"
    assert sorted(holding.split()) == ["g8", "k8"]


def test_games_a_did_not_lose_are_skipped(tmp_path, capsys):
    won = LOST.replace("A=white B wins", "A=black A wins")
    drawn = LOST.replace("B wins (five)", "draw (full board)")
    # ...and it says so (it printed nothing, as if it had not run)
    assert run(tmp_path, capsys, [won, drawn, HEADER]) == [
        "A lost none of the 2 games: nothing to look for"]


def test_a_file_without_games_is_refused(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        run(tmp_path, capsys, [HEADER])
    assert "no game lines" in str(e.value)


def test_bad_input_is_refused_clearly(tmp_path, capsys):
    bad = [LOST.replace("a3", "h8"), LOST.replace("game 0", "game 2").replace("a3", "z99")]
    out = run(tmp_path, capsys, bad + [LOST.replace("game 0", "game 4"), HEADER])
    assert out[0].startswith("game 0 A=white (five): skipped, its moves do not replay")
    assert out[1].startswith("game 2 A=white (five): skipped, its moves do not replay")
    assert out[2].startswith("game 4 A=white (five): ply 5 a3 loses")  # the others still run
    forbidden = LOST.replace("game 0 A=white", "game 6 A=black")
    forbidden = forbidden.replace("(five)", "(forbidden j8)")
    assert run(tmp_path, capsys, [forbidden, HEADER]) == [
        "game 6 A=black (forbidden j8): lost by its own move, not to a five: skipped"]
    for opt in ("--plies", "--nodes", "--top"):
        with pytest.raises(SystemExit) as e:
            run(tmp_path, capsys, [LOST], opt, "0")
        assert e.value.code == 2 and "at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        blunders.main([str(tmp_path / "missing.txt")])
    assert e.value.code == 2
    assert "missing.txt" in capsys.readouterr().err


def test_check_tells_the_nodes_the_final_check_needs(tmp_path, capsys):
    out = run(tmp_path, capsys, [LOST, HEADER], "--check")
    # After a3 black's open three h8-i8-j8 can become an open four: the check's VCF reads that
    # from the position's counts and searches no node.
    assert len(out) == 2
    head, tail = out[0].split("; the check refutes it in ")
    assert head.startswith("game 0 A=white (five): ply 5 a3 loses; holding: ")
    n = int(tail.split()[0])
    assert n == 0
    budget = blunders.engine._PARAMS[blunders.engine.HARD][9]
    assert out[1] == ("the check refutes 1 of 1 losing moves within its %d nodes, 1 within 3000"
                      % budget)


def test_check_nodes_is_the_search_cut_at_its_budget():
    # From an arena game (random openings, seed 1): hard, white, played g8 at ply 11, and black
    # wins by threats; the check's searches need hundreds of nodes to show it.
    moves = "h8 i8 g6 g7 f9 i7 f7 h5 f8 f6 e8 g8".split()
    b = blunders.Board(15)
    for j, n in enumerate(moves):
        b.put(b.parse(n), blunders.BLACK if j % 2 == 0 else blunders.WHITE)
    n = blunders.check_nodes(b, blunders.BLACK, 0, 20000)
    assert n is not None and n > 100
    # As in the engine, a search stops when its count reaches the limit.
    assert blunders.check_nodes(b, blunders.BLACK, 0, n + 1) == n
    assert blunders.check_nodes(b, blunders.BLACK, 0, n) is None
    # White, were it to move, wins too, but its threes lie apart: the check's searches find
    # that only past the 2,000 nodes it has for a move (about 10,000 with threes anywhere).
    assert blunders.check_nodes(b, blunders.WHITE, 0, 2000) is None


def test_a_brain_with_spaces_in_its_name_keeps_the_match_size(tmp_path, capsys):
    # arena.py names a Gomocup brain by its command line: the header still gives the size
    lost = LOST.replace("a1", "n16")  # a point of 19x19 only
    header = 'cmd:pbrain-x --level easy vs window, freestyle, 19x19, seed 1, 1.0 s'
    out = run(tmp_path, capsys, [lost, header])
    assert out[0].startswith("game 0 A=white (five): ply 5 a3 loses")
