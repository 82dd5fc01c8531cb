# Kit profiles build on the fakes; the decoded panel shows what was drawn, where it was drawn.
import json
import os

import machine
import vpanel
import pytest

import hwfix
from app.ui import Scratch
from hw import kit
from hw.colour import rgb
from hw.buttons import DIRECTIONS

BLACK, WHITE, RED = rgb(0, 0, 0), rgb(255, 255, 255), rgb(255, 0, 0)
GREEN, BLUE, YELLOW, CYAN = rgb(0, 255, 0), rgb(0, 0, 255), rgb(255, 255, 0), rgb(0, 255, 255)


def _surface(w, h):
    return Scratch(2 * w * h).view(w, h)

KITS = kit.known()
ACTIONS = set(DIRECTIONS) | {"place", "back", "menu"}
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_all_shipped_kits_are_known():
    files = sorted(f[:-5] for f in os.listdir(os.path.join(ROOT, "boards")) if f.endswith(".json"))
    assert KITS == files
    assert len(KITS) == 8


@pytest.mark.parametrize("name", KITS)
def test_profile_builds_with_usable_controls(name):
    hw, screen, p = hwfix.build(name)
    assert p["id"] == name == hw.name
    assert (hw.display.width, hw.display.height) == (p["width"], p["height"])
    assert (screen.width, screen.height) == (p["width"], p["height"])
    assert 135 <= hw.display.height <= 240 and 240 <= hw.display.width <= 320  # landscape
    assert set(hw.buttons.actions) <= ACTIONS
    assert {"place", "menu", "right"} <= set(hw.buttons.actions)
    assert screen.on and screen.awake and screen.colmod == 0x55
    spi = machine.buses[p["spi"]["id"]]
    assert spi.miso is None  # else rp2 SPI(1) takes DC's pin as MISO (before 1.25: see below)
    assert spi.baudrate == p["spi"]["baudrate"]
    for pin in p["buttons"]:
        n = int(pin)
        no_pull = p["mcu"] == "esp32" and 34 <= n <= 39
        assert machine.pins[n].pull == (-1 if no_pull else machine.Pin.PULL_UP)
    if p["bl"] is not None and p["bl_pwm"]:
        assert machine.pwms[p["bl"]].duty_u16() == 65535


@pytest.mark.parametrize("name", KITS)
def test_the_glass_lights_on_black_not_on_power_on_noise(name, monkeypatch):
    # The controllers' frame memory holds noise after power-up (ST7789V and ILI9341 datasheets:
    # the RAM is not initialised by a reset), and DISPON shows whatever is there. The panel lit
    # up with it, backlight on, until the app's first screen, which comes after the app's
    # imports. Cleared first, the glass comes up black.
    from hw import panel

    shown = []
    send = panel.Panel._send

    def spy(self, cmd, data):
        send(self, cmd, data)
        if cmd == 0x29:  # DISPON: what the glass shows from here on
            s = machine.devices[self._spi.id][-1]
            shown.append({s.pixel(x, y) for x in range(s.width) for y in range(s.height)})

    monkeypatch.setattr(panel.Panel, "_send", spy)
    hw, screen, p = hwfix.build(name)
    assert shown == [{(0, 0, 0)}]
    assert screen.on and screen.awake


@pytest.mark.parametrize("name", [k for k in KITS if kit.load_profile(k)["mcu"] == "rp2"])
def test_a_pin_the_rp2_bus_claims_is_set_up_after_the_bus(name, monkeypatch):
    # Before MicroPython 1.25 rp2's SPI() gave the bus's default MISO pin (a Pico's GPIO 16 on
    # SPI0, 8 on SPI1) to the SPI even with miso=None (micropython issue 16912): DC on the
    # Waveshare and Pimoroni kits, the place key on the DIY one. Only a Pin set up after the
    # bus takes its pin back, so the order of the kit's set-up must stay as it is.
    log = []
    spi_init, pin_init = machine.SPI.init, machine.Pin.init

    def spi(self, *a, **kw):
        log.append(("spi", self.id))
        spi_init(self, *a, **kw)

    def pin(self, mode=-1, pull=-1, value=None):
        log.append(("pin", self.id, mode))
        pin_init(self, mode, pull, value)

    monkeypatch.setattr(machine.SPI, "init", spi)
    monkeypatch.setattr(machine.Pin, "init", pin)
    hw, screen, p = hwfix.build(name)
    claimed = {0: 16, 1: 8}[p["spi"]["id"]]
    used = {p["dc"], p["cs"], p["rst"], p["bl"], p["buzzer"]} | {int(n) for n in p["buttons"]}
    assert claimed in used  # every rp2 kit wires its bus's default MISO pin to something
    bus = log.index(("spi", p["spi"]["id"]))
    assert [e for e in log[bus:] if e[:2] == ("pin", claimed) and e[2] in (0, 1)]


