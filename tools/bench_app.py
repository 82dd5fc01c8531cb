# App benchmark: bytes sent to the panel per cursor move and per placed stone, and the heap the
# app plus a hard-level AI game use, on the 240x240 reference kit with the hardware fakes.
#
#   python3 tools/bench_app.py [--moves N]
#   node tools/mp_run.mjs tools/bench_app.py [--moves N]      (MicroPython VM: heap figures)
#
# Heap under the VM (see tools/mp_run.mjs): garbage is only reclaimed between top-level calls,
# so inside this script gc.mem_alloc() counts live data AND garbage. The figures printed are
# therefore upper bounds: "app" = everything allocated from App() to the game screen being
# drawn (after the modules are imported; the fake panel's own RAM model is not counted);
# "AI move" = the most one AI move (thinking in slices, applying, redraw, autosave) allocated.
# The live high-water is at most app + the largest AI move.
import sys

_here = __file__.replace("\\", "/").rsplit("/", 1)[0] if "/" in __file__ else "."
for _p in (_here + "/fakes", _here + "/../firmware"):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import gc  # noqa: E402

MICRO = sys.implementation.name == "micropython"
TARGET_MOVE = 2048
TARGET_HEAP = 90 * 1024

# The reference kit's profile (boards/pico_lcd_13.json), for the VM, which has no boards/.
_LCD13 = {"id": "pico_lcd_13", "name": "Waveshare Pico-LCD-1.3", "mcu": "rp2",
          "driver": "st7789", "spi": {"id": 1, "baudrate": 62500000, "sck": 10, "mosi": 11},
          "cs": 9, "dc": 8, "rst": 12, "bl": 13, "bl_pwm": True, "width": 240, "height": 240,
          "rotation": 1, "offsets": [[0, 0], [0, 0], [0, 80], [80, 0]], "invert": True,
          "bgr": False, "buttons": {"2": "up", "18": "down", "16": "left", "20": "right",
                                    "3": "place", "15": "place", "17": "back", "19": "menu",
                                    "21": "menu"}, "buzzer": None}


def alloc():
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0


class Clock:
    def __init__(self):
        self.t = 1000

    def __call__(self):
        self.t += 1  # every read moves on, so the AI's thinking is cut into slices
        return self.t


def main():
    moves = 16
    if "--moves" in sys.argv:
        moves = int(sys.argv[sys.argv.index("--moves") + 1])
    import machine
    import vpanel
    from hw import kit, panel

    panel.sleep_ms = lambda ms: None
    try:
        prof = kit.load_profile("pico_lcd_13")
    except ValueError:
        prof = _LCD13
    machine.reset_state()
    screen = vpanel.attach(prof)
    clock = Clock()
    hw = kit.setup(profile=prof, ticks=clock)
    # Modules are imported before counting: under the VM they are compiled from source, and
    # the compiler's garbage is not the app's (the device loads .mpy or frozen bytecode).
    from app.app import App
    from app.session import Session
    from app import options as O
    from app import menu, boardview, status, jump, keys, store  # noqa: F401
    import app.play  # noqa: F401
    from ai import player, engine  # noqa: F401

    gc.collect()
    a0 = alloc()
    root = "/tmp" if not MICRO else "."
    a = App(hw, root, clock)
    chosen = O.defaults(O.NEW_GAME)
    chosen["level"] = 2  # hard
    chosen["colour"] = 0
    s = Session("ai", chosen, clock, 7)
    a.play(s)
    play = a.game
    g = s.game
    app_bytes = alloc() - a0

    # Panel traffic: cursor moves and a placed stone, straight from the wire counter.
    b = g.board
    sent = []
    for d in ("right", "down", "left", "up"):
        n0 = screen.bytes_sent
        play.key(d, 1)
        sent.append(screen.bytes_sent - n0)
    n0 = screen.bytes_sent
    play.key("place", 1)
    stone = screen.bytes_sent - n0
    print("panel bytes per cursor move: %s (max %d, target <= %d)"
          % (sent, max(sent), TARGET_MOVE))
    print("panel bytes per placed stone (stone, marks, status, autosave redraw): %d" % stone)

    # A hard-level AI game: the person's side plays the first jump candidate each time.
    worst = 0
    ai_moves = 0
    n = 0
    while not g.over() and b.count() < moves:
        if g.ai_to_act():
            gc.collect()
            m0 = alloc()
            k = b.count()
            while b.count() == k and not g.over():
                a.step(clock())
            worst = max(worst, alloc() - m0)
            ai_moves += 1
        else:
            play.jumps = None
            play.key("back", 1)  # jump to the best-ranked point
            play.key("place", 1)
        n += 1
    print("game: %d stones, %d AI moves (hard), over=%s" % (b.count(), ai_moves, g.over()))
    if MICRO:
        total = app_bytes + worst
        print("heap, app + game screen (upper bound, garbage included): %d bytes" % app_bytes)
        print("heap, largest AI move incl. redraw and autosave (upper bound): %d bytes" % worst)
        print("heap high-water <= %d bytes (target <= %d): %s"
              % (total, TARGET_HEAP, "ok" if total <= TARGET_HEAP else "OVER"))
    else:
        print("heap: run under `node tools/mp_run.mjs tools/bench_app.py` for MicroPython figures")
    return 0 if max(sent) <= TARGET_MOVE else 1


main()
