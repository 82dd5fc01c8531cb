# The arena (tools/arena.py) plays whole games between baselines and against a Gomocup brain.
import os
import shlex
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
# A brain's command line as a person writes it, paths quoted: a checkout (and its .venv's
# Python) under a folder with a space in its name split into two words
PY = shlex.quote(sys.executable)

import arena  # noqa: E402
from ai.engine import HARD, MOVE_MS  # noqa: E402
from gomoku import rules  # noqa: E402
from gomoku.board import BLACK, WHITE, Board  # noqa: E402


def replay(moves, size=15):
    b = Board(size)
    for m in moves.split():
        i = b.parse(m)
        b.check_empty(i)
        b.put(i, b.to_move())
    return b


def test_two_games_between_baselines():
    results = arena.match("greedy", "table", 2, seed=4)
    assert [r[0] for r in results] == [0, 1]
    assert results[0][1] == BLACK and results[1][1] != BLACK  # colours swap within the pair
    for g, a_colour, winner, reason, moves in results:
        b = replay(moves)
        opening = arena.OPENINGS[g // 2]
        c = 7
        assert b.hist[:3] == [b.idx(c + dx, c + dy) for dx, dy in opening]
        if reason == "five":
            last = b.hist[-1]
            assert rules.win_line(b, last, rules.FREESTYLE)
            assert winner == b.cells[last]
        else:
            assert reason == "full board" and winner == 0 and b.full()
    assert results == arena.match("greedy", "table", 2, seed=4)  # deterministic
    text = arena.summary("greedy", "table", results)
    assert "score greedy" in text and "(2 games" in text


def test_summary_counts_replayed_lines():
    # Two openings that differ only in a far stone: games 0 and 2 play the same moves after it
    # with A black, one lost line counted twice. Game 1 plays those moves too, but with A white:
    # another line (and A's win).
    ops = [((0, 0), (0, -1), (7, 7)), ((0, 0), (0, -1), (-7, 7))]
    results = [(0, BLACK, WHITE, "five", "h8 h7 n15 i9 j10"),
               (1, WHITE, WHITE, "five", "h8 h7 n15 i9 j10"),
               (2, BLACK, WHITE, "five", "h8 h7 a15 i9 j10"),
               (3, WHITE, 0, "full board", "h8 h7 a15 g9 f10")]
    text = arena.summary("greedy", "table", results, ops)
    assert text.splitlines()[2].startswith("score greedy 1.5 - 2.5 table")
    assert text.splitlines()[3] == ("distinct lines (moves after the opening, mirror images as"
                                    " one) 3 of 4 games; A lost 2 games in 1 lines, B 1 in 1")
    assert "distinct" not in arena.summary("greedy", "table", results)
    # The fixed set's mirrored openings (0,-1),(2,-2) and (0,-1),(-2,-2): a game and its mirror
    # image are one line, as are two games of one opening; another reply is another line.
    ops = [((0, 0), (0, -1), (2, -2)), ((0, 0), (0, -1), (-2, -2))]
    b = Board(15)

    def game(*offsets, mirror=1):
        return " ".join(b.name(b.idx(7 + mirror * x, 7 + y)) for x, y in offsets)

    line = ((0, 0), (0, -1), (2, -2), (1, 1), (3, -3))
    results = [(0, BLACK, BLACK, "five", game(*line)),
               (2, BLACK, BLACK, "five", game(*line, mirror=-1)),
               (3, WHITE, BLACK, "five", game(*line, mirror=-1)),
               (1, WHITE, WHITE, "five", game(*line[:4], (4, -4)))]
    assert arena.repeats(results, ops) == (3, 1, 2)


def test_a_brain_gets_a_time_and_its_bad_bytes_are_a_bad_answer(tmp_path):
    # It was told timeout_turn 0 ("as fast as you can") without --time-ms; bytes that are not
    # UTF-8 killed the reader and the game waited 60 s for "no answer".
    brain = tmp_path / "brain.py"
    log = tmp_path / "log"
    brain.write_text("import sys\n"
                     "for line in sys.stdin:\n"
                     "    open(%r, 'a').write(line)\n"
                     "    if line.startswith('START'): print('OK', flush=True)\n"
                     "    if line.startswith('DONE'):\n"
                     "        sys.stdout.buffer.write(b'\\xff\\xfe7,7\\n'); sys.stdout.flush()\n"
                     % str(log))
    b = arena.Brain("%s %s" % (PY, shlex.quote(str(brain))))
    b.new_game(15, rules.FREESTYLE)
    board = Board(15)
    t = time.monotonic()
    with pytest.raises(arena.BrainError) as e:
        b.move(board)
    b.close()
    assert time.monotonic() - t < 10 and "answered" in str(e.value)
    assert "INFO timeout_turn %d\n" % arena.BRAIN_MS in log.read_text()


def test_cli_runs_and_reports():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "arena.py"), "window",
                        "greedy", "--games", "2", "--rule", "renju", "--seed", "2"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert lines[0].startswith("window vs greedy, renju")
    assert lines[1].startswith("A window") and lines[2].startswith("B greedy")
    a_pts, b_pts = lines[3].split()[2], lines[3].split()[4]
    assert float(a_pts) + float(b_pts) == 2.0


