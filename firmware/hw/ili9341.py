# ILI9341 (240x320 RAM) and ILI9342C (320x240 RAM, M5Stack) controllers.
from hw.panel import Panel

from micropython import const


_SWRESET = const(0x01)
_SLPOUT = const(0x11)
_GAMSET = const(0x26)
_VSCRSADD = const(0x37)
_PIXSET = const(0x3A)
_FRMCTR1 = const(0xB1)
_DFUNCTR = const(0xB6)
_PWCTRL1 = const(0xC0)
_PWCTRL2 = const(0xC1)
_VMCTRL1 = const(0xC5)
_VMCTRL2 = const(0xC7)
_PWCTRLA = const(0xCB)
_PWCTRLB = const(0xCF)
_PGAMCTRL = const(0xE0)
_NGAMCTRL = const(0xE1)
_DTCTRLA = const(0xE8)
_DTCTRLB = const(0xEA)
_PWONCTRL = const(0xED)
_EN3GAM = const(0xF2)
_PUMPRC = const(0xF7)


class ILI9341(Panel):
    # The glass's source lines run right to left, so upright portrait needs MX.
    MADCTL = (0x40, 0x20, 0x80, 0xE0)
    INIT = (
        (_SWRESET, None, 150),
        (_PWCTRLB, b"\x00\xc1\x30", 0),
        (_PWONCTRL, b"\x64\x03\x12\x81", 0),
        (_DTCTRLA, b"\x85\x00\x78", 0),
        (_PWCTRLA, b"\x39\x2c\x00\x34\x02", 0),
        (_PUMPRC, b"\x20", 0),
        (_DTCTRLB, b"\x00\x00", 0),
        (_PWCTRL1, b"\x23", 0),
        (_PWCTRL2, b"\x10", 0),
        (_VMCTRL1, b"\x3e\x28", 0),
        (_VMCTRL2, b"\x86", 0),
        (_VSCRSADD, b"\x00", 0),
        (_PIXSET, b"\x55", 0),  # 16 bits per pixel
        (_FRMCTR1, b"\x00\x18", 0),
        (_DFUNCTR, b"\x08\x82\x27", 0),
        (_EN3GAM, b"\x00", 0),
        (_GAMSET, b"\x01", 0),
        (_PGAMCTRL, b"\x0f\x31\x2b\x0c\x0e\x08\x4e\xf1\x37\x07\x10\x03\x0e\x09\x00", 0),
        (_NGAMCTRL, b"\x00\x0e\x14\x03\x11\x07\x31\xc1\x48\x08\x0f\x0c\x31\x36\x0f", 0),
        (_SLPOUT, None, 120),
    )


class ILI9342(ILI9341):
    # Landscape-native RAM: rotation 1 (landscape) needs no exchange at all.
    MADCTL = (0xA0, 0x00, 0x60, 0xC0)
