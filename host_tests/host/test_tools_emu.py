# tools/emu2040's board-side helpers that run as well under CPython: the copying filesystem
# (ramfs.py) and the panel fake without its RAM model (app_heap.py's).
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "emu2040"))
sys.path.insert(0, os.path.join(ROOT, "tools", "fakes"))
import ramfs  # noqa: E402
import vpanel  # noqa: E402


def test_files_are_served_as_copies_and_writes_go_nowhere(tmp_path):
    (tmp_path / "ai").mkdir()
    (tmp_path / "ai" / "m.mpy").write_bytes(b"M\x06code")
    (tmp_path / "s.py").write_text("x = 1\n")
    fs = ramfs.CopyFS()
    fs.chdir(str(tmp_path))
    assert fs.getcwd() == str(tmp_path)
    f = fs.open("ai/m.mpy", "rb")
    assert f.read() == b"M\x06code"
    assert not hasattr(f, "name")  # an in-memory stream, not the image's file
    assert fs.open(str(tmp_path / "s.py"), "r").read() == "x = 1\n"
    assert fs.stat("ai/m.mpy").st_size == 6
    w = fs.open("save.json", "w")
    w.write("{}")
    fs.rename("save.json", "game.json")
    assert sorted(os.listdir(tmp_path)) == ["ai", "s.py"]
    try:
        fs.stat("game.json")
    except OSError:
        pass
    else:
        raise AssertionError("a dropped write left a file")


def test_a_panel_without_its_ram_still_counts_the_bytes(monkeypatch):
    monkeypatch.setattr(vpanel, "KEEP_RAM", False)
    p = vpanel.VirtualPanel(9, 8)
    assert p.ram is None
    p.receive(bytes([0x2C]), 0)  # RAMWR
    p.receive(bytes(64), 1)
    assert p.bytes_sent == 65
    monkeypatch.setattr(vpanel, "KEEP_RAM", True)
    assert len(vpanel.VirtualPanel(9, 8).ram) == 240 * 320
