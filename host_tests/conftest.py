# Make CPython see the same import layout as the board: firmware/ is the filesystem root,
# and host_tests/core helper modules are importable from any test.
import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
for _p in (os.path.join(_HERE, "core"), os.path.join(os.path.dirname(_HERE), "firmware")):
    if _p not in sys.path:
        sys.path.insert(0, _p)
