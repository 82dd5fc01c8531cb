# pygame front end: the panel scaled up, the kit's keys drawn beside it, keyboard and mouse input.
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

import simcore  # noqa: E402

M = 16  # margin
SIDE_W = 330
ROW_H = 40
BG = (28, 30, 34)
BEZEL = (8, 8, 10)
KEY = (70, 74, 82)
KEY_DOWN = (235, 190, 70)
TEXT = (225, 225, 230)
DIM = (150, 155, 165)

_ACTION_OF_KEY = {
    pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
    pygame.K_RETURN: "place", pygame.K_KP_ENTER: "place", pygame.K_SPACE: "place",
    pygame.K_ESCAPE: "back", pygame.K_BACKSPACE: "back", pygame.K_m: "menu", pygame.K_TAB: "menu",
}


def default_scale(w, h, target=720):
    return max(1, target // max(w, h))


class Window:
    def __init__(self, sim, scale=None, headless=False, mute=False):
        if headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
        pygame.display.init()
        pygame.font.init()
        self.sim = sim
        self.headless = headless
        w, h = sim.width, sim.height
        self.scale = scale or default_scale(w, h)
        self.pw, self.ph = w * self.scale, h * self.scale
        self.font = pygame.font.Font(None, 22)
        self.small = pygame.font.Font(None, 18)
        self.big = pygame.font.Font(None, 26)
        self._layout()
        self.surface = pygame.display.set_mode(self.size)
        pygame.display.set_caption("Gomoku simulator: %s" % sim.profile["name"])
        self.held = {}  # pygame key or "mouse" -> pin it holds
        self.shown_pins = None
        self.shots = 0
        self.audio = None if headless or mute or sim.profile.get("buzzer") is None else Beeper()
        self.force = True

    def _layout(self):
        sim = self.sim
        x0 = M * 2 + self.pw
        y = M + 34
        self.buttons = []  # (rect, key)
        for k in sim.keys.keys:
            self.buttons.append((pygame.Rect(x0, y, 104, ROW_H - 8), k))
            y += ROW_H
        y += 14
        self.legend_y = y
        self.legend = sim.keys.legend() + [("Q", "quit the simulator"),
                                           ("F12", "screenshot of the panel")]
        y += 20 + 20 * len(self.legend)
        self.size = (x0 + SIDE_W, max(self.ph + 2 * M, y + M))

    # -- drawing -----------------------------------------------------------------------------
    def draw(self):
        s = self.surface
        sim = self.sim
        s.fill(BG)
        pygame.draw.rect(s, BEZEL, (M - 6, M - 6, self.pw + 12, self.ph + 12), border_radius=6)
        img = pygame.image.frombuffer(sim.frame(), (sim.width, sim.height), "RGB")
        s.blit(pygame.transform.scale(img, (self.pw, self.ph)), (M, M))  # nearest neighbour
        x0 = M * 2 + self.pw
        self._text(self.big, sim.profile["name"], TEXT, x0, M + 4)
        for rect, k in self.buttons:
            down = sim.pins.pressed(k.pin)
            pygame.draw.rect(s, KEY_DOWN if down else KEY, rect, border_radius=8)
            t = self.font.render(k.label, True, (20, 20, 20) if down else TEXT)
            s.blit(t, t.get_rect(center=rect.center))
            self._text(self.font, k.does(), TEXT, rect.right + 10, rect.y + 1)
            hint = "GPIO%d" % k.pin + ("   key " + k.direct.upper() if k.direct else "")
            self._text(self.small, hint, DIM, rect.right + 10, rect.y + 18)
        y = self.legend_y
        self._text(self.font, "Keyboard", TEXT, x0, y)
        for keys, what in self.legend:
            y += 20
            self._text(self.small, keys, DIM, x0, y)
            self._text(self.small, what, TEXT, x0 + 110, y)
        if sim.backlight() == 0:
            self._text(self.small, "backlight off: any key wakes it", DIM, M, self.ph + M + 2)
        pygame.display.flip()

    def _text(self, font, text, colour, x, y):
        self.surface.blit(font.render(text, True, colour), (x, y))

    def redraw_if_needed(self):
        pins = tuple(self.sim.pins.pressed(k.pin) for k in self.sim.keys.keys)
        if self.sim.dirty() or pins != self.shown_pins or self.force:
            self.shown_pins = pins
            self.force = False
            self.draw()

    def screenshot(self):
        """F12: the panel as the next free sim_KIT_N.png here, said on stderr. The count
        started at 1 in every run, and a new run's shots overwrote the last one's unsaid."""
        while True:
            self.shots += 1
            path = "sim_%s_%d.png" % (self.sim.name, self.shots)
            if not os.path.exists(path):
                break
        self.sim.save_png(path)
        print("sim: wrote %s" % path, file=sys.stderr)
        return path

    def save_window(self, path):
        self.draw()
        d = os.path.dirname(path)
        if d:
            os.makedirs(d, exist_ok=True)
        pygame.image.save(self.surface, path)

    # -- input -------------------------------------------------------------------------------
    def events(self):
        """Handle pending window events; False when the user closed the simulator."""
        sim = self.sim
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT:
                return False
            if ev.type == pygame.KEYDOWN:
                if ev.key == pygame.K_q:
                    return False
                if ev.key == pygame.K_F12:
                    self.screenshot()
                    continue
                self._key_down(ev)
            elif ev.type == pygame.KEYUP:
                pin = self.held.pop(ev.key, None)
                if pin is not None:
                    sim.pins.release(pin, ("key", ev.key))
            elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
                for rect, k in self.buttons:
                    if rect.collidepoint(ev.pos):
                        self.held["mouse"] = k.pin
                        sim.pins.hold(k.pin, "mouse")
            elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
                pin = self.held.pop("mouse", None)
                if pin is not None:
                    sim.pins.release(pin, "mouse")
            elif ev.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED):
                self.force = True
        return True

    def _key_down(self, ev):
        sim = self.sim
        src = ("key", ev.key)
        action = _ACTION_OF_KEY.get(ev.key)
        if action is not None:
            hit = sim.action_pin(action)
            if hit is not None:
                pin, long = hit
                if not long and sim.keys.dual(pin):
                    # the short press of a key whose long press is another action (the Pico
                    # Display's X: up, long: left): a tap, held or not; held, the Up arrow
                    # moved the cursor left (the letter keys press the key itself)
                    sim.pins.tap(pin)
                    return
                # an action this kit only has as an alias: the key makes a long press
                sim.pins.hold(pin, src, simcore.LONG_MS if long else 0)
                self.held[ev.key] = pin
            return
        k = sim.keys.by_direct(pygame.key.name(ev.key).lower())
        if k is not None:
            sim.pins.hold(k.pin, src)
            self.held[ev.key] = k.pin

    # -- loop --------------------------------------------------------------------------------
    def run(self, player=None, exit_at_end=False):
        sim = self.sim
        try:
            while True:
                if not self.events():
                    return
                now = sim.step()
                if player is not None and not player.update(now) and exit_at_end:
                    self.redraw_if_needed()
                    return
                self.redraw_if_needed()
                if self.audio is not None:
                    self.audio.play(sim.tone())
                sim.clock.pace(sim.busy(), now)
        finally:
            if self.audio is not None:
                self.audio.play(0)

    def close(self):
        pygame.display.quit()


class Beeper:
    """The kit's buzzer through the sound card: a square wave at the PWM's frequency."""

    RATE = 22050

    def __init__(self):
        self.freq = 0
        self.cache = {}
        self.channel = None
        try:
            pygame.mixer.init(self.RATE, -16, 1, 512)
            self.ok = True
        except pygame.error:
            self.ok = False

    def play(self, freq):
        if not self.ok or freq == self.freq:
            return
        self.freq = freq
        if self.channel is not None:
            self.channel.stop()
            self.channel = None
        if freq <= 0:
            return
        snd = self.cache.get(freq)
        if snd is None:
            half = max(1, round(self.RATE / freq / 2))
            period = (b"\x00\x10" * half) + (b"\x00\xf0" * half)  # +-4096, 16-bit little-endian
            snd = self.cache[freq] = pygame.mixer.Sound(buffer=period * max(1, 2000 // half))
        self.channel = snd.play(loops=-1)

