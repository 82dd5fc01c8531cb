# Every kit boots to the main menu, laid out on its panel; the panel's sleep and wake.
import appfix
from appfix import close, rgb
from hw import kit
from app.app import App
from gomoku.board import WHITE


def test_every_kit_boots_to_the_main_menu():
    for name in kit.known():
        d = appfix.Driver(name)
        m = d.app.screen
        assert m.title == "GOMOKU", name
        t = d.app.theme
        w, h = d.screen.width, d.screen.height
        assert (w, h) == (d.hw.display.width, d.hw.display.height)
        # the selected first item is highlighted and its label readable
        y = m.head + (m.rh - 8) // 2
        assert close(d.pixel(m.x + 2, m.head + 1), rgb(t.sel_bg)), name
        assert appfix.shows_text(d.screen, m.x + 6, y, m.items[0].label, t.sel_fg), name
        # the title's letters are on screen in the accent colour
        assert any(close(d.pixel(x, 12), rgb(t.accent)) for x in range(w)), name
        # every layout of every board size fits the panel
        from app import layout

        for n in layout.sizes(w, h):
            L = layout.fit(w, h, n)
            assert L.cell >= 7 and L.bx + n * L.cell <= w and L.by + n * L.cell + L.lh <= h
        d.new_game("pnp")
        assert type(d.app.screen).__name__ == "Play"


def test_backlight_sleeps_and_the_waking_key_is_swallowed():
    d = appfix.Driver("pico_lcd_13")
    ms = d.app.opt("sleep")
    assert ms > 0
    pwm = d.hw.display._bl
    d.run(ms + 100, step=50)
    # the panel's own sleep mode too (a battery kit's controller stops its oscillator)
    assert d.app.asleep and pwm.duty_u16() == 0 and not d.screen.awake
    m = d.app.screen
    d.press("down")
    assert not d.app.asleep and pwm.duty_u16() > 0 and d.screen.awake
    assert m.sel == 0  # the waking press did nothing else
    d.press("down")
    assert m.sel == 1


def test_a_time_limited_game_keeps_the_screen_on_while_its_clock_runs():
    d = appfix.Driver("ttgo_tdisplay")
    ms = d.app.opt("sleep")
    d.new_game("pnp", limit="5 min")
    d.run(ms + 1000, step=50)
    assert not d.app.asleep
    g = d.app.game.s.game
    while not g.over():  # black's clock runs out, watched
        d.run(1000, step=100)
    assert g.winner == WHITE and not d.app.asleep
    d.run(ms + 1000, step=50)
    assert d.app.asleep  # a game that is over sleeps as before
    d = appfix.Driver("ttgo_tdisplay")
    d.new_game("pnp")  # no limit: nothing to lose by sleeping
    d.run(ms + 1000, step=50)
    assert d.app.asleep


def _deployed(tmp_path, monkeypatch, run, name="pico_lcd_13"):
    """Run firmware/main.py as a board does after tools/deploy.py (/kit.json beside it), with
    app.run replaced by `run`. Returns the kit profile and the virtual panel."""
    import json
    import os
    import runpy

    import hwfix
    import machine
    import vpanel
    from app import app as app_mod

    p = kit.load_profile(name)
    (tmp_path / "kit.json").write_text(json.dumps(p))
    monkeypatch.chdir(tmp_path)
    machine.reset_state()
    machine.set_port(p["mcu"])
    screen = vpanel.attach(p)
    monkeypatch.setattr(app_mod, "run", run)
    main = os.path.join(os.path.dirname(hwfix.__file__), "..", "..", "firmware", "main.py")
    return p, screen, lambda: runpy.run_path(main, run_name="__main__")


def test_main_py_boots_the_deployed_kit_and_drops_the_boot_code(tmp_path, monkeypatch):
    # firmware/main.py as a board runs it: /kit.json written by tools/deploy.py, then the app.
    import sys

    started = []

    class Started(BaseException):  # not an Exception: main.py's crash screen would catch it
        pass

    def run(hw, root="/"):
        started.append(hw)
        raise Started()

    _, screen, boot = _deployed(tmp_path, monkeypatch, run)
    try:
        boot()
    except Started:
        pass
    finally:
        dropped = "hw.kit" not in sys.modules
        import hw.kit  # noqa: F401  (back for the other tests)
    assert dropped  # boot-only code leaves RAM before the game starts
    hw = started[0]
    assert hw.name == "pico_lcd_13" and screen.bytes_sent > 0
    a = App(hw, str(tmp_path), lambda: 1000)
    assert a.screen.title == "GOMOKU"


