# The Gomocup brain (tools/pbrain.py) answers scripted protocol sessions, under CPython and the VM.
import os
import random
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BRAIN = os.path.join(ROOT, "tools", "pbrain.py")


def session(script, level="easy", vm=False, timeout=120):
    if vm:
        cmd = ["node", os.path.join(ROOT, "tools", "mp_run.mjs"), BRAIN, "--level", level]
    else:
        cmd = [sys.executable, BRAIN, "--level", level]
    data = script if isinstance(script, bytes) else script.encode()
    r = subprocess.run(cmd, input=data, capture_output=True, timeout=timeout, cwd=ROOT)
    assert r.returncode == 0, r.stderr.decode()
    return [s for s in r.stdout.decode().replace("\r", "\n").split("\n") if s.strip()]


def xy(line):
    x, y = line.split(",")
    return int(x), int(y)


# Black (the brain, 6 stones each side) can play 4,7 for six in a row; white threatens 14,10.
OVERLINE = ["0,7,1", "1,7,1", "2,7,1", "3,7,1", "5,7,1", "9,10,1",
            "10,10,2", "11,10,2", "12,10,2", "13,10,2", "0,14,2", "14,0,2"]


def board_cmd(rows):
    return "BOARD\r\n" + "".join(r + "\r\n" for r in rows) + "DONE\r\n"


def test_protocol_session_cpython():
    script = ("ABOUT\r\n"
              "TURN 7,7\r\n"  # before START
              "START 15\r\n"
              "INFO timeout_turn 2000\r\n"
              "INFO max_memory 0\r"  # CR-only line end
              "INFO folder /tmp\n"  # LF-only, ignored key with a text value
              "INFO some_new_key 5\r\n"
              "BEGIN\r\n"
              "TURN 8,8\r\n"
              "TURN 8,8\r\n"  # occupied
              "TURN 15,0\r\n"  # off the board
              "TURN 3;4\r\n"
              "INFO timeout_turn soon\r\n"
              "FROBNICATE 1\r\n"
              "TAKEBACK 8,8\r\n"
              "TAKEBACK 0,0\r\n"
              "TURN 8,8\r\n"  # legal again after the takeback
              "START 99\r\n"
              "BOARD\r\n1,1,1\r\n1,1,2\r\nDONE\r\n"  # the same point twice
              "BOARD\r\n2,x,1\r\nDONE\r\n"
              "END\r\n"
              "ABOUT\r\n")  # after END: no answer
    out = session(script)
    assert out[0].startswith('name="')
    assert out[1].startswith("ERROR")
    assert out[2] == "OK"
    first = xy(out[3])
    second = xy(out[4])
    assert first != second and second != (8, 8)
    assert out[5].startswith("ERROR") and "not empty" in out[5]
    assert out[6].startswith("ERROR") and "off the" in out[6]
    assert out[7].startswith("ERROR")
    assert out[8] == "MESSAGE INFO timeout_turn needs a whole number: ignored"
    assert out[9] == "UNKNOWN FROBNICATE 1"
    assert out[10] == "OK"
    assert out[11].startswith("ERROR")
    third = xy(out[12])
    assert third not in (first, (8, 8))
    assert out[13].startswith("ERROR") and "size" in out[13]
    assert out[14].startswith("ERROR") and "twice" in out[14]
    assert out[15].startswith("ERROR")
    assert len(out) == 16


@pytest.mark.parametrize("rule,answers", [(0, {(4, 7)}), (1, {(14, 10)}), (4, {(14, 10)}),
                                          (5, {(14, 10)}), (2, {(14, 10)}), (3, {(14, 10)})])
def test_rule_bitmask(rule, answers):
    # Freestyle: six wins, so 4,7 at once. Exactly five (1) and Renju (4): six is no win (and a
    # forbidden overline for black in Renju), so black must block white's four at 14,10.
    # 2 alone is Yixin-Board's Renju (as Rapfi reads it), and says so.
    out = session("START 15\r\nINFO rule %d\r\n" % rule + board_cmd(OVERLINE) + "END\r\n",
                  level="medium")
    said = [s for s in out if s.startswith("MESSAGE")]
    out = [s for s in out if not s.startswith("MESSAGE")]
    assert out[0] == "OK"
    assert xy(out[1]) in answers
    assert said == (["MESSAGE rule 2 is played as renju (Yixin-Board's code for it)"]
                    if rule == 2 else [])


