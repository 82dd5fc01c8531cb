# The app's saves: json records written atomically (a temporary file, then a rename), so a
# power cut leaves the old record or the new one. Reading them back is app.startup's job.
import json
import os

TMP = ".tmp"
# No record the app writes comes near this (a full 19x19 board with its clocks is about 14 KB);
# a larger file (a damaged FAT entry, a file copied by hand) is not parsed: a board's heap
# cannot hold it, and the MemoryError stopped every boot on the crash screen.
MAX_BYTES = 65536


def too_big(path):
    try:
        return os.stat(path)[6] > MAX_BYTES
    except OSError:
        return False


def _refused(err):
    return ("Flash full" if err.args and err.args[0] == 28 else "Flash error") + ": not saved"


class Store:
    def __init__(self, root="/"):
        self.root = root.rstrip("/") + "/"

    def path(self, name):
        return self.root + name

    def save(self, name, data):
        """Write the record. If the flash refuses it (full or failing), the words for the status
        line come back (else None), and nothing is lost: the record before stays as it was or,
        if it had to go, the new one waits in the temporary file for app.startup.recover()."""
        p = self.path(name)
        t = p + TMP
        try:
            os.stat(p)
        except OSError:
            # No record: the last one may wait in the temporary file (a rename refused after
            # FAT's removal of the old record, move()). Writing over it would lose it. (No errno
            # is compared: the wasm VM's for a missing file is 44, a board's 2, and every save
            # was refused there.)
            try:
                os.stat(t)
            except OSError:
                pass  # none waiting
            else:
                err = self.move(name + TMP, name)
                if err:
                    return err
        try:
            with open(t, "w") as f:
                json.dump(data, f)
        except OSError as e:
            self.remove(name + TMP)  # the part written, for the room it takes
            return _refused(e)
        return self.move(name + TMP, name)

    def move(self, src, dst):
        """Rename record src to dst, replacing dst: the words for the status line if the flash
        refuses, else None."""
        a, b = self.path(src), self.path(dst)
        try:
            os.rename(a, b)  # littlefs and POSIX replace the target in one step
        except OSError:
            # A bare FAT refuses to rename over a file (MicroPython's VfsFat removes the target
            # itself, not atomically), and a full littlefs may need the old record's blocks; the
            # window without `dst` is covered by save() and by app.startup.recover() for a
            # save's temporary file, and by the boot for a game's save (app.past.add).
            self.remove(dst)
            try:
                os.rename(a, b)
            except OSError as e:
                return _refused(e)

    def remove(self, name):
        try:
            os.remove(self.path(name))
        except OSError:
            pass