@pytest.mark.parametrize("name", KITS)
def test_backlight_and_buzzer_stay_off_while_the_kit_starts(name):
    # ESP32's PWM runs at 5 kHz, 50% when built without a duty (the fakes follow the port): a
    # click and a half-lit panel of random pixels at every boot. The buzzer pin is driven
    # before the display's 0.45 s set-up (an undriven speaker pin hisses on the M5Stack).
    hw, screen, p = hwfix.build(name)
    if p["buzzer"] is not None:
        buz = machine.pwms[p["buzzer"]]
        assert not [d for what, d in buz.history if what == "duty" and d], buz.history
        order = list(machine.pins)
        assert order.index(p["buzzer"]) < order.index(p["cs"])
    if p["bl"] is not None and p["bl_pwm"]:
        duties = [d for what, d in machine.pwms[p["bl"]].history if what == "duty"]
        assert duties[0] == 0 and duties[-1] == 65535, duties


def test_unknown_kit_lists_the_known_ones():
    with pytest.raises(ValueError) as e:
        kit.load_profile("no_such_kit")
    for name in KITS:
        assert name in str(e.value)


def test_a_board_without_kit_json_says_how_to_get_one(tmp_path, monkeypatch):
    # A deployed board has no boards/ folder: it said "no kit.json; known kits: " and no more.
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(kit, "_dirs", lambda: [str(tmp_path / "boards")])
    with pytest.raises(ValueError) as e:
        kit.load_profile()
    assert str(e.value) == "no kit.json: run tools/deploy.py --kit NAME"


def test_kit_json_is_the_default_profile(tmp_path, monkeypatch):
    p = kit.load_profile("pico_lcd_114")
    (tmp_path / "kit.json").write_text(json.dumps(p))
    monkeypatch.chdir(tmp_path)
    assert kit.load_profile() == p


def _frame(d):
    w, h = d.width, d.height
    d.fill(BLACK)
    d.fill_rect(0, 0, w, 1, RED)
    d.fill_rect(0, h - 1, w, 1, GREEN)
    d.fill_rect(0, 1, 1, h - 2, BLUE)
    d.fill_rect(w - 1, 1, 1, h - 2, WHITE)


@pytest.mark.parametrize("rotation", [0, 1, 2, 3])
@pytest.mark.parametrize("name", KITS)
def test_edge_frame_lands_on_the_glass_edges(name, rotation):
    hw, screen, p = hwfix.build(name, rotation)
    _frame(hw.display)
    w, h = screen.width, screen.height
    assert (w, h) == (hw.display.width, hw.display.height)
    for x in range(w):
        assert screen.pixel(x, 0) == (255, 0, 0)
        assert screen.pixel(x, h - 1) == (0, 255, 0)
    for y in range(1, h - 1):
        assert screen.pixel(0, y) == (0, 0, 255)
        assert screen.pixel(w - 1, y) == (255, 255, 255)
    for x in range(1, w - 1):
        assert screen.pixel(x, 1) == (0, 0, 0)
        assert screen.pixel(x, h - 2) == (0, 0, 0)
    for y in range(1, h - 1):
        assert screen.pixel(1, y) == (0, 0, 0)
        assert screen.pixel(w - 2, y) == (0, 0, 0)


@pytest.mark.parametrize("name", ["pico_lcd_13", "m5stack_core", "pico_ili9341"])
def test_tile_blit_keeps_colours_and_layout(name):
    hw, screen, p = hwfix.build(name)
    colours = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (248, 252, 0), (16, 32, 200)]
    t = _surface(7, 5)
    t.fill(BLACK)
    for i, c in enumerate(colours):
        t.pixel(i + 1, i, rgb(*c))
    hw.display.fill(WHITE)
    hw.display.blit(t.buf, 30, 20, t.w, t.h)
    for i, c in enumerate(colours):
        want = tuple(v & m | (v & m) >> s for v, m, s in zip(c, (0xF8, 0xFC, 0xF8), (5, 6, 5)))
        assert screen.pixel(30 + i + 1, 20 + i) == want
        assert screen.pixel(30 + i, 20 + i) == (0, 0, 0)
    assert screen.pixel(29, 20) == (255, 255, 255)
    assert screen.pixel(37, 24) == (255, 255, 255)
    assert screen.pixel(36, 24) == (0, 0, 0)
    assert screen.pixel(30, 25) == (255, 255, 255)


