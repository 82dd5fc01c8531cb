# Drives the app like a person: presses the kit's buttons on the fake board and advances a fake
# clock; helpers read the virtual panel's pixels.
import tempfile

import hwfix
import machine
from app.app import App

# Every driver's save folder lives in one temporary folder, removed when the tests end.
_TMP = tempfile.TemporaryDirectory(prefix="gomoku-app-")

TAP_MS = 40  # a tap: the press counts when a second reading agrees, then 20 ms of chatter
HOLD_MS = 600  # past the 500 ms long-press threshold, before its first repeat (750)


class Driver:
    def __init__(self, kit="pico_lcd_13", root=None, start=1000, drift=0):
        self.hw, self.screen, self.profile = hwfix.build(kit)
        self.root = root or tempfile.mkdtemp(dir=_TMP.name)
        self.t = start
        self.drift = drift  # ms the clock moves on every read: makes the AI's slices end
        self.app = App(self.hw, self.root, self.now)

    def now(self):
        self.t += self.drift
        return self.t

    def run(self, ms, step=10):
        # counted passes, so a drifting clock cannot make a key press go unseen
        for _ in range(ms // step):
            self.t += step
            self.app.step(self.t)

    def _pin(self, action):
        # (gpio, held long?) that produces `action`: a plain key first, else a long-press alias.
        alias = None
        for pin, act in self.profile["buttons"].items():
            if act == action or (isinstance(act, list) and act[0] == action):
                return int(pin), False
            if isinstance(act, list) and act[1] == action:
                alias = int(pin)
        if alias is None:
            raise KeyError("kit %s has no %s" % (self.profile["id"], action))
        return alias, True

    def press(self, action, times=1):
        for _ in range(times):
            pin, long = self._pin(action)
            machine.press(pin)
            self.run(HOLD_MS if long else TAP_MS)
            machine.release(pin)
            self.run(TAP_MS)

    def bytes(self):
        return self.screen.bytes_sent

    # -- menus -------------------------------------------------------------------------------
    def menu_keys(self):
        return [i.key for i in self.app.screen.items]

    def choose(self, key):
        """Walk the open menu to item `key` with the kit's keys and press place."""
        m = self.app.screen
        fwd = "down" if self.app.keys.dpad else "right"
        for _ in range(len(m.items)):
            if m.items[m.sel].key == key:
                self.press("place")
                return
            self.press(fwd)
        raise KeyError(key)

    def set_option(self, key, name):
        """Cycle a menu value with place until it reads `name`."""
        m = self.app.screen
        fwd = "down" if self.app.keys.dpad else "right"
        while m.items[m.sel].key != key:
            self.press(fwd)
        it = m.items[m.sel]
        for _ in range(len(it.names)):
            if it.names[it.index] == name:
                return
            self.press("place")
        raise ValueError(name)

    def new_game(self, mode, replace=True, **opts):
        """Start a game from the main menu; replace: say yes if the unfinished game's save
        would be replaced (else that question stays open)."""
        self.choose(mode)
        for k, v in opts.items():
            self.set_option(k, v)
        self.choose("start")
        if replace and getattr(self.app.screen, "title", "") == "Replace saved game?":
            self.choose("yes")

    def goto(self, name):
        """Move the cursor to a point name like 'h8' with the d-pad."""
        play = self.app.game
        b = play.s.game.board
        tx, ty = b.xy(b.parse(name))
        x, y = b.xy(play.cursor)
        self.press("right" if tx > x else "left", abs(tx - x))
        self.press("down" if ty > y else "up", abs(ty - y))
        assert play.cursor == b.parse(name)

    def play(self, *names):
        for n in names:
            self.goto(n)
            self.press("place")

    # -- screen reading ------------------------------------------------------------------------
    def pixel(self, x, y):
        return self.screen.pixel(x, y)

    def cell_centre(self, i):
        v = self.app.game.view
        x, y = v.origin(i)
        c = v.L.cell
        return x + c // 2, y + c // 2

    def stone_px(self, i):
        # inside the stone, clear of the last-move marker at the centre
        v = self.app.game.view
        x, y = v.origin(i)
        c = v.L.cell
        r = (c - 2) // 2
        return x + c // 2 - (2 * r) // 3, y + c // 2 - 1  # off the grid lines

    def cell_corner(self, i):
        # inside the cell, clear of the cursor frame and the grid lines
        v = self.app.game.view
        x, y = v.origin(i)
        c = v.L.cell
        return x + 1 + (c >= 10), y + 1 + (c >= 10)


def shows_text(screen, x, y, text, fg):
    """Does the panel show `text` in the 8x8 font at (x, y) in colour fg (a tile colour)?"""
    from app.ui import Scratch

    t = Scratch(16 * len(text) * 8).view(8 * len(text), 8)
    t.fill(0)
    t.text(text, 0, 0, 0xFFFF)
    want = rgb(fg)
    ink = 0
    for yy in range(8):
        for xx in range(8 * len(text)):
            if t.pixel(xx, yy) == 0xFFFF:
                ink += 1
                if not close(screen.pixel(x + xx, y + yy), want):
                    return False
    return ink > 0


def rgb(c):
    """(r, g, b) the panel shows for a tile colour int (the fake stores RGB565 byte-swapped)."""
    v = ((c & 0xFF) << 8) | (c >> 8)
    r = (v >> 11) & 31
    g = (v >> 5) & 63
    b = v & 31
    return ((r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2))


def close(a, b, tol=12):
    return all(abs(p - q) <= tol for p, q in zip(a, b))


class Flash:
    """open() for app.store on a flash with `room` bytes left, which it fills, then refuses
    with `errno` (28 ENOSPC: full; 5 EIO: failing)."""

    def __init__(self, room, errno=28):
        self.room = room
        self.errno = errno

    def __call__(self, path, mode="r"):
        f = open(path, mode)
        if "w" not in mode:
            return f
        flash = self

        class Part:
            def write(self, s):
                if len(s) > flash.room:
                    f.write(s[:flash.room])
                    flash.room = 0
                    raise OSError(flash.errno, "refused")
                flash.room -= len(s)
                return f.write(s)

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                f.close()

        return Part()
