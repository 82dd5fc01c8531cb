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
    try:
        # no display, a terminal: the terminal front end starts by itself
        first = _until_shown(master).decode("utf-8", "replace")
        assert "\x1b[38;2;" in first
        # 39 text rows for the picture -> 78 pixel rows of the 240 (square panel)
        assert painted_rows(first) == {r: 78 for r in range(1, 40)}
        os.write(master, b"\x1b[B")  # arrow down: the menu highlight moves
        moved = painted_rows(_until_shown(master).decode("utf-8", "replace"))
        assert 0 < len(moved) < 39
        os.write(master, b"q")
        assert p.wait(timeout=10) == 0
        # the frames went to the alternate screen, and quitting left it (the last frame
        # stayed on the terminal, over what was there before)
        assert first.index("\x1b[?1049h") < first.index("\x1b[38;2;")
        assert _drain(master, 0.5).decode("utf-8", "replace").endswith("\x1b[?1049l")
    finally:
        if p.poll() is None:
            p.kill()
        os.close(master)


def test_a_scaled_down_picture_says_so_and_what_size_shows_it_whole(tmp_path):
    # Below 240x121 the board was a blur and nothing said why.
    sim = _sim(tmp_path)
    out = []
    simterm.TermView(sim, out.append, lambda: (100, 60)).render()
    assert "shown at 1/2.4: enlarge the terminal or zoom out to 240x121" in "".join(out)
    out = []
    simterm.TermView(sim, out.append, lambda: (240, 121)).render()
    assert "shown at" not in "".join(out)
    assert simterm.needed(240, 135) == (240, 69)  # the TTGO's odd rows: one more text row


def test_the_footer_names_only_the_arrows_the_kit_has(tmp_path):
    # A TTGO has a right key (and down as its long press), no up or left.
    foot = simterm.footer(_sim(tmp_path, "ttgo_tdisplay"), 300)
    assert "Down/Right move" in foot and "arrows" not in foot
    assert "arrows move" in simterm.footer(_sim(tmp_path), 300)


def test_keys_of_one_read_are_tapped_in_their_order(tmp_path):
    # Down then Enter in one read: each pin had a tap queue of its own, both pins went down in
    # the same pass, and the app saw Enter (pin 3) first.
    import machine

    sim = _sim(tmp_path)
    term = simterm.Terminal(sim)
    assert term.handle("\x1b[B\r\x1b[B")
    down, place = sim.action_pin("down")[0], sim.action_pin("place")[0]
    seen = []
    for _ in range(60):
        sim.pass_()
        now = tuple(p for p in (down, place) if machine.level(p) == 0)
        if now and (not seen or seen[-1] != now):
            seen.append(now)
    assert seen == [(down,), (place,), (down,)]
    assert not sim.pins.busy()


def test_key_repeat_is_capped_per_key_without_dropping_other_keys(tmp_path):
    sim = _sim(tmp_path)
    down, place = sim.action_pin("down")[0], sim.action_pin("place")[0]
    for _ in range(10):
        sim.pins.tap(down)
    sim.pins.tap(place)
    assert [p for p, _ in sim.pins.taps] == [down] * 3 + [place]


def _held(tmp_path, name, seq, delay=500, every=40, until=2000):
    """The firmware's button events (ms from the first press, action, kind) when the terminal
    sends `seq` as a held key does: once, then again from `delay` every `every` ms to `until`."""
    from hw.buttons import PRESS, REPEAT, LONG

    sim = simcore.Sim(name, str(tmp_path / name), simcore.VirtualClock(drift=0))
    term = simterm.Terminal(sim)
    events = []
    emit = sim.hw.buttons._emit
    kinds = {PRESS: "press", REPEAT: "repeat", LONG: "long"}

    def seen(action, kind):
        if kind in kinds:
            events.append((sim.clock.t - t0, action, kinds[kind]))
        emit(action, kind)

    sim.hw.buttons._emit = seen
    for _ in range(5):
        sim.pass_()
    t0 = sim.clock.t
    times = [0] + list(range(delay, until, every))
    while sim.clock.t - t0 < until + 3000:
        now = sim.clock.t - t0
        n = sum(1 for t in times if t <= now)
        term.handle(seq * n)
        times = times[n:]
        sim.pass_()
    return events


def test_a_key_held_in_the_terminal_is_held_on_the_kit(tmp_path):
    # A terminal sends a held key again and again and never its release. Each of those was a
    # tap of its own, three of them queued: the cursor ran on after the key was let go, a
    # long press alias (the Pico Display's left = long X) moved once every 0.67 s and two
    # seconds on, and the T-Display's held Down (its long GPIO35) turned the cursor's way at
    # each repeat instead of stepping on.
    ev = _held(tmp_path, "pico_lcd_13", "\x1b[B")  # d-pad: as the board, 0.4 s then 0.12 s
    assert {a for _, a, _ in ev} == {"down"}
    assert [k for _, _, k in ev[:3]] == ["press", "press", "repeat"]  # the repeat's delay
    assert all(100 <= b[0] - a[0] <= 140 for a, b in zip(ev[2:], ev[3:]))
    assert len(ev) >= 12 and ev[-1][0] <= 2000 + simterm.REPEAT_HOLD_MS + 40

    for name, seq, action in (("pico_display", "\x1b[D", "left"),
                              ("ttgo_tdisplay", "\x1b[B", "down")):
        for delay in (500, 660):  # common repeat delays: GNOME's, an X server's default
            ev = _held(tmp_path, name, seq, delay)
            assert [k for _, _, k in ev[:2]] == ["press", "repeat"], (name, delay, ev)
            assert {a for _, a, _ in ev} == {action}
            assert [k for _, _, k in ev].count("press") == 1  # held on: no second long press
            assert len(ev) >= 10 and ev[-1][0] <= 2000 + simterm.REPEAT_HOLD_MS + 40

    # A short press whose key does something else when held (X: up, long: left) is tapped
    # again at each repeat, never held into its long press, and stops soon after.
    ev = _held(tmp_path, "pico_display", "\x1b[A")
    assert {a for _, a, _ in ev} == {"up"} and len(ev) >= 10
    assert ev[-1][0] <= 2000 + 200


