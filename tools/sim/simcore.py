# The simulated kit behind every simulator front end: the unchanged app on the fake machine
# layer, held pins, timed taps, a fast RGB frame of the virtual panel and the script player.
import os
import sys
import zlib
import struct
from operator import itemgetter

_TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(_TOOLS)
for _p in (os.path.join(_TOOLS, "fakes"), os.path.join(ROOT, "firmware")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import machine  # noqa: E402  (the fake: tools/fakes/machine.py)
import vpanel  # noqa: E402
from hw import kit, panel  # noqa: E402
from hw import clock as hwclock  # noqa: E402

import simkeys  # noqa: E402

FRAME_MS = 16  # one loop pass at ~60 passes a second
TAP_MS = 60  # a short press: past the 20 ms debounce with a few loop passes to spare
GAP_MS = 60  # released this long before the same key can be pressed again
LONG_MS = 600  # past the 500 ms long-press threshold, before its first repeat (750)
_PERIOD = 1 << 30  # the ticks period of hw.clock


class RealClock:
    virtual = False

    def __init__(self):
        self.read = hwclock.ticks_ms

    def pace(self, busy, t_start):
        # ~60 passes a second while idle; a thinking AI already spends its slice in step().
        if not busy:
            left = FRAME_MS - hwclock.ticks_diff(hwclock.ticks_ms(), t_start)
            if left > 0:
                hwclock.sleep_ms(left)


class VirtualClock:
    """Scripted runs: time moves one frame per pass and 1 ms per read (so the AI's time slices
    end), never sleeps; runs are as fast as the host allows and repeat exactly."""
    virtual = True

    def __init__(self, start=1000, drift=1):
        self.t = start
        self.drift = drift

    def read(self):
        self.t = (self.t + self.drift) % _PERIOD
        return self.t

    def pace(self, busy, t_start):
        self.t = (self.t + FRAME_MS) % _PERIOD


class Watch:
    """Stands on the SPI bus in place of the virtual panel and notes that it received data."""

    def __init__(self, panel):
        self.panel = panel
        self.cs = panel.cs
        self.dc = panel.dc
        self.dirty = True

    def receive(self, data, dc):
        self.dirty = True
        self.panel.receive(data, dc)


_LUTS = {}


def _lut(invert, bgr):
    # RGB565 value in panel RAM -> the 3 bytes the glass shows, as VirtualPanel.pixel() decodes it.
    key = (invert, bgr)
    t = _LUTS.get(key)
    if t is None:
        t = []
        for v in range(65536):
            if invert:
                v ^= 0xFFFF
            r = (v >> 11) & 31
            g = (v >> 5) & 63
            b = v & 31
            if bgr:
                r, b = b, r
            t.append(bytes(((r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2))))
        _LUTS[key] = t
    return t


class Pins:
    """Button pins held by several sources at once (keys, mouse, taps); a pin reads pressed while
    any source holds it. A source may ask for a minimum hold, e.g. to make a long press. Taps
    wait in one queue, in the order they came, each pressed after the one before it was released
    and GAP_MS passed: keys that arrive in one terminal read (Down then Enter) were tapped at once
    from queues of their own, and the app saw them in pin order."""

    def __init__(self, clock):
        self.clock = clock
        self.holders = {}  # pin -> {source: release not before}
        self.taps = []  # [(pin, hold ms), ...] waiting, oldest first
        self.tapping = None  # pin the current tap holds
        self.free_at = {}  # pin -> time it may be pressed again
        self.next_tap = None  # time the next tap may start (GAP_MS after the last one)

    def _apply(self, pin):
        if self.holders.get(pin):
            machine.press(pin)
        else:
            machine.release(pin)

    def hold(self, pin, source, min_ms=0):
        self.holders.setdefault(pin, {})[source] = [hwclock.ticks_add(self.clock.read(), min_ms),
                                                     False]
        self._apply(pin)

    def release(self, pin, source):
        h = self.holders.get(pin, {}).get(source)
        if h is not None:
            h[1] = True  # let go; the pin follows once the minimum hold is over
            self.update(self.clock.read())

    def tap(self, pin, ms=TAP_MS, limit=3):
        # a terminal's key repeat must not queue up minutes of presses: a key with `limit` taps
        # waiting drops the next; the other keys' taps keep their places
        if sum(1 for p, _ in self.taps if p == pin) < limit:
            self.taps.append((pin, ms))

    def extend(self, pin, ms):
        """Keep the pin a tap holds down at least `ms` more (a terminal's repeat of a held
        key); False when no tap holds it now."""
        h = self.holders.get(pin, {}).get(("tap", pin))
        if h is None:
            return False
        until = hwclock.ticks_add(self.clock.read(), ms)
        if hwclock.ticks_diff(until, h[0]) > 0:
            h[0] = until
        return True

    def waiting(self, pin):
        return any(p == pin for p, _ in self.taps)

    def busy(self, pin=None):
        if pin is None:
            return bool(self.taps) or any(self.holders.values())
        return bool(self.holders.get(pin)) or any(p == pin for p, _ in self.taps)

    def pressed(self, pin):
        return bool(self.holders.get(pin))

    def _ready(self, pin, now):
        if self.tapping is not None or self.holders.get(pin):
            return False
        if self.next_tap is not None:
            if hwclock.ticks_diff(now, self.next_tap) < 0:
                return False
            self.next_tap = None
        return hwclock.ticks_diff(now, self.free_at.get(pin, now)) >= 0

    def update(self, now):
        for pin in list(self.holders):
            hs = self.holders[pin]
            for src in [s for s, (until, let_go) in hs.items()
                        if let_go and hwclock.ticks_diff(now, until) >= 0]:
                del hs[src]
                if src == ("tap", pin):
                    self.tapping = None
                    self.next_tap = hwclock.ticks_add(now, GAP_MS)
                if not hs:
                    self.free_at[pin] = hwclock.ticks_add(now, GAP_MS)
            self._apply(pin)
        if self.taps and self._ready(self.taps[0][0], now):
            pin, ms = self.taps.pop(0)
            self.tapping = pin
            self.holders.setdefault(pin, {})[("tap", pin)] = [hwclock.ticks_add(now, ms), True]
            self._apply(pin)


class Sim:
    """One simulated kit running the app. `step()` is one pass of the device's main loop."""

    def __init__(self, board, data_dir, clock=None):
        self.clock = clock or RealClock()
        self.profile = kit.load_profile(board)  # ValueError listing the known kits
        self.name = self.profile["id"]
        panel.sleep_ms = lambda ms: None  # controller delays matter on glass, not here
        machine.reset_state()
        self.panel = vpanel.attach(self.profile)
        devs = machine.devices[self.profile["spi"]["id"]]
        self.watch = Watch(self.panel)
        devs[devs.index(self.panel)] = self.watch
        self.hw = kit.setup(profile=self.profile, ticks=self.clock.read)
        self.width = self.panel.width
        self.height = self.panel.height
        self.keys = simkeys.kit_keys(self.profile)
        self.pins = Pins(self.clock)
        self.data_dir = data_dir
        os.makedirs(data_dir, exist_ok=True)
        from app.app import App

        self.app = App(self.hw, data_dir, self.clock.read)
        self._index = None
        self._shown = None  # (backlight, tone) last reported, for front ends' redraw checks

    # -- loop --------------------------------------------------------------------------------
    def step(self):
        now = self.clock.read()
        self.pins.update(now)
        self.app.step(now)
        return now

    def busy(self):
        return self.app.busy()

    def game_over(self):
        play = self.app.game
        return play is not None and play.s.game.over()

    def pass_(self):
        """step() then pace the loop: ~60 passes a second while idle (app.run() sleeps 10 ms
        on a board; a window needs no more than its frame rate)."""
        t = self.step()
        self.clock.pace(self.busy(), t)

    # -- keys --------------------------------------------------------------------------------
    def action_pin(self, action):
        """(pin, long press needed) that gives `action` on this kit, or None."""
        return self.keys.action_pin(action)

    def tap_action(self, action):
        hit = self.action_pin(action)
        if hit is None:
            return False
        pin, long = hit
        self.pins.tap(pin, LONG_MS if long else TAP_MS)
        return True

    # -- the picture -------------------------------------------------------------------------
    def dirty(self):
        """True once after the panel received data or the backlight changed."""
        state = (self.backlight(), )
        d = self.watch.dirty or state != self._shown
        self.watch.dirty = False
        self._shown = state
        return d

    def backlight(self):
        bl = self.profile.get("bl")
        if bl is None:
            return 100
        pwm = machine.pwms.get(bl)
        if pwm is not None:
            return pwm.duty_u16() * 100 // 65535
        return 100 if machine.level(bl) else 0

    def tone(self):
        buz = self.profile.get("buzzer")
        pwm = machine.pwms.get(buz) if buz is not None else None
        return pwm.tone() if pwm is not None else 0

    def _indexes(self):
        # RAM index behind every user pixel, in reading order (as VirtualPanel.raw() maps it).
        if self._index is None:
            p = self.panel
            out = [p.ram_index(x, y) for y in range(p.height) for x in range(p.width)]
            self._index = itemgetter(*out)
        return self._index

    def frame(self):
        """The panel as the user sees it: width*height*3 bytes of RGB, backlight included."""
        p = self.panel
        if not (p.on and p.awake) or p.colmod & 0x0F != 5:
            return bytes(3 * p.width * p.height)
        lut = _lut(p.inverted != p.glass_invert, bool(p.madctl & 0x08) != p.glass_bgr)
        rgb = b"".join(map(lut.__getitem__, self._indexes()(p.ram)))
        level = self.backlight()
        if level < 100:
            rgb = rgb.translate(bytes(v * level // 100 for v in range(256)))
        return rgb

    def save_png(self, path, scale=1):
        write_png(path, self.frame(), self.width, self.height, scale)


def write_png(path, rgb, w, h, scale=1):
    rows = []
    for y in range(h):
        line = rgb[3 * w * y:3 * w * (y + 1)]
        if scale > 1:
            line = b"".join(line[i:i + 3] * scale for i in range(0, len(line), 3))
        rows.append((b"\x00" + line) * scale)

    def chunk(kind, body):
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w * scale, h * scale, 8,
                                                             2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
    d = os.path.dirname(path)
    if d:
        os.makedirs(d, exist_ok=True)
    with open(path, "wb") as f:
        f.write(png)
