# The app's only file access: json records written atomically, damaged ones moved aside.
import json
import os

_TMP = ".tmp"
_BAD = ".bad"
_MAX_BAD = 9  # numbered *.bad names tried before the last one is reused


class Damaged(Exception):
    """A record exists but cannot be used; it has been renamed to `moved_to`."""

    def __init__(self, name, moved_to):
        super().__init__(name)
        self.name = name
        self.moved_to = moved_to


class Store:
    def __init__(self, root="/"):
        self.root = root.rstrip("/") + "/"
        self._drop_tmp()

    def path(self, name):
        return self.root + name

    def _exists(self, p):
        try:
            os.stat(p)
            return True
        except OSError:
            return False

    def _drop_tmp(self):
        # A *.tmp left by a power cut is never trusted: the record it was replacing is still
        # complete, except on FAT where save() had to remove it first; then the tmp is the save.
        try:
            names = os.listdir(self.root)
        except OSError:
            return
        for n in names:
            if n.endswith(".json" + _TMP):
                main = self.path(n[:-len(_TMP)])
                if self._exists(main):
                    os.remove(self.path(n))
                else:
                    try:
                        with open(self.path(n)) as f:
                            json.load(f)
                        os.rename(self.path(n), main)
                    except (OSError, ValueError):
                        os.remove(self.path(n))

    def exists(self, name):
        return self._exists(self.path(name))

    def save(self, name, data):
        p = self.path(name)
        t = p + _TMP
        with open(t, "w") as f:
            json.dump(data, f)
        try:
            os.rename(t, p)  # littlefs and POSIX replace the target in one step
        except OSError:
            # FAT refuses to rename over a file; the window without `p` is covered by _drop_tmp.
            os.remove(p)
            os.rename(t, p)

    def load(self, name, check=None):
        """The record, None if there is none; raises Damaged (after moving the file aside) if it
        is unreadable or `check(data)` raises."""
        p = self.path(name)
        try:
            f = open(p)
        except OSError:
            return None
        try:
            with f:
                data = json.load(f)
            if check is not None:
                check(data)
            return data
        except MemoryError:
            raise  # a full heap says nothing about the file
        except Exception:  # any parse or shape error: the file is not ours to trust
            raise Damaged(name, self.set_aside(name))

    def set_aside(self, name):
        p = self.path(name)
        base = p[:-5] if p.endswith(".json") else p
        dst = base + _BAD
        for k in range(1, _MAX_BAD + 1):
            if not self._exists(dst):
                break
            dst = base + "-%d%s" % (k, _BAD)
        else:
            os.remove(dst)  # only our own oldest *.bad is ever overwritten
        os.rename(p, dst)
        return dst[len(self.root):]

    def remove(self, name):
        try:
            os.remove(self.path(name))
        except OSError:
            pass