def test_bad_move_loses():
    class Occupier:
        name = "occupier"

        def new_game(self, size, rule):
            pass

        def move(self, board):
            return board.hist[0]

    winner, reason, _ = arena.play_game(Occupier(), arena.make_player("greedy"), 15,
                                        rules.FREESTYLE, arena.OPENINGS[0])
    assert winner == 2 and reason.startswith("bad move")


def test_gomocup_brain_over_the_protocol():
    cmd = "cmd:%s %s --level easy" % (PY, shlex.quote(os.path.join(ROOT, "tools", "pbrain.py")))
    results = arena.match(cmd, "greedy", 2, seed=1)
    for g, a_colour, winner, reason, moves in results:
        assert not reason.startswith("bad move"), reason
        b = replay(moves)
        assert winner == 0 or rules.win_line(b, b.hist[-1], rules.FREESTYLE)


def test_a_brain_that_exits_mid_game_loses_that_game():
    # It answers START and then exits at its first move: the game is lost with the reason, and
    # the match goes on to the next.
    script = "import sys; print('OK', flush=True); [sys.exit(0) for l in sys.stdin if 'DONE' in l]"
    results = arena.match("cmd:%s -c \"%s\"" % (PY, script), "greedy", 2, seed=1)
    assert len(results) == 2
    for g, a_colour, winner, reason, moves in results:
        assert winner == 3 - a_colour
        assert reason == "bad move: the brain exited (code 0)"


def test_wide_openings():
    ops = arena.wide_openings()
    assert len(ops) == 52 and len(set(ops)) == 52
    for first, white, black2 in ops:
        assert first == (0, 0) and white in ((0, -1), (1, -1))
        assert black2 not in (first, white) and max(abs(black2[0]), abs(black2[1])) <= 3
    # No opening is the mirror image of another (across the line through both first stones),
    # and every fixed opening is there, itself or mirrored.
    mirror = {(0, -1): lambda x, y: (-x, y), (1, -1): lambda x, y: (-y, -x)}
    for _, white, (x, y) in ops:
        m = mirror[white](x, y)
        assert m == (x, y) or ((0, 0), white, m) not in ops
    for first, white, (x, y) in arena.OPENINGS:
        assert (first, white, (x, y)) in ops or (first, white, mirror[white](x, y)) in ops
    # The broadest set reaches the edge of a 15x15 board from its centre, and no further.
    assert len(arena.wide_openings(7)) == 236
    for bad in (["--openings", "wide", "--reach", "8"], ["--reach", "3"]):
        with pytest.raises(SystemExit):
            arena.main(["greedy", "table", "--games", "2"] + bad)
    results = arena.match("greedy", "table", 2, seed=1, openings=ops[-1:])
    b = replay(results[0][4])
    assert b.hist[:3] == [b.idx(7 + dx, 7 + dy) for dx, dy in ops[-1]]


def test_reach_picks_the_openings(capsys):
    # Game 0 opens with the first opening of the set asked for: black's second stone one line
    # from the first with --reach 1, three lines with the default.
    for reach, third in (("1", "g9"), ("3", "e11")):
        arena.main(["greedy", "table", "--games", "1", "-v", "--openings", "wide",
                    "--reach", reach])
        moves = capsys.readouterr().out.split("\n")[0].split(": ")[1].split()
        assert moves[:3] == ["h8", "h9", third]


def _four_to_make(b):
    # Is there a run of five cells holding three stones of one colour and two empty ones (a
    # four one move away)? Counted by hand, not by the engine's patterns.
    n = b.size
    for y in range(n):
        for x in range(n):
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if not (0 <= x + 4 * dx < n and 0 <= y + 4 * dy < n):
                    continue
                run = [b.cells[b.idx(x + k * dx, y + k * dy)] for k in range(5)]
                if run.count(0) == 2 and (run.count(1) == 3 or run.count(2) == 3):
                    return True
    return False


