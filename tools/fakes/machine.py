# Host stand-in for MicroPython's machine module: pins with settable levels, SPI buses that
# feed attached virtual devices and count bytes, PWM with a history, WDT (CPython and MicroPython).

keep_history = True  # PWM.history records every call; heap benchmarks turn it off
levels = {}  # GPIO number -> level (inputs idle high: the kits' buttons are pulled up)
# One object per GPIO, PWM output and SPI bus, as on the ports (rp2 keeps them in ROM or static
# RAM, so building one costs the app no heap); reset_state() forgets them.
pins = {}  # GPIO number -> its Pin object
pwms = {}  # GPIO number -> its PWM object
buses = {}  # SPI id -> its SPI object
devices = {}  # SPI id -> list of objects with receive(data, dc_level) and a cs pin number
wdts = []
_freq = [125000000]
port = ["rp2"]  # which port's defaults the fakes follow: "rp2" or "esp32" (set_port)


def set_port(name):
    port[0] = name


def level(n):
    return levels.get(n, 1)


def press(n):
    levels[n] = 0


def release(n):
    levels[n] = 1


def reset_state():
    # A fresh board for the next test: forget pins, buses and devices.
    levels.clear()
    pins.clear()
    pwms.clear()
    buses.clear()
    devices.clear()
    del wdts[:]
    _freq[0] = 125000000
    port[0] = "rp2"


def static(gpios=30):
    """Build every Pin, PWM and SPI object now: a heap benchmark calls this before its
    baseline, because on a board these objects are not on the heap at all."""
    for n in range(gpios):
        PWM(Pin(n))
    SPI(0)
    SPI(1)


def _one(table, cls, key):
    o = table.get(key)
    return o if o is not None else object.__new__(cls)


def freq(*args):
    if not args:
        return _freq[0]
    _freq[0] = args[0]


def idle():
    pass


def unique_id():
    return b"\x00\x01\x02\x03\x04\x05\x06\x07"


def reset():
    raise SystemExit("machine.reset()")


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __new__(cls, id, *args, **kw):
        return _one(pins, cls, id)

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self.init(mode, pull, value)
        pins[id] = self

    def init(self, mode=-1, pull=-1, value=None):
        self.mode = mode
        self.pull = pull
        if value is not None:
            levels[self.id] = 1 if value else 0

    def value(self, v=None):
        if v is None:
            return level(self.id)
        levels[self.id] = 1 if v else 0

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        levels[self.id] = 1

    def off(self):
        levels[self.id] = 0

    def irq(self, handler=None, trigger=0):
        return None


class SPI:
    MSB = 0
    LSB = 1

    def __new__(cls, id, *args, **kw):
        return _one(buses, cls, id)

    def __init__(self, id, baudrate=1000000, polarity=0, phase=0, bits=8, firstbit=0, sck=None,
                 mosi=None, miso=-1):
        self.id = id
        self.bytes = 0
        self.init(baudrate, polarity, phase, bits, firstbit, sck, mosi, miso)
        buses[id] = self

    def init(self, baudrate=1000000, polarity=0, phase=0, bits=8, firstbit=0, sck=None, mosi=None,
             miso=-1):
        self.baudrate = baudrate
        self.polarity = polarity
        self.phase = phase
        self.sck = sck
        self.mosi = mosi
        self.miso = miso  # -1: not given (rp2 would then take its default MISO pin)

    def deinit(self):
        pass

    def write(self, buf):
        self.bytes += len(buf)
        for dev in devices.get(self.id, ()):
            if level(dev.cs) == 0:
                dev.receive(buf, level(dev.dc))

    def read(self, n, write=0):
        self.bytes += n
        return bytes(n)

    def readinto(self, buf, write=0):
        self.bytes += len(buf)

    def write_readinto(self, wbuf, rbuf):
        self.write(wbuf)


class PWM:
    def __new__(cls, pin, *args, **kw):
        return _one(pwms, cls, pin.id)

    def __init__(self, pin, freq=None, duty_u16=None, **kw):
        self.pin = pin
        self.history = []
        self._freq = 0
        self._duty = 0
        pwms[pin.id] = self
        if duty_u16 is None and port[0] == "esp32":
            # esp32's machine_pwm.c: a PWM built without a duty runs at once, 5 kHz, 50%
            self.freq(5000)
            self.duty_u16(32768)
        if freq is not None:
            self.freq(freq)
        if duty_u16 is not None:
            self.duty_u16(duty_u16)

    def freq(self, f=None):
        if f is None:
            return self._freq
        # The ports' ranges: rp2's 8-bit divider of its 125 MHz clock stops at about 8 Hz (0 is
        # a division by zero in its C code), esp32 refuses anything outside 1 Hz to 40 MHz.
        lo, hi = (8, 62500000) if port[0] == "rp2" else (1, 40000000)
        if not lo <= f <= hi:
            raise ValueError("PWM frequency %r out of range on %s" % (f, port[0]))
        self._freq = f
        if keep_history:
            self.history.append(("freq", f))

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        if not 0 <= d <= 65535:
            raise ValueError("duty_u16 out of range")
        self._duty = d
        if keep_history:
            self.history.append(("duty", d))

    def deinit(self):
        self._duty = 0
        if keep_history:
            self.history.append(("deinit", 0))

    def tone(self):
        # What the speaker plays now: frequency in Hz, 0 when silent.
        return self._freq if self._duty else 0


class WDT:
    def __init__(self, id=0, timeout=5000):
        if timeout > 8388:
            raise ValueError("timeout too long for rp2")  # the stricter of the two ports
        self.timeout = timeout
        self.feeds = 0
        wdts.append(self)

    def feed(self):
        self.feeds += 1
