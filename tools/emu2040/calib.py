# The four kinds of workload of ../shared/reference/device-time.md, written from its table (its
# code is not given), timed on whatever runs this: the emulated Pico and the wasm VM here.
#
#   .venv/bin/python tools/emu2040/emu.py tools/emu2040/calib.py
#   node tools/mp_run.mjs tools/emu2040/calib.py
#
# The notes give each workload's time on their emulated Pico and under the wasm VM of their
# development machine. Their code is not ours, so times cannot be compared one to one, but the
# Pico / wasm ratio of a kind of work is a property of the interpreter on each machine: if this
# emulator ran MicroPython faster than theirs, its ratios would come out lower than theirs by
# that factor (docs/ai-tuning.md, session 56; README compares the second passes).
import time

buf = bytearray(range(256))
N = 15
SC = (0, 1, 10, 100, 1000, 100000)


def ms(t):
    return time.ticks_diff(time.ticks_ms(), t)


def calls():
    def f(x):
        return x + 1

    s = 0
    for _ in range(300000):
        s = f(s)
    return s


def windows(cells):
    # One full evaluation: every five-cell window in the 4 directions, a tuple-table score.
    total = 0
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for y in range(N):
            for x in range(N):
                ex = x + 4 * dx
                ey = y + 4 * dy
                if ex < 0 or ex >= N or ey < 0 or ey >= N:
                    continue
                b = w = 0
                for k in range(5):
                    v = cells[(y + k * dy) * N + x + k * dx]
                    if v == 1:
                        b += 1
                    elif v == 2:
                        w += 1
                if b and not w:
                    total += SC[b]
                elif w and not b:
                    total -= SC[w]
    return total


def dicts():
    d = {}
    out = []
    for i in range(20000):
        k = i & 511
        d[k] = d.get(k, 0) + 1
        out.append((k, i))
        if len(out) > 64:
            out = out[32:]
    return len(d)


# Twice: under the wasm VM the first pass also pays for Node's compiler tiering the VM up (a
# workload run first takes up to twice as long there); the Pico's passes take the same time.
for run in ("first", "second"):
    print("%s pass" % run)
    # The loop at module level (its variables globals), as a script's top level runs it.
    t = time.ticks_ms()
    s = 0
    for i in range(200000):
        s += buf[i & 255]
    print("  200k-iteration loop with bytearray indexing: %d ms" % ms(t))
    t = time.ticks_ms()
    calls()
    print("  300k small function calls: %d ms" % ms(t))
    cells = bytearray(N * N)
    r = 7
    for i in range(40):
        r = (r * 1103515245 + 12345) & 0x7FFFFFFF
        cells[r % (N * N)] = 1 + (i & 1)
    t = time.ticks_ms()
    for _ in range(10):
        windows(cells)
    print("  10 full evaluations of a 15x15 board by five-cell windows: %d ms" % ms(t))
    t = time.ticks_ms()
    dicts()
    print("  dict and list work (20k steps): %d ms" % ms(t))
