# Puts firmware/ and the hardware fakes (tools/fakes) on sys.path for the host-only tests.
import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in (os.path.join(_ROOT, "tools", "fakes"), os.path.join(_ROOT, "firmware")):
    if _p not in sys.path:
        sys.path.insert(0, _p)
