# MicroPython's time.ticks_ms / ticks_diff / ticks_add / sleep_ms for CPython (hw.clock falls
# back to these on the host), with MicroPython's period of 2**30 so wrap-around bugs show up here.
import time

_PERIOD = 1 << 30
_HALF = _PERIOD >> 1
_t0 = time.monotonic_ns()


def ticks_ms():
    return ((time.monotonic_ns() - _t0) // 1000000) % _PERIOD


def _ticks(v):
    # MicroPython reads a ticks argument as a small int, unchecked: a larger one (a clock that
    # does not wrap, after 12.4 days on) gives garbage on a board, so here it is an error.
    if not 0 <= v < _PERIOD:
        raise ValueError("%r is not a ticks value (0 to 2**30 - 1)" % (v,))
    return v


def ticks_diff(a, b):
    return ((_ticks(a) - _ticks(b) + _HALF) % _PERIOD) - _HALF


def ticks_add(t, ms):
    return (_ticks(t) + ms) % _PERIOD


def sleep_ms(ms):
    time.sleep(ms / 1000)
