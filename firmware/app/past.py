# Past games: the last KEEP finished games with a person at the board, one json file each
# ("pastN.json", N counting up), replayed from the main menu. Loaded when a game ends and by
# that menu, never during play. `mpremote cp :past3.json .` and tools/records.py turn one into
# PSQ or SGF.
import os

from micropython import const

from app import session as S

KEEP = const(8)
KIND = "gomoku-past"
_PRE = "past"
_EXT = ".json"


def name(n):
    return "%s%d%s" % (_PRE, n, _EXT)


def numbers(store):
    """The past games' numbers, oldest first."""
    try:
        names = os.listdir(store.root)
    except OSError:
        return []
    out = []
    for f in names:
        n = f[len(_PRE):-len(_EXT)]
        # only names that add() gives: past01.json would be listed as past1.json's, and a
        # past game's screen knows its record by a number from 1 (Session.past)
        if (f.startswith(_PRE) and f.endswith(_EXT) and n.isdigit() and name(int(n)) == f
                and int(n)):
            out.append(int(n))
    out.sort()
    return out


def summary(g, names):
    """The line the list shows: who won (by the players' names: You / AI, P1 / P2) and the
    game's length."""
    if g.winner == 0:
        res = "Draw"
    else:
        res = names[g.player_of(g.winner)] + " won"
    n = g.board.count()
    return "%s, %d move%s" % (res, n, "" if n == 1 else "s")


def add(store, session, n=0, save=None):
    """Keep the finished game of session as past game n if there is one (its own earlier end,
    taken back), else as a new one, dropping the oldest beyond KEEP (first, so a full flash is
    less likely to refuse it). Refused, and `save` (the game's own save's name) holds this
    game: that file becomes the record, by a rename, which needs no room and leaves one name
    or the other after a power cut. (Its number, what the store said if it was refused.)"""
    nums = numbers(store)
    if n not in nums:
        for k in nums[:max(0, len(nums) - KEEP + 1)]:
            store.remove(name(k))
        n = nums[-1] + 1 if nums else 1
    g = session.game
    err = store.save(name(n), _named(session, {"kind": KIND, "game": g.export()}))
    if err and save and holds(store, save, g):
        err = store.move(save, name(n))
    return n, err


def _named(s, d):
    """Record d with what the list shows of session s's game: the players' names and a line."""
    d["names"] = names = [s.names(0), s.names(1)]
    d["sum"] = summary(s.game, names)
    return d


def holds(store, fname, g):
    """Whether record fname is game g: the same actions at the same clocks, which two games
    played apart never share."""
    import json
    from app.store import too_big

    p = store.path(fname)
    if too_big(p):
        return False
    try:
        with open(p) as f:
            k = json.load(f)["game"]
        d = g.export()
        return k["acts"] == d["acts"] and k["clk"] == d["clk"]
    except Exception:  # none, old or damaged: the Past games menu says so
        return False


def newest_is(store, g):
    nums = numbers(store)
    return bool(nums) and holds(store, name(nums[-1]), g)


def keep(play):
    """At a game's end: keep it, but an AI demo's, and once: a game taken back on its end
    screen and redone to the same end is not kept again (only then is the newest record read,
    a few KB of RAM), and one that ends otherwise replaces its record (the list is not to fill
    with one game's ends; Session.kept, saved with the game, names the record, so also after a
    resume from Save and quit or a power cut). A full flash gets a note, not a crash. False
    only if the flash refused the record."""
    from app.app import GAME

    s = play.s
    store = play.app.store
    # The finished game is saved first, named as a record is, so that add() can rename it into
    # one; then kept; then its save goes (app.play): a power cut in between leaves it for the
    # boot to keep (app.startup). It was lost when the save went first, and kept twice when
    # the save left was the one before the last move (it was resumed and won again). (Its
    # names here, not in every autosave: this code is loaded only at a game's end.)
    store.save(GAME, _named(s, s.export()))
    again = s.kept
    if s.mode != "demo" and not (again and newest_is(store, s.game)):
        s.kept, err = add(store, s, again, GAME)
        if err:
            play.note(err)
            # for retry(); should its end be taken back and kept later, retry() writes the
            # same record (Session.kept) again
            play.app.unkept = s
            return False
    return True


def retry(app):
    """A new game is starting, and its save will replace the one of a finished game whose
    record the flash refused (app.unkept: at its end, or at the boot): keep that game now,
    making room with its save if need be. It was kept only by a boot before the new game,
    so a single failed write at its end lost it."""
    s = getattr(app, "unkept", None)  # (set only then: no attribute for the App to carry)
    if s is None:
        return
    app.unkept = None
    if s.game.over():  # (not if taken back on its end screen and replaced unfinished)
        from app.app import GAME

        if add(app.store, s, s.kept, GAME)[1]:
            # The save is not this game (the flash refused it at the end too), or the flash
            # refuses to rename it: the new game's save goes there next in any case. (Only a
            # power cut right here, on a flash that refuses renames, loses the game.)
            app.forget_game()
            add(app.store, s, s.kept)


def check(d):
    # (a size that is not a number was listed as "too big for this panel", not as damaged)
    # (a game's own save, renamed into a record by add(), is one too)
    if (not isinstance(d, dict) or d.get("kind") not in (KIND, S.KIND)
            or not isinstance(d.get("game"), dict)
            or type(d["game"].get("size")) is not int):
        raise ValueError("not a past game")


def open_game(d, clock, n=True):
    """A Session that shows past game d, number n (pass-and-play, so no AI is built for it);
    raises GameError if the record is not a sound finished game."""
    from gomoku.game import GameError
    from gomoku.restore import restore

    check(d)
    g = d["game"]
    g["ai"] = [0, 0]  # whoever played it, nobody is to move now: no engine is built
    g = restore(g, clock)
    if not g.over():
        raise GameError("not finished")
    s = S.Session("pnp", {}, clock, 0, g)
    s.past = n  # its end screen offers no "New game" (not this mode's game); back to n in the list
    names = d.get("names")
    if isinstance(names, list) and len(names) == 2:
        s.names = lambda p: str(names[p])
    return s
