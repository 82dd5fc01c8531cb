# The simulator's terminal fallback: truecolor half-block frames sized to the terminal, only
# changed rows re-sent, keys parsed from raw terminal input, and a real run on a pseudo-terminal.
import os
import re
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "sim"))

import simcore  # noqa: E402
import simterm  # noqa: E402

ROW = re.compile(r"\x1b\[(\d+);1H((?:\x1b\[[0-9;]*m|\u2580)*)")


def painted_rows(text):
    """{terminal row: number of half blocks} for every picture row in the output."""
    rows = {}
    for m in ROW.finditer(text):
        n = m.group(2).count("\u2580")
        if n:
            rows[int(m.group(1))] = n
    return rows


def _sim(tmp_path, name="pico_lcd_13"):
    sim = simcore.Sim(name, str(tmp_path / name), simcore.VirtualClock())
    for _ in range(3):
        sim.pass_()
    return sim


def test_frame_fits_the_terminal_in_truecolor_half_blocks(tmp_path):
    sim = _sim(tmp_path)
    out = []
    view = simterm.TermView(sim, out.append, lambda: (80, 24))
    view.render()
    text = "".join(out)
    assert "\x1b[38;2;" in text and "\x1b[48;2;" in text
    # 23 text rows for the picture (one for the footer) = 46 pixel rows; 240x240 stays square
    assert painted_rows(text) == {r: 46 for r in range(1, 24)}
    assert "\x1b[24;1H" in text and "q quit" in text

    out = []
    big = simterm.TermView(sim, out.append, lambda: (300, 200))  # room for every pixel
    big.render()
    assert painted_rows("".join(out)) == {r: 240 for r in range(1, 121)}

    wide = _sim(tmp_path, "ttgo_tdisplay")  # 240x135: odd pixel rows get a black last half
    out = []
    simterm.TermView(wide, out.append, lambda: (240, 100)).render()
    assert painted_rows("".join(out)) == {r: 240 for r in range(1, 69)}


def test_colours_are_the_panel_pixels(tmp_path):
    sim = _sim(tmp_path)
    out = []
    simterm.TermView(sim, out.append, lambda: (300, 200)).render()
    row1 = ROW.search("".join(out)).group(2)
    first = re.match(r"\x1b\[38;2;(\d+);(\d+);(\d+);48;2;(\d+);(\d+);(\d+)m", row1)
    vals = tuple(int(v) for v in first.groups())
    assert vals == sim.panel.pixel(0, 0) + sim.panel.pixel(0, 1)


def test_only_changed_rows_are_sent_again(tmp_path):
    sim = _sim(tmp_path)
    out = []
    view = simterm.TermView(sim, out.append, lambda: (300, 200))
    assert view.render() == 120
    assert view.render() == 0
    sim.tap_action("down")  # the menu highlight moves one row
    for _ in range(10):
        sim.pass_()
    n = view.render()
    assert 0 < n < 40
    changed = painted_rows(out[-1])
    assert len(changed) == n


def test_parse_keys():
    P = simterm.parse_keys
    assert P("\x1b[A\x1b[B\x1b[C\x1b[D") == [("action", "up"), ("action", "down"),
                                                 ("action", "right"), ("action", "left")]
    assert P("\r \x1bOA") == [("action", "place"), ("action", "place"), ("action", "up")]
    assert P("\x1b") == [("action", "back")]
    assert P("\x7fm\t") == [("action", "back"), ("action", "menu"), ("action", "menu")]
    assert P("aB\x1b[15~q") == [("key", "a", False), ("key", "b", True), ("quit",)]


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_runs_on_a_pseudo_terminal(tmp_path):
    import fcntl
    import struct
    import termios

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    p = subprocess.Popen([sys.executable, os.path.join(ROOT, "tools", "sim.py"), "--board",
                          "pico_lcd_13", "--data", str(tmp_path / "d")],
                         stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    got = b""

    def read_for(sec):
        nonlocal got
        import select

        end = time.time() + sec
        while time.time() < end:
            if select.select([master], [], [], 0.05)[0]:
                try:
                    got += os.read(master, 65536)
                except OSError:
                    return

    try:
        read_for(1.5)  # no display, a terminal: the terminal front end starts by itself
        first = got.decode("utf-8", "replace")
        assert "\x1b[38;2;" in first
        # 39 text rows for the picture -> 78 pixel rows of the 240 (square panel)
        assert painted_rows(first) == {r: 78 for r in range(1, 40)}
        got = b""
        os.write(master, b"\x1b[B")  # arrow down: the menu highlight moves
        read_for(0.6)
        moved = painted_rows(got.decode("utf-8", "replace"))
        assert 0 < len(moved) < 39
        os.write(master, b"q")
        assert p.wait(timeout=10) == 0
    finally:
        if p.poll() is None:
            p.kill()
        os.close(master)
