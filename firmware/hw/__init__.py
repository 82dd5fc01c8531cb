# The hardware a kit gives the app; hw.kit builds it from the kit profile.
from hw.clock import ticks_ms


class Hardware:
    def __init__(self, name, display, buttons, sound, wdt, reset=None):
        self.name = name  # the kit; its profile is not kept (a few KB of parsed json)
        self.display = display
        self.buttons = buttons
        self.sound = sound
        self.wdt = wdt
        self.reset = reset  # machine.reset: restarts the board (the crash screen's way out)
        self.menu_hold = None  # the key held for the menu on a kit without a menu key (kit.py)

    def feed(self):
        if self.wdt is not None:
            self.wdt.feed()

    def sample(self, now):
        """Between two polls: the keys are read (kept for the next poll) and a tune moves on.
        The app's clock calls it, which the AI reads every 32 nodes, so a step that keeps the
        loop away for up to half a second on a Pico neither loses a tap nor stretches a 25 ms
        click into a beep as long as the step. (The watchdog is fed by poll() alone: a search
        that hung reading the clock must still reset the board.)"""
        self.buttons.sample(now)
        self.sound.update(now)

    def poll(self, now=None):
        if now is None:
            now = ticks_ms()
        events = self.buttons.poll(now)
        self.sound.update(now)
        self.feed()
        return events
