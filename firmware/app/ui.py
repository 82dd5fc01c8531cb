# Drawing helpers shared by every screen: views over one scratch buffer, text rows, small fonts.
import framebuf
from array import array

from micropython import const

ROW_H = const(10)  # status text row: the 8x8 font plus 2 px spacing
# Widest piece of a text row drawn and sent at once. Every piece of every screen fits in
# SCRATCH_PX pixels (a board cell, a row label, one big letter), so the one shared buffer
# stays at 1.6 KB; a row costs a few more window commands on the wire instead.
CHUNK_W = const(80)
SCRATCH_PX = const(800)  # CHUNK_W * ROW_H

# 3x5 glyphs for coordinate labels on small panels: 15 bits each, top row first, MSB left.
TINY_CHARS = "0123456789ABCDEFGHIJKLMNOPQRS"
_TINY = array("H", (
    0x7B6F, 0x2C97, 0x73E7, 0x72CF, 0x5BC9, 0x79CF, 0x79EF, 0x7292, 0x7BEF, 0x7BCF,
    0x2BED, 0x6BAE, 0x3923, 0x6B6E, 0x79A7, 0x79A4, 0x396B, 0x5BED, 0x7497, 0x126A,
    0x5BAD, 0x4927, 0x5FED, 0x6B6D, 0x2B6A, 0x6BA4, 0x2B73, 0x6BAD, 0x388E,
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
        k = TINY_CHARS.find(ch)
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
    the first character cell. x may be negative: framebuf clips, which text_row relies on."""
    view.fill(bg)
    y = (view.h - 8) // 2
    if icon is not None:
        stone(view, x + 3, y + 3, 3, icon, rim)
        x += 10
    view.text(text, x, y, fg)


def text_row(scratch, d, x, y, w, text, fg, bg, tx=0, icon=None, rim=0):
    """A ROW_H high row of w pixels at (x, y) with text starting tx pixels in, sent in pieces
    of CHUNK_W: each piece draws the whole text shifted left and lets framebuf clip it."""
    for cx in range(0, w, CHUNK_W):
        v = scratch.view(min(CHUNK_W, w - cx), ROW_H)
        row(v, text, fg, bg, tx - cx, icon, rim)
        v.send(d, x + cx, y)


def clock_text(ms):
    s = ms // 1000
    return "%d:%02d" % (s // 60, s % 60)
