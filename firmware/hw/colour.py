# RGB565 colours in the panel's wire order, so drawing surfaces (app.ui.View) need no copy.


def rgb(r, g, b):
    # framebuf stores RGB565 little-endian; the panel wants the high byte first, so colours are
    # byte-swapped once here and every buffer and fill is then wire-ready without copying.
    c = ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)
    return ((c & 0xFF) << 8) | (c >> 8)
