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

    def feed(self):
        if self.wdt is not None:
            self.wdt.feed()

    def poll(self, now=None):
        if now is None:
            now = ticks_ms()
        events = self.buttons.poll(now)
        self.sound.update(now)
        self.feed()
        return events