def test_stones_of_nobody_block_lines_for_that_game_only():
    # BOARD's field 3 (a stone of nobody, e.g. a continuous game's old five) at 7,6 blocks the
    # column: the brain's four 7,7-7,10 wins at 7,11 only, and the opponent's must be blocked
    # there. After RESTART the point is free again: 7,6 wins at once.
    four = ["7,7,%d", "0,0,%d", "7,8,%d", "0,2,%d", "7,9,%d", "0,4,%d", "7,10,%d", "0,6,%d"]
    for me, size in ((1, 15), (2, 15), (1, 20)):
        rows = [r % (me if k % 2 == 0 else 3 - me) for k, r in enumerate(four)]
        if me == 2:
            rows.append("14,14,1")
        out = session("START %d\r\n" % size + board_cmd(rows + ["7,6,3"])
                      + "RESTART\r\n" + board_cmd(rows[:7] + ["7,11,2"]) + "END\r\n")
        assert out == ["OK", "7,11", "OK", "7,6"], (me, size)


def test_time_left_counts_without_timeout_match(monkeypatch):
    # "The manager is required to send info time_left if the time is limited": with 100 ms
    # left the engine gets a share of it (100 // 25 = 4 ms, raised to the 20 ms floor), not
    # timeout_turn's 5,000, whether or not timeout_match came too. On the brain's clock: the
    # process timed by the wall (answer under 100 ms) took 22 ms idle and up to 80 ms on a
    # loaded 2-core machine, where a brain that ignores time_left took 150.
    rows = ["7,7,1", "8,8,2", "9,7,1", "8,7,2", "8,6,1", "6,8,2", "9,8,1", "9,6,2", "10,5,1",
            "7,5,2", "10,7,1", "11,6,2", "10,6,1", "10,4,2", "8,10,1", "10,9,2", "11,9,1",
            "12,10,2", "9,10,1", "7,10,2"]
    for match in ("", "INFO timeout_match 100000\r\n"):
        chunks = [(0, "START 15\r\nINFO timeout_turn 5000\r\n" + match
                   + "INFO time_left 100\r\n"), (10, board_cmd(rows))]
        assert timed_moves(monkeypatch, chunks) == [20], match


def timed_moves(monkeypatch, chunks, started=0, vm=False, reads_at=0):
    """The engine's time for each move when the brain (in this process, with a fake clock that
    reads `reads_at` when the brain first reads) gets `chunks`, (ms, text) pairs: the text
    arrives when the clock reads ms, or with ms None was there already (sent with what came
    before). INFO rule takes 50 ms (the VM rebuilds the engine). `started` is the clock's
    reading when the process started, `vm` says whether it runs under the VM."""
    import importlib.util

    from ai import engine

    spec = importlib.util.spec_from_file_location("pbrain_timed", BRAIN)
    pb = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pb)
    now = [reads_at]

    def read_chunks():
        for ms, text in chunks:
            if ms is not None:
                now[0] = ms
            yield text

    given = []

    def think(self, board):
        given.append(self.time_ms)
        return None  # the brain falls back to a point near the centre

    set_rule = pb.Brain.set_rule

    def slow_rule(self, v):
        now[0] += 50
        return set_rule(self, v)

    monkeypatch.setattr(pb, "clock", lambda: now[0])
    monkeypatch.setattr(pb, "read_chunks", read_chunks)
    monkeypatch.setattr(pb, "STARTED", started, raising=False)
    monkeypatch.setattr(pb, "VM", vm, raising=False)
    monkeypatch.setattr(pb.Brain, "set_rule", slow_rule)
    monkeypatch.setattr(engine.Engine, "think", think)
    assert pb.main(["--level", "easy"]) == 0
    return given


@pytest.mark.parametrize("vm,margin", [(False, 60), (True, 150)])
def test_a_move_counts_from_the_first_line_after_the_last_answer(monkeypatch, vm, margin):
    # "The time for a turn includes processing all commands except START, RECTSTART and
    # RESTART": a manager sends the INFOs right before the move, INFO rule (50 ms here)
    # included, so the move's time runs from the first of them. INFO's MESSAGE (rule 2) is
    # no answer; a line the brain waited for (the second move's, 4 s after the first answer)
    # starts a count of its own.
    chunks = [(1000, "START 15\r\nINFO rule 2\r\n"),
              (5000, "INFO timeout_turn 1000\r\nINFO rule 4\r\n"), (None, "BEGIN\r\n"),
              (9000, "INFO time_left 2147483647\r\n"), (None, "TURN 7,8\r\n")]
    assert timed_moves(monkeypatch, chunks, vm=vm) == [1000 - margin - 50, 1000 - margin]


