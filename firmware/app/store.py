# The app's saves: json records written atomically (a temporary file, then a rename), so a
# power cut leaves the old record or the new one. Reading them back is app.startup's job.
import json
import os

TMP = ".tmp"


class Store:
    def __init__(self, root="/"):
        self.root = root.rstrip("/") + "/"

    def path(self, name):
        return self.root + name

    def save(self, name, data):
        """Write the record. If the flash refuses it (full or failing), the record before stays
        as it was and the words for the status line come back; else None."""
        p = self.path(name)
        t = p + TMP
        try:
            with open(t, "w") as f:
                json.dump(data, f)
        except OSError as e:
            # The part written goes, for the room it takes (a power cut here leaves it to
            # app.startup.recover()).
            self.remove(name + TMP)
            return ("Flash full" if e.args and e.args[0] == 28 else "Flash error") + ": not saved"
        try:
            os.rename(t, p)  # littlefs and POSIX replace the target in one step
        except OSError:
            # FAT refuses to rename over a file; the window without `p` is covered by
            # app.startup.recover().
            os.remove(p)
            os.rename(t, p)

    def remove(self, name):
        try:
            os.remove(self.path(name))
        except OSError:
            pass
