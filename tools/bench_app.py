# App benchmark: bytes sent to the panel per cursor move and per placed stone, and the heap the
# app plus a hard-level AI game use, on the 240x240 reference kit with the hardware fakes.
#
#   python3 tools/bench_app.py [--moves N]                    panel bytes (any Python)
#   node tools/mp_heap.mjs [--with build/KIT] tools/bench_app.py --heap [--moves N] [--rule R]
#                                                   [--size 19]  live heap under MicroPython
#   node tools/mp_heap.mjs tools/bench_app.py --heap --per-move   what a long game adds a move
#
# Heap: the wasm VM reclaims garbage only between top-level runPython() calls (tools/mp_run.mjs),
# so with --heap this script defines heap_step() and tools/mp_heap.mjs calls it once per app
# loop pass: the live heap is read at the start of each call, after a gc.collect() there has
# freed the previous pass's garbage. Counted: everything the device would hold (firmware modules compiled to bytecode,
# the app, the AI, the hardware objects); not counted: the fakes' model of the panel's RAM,
# which is set up before the baseline is read. "peak within a pass" adds the most one pass
# allocated (garbage included, the fakes' decoding too) to the live heap before it: an upper
# bound on the true peak.
import sys

if sys.implementation.name == "micropython":
    import micropython

    micropython.opt_level(3)  # compile the firmware as tools/deploy.py does (mpy-cross -O3)

_here = __file__.replace("\\", "/").rsplit("/", 1)[0] if "/" in __file__ else "."
if not any(p.endswith("firmware") for p in sys.path):  # the VM tools put it (or --with) first
    sys.path.insert(0, _here + "/../firmware")
if _here + "/fakes" not in sys.path:
    sys.path.insert(0, _here + "/fakes")

import gc  # noqa: E402

MICRO = sys.implementation.name == "micropython"
TARGET_MOVE = 2048
TARGET_HEAP = 90 * 1024
_OPTIONS = ("--moves", "--rule", "--size", "--heap", "--per-move")
if "--help" in sys.argv[1:] or "-h" in sys.argv[1:]:
    print("usage: bench_app.py [--moves N]   bytes sent to the panel (any Python); under "
          "MicroPython: node tools/mp_heap.mjs [--with build/KIT] tools/bench_app.py --heap [--moves N] [--rule R] "
          "[--size 19] | --heap --per-move (each is explained at the top of tools/bench_app.py); "
          "options: %s" % " ".join(_OPTIONS))
    raise SystemExit(0)
for _a in sys.argv[1:]:  # a mistyped option was ignored, and the figures were another setup's
    if _a.startswith("--") and _a not in _OPTIONS:
        print("unknown option %r; options: %s" % (_a, " ".join(_OPTIONS)))
        raise SystemExit(2)
# The game's rule (a name of gomoku.rules.RULE_NAMES): renju loads the second pattern table and
# gomoku.renju.
RULE = sys.argv[sys.argv.index("--rule") + 1] if "--rule" in sys.argv[:-1] else "freestyle"
# The board (one of the new-game menu's sizes): 19 lines make the engine's arrays larger.
SIZE = sys.argv[sys.argv.index("--size") + 1] if "--size" in sys.argv[:-1] else "15"

# The reference kit's profile (boards/pico_lcd_13.json), for the VM, which has no boards/.
_LCD13 = {"id": "pico_lcd_13", "name": "Waveshare Pico-LCD-1.3", "mcu": "rp2",
          "driver": "st7789", "spi": {"id": 1, "baudrate": 62500000, "sck": 10, "mosi": 11},
          "cs": 9, "dc": 8, "rst": 12, "bl": 13, "bl_pwm": True, "width": 240, "height": 240,
          "rotation": 1, "offsets": [[0, 0], [0, 0], [0, 80], [80, 0]], "invert": True,
          "bgr": False, "tune": ["e0 d0 04 0d 11 13 2b 3f 54 4c 18 0d 0b 1f 23",
                                  "e1 d0 04 0c 11 13 2c 3f 44 51 2f 1f 1f 20 23"],
          "buttons": {"2": "up", "18": "down", "16": "left", "20": "right",
                                    "3": "place", "15": "place", "17": "back", "19": "menu",
                                    "21": "menu"}, "buzzer": None}


class Clock:
    def __init__(self):
        self.t = 1000

    def __call__(self):
        self.t += 1  # every read moves on, so the AI's thinking is cut into slices
        return self.t