def test_a_move_after_the_opponents_thinking_counts_from_its_arrival(monkeypatch):
    # Piskvork, the brain white: the game's INFOs follow START's OK, then nothing until black
    # has played (4.5 s here). Counted from the INFOs, the brain had 440 ms of 5,000 left.
    chunks = [(0, "START 15\r\n"), (10, "INFO timeout_turn 5000\r\nINFO rule 0\r\n"),
              (4510, "INFO time_left 2147483647\r\nTURN 7,7\r\n")]
    assert timed_moves(monkeypatch, chunks) == [5000 - 60]


def test_the_first_move_sent_with_start_counts_from_the_process_start(monkeypatch):
    # GomocupJudge writes START, the INFOs and the move at once after spawning the brain, and
    # counts the move from the spawn ("time for a match is measured from creating a
    # process"): lines that came before START's answer do not restart the count. The VM's
    # start-up (0.4-0.6 s) is 400 ms here (the brain reads first at 1000, the process
    # started at 600), and INFO rule 50 ms.
    chunks = [(None, "START 15\r\nINFO timeout_turn 1000\r\nINFO rule 4\r\nBEGIN\r\n"),
              (7000, "TURN 7,8\r\n")]
    assert timed_moves(monkeypatch, chunks, started=600, vm=True,
                       reads_at=1000) == [1000 - 150 - 450, 850]


def test_a_block_before_start_gets_one_error():
    # BOARD or SWAP2BOARD with no game (no START yet, or only a START of a size not played)
    # is one command: one ERROR after its DONE. Its stone lines and DONE are not commands
    # (they were answered UNKNOWN each, four answers where the manager waits for one).
    out = session("START 30\r\nBOARD\r\n7,7,1\r\n8,8,2\r\nDONE\r\n"
                  "SWAP2BOARD\r\n7,7\r\n8,8\r\n9,6\r\nDONE\r\nSTART 15\r\nBEGIN\r\nEND\r\n")
    none = "ERROR no game: send START first"
    assert out == ["ERROR unsupported size 30 (5..20)", none, none, "OK", "7,7"]


def test_end_inside_a_board_block_ends_the_brain():
    out = session("START 15\r\nBOARD\r\n7,7,1\r\nEND\r\nABOUT\r\n")
    assert out == ["OK"]  # nothing after END, not "ERROR input ended before DONE"


