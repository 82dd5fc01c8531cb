# AI benchmark per level: time per move, nodes per second, heap high-water and the tactics score.
#
#   python tools/bench_ai.py [--levels easy,medium,hard] [--no-tactics] [--rule freestyle]
#   node tools/mp_run.mjs [--heap BYTES] tools/bench_ai.py [same options]
# Under MicroPython the heap is sampled with gc.mem_alloc() between the engine's step slices, and
# a device-time estimate is printed: VM time x 30 (reference/device-time.md; 20x-45x by workload).
# Runs under CPython and MicroPython alike, so no CPython-only modules here.
import gc
import sys
import time


def _here():
    f = globals().get("__file__", "tools/bench_ai.py")
    return f.rsplit("/", 1)[0] if "/" in f else "."


sys.path.insert(0, _here())
sys.path.insert(0, _here() + "/../firmware")

import tactics  # noqa: E402
from gomoku.board import Board  # noqa: E402
from ai import engine  # noqa: E402

MICRO = sys.implementation.name == "micropython"
DEVICE_FACTOR = 30

if MICRO:

    def now_ms():
        return time.ticks_ms()

    def since(t0):
        return time.ticks_diff(time.ticks_ms(), t0)
else:

    def now_ms():
        return time.perf_counter() * 1000.0

    def since(t0):
        return time.perf_counter() * 1000.0 - t0

# Opening positions (a few stones) and middle games taken from baseline games (tools/arena.py).
OPENINGS = (
    "h8",
    "h8 h9",
    "h8 h9 k10",
    "h8 j7 j9",
    "h8 h9 f10 g9 g10",
)
MIDDLE = (
    "h8 h9 k10 j9 j10 k9 g9 l10 l9 j8 h7 g10 k7 j7 j6 h5",
    "h8 h9 k10 j9 g9 g8 j7 k6 k11 f10 k12 k9 l9 j11 k8 m10 m8 l8 n7 o6 j10 h6",
    "h8 h9 f10 g9 g10 f9 e9 e10 j9 g8 h7 j10 f7 g7 g6 h5 k11 f5 d11 g5 j5 d8 d5 e7 f6 f8 h10 e6",
    "h8 h9 f10 g9 j9 j8 g7 k10 f11 f6 f12 f9 e9 g11 f8 d10 d8 e8",
)


def board_of(moves):
    b = Board(15)
    for m in moves.split():
        b.put(b.parse(m), b.to_move())
    return b


def think(e, b, heap):
    """Run one search in slices; (ms, longest slice ms, move, heap growth or -1). The growth is
    the most the heap rose above its collected level during the move, garbage included, so it
    bounds what the search needs at once."""
    peak = -1
    if heap:
        gc.collect()
        base = gc.mem_alloc()
        peak = 0
    t0 = now_ms()
    e.start(b)
    longest = 0
    while True:
        s0 = now_ms()
        done = e.step()
        s = since(s0)
        if s > longest:
            longest = s
        if heap:
            a = gc.mem_alloc() - base
            if a > peak:
                peak = a
        if done:
            break
    return since(t0), longest, e.best, peak


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    if not n:
        return 0
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def bench_set(level, rule, boards, heap):
    e = engine.Engine(level=level, rule=rule, seed=1)
    times = []
    nodes = 0
    longest = 0
    peak = -1
    for b in boards:
        ms, sl, _, pk = think(e, b, heap)
        times.append(ms)
        nodes += e.stats.nodes
        longest = max(longest, sl)
        peak = max(peak, pk)
    return times, nodes, longest, peak


def fmt_ms(ms):
    if MICRO:
        return "%7.0f ms (device ~%5.1f s)" % (ms, ms * DEVICE_FACTOR / 1000.0)
    return "%7.1f ms" % ms


def main(argv):
    def opt(name, default):
        return argv[argv.index(name) + 1] if name in argv and argv.index(name) + 1 < len(argv) \
            else default

    levels = opt("--levels", "easy,medium,hard").split(",")
    rule = tactics.RULES[opt("--rule", "freestyle")]
    heap = MICRO and hasattr(gc, "mem_alloc")
    entries = [] if "--no-tactics" in argv else tactics.load(opt("--data", tactics.DATA))
    sets = (("opening", [board_of(m) for m in OPENINGS]),
            ("middle", [board_of(m) for m in MIDDLE]))
    print("bench_ai under %s%s" % (sys.implementation.name,
                                   " (device time = VM time x %d, an estimate)" % DEVICE_FACTOR
                                   if MICRO else ""))
    if heap:
        gc.collect()
        print("heap in use before the engine: %d bytes, free %d; growth is sampled between "
              "step slices" % (gc.mem_alloc(), gc.mem_free()))
    for name in levels:
        level = engine.LEVEL_NAMES.index(name)
        print("== %s" % name)
        all_times = []
        for label, boards in sets:
            times, nodes, longest, peak = bench_set(level, rule, boards, heap)
            all_times += times
            total = sum(times)
            print("  %-8s %d moves  median %s  max %s  slice max %.0f ms  %d nodes  %.0f nodes/s%s"
                  % (label, len(times), fmt_ms(median(times)), fmt_ms(max(times)), longest,
                     nodes, nodes * 1000.0 / total if total else 0,
                     "  heap growth max %d" % peak if heap else ""))
        if entries:
            score = {}
            times = []
            peak = -1
            for t in entries:
                b = t.board()
                e = engine.Engine(level=level, rule=tactics.RULES[t.rule], seed=1)
                ms, _, move, pk = think(e, b, heap)
                times.append(ms)
                peak = max(peak, pk)
                ok = move >= 0 and b.name(move) in t.answers
                s = score.setdefault(t.cat, [0, 0])
                s[0] += ok
                s[1] += 1
            all_times += times
            print("  tactics  %d moves  median %s  max %s%s" % (
                len(times), fmt_ms(median(times)), fmt_ms(max(times)),
                "  heap growth max %d" % peak if heap else ""))
            print(tactics.report(score))
        print("  all      median %s  max %s" % (fmt_ms(median(all_times)), fmt_ms(max(all_times))))
        gc.collect()


main(getattr(sys, "argv", [""])[1:])