class Scenario:
    """The benchmark, one app loop pass per step() (False when done); marks(label) names the
    points where the heap is worth reading. Every stage is a method call that returns: a
    generator's frame would live on with stale value-stack slots, which the conservative
    collector takes for references, so figures moved by 2 KB with unrelated edits."""

    def __init__(self, moves, marks):
        self.moves = moves
        self.marks = marks
        self.stage = self._fakes
        self.st = {"ai": 0, "hinted": False, "place": False}

    def step(self):
        return self.stage()

    def _fakes(self):
        import machine
        import vpanel
        from hw import kit, panel

        panel.sleep_ms = lambda ms: None
        try:
            prof = kit.load_profile("pico_lcd_13")
        except ValueError:
            prof = _LCD13
        self.prof = prof
        machine.reset_state()
        machine.static()  # a port's Pin, PWM and SPI objects are not heap: not the app's either
        self.screen = vpanel.attach(prof)
        # The fakes' own logs would grow with every command and tone and count as the app's.
        self.screen.commands = None
        self.screen.regs = None
        machine.keep_history = False
        self.clock = Clock()
        self.marks("fakes")  # the fakes and their panel model: not on a device, the baseline
        self.stage = self._modules
        return True

    def _modules(self):
        from hw import kit

        self.hw = kit.setup(profile=self.prof, ticks=self.clock)
        self.prof = None
        from overlay import drop

        drop("hw.kit")  # as firmware/main.py does after boot
        # Modules are imported before counting: under the VM they are compiled from source,
        # and the compiler's garbage is not the app's (the device loads .mpy or frozen code).
        # (app.jump is not among them: the game screen loads it for each ranking and drops it)
        from app import app, session, boardview, status, keys, store  # noqa: F401
        import app.play  # noqa: F401
        # app.menus and app.menu are not held here: the app drops them while a game is shown.
        from ai import player, engine  # noqa: F401

        self.marks("modules")
        self.stage = self._start
        return True

    def _start(self):
        from app.app import App
        from gomoku import rules

        clock = self.clock
        if MICRO:
            data = "."  # the VM's own in-memory filesystem
        else:  # a folder of its own: /tmp held other runs' (and people's) saves and past games
            import tempfile

            self.tmp = tempfile.TemporaryDirectory(prefix="bench_app-")  # removed at exit
            data = self.tmp.name
        a = self.app = App(self.hw, data, clock)
        chosen = dict(a.chosen)  # the new-game menu's choices
        chosen["level"] = 2  # hard
        if RULE not in rules.RULE_NAMES:  # checked here: gomoku.rules counts as the app's
            print("unknown rule %r: one of %s" % (RULE, ", ".join(rules.RULE_NAMES)))
            raise SystemExit(2)
        chosen["rule"] = rules.RULE_NAMES.index(RULE)
        if SIZE != "15":
            # app.options is dropped while a game is shown (app.app._MENU_CODE): only read it
            # when needed, and drop it again, so that it does not count as the game's.
            from app import options as O
            from overlay import drop

            sizes = [str(n) for n in [o[3] for o in O.NEW_GAME if o[0] == "size"][0]]
            if SIZE not in sizes:
                print("unknown size %r: one of %s" % (SIZE, ", ".join(sizes)))
                raise SystemExit(2)
            chosen["size"] = sizes.index(SIZE)
            O = None  # the module's last reference here, before the game starts
            drop("app.options")
        chosen["colour"] = 0
        a.start("ai", chosen, 7)  # what the menu's Start does; the next pass starts the game
        a.step(clock())
        self.marks("game screen")
        self.stage = self._traffic
        return True

    def _traffic(self):
        # Bytes on the wire for four cursor moves and a placed stone.
        play = self.app.game
        screen = self.screen
        sent = self.sent = []
        for d in ("right", "down", "left", "up"):
            n0 = screen.bytes_sent
            play.key(d, 1)
            sent.append(screen.bytes_sent - n0)
        n0 = screen.bytes_sent
        play.key("place", 1)
        print("panel bytes per cursor move: %s (max %d, target <= %d)"
              % (sent, max(sent), TARGET_MOVE))
        print("panel bytes per placed stone (stone, marks, status, autosave redraw): %d"
              % (screen.bytes_sent - n0))
        self.stage = self._turn
        return True

    def _turn(self):
        # A hard-level AI game: the person's side plays the best-ranked jump point, and asks
        # for a hint once through the in-game menu, as a person does (its code counts while it
        # is open; the hard AI's idle engine answers the hint: no second engine).
        a = self.app
        st = self.st
        play = a.game
        g = play.s.game
        b = g.board
        if a.screen is not play:  # the in-game menu, read open for a pass: pick Hint
            m = a.screen
            m.sel = [it.key for it in m.items].index("hint")
            m.key("place", 1)
        elif play.hinter is not None:
            a.step(self.clock())
            st["place"] = play.hinter is None
        elif st["place"]:  # on the hint's point
            st["place"] = False
            play.key("place", 1)
        elif g.over() or b.count() >= self.moves:
            print("game: %d stones, %d AI moves (hard), a hint, over=%s"
                  % (b.count(), st["ai"], g.over()))
            # The game's autosave, or its past record once over: under the wasm VM every save
            # was refused until session 92 (its errno for a missing file is not a board's), and
            # the figures were a game showing "Flash error" (its cursor field never redrawn).
            import os

            name = "past1.json" if g.over() else "game.json"
            if os.getcwd().startswith("/ram"):  # the emulated Pico's files: tools/emu2040/ramfs.py
                print("saves: not checked (the emulated Pico's files take writes and drop them)")
            else:
                try:
                    os.stat(a.store.path(name))
                    print("saves: ok")
                except OSError:
                    print("saves: REFUSED (no %s)" % name)
            if max(self.sent) > TARGET_MOVE:
                self.marks("cursor move over budget")
            return False
        elif g.ai_to_act():
            k = b.count()
            a.step(self.clock())
            if b.count() != k:
                st["ai"] += 1
        elif st["ai"] == 3 and not st["hinted"]:
            st["hinted"] = True
            a.game_menu(play)
        else:
            play.jumps = None
            play.key("back", 1)  # the jump key: the AI engine's first candidate (session 91)
            # ...but the person plays the run-length order's first point, as the jump key gave
            # it before: the same game from session to session (with the engine's candidate the
            # 19x19 Renju game lasts 46 stones, not 24, and reads 0.9 KB more: a longer game,
            # about 26 bytes a move, README "App")
            from app import jump
            from gomoku import rules
            from overlay import drop

            black = g.rule == rules.RENJU and b.to_move() == 1
            play._set_cursor(jump.ranked(b, None, rules.is_forbidden if black else None)[0])
            drop("app.jump")  # as the game screen drops it after its own ranking
            play.key("place", 1)
        return True


