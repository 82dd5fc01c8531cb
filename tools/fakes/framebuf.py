# Pure-Python framebuf (RGB565 only) for CPython, mirroring MicroPython's extmod/modframebuf.c
# pixel for pixel: same clipping, line, ellipse and scroll algorithms and the same 8x8 font.
MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

# MicroPython's font_petme128_8x8 (ports/stm32/font_petme128_8x8.h), MIT licence,
# Copyright (c) 2013, 2014 Damien P. George: characters 32..127, 8 column bytes each, LSB on top.
_FONT = bytes.fromhex(
    "00000000000000000000004f4f0000000007070000070700147f7f14147f7f1400242e6b6b3a1200"
    "006333180c66630000327f4d4d777250000000040603010000001c3e63410000000041633e1c0000"
    "082a3e1c1c3e2a080008083e3e080800000080e06000000000080808080808000000006060000000"
    "00406030180c0602003e7f49457f3e000040447f7f40400000627351494f460000226349497f3600"
    "00181814167f7f1000276745457d3900003e7f49497b3200000303797d07030000367f49497f3600"
    "00266f49497f3e000000002424000000000080e46400000000081c36634141000014141414141400"
    "00414163361c080000020351590f0600003e7f414d4f2e00007c7e0b0b7e7c00007f7f49497f3600"
    "003e7f4141632200007f7f41633e1c00007f7f4949414100007f7f0909010100003e7f41497b3a00"
    "007f7f08087f7f000000417f7f410000002060417f3f0100007f7f1c36634100007f7f4040404000"
    "007f7f060c067f7f007f7f0e1c7f7f00003e7f41417f3e00007f7f09090f0600001e3f21617f5e00"
    "007f7f19396f460000266f49497b32000001017f7f010100003f7f40407f3f00001f3f60603f1f00"
    "007f7f3018307f7f0063771c1c77630000070f78780f0700006171594d47430000007f7f41410000"
    "0002060c18306040000041417f7f000000080c06060c0800c0c0c0c0c0c0c0c00000010306040000"
    "00207454547c7800007f7f44447c380000387c44446c280000387c44447f7f0000387c54545c5800"
    "00087e7f090302000098bca4a4fc7c00007f7f04047c78000000007d7d0000000040c08080fd7d00"
    "007f7f30386c44000000417f7f400000007c7c1830187c7c007c7c04047c780000387c44447c3800"
    "00fcfc24243c180000183c2424fcfc00007c7c04040c080000485c545474200004043f7f44642000"
    "003c7c40407c3c00001c3c60603c1c00001c7c3018307c1c00446c38386c4400009cbca0a0fc7c00"
    "004464745c4c44000008083e77414100000000ffff000000004141773e0808000002030103020301"
    "aa55aa55aa55aa55"
)


