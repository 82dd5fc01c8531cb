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
        p = self.path(name)
        t = p + TMP
        with open(t, "w") as f:
            json.dump(data, f)
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