def test_m5stack_tells_its_two_panels_apart():
    # Recent Cores' IPS panel is inverted and pulls its reset line high; older ones' TN panel
    # is not. Read the other way, colours come out negative (red shows cyan).
    for rst_level in (1, 0):
        hw, screen, p = hwfix.build("m5stack_core", levels={33: rst_level})
        assert p["invert"] == "rst" and p["rst"] == 33
        assert screen.glass_invert == bool(rst_level) == screen.inverted
        hw.display.fill(RED)
        assert screen.pixel(10, 10) == (255, 0, 0)


def test_m5stack_lets_its_reset_line_settle_before_reading_the_panel_kind(monkeypatch):
    # A soft reboot leaves GPIO33 driven high by the last run; read at once, an older TN Core's
    # line can still be high and its colours come out negative.
    log = []
    monkeypatch.setattr(kit, "sleep_ms", lambda ms: log.append(("sleep", ms)))
    read = machine.Pin.value

    def value(pin, v=None):
        if v is None and pin.id == 33:
            log.append(("read", pin.mode, pin.pull))
        return read(pin, v)

    monkeypatch.setattr(machine.Pin, "value", value)
    hwfix.build("m5stack_core", levels={33: 0})
    i = log.index(("read", machine.Pin.IN, machine.Pin.PULL_DOWN))
    assert ("sleep", 1) in log[:i]


@pytest.mark.parametrize("name", ["pico_display", "pico_display_2"])
def test_the_pimoroni_packs_hold_their_rgb_led_off(name):
    # The LED is active-low: left to the RP2040's pull-downs it glows faintly.
    hwfix.build(name)
    for n in (6, 7, 8):
        assert machine.pins[n].mode == machine.Pin.OUT and machine.level(n) == 1


def test_fill_rect_clips_and_reuses_its_chunk():
    hw, screen, p = hwfix.build("pico_lcd_114")
    d = hw.display
    d.fill(BLACK)
    d.fill_rect(-5, -5, 10, 10, YELLOW)
    d.fill_rect(d.width - 3, d.height - 3, 50, 50, CYAN)
    assert screen.pixel(4, 4) == (255, 255, 0) and screen.pixel(5, 5) == (0, 0, 0)
    assert screen.pixel(d.width - 1, d.height - 1) == (0, 255, 255)
    assert screen.pixel(d.width - 4, d.height - 1) == (0, 0, 0)
    with pytest.raises(ValueError):
        d.blit(bytearray(8), d.width - 1, 0, 2, 2)


def test_cell_blit_byte_count():
    hw, screen, p = hwfix.build("pico_lcd_13")
    spi = machine.buses[p["spi"]["id"]]
    t = _surface(16, 16)
    before, seen = spi.bytes, screen.bytes_sent
    hw.display.blit(t.buf, 0, 0, 16, 16)
    # CASET + 4, RASET + 4, RAMWR, then the pixels: nothing else on the wire.
    assert spi.bytes - before == 1 + 4 + 1 + 4 + 1 + 512
    assert screen.bytes_sent - seen == spi.bytes - before
    before = spi.bytes
    hw.display.fill_rect(0, 0, 16, 16, RED)
    assert spi.bytes - before == 11 + 512


def test_sleep_and_backlight():
    hw, screen, p = hwfix.build("pico_display")
    hw.display.fill(WHITE)
    bl = machine.pwms[p["bl"]]
    hw.display.backlight(40)
    assert bl.duty_u16() == 40 * 65535 // 100
    hw.display.sleep(True)
    assert bl.duty_u16() == 0 and not screen.awake and screen.pixel(3, 3) == (0, 0, 0)
    hw.display.sleep(False)
    assert bl.duty_u16() == 40 * 65535 // 100 and screen.pixel(3, 3) == (255, 255, 255)


def test_watchdog_is_fed_by_poll():
    hw, screen, p = hwfix.build("pico_lcd_13", wdt_ms=5000)
    w = machine.wdts[-1]
    assert w.timeout == 5000
    hw.poll(0)
    hw.poll(10)
    assert w.feeds == 2


