# MIPI-DCS SPI panel: init, rotation, windowed writes, chunked solid fills, backlight, sleep.
from hw.clock import sleep_ms

from micropython import const


_SLPIN = const(0x10)
_SLPOUT = const(0x11)
_INVOFF = const(0x20)
_INVON = const(0x21)
_DISPOFF = const(0x28)
_DISPON = const(0x29)
_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)
_MADCTL = const(0x36)
_BGR = const(0x08)
_CHUNK = const(256)  # pixels per fill write: 512 bytes is the only buffer the driver keeps


class Panel:
    # Subclasses set these: MADCTL per rotation 0..3 and INIT = ((cmd, data bytes, delay_ms), ...).
    MADCTL = (0, 0, 0, 0)
    INIT = ()

    def __init__(self, spi, cs, dc, rst=None, bl=None, width=240, height=240, rotation=0,
                 offsets=None, invert=False, bgr=False, tune=()):
        self._spi = spi
        self._cs = cs
        self._dc = dc
        self._bl = bl  # machine.PWM (duty_u16), machine.Pin, or None
        self._bgr = _BGR if bgr else 0
        # width/height are given for the profile's rotation; keep the portrait-native size.
        if rotation & 1:
            width, height = height, width
        self._native = (width, height)
        self._offsets = offsets or ((0, 0),) * 4
        self._fill = bytearray(2 * _CHUNK)
        self._fillmv = memoryview(self._fill)
        self._colour = -1
        self._b1 = bytearray(1)
        self._b4 = bytearray(4)
        self._level = 100
        cs.value(1)
        if rst is not None:
            rst.value(1)
            sleep_ms(5)
            rst.value(0)
            sleep_ms(20)
            rst.value(1)
            sleep_ms(120)
        for cmd, data, delay in self.INIT:
            self._command(cmd, data)
            if delay:
                sleep_ms(delay)
        for cmd, data in tune:  # the kit vendor's voltages and gamma curves for its glass
            self._command(cmd, data)
        self._command(_INVON if invert else _INVOFF)
        self.set_rotation(rotation)
        # The frame memory holds noise from power-up (or the last run's picture): DISPON would
        # show it, lit, until the app's first screen after its imports.
        self.fill(0)
        self._command(_DISPON)
        sleep_ms(10)
        self.backlight(100)

    def _command(self, cmd, data=None):
        self._cs.value(0)
        self._send(cmd, data)
        self._cs.value(1)

    def _send(self, cmd, data):
        # Caller holds CS low so a whole windowed write is one transaction.
        self._b1[0] = cmd
        self._dc.value(0)
        self._spi.write(self._b1)
        self._dc.value(1)
        if data:
            self._spi.write(data)

    def _range(self, cmd, a, n):
        b = self._b4
        e = a + n - 1
        b[0] = a >> 8
        b[1] = a & 255
        b[2] = e >> 8
        b[3] = e & 255
        self._send(cmd, b)

    def _window(self, x, y, w, h):
        self._range(_CASET, x + self._ox, w)
        self._range(_RASET, y + self._oy, h)
        self._send(_RAMWR, None)

    def set_rotation(self, r):
        r &= 3
        self.rotation = r
        w, h = self._native
        self.width, self.height = (h, w) if r & 1 else (w, h)
        self._ox, self._oy = self._offsets[r]
        self._b1[0] = self.MADCTL[r] | self._bgr
        self._command(_MADCTL, bytes(self._b1))

    def fill_rect(self, x, y, w, h, c):
        if x < 0:
            w += x
            x = 0
        if y < 0:
            h += y
            y = 0
        w = min(w, self.width - x)
        h = min(h, self.height - y)
        if w <= 0 or h <= 0:
            return
        mv = self._fillmv
        if c != self._colour:
            # Fill the chunk by doubling: a few memory copies instead of a per-pixel loop.
            self._colour = c
            mv[0] = c & 255
            mv[1] = c >> 8
            n = 2
            size = len(mv)
            while n < size:
                m = min(n, size - n)
                mv[n:n + m] = mv[0:m]
                n += m
        n = w * h
        self._cs.value(0)
        self._window(x, y, w, h)
        spi = self._spi
        while n >= _CHUNK:
            spi.write(mv)
            n -= _CHUNK
        if n:
            spi.write(mv[:2 * n])
        self._cs.value(1)

    def fill(self, c):
        self.fill_rect(0, 0, self.width, self.height, c)

    def blit(self, buf, x, y, w, h):
        if x < 0 or y < 0 or x + w > self.width or y + h > self.height:
            raise ValueError("blit outside the screen")
        self._cs.value(0)
        self._window(x, y, w, h)
        n = 2 * w * h
        self._spi.write(buf if len(buf) == n else memoryview(buf)[:n])
        self._cs.value(1)

    def backlight(self, level):
        self._level = level = max(0, min(100, level))
        bl = self._bl
        if bl is None:
            return
        if hasattr(bl, "duty_u16"):
            bl.duty_u16(level * 65535 // 100)
        else:
            bl.value(1 if level else 0)

    def sleep(self, on):
        level = self._level
        if on:
            self.backlight(0)
            self._level = level
            self._command(_DISPOFF)
            self._command(_SLPIN)
            # datasheets: SLPOUT no sooner than 120 ms after SLPIN (a key could wake it at once);
            # the wait falls when the kit has been left idle
            sleep_ms(120)
        else:
            self._command(_SLPOUT)
            sleep_ms(120)  # datasheets: wait 120 ms after SLPOUT before the next SLPIN
            self._command(_DISPON)
            self.backlight(level)
