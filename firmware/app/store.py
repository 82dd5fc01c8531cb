# The app's saves: json records written atomically (a temporary file, then a rename), so a
# power cut leaves the old record or the new one. Reading them back is app.startup's job.
import json
import os

TMP = ".tmp"


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
            with open(t, "w") as f:
                json.dump(data, f)
        except OSError as e:
            self.remove(name + TMP)  # the part written, for the room it takes
            return _refused(e)
        try:
            os.rename(t, p)  # littlefs and POSIX replace the target in one step
        except OSError:
            # FAT refuses to rename over a file; the window without `p` is covered by
            # app.startup.recover().
            self.remove(name)
            try:
                os.rename(t, p)
            except OSError as e:
                return _refused(e)

    def remove(self, name):
        try:
            os.remove(self.path(name))
        except OSError:
            pass
