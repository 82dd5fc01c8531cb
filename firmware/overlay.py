# Modules needed for a while only (boot, menus, the opening) are dropped when done: a board
# loads .mpy bytecode into RAM, and a dropped module's code is collected once nothing uses it.
import sys


def drop(*names):
    for name in names:
        sys.modules.pop(name, None)
        i = name.rfind(".")
        if i > 0:
            pkg = sys.modules.get(name[:i])
            leaf = name[i + 1:]
            if pkg is not None and hasattr(pkg, leaf):
                delattr(pkg, leaf)
