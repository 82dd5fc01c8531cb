# Drawing helpers shared by every screen: views over one scratch buffer, text rows, small fonts.
import framebuf
from array import array

# 3x5 glyphs for coordinate labels on small panels: 15 bits each, top row first, MSB left.
_TINY_CHARS = "0123456789ABCDEFGHJKLMNOPQRST"
_TINY = array("H", (
    0x7B6F, 0x2C97, 0x73E7, 0x72CF, 0x5BC9, 0x79CF, 0x79EF, 0x7292, 0x7BEF, 0x7BCF,
    0x2BED, 0x6BAE, 0x3923, 0x6B6E, 0x79A7, 0x79A4, 0x396B, 0x5BED, 0x126A, 0x5BAD,
    0x4927, 0x5FED, 0x6B6D, 0x2B6A, 0x6BA4, 0x2B73, 0x6BAD, 0x388E, 0x7492,
))


class Scratch:
    """One byte buffer behind every off-screen surface: screens draw one small piece at a time
    and send it at once, so a single buffer serves all of them and nothing is allocated later."""

    def __init__(self, nbytes):
        self.buf = bytearray(nbytes)

    def view(self, w, h, offset=0):
        if offset + 2 * w * h > len(self.buf):
            raise ValueError("scratch too small for %dx%d" % (w, h))
        return View(memoryview(self.buf)[offset:] if offset else self.buf, w, h)


class View(framebuf.FrameBuffer):
    def __init__(self, buf, w, h):
        super().__init__(buf, w, h, framebuf.RGB565)
        self.buf = buf
        self.w = w
        self.h = h

    def send(self, display, x, y):
        display.blit(self.buf, x, y, self.w, self.h)


def tiny(fb, s, x, y, c):
    """Draw s in the 3x5 font (4 px advance); unknown characters are skipped."""
    for ch in s:
        k = _TINY_CHARS.find(ch)
        if k >= 0:
            bits = _TINY[k]
            for r in range(5):
                row = bits >> (12 - 3 * r)
                for col in range(3):
                    if row & (4 >> col):
                        fb.pixel(x + col, y + r, c)
        x += 4


def stone(fb, x, y, r, colour, rim):
    fb.ellipse(x, y, r, r, colour, True)
    if rim != colour:
        fb.ellipse(x, y, r, r, rim)


def row(view, text, fg, bg, x=0, icon=None, rim=0):
    """Fill the view with bg and write text vertically centred; icon: a stone colour drawn in
    the first character cell."""
    view.fill(bg)
    y = (view.h - 8) // 2
    if icon is not None:
        stone(view, x + 3, y + 3, 3, icon, rim)
        x += 10
    view.text(text, x, y, fg)


def big_text(view, small, s, fg, bg, k):
    """s in the 8x8 font scaled k times into view, using `small` (a view of at least 8 x 8*len(s)
    pixels over other memory) as the 1x source."""
    small.fill(bg)
    small.text(s, 0, 0, fg)
    view.fill(bg)
    for yy in range(8):
        for xx in range(8 * len(s)):
            if small.pixel(xx, yy) == fg:
                view.fill_rect(xx * k, yy * k, k, k, fg)


def clock_text(ms):
    s = ms // 1000
    return "%d:%02d" % (s // 60, s % 60)
