# The menus: main, new game, settings and the in-game menu. Loaded on demand and dropped
# while a game is on screen (App.show), so this code holds no RAM during play.
from app import options as O, theme as T, layout
from app.menu import Menu, Item
from app import actions

_MODE_TITLES = {"ai": "Play the AI", "pnp": "Pass and play", "demo": "AI demo"}


def main(app):
    items = [Item("ai", "Play the AI"), Item("pnp", "Pass and play"), Item("demo", "AI demo")]
    if app.saved is not None:
        items.insert(0, Item("resume", "Resume game"))
    items.append(Item("settings", "Settings"))

    def pick(menu, it):
        app.notice = ""
        if it.key == "resume":
            app.play(app.saved)
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

    def pick(menu, it):
        if it.names is not None:
            app.chosen[it.key] = it.index
        elif it.key == "start":
            app.save_settings()
            chosen = dict(app.chosen)
            if "size" not in [i.key for i in items]:
                chosen["size"] = 0
            app.start(mode, chosen, app.clock() & 0x3FFF)
        else:
            main(app)

    app.show(Menu(app, _MODE_TITLES[mode], items, pick, lambda m: main(app)))


def settings(app):
    items = [Item(r[0], r[1], r[2], app.settings[r[0]]) for r in O.SETTINGS]
    items.append(Item("back", "Back"))

    def pick(menu, it):
        if it.names is None:
            app.save_settings()
            main(app)
            return
        app.set_setting(it.key, it.index)
        app.hw.sound.mute = not app.opt("sound")
        if it.key == "theme":
            app.theme = T.make(app.opt("theme"))
            menu.enter()

    def back(menu):
        app.save_settings()
        main(app)

    app.show(Menu(app, "Settings", items, pick, back))


def in_game(app, play):
    items = [Item("resume", "Resume")]
    for key, label in (("undo", "Undo"), ("redo", "Redo"), ("hint", "Hint"),
                       ("draw", "Offer draw"), ("resign", "Resign")):
        if actions.can(play, key):
            items.append(Item(key, label))
    demo = play.s.mode == "demo"
    items.append(Item("quit", "Stop demo" if demo else "Save and quit"))

    def pick(menu, it):
        if it.key == "resign":  # one stray press on a small keypad must not end the game
            app.show(Menu(app, "Resign?", [Item("no", "No"), Item("yes", "Yes, resign")],
                          confirm, lambda m: app.show(play)))
            return
        app.show(play)
        if it.key == "quit":
            app.main_menu()
        elif it.key != "resume":
            play.do(it.key)

    def confirm(menu, it):
        app.show(play)
        if it.key == "yes":
            play.do("resign")

    app.show(Menu(app, "Game", items, pick, lambda m: app.show(play)))
