# Millisecond clock with MicroPython's wrap-safe ticks API on every platform.
import time

try:
    ticks_ms = time.ticks_ms
    ticks_diff = time.ticks_diff
    ticks_add = time.ticks_add
    sleep_ms = time.sleep_ms
except AttributeError:  # CPython: the host's stand-in (tools/fakes/ticks.py), not shipped
    from ticks import ticks_ms, ticks_diff, ticks_add, sleep_ms


# The port's ticks period - 1 (2**30 - 1 on the boards): a time.ticks_diff() or ticks_add()
# argument must lie in 0..TICKS_MASK, since MicroPython reads it as a small int without a check
# (anything larger gives garbage). monotonic_ms() & TICKS_MASK is a ticks value.
TICKS_MASK = ticks_add(0, -1)

_last = ticks_ms()
_total = 0


def monotonic_ms():
    """Milliseconds since start-up that never wrap (ticks_ms wraps after ~12 days), for game
    clocks that only subtract. Correct as long as it is called at least every ~6 days. Past
    2**30 (12.4 days on) it is a long int: fine for the game's sums, not for time.ticks_*()."""
    global _last, _total
    t = ticks_ms()
    _total += ticks_diff(t, _last)
    _last = t
    return _total