def test_profile_can_enable_the_watchdog():
    machine.reset_state()
    p = dict(kit.load_profile("ttgo_tdisplay"))
    vpanel.attach(p)
    n = len(machine.wdts)
    kit.setup(profile=p)
    assert len(machine.wdts) == n  # off unless asked for
    p["wdt_ms"] = 8000
    vpanel.attach(p)
    hw = kit.setup(profile=p)
    assert machine.wdts[-1].timeout == 8000 and hw.wdt is machine.wdts[-1]


# What each kit's vendor code sends (not read back from the profile, as the virtual glass is):
# MADCTL's BGR bit, INVON, and the gamma curves (0xE0 positive, 0xE1 negative), first bytes.
# Waveshare: Pico-LCD-1.3/1.14 demo init_display(); Pimoroni: pimoroni-pico st7789.cpp;
# LilyGO T-Display: TFT_eSPI Setup25 (CGRAM_OFFSET, so TFT_MAD_BGR) and ST7789_Init.h;
# M5Stack: TFT_eSPI ILI9341_Rotation.h (M5STACK) and M5Stack's In_eSPI (IPS: INVON).
VENDOR = {
    "pico_lcd_13": (False, True, b"\xd0\x04\x0d", b"\xd0\x04\x0c"),
    "pico_lcd_114": (False, True, b"\xd0\x04\x0d", b"\xd0\x04\x0c"),
    "pico_display": (False, True, b"\x70\x04\x08", b"\x70\x03\x09"),
    "pico_display_2": (False, True, b"\xd0\x08\x11", b"\xd0\x08\x10"),
    "ttgo_tdisplay": (True, True, b"\xd0\x00\x02", b"\xd0\x00\x02"),
    "m5stack_core": (True, None, b"\x0f\x31\x2b", b"\x00\x0e\x14"),
    "pico_ili9341": (True, False, b"\x0f\x31\x2b", b"\x00\x0e\x14"),
    "esp32_ili9341": (True, False, b"\x0f\x31\x2b", b"\x00\x0e\x14"),
}


@pytest.mark.parametrize("name", KITS)
def test_init_sends_what_the_vendor_code_sends(name):
    # The ST7789 kits ran on the controller's reset-default gamma curve (no 0xE0/0xE1 sent),
    # the Pimoroni packs and the T-Display on Waveshare's voltages, and the T-Display in RGB
    # order where LilyGO's own code sets BGR.
    bgr, inv, gam_p, gam_n = VENDOR[name]
    hw, screen, p = hwfix.build(name)
    assert bool(screen.madctl & 0x08) == bgr
    if inv is not None:
        assert screen.inverted == inv
    assert screen.regs[0xE0].startswith(gam_p) and len(screen.regs[0xE0]) in (14, 15)
    assert screen.regs[0xE1].startswith(gam_n) and len(screen.regs[0xE1]) in (14, 15)
    assert screen.colmod == 0x55 and screen.on and screen.awake


def test_wake_comes_120_ms_after_sleep_in_at_the_soonest(monkeypatch):
    # ST7789V and ILI9341 datasheets, SLPIN and SLPOUT: 120 ms between sleep-in and sleep-out.
    # A key could wake the panel 5 ms after it went to sleep.
    from hw import panel

    hw, screen, p = hwfix.build("pico_lcd_13")
    now = [0]
    sent = []
    monkeypatch.setattr(panel, "sleep_ms", lambda ms: now.__setitem__(0, now[0] + ms))
    send = hw.display._send
    monkeypatch.setattr(hw.display, "_send", lambda c, d: (sent.append((c, now[0])), send(c, d)))
    hw.display.sleep(True)
    hw.display.sleep(False)  # at once
    at = dict(sent)
    assert at[0x11] - at[0x10] >= 120 and screen.awake


@pytest.mark.parametrize("bad", ["e0 zz", "", "e0 1ff", 224])
def test_a_bad_tune_line_names_the_kit_and_the_line(bad):
    # It raised int()'s bare "invalid syntax for integer with base 16" (or an IndexError)
    # from the kit's setup, naming neither the profile nor its line.
    p = dict(kit.load_profile("pico_lcd_13"))
    p["tune"] = ["e1 d0 04", bad]
    vpanel.attach(p)
    with pytest.raises(ValueError) as e:
        kit.setup(profile=p)
    assert str(e.value).startswith("kit pico_lcd_13: tune ") and repr(bad) in str(e.value)