def test_ctrl_c_leaves_the_buzzer_silent(tmp_path, monkeypatch):
    # Ctrl-C from a computer (a terminal, mpremote) stops the game at the REPL, where nothing
    # moves the tune on: a note sounding at that moment went on until the board was reset.
    import machine

    def run(hw, root="/"):
        hw.sound.play("win")
        hw.poll(0)
        assert machine.pwms[p["buzzer"]].tone() == 523
        raise KeyboardInterrupt()

    p, screen, boot = _deployed(tmp_path, monkeypatch, run, "m5stack_core")
    try:
        boot()
    except KeyboardInterrupt:
        pass
    else:
        assert False, "Ctrl-C did not reach the REPL"
    finally:
        import hw.kit  # noqa: F401  (main.py dropped it; back for the other tests)
    assert machine.pwms[p["buzzer"]].tone() == 0


def test_title_shows_a_black_and_a_white_stone_beside_the_name():
    d = appfix.Driver("pico_lcd_13")
    t = d.app.theme
    w = d.screen.width
    tx = (w - 16 * len("GOMOKU")) // 2
    assert close(d.pixel(tx - 16, 14), rgb(t.black))
    assert close(d.pixel(tx + 16 * 6 + 16, 14), rgb(t.white))
    assert close(d.pixel(tx - 24, 7), rgb(t.board))


def test_main_py_shows_a_crash_logs_it_and_restarts_on_a_key(tmp_path, monkeypatch):
    # An exception escaping the app (a bug, an exhausted heap) must not leave a frozen screen:
    # the panel says what happened, error.txt keeps the traceback, a key press resets the board.
    import time

    import machine

    pressed = []

    def run(hw, root="/"):
        raise MemoryError("memory allocation failed, allocating 4096 bytes")

    def sleep_ms(ms):  # the player reads the message for 0.7 s, then presses A
        time.sleep(ms / 1000)
        pressed.append(ms)
        if len(pressed) == 70:
            machine.press(next(int(k) for k, v in p["buttons"].items() if v == "place"))

    from app import crash

    monkeypatch.setattr(crash, "sleep_ms", sleep_ms)
    p, screen, boot = _deployed(tmp_path, monkeypatch, run)
    try:
        boot()
    except SystemExit as e:
        assert "reset" in str(e)
    else:
        assert False, "no reset"
    import hw.kit  # noqa: F401  (main.py dropped it; back for the other tests)

    assert len(pressed) >= 70  # it waited for the key
    log = (tmp_path / "error.txt").read_text()
    assert "MemoryError" in log and "allocating 4096" in log
    red = rgb(crash.rgb(120, 0, 0))
    assert close(screen.pixel(2, 2), red)
    assert any(close(screen.pixel(x, y), (255, 255, 255)) for x in range(screen.width)
               for y in range(screen.height // 2 - 40, screen.height // 2 + 40))  # letters


def test_a_crash_while_the_panel_sleeps_wakes_it_for_the_message(tmp_path, monkeypatch):
    import time

    import machine
    from app import crash

    d = appfix.Driver("pico_lcd_13")
    d.run(d.app.opt("sleep") + 100, step=50)
    assert not d.screen.awake
    waits = []

    def sleep_ms(ms):
        time.sleep(ms / 1000)
        waits.append(ms)
        if len(waits) == 70:
            machine.press(15)  # A

    monkeypatch.setattr(crash, "sleep_ms", sleep_ms)
    monkeypatch.chdir(tmp_path)  # error.txt
    try:
        crash.report(d.hw, MemoryError("x"))
    except SystemExit:
        pass
    assert d.screen.awake and close(d.screen.pixel(2, 2), rgb(crash.rgb(120, 0, 0)))


def test_a_deep_clock_read_on_a_pico_leaves_the_keys_for_the_next(monkeypatch):
    # The AI reads the clock every 32 nodes; the keys are sampled with it, except where a
    # Pico's C stack is already deep (app.app._SAMPLE_DEEP: the sampling's own calls left it
    # 200 bytes there). Elsewhere (ESP32, the host) every read samples.
    from app import app as app_mod

    d = appfix.Driver("pico_lcd_13")
    seen = []
    monkeypatch.setattr(d.hw, "sample", lambda now: seen.append(now))
    assert app_mod._SAMPLE_DEEP == 0  # the host
    d.app.clock()
    monkeypatch.setattr(app_mod, "_SAMPLE_DEEP", 5800)  # a Pico's
    for use in (5000, 5799, 5800, 7000):
        monkeypatch.setattr(app_mod, "stack_use", lambda u=use: u)
        d.app.clock()
    assert len(seen) == 3  # the host's read and the two shallow ones
