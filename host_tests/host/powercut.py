# Fault injection for the app's storage: an in-memory flash that app.store, app.startup and
# app.past see in place of `os` and `open`, and that can lose its power before any operation
# that changes it (open for writing, each write, close, rename, remove).
#
# What survives a cut follows the filesystem:
#   "lfs"   littlefs v2 (rp2 and esp32 MicroPython's default): a file being written is its last
#           closed content, or empty if this open created it (littlefs commits the new, empty
#           entry at open and the data only at close/sync); rename and remove are atomic, and
#           rename replaces an existing target in one step.
#   "fat"   MicroPython's VfsFat: a file being written keeps the bytes written so far and, with
#           `torn`, part of the write the power cut (FatFs flushes a sector at a time); a
#           rename onto an existing file is MicroPython's remove-then-rename (two steps).
#   "fat-eexist"  as "fat", but a rename onto an existing file fails with EEXIST (a bare FatFs
#           f_rename), to exercise app.store's own fallback.
#
# It can also refuse (a full flash, ENOSPC; or a failing one) an open for writing, a write, a
# close or a rename, from op `refuse_at` on or at that op only (`refuse_once`): the op does
# not happen, and a file whose close is refused holds what a power cut would have left.
import copy

ENOENT, EEXIST, EISDIR, ENOSPC = 2, 17, 21, 28
_REFUSABLE = ("open", "write", "close", "rename")


class PowerCut(BaseException):
    """Not an Exception: no `except Exception` in the app may swallow it."""


class _Stat(tuple):
    pass


class FakeOS:
    def __init__(self, fs):
        self.fs = fs

    def stat(self, p):
        return self.fs.stat(p)

    def listdir(self, p):
        return self.fs.listdir(p)

    def rename(self, a, b):
        return self.fs.rename(a, b)

    def remove(self, p):
        return self.fs.remove(p)


