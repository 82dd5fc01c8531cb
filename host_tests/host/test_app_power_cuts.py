# Power cuts at every step of every write the app makes (powercut.FakeFlash: littlefs, FAT,
# torn writes), each followed by a boot on what the flash holds: the app starts, no game or
# past game is lost or kept twice, settings are the old or the new ones. The same for a flash
# that fills (or fails once) at any step of a game's end.
import json

import pytest

import appfix
import powercut
from powercut import PowerCut
from app import past
from app.session import Session
from app.store import Store
from gomoku import game as G

ROOT = "/fl"
WIN = ["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "g8"]  # black's five on row 8
OTHER = WIN[:8] + ["a1", "l9"]  # the same game taken back at its end: white's five on row 9
KINDS = [("lfs", False), ("fat", True), ("fat-eexist", True)]


def _boot():
    return appfix.Driver("pico_lcd_13", root=ROOT)


def _names(g):
    return [g.board.name(i) for i in g.board.hist]


def _state(d, fs):
    """(the saved game's moves or None, {past number: its moves}, settings)."""
    app = d.app
    saved = _names(app.saved.game) if app.saved is not None else None
    kept = {}
    for n in past.numbers(app.store):
        rec = json.loads(fs.files[past.name(n)])
        s = past.open_game(rec, lambda: 0, n)
        kept[n] = _names(s.game)
    return saved, kept, dict(app.settings)


def _old_game(k):
    g = G.Game()
    for n in ["a%d" % (k + 1), "o%d" % (k + 1), "b%d" % (k + 1), "n%d" % (k + 1)]:
        g.play(g.board.parse(n))
    g.resign(0)
    return Session("pnp", {}, lambda: 0, 1, g)


def _run(monkeypatch, kind, torn, setup, action, check, boot_cuts=False):
    """setup(fs) -> driver (no cuts); action(driver) is cut before each of its flash ops in
    turn; check(state, fs) after a boot on what is left. boot_cuts: that boot is cut too, at
    each of its own ops, and the check comes after one more boot."""
    fs = powercut.FakeFlash(kind)
    powercut.install(monkeypatch, fs)
    d = setup(fs)
    fs.power_on()
    action(d)
    points = powercut.cut_points(fs.trace)
    tried = 0
    seen = set()  # flash contents already booted on: many cuts leave the same
    for k in points:
        fs.restore(({}, set()))
        d = setup(fs)
        fs.power_on()
        fs.cut_at, fs.torn = k, torn
        try:
            action(d)
        except PowerCut:
            pass
        after = fs.snapshot()
        trace = list(fs.trace)
        key = (tuple(sorted(after[0].items())), tuple(sorted(after[1])))
        if key in seen:
            continue
        seen.add(key)
        fs.power_on()
        try:
            d2 = _boot()
        except PowerCut:
            raise AssertionError("boot raised after a cut before op %d" % k)
        where = "cut before op %d of %s (%s)" % (k, trace[-5:], kind)
        check(_state(d2, fs), fs, where, d2)
        tried += 1
        if boot_cuts:
            fs.restore(after)
            _boot()
            bpoints = powercut.cut_points(fs.trace)[:-1]
            for j in bpoints:
                fs.restore(after)
                fs.cut_at, fs.torn = j, torn
                try:
                    _boot()
                except PowerCut:
                    pass
                fs.power_on()
                d3 = _boot()
                check(_state(d3, fs), fs, where + ", boot cut before op %d" % j, d3)
    assert tried > 2


def _pnp(moves):
    def setup(fs):
        d = _boot()
        d.new_game("pnp")
        d.play(*moves)
        return d

    return setup


@pytest.mark.parametrize("kind,torn", KINDS)
def test_a_cut_while_a_move_is_saved(monkeypatch, kind, torn):
    def check(st, fs, where, d):
        saved, kept, _ = st
        assert saved in (["h8", "i9"], ["h8", "i9", "j10"]), where
        assert kept == {} and d.app.notice == "", where

    _run(monkeypatch, kind, torn, _pnp(["h8", "i9"]), lambda d: d.play("j10"), check)


@pytest.mark.parametrize("kind,torn", KINDS)
def test_a_cut_as_a_game_ends(monkeypatch, kind, torn):
    def check(st, fs, where, d):
        saved, kept, _ = st
        assert (saved, kept) in ((WIN[:-1], {}), (None, {1: WIN})), (where, saved, kept)
        assert not any(n.endswith(".bad") for n in fs.files), where
        if saved:  # resumed and won: kept once
            d.choose("resume")
            d.play(WIN[-1])
            assert _state(_boot(), fs)[:2] == (None, {1: WIN}), where

    _run(monkeypatch, kind, torn, _pnp(WIN[:-1]), lambda d: d.play(WIN[-1]), check,
         boot_cuts=True)


@pytest.mark.parametrize("kind,torn", KINDS)
def test_a_cut_as_a_game_ends_on_a_flash_with_room_for_its_save_only(monkeypatch, kind, torn):
    # No room for the record beside the save: the save is renamed into the record (it waited
    # for a boot or a new game with room, and a new game made room by removing it first).
    def setup(fs):
        fs.no_room = None
        d = _pnp(WIN[:-1])(fs)
        fs.no_room = lambda kind, name: kind == "open" and name.startswith("past")
        return d

    def check(st, fs, where, d):
        saved, kept, _ = st
        assert (saved, kept) in ((WIN[:-1], {}), (None, {1: WIN})), (where, saved, kept)
        assert sorted(fs.files) in (["game.json", "settings.json"],
                                    ["past1.json", "settings.json"]), (where, sorted(fs.files))
        if saved:  # resumed and won: kept once, on the flash still full
            d.choose("resume")
            d.play(WIN[-1])
            assert _state(_boot(), fs)[:2] == (None, {1: WIN}), where

    _run(monkeypatch, kind, torn, setup, lambda d: d.play(WIN[-1]), check, boot_cuts=True)


def _keep_eight(fs, old):
    """Fill the past games (past.KEEP of them) and note their files in old."""
    st = Store(ROOT)
    for k in range(past.KEEP):
        past.add(st, _old_game(k))
    old.update({n: fs.files[past.name(n)] for n in past.numbers(st)})


@pytest.mark.parametrize("kind,torn", KINDS)
def test_a_cut_as_a_game_ends_with_eight_kept(monkeypatch, kind, torn):
    old = {}

    def setup(fs):
        _keep_eight(fs, old)
        return _pnp(WIN[:-1])(fs)

    def check(st, fs, where, d):
        saved, kept, _ = st
        if saved is not None:
            assert saved == WIN[:-1] and sorted(kept) == list(range(1, 9)), (where, kept)
        else:
            assert sorted(kept) == list(range(2, 10)) and kept[9] == WIN, (where, kept)
        for n in kept:
            if n in old:
                assert fs.files[past.name(n)] == old[n], where  # untouched

    _run(monkeypatch, kind, torn, setup, lambda d: d.play(WIN[-1]), check, boot_cuts=True)


def _undo_on_end_screen(d):
    play = d.app.game
    while play.prompt[1][play.choice] != "Undo":
        d.press("right")
    d.press("place")
    assert not play.s.game.over()


@pytest.mark.parametrize("kind,torn", KINDS)
def test_a_cut_as_a_taken_back_game_ends_otherwise(monkeypatch, kind, torn):
    # Its record is replaced with the new end: never two records of one game.
    def setup(fs):
        d = _pnp(WIN)(fs)
        _undo_on_end_screen(d)
        return d

    def check(st, fs, where, d):
        saved, kept, _ = st
        assert (saved, kept) in ((WIN[:8], {1: WIN}), (OTHER[:9], {1: WIN}),
                                 (None, {1: OTHER})), (where, saved, kept)

    _run(monkeypatch, kind, torn, setup, lambda d: d.play("a1", "l9"), check, boot_cuts=True)


@pytest.mark.parametrize("kind,torn", KINDS)
def test_a_cut_as_a_setting_is_saved(monkeypatch, kind, torn):
    def setup(fs):
        d = _boot()
        d.choose("settings")
        d.set_option("theme", "dark")  # saved: settings.json exists
        d.set_option("marks", "hidden")
        return d

    def check(st, fs, where, d):
        s = st[2]
        assert s["theme"] == 1 and s["marks"] == 1, where
        assert s["sleep"] in (2, 3), where
        assert d.app.notice == "", where

    _run(monkeypatch, kind, torn, setup, lambda d: d.set_option("sleep", "3 min"), check)


def _refused_run(monkeypatch, kind, once, setup, action, check):
    """As _run, but the flash refuses (full: ENOSPC, or once: EIO) from each op of action on
    instead of losing its power: the app goes on, then boots on what is left, the flash still
    refusing (it must boot), then with room again for check(state, fs, where, driver)."""
    fs = powercut.FakeFlash(kind)
    powercut.install(monkeypatch, fs)
    setup(fs)
    start = fs.snapshot()
    d = _boot()  # each try begins from here: the setup's flash, resumed
    d.choose("resume")
    fs.power_on()
    action(d)
    points = powercut.cut_points(fs.trace)
    for k in points:
        fs.restore(start)
        d = _boot()
        d.choose("resume")
        fs.power_on()
        fs.refuse_at, fs.refuse_once, fs.errno = k, once, 5 if once else 28
        action(d)  # no OSError gets out
        where = "refused from op %d of %s (%s, once: %s)" % (k, fs.trace[-5:], kind, once)
        after = fs.snapshot()
        if not once:
            fs.refuse_at = 1
            _boot()
        fs.restore(after)
        d2 = _boot()
        check(_state(d2, fs), fs, where, d2)
    assert len(points) > 5


@pytest.mark.parametrize("kind,once", [("lfs", False), ("lfs", True)])
def test_a_game_ends_with_eight_kept_on_a_flash_that_fills_at_any_step(monkeypatch, kind, once):
    old = {}

    def setup(fs):
        _keep_eight(fs, old)
        _pnp(WIN[:-2])(fs)

    def action(d):
        d.play(*WIN[-2:])

    def check(st, fs, where, d):
        saved, kept, _ = st
        if saved is not None:  # not kept: the last save it took is offered (the oldest
            # record may have gone to make room)
            assert saved in (WIN[:-2], WIN[:-1]), (where, saved)
            assert sorted(kept) in (list(range(1, 9)), list(range(2, 9))), (where, kept)
        else:  # kept, and the oldest dropped for it
            assert sorted(kept) == list(range(2, 10)) and kept[9] == WIN, (where, kept)
        for n in kept:
            if n in old:
                assert fs.files[past.name(n)] == old[n], where  # untouched
        assert not any(n.endswith(".tmp") for n in fs.files), (where, sorted(fs.files))

    _refused_run(monkeypatch, kind, once, setup, action, check)
