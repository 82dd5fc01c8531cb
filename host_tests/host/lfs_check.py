# Run by test_app_littlefs.py under the MicroPython unix port: the app's saves on MicroPython's
# own littlefs (VfsLfs2, as rp2 and esp32 boards mount their flash) over a RAM block device,
# checking powercut.FakeFlash's "lfs" model against the real filesystem. Two sweeps, each
# followed by a remount and the app's boot code (app.startup.boot):
#   cuts:  the power goes before each block program or erase of the action (and again with
#          that program half done);
#   fills: a filler file leaves less and less room, so the flash refuses the action at each
#          step of it (ENOSPC), then a boot with the flash still full, then one with room.
# After each: the boot ran, the saved game is the one before or after the action, every past
# game is there once, the settings are the old or the new ones. Prints "ok NAME ..." per sweep.
# Arguments: block size, block count.
import json
import os
import sys
import vfs

from app import past, startup
from app.session import Session
from app.store import Store
from gomoku import game as G

BS = int(sys.argv[1])
NB = int(sys.argv[2])
ROOT = "/fl"
WIN = ["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "g8"]


class PowerCut(Exception):
    pass


class Dev:
    """A block device in RAM (the extended interface littlefs uses) that can lose its power."""

    def __init__(self, data=None):
        self.data = bytearray(data) if data is not None else bytearray(b"\xff" * (NB * BS))
        self.budget = -1  # block writes left before the cut (-1: no cut)
        self.torn = False
        self.ops = 0
        # After the cut nothing reaches the blocks: the finalizers of the files the cut left
        # open still write, from the garbage collector, with the heap locked (so neither a new
        # exception nor a slice).
        self.dead = False
        self.cut = PowerCut()

    def _op(self, a, buf):
        self.ops += 1
        if self.budget == 0:
            self.dead = True
            if self.torn and buf is not None:
                for i in range(len(buf) // 2):
                    self.data[a + i] = buf[i]
            raise self.cut
        if self.budget > 0:
            self.budget -= 1

    def readblocks(self, b, buf, off=0):
        if not self.dead:
            a = b * BS + off
            buf[:] = self.data[a:a + len(buf)]

    def writeblocks(self, b, buf, off=0):
        if self.dead:
            return
        a = b * BS + off
        self._op(a, buf)
        self.data[a:a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return NB
        if op == 5:
            return BS
        if op == 6 and not self.dead:
            a = arg * BS
            self._op(a, None)
            self.data[a:a + BS] = b"\xff" * BS
        return 0


_mounted = [False]


def mount(data=None):
    if _mounted[0]:
        vfs.umount(ROOT)
    d = Dev(data)
    if data is None:
        vfs.VfsLfs2.mkfs(d)
    vfs.mount(vfs.VfsLfs2(d), ROOT)
    _mounted[0] = True
    return d


def session(moves):
    s = Session("pnp", {}, lambda: 0, 1)
    for m in moves:
        s.game.play(s.game.board.parse(m))
    return s


def old_game(k):
    # test_app_power_cuts._old_game's game, written again: that module imports pytest, which
    # this script's interpreter (the MicroPython unix port) has not.
    g = G.Game()
    for n in ["a%d" % (k + 1), "o%d" % (k + 1), "b%d" % (k + 1), "n%d" % (k + 1)]:
        g.play(g.board.parse(n))
    g.resign(0)
    return Session("pnp", {}, lambda: 0, 1, g)


class _Display:
    width = height = 240


class _Hw:
    display = _Display()


class App:
    """What app.startup.boot() fills."""

    def __init__(self):
        self.store = Store(ROOT)
        self.clock = lambda: 0
        self.notice = ""
        self.hw = _Hw()


def boot():
    """(the saved game's moves or None, {past number: its moves}, the App) after a boot."""
    a = App()
    startup.boot(a, "settings.json", "game.json")
    saved = None
    if a.saved is not None:
        b = a.saved.game.board
        saved = [b.name(i) for i in b.hist]
    kept = {}
    for n in past.numbers(a.store):
        with open(a.store.path(past.name(n))) as f:
            b = past.open_game(json.load(f), lambda: 0, n).game.board
        kept[n] = [b.name(i) for i in b.hist]
    return saved, kept, a


# -- the actions ---------------------------------------------------------------------------
def save_game(moves):
    return Store(ROOT).save("game.json", session(moves).export())


def end():
    """A game's end as app.past.keep() writes it: its save, its record (the oldest
    beyond KEEP dropped first; refused, the save renamed into it), then its save removed
    unless the record was refused."""
    st = Store(ROOT)
    s = session(WIN)
    st.save("game.json", past._named(s, s.export()))
    if not past.add(st, s, 0, "game.json")[1]:
        st.remove("game.json")
        st.remove("game.json.tmp")


def eight_kept():
    st = Store(ROOT)
    for k in range(past.KEEP):
        past.add(st, old_game(k))
    save_game(WIN[:-1])


def settings(v):
    Store(ROOT).save("settings.json", {"s": {"theme": v, "marks": v}, "n": {}})


def ended(st):
    return (st[0], st[1]) in ((WIN[:-1], {}), (None, {1: WIN}))


def ended_eight(st):
    saved, kept = st[0], st[1]
    if saved is not None:  # not kept (refused): the oldest may have gone to make room
        return saved == WIN[:-1] and sorted(kept) in (list(range(1, 9)), list(range(2, 9)))
    return sorted(kept) == list(range(2, 10)) and kept[9] == WIN


def set_old_or_new(st):
    s = st[2].settings
    return s["theme"] in (0, 1) and s["theme"] == s["marks"] and st[2].notice == ""


SWEEPS = (
    ("move", lambda: save_game(["h8", "i9"]), lambda: save_game(["h8", "i9", "j10"]),
     lambda st: st[0] in (["h8", "i9"], ["h8", "i9", "j10"]) and st[1] == {}),
    ("end", lambda: save_game(WIN[:-1]), end, ended),
    ("end with eight kept", eight_kept, end, ended_eight),
    ("settings", lambda: settings(0), lambda: settings(1), set_old_or_new),
)


def _check(name, how, check):
    st = boot()
    if not check(st):
        raise AssertionError("%s, %s: %r %r" % (name, how, st[:2], sorted(os.listdir(ROOT))))


def sweep_cuts(name, setup, action, check):
    d = mount()
    setup()
    base = bytes(d.data)
    d = mount(base)
    action()
    total = d.ops
    for torn in (False, True):
        for k in range(total + 1):
            d = mount(base)
            d.budget, d.torn = k, torn
            try:
                action()
            except PowerCut:
                pass
            mount(bytes(d.data))
            _check(name, "cut before block op %d (torn: %s)" % (k, torn), check)
    print("ok cuts", name, total)


def sweep_fills(name, setup, action, check, step=128):
    tried = 0
    for fill in range(0, NB * BS, step):
        mount()
        setup()
        try:
            with open(ROOT + "/filler", "wb") as f:
                for _ in range(fill // 64):
                    f.write(b"x" * 64)
        except OSError:
            break  # no room left for the action at all: done
        action()  # raises nothing
        boot()  # on the full flash
        os.remove(ROOT + "/filler")
        _check(name, "%d bytes filled" % fill, check)
        tried += 1
    print("ok fills", name, tried)


for sw in SWEEPS:
    sweep_cuts(*sw)
    sweep_fills(*sw)
