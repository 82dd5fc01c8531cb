# tools/play.py, the terminal game on the core: draw offers answered by the AI or the other
# person, what the AI did in words, help and usage, the end of a game, Ctrl-C and Ctrl-D.
import io
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PLAY = os.path.join(ROOT, "tools", "play.py")
sys.path.insert(0, os.path.join(ROOT, "tools"))

import play  # noqa: E402
from gomoku import game as G  # noqa: E402
from gomoku import rules  # noqa: E402


def run(monkeypatch, capsys, lines, *args):
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(x + "\n" for x in lines)))
    rc = play.main(list(args))
    return rc, capsys.readouterr().out


def said(out):
    """The lines that are not the board."""
    return [x for x in out.splitlines() if not re.match(r"^(> )?( ?\d+ | {3} a )", x)]


def test_the_ai_answers_a_draw_offer_at_once(monkeypatch, capsys):
    # The offer used to wait, and the person's own "accept" agreed the draw for the AI.
    rc, out = run(monkeypatch, capsys, ["h8", "draw", "accept"], "--ai", "white", "--level",
                  "easy")
    assert rc == 0
    assert "AI (white) declines the draw" in out
    assert "Draw (agreed)" not in out
    assert "! no draw has been offered" in out


def test_pass_and_play_shows_the_offer_and_the_other_player_answers(monkeypatch, capsys):
    rc, out = run(monkeypatch, capsys, ["h8", "draw", "i9", "accept"])
    lines = said(out)
    assert any("player 2 (white) offers a draw: player 1 (black), accept or decline?" in x
               for x in lines)
    assert any("player 1 (black): accept or decline the draw offer first" in x for x in lines)
    assert any("Draw (agreed)." in x for x in lines)  # (it read "Draw (draw agreed)")
    # People are counted from 1 (the game's index was shown: "player 0").
    assert "Move 1: player 1 (black) to move   [P1 0s  P2 0s]" in lines
    assert not any("player 0" in x or "P0 " in x for x in lines)


def test_the_ai_names_its_moves_and_opening_choices(monkeypatch, capsys):
    rc, out = run(monkeypatch, capsys, ["h8"], "--ai", "white", "--level", "easy")
    assert re.search(r"^AI \(white\) plays [a-o]\d+$", out, re.M)
    rc, out = run(monkeypatch, capsys, ["h8", "i7", "i9"], "--ai", "white", "--opening", "pro",
                  "--level", "easy")
    assert re.search(r"^AI (swaps: you are white|keeps: you are black)$", out, re.M)


def test_help_usage_and_point_names(monkeypatch, capsys):
    rc, out = run(monkeypatch, capsys, ["help", "?", "propose h9", "i9", "jump"])
    assert "help or ? lists the commands" in out.splitlines()[0]
    assert out.count("propose P Q     pro opening") == 2
    assert "! usage: propose P Q" in out
    # i is a column, as Renju names points (it was skipped, as on Go boards, and refused):
    # i9 is black's stone, one right of h, in a row of 9 and under the columns a to o
    assert "i included" in out and "! no column i" not in out
    assert " 9  .  .  .  .  .  .  .  . (X) .  .  .  .  .  . " in out.splitlines()
    assert "    a  b  c  d  e  f  g  h  i  j  k  l  m  n  o " in out.splitlines()
    assert "! unknown command 'jump'" in out
    r = subprocess.run([sys.executable, PLAY, "--help"], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0 and "accept, decline" in r.stdout and "undo, redo" in r.stdout


def test_after_the_game_it_says_so_and_what_is_left(monkeypatch, capsys):
    five = ["h8", "a1", "i8", "a3", "j8", "a5", "k8", "a7", "l8", "hint", "h9"]
    rc, out = run(monkeypatch, capsys, five)
    lines = said(out)
    assert any("Black wins (five in a row). Game over: undo takes back the last move" in x
               for x in lines)
    assert sum("! the game is over: undo takes back the last move" in x for x in lines) == 2
    assert not any(x.startswith("hint:") or "> hint:" in x for x in lines)


def test_a_renju_foul_is_named_and_the_marks_have_a_legend():
    g = G.Game(15, rules.RENJU, G.OPEN_FREE, (0, 0))
    b = g.board
    for p in ("h8", "a1", "g8", "a3", "i10", "a5", "i9", "a7"):
        g.play(b.parse(p))
    marks = set(rules.forbidden_points(b))
    assert b.parse("i8") in marks
    assert "f: forbidden to black" in play.render(g, marks)
    assert "f: forbidden" not in play.render(g)
    g.play(b.parse("i8"))
    assert g.over() and g.reason == G.R_FORBIDDEN
    assert play.status(g).startswith("White wins (double three foul at i8). Game over")


def test_ctrl_c_and_ctrl_d_leave_cleanly(monkeypatch, capsys):
    def interrupted(prompt=""):
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    assert play.main([]) == 130
    assert capsys.readouterr().out.endswith("\n")
    monkeypatch.undo()
    rc, out = run(monkeypatch, capsys, [])
    assert rc == 0 and out.endswith("> \n")  # the shell's prompt starts a line of its own


def test_ctrl_c_at_the_prompt_has_no_traceback():
    import select
    import signal

    # (SIGINT at its default: a suite started with `cmd &` from a script runs with it ignored,
    # which children inherit, and Ctrl-C's signal would never reach the program under test)
    p = subprocess.Popen([sys.executable, PLAY], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        got = b""
        while not got.endswith(b"> "):  # input() flushes its prompt: at the prompt now
            # (a bounded wait: a program that never prompts failed CI only at its time limit)
            assert select.select([p.stdout], [], [], 60)[0], "no prompt in 60 s: %r" % got
            chunk = os.read(p.stdout.fileno(), 4096)
            assert chunk, got
            got += chunk
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 130 and b"Traceback" not in err


def test_help_says_what_each_option_takes(capsys):
    # --help gave the options' names and choices alone: no board sizes, no word on --seed
    with pytest.raises(SystemExit):
        play.parser().parse_args(["--help"])
    # argparse wraps the options' help to the terminal (COLUMNS): under 70 columns "same seed"
    # was cut over two lines
    out = " ".join(capsys.readouterr().out.split())
    for words in ("5 to 20", "exactly five", "pass-and-play", "same seed"):
        assert words in out


def test_words_after_a_command_are_refused_not_dropped(monkeypatch, capsys):
    # "h8 i9" played h8 and dropped i9 without a word.
    rc, out = run(monkeypatch, capsys, ["h8 i9", "undo now", "i9"])
    lines = said(out)
    assert "> ! h8 takes nothing after it: one command a line" in lines
    assert "> ! undo takes nothing after it: one command a line" in lines
    assert "Move 2: player 2 (white) to move   [P1 0s  P2 0s]" in lines  # after i9 alone
    assert not any(x.startswith("Move 3") for x in lines)