class FrameBuffer:
    def __init__(self, buffer, width, height, format, stride=None):
        if format != RGB565:
            raise ValueError("this host framebuf supports RGB565 only")
        self._buf = buffer
        self._mv = memoryview(buffer)
        self.width = width
        self.height = height
        self._stride = width if stride is None else stride
        if len(buffer) < 2 * self._stride * (height - 1) + 2 * width:
            raise ValueError("buffer too small")

    def _set(self, x, y, c):
        i = 2 * (y * self._stride + x)
        self._mv[i] = c & 255
        self._mv[i + 1] = (c >> 8) & 255

    def _get(self, x, y):
        i = 2 * (y * self._stride + x)
        return self._mv[i] | (self._mv[i + 1] << 8)

    def pixel(self, x, y, c=None):
        if 0 <= x < self.width and 0 <= y < self.height:
            if c is None:
                return self._get(x, y)
            self._set(x, y, c)
        return None

    def fill_rect(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= self.width:
            return
        xend = min(self.width, x + w)
        yend = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        row = bytes((c & 255, (c >> 8) & 255)) * (xend - x)
        for yy in range(y, yend):
            i = 2 * (yy * self._stride + x)
            self._mv[i:i + len(row)] = row

    def fill(self, c):
        self.fill_rect(0, 0, self.width, self.height, c)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
        else:
            self.fill_rect(x, y, w, 1, c)
            self.fill_rect(x, y + h - 1, w, 1, c)
            self.fill_rect(x, y, 1, h, c)
            self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        dx = x2 - x1
        sx = 1 if dx > 0 else -1
        dx = abs(dx)
        dy = y2 - y1
        sy = 1 if dy > 0 else -1
        dy = abs(dy)
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                self.pixel(y1, x1, c)
            else:
                self.pixel(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        self.pixel(x2, y2, c)

    def _quads(self, cx, cy, x, y, c, m):
        if m & 0x10:
            if m & 1:
                self.fill_rect(cx, cy - y, x + 1, 1, c)
            if m & 2:
                self.fill_rect(cx - x, cy - y, x + 1, 1, c)
            if m & 4:
                self.fill_rect(cx - x, cy + y, x + 1, 1, c)
            if m & 8:
                self.fill_rect(cx, cy + y, x + 1, 1, c)
        else:
            if m & 1:
                self.pixel(cx + x, cy - y, c)
            if m & 2:
                self.pixel(cx - x, cy - y, c)
            if m & 4:
                self.pixel(cx - x, cy + y, c)
            if m & 8:
                self.pixel(cx + x, cy + y, c)

    def ellipse(self, cx, cy, xr, yr, c, f=False, m=0x0F):
        m = (m & 0x0F) | (0x10 if f else 0)
        if xr == 0 and yr == 0:
            if m & 0x0F:
                self.pixel(cx, cy, c)
            return
        two_a2 = 2 * xr * xr
        two_b2 = 2 * yr * yr
        x, y = xr, 0
        xchange = yr * yr * (1 - 2 * xr)
        ychange = xr * xr
        err = 0
        stopx, stopy = two_b2 * xr, 0
        while stopx >= stopy:
            self._quads(cx, cy, x, y, c, m)
            y += 1
            stopy += two_a2
            err += ychange
            ychange += two_a2
            if 2 * err + xchange > 0:
                x -= 1
                stopx -= two_b2
                err += xchange
                xchange += two_b2
        x, y = 0, yr
        xchange = yr * yr
        ychange = xr * xr * (1 - 2 * yr)
        err = 0
        stopx, stopy = 0, two_a2 * yr
        while stopx <= stopy:
            self._quads(cx, cy, x, y, c, m)
            x += 1
            stopx += two_b2
            err += xchange
            xchange += two_b2
            if 2 * err + ychange > 0:
                y -= 1
                stopy -= two_a2
                err += ychange
                ychange += two_a2

    def text(self, s, x0, y0, c=1):
        for ch in s.encode() if isinstance(s, str) else s:
            if ch < 32 or ch > 127:
                ch = 127
            base = (ch - 32) * 8
            for j in range(8):
                if 0 <= x0 < self.width:
                    bits = _FONT[base + j]
                    y = y0
                    while bits:
                        if bits & 1 and 0 <= y < self.height:
                            self._set(x0, y, c)
                        bits >>= 1
                        y += 1
                x0 += 1

    def scroll(self, xstep, ystep):
        if xstep < 0:
            sx, xend, dx = 0, self.width + xstep, 1
            if xend <= 0:
                return
        else:
            sx, xend, dx = self.width - 1, xstep - 1, -1
            if xend >= sx:
                return
        if ystep < 0:
            y, yend, dy = 0, self.height + ystep, 1
            if yend <= 0:
                return
        else:
            y, yend, dy = self.height - 1, ystep - 1, -1
            if yend >= y:
                return
        while y != yend:
            x = sx
            while x != xend:
                self._set(x, y, self._get(x - xstep, y - ystep))
                x += dx
            y += dy

    def blit(self, src, x, y, key=-1, palette=None):
        if isinstance(src, tuple):
            src = FrameBuffer(*src)
        if palette is not None:
            raise ValueError("palette blit is not supported by the host framebuf")
        if (x >= self.width or y >= self.height or -x >= src.width or -y >= src.height):
            return
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = max(0, -x), max(0, -y)
        x0end = min(self.width, x + src.width)
        y0end = min(self.height, y + src.height)
        for yy in range(y0, y0end):
            cx1 = x1
            for xx in range(x0, x0end):
                col = src._get(cx1, y1)
                if col != key:
                    self._set(xx, yy, col)
                cx1 += 1
            y1 += 1


FrameBuffer1 = FrameBuffer
