# The desktop simulator run headless (SDL dummy driver): scripted games leave PNGs that show the
# stones and the winning five where they were played; every kit boots to the menu.
import json
import os
import subprocess
import sys

import pytest

pygame = pytest.importorskip("pygame")

import appfix  # noqa: E402
from app import layout, theme  # noqa: E402
from gomoku.board import Board  # noqa: E402
from hw import kit  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIM = os.path.join(ROOT, "tools", "sim.py")
sys.path.insert(0, os.path.join(ROOT, "tools", "sim"))


def run_sim(*args, cwd=None):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    return subprocess.run([sys.executable, SIM] + list(args), capture_output=True, text=True,
                          env=env, cwd=cwd or ROOT, timeout=120)


def png_pixel(img, x, y):
    c = img.get_at((x, y))
    return (c.r, c.g, c.b)


def cell_points(kit_name, n, name):
    """(inside the stone, inside the cell clear of stone and grid) pixels of point `name`."""
    p = kit.load_profile(kit_name)
    L = layout.fit(p["width"], p["height"], n)
    b = Board(n)
    x, y = b.xy(b.parse(name))
    c = L.cell
    ox, oy = L.bx + x * c, L.by + y * c
    r = (c - 2) // 2
    stone = (ox + c // 2 - (2 * r) // 3, oy + c // 2 - 1)  # clear of the last-move marker
    corner = (ox + 1 + (c >= 10), oy + 1 + (c >= 10))
    return stone, corner


# Pass and play on the d-pad kit: menu "Pass and play", Start; black walks along row 8, white
# answers on row 9 until black's fifth stone.
PNP_DPAD = ("down place down*5 place "
            "place up place down right place up place down right shot:mid place up place "
            "down right place up place down right place wait:300")
BLACK = ("h8", "i8", "j8", "k8", "l8")
WHITE = ("h9", "i9", "j9", "k9")


def _key(kind, key, text=""):
    """Post a key event (pygame.KEYDOWN or KEYUP) as the window's loop receives it."""
    import pygame

    pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode=text, scancode=0))


def test_scripted_game_png_shows_stones_and_winning_five(tmp_path):
    out = tmp_path / "over.png"
    r = run_sim("--board", "pico_lcd_13", "--headless", "--data", str(tmp_path / "data"),
                "--shot-dir", str(tmp_path), "--script", PNP_DPAD, "--shot", str(out))
    assert r.returncode == 0, r.stderr
    th = theme.make(0)  # fresh data folder: default settings, wood theme
    black, white = appfix.rgb(th.black), appfix.rgb(th.white)
    win, wood = appfix.rgb(th.win), appfix.rgb(th.board)

    img = pygame.image.load(str(out))
    assert img.get_size() == (240, 240)
    for n in BLACK:
        stone, corner = cell_points("pico_lcd_13", 15, n)
        assert appfix.close(png_pixel(img, *stone), black), n
        assert appfix.close(png_pixel(img, *corner), win), n
    for n in WHITE:
        stone, corner = cell_points("pico_lcd_13", 15, n)
        assert appfix.close(png_pixel(img, *stone), white), n
        assert appfix.close(png_pixel(img, *corner), wood), n
    for n in ("g8", "m8", "h10", "h7"):  # around the line: empty wood, no highlight
        stone, corner = cell_points("pico_lcd_13", 15, n)
        assert appfix.close(png_pixel(img, *corner), wood), n
        assert not appfix.close(png_pixel(img, *stone), black), n

    # the mid-game shot (before black's 3rd stone): 2 black, 2 white, nothing highlighted
    mid = pygame.image.load(str(tmp_path / "mid.png"))
    for n in BLACK[:2] + WHITE[:2]:
        stone, corner = cell_points("pico_lcd_13", 15, n)
        assert appfix.close(png_pixel(mid, *stone), black if n in BLACK else white), n
        assert appfix.close(png_pixel(mid, *corner), wood), n
    for n in (BLACK[2], WHITE[2]):
        stone, _ = cell_points("pico_lcd_13", 15, n)
        assert not appfix.close(png_pixel(mid, *stone), black), n
        assert not appfix.close(png_pixel(mid, *stone), white), n


