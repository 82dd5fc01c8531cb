#!/usr/bin/env python3
"""Run a tool script on the emulated Pico (tools/emu2040/setup.sh builds it).

    python3 tools/emu2040/emu.py [--kit pico_lcd_13] [--plain] [--ram] [--add PATH]
        SCRIPT [ARGS...]

The firmware is compiled for the kit as tools/deploy.py compiles it, native build included
(--plain leaves that out: the bytecode figure), with the emulator's mpy-cross; SCRIPT (a file
in tools/, e.g. bench_ai.py, or any path), with tools/bench_ai.py and the tactics suite that
scripts build on, goes beside it in a ROMFS image, and the board runs SCRIPT with sys.argv set
to ARGS. Prints what the board prints, then the cycle count. --ram copies each module into RAM
as it loads, as a board's littlefs does (from the image, bytecode runs in place: ramfs.py); use
it for heap figures.
"""
import argparse
import contextlib
import io
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "build", "emu2040")
sys.path.insert(0, os.path.dirname(HERE))
import deploy  # noqa: E402
import native  # noqa: E402

RUNNER = """import sys
sys.argv[:] = %r
__file__ = %r
exec(open(__file__).read())
"""
# --ram: the files copied into RAM as they load, as from a board's littlefs (ramfs.py).
IN_RAM = """import os
import ramfs
os.mount(ramfs.CopyFS(), "/ram")
os.chdir("/ram")
del ramfs
"""


def romfs(src, dst):
    mpremote = [d for d in os.listdir(OUT) if d.startswith("micropython-")]
    sys.path.insert(0, os.path.join(OUT, mpremote[0], "tools", "mpremote"))
    from mpremote.romfs import make_romfs
    with contextlib.redirect_stdout(io.StringIO()):  # its listing of every file
        data = make_romfs(src, mpy_cross=None)
    with open(dst, "wb") as f:
        f.write(data)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kit", default="pico_lcd_13")
    ap.add_argument("--plain", action="store_true", help="without the native build")
    ap.add_argument("--ram", action="store_true",
                    help="modules copied into RAM as they load (the image runs .mpy in place)")
    ap.add_argument("--add", action="append", default=[], metavar="PATH",
                    help="a file or folder to put beside the script too (e.g. tools/fakes)")
    ap.add_argument("--firmware", default=os.path.join(OUT, "firmware.bin"))
    ap.add_argument("script", help="a script in tools/ (e.g. bench_ai.py) or a path")
    ap.add_argument("args", nargs=argparse.REMAINDER)
    a = ap.parse_args(argv)
    fw = a.firmware
    if not os.path.exists(fw):
        sys.exit("no emulator yet: bash tools/emu2040/setup.sh")
    src = a.script if os.path.isfile(a.script) else os.path.join(ROOT, "tools", a.script)
    if not os.path.isfile(src):
        ap.error("no script %s (nor tools/%s)" % (a.script, a.script))
    for path in a.add:
        if not os.path.exists(path):
            ap.error("--add: no file or folder %s" % path)
    try:
        profile = deploy.kit.load_profile(a.kit)
    except ValueError as e:
        ap.error(str(e))
    deploy.MPY_CROSS = [os.path.join(OUT, "mpy-cross")]
    with tempfile.TemporaryDirectory() as tmp:
        fs = os.path.join(tmp, "fs")
        os.makedirs(fs)
        deploy.compile_all(a.kit, profile, fs)
        os.remove(os.path.join(fs, "main.py"))  # the board's app: the runner takes its place
        if a.plain:
            for mod in native.NATIVE.values():
                os.remove(os.path.join(fs, mod + ".mpy"))
        # what scripts build on
        for f in ("bench_ai.py", "tactics_data.py", "tactics.txt", "stackscrub.py"):
            shutil.copy(os.path.join(ROOT, "tools", f), fs)
        shutil.copy(src, fs)
        for path in a.add:
            dst = os.path.join(fs, os.path.basename(path.rstrip("/")))
            if os.path.isdir(path):
                shutil.copytree(path, dst, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy(path, dst)
        script = "/" + os.path.basename(src)
        head = ""
        if a.ram:
            shutil.copy(os.path.join(HERE, "ramfs.py"), fs)
            script = "/ram" + script
            head = IN_RAM
        with open(os.path.join(fs, "main.py"), "w") as f:
            f.write(head + RUNNER % ([script] + a.args, script))
        image = os.path.join(tmp, "fs.rom")
        romfs(fs, image)
        return subprocess.run(["node", os.path.join(HERE, "run.mjs"), fw, image]).returncode


if __name__ == "__main__":
    sys.exit(main())
