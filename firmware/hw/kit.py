# The only module that touches machine: loads a kit profile and builds the hardware objects.
# Needed once at boot: main.py drops it afterwards (overlay.drop), so its code is collected.
import gc
import json

from hw import Hardware
from hw.clock import ticks_ms, sleep_ms

_INPUT_ONLY_ESP32 = (34, 35, 36, 37, 38, 39)  # no internal pull resistors on these


def _dirs():
    d = []
    f = globals().get("__file__", "")
    i = f.replace("\\", "/").rfind("/firmware/")
    if i >= 0:  # host checkout: boards/ sits beside firmware/
        d.append(f[:i] + "/boards")
    d.append("/boards")
    d.append("/lib/boards")  # where `mip install` puts them
    d.append("boards")
    return d


def known():
    import os

    for d in _dirs():
        try:
            names = os.listdir(d)
        except OSError:
            continue
        return sorted(n[:-5] for n in names if n.endswith(".json"))
    return []


def load_profile(name=None):
    # name None: the device's own /kit.json, written by tools/deploy.py.
    if name is None:
        for path in ("kit.json", "/kit.json"):
            try:
                with open(path) as f:
                    return json.load(f)
            except OSError:
                pass
        # (a deployed board holds no boards/ folder: "known kits" listed nothing there)
        k = known()
        raise ValueError("no kit.json: run tools/deploy.py --kit NAME"
                         + ("; known kits: " + ", ".join(k) if k else ""))
    for d in _dirs():
        try:
            with open(d + "/" + name + ".json") as f:
                return json.load(f)
        except OSError:
            pass
    raise ValueError("unknown kit %r; known kits: %s" % (name, ", ".join(known())))


def _display(p, machine):
    Pin = machine.Pin
    s = p["spi"]
    spi = machine.SPI(s["id"], baudrate=s["baudrate"], polarity=0, phase=0,
                      sck=Pin(s["sck"]), mosi=Pin(s["mosi"]), miso=None)
    rst = p.get("rst")
    bl = p.get("bl")
    if bl is not None:
        if p.get("bl_pwm"):
            # dark until the panel is set up: ESP32's PWM starts at 50% unless told
            bl = machine.PWM(Pin(bl), freq=1000, duty_u16=0)
        else:
            bl = Pin(bl, Pin.OUT, value=0)
    driver = p["driver"]
    if driver == "st7789":
        from hw.st7789 import ST7789 as cls
    elif driver == "ili9341":
        from hw.ili9341 import ILI9341 as cls
    elif driver == "ili9342":
        from hw.ili9341 import ILI9342 as cls
    else:
        raise ValueError("unknown driver " + driver)
    off = p.get("offsets")
    if off and not isinstance(off[0], list):
        off = [off] * 4
    inv = p.get("invert", False)
    if inv == "rst":
        # The panel says itself, as M5Stack's own library reads it before the reset: the
        # Core's IPS panel (inverted) pulls its reset line high, the older TN one does not.
        # After a soft reboot the last run still drives the line high: the pull needs a moment
        # (M5Stack's library waits 1 ms too), or an older TN Core reads as IPS and shows negative.
        line = Pin(rst, Pin.IN, Pin.PULL_DOWN)
        sleep_ms(1)
        inv = line.value() == 1
    tune = []  # "cmd data ..." in hex: registers the kit's vendor sets for its glass
    for line in p.get("tune", ()):
        try:
            v = [int(h, 16) for h in line.split()]
            tune.append((v[0], bytes(v[1:])))
        except (AttributeError, IndexError, ValueError):
            raise ValueError("kit %s: tune %r is not hex bytes (command, then data)"
                             % (p.get("id"), line))
    return cls(spi, Pin(p["cs"], Pin.OUT, value=1), Pin(p["dc"], Pin.OUT, value=0),
               None if rst is None else Pin(rst, Pin.OUT, value=1), bl,
               p["width"], p["height"], p.get("rotation", 0), off, inv, p.get("bgr", False),
               tune)


def _buttons(p, machine, ticks):
    from hw.buttons import Buttons

    Pin = machine.Pin
    esp32 = p["mcu"] == "esp32"
    keys = []
    for pin in sorted(p["buttons"], key=int):
        n = int(pin)
        act = p["buttons"][pin]
        short, long = (act, None) if isinstance(act, str) else act
        if esp32 and n in _INPUT_ONLY_ESP32:
            io = Pin(n, Pin.IN)
        else:
            io = Pin(n, Pin.IN, Pin.PULL_UP)
        keys.append((io, short, long))
    return Buttons(keys, ticks)


def setup(name=None, wdt_ms=0, profile=None, ticks=ticks_ms):
    import machine
    from hw.sound import Sound

    gc.collect()
    p = profile or load_profile(name)
    buz = p.get("buzzer")
    pwm = None
    if buz is not None:
        # Silent before the display's set-up (0.45 s): ESP32's PWM starts at 5 kHz, 50%
        # unless told, and an undriven speaker pin (M5Stack's 25) hisses. A few bytes.
        pwm = machine.PWM(machine.Pin(buz), freq=1000, duty_u16=0)
    # "hold": pins other parts of the kit need at a level (the Pimoroni packs' RGB LED is
    # active-low: left to the RP2040's pull-downs it glows faintly).
    for n, v in p.get("hold", {}).items():
        machine.Pin(int(n), machine.Pin.OUT, value=v)
    display = _display(p, machine)  # its buffers want the heap unfragmented
    # A profile may enable the watchdog with "wdt_ms" (cannot be stopped; rp2 max ~8300 ms).
    wdt_ms = wdt_ms or p.get("wdt_ms", 0)
    wdt = machine.WDT(timeout=wdt_ms) if wdt_ms else None
    hw = Hardware(p["id"], display, _buttons(p, machine, ticks), Sound(pwm), wdt, machine.reset)
    keys = [a if isinstance(a, list) else [a, None] for a in p["buttons"].values()]
    shorts = [k[0] for k in keys]
    for short, long in keys:
        if long == "menu" and "menu" not in shorts:
            hw.menu_hold = short
    return hw
