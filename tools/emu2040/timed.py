# tools/bench_ai.py on the emulated Pico with the AI's hot functions timed one by one:
#
#   .venv/bin/python tools/emu2040/emu.py tools/emu2040/timed.py --no-tactics --levels hard \
#       [--rule renju]
#
# prints the bench's lines, then per function its total time (ms, inclusive: a function's
# callees count in it too) and its calls. Each timed call adds the wrapper's own cost (about
# 10 us here), so the bench's times come out longer than without it: this shows where a move's
# time goes, README's figures come from the bench alone. The wrappers also deepen the C stack:
# hard's Renju game peaked at 7,824 bytes of the 7,936 with them, 6,248 without (session 46;
# session 45's Renju check, a call deeper, overflowed it there once). (Session 45 found
# Renju's leaves spending 2.3 ms each in a candidate scan this way: docs/ai-tuning.md.)
import sys
import time

from ai import eval as ev
from ai import search
from gomoku import renju

_T = {}


def _timed(name, f):
    acc = _T.setdefault(name, [0, 0])

    def w(*a):
        t = time.ticks_us()
        try:
            return f(*a)
        finally:
            acc[0] += time.ticks_diff(time.ticks_us(), t)
            acc[1] += 1

    return w


renju.is_forbidden = _timed("is_forbidden", renju.is_forbidden)  # before any Search binds it
for _n in ("evaluate", "gen_into", "vct_moves", "_drop_lost", "forbidden"):
    setattr(search.Search, _n, _timed(_n, getattr(search.Search, _n)))
for _n in ("over", "threes", "online", "rank"):  # the native scans, as ai.search calls them
    setattr(search, _n, _timed(_n, getattr(search, _n)))
ev.Pos.put = _timed("put", ev.Pos.put)
ev.Pos.take = _timed("take", ev.Pos.take)

_args = sys.argv[1:]
sys.argv[:] = ["/bench_ai.py"] + _args
__file__ = "/bench_ai.py"
_t0 = time.ticks_ms()
exec(open("/bench_ai.py").read())
print("all: %d ms" % time.ticks_diff(time.ticks_ms(), _t0))
for _n in sorted(_T):
    print("%-13s %8d ms %8d calls" % (_n, _T[_n][0] // 1000, _T[_n][1]))
