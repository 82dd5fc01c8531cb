# Puts firmware/ and the hardware fakes (tools/fakes) on sys.path for the host-only tests.
import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in (os.path.join(_ROOT, "tools", "fakes"), os.path.join(_ROOT, "firmware")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

# Property tests draw the same examples on every run (CI must not pass or fail by luck);
# HYPOTHESIS_PROFILE=explore draws new ones, to look for cases the fixed ones miss.
from hypothesis import settings

settings.register_profile("fixed", derandomize=True, database=None)
settings.register_profile("explore")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fixed"))