class _Writer:
    def __init__(self, fs, name):
        self.fs = fs
        self.name = name
        self.buf = []
        self.closed = False

    def write(self, s):
        self.fs._op("write", self.name, s)
        self.buf.append(s)
        return len(s)

    def close(self):
        if self.closed:
            return
        try:
            self.fs._op("close", self.name)
        except OSError:
            self.closed = True
            self.fs._settle(self.name)
            raise
        self.closed = True
        self.fs.files[self.name] = "".join(self.buf)
        self.fs.writing.pop(self.name, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if exc[0] is not None and issubclass(exc[0], PowerCut):
            return False  # the power is gone: nothing more happens
        self.close()
        return False


class _Reader:
    def __init__(self, text):
        self.text = text
        self.pos = 0

    def read(self, n=-1):
        if n is None or n < 0:
            n = len(self.text) - self.pos
        s = self.text[self.pos:self.pos + n]
        self.pos += len(s)
        return s

    def readline(self):
        i = self.text.find("\n", self.pos)
        i = len(self.text) if i < 0 else i + 1
        s = self.text[self.pos:i]
        self.pos = i
        return s

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class FakeFlash:
    def __init__(self, kind="lfs", root="/fl"):
        assert kind in ("lfs", "fat", "fat-eexist")
        self.kind = kind
        self.root = root.rstrip("/")
        self.files = {}  # name -> text (what a reader sees now)
        self.dirs = set()
        self.writing = {}  # name -> (_Writer, text before the open or None if it created it)
        self.ops = 0
        self.cut_at = None  # the op number that does not happen: the power goes before it
        self.torn = False
        self.dead = False
        self.refuse_at = None  # the first op refused with OSError(errno)
        self.refuse_once = False  # only that op (else every refusable op from it on)
        self.errno = ENOSPC
        # a test's own rule, (op kind, name) -> True if the flash has no room for that op
        # (ENOSPC); kept over power cycles, as a full flash stays full
        self.no_room = None
        self.trace = []  # (n, kind, name) of every op counted

    # -- paths ---------------------------------------------------------------------------
    def _name(self, p):
        p = str(p)
        if p.startswith(self.root + "/"):
            return p[len(self.root) + 1:]
        raise OSError(ENOENT, p)

    def _op(self, kind, name, data=None):
        if self.dead:
            raise PowerCut()
        self.ops += 1
        self.trace.append((self.ops, kind, name))
        if self.cut_at is not None and self.ops >= self.cut_at:
            self.dead = True
            if kind == "write" and self.torn and self.kind != "lfs":
                w = self.writing[name][0]
                w.buf.append(data[: len(data) // 2])
            self._settle()
            raise PowerCut()
        if self.no_room is not None and self.no_room(kind, name):
            raise OSError(ENOSPC, "no room")
        k = self.refuse_at
        if k is not None and kind in _REFUSABLE and (self.ops == k or self.ops > k
                                                     and not self.refuse_once):
            raise OSError(self.errno, "refused")

    def _settle(self, only=None):
        """What the flash holds after the power went (or, `only`, of a file whose close was
        refused)."""
        for name, (w, before) in list(self.writing.items()):
            if only is not None and name != only:
                continue
            if self.kind == "lfs":
                if before is None:
                    self.files[name] = ""  # the entry was committed at open, its data not
                else:
                    self.files[name] = before
            else:
                self.files[name] = "".join(w.buf)  # what reached the sectors
            del self.writing[name]

    # -- os ----------------------------------------------------------------------------------
    def stat(self, p):
        if self.dead:
            raise PowerCut()
        if str(p).rstrip("/") == self.root:
            return _Stat((0o040000, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        n = self._name(p)
        if n in self.dirs:
            return _Stat((0o040000, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        if n in self.files:
            return _Stat((0o100000, 0, 0, 0, 0, 0, len(self.files[n]), 0, 0, 0))
        raise OSError(ENOENT, p)

    def listdir(self, p):
        if self.dead:
            raise PowerCut()
        if str(p).rstrip("/") != self.root:
            raise OSError(ENOENT, p)
        return sorted(set(self.files) | self.dirs)

    def rename(self, a, b):
        na, nb = self._name(a), self._name(b)
        if na not in self.files and na not in self.dirs:
            if self.dead:
                raise PowerCut()
            raise OSError(ENOENT, a)
        if nb in self.dirs:
            raise OSError(EISDIR, b)
        if nb in self.files and self.kind == "fat-eexist":
            self._op("rename", na + "->" + nb)  # refused, but the attempt is a point in time
            raise OSError(EEXIST, b)
        if nb in self.files and self.kind == "fat":
            self._op("remove", nb)  # MicroPython's VfsFat: remove the target, then rename
            del self.files[nb]
        self._op("rename", na + "->" + nb)
        if na in self.dirs:
            self.dirs.discard(na)
            self.dirs.add(nb)
        else:
            self.files[nb] = self.files.pop(na)

    def remove(self, p):
        n = self._name(p)
        if n in self.dirs:
            raise OSError(EISDIR, p)
        if n not in self.files:
            if self.dead:
                raise PowerCut()
            raise OSError(ENOENT, p)
        self._op("remove", n)
        del self.files[n]

    def open(self, p, mode="r"):
        n = self._name(p)
        if "w" in mode:
            if n in self.dirs:
                raise OSError(EISDIR, p)
            self._op("open", n)
            before = self.files.get(n)
            if self.kind == "lfs":
                self.files[n] = before if before is not None else ""
            else:
                self.files[n] = ""  # FatFs truncates at open
                before = None
            w = _Writer(self, n)
            self.writing[n] = (w, before)
            return w
        if self.dead:
            raise PowerCut()
        if n in self.dirs:
            raise OSError(EISDIR, p)
        if n not in self.files:
            raise OSError(ENOENT, p)
        return _Reader(self.files[n])

    # -- test helpers --------------------------------------------------------------------
    def snapshot(self):
        return copy.deepcopy(self.files), set(self.dirs)

    def restore(self, snap):
        self.files, self.dirs = copy.deepcopy(snap[0]), set(snap[1])
        self.power_on()

    def power_on(self):
        """After a cut: the same flash, powered again, counting afresh."""
        self.writing = {}
        self.dead = False
        self.cut_at = None
        self.torn = False
        self.refuse_at = None
        self.refuse_once = False
        self.ops = 0
        self.trace = []


def install(monkeypatch, fs):
    """Route every path under fs.root to fs: os.stat/listdir/rename/remove and open, for the
    whole process (app.startup and app.past are dropped from sys.modules and imported afresh
    during a run, so patching their globals would not last); other paths go through."""
    import builtins
    import os

    real = {k: getattr(os, k) for k in ("stat", "listdir", "rename", "remove")}
    real_open = builtins.open

    def ours(p):
        return isinstance(p, str) and (p == fs.root or p.startswith(fs.root + "/"))

    def wrap(k):
        def f(*a, **kw):
            if ours(a[0]):
                return getattr(fs, k)(*a)
            return real[k](*a, **kw)

        return f

    for k in real:
        monkeypatch.setattr(os, k, wrap(k))

    def op(p, mode="r", *a, **kw):
        if ours(p):
            return fs.open(p, mode)
        return real_open(p, mode, *a, **kw)

    monkeypatch.setattr(builtins, "open", op)


def cut_points(trace):
    """The ops worth cutting before: every one but the writes, of which a run's first, middle
    and last (littlefs keeps none of them; on FAT they are prefixes of one another)."""
    out = []
    run = []

    def flush():
        if run:
            for k in sorted({run[0], run[len(run) // 2], run[-1]}):
                out.append(k)
            run.clear()

    for n, kind, name in trace:
        if kind == "write":
            run.append(n)
        else:
            flush()
            out.append(n)
    flush()
    out.append(trace[-1][0] + 1 if trace else 1)  # after the last op: the power goes at the end
    return out
