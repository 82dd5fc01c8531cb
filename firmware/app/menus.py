# The menus: main, new game, settings and past games (the in-game one is app.gamemenu).
# Loaded on demand and dropped while a game is on screen (App.show), so this code holds no RAM
# during play.
from app import options as O, theme as T, layout
from app.menu import Menu, Item

_MODE_TITLES = {"ai": "Play the AI", "pnp": "Pass and play", "demo": "AI demo"}


def main(app):
    from app import past as P

    items = [Item("ai", "Play the AI"), Item("pnp", "Pass and play"), Item("demo", "AI demo")]
    if app.saved is not None:
        items.insert(0, Item("resume", "Resume game"))
    if P.numbers(app.store):
        items.append(Item("past", "Past games"))
    items.append(Item("settings", "Settings"))

    def pick(menu, it):
        app.notice = ""
        if it.key == "resume":
            app.play(app.saved)
        elif it.key == "past":
            past(app)
        elif it.key == "settings":
            settings(app)
        else:
            new_game(app, it.key)

    app.show(Menu(app, "GOMOKU", items, pick, footer=app.notice, big=True))


def new_game(app, mode):
    d = app.hw.display
    items = []
    for key in O.MODE_KEYS[mode]:
        row = O.find(O.NEW_GAME, key)
        if key == "size" and len(layout.sizes(d.width, d.height)) < 2:
            continue  # this panel cannot show 19x19 readably
        items.append(Item(key, row[1], row[2], app.chosen[key]))
    items.append(Item("start", "Start"))
    items.append(Item("back", "Back"))

    def start():
        app.save_settings()
        # An option this menu does not show takes its default, not what another mode's menu
        # left: the board size a panel cannot show, and an AI demo's time limit (the one set
        # for games against the AI ran its clocks, and could end it on time).
        shown = [i.key for i in items]
        chosen = {r[0]: app.chosen[r[0]] if r[0] in shown else r[4] for r in O.NEW_GAME}
        # A kit without a menu key opens the in-game menu (undo, resign, ...) with a long
        # press: nothing else on screen says so.
        k = app.hw.menu_hold
        from app import past

        past.retry(app)
        app.start(mode, chosen, app.clock() & 0x3FFF, k and "Hold %s: menu" % k)

    def pick(menu, it):
        if it.names is not None:
            app.chosen[it.key] = it.index
        elif it.key == "start":
            if app.saved is None or not app.saved.game.board.count():
                start()  # nothing to lose
                return
            # The unfinished game's save would be replaced: one stray press must not lose it.
            app.show(Menu(app, "Replace saved game?", [Item("no", "No"), Item("yes", "Yes")],
                          lambda m, it: start() if it.key == "yes" else new_game(app, mode),
                          lambda m: new_game(app, mode)))
        else:
            main(app)

    app.show(Menu(app, _MODE_TITLES[mode], items, pick, lambda m: main(app)))


def past(app, at=0):
    """The past games, newest first (the cursor on number `at`, the one just left, if given);
    one opens on its last position, to review."""
    from app import past as P, startup

    d = app.hw.display
    fits = layout.sizes(d.width, d.height)
    items = []
    hidden = 0
    for n in reversed(P.numbers(app.store)):
        try:
            rec = startup.load(app.store, P.name(n), P.check)
        except startup.Damaged as e:
            app.notice = "Bad record: " + e.moved_to
            continue
        if rec is None:  # gone since it was listed
            continue
        if rec["game"].get("size") not in fits:
            hidden += 1  # copied from a kit with a larger panel
            continue
        items.append(Item(n, "%d. %s" % (n, rec.get("sum", "?"))))
        rec = None  # one record at a time in RAM: a long game's is several KB
    items.append(Item("back", "Back"))
    foot = app.notice or ("%d too big for this panel" % hidden if hidden else "")

    def pick(menu, it):
        if it.key == "back":
            main(app)
            return
        from gomoku.game import GameError

        name = P.name(it.key)
        try:
            rec = startup.load(app.store, name, P.check)
            if rec is None:  # removed since the list was made (mpremote)
                past(app)
                return
            app.play(P.open_game(rec, app.clock, it.key))
        except startup.Damaged as e:
            app.notice = "Bad record: " + e.moved_to
            past(app)
        except (GameError, KeyError, TypeError, ValueError, IndexError):
            app.notice = "Bad record: " + startup.set_aside(app.store, name)
            past(app)

    m = Menu(app, "Past games", items, pick, lambda m: main(app), footer=foot)
    for k in range(len(items)):
        if items[k].key == at:
            m.sel = k
    app.show(m)


def settings(app):
    # Each change is saved as it is made, as moves are: the kit may be unplugged right here.
    # A kit without a buzzer is not offered the sound.
    items = [Item(r[0], r[1], r[2], app.settings[r[0]]) for r in O.SETTINGS
             if r[0] != "sound" or app.hw.sound.pwm is not None]
    items.append(Item("back", "Back"))

    def pick(menu, it):
        if it.names is None:
            main(app)
            return
        app.set_setting(it.key, it.index)
        app.save_settings()
        app.hw.sound.mute = not app.opt("sound")
        if it.key == "theme":
            app.theme = T.make(app.opt("theme"))
            menu.enter()

    app.show(Menu(app, "Settings", items, pick, lambda m: main(app)))

