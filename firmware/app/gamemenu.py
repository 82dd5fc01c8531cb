# The in-game menu: undo, redo, hint, a draw offer, resign, save and quit. A module of its own,
# so that opening it in a game loads only it and app.menu: through app.menus it also loaded
# app.options and app.actions, about 12 KB of RAM on top of the game and its engine, which made
# it the peak of any game in which the person used it (session 88). Dropped, like the other
# menus' code, once the board shows again (App.show).
from gomoku import game as G
from overlay import drop


def can(play, what):
    """Does the in-game menu (or the end screen, for undo) offer `what` now?"""
    g = play.s.game
    if play.s.mode == "demo" or getattr(play.s, "past", False):
        return False
    if what == "undo":  # also after the game: a fatal slip, a hasty resignation, but not time
        return g.can_undo() and g.reason != G.R_TIME
    if g.over():
        return False
    if what == "redo":
        return g.can_redo()
    if what == "hint":  # not while a draw offer waits: the move to hint is the offerer's
        return not g.ai_to_act() and g.draw_offer < 0 and g.phase in (G.PLAY, G.EXTRA, G.OPEN3)
    if what == "draw":
        return g.draw_offer < 0 and g.phase == G.PLAY
    return True


def show(app, play):
    from app.menu import Menu, Item

    items = [Item("resume", "Resume")]
    for key, label in (("undo", "Undo"), ("redo", "Redo"), ("hint", "Hint"),
                       ("draw", "Offer draw"), ("resign", "Resign")):
        if can(play, key):
            items.append(Item(key, label))
    # can("undo") loaded gomoku.undo to count what an undo takes back: not held while the menu
    # shows (Undo loads it again).
    drop("gomoku.undo")
    demo = play.s.mode == "demo"
    items.append(Item("quit", "Stop demo" if demo else "Save and quit"))

    def pick(menu, it):
        if it.key == "resign":  # one stray press on a small keypad must not end the game
            app.show(Menu(app, "Resign?", [Item("no", "No"), Item("yes", "Yes, resign")],
                          confirm, lambda m: app.show(play)))
            return
        app.show(play)
        if it.key == "quit":
            if demo:
                app.forget_game()  # a stopped demo is not a game to resume
            else:
                # With the running turn's time so far (autosaves come after actions).
                err = app.save_game(play.s)
                app.notice = err or app.notice
            app.main_menu()
        elif it.key != "resume":
            play.do(it.key)

    def confirm(menu, it):
        app.show(play)
        if it.key == "yes":
            play.do("resign")

    app.show(Menu(app, "Game", items, pick, lambda m: app.show(play)))
