# The simulator's command line: kit names, script errors and the script player's timing.
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIM = os.path.join(ROOT, "tools", "sim.py")
sys.path.insert(0, os.path.join(ROOT, "tools", "sim"))

import simcore  # noqa: E402
import simscript  # noqa: E402
from hw import kit  # noqa: E402


def run_sim(*args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    env.pop("DISPLAY", None)
    return subprocess.run([sys.executable, SIM] + list(args), capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=60, stdin=subprocess.DEVNULL)


def test_with_no_window_terminal_or_script_it_shows_that_it_booted(tmp_path):
    # No display and no terminal (as here) choose headless mode; with nothing asked of it, the
    # simulator used to exit at once without a word.
    data = tmp_path / "d"
    r = run_sim("--data", str(data))
    shot = data / "screen.png"
    assert r.returncode == 0 and shot.exists()
    assert "wrote its screen to %s" % shot in r.stderr


def test_a_display_variable_without_a_window_system_does_not_hide_the_simulator(tmp_path):
    # DISPLAY set, no X server answering (a stale one after an ssh reattach): SDL fell back to
    # its offscreen driver and the "window" ran on invisibly until killed.
    pytest.importorskip("pygame")
    env = dict(os.environ, DISPLAY=":99", SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("WAYLAND_DISPLAY", None)
    data = tmp_path / "d"
    r = subprocess.run([sys.executable, SIM, "--data", str(data)], capture_output=True,
                       text=True, env=env, cwd=ROOT, timeout=60, stdin=subprocess.DEVNULL)
    assert r.returncode == 0 and (data / "screen.png").exists(), r.stderr


def test_bad_board_exits_nonzero_listing_the_kits(tmp_path):
    r = run_sim("--board", "no_such_kit", "--headless", "--data", str(tmp_path))
    assert r.returncode != 0
    assert "no_such_kit" in r.stderr
    for name in kit.known():
        assert name in r.stderr
    assert len(kit.known()) >= 8


def test_list_names_every_kit():
    r = run_sim("--list")
    assert r.returncode == 0
    assert [line.split()[0] for line in r.stdout.splitlines()] == kit.known()


def test_bad_script_token_exits_nonzero(tmp_path):
    r = run_sim("--headless", "--data", str(tmp_path), "--script", "down jump")
    assert r.returncode == 2 and "'jump'" in r.stderr
    # a count written out step by step has a bound (this one filled the memory), and no time
    # is negative
    for tok in ("up*999999999", "wait:-5", "hold:place:-1", "idle:-1", "over:-1"):
        r = run_sim("--headless", "--data", str(tmp_path), "--script", "down " + tok)
        assert r.returncode == 2 and repr(tok) in r.stderr and "Traceback" not in r.stderr
    # TTGO has no back key at all
    r = run_sim("--board", "ttgo_tdisplay", "--headless", "--data", str(tmp_path), "--script",
                "back")
    assert r.returncode == 2 and "back" in r.stderr


@pytest.mark.parametrize("opt,value", [("--scale", "-1"), ("--scale", "0"),
                                       ("--shot-scale", "x")])
def test_bad_scale_exits_with_a_usage_error(tmp_path, opt, value):
    r = run_sim("--headless", "--data", str(tmp_path), opt, value)
    assert r.returncode == 2 and "whole number of pixels" in r.stderr
    assert "Traceback" not in r.stderr


def test_script_parsing(tmp_path):
    sim = simcore.Sim("m5stack_core", str(tmp_path), simcore.VirtualClock())
    steps = simscript.parse("left*2 menu key:C hold:B:900 wait:50 idle shot:x quit", sim.keys)
    assert steps == [("tap", 39, simcore.TAP_MS)] * 2 + [
        ("tap", 38, simcore.LONG_MS),  # menu is the long press of B on the M5Stack
        ("tap", 37, simcore.TAP_MS), ("tap", 38, 900), ("wait", 50), ("idle", 120000),
        ("shot", "x"), ("quit",)]


def test_player_holds_pins_for_the_asked_time(tmp_path):
    clock = simcore.VirtualClock(drift=0)
    sim = simcore.Sim("m5stack_core", str(tmp_path), clock)
    shots = []
    player = simscript.Player(sim, simscript.parse("hold:B:500 shot:a", sim.keys), shots.append)
    low = []
    import machine

    while player.update(sim.step()):
        low.append(machine.level(38) == 0)
        sim.clock.pace(False, 0)
    held = low.count(True) * simcore.FRAME_MS
    assert 500 <= held <= 500 + 2 * simcore.FRAME_MS
    assert shots == ["a"]


@pytest.mark.parametrize("virtual", [True, False])
def test_pins_shared_by_sources(tmp_path, virtual):
    import machine

    clock = simcore.VirtualClock() if virtual else simcore.RealClock()
    sim = simcore.Sim("pico_lcd_13", str(tmp_path), clock)
    pins = sim.pins
    pins.hold(15, "key")
    pins.hold(15, "mouse")
    pins.release(15, "key")
    assert machine.level(15) == 0  # the mouse still holds it
    pins.release(15, "mouse")
    assert machine.level(15) == 1
    pins.hold(17, "k", min_ms=10000)
    pins.release(17, "k")
    assert machine.level(17) == 0  # a long press is not cut short by an early key-up


def test_loops_stop_at_game_over(tmp_path):
    # a person playing the 4th candidate every turn loses to the AI; the loop ends at game over
    # instead of pressing on into the game-over question.
    sim = simcore.Sim("ttgo_tdisplay", str(tmp_path), simcore.VirtualClock())
    steps = simscript.parse("place right*7 place [ idle break:over right*3 place ]*60", sim.keys)
    assert steps[-1][0] == "loop" and steps[-1][2] == 60
    player = simscript.Player(sim, steps, None)
    while player.update(sim.step()):
        sim.clock.pace(sim.busy(), 0)
    assert sim.game_over() and not player.timed_out
    g = sim.app.game.s.game
    assert g.win_cells and len(g.win_cells) >= 5
    assert sim.app.game.prompt is not None  # still on the game-over question, not past it
    with pytest.raises(ValueError):
        simscript.parse("[ place", sim.keys)
