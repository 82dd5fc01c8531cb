# Overwrites the stack a board's collector scans (its C stack) below the caller with frames of
# None locals. The frames a call pushes keep in their unused slots whatever earlier, deeper
# calls left there, and the collector, which is conservative, takes those stale words for
# references: a heap reading then counts garbage (the emulated Pico's Renju bench read 55,680
# bytes so, its engine and search twice their size; 43,200 with this). The heap benches' board
# loops (tools/bench_ai.py --heap, tools/emu2040/app_heap.py) step through steps(), and
# tools/mp_heap.mjs calls fill() before each step in the wasm VM, whose frames live on its
# "pystack" (filled up to its end there).


def _scrub(n):
    a = b = c = d = e = f = g = h = i = j = k = m = o = p = q = r = s = t = u = v = None
    if n:
        _scrub(n - 1)


def fill():
    try:
        _scrub(100000)
    except RuntimeError:  # the stack is full: every part of it has been written
        pass


def steps(step):
    """Call step() until it returns False, each call (and the heap reading it starts with) on a
    scrubbed stack."""
    while True:
        fill()
        if not step():
            return