def test_two_key_kit_game_and_scaled_shot(tmp_path):
    # TTGO: two keys, few-keys scheme; long presses come from the alias actions in the script.
    # Menu: right -> Pass and play; new game items rule, opening, time, foul, start.
    script = "right place right*4 place " + " ".join(["down place"] * 1) + " wait:200"
    r = run_sim("--board", "ttgo_tdisplay", "--headless", "--data", str(tmp_path / "d"),
                "--script", script, "--shot", str(tmp_path / "t.png"), "--shot-scale", "3")
    assert r.returncode == 0, r.stderr
    img = pygame.image.load(str(tmp_path / "t.png"))
    assert img.get_size() == (720, 405)
    # the long press (down) switched to free mode and moved one point down from h8: h7 is black
    stone, _ = cell_points("ttgo_tdisplay", 15, "h7")
    th = theme.make(0)
    assert appfix.close(png_pixel(img, 3 * stone[0] + 1, 3 * stone[1] + 1), appfix.rgb(th.black))
    saved = json.load(open(tmp_path / "d" / "game.json"))
    assert saved["mode"] == "pnp"


@pytest.mark.parametrize("name", kit.known())
def test_every_kit_boots_headless_to_the_menu(name, tmp_path):
    out = tmp_path / "m.png"
    r = run_sim("--board", name, "--headless", "--data", str(tmp_path / "d"), "--shot", str(out))
    assert r.returncode == 0, r.stderr
    p = kit.load_profile(name)
    img = pygame.image.load(str(out))
    assert img.get_size() == (p["width"], p["height"])
    th = theme.make(0)
    colours = {png_pixel(img, x, y) for x in range(0, p["width"], 2)
               for y in range(0, p["height"], 2)}
    # menu background, the highlighted first row and the title colour are all on screen
    for c in (th.bg, th.sel_bg, th.accent):
        assert any(appfix.close(have, appfix.rgb(c), 8) for have in colours), (name, c)


def test_window_frame_matches_the_virtual_panel_and_keys_press_pins(tmp_path):
    # in-process: the window's fast RGB frame equals VirtualPanel.pixel() everywhere, a keyboard
    # key held through the window holds the pin, a click on a drawn key presses it.
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import machine
    import simcore
    import simwin

    for name in ("pico_lcd_13", "m5stack_core", "pico_ili9341"):
        sim = simcore.Sim(name, str(tmp_path / name), simcore.VirtualClock())
        for _ in range(5):
            sim.pass_()
        f = sim.frame()
        for y in range(sim.height):
            for x in range(sim.width):
                assert tuple(f[3 * (y * sim.width + x):3 * (y * sim.width + x) + 3]) == \
                    sim.panel.pixel(x, y), (name, x, y)

    sim = simcore.Sim("ttgo_tdisplay", str(tmp_path / "t"), simcore.VirtualClock())
    win = simwin.Window(sim, headless=True)
    try:
        # 2 = GPIO35 itself: held while the key is (the Right arrow taps it: see below)
        _key(pygame.KEYDOWN, pygame.K_2, "2")
        assert win.events()
        for _ in range(5):
            sim.pass_()
        assert machine.level(35) == 0
        _key(pygame.KEYUP, pygame.K_2, "2")
        win.events()
        for _ in range(5):
            sim.pass_()
        assert machine.level(35) == 1
        assert sim.app.screen.items[sim.app.screen.sel].key == "pnp"  # short right: next item
        rect, key = [b for b in win.buttons if b[1].pin == 0][0]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
        win.events()
        for _ in range(5):
            sim.pass_()
        assert machine.level(0) == 0
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
        win.events()
        for _ in range(10):
            sim.pass_()
        assert machine.level(0) == 1
        assert sim.app.screen.title == "Pass and play"  # the click was a short place
        _key(pygame.KEYDOWN, pygame.K_m, "m")
        _key(pygame.KEYUP, pygame.K_m, "m")
        win.events()
        for _ in range(30):
            sim.pass_()
        assert machine.level(0) == 0  # still held: the alias needs a long press
        for _ in range(40):
            sim.pass_()
        assert machine.level(0) == 1
        assert sim.app.screen.title == "GOMOKU"  # menu in a menu = back to the main menu
        win.redraw_if_needed()
        assert win.surface.get_at((simwin.M + 5, simwin.M + 5))[:3] != (0, 0, 0)
    finally:
        win.close()


