# The host framebuf draws byte-for-byte what MicroPython's own framebuf draws (run in the wasm VM).
import os
import pathlib
import shutil
import subprocess

import pytest

import framebuf

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MPJS = os.path.join(ROOT, "tools", "node_modules", "@micropython",
                    "micropython-webassembly-pyscript", "micropython.mjs")

# Runs unchanged on both: draws with every primitive, prints the buffer as hex.
DRAW = """
import framebuf
buf = bytearray(2 * 40 * 30)
fb = framebuf.FrameBuffer(buf, 40, 30, framebuf.RGB565)
fb.fill(0x1234)
fb.pixel(-1, 3, 0xFFFF)
fb.pixel(39, 29, 0xABCD)
fb.hline(-5, 2, 20, 0x00F8)
fb.vline(38, -4, 50, 0x1F00)
fb.rect(3, 4, 10, 8, 0xE007)
fb.rect(30, 20, 20, 20, 0x4208, True)
fb.fill_rect(-3, 25, 8, 9, 0x7777)
fb.line(0, 0, 39, 17, 0xFFFF)
fb.line(35, 2, 4, 28, 0x0ff0)
fb.line(10, 29, 12, 3, 0x3333)
fb.ellipse(20, 15, 9, 5, 0x5555)
fb.ellipse(8, 20, 4, 6, 0x6666, True)
fb.ellipse(30, 8, 6, 6, 0x9999, True, 0b0101)
fb.ellipse(30, 8, 0, 0, 0x1111)
fb.text("Go5!~\\x80", -3, 1, 0xBEEF)
fb.text("xy", 30, 26, 0xCAFE)
small = bytearray(2 * 6 * 4)
sfb = framebuf.FrameBuffer(small, 6, 4, framebuf.RGB565)
sfb.fill(0x2222)
sfb.pixel(1, 1, 0x0101)
sfb.pixel(4, 2, 0x0505)
fb.blit(sfb, 36, -1)
fb.blit(sfb, 2, 12, 0x2222)
fb.scroll(2, -1)
fb.scroll(-3, 2)
print(fb.pixel(5, 5), fb.pixel(40, 0))
print(buf.hex() if hasattr(buf, 'hex') else ''.join('%02x' % b for b in buf))
"""


def _mp(script):
    node = shutil.which("node")
    if not node or not os.path.exists(MPJS):
        pytest.skip("node or the MicroPython wasm VM (npm ci --prefix tools) is missing")
    # (as_uri: a '#' or '%' in the checkout's path, put into a file:// URL as it was, read as a
    # fragment or an escape, and node found no module)
    js = ("import { loadMicroPython } from %r;\n"
          "let out = '';\n"
          "const mp = await loadMicroPython({stdout: (l) => { out += l + '\\n'; }});\n"
          "mp.runPython(process.argv[1]);\n"
          "process.stdout.write(out);\n") % pathlib.Path(MPJS).as_uri()
    r = subprocess.run([node, "--input-type=module", "-e", js, script], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


def _py(script):
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(script, {"framebuf": framebuf, "__name__": "__draw__"})
    return out.getvalue()


def test_host_framebuf_matches_micropython():
    want = _mp(DRAW)
    got = _py(DRAW)
    assert got.splitlines()[0] == want.splitlines()[0]
    w, g = want.splitlines()[1], got.splitlines()[1]
    if w != g:
        diff = [i // 4 for i in range(0, len(w), 4) if w[i:i + 4] != g[i:i + 4]]
        pytest.fail("pixels differ at %s" % [(i % 40, i // 40) for i in diff[:20]])


def test_colours_are_wire_order_in_a_view():
    from app.ui import Scratch
    from hw import colour

    t = Scratch(8).view(2, 1)
    t.pixel(0, 0, colour.rgb(255, 0, 0))
    t.pixel(1, 0, colour.rgb(0, 0, 255))
    assert bytes(t.buf[:4]) == b"\xf8\x00\x00\x1f"  # RGB565 high byte first, as the panel takes it
    assert (t.w, t.h) == (2, 1)


def test_clock_ticks_wrap_like_micropython():
    from hw import clock

    period = 1 << 30
    assert clock.ticks_diff(5, period - 5) == 10
    assert clock.ticks_diff(period - 5, 5) == -10
    assert clock.ticks_add(period - 1, 2) == 1
    a = clock.ticks_ms()
    clock.sleep_ms(2)
    assert clock.ticks_diff(clock.ticks_ms(), a) >= 2
