# Power-on work, loaded by App() and dropped when a game is shown: finish or discard a save that
# a power cut interrupted, read the settings and the saved game, move damaged records aside.
import json
import os

from gomoku.game import GameError
from app.store import TMP, too_big
from app import session as S

_BAD = ".bad"
_MAX_BAD = 9  # numbered *.bad names tried before the last one is reused


class Damaged(Exception):
    """A record exists but cannot be used; it has been renamed to `moved_to`."""

    def __init__(self, name, moved_to):
        super().__init__(name)
        self.name = name
        self.moved_to = moved_to


def _exists(p):
    try:
        os.stat(p)
        return True
    except OSError:
        return False


def recover(store):
    # A *.tmp left by a power cut is never trusted: the record it was replacing is still
    # complete, except on FAT where save() had to remove it first; then the tmp is the save.
    try:
        names = os.listdir(store.root)
    except OSError:
        return
    # A flash that refuses to remove or rename (full or failing) leaves the files for the next
    # boot: this must never stop a boot.
    for n in names:
        if n.endswith(".json" + TMP):
            main = store.path(n[:-len(TMP)])
            if _exists(main):
                _discard(store, n)
                continue
            try:
                if too_big(store.path(n)):
                    raise ValueError("too big")
                with open(store.path(n)) as f:
                    json.load(f)
            except Exception:  # unreadable (CPython's parser: RecursionError too): not a record
                # (MemoryError too: this runs at the boot only, see load()'s `booting`)
                _discard(store, n)
                continue
            try:
                os.rename(store.path(n), main)
            except OSError:
                pass


def _discard(store, name):
    store.remove(name)
    if _exists(store.path(name)):  # a folder: moved aside, or every save would fail
        set_aside(store, name)


def load(store, name, check=None, booting=False):
    """The record, None if there is none; raises Damaged (after moving the file aside) if it
    is unreadable or `check(data)` raises. `booting`: the heap is at its emptiest, and every
    record the app writes fits in it with room to spare: one that fills it is no record of
    ours (a file under MAX_BYTES can still parse into more than a board's heap: 64 KB of
    short lists, 290 KB), and raising would stop every boot on the crash screen."""
    p = store.path(name)
    if too_big(p):
        raise Damaged(name, set_aside(store, name))
    try:
        f = open(p)
    except OSError:
        if _exists(p):  # a folder by that name: every save to it would fail
            raise Damaged(name, set_aside(store, name))
        return None
    try:
        with f:
            data = json.load(f)
        if check is not None:
            check(data)
        return data
    except MemoryError:
        if not booting:
            raise  # a full heap says nothing about the file
        raise Damaged(name, set_aside(store, name))
    except Exception:  # any parse or shape error: the file is not ours to trust
        raise Damaged(name, set_aside(store, name))


def set_aside(store, name):
    """Rename a damaged record to *.bad (numbered) and say where it went. A flash that refuses
    (full or failing) leaves it where it is, reported again at the next boot: it used to stop
    every boot on the crash screen."""
    p = store.path(name)
    base = p[:-5] if p.endswith(".json") else p
    dst = base + _BAD
    for k in range(1, _MAX_BAD + 1):
        if not _exists(dst):
            break
        dst = base + "-%d%s" % (k, _BAD)
    try:
        if _exists(dst):
            os.remove(dst)  # only our own last numbered *.bad is ever overwritten
        os.rename(p, dst)
    except OSError:
        return name
    return dst[len(store.root):]


def _check_settings(d):
    if not isinstance(d, dict):
        raise ValueError("settings must be an object")


def check_save(d):
    """Raise unless d looks like our save record."""
    if not isinstance(d, dict) or d.get("kind") != S.KIND or d.get("mode") not in S.MODES:
        raise GameError("not a game save")
    if not isinstance(d.get("seed"), int) or not isinstance(d.get("game"), dict):
        raise GameError("damaged save")


def restore(d, clock):
    """The Session saved in record d (raises GameError if it is not a sound one)."""
    check_save(d)
    from app import options as O
    from gomoku.restore import restore as rebuild

    chosen = O.clean(O.NEW_GAME, d.get("opts"))
    g = rebuild(d["game"], clock)
    s = S.Session(d["mode"], chosen, clock, d["seed"], g)
    h = d.get("half", -1)
    if h != -1:  # a first fifth-move proposal, made by a person before the power went
        from gomoku.game import PROPOSE

        if type(h) is not int or g.phase != PROPOSE or g.ai_to_act():
            raise GameError("damaged save")
        try:
            g.board.check_empty(h)
        except ValueError:
            raise GameError("damaged save")
        s.half = h
    k = d.get("kept", 0)
    if type(k) is not int or k < 0:
        raise GameError("damaged save")
    s.kept = k
    return s


def _finished(store, s, name):
    """A finished game's save (file `name`), left by a power cut as the game ended
    (app.past.keep) or by a flash that refused its record: keep it among the past
    games unless it is there already, then remove the save. Not a game to resume. What the
    store said if it refused the record."""
    from app import past as P

    if s.mode != "demo" and not P.newest_is(store, s.game):
        return P.add(store, s, s.kept, name)[1]  # (kept: an end taken back, played otherwise)


def boot(app, settings_name, game_name):
    """Fill app.settings, app.chosen, app.saved (the Session to offer as "Resume") and
    app.notice (what was moved aside) from the records in app.store."""
    from app import options as O

    store = app.store
    recover(store)
    app.settings = O.defaults(O.SETTINGS)
    app.chosen = O.defaults(O.NEW_GAME)
    try:
        data = load(store, settings_name, _check_settings, True)
        if data is not None:
            app.settings = O.clean(O.SETTINGS, data.get("s"))
            app.chosen = O.clean(O.NEW_GAME, data.get("n"))
    except Damaged as e:
        app.notice = "Bad settings: " + e.moved_to
    app.saved = None
    try:
        holder = []
        load(store, game_name, lambda d: holder.append(restore(d, app.clock)), True)
        if holder and holder[0].game.over():
            err = _finished(store, holder[0], game_name)
            if err:  # the save stays until the flash takes its record (or a new game starts)
                app.notice = err
                app.unkept = holder[0]
            else:
                store.remove(game_name)
            holder = None
        if holder:
            n = holder[0].game.board.size
            d = app.hw.display
            from app import layout

            if layout.fit(d.width, d.height, n) is None:
                # Saved on a kit with a larger panel: not offered here, and the file is left
                # as it is (it is not damaged) until a new game is saved over it.
                app.notice = "Saved %dx%d game: too big" % (n, n)
            else:
                app.saved = holder[0]
    except Damaged as e:
        # both damaged: one footer row says so (the settings' notice was lost)
        app.notice = ("Bad settings and save" if app.notice.startswith("Bad settings")
                      else "Bad save: " + e.moved_to)