def heap_driver(moves):
    """Define heap_step() for tools/mp_heap.mjs (see the top of this file)."""
    st = {"sc": None, "hw": 0, "peak": 0, "at": {}, "base": 0, "label": None}

    def marks(label):
        st["label"] = label

    def heap_step():
        # Collect first: at the start of a call the VM's conservative collector also frees what
        # the previous pass left (a device's allocator collects before it fails, too).
        gc.collect()
        live = gc.mem_alloc()
        if st["sc"] is None:
            st["sc"] = Scenario(moves, marks)
        label = st["label"]
        if label is not None:
            st["label"] = None
            if label == "fakes":
                st["base"] = live
            else:
                st["at"][label] = live
        if st["base"]:
            st["hw"] = max(st["hw"], live)
        a0 = gc.mem_alloc()
        if not st["sc"].step():
            base = st["base"]
            print("modules loaded from %s" % sys.modules["app.app"].__file__.rsplit("/", 2)[0])
            for k, v in st["at"].items():
                print("live heap after %s: %d bytes" % (k, v - base))
            hw = st["hw"] - base
            print("live heap high-water, app + hard AI game: %d bytes (target <= %d): %s"
                  % (hw, TARGET_HEAP, "ok" if hw <= TARGET_HEAP else "OVER"))
            print("peak within a pass (upper bound, garbage and the fakes' decoding included): "
                  "%d bytes" % (st["peak"] - base))
            return False
        if st["base"]:
            st["peak"] = max(st["peak"], live + gc.mem_alloc() - a0)
        return True

    globals()["heap_step"] = heap_step


def per_move_driver(moves=100):
    """Define heap_step() for a pass-and-play game of `moves` stones that makes no five (stones
    laid in pairs that never line up), to read what each move adds to the live heap: the game
    log and the board's move list (the AI's own board copy adds 4 bytes a move more)."""
    from gomoku.game import Game

    g = Game(15)
    b = g.board
    cols = ([], [])
    for y in range(15):
        for x in range(15):
            shift = 0 if y % 4 < 2 else 1
            cols[((x + 2 * y + shift) // 2) % 2].append(b.idx(x, y))
    st = {"k": 0, "m0": 0}

    def heap_step():
        gc.collect()
        live = gc.mem_alloc()
        k = st["k"]
        if k == 2:  # after the log's first growth steps
            st["m0"] = live
        if k == moves or g.over():
            print("a pass-and-play game of %d moves (no five): %.1f bytes of live heap a move"
                  % (k, (live - st["m0"]) / (k - 2)))
            return False
        g.play(cols[k % 2][k // 2])
        st["k"] = k + 1
        return True

    globals()["heap_step"] = heap_step


def main():
    moves = 225  # the whole game: its log and history grow with every move
    if "--moves" in sys.argv:
        moves = int(sys.argv[sys.argv.index("--moves") + 1])
    if "--heap" in sys.argv:
        if not (MICRO and hasattr(gc, "mem_alloc")):
            print("--heap needs MicroPython: node tools/mp_heap.mjs tools/bench_app.py --heap")
            return 1
        if "--per-move" in sys.argv:
            per_move_driver()
        else:
            heap_driver(moves)
        return 0
    over = []
    sc = Scenario(moves, lambda label: over.append(label) if "over" in label else None)
    while sc.step():
        pass
    return 1 if over else 0


if __name__ == "__main__" or MICRO:
    rc = main()
    if rc and not MICRO:
        sys.exit(rc)
