# Off-screen RGB565 drawing surface whose bytes are already in the panel's wire order.
import framebuf


def rgb(r, g, b):
    # framebuf stores RGB565 little-endian; the panel wants the high byte first, so colours are
    # byte-swapped once here and every buffer and fill is then wire-ready without copying.
    c = ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)
    return ((c & 0xFF) << 8) | (c >> 8)


BLACK = rgb(0, 0, 0)
WHITE = rgb(255, 255, 255)
RED = rgb(255, 0, 0)
GREEN = rgb(0, 255, 0)
BLUE = rgb(0, 0, 255)
YELLOW = rgb(255, 255, 0)
CYAN = rgb(0, 255, 255)
MAGENTA = rgb(255, 0, 255)
GREY = rgb(128, 128, 128)
DARK_GREY = rgb(64, 64, 64)
ORANGE = rgb(255, 160, 0)


class Tile(framebuf.FrameBuffer):
    def __init__(self, w, h):
        self.buf = bytearray(2 * w * h)
        self.w = w
        self.h = h
        super().__init__(self.buf, w, h, framebuf.RGB565)
