# The app: main loop (one pass per step()), screens, settings, saves and the panel's sleep.
import gc
import sys

from micropython import const, stack_use


from hw import clock as _clock
from hw.clock import TICKS_MASK
from hw.buttons import RELEASE
from app.keys import Keys
from app.store import Store, TMP
from app.ui import Scratch, SCRATCH_PX
from overlay import drop

# Menus, option tables and power-on code: not held in RAM while a game is on screen (nor the
# themes' colours and the screen's geometry: the Theme and Layout made hold none of their code;
# hw.colour is the themes' colour function, which only the crash screen loads again).
_MENU_CODE = ("app.menus", "app.gamemenu", "app.menu", "app.options", "app.actions",
              "app.startup", "gomoku.restore", "gomoku.undo", "app.past", "app.theme",
              "app.layout", "hw.colour")
IDLE_MS = const(10)  # loop sleep while nothing is thinking
# clock() samples the keys, also from the AI's deepest clock reads, which left a Pico's C stack
# (8 KB, 7,936 checked) 200 bytes: bench_app.py's hard game on the emulated Pico used 7,740.
# A read this deep skips it: 8 of that game's 1,695 reads, never more than two in a row (a
# read comes every 32 nodes, about 40 ms), and the stack's deepest use is 7,044. ESP32's stack
# is 16 KB, the host's large: there every read samples.
_SAMPLE_DEEP = {"rp2": 5800}.get(sys.platform, 0)
SETTINGS = "settings.json"
GAME = "game.json"


