# The simulator's command line: kit names, script errors and the script player's timing.
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCREENSHOTS = os.path.join(ROOT, "tools", "screenshots.py")
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


def _dead_display():
    """A DISPLAY no X server answers. (":99" is xvfb-run's own: with an Xvfb there the
    simulator opened its window and ran until the 60 s timeout.) A server on :N has the socket
    /tmp/.X11-unix/XN, on Linux also that name in the abstract namespace, and /tmp/.XN-lock."""
    try:
        with open("/proc/net/unix") as f:
            names = {r.split()[-1].lstrip("@") for r in f.read().splitlines()[1:]
                     if len(r.split()) > 7}
    except OSError:
        names = set()
    for n in range(99, 1000):
        sock = "/tmp/.X11-unix/X%d" % n
        if sock not in names and not os.path.exists(sock) and \
                not os.path.exists("/tmp/.X%d-lock" % n):
            return ":%d" % n
    pytest.skip("an X server on every display from :99 to :999")


def test_a_display_variable_without_a_window_system_does_not_hide_the_simulator(tmp_path):
    # DISPLAY set, no X server answering (a stale one after an ssh reattach): SDL fell back to
    # its offscreen driver and the "window" ran on invisibly until killed.
    pytest.importorskip("pygame")
    env = dict(os.environ, DISPLAY=_dead_display(), SDL_AUDIODRIVER="dummy")
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