def test_random_openings():
    ops = arena.random_openings(60, seed=3)
    assert len(ops) == 60 and ops == arena.random_openings(60, seed=3)
    assert ops != arena.random_openings(60, seed=4)
    assert len({arena._canon(o) for o in ops}) == 60  # no position twice, mirrored or turned
    for o in ops:
        assert len(o) == 5 and o[0] == (0, 0) and len(set(o)) == 5
        assert all(max(abs(x), abs(y)) <= 3 for x, y in o)
        assert not _four_to_make(arena.open_board(15, o))
    assert _four_to_make(arena.open_board(15, ((0, 0), (5, 5), (1, 0), (5, 6), (2, 0))))
    # _canon: the same stones in another order or another symmetry are one opening.
    o = ((0, 0), (0, -1), (1, 2), (2, 2), (-1, 1))
    assert arena._canon(o) == arena._canon(((0, 0), (2, 2), (-1, 1), (0, -1), (1, 2)))
    assert arena._canon(o) == arena._canon(tuple((-y, x) for x, y in o))
    assert arena._canon(o) != arena._canon(((0, 0), (0, -1), (1, 2), (-1, 1), (2, 2)))


def test_random_openings_from_the_command_line(capsys):
    # One opening for each pair of games, drawn from --seed; under Renju black's stones leave
    # it no forbidden point.
    arena.main(["greedy", "table", "--games", "3", "-v", "--openings", "random", "--seed", "5"])
    out = capsys.readouterr().out.split("\n")
    ops = arena.random_openings(2, 5)
    for g in range(3):
        moves = out[g].split(": ")[1].split()
        b = replay(" ".join(moves[:5]))
        assert b.hist == [b.idx(7 + dx, 7 + dy) for dx, dy in ops[g // 2]]
    for o in arena.random_openings(20, 1, rule=rules.RENJU):
        b = arena.open_board(15, o)
        assert not any(rules.is_forbidden(b, i) for i in b.points() if b.cells[i] == 0)


def test_against_an_earlier_run(tmp_path, capsys):
    # The same match again is no change; a game the earlier run lost counts as one A now does
    # better in (a whole point), one it drew as half a point either way. Another match's games
    # (other openings, too few games) or a log without games are refused before any game.
    run = ["greedy", "table", "--games", "4", "--openings", "random", "--seed", "3"]
    arena.main(run + ["-v"])
    out = capsys.readouterr().out
    log = tmp_path / "then.txt"
    log.write_text(out)
    arena.main(run + ["--against", str(log)])
    last = capsys.readouterr().out.strip().split("\n")[-1]
    assert last.startswith("against %s: A better in 0, worse in 0 games; net +0.0 points,"
                           " spread 0.0" % log)
    lines = out.split("\n")
    won = next(i for i, line in enumerate(lines) if " A wins " in line)
    lines[won] = lines[won].replace(" A wins ", " B wins ")
    other = next(i for i, line in enumerate(lines) if i != won and " A=" in line)
    lines[other] = lines[other].replace(arena.GAME.match(lines[other]).group(3), "draw")
    ops = arena.random_openings(2, 3)
    then = arena.earlier_run(lines, 4, ops)
    results = arena.match("greedy", "table", 4, seed=3, openings=ops)
    g, a_colour, winner = results[other][:3]
    d = (1 if winner == a_colour else 0.5 if winner == 0 else 0) - 0.5  # now, then a draw
    assert arena.compare(results, then) == (1 + (d > 0), int(d < 0), 1 + d, (1 + d * d) ** 0.5)
    with pytest.raises(ValueError, match="no game 3"):
        arena.earlier_run(lines[:3], 4, ops)
    with pytest.raises(ValueError, match="game 0 is not the earlier run's"):
        arena.earlier_run(lines, 4)  # the fixed openings
    lines[1] = lines[1].replace("A=white", "A=black")
    with pytest.raises(ValueError, match="game 1 is not the earlier run's"):
        arena.earlier_run(lines, 4, ops)
    empty = tmp_path / "empty.txt"
    empty.write_text("greedy vs table, freestyle, 15x15, seed 3, 0.1 s\n")
    for bad, says in ((log, "game 0 is not"), (empty, "no game 0")):
        with pytest.raises(SystemExit):
            arena.main(["greedy", "table", "--games", "4", "--against", str(bad)])
        err = capsys.readouterr()
        assert says in err.err and not err.out  # refused before a game is played


def test_window_vct_plays_the_forced_wins_window_misses():
    import tactics

    vcf = [e for e in tactics.load() if e.cat.startswith("vcf") and e.rule == "freestyle"]
    missed = 0
    for e in vcf:
        sharp = arena.make_player("window+vct")
        window = arena.make_player("window")
        for p in (sharp, window):
            p.new_game(15, rules.FREESTYLE)
        b = e.board()
        # the first moves of a win by fours (the suite's answers also hold quiet winning moves)
        fours = tactics.Solver(rules.FREESTYLE).first_moves(b, b.to_move(), int(e.cat[3:]) // 2)
        assert fours and sharp.move(b.copy()) in fours, e.line()
        missed += window.move(b.copy()) not in fours
    assert missed  # window alone plays another move in some of them (2 of the 14)
    # With nothing forced on the board it is window, move for move.
    b = replay("h8 h9 i10")
    sharp, window = arena.make_player("window+vct", seed=3), arena.make_player("window", seed=3)
    for p in (sharp, window):
        p.new_game(15, rules.FREESTYLE)
    assert sharp.move(b.copy()) == window.move(b.copy())


def test_window_plain_does_not_look_past_its_horizon():
    # Black's open three g9-h8-i7, white to move. Window's look one ply past its 3 plies sees
    # the open four the three becomes and blocks (j6); without it (window-plain) the 3-ply tree
    # ends before black's five and white builds its own three f8-g7-h6 instead.
    b = replay("h8 g7 i7 h6 g9")
    for seed in (1, 2):
        moves = []
        for spec in ("window", "window-plain"):
            p = arena.make_player(spec, seed)
            p.new_game(15, rules.FREESTYLE)
            moves.append(b.name(p.move(b.copy())))
        assert moves == ["j6", "f8"]
    assert arena.make_player("window-plain").name == "window-plain"
    assert arena.make_player("window").horizon  # the plain one is a copy, not the class


def test_help_names_every_player_the_arena_makes(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "500")  # argparse wraps at hyphens too ("window-" "plain")
    with pytest.raises(SystemExit):
        arena.main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    for spec in ("ours:easy", "ours:medium", "ours:hard", "greedy", "table", "window",
                 "window+vct", "window-plain"):
        assert spec in text
        arena.make_player(spec)  # and each is one it makes
    assert "cmd:COMMAND" in text


def test_node_clock_caps_hard_as_a_board_would():
    # --node-ms: ours' clock counts the nodes its searches make, under the app's cap for hard
    # (ai.engine.MOVE_MS, 4.8 s). At 10 ms a node the cap is 480 nodes: moves that search over
    # 2,000 without it stop there (the clock is read every 32 nodes and between stages, so a
    # little past it), each move's deadline counted from its own start.
    cap = MOVE_MS[HARD] // 10
    b = replay("h8 h9 i10 g7 i8")
    free = arena.make_player("ours:hard")
    free.new_game(15, rules.FREESTYLE)
    free.move(b.copy())
    assert free.engine.stats.nodes > 2000
    capped = arena.make_player("ours:hard", node_ms=10)
    capped.new_game(15, rules.FREESTYLE)
    e = capped.engine
    for reply in ("k8", "l9"):
        q = capped.move(b.copy())
        assert b.cells[q] == 0
        assert cap <= e.live.nodes <= cap + 256
        b.put(q, b.to_move())
        b.put(b.parse(reply), b.to_move())
    assert e.done >= cap  # the first move's nodes, counted before the second's deadline


@pytest.mark.parametrize("argv, said", [
    (["easy", "table"], "unknown player 'easy': one of ours:easy"),
    (["ours:expert", "table"], "unknown level 'expert': one of easy, medium, hard"),
    (["greedy", "table", "--size", "21"], "boards have at most 20 lines"),
    (["greedy", "table", "--games", "0"], "--games and --jobs must be at least 1"),
    (["greedy", "table", "--jobs", "0"], "--games and --jobs must be at least 1"),
    (["ours:hard", "table", "--node-ms", "0"], "--node-ms must be above 0"),
    (["ours:hard", "table", "--node-ms", "1.29", "--time-ms", "500"], "not with --time-ms"),
    (["cmd:", "table"], "error: cmd: needs the brain's command line"),
    (["cmd:/nonexistent/brain", "table"],
     "cmd:/nonexistent/brain: cannot run /nonexistent/brain: No such file"),
    (["table", "cmd:%s -c 'import sys; sys.exit(3)'" % PY], "exited (code 3)"),
    (["cmd:%s -c 'input(); print(\"ERROR no such size\")'" % PY, "table"],
     "START 15 answered 'ERROR no such size'"),
])
def test_bad_arguments_get_a_usage_error_before_any_game(argv, said, capsys):
    # Exit code 2 and one line naming what is wrong, not a traceback from a worker.
    with pytest.raises(SystemExit) as e:
        arena.main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