@pytest.mark.parametrize("name,key,action", [("pico_display", "K_UP", "up"),
                                              ("ttgo_tdisplay", "K_RIGHT", "right"),
                                              ("m5stack_core", "K_LEFT", "left")])
def test_an_arrow_held_in_the_window_does_what_it_names(tmp_path, name, key, action):
    # The arrow of a few-key kit's short press held its key down as long as it was held: past
    # 0.5 s that is the key's long press, another action (the Pico Display's Up arrow moved
    # the cursor left, the T-Display's Right turned it down). It is one press now.
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import simcore
    import simwin

    sim = simcore.Sim(name, str(tmp_path / name), simcore.VirtualClock(drift=0))
    win = simwin.Window(sim, headless=True)
    seen = []
    emit = sim.hw.buttons._emit
    sim.hw.buttons._emit = lambda a, k: (seen.append(a), emit(a, k))
    try:
        k = getattr(pygame, key)
        _key(pygame.KEYDOWN, k)
        win.events()
        for _ in range(100):  # 1.6 s
            sim.pass_()
        _key(pygame.KEYUP, k)
        win.events()
        for _ in range(20):
            sim.pass_()
    finally:
        win.close()
    assert seen == [action, action]  # one press and its release


def test_f12_does_not_overwrite_an_earlier_run_s_screenshot(tmp_path, monkeypatch, capsys):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import simcore
    import simwin

    monkeypatch.chdir(tmp_path)
    (tmp_path / "sim_pico_lcd_13_1.png").write_bytes(b"an earlier run's")
    sim = simcore.Sim("pico_lcd_13", str(tmp_path / "d"), simcore.VirtualClock())
    win = simwin.Window(sim, headless=True)
    try:
        _key(pygame.KEYDOWN, pygame.K_F12)
        assert win.events()
    finally:
        win.close()
    assert (tmp_path / "sim_pico_lcd_13_1.png").read_bytes() == b"an earlier run's"
    assert pygame.image.load(str(tmp_path / "sim_pico_lcd_13_2.png")).get_size() == (240, 240)
    assert "sim_pico_lcd_13_2.png" in capsys.readouterr().err


def test_saves_persist_across_runs(tmp_path):
    data = str(tmp_path / "d")
    r = run_sim("--board", "pico_lcd_13", "--headless", "--data", data,
                "--script", "down place down*5 place place")
    assert r.returncode == 0, r.stderr
    assert os.path.exists(os.path.join(data, "game.json"))
    assert os.path.exists(os.path.join(data, "settings.json"))
    # second run: the main menu offers "Resume game" first; resuming shows the stone on h8
    r = run_sim("--board", "pico_lcd_13", "--headless", "--data", data, "--script", "place",
                "--shot", str(tmp_path / "r.png"))
    assert r.returncode == 0, r.stderr
    img = pygame.image.load(str(tmp_path / "r.png"))
    stone, _ = cell_points("pico_lcd_13", 15, "h8")
    assert appfix.close(png_pixel(img, *stone), appfix.rgb(theme.make(0).black))