def test_screenshots_refuse_a_kit_they_have_no_scripts_for(tmp_path):
    # tools/screenshots.py --kit pico_ili9341 (a real kit, no scripts) was a KeyError traceback.
    r = subprocess.run([sys.executable, SCREENSHOTS, "--kit", "pico_ili9341",
                        "--out", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert "pico_ili9341" in r.stderr and "pico_lcd_13" in r.stderr
    assert os.listdir(tmp_path) == []


def test_the_screenshots_in_docs_are_what_the_app_draws_now(tmp_path):
    # README shows docs/screenshots/; a change to the screens (the wood theme's winning five,
    # b98970c) left two of them showing the old colours. Regenerated here, compared by pixels
    # (not file bytes: PNG encoders may differ).
    pygame = pytest.importorskip("pygame")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, SCREENSHOTS, "--out", str(tmp_path)], capture_output=True,
                       text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stderr
    docs = os.path.join(ROOT, "docs", "screenshots")
    made = sorted(os.listdir(tmp_path))
    assert made == sorted(os.listdir(docs)) and len(made) >= 10
    stale = []
    for name in made:
        new, old = (pygame.image.load(os.path.join(d, name)) for d in (str(tmp_path), docs))
        if (new.get_size() != old.get_size()
                or pygame.image.tobytes(new, "RGB") != pygame.image.tobytes(old, "RGB")):
            stale.append(name)
    assert not stale, "run tools/screenshots.py: %s" % " ".join(stale)


def test_list_names_every_kit():
    r = run_sim("--list")
    assert r.returncode == 0
    assert [line.split()[0] for line in r.stdout.splitlines()] == kit.known()


def test_help_names_the_kits_and_the_keys():
    # --help named neither: the keys were only in the window's side panel and the terminal's
    # last line, the kits behind --list.
    r = run_sim("--help")
    assert r.returncode == 0
    for name in kit.known():
        assert name in r.stdout
    for key in ("arrows", "Enter", "Esc", "Tab", "Shift+letter", "0.5 s", "quit"):
        assert key in r.stdout


def test_the_default_data_folder_is_the_repository_s(tmp_path, monkeypatch):
    # It was ./sim_data/KIT of the working directory: a run started from tools/ or from home
    # did not find the game a run from the repository saved, and made a folder git did not
    # ignore. (In-process: a run here would boot on a developer's own saves.)
    sim = _sim_module()
    monkeypatch.chdir(tmp_path)
    assert sim.default_data("ttgo_tdisplay") == os.path.join(ROOT, "sim_data", "ttgo_tdisplay")
    made = []

    def no_sim(board, data, clock=None):  # what run() would boot on, without booting it
        made.append(data)
        raise KeyboardInterrupt

    monkeypatch.setattr(sim.simcore, "Sim", no_sim)
    with pytest.raises(KeyboardInterrupt):
        sim.run(["--headless", "--board", "ttgo_tdisplay"])
    assert made == [os.path.join(ROOT, "sim_data", "ttgo_tdisplay")]
    assert os.listdir(tmp_path) == []


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


def _sim_module():
    import importlib.util

    spec = importlib.util.spec_from_file_location("sim_cli", SIM)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_fresh_deletes_the_firmware_files_only(tmp_path):
    # --fresh used to delete every file in --data (a home directory too), then crashed on a
    # folder in it.
    ours = ["game.json", "settings.json", "past1.json", "past12.json", "game.json.tmp",
            "past3.json.tmp", "game.bad", "settings-2.bad", "past4.bad", "game.json.tmp.bad",
            "screen.png"]
    data = tmp_path / "d"
    data.mkdir()
    for n in ours:
        (data / n).write_text("{}")
    r = run_sim("--headless", "--fresh", "--data", str(data), "--script", "wait:10")
    assert r.returncode == 0, r.stderr
    assert not set(ours) & set(os.listdir(data))

    for other in ("notes.txt", "past0.json", "past01.json", "game.json.bak"):
        data = tmp_path / other.replace(".", "_")
        data.mkdir()
        (data / "game.json").write_text("{}")
        (data / other).write_text("mine")
        r = run_sim("--headless", "--fresh", "--data", str(data))
        assert r.returncode == 2 and other in r.stderr and "Traceback" not in r.stderr
        assert sorted(os.listdir(data)) == sorted(["game.json", other])  # nothing went
    (data / "sub").mkdir()  # a folder, even by a firmware file's name, is not ours to remove
    (data / other).unlink()
    (data / "game.json").unlink()
    (data / "game.json").mkdir()
    r = run_sim("--headless", "--fresh", "--data", str(data))
    assert r.returncode == 2 and "sub" in r.stderr and "Traceback" not in r.stderr


def test_a_board_name_with_a_path_is_refused(tmp_path):
    # ../boards/x loaded boards/x.json, and the default data folder sim_data/../boards/x was
    # made inside the repository.
    for name in ("../boards/pico_lcd_13", "boards/pico_lcd_13", "pico_lcd_13/"):
        r = subprocess.run([sys.executable, SIM, "--headless", "--board", name], cwd=tmp_path,
                           capture_output=True, text=True, timeout=60,
                           stdin=subprocess.DEVNULL)
        assert r.returncode == 2 and "unknown kit" in r.stderr and "pico_lcd_13," in r.stderr
    assert os.listdir(tmp_path) == []


def test_term_without_a_terminal_is_a_one_line_error(tmp_path):
    r = run_sim("--term", "--data", str(tmp_path))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.count("\n") == 1 and "needs a terminal" in r.stderr


def test_window_shot_without_the_window_is_an_error(tmp_path, monkeypatch):
    # It used to be said after the run, with exit status 0.
    sim = _sim_module()
    monkeypatch.setattr(sim, "_pygame", lambda: False)
    shot = tmp_path / "w.png"
    assert sim.main(["--headless", "--data", str(tmp_path / "d"), "--window-shot",
                     str(shot)]) == 2
    assert not shot.exists()


def test_ctrl_c_in_the_window_exits_130_without_a_traceback(tmp_path):
    pytest.importorskip("pygame")
    import signal
    import time

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    # (SIGINT at its default: a suite started with `cmd &` from a script runs with it ignored,
    # which children inherit, and Ctrl-C's signal would never reach the program under test)
    p = subprocess.Popen([sys.executable, SIM, "--window", "--mute", "--data",
                          str(tmp_path / "d"), "--shot-dir", str(tmp_path), "--script",
                          "shot:running"], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        end = time.time() + 60
        while not (tmp_path / "running.png").exists() and time.time() < end:
            time.sleep(0.05)  # the shot is written from inside the window's loop
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 130 and b"Traceback" not in err, err


def _sim_sh(tmp_path, python3):
    """A checkout of tools/sim.sh, tools/venv.sh and requirements-dev.txt alone, with a
    `python3` first on PATH that runs the sh code `python3` ($PY: this Python). Returns the
    checkout and a function that runs sim.sh --help there."""
    import shutil

    repo = tmp_path / "repo"
    (repo / "tools").mkdir(parents=True)
    for f in ("tools/sim.sh", "tools/venv.sh", "requirements-dev.txt"):
        if os.path.exists(os.path.join(ROOT, f)):
            shutil.copy(os.path.join(ROOT, f), str(repo / f))
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    (bin_ / "python3").write_text("#!/bin/sh\nPY='%s'\n%s\n" % (sys.executable, python3))
    os.chmod(str(bin_ / "python3"), 0o755)
    env = dict(os.environ, PATH="%s:%s" % (bin_, os.environ.get("PATH", "")))
    return repo, lambda: subprocess.run(["bash", str(repo / "tools" / "sim.sh"), "--help"],
                                        env=env, capture_output=True, text=True, timeout=300,
                                        stdin=subprocess.DEVNULL)


@pytest.mark.skipif(sys.platform == "win32", reason="bash scripts")
def test_an_older_python_is_named_before_any_venv_is_made(tmp_path):
    # Python 3.9's venv was made, then pip stopped at "No matching distribution found".
    repo, run = _sim_sh(tmp_path, 'if [ "$1" = -c ]; then\n'
                                  '  "$PY" -c "import sys; sys.version_info = (3, 9, 2); $2"\n'
                                  '  exit $?\n'
                                  'fi\n'
                                  'if [ "$1" = --version ]; then echo "Python 3.9.2"; exit 0; fi\n'
                                  'exec "$PY" "$@"')
    r = run()
    assert r.returncode != 0, r.stderr
    assert "Python 3.11 or newer is needed (python3 here: Python 3.9.2)" in r.stderr, r.stderr
    assert not (repo / ".venv").exists()


@pytest.mark.skipif(sys.platform == "win32", reason="bash scripts")
def test_the_test_command_names_an_older_node_before_it_installs(tmp_path):
    import shutil

    repo = tmp_path / "repo"
    (repo / "tools").mkdir(parents=True)
    for f in ("tools/test.sh", "tools/venv.sh", "requirements-dev.txt"):
        shutil.copy(os.path.join(ROOT, f), str(repo / f))
    (repo / ".venv" / "bin").mkdir(parents=True)  # installed already
    os.symlink(sys.executable, str(repo / ".venv" / "bin" / "python"))
    shutil.copy(str(repo / "requirements-dev.txt"),
                str(repo / ".venv" / ".requirements-dev.installed"))
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    for tool, body in (("node", 'if [ "$1" = --version ]; then echo v18.19.0; exit 0; fi\n'
                                'echo "node $*" >> "%s"\nexit 1' % (tmp_path / "ran")),
                       ("npm", 'echo "npm $*" >> "%s"' % (tmp_path / "ran"))):
        (bin_ / tool).write_text("#!/bin/sh\n%s\n" % body)
        os.chmod(str(bin_ / tool), 0o755)
    env = dict(os.environ, PATH="%s:%s" % (bin_, os.environ.get("PATH", "")))
    r = subprocess.run(["bash", str(repo / "tools" / "test.sh")], env=env, capture_output=True,
                       text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert r.returncode != 0, r.stderr
    assert "Node.js 20 or newer is needed (node here: v18.19.0)" in r.stderr, r.stderr
    ran = (tmp_path / "ran").read_text()
    assert "npm" not in ran and "pytest" not in r.stdout, ran


@pytest.mark.skipif(sys.platform == "win32", reason="bash scripts")
def test_a_venv_that_fails_half_way_is_not_left_behind(tmp_path):
    # Debian's python3 without python3-venv: `python3 -m venv` makes .venv/bin/python, then
    # fails at ensurepip. sim.sh (and test.sh) saw the python and every later run stopped at
    # "No module named pip", also after installing the package the failure asked for.
    repo, run = _sim_sh(tmp_path,
                        "if [ \"$1\" = -m ] && [ \"$2\" = venv ]; then\n"
                        "  \"$PY\" -m venv --without-pip \"$3\"\n"
                        "  echo 'The virtual environment was not created successfully because"
                        " ensurepip is not available.' >&2\n"
                        "  exit 1\n"
                        "fi\n"
                        "exec \"$PY\" \"$@\"")
    for _ in range(2):
        r = run()
        assert r.returncode != 0 and "ensurepip is not available" in r.stderr, r.stderr
        assert "No module named pip" not in r.stderr
        assert not (repo / ".venv").exists()


@pytest.mark.skipif(sys.platform == "win32", reason="bash scripts")
def test_a_venv_whose_first_setup_was_stopped_is_finished(tmp_path):
    # A first run stopped while venv ran ensurepip (Ctrl-C, a CI job's time limit) left
    # .venv/bin/python without pip, and no marker of a finished install: every later run
    # stopped at "No module named pip".
    repo, run = _sim_sh(tmp_path, 'exec "$PY" "$@"')
    (repo / "requirements-dev.txt").write_text("pip\n")  # there once pip is: no download
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(repo / ".venv")],
                   check=True, timeout=300)
    r = run()
    assert "No module named pip" not in r.stderr, r.stderr
    assert (repo / ".venv" / ".requirements-dev.installed").exists(), r.stderr
    assert "sim.py" in r.stderr  # on to the simulator, which this checkout lacks