def test_the_launcher_takes_vm_in_any_place(tmp_path):
    # --vm runs the brain under node (a stand-in node here says it was run); an unknown
    # argument is refused, not ignored.
    import shutil

    fake = tmp_path / "node"
    fake.write_text('#!/bin/sh\necho "node $*"\n')
    fake.chmod(0o755)
    env = dict(os.environ, PATH="%s:%s" % (tmp_path, os.environ["PATH"]))
    launcher = os.path.join(ROOT, "tools", "pbrain-gomoku")
    for args in (["--vm", "--level", "easy"], ["--level", "easy", "--vm"]):
        r = subprocess.run(["sh", launcher] + args, capture_output=True, env=env, text=True)
        assert r.stdout.startswith("node ") and r.stdout.split()[-2:] == ["--level", "easy"]
    assert shutil.which("python3")
    for args in (["--levle", "easy"], ["--level"], ["--level", "easy", "x"]):
        r = subprocess.run(["sh", launcher] + args, input="START 15\n", capture_output=True,
                           text=True)
        assert r.returncode == 2 and r.stdout.startswith("ERROR usage: "), args
    # --help is a person's question, not a protocol error
    r = subprocess.run(["sh", launcher, "--help"], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.startswith("usage: pbrain.py [--level "), r.stdout


def test_caro_gets_a_message_and_the_nearest_rule():
    # Gomocup's rule 8 (caro) is not played: the brain says so and plays on under the other
    # bits (9: exactly five), so the overline is no win for it.
    out = session("START 15\r\nINFO rule 9\r\n" + board_cmd(OVERLINE) + "END\r\n",
                  level="medium")
    assert out[0] == "OK"
    assert out[1] == "MESSAGE caro (rule 8) is not supported: playing standard"
    assert xy(out[2]) == (14, 10)


def test_takeback_then_board_and_win():
    # After a takeback the brain plays on from the shorter position; BOARD with a four of its own
    # (white here: one stone fewer than the opponent) gets the winning point.
    rows = ["5,5,2", "6,5,2", "7,5,2", "9,9,2", "5,6,1", "6,6,1", "7,6,1", "8,6,1", "0,0,2"]
    out = session("START 15\r\n" + board_cmd(rows) + "TAKEBACK 4,6\r\nTAKEBACK 9,6\r\nEND\r\n",
                  level="easy")
    assert out[0] == "OK"
    assert xy(out[1]) in ((4, 6), (9, 6))
    assert out[2] == "OK"
    assert out[3].startswith("ERROR")


def test_gomocup_freestyle_board_of_20():
    # Gomocup's freestyle tournaments play on 20x20: the brain takes the size and, on the far
    # edge (x and y 19, where a 19x19 board would end one line earlier), blocks white's four.
    rows = ["15,19,2", "16,19,2", "17,19,2", "18,19,2", "14,19,1", "10,10,1", "11,12,1", "9,5,1"]
    out = session("START 21\r\nSTART 20\r\nINFO rule 0\r\n" + board_cmd(rows) + "TURN 0,0\r\n"
                  "TURN 19,18\r\nEND\r\n", level="hard")
    assert out[0].startswith("ERROR") and "size" in out[0]
    assert out[1] == "OK"
    assert xy(out[2]) == (19, 19)
    x, y = xy(out[3])
    assert 0 <= x < 20 and 0 <= y < 20 and (x, y) not in ((0, 0), (19, 19))
    assert len(out) == 5  # the last TURN is answered too: 19,18 is on the board


def test_rectstart_is_start_for_square_boards_only():
    # The protocol's RECTSTART w,h: a square one is START w; any other shape gets the ERROR the
    # protocol asks for, and the game set up before stays.
    out = session("RECTSTART 9,9\r\nRECTSTART 20,15\r\nRECTSTART 20\r\nRECTSTART 30,30\r\n"
                  "BEGIN\r\nEND\r\n")
    assert out[0] == "OK"
    assert all(s.startswith("ERROR") for s in out[1:4])
    assert "square" in out[1] and "size" in out[3]
    assert xy(out[4]) == (4, 4)  # the centre of the 9x9 board
    assert len(out) == 5


def test_swap2board_takes_stones_with_or_without_whose():
    # Managers send SWAP2BOARD's stones as x,y in placing order (AlphaGomoku and KataGo's
    # Gomocup builds read them so); x,y,who is taken too and answered the same. Answers: three
    # stones for an empty board; SWAP, one move or two for three stones; SWAP or one move for
    # five; each on free points of the board. The wrong count or a bad line is an ERROR.
    three = ["7,7", "8,8", "9,6"]
    five = three + ["8,6", "6,8"]
    block = "".join("SWAP2BOARD\r\n" + "".join(r + "\r\n" for r in rows) + "DONE\r\n"
                    for rows in ([], three, [r + ",1" for r in three], five,
                                 ["7,7", "8,8"], ["7,7", "7,7", "8,8"], ["7,7,4"]))
    out = session("START 15\r\n" + block + "END\r\n", level="medium")
    assert out[0] == "OK"
    opening = [xy(m) for m in out[1].split()]
    assert len(set(opening)) == 3 and all(0 <= v < 15 for p in opening for v in p)
    taken3 = {xy(r) for r in three}
    for answer, taken, most in ((out[2], taken3, 2), (out[4], {xy(r) for r in five}, 1)):
        if answer != "SWAP":
            moves = [xy(m) for m in answer.split()]
            assert 1 <= len(moves) <= most and len(set(moves)) == len(moves)
            assert not set(moves) & taken and all(0 <= v < 15 for p in moves for v in p)
    assert out[3] == out[2]  # with whose stones they are, the same answer
    assert out[5].startswith("ERROR") and "0, 3 or 5" in out[5]
    assert out[6].startswith("ERROR") and "twice" in out[6]
    assert out[7].startswith("ERROR") and "7,7,4" in out[7]
    assert len(out) == 8


# Every form of answer a manager may read: a move (or SWAP2's three or five stones), OK, the
# ABOUT line, an error, an unknown command echoed, or SWAP.
ANSWER = re.compile(r'^(\d+,\d+( \d+,\d+)*|OK|SWAP|name=".*|ERROR .+|UNKNOWN .*|MESSAGE .+)$')


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_lines_leave_the_brain_playing(seed):
    # A manager, a user at a terminal or a broken pipe can send anything in any order: commands
    # out of place, bad numbers, half a BOARD block, control bytes. The brain answers each in
    # the protocol's forms, never dies, and plays a legal move once a game is set up again.
    rng = random.Random(seed)
    words = ["START 15", "START 20", "START 0", "START x", "RESTART", "BEGIN", "BOARD", "DONE",
             "SWAP2BOARD", "TAKEBACK", "TAKEBACK 7,7", "INFO rule 4", "INFO rule x", "INFO",
             "INFO timeout_turn 50", "INFO time_left -1", "ABOUT", "TURN 7", "TURN a,b",
             "7,7,1", "8,8,2", "9,9,3", "1,1", "", "turn 3,3", "PLAY 3,3"]
    lines = []
    for _ in range(250):
        r = rng.random()
        if r < 0.1:  # control bytes but no line ends (which would split the line)
            lines.append("".join(chr(c) for c in rng.choices(range(32, 127), k=rng.randrange(9))
                                 + [rng.choice((0, 1, 9, 27, 127))]))
        elif r < 0.35:
            lines.append("TURN %d,%d" % (rng.randrange(-2, 22), rng.randrange(-2, 22)))
        else:
            lines.append(rng.choice(words))
    out = session("\r\n".join(lines) + "\r\nDONE\r\nSTART 15\r\nBEGIN\r\nEND\r\n")
    bad = [s for s in out if not ANSWER.match(s)]
    assert not bad
    assert sum(s.startswith("ERROR") for s in out) > 20  # the bad lines were read, not skipped
    assert out[-2] == "OK"
    assert xy(out[-1]) == (7, 7)  # BEGIN on an empty board: the centre


def test_a_character_split_between_reads_stays_whole():
    # os.read() may end in the middle of a UTF-8 character: it is decoded with the rest of its
    # line, not on its own.
    p = subprocess.Popen([sys.executable, BRAIN, "--level", "easy"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    try:
        p.stdin.write(b"START 15\r\nTURN 7,\xc3")
        p.stdin.flush()
        assert p.stdout.readline() == b"OK\n"  # the brain has read the first piece
        p.stdin.write(b"\xa97\r\nEND\r\n")
        out, err = p.communicate(timeout=60)
    finally:
        p.kill()
    assert p.returncode == 0, err.decode()
    assert out.decode("utf-8") == "ERROR expected x,y but got '7,\u00e97'\n"


def vm_available():
    if not os.path.isdir(os.path.join(ROOT, "tools", "node_modules")):
        return "tools/node_modules is absent (npm ci --prefix tools)"
    if not os.path.exists(os.path.join(ROOT, "tools", "mp_run.mjs")):
        return "tools/mp_run.mjs is absent"
    return None


@pytest.mark.parametrize("vm", [False, pytest.param(True, marks=pytest.mark.skipif(
    vm_available() is not None, reason=str(vm_available())))])
def test_bytes_that_are_not_utf8_get_an_answer(vm):
    # A line of bytes that are not UTF-8 is a bad command like any other (under CPython it
    # ended the brain with a UnicodeDecodeError), and the lines around it are read as sent.
    # (The VM's stdin shim decodes them as U+FFFD.)
    out = session(b"START 15\r\n\xff\xfe\r\nTURN 7,\xff7\r\nBEGIN\r\nEND\r\n", vm=vm)
    bad = "\ufffd" if vm else "?"
    assert out[:3] == ["OK", "UNKNOWN " + bad * 2, "ERROR expected x,y but got '7,%s7'" % bad]
    assert xy(out[3]) == (7, 7)


@pytest.mark.skipif(vm_available() is not None, reason=str(vm_available()))
def test_a_long_garbage_line_costs_the_vm_its_length():
    # The VM frees no garbage while the brain runs: a line built a character at a time
    # (MicroPython copies a string at every +=) cost its length squared over 2 in heap, here
    # 450 MB and seconds for 30,000 characters (70,000 got no answer in 200 s). Joined once,
    # it costs about its length.
    cmd = ["node", os.path.join(ROOT, "tools", "mp_run.mjs"), "--mem", BRAIN, "--level", "easy"]
    script = "START 15\r\nTURN 7," + "x" * 30000 + "\r\nBEGIN\r\nEND\r\n"
    r = subprocess.run(cmd, input=script.encode(), capture_output=True, timeout=120, cwd=ROOT)
    assert r.returncode == 0, r.stderr.decode()
    out = r.stdout.decode().split("\n")
    assert out[0] == "OK" and out[1].startswith("ERROR expected x,y") and out[2] == "7,7"
    grew = int(re.search(r"allocated by the run (\d+) bytes", r.stderr.decode()).group(1))
    assert grew < 20 * 1000 * 1000, grew


@pytest.mark.skipif(vm_available() is not None, reason=str(vm_available()))
def test_protocol_session_micropython():
    script = ("START 15\r\nINFO rule 4\r\nABOUT\r\nBEGIN\r\nTURN 7,8\r\nTURN 7,8\r\n"
              "BLAH\r\nTAKEBACK 7,8\r\n" + board_cmd(OVERLINE)
              + "SWAP2BOARD\r\n7,7\r\n8,8\r\n9,6\r\nDONE\r\nEND\r\n")
    out = session(script, level="easy", vm=True, timeout=300)
    assert out[0] == "OK"
    assert out[1].startswith('name="')
    assert xy(out[2]) == (7, 7)
    assert xy(out[3]) not in ((7, 7), (7, 8))
    assert out[4].startswith("ERROR")
    assert out[5] == "UNKNOWN BLAH"
    assert out[6] == "OK"
    assert xy(out[7]) == (14, 10)
    assert out[8] == "SWAP" or all(xy(m) not in ((7, 7), (8, 8), (9, 6)) for m in out[8].split())
    assert len(out) == 9


@pytest.mark.parametrize("vm", [False, pytest.param(True, marks=pytest.mark.skipif(
    vm_available() is not None, reason=str(vm_available())))])
def test_a_c_gomoku_cli_match(vm):
    # c-gomoku-cli (src/engine.cpp, src/game.cpp) asks ABOUT first, starts every game with
    # START and its INFOs on the same process (no RESTART or END between games), and without
    # a match clock sends INFO time_left INT64_MAX / 2 before every turn.
    huge = "INFO time_left 4611686018427387903\r\n"
    script = ("ABOUT\r\nSTART 15\r\nINFO rule 0\r\nINFO timeout_turn 5000\r\n" + huge
              + "TURN 7,7\r\n" + huge + "TURN 0,0\r\n"
              + "START 15\r\nINFO rule 0\r\nINFO timeout_turn 5000\r\n" + huge + "BEGIN\r\n"
              + huge + "TURN 0,0\r\nEND\r\n")
    out = session(script, level="hard", vm=vm, timeout=300)
    assert out[0].startswith('name="') and out[1] == "OK"
    a, b = xy(out[2]), xy(out[3])
    assert len({a, b, (7, 7), (0, 0)}) == 4
    assert out[4] == "OK" and xy(out[5]) == (7, 7)  # a new game: the centre again
    assert xy(out[6]) not in ((7, 7), (0, 0)) and len(out) == 7


@pytest.mark.parametrize("vm", [False, pytest.param(True, marks=pytest.mark.skipif(
    vm_available() is not None, reason=str(vm_available())))])
def test_numbers_are_ascii_digits_on_both_interpreters(vm):
    # CPython's int() read Arabic-Indic digits and "1_5" as numbers where the VM said ERROR:
    # the same brain answered a manager differently on the two.
    out = session("START \u0661\u0665\r\nSTART 1_5\r\nSTART 15\r\nTURN \u0667,7\r\n"
                  "INFO timeout_turn 1_000\r\nBOARD\r\n7,\u0667,1\r\nDONE\r\nTURN 7,7\r\nEND\r\n",
                  vm=vm)
    assert out[0].startswith("ERROR") and out[1].startswith("ERROR"), out
    assert out[2] == "OK"
    assert out[3].startswith("ERROR expected x,y"), out
    assert out[4] == "MESSAGE INFO timeout_turn needs a whole number: ignored"
    assert out[5].startswith("ERROR bad stone line"), out
    assert xy(out[6]) != (7, 7)
