# ST7789 controller (240x320 RAM): init sequence and rotation table.
from hw.panel import Panel

from micropython import const


_SWRESET = const(0x01)
_SLPOUT = const(0x11)
_NORON = const(0x13)
_COLMOD = const(0x3A)
_PORCTRL = const(0xB2)
_GCTRL = const(0xB7)
_VCOMS = const(0xBB)
_LCMCTRL = const(0xC0)
_VDVVRHEN = const(0xC2)
_VRHS = const(0xC3)
_VDVS = const(0xC4)
_FRCTRL2 = const(0xC6)
_PWCTRL1 = const(0xD0)


class ST7789(Panel):
    # MX|MV, MX|MY and MY|MV turn the image by 90, 180 and 270 degrees.
    MADCTL = (0x00, 0x60, 0xC0, 0xA0)
    INIT = (
        (_SWRESET, None, 150),
        (_SLPOUT, None, 120),
        (_COLMOD, b"\x55", 10),  # 16 bits per pixel
        (_PORCTRL, b"\x0c\x0c\x00\x33\x33", 0),
        (_GCTRL, b"\x35", 0),
        (_VCOMS, b"\x19", 0),
        (_LCMCTRL, b"\x2c", 0),
        (_VDVVRHEN, b"\x01", 0),
        (_VRHS, b"\x12", 0),
        (_VDVS, b"\x20", 0),
        (_FRCTRL2, b"\x0f", 0),  # 60 Hz
        (_PWCTRL1, b"\xa4\xa1", 0),
        (_NORON, None, 10),
    )