def test_the_same_key_twice_in_one_read_is_two_presses(tmp_path):
    # a paste, or keys typed while the loop was busy: not a held key
    sim = _sim(tmp_path)
    term = simterm.Terminal(sim)
    term.handle("\x1b[B\x1b[B\x1b[B")
    down = sim.action_pin("down")[0]
    assert [p for p, _ in sim.pins.taps] == [down] * 3


def _spawn(tmp_path, rows=40, cols=120, **kw):
    import fcntl
    import struct
    import termios

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    p = subprocess.Popen([sys.executable, os.path.join(ROOT, "tools", "sim.py"), "--term",
                          "--data", str(tmp_path / "d")],
                         stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
                         **kw)
    return p, master, slave


def _drain(master, sec):
    import select

    got = b""
    end = time.time() + sec
    while time.time() < end:
        if select.select([master], [], [], 0.05)[0]:
            try:
                got += os.read(master, 65536)
            except OSError:
                break
    return got


def _until_shown(master):
    """Read the simulator's output until its footer (the key list) is drawn, up to 30 s. A
    frame ends with its footer, so this is a whole frame however slowly it came (a fixed wait,
    1.5 s for the first, was 1.9-2.5 s short on a loaded 2-core machine)."""
    got = b""
    end = time.time() + 30
    while b"q quit" not in got and time.time() < end:
        got += _drain(master, 0.1)
    return got


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_a_key_typed_while_it_boots_is_kept(tmp_path):
    # tty.setcbreak's default TCSAFLUSH threw away what was typed before the first frame.
    p, master, slave = _spawn(tmp_path)
    try:
        os.write(master, b"q")  # long before the simulator has its terminal in cbreak mode
        _drain(master, 0.2)
        end = time.time() + 30
        while p.poll() is None and time.time() < end:
            _drain(master, 0.1)
        assert p.returncode == 0
    finally:
        if p.poll() is None:
            p.kill()
        os.close(master)
        os.close(slave)


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize("sig", ["SIGTERM", "SIGHUP"])
def test_a_kill_gives_the_terminal_back(tmp_path, sig):
    import signal
    import termios

    p, master, slave = _spawn(tmp_path)
    try:
        before = termios.tcgetattr(slave)
        _until_shown(master)
        assert termios.tcgetattr(slave)[3] & termios.ICANON == 0  # in cbreak mode now
        p.send_signal(getattr(signal, sig))
        p.wait(timeout=30)
        got = _drain(master, 0.3)
        assert termios.tcgetattr(slave)[3] == before[3]  # echo and line mode back
        assert b"\x1b[?25h" in got  # and the cursor
        assert p.returncode == 128 + getattr(signal, sig)
    finally:
        if p.poll() is None:
            p.kill()
        os.close(master)
        os.close(slave)


def _state(pid):
    with open("/proc/%d/stat" % pid) as f:
        return f.read().rsplit(")", 1)[1].split()[0]


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="reads /proc")
def test_ctrl_z_gives_the_terminal_back_and_fg_takes_it_again(tmp_path):
    # The default stop left the shell's prompt on the alternate screen with no cursor, and at
    # `fg` the terminal stayed in line mode (keys echoed, waited for Enter), nothing redrawn.
    import signal
    import termios

    # a process group of its own in this session, as a shell's job: not orphaned, so it stops
    p, master, slave = _spawn(tmp_path, preexec_fn=os.setpgrp)
    try:
        before = termios.tcgetattr(slave)
        _until_shown(master)
        p.send_signal(signal.SIGTSTP)
        end = time.time() + 30
        while _state(p.pid) != "T" and time.time() < end:
            time.sleep(0.05)
        assert _state(p.pid) == "T"
        got = _drain(master, 0.3).decode("utf-8", "replace")
        assert termios.tcgetattr(slave)[3] == before[3]  # line mode and echo for the shell
        assert got.endswith("\x1b[?25h\x1b[?1049l")  # the cursor, the shell's screen
        p.send_signal(signal.SIGCONT)
        got = _until_shown(master).decode("utf-8", "replace")
        assert termios.tcgetattr(slave)[3] & termios.ICANON == 0  # keys one by one again
        assert got.startswith("\x1b[?1049h") and "\x1b[2J" in got
        assert painted_rows(got) == {r: 78 for r in range(1, 40)}  # the whole picture
        os.write(master, b"q")
        assert p.wait(timeout=30) == 0
    finally:
        if p.poll() is None:
            p.kill()
        os.close(master)
        os.close(slave)
