#!/usr/bin/env python3
"""tools/arena.py with the rp2 board's C-stack bound on ours (ai.search._DEEP), on the host.

    python3 tools/emu2040/arena_bound.py ours:hard window --games 40 [--rule renju] [...]
        [--bound BYTES]

On a board alpha-beta and the VCF search, which recurse, stop where micropython.stack_use()
passes _DEEP (the threat search and Renju's forbidden-point check keep their levels off the
stack since session 44); CPython has no such figure, so here it is estimated from the Python
call depth below Engine.step(), as the emulated Pico measured it (tools/emu2040, session 43):
3,480 bytes at the threat search's first attacking move, five calls below step(), and 216
bytes a call past that. An estimate: the board's own frames vary by function; the games show
what the bound costs in strength.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "firmware"))
import arena  # noqa: E402
from ai import engine, search  # noqa: E402

_base = [0]


def call_depth(skip=1):
    """Python calls on the stack, from the caller's caller (skip=1) down."""
    f = sys._getframe(skip + 1)
    n = 0
    while f:
        n += 1
        f = f.f_back
    return n


def install(bound=6400):
    """bound: the stack_use() bound to try, the rp2 port's (ai.search._DEEP there) by default."""
    step = engine.Engine.step

    def bounded_step(self):
        _base[0] = call_depth()
        return step(self)

    engine.Engine.step = bounded_step
    search.stack_use = lambda: 3480 + 216 * (call_depth() - _base[0] - 5)
    search._DEEP = bound


if __name__ == "__main__":
    argv = sys.argv[1:]
    if "--bound" in argv:  # another to try
        i = argv.index("--bound")
        install(int(argv[i + 1]))
        del argv[i:i + 2]
    else:
        install()
    sys.exit(arena.main(argv))
