# The emulated board's files as a board with littlefs has them (emu.py --ram mounts this at
# /ram and runs the script there). The image is a ROMFS, from which MicroPython 1.25 runs a
# .mpy's bytecode in place: modules then cost the heap far less than on a board whose files
# are copied into RAM as they load (the app's game: 55,984 bytes of live heap that way, 87,248
# copied). Served through this filesystem as in-memory streams, every module is copied as
# littlefs's are.
# Writes are taken and dropped (the garbage a save makes stays; its file would be flash).
import io
import os


class CopyFS:
    cwd = "/"

    def _abs(self, path):
        # Paths come relative to the mount point, or to this filesystem's own cwd; the image
        # is mounted at the root.
        return path if path[:1] == "/" else self.cwd.rstrip("/") + "/" + path

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def chdir(self, path):
        self.cwd = self._abs(path)

    def getcwd(self):
        return self.cwd

    def stat(self, path):
        # OSError for a file not in the image, as littlefs raises it
        return os.stat(self._abs(path))

    def ilistdir(self, path):
        return os.ilistdir(self._abs(path))

    def open(self, path, mode):
        if "w" in mode or "a" in mode:
            return io.BytesIO() if "b" in mode else io.StringIO()
        with open(self._abs(path), "rb") as f:
            data = f.read()
        return io.BytesIO(data) if "b" in mode else io.StringIO(data.decode())

    def remove(self, path):
        pass

    def rename(self, old, new):
        pass

    def mkdir(self, path):
        pass
