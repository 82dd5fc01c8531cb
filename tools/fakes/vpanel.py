# Virtual MIPI-DCS panel on a fake SPI bus: decodes commands like the controller and models its
# RAM, MADCTL addressing and the glass, so tests see what a person would see on the kit.
import array

import machine

_SWRESET = 0x01
_SLPIN = 0x10
_SLPOUT = 0x11
_NORON = 0x13
_INVOFF = 0x20
_INVON = 0x21
_DISPOFF = 0x28
_DISPON = 0x29
_CASET = 0x2A
_RASET = 0x2B
_RAMWR = 0x2C
_MADCTL = 0x36
_COLMOD = 0x3A
_MY = 0x80
_MX = 0x40
_MV = 0x20
_BGR = 0x08

# driver -> (RAM columns, RAM rows, glass columns run right to left, RAM orientation's rotation)
MODELS = {
    "st7789": (240, 320, False, 0),
    "ili9341": (240, 320, True, 0),
    "ili9342": (320, 240, False, 1),
}
# False: no model of the panel's RAM, only the bytes counted (an emulated board's heap run,
# tools/emu2040/app_heap.py, has no room for the 150 KB it takes).
KEEP_RAM = True
POWER_ON_NOISE = b"\x5a\xa5\xc3\x3c"  # two RAM words, neither black nor white on any glass


