# Millisecond clock with MicroPython's wrap-safe ticks API on every platform.
import time

try:
    ticks_ms = time.ticks_ms
    ticks_diff = time.ticks_diff
    ticks_add = time.ticks_add
    sleep_ms = time.sleep_ms
except AttributeError:
    # CPython: same period as MicroPython (2**30) so wrap-around bugs show up on the host too.
    _PERIOD = 1 << 30
    _HALF = _PERIOD >> 1
    _t0 = time.monotonic_ns()

    def ticks_ms():
        return ((time.monotonic_ns() - _t0) // 1000000) % _PERIOD

    def ticks_diff(a, b):
        return ((a - b + _HALF) % _PERIOD) - _HALF

    def ticks_add(t, ms):
        return (t + ms) % _PERIOD

    def sleep_ms(ms):
        time.sleep(ms / 1000)


_last = ticks_ms()
_total = 0


def monotonic_ms():
    """Milliseconds since start-up that never wrap (ticks_ms wraps after ~12 days), for game
    clocks that only subtract. Correct as long as it is called at least every ~6 days."""
    global _last, _total
    t = ticks_ms()
    _total += ticks_diff(t, _last)
    _last = t
    return _total