class App:
    def __init__(self, hw, root="/", clock=None):
        self.hw = hw
        # Game clocks subtract times, so they need a clock that does not wrap.
        self._time = clock or _clock.monotonic_ms
        self.scratch = Scratch(2 * SCRATCH_PX)
        self.keys = Keys(hw.buttons.actions)
        self.store = Store(root)
        self.notice = ""
        from app import startup  # dropped with the menus during a game (App.show)

        startup.boot(self, SETTINGS, GAME)
        self._resolve()
        from app import theme  # dropped with the menus during a game (App.show)

        self.theme = theme.make(self.opt("theme"))
        hw.sound.mute = not self.opt("sound")
        self.last_key = self.ticks()
        self.asleep = False
        self.swallow = None  # the key that woke the screen: ignored until released
        self.screen = None
        self.game = None  # the Play screen of the current game
        self.starting = None  # start()'s arguments: a game to start at the end of this pass
        self.left = None  # when the saved game's board was last left for a menu (show())
        self.main_menu()

    def clock(self):
        """The time in ms, for every game clock and the AI: it never wraps, and only they
        subtract it. The AI reads it every 32 nodes, also inside a step that keeps the loop
        away for up to half a second on a Pico, so the keys and the buzzer are served with it
        (Hardware.sample)."""
        now = self._time()
        if not _SAMPLE_DEEP or stack_use() < _SAMPLE_DEEP:
            self.hw.sample(now & TICKS_MASK)
        return now

    def ticks(self):
        """The same time as a ticks value, for the screens' timers (time.ticks_add/diff): the
        clock itself passes their range after 12.4 days on, and a board then read garbage."""
        return self.clock() & TICKS_MASK

    # -- helpers for screens -----------------------------------------------------------------
    def opt(self, key):
        return self.values[key]

    def _resolve(self):
        from app import options as O

        self.values = {r[0]: O.value(O.SETTINGS, self.settings, r[0]) for r in O.SETTINGS}

    def set_setting(self, key, index):
        self.settings[key] = index
        self._resolve()

    def sound(self, name):
        self.hw.sound.play(name)

    def show(self, screen):
        # The game's clocks run only while its board is on screen: the time in any menu (or
        # between a boot and Resume) is nobody's. Until session 87 they ran on, so a timed game
        # left by "Save and quit" was lost on time the moment it was resumed.
        if screen is not self.game:
            if self.left is None:
                self.left = self.clock()
        elif self.left is not None and screen.s is self.saved:  # not a past game's review
            screen.s.game.t0 += self.clock() - self.left
            self.left = None
        self.screen = screen
        if screen is self.game:
            drop(*_MENU_CODE)
        screen.enter()

    def start(self, mode, chosen, seed, tip=None):
        """Start a new game as soon as the menu's key handler has returned (see step()); tip:
        a note for its first moments."""
        self.starting = (mode, chosen, seed, tip)

    def _start(self):
        mode, chosen, seed, tip = self.starting
        self.starting = self.left = None
        self.forget_game()
        # The menus' code and the last game (after "New game" on its end screen, its Play still
        # holds its engine) go before the AI's tables are built: a lower peak, and the engine's
        # arrays are not laid out among their leftovers.
        self.screen = self.game = None
        drop(*_MENU_CODE)
        if mode == "pnp":  # an earlier AI game's code and pattern table: about 21 KB
            drop(*[k for k in sys.modules if k.startswith("ai.")])
        gc.collect()
        from app.session import Session

        s = Session(mode, chosen, self.clock, seed)
        err = self.save_game(s)
        self.play(s)
        if err or tip:
            self.game.note(err or tip)
            if s.game.ai_to_act():  # and again after its first move, maybe in this very pass
                self.game.tip = err or tip

    def touch(self, now):
        self.last_key = now

    def save_settings(self):
        # Refused by the flash: the main menu says so; the settings hold until power-off.
        self.notice = self.store.save(SETTINGS, {"s": self.settings, "n": self.chosen}) or ""

    def save_game(self, session):
        """Autosave. If the flash refuses it the game goes on unsaved (the last save stays, and
        Resume works until power-off): the words to show, else None."""
        self.saved = session
        return self.store.save(GAME, session.export())

    def forget_game(self, files=True):
        if files:
            self.store.remove(GAME)
            self.store.remove(GAME + TMP)  # a record whose rename the flash refused
        self.saved = None

    # -- screens -----------------------------------------------------------------------------
    # The menus live in app.menus, loaded when one opens and dropped when the game screen
    # shows: a board keeps .mpy bytecode in RAM, and the AI wants that RAM during a game.
    def main_menu(self):
        # A past game's screen goes back to the past games' list, on the game it showed.
        n = self.game and getattr(self.game.s, "past", 0)
        self.game = None
        from app import menus

        if n:
            menus.past(self, n)
        else:
            menus.main(self)

    def new_game_menu(self, mode):
        from app import menus

        menus.new_game(self, mode)

    def game_menu(self, play):
        from app import gamemenu

        gamemenu.show(self, play)

    def play(self, session):
        from app.play import Play

        self.game = Play(self, session)
        self.show(self.game)

    # -- the loop ----------------------------------------------------------------------------
    def step(self, now=None):
        """One pass of the main loop: buttons, then the screen's own work. Never sleeps."""
        # poll() serves the keys and the buzzer itself; the screens get ticks (see ticks())
        now = (self._time() if now is None else now) & TICKS_MASK
        for action, kind in self.hw.poll(now):
            self._event(action, kind, now)
        if self.starting is not None:
            self._start()
        self.screen.tick(now)
        ms = self.opt("sleep")
        if ms and not self.asleep and _clock.ticks_diff(now, self.last_key) >= ms:
            self.asleep = True
            # The panel's sleep mode, not only its light: on a battery kit the controller's
            # oscillator and drivers stop too. Its memory keeps the picture and takes draws.
            self.hw.display.sleep(True)

    def _event(self, action, kind, now):
        self.last_key = now
        if self.asleep:
            self.asleep = False
            self.hw.display.sleep(False)
            self.swallow = action
            return
        if self.swallow is not None:
            if action == self.swallow:
                if kind == RELEASE:  # later presses of this key count again
                    self.swallow = None
                return
            self.swallow = None
        self.screen.key(action, kind)

    def busy(self):
        return getattr(self.screen, "busy", None) is not None and self.screen.busy()

    def run(self):
        while True:
            self.step()
            if not self.busy():
                _clock.sleep_ms(IDLE_MS)


def run(hw, root="/"):
    App(hw, root).run()