class VirtualPanel:
    def __init__(self, cs, dc, driver="st7789", glass=(240, 320), origin=(0, 0), rotation=0,
                 invert=False, bgr=False):
        # glass: native size of the visible area in RAM orientation, at RAM origin (col, row);
        # rotation: how the user holds the kit (their view); invert/bgr: properties of the glass.
        self.cs = cs
        self.dc = dc
        self.ram_w, self.ram_h, self.mirror, base = MODELS[driver]
        self.glass = glass
        self.origin = origin
        self.view = (rotation - base) % 4
        self.glass_invert = invert
        self.glass_bgr = bgr
        self.bytes_sent = 0
        self.commands = []  # every command byte received, in order (None: not kept)
        self.regs = {}  # command -> the parameter bytes last written with it (None: not kept)
        # Frame memory is undefined at power-up (a reset does not clear it either): a fixed
        # pattern stands for the noise, so a picture shown before the RAM is written is seen.
        n = self.ram_w * self.ram_h
        self.ram = array.array("H", POWER_ON_NOISE * (n // 2)) if KEEP_RAM else None
        self._reset()
        if self.view & 1:
            self.width, self.height = glass[1], glass[0]
        else:
            self.width, self.height = glass

    def _reset(self):
        self.madctl = 0
        self.colmod = 0x66
        self.inverted = False
        self.awake = False
        self.on = False
        self.cols = (0, self.ram_w - 1)
        self.rows = (0, self.ram_h - 1)
        self._cmd = None
        self._params = bytearray()
        self._hi = -1

    def receive(self, data, dc):
        self.bytes_sent += len(data)
        if dc == 0:
            for b in data:
                self._command(b)
        elif self._cmd == _RAMWR:
            self._pixels(data)
        else:
            self._params.extend(data)
            self._apply()

    def _command(self, b):
        if self.commands is not None:
            self.commands.append(b)
        self._cmd = b
        self._params = bytearray()
        if b == _SWRESET:
            self._reset()
        elif b == _SLPOUT:
            self.awake = True
        elif b == _SLPIN:
            self.awake = False
        elif b == _INVON:
            self.inverted = True
        elif b == _INVOFF:
            self.inverted = False
        elif b == _DISPON:
            self.on = True
        elif b == _DISPOFF:
            self.on = False
        elif b == _RAMWR:
            self._x = self.cols[0]
            self._y = self.rows[0]
            self._hi = -1

    def _apply(self):
        p = self._params
        if self.regs is not None:
            self.regs[self._cmd] = bytes(p)
        if self._cmd == _CASET and len(p) >= 4:
            self.cols = ((p[0] << 8) | p[1], (p[2] << 8) | p[3])
        elif self._cmd == _RASET and len(p) >= 4:
            self.rows = ((p[0] << 8) | p[1], (p[2] << 8) | p[3])
        elif self._cmd == _MADCTL and p:
            self.madctl = p[0]
        elif self._cmd == _COLMOD and p:
            self.colmod = p[0]

    def _pixels(self, data):
        if self.ram is None:
            return
        # MV exchanges the logical axes; MX and MY then mirror the RAM's column and row axes.
        # This reproduces the window offsets that vendor code uses for every rotation.
        m = self.madctl
        mv = m & _MV
        mx = m & _MX
        my = m & _MY
        rw = self.ram_w
        rh = self.ram_h
        ram = self.ram
        x0, x1 = self.cols
        y0, y1 = self.rows
        x = self._x
        y = self._y
        hi = self._hi
        for b in data:
            if hi < 0:
                hi = b
                continue
            v = (hi << 8) | b
            hi = -1
            if mv:
                c, r = y, x
            else:
                c, r = x, y
            if mx:
                c = rw - 1 - c
            if my:
                r = rh - 1 - r
            if 0 <= c < rw and 0 <= r < rh:
                ram[r * rw + c] = v
            x += 1
            if x > x1:
                x = x0
                y += 1
                if y > y1:
                    y = y0
        self._x = x
        self._y = y
        self._hi = hi

    def ram_index(self, x, y):
        # Index in RAM of the user's pixel (x, y) in the kit's orientation.
        gw, gh = self.glass
        k = self.view
        if k == 0:
            gc, gr = x, y
        elif k == 1:
            gc, gr = gw - 1 - y, x
        elif k == 2:
            gc, gr = gw - 1 - x, gh - 1 - y
        else:
            gc, gr = y, gh - 1 - x
        if self.mirror:
            gc = gw - 1 - gc
        return (self.origin[1] + gr) * self.ram_w + self.origin[0] + gc

    def raw(self, x, y):
        # RGB565 value stored in RAM behind the user's pixel (x, y).
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError("pixel outside the panel")
        return self.ram[self.ram_index(x, y)]

    def pixel(self, x, y):
        # (r, g, b), 8 bits each, as the glass shows it: dark when off or asleep.
        v = self.raw(x, y)
        if not (self.on and self.awake) or self.colmod & 0x0F != 5:
            return (0, 0, 0)
        if self.inverted != self.glass_invert:
            v ^= 0xFFFF
        r = (v >> 11) & 31
        g = (v >> 5) & 63
        b = v & 31
        if bool(self.madctl & _BGR) != self.glass_bgr:
            r, b = b, r
        return ((r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2))

    def to_png(self, path, scale=1):
        import struct
        import zlib

        rows = []
        for y in range(self.height):
            line = bytearray(b"\x00")
            for x in range(self.width):
                line.extend(bytes(self.pixel(x, y)) * scale)
            rows.append(bytes(line) * scale)
        w, h = self.width * scale, self.height * scale

        def chunk(kind, body):
            crc = zlib.crc32(kind + body) & 0xFFFFFFFF
            return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

        png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
        png += chunk(b"IDAT", zlib.compress(b"".join(rows), 6)) + chunk(b"IEND", b"")
        with open(path, "wb") as f:
            f.write(png)


def attach(profile):
    # A virtual panel wired as the kit profile says; attach before kit.setup() to see the init.
    model = MODELS[profile["driver"]]
    rot = profile.get("rotation", 0)
    w, h = profile["width"], profile["height"]
    if rot & 1:
        w, h = h, w  # portrait-native size
    if model[3] & 1:
        w, h = h, w  # landscape-native RAM (ILI9342)
    off = profile.get("offsets") or [0, 0]
    if isinstance(off[0], list):
        off = off[model[3]]  # the origin is the offset at the RAM's own orientation
    inv = profile.get("invert", False)
    if inv == "rst":  # the glass's own: a high reset line is the inverted IPS panel (kit.py)
        inv = machine.level(profile["rst"]) == 1
    panel = VirtualPanel(profile["cs"], profile["dc"], profile["driver"], (w, h), tuple(off), rot,
                         inv, profile.get("bgr", False))
    machine.devices.setdefault(profile["spi"]["id"], []).append(panel)
    return panel
