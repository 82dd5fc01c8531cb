# The app: main loop (one pass per step()), screens, settings, saves and backlight sleep.
from micropython import const


from hw import clock as _clock
from app import options as O, theme as T, layout
from app.keys import Keys
from app.menu import Menu, Item, MENU_W
from app.store import Store, Damaged
from app import session as S
from app.ui import Scratch

IDLE_MS = const(10)  # loop sleep while nothing is thinking
SETTINGS = "settings.json"
GAME = "game.json"
_MODE_TITLES = {"ai": "Play the AI", "pnp": "Pass and play", "demo": "AI demo"}


class App:
    def __init__(self, hw, root="/", clock=None):
        self.hw = hw
        # Game clocks subtract times, so they need a clock that does not wrap.
        self.clock = clock or _clock.monotonic_ms
        d = hw.display
        # The largest piece ever drawn at once: a menu row, a status row or the column labels.
        big = max(min(MENU_W, d.width) * 18, d.width * 10, 19 * 12 * 9, 15 * 15 * 9)
        self.scratch = Scratch(2 * big)
        self.keys = Keys(hw.buttons.actions)
        self.store = Store(root)
        self.notice = ""
        self.settings = O.defaults(O.SETTINGS)
        self.chosen = O.defaults(O.NEW_GAME)
        try:
            data = self.store.load(SETTINGS, _check_settings)
            if data is not None:
                self.settings = O.clean(O.SETTINGS, data.get("s"))
                self.chosen = O.clean(O.NEW_GAME, data.get("n"))
        except Damaged as e:
            self.notice = "Bad settings: " + e.moved_to
        self.theme = T.make(self.opt("theme"))
        hw.sound.mute = not self.opt("sound")
        self.saved = None  # a Session from the save file, offered as "Resume"
        try:
            holder = []
            self.store.load(GAME, lambda d: holder.append(S.restore(d, self.clock)))
            if holder:
                self.saved = holder[0]
        except Damaged as e:
            self.notice = "Bad save: " + e.moved_to
        now = self.clock()
        self.last_key = now
        self.asleep = False
        self.swallow = None  # the key that woke the screen: ignored until released
        self.screen = None
        self.game = None  # the Play screen of the current game
        self.main_menu()

    # -- helpers for screens -----------------------------------------------------------------
    def opt(self, key):
        return O.value(O.SETTINGS, self.settings, key)

    def sound(self, name):
        self.hw.sound.play(name)

    def show(self, screen):
        self.screen = screen
        screen.enter()

    def touch(self, now):
        self.last_key = now

    def save_settings(self):
        self.store.save(SETTINGS, {"s": self.settings, "n": self.chosen})

    def save_game(self, session):
        self.store.save(GAME, session.export())
        self.saved = session

    def forget_game(self):
        self.store.remove(GAME)
        self.saved = None

    # -- screens -----------------------------------------------------------------------------
    def main_menu(self):
        self.game = None
        items = [Item("ai", "Play the AI"), Item("pnp", "Pass and play"), Item("demo", "AI demo")]
        if self.saved is not None:
            items.insert(0, Item("resume", "Resume game"))
        items.append(Item("settings", "Settings"))
        self.show(Menu(self, "GOMOKU", items, self._main_pick, footer=self.notice, big=True))

    def _main_pick(self, menu, it):
        self.notice = ""
        if it.key == "resume":
            self.play(self.saved)
        elif it.key == "settings":
            self.settings_menu()
        else:
            self.new_game_menu(it.key)

    def new_game_menu(self, mode):
        d = self.hw.display
        items = []
        for key in O.MODE_KEYS[mode]:
            row = O.find(O.NEW_GAME, key)
            if key == "size" and len(layout.sizes(d.width, d.height)) < 2:
                continue  # this panel cannot show 19x19 readably
            items.append(Item(key, row[1], row[2], self.chosen[key]))
        items.append(Item("start", "Start"))
        items.append(Item("back", "Back"))

        def pick(menu, it):
            if it.names is not None:
                self.chosen[it.key] = it.index
            elif it.key == "start":
                self.save_settings()
                seed = self.clock() & 0x3FFF
                chosen = dict(self.chosen)
                if "size" not in [i.key for i in items]:
                    chosen["size"] = 0
                self.forget_game()
                s = S.Session(mode, chosen, self.clock, seed)
                self.save_game(s)
                self.play(s)
            else:
                self.main_menu()

        self.show(Menu(self, _MODE_TITLES[mode], items, pick, lambda m: self.main_menu()))

    def settings_menu(self):
        items = [Item(r[0], r[1], r[2], self.settings[r[0]]) for r in O.SETTINGS]
        items.append(Item("back", "Back"))

        def pick(menu, it):
            if it.names is None:
                self.save_settings()
                self.main_menu()
                return
            self.settings[it.key] = it.index
            self.hw.sound.mute = not self.opt("sound")
            if it.key == "theme":
                self.theme = T.make(self.opt("theme"))
                menu.enter()

        def back(menu):
            self.save_settings()
            self.main_menu()

        self.show(Menu(self, "Settings", items, pick, back))

    def play(self, session):
        from app.play import Play

        self.game = Play(self, session)
        self.show(self.game)

    def game_menu(self, play):
        items = [Item("resume", "Resume")]
        for key, label in (("undo", "Undo"), ("redo", "Redo"), ("hint", "Hint"),
                           ("draw", "Offer draw"), ("resign", "Resign")):
            if play.can(key):
                items.append(Item(key, label))
        demo = play.s.mode == "demo"
        items.append(Item("quit", "Stop demo" if demo else "Save and quit"))

        def pick(menu, it):
            if it.key == "resign":  # one stray press on a small keypad must not end the game
                self.show(Menu(self, "Resign?", [Item("no", "No"), Item("yes", "Yes, resign")],
                               confirm, lambda m: self.show(play)))
                return
            self.show(play)
            if it.key == "quit":
                self.main_menu()
            elif it.key != "resume":
                play.do(it.key)

        def confirm(menu, it):
            self.show(play)
            if it.key == "yes":
                play.do("resign")

        self.show(Menu(self, "Game", items, pick, lambda m: self.show(play)))

    # -- the loop ----------------------------------------------------------------------------
    def step(self, now=None):
        """One pass of the main loop: buttons, then the screen's own work. Never sleeps."""
        if now is None:
            now = self.clock()
        for action, kind in self.hw.poll(now):
            self._event(action, kind, now)
        self.screen.tick(now)
        ms = self.opt("sleep")
        if ms and not self.asleep and _clock.ticks_diff(now, self.last_key) >= ms:
            self.asleep = True
            self.hw.display.backlight(0)

    def _event(self, action, kind, now):
        self.last_key = now
        if self.asleep:
            self.asleep = False
            self.hw.display.backlight(100)
            self.swallow = action
            return
        if self.swallow is not None:
            if action == self.swallow:
                if kind == 4:  # RELEASE: later presses of this key count again
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


def _check_settings(d):
    if not isinstance(d, dict):
        raise ValueError("settings must be an object")


def run(hw, root="/"):
    App(hw, root).run()
