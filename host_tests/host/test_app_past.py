# Past games: a finished game is kept on the board's flash (app.past, the last 8), listed in the
# main menu's "Past games" and opened on its last position, to review move by move.
import json
import os

import appfix
from appfix import close, rgb
from app import past, store as store_mod
from app.session import Session
from app.store import Store
from gomoku import game as G
from gomoku import rules
from gomoku.board import BLACK

WIN = ["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "g8"]  # black's five on row 8


def _finished(root):
    d = appfix.Driver("pico_lcd_13", root=root)
    d.new_game("pnp")
    d.play(*WIN)
    assert d.app.game.s.game.over()
    return d


def _session(stones):
    g = G.Game()
    for n in stones:
        g.play(g.board.parse(n))
    return Session("pnp", {}, lambda: 0, 1, g)


def test_a_finished_game_is_kept_and_opens_for_review(tmp_path):
    root = str(tmp_path)
    _finished(root)
    assert sorted(os.listdir(root)) == ["past1.json", "settings.json"]  # no resume offered
    with open(os.path.join(root, "past1.json")) as f:
        rec = json.load(f)
    assert rec["kind"] == "gomoku-past" and rec["names"] == ["P1", "P2"]
    assert rec["sum"] == "P1 won, 9 moves" and len(rec["game"]["acts"]) == 9
    d = appfix.Driver("pico_lcd_13", root=root)  # after a power cycle
    assert d.menu_keys() == ["ai", "pnp", "demo", "past", "settings"]
    d.choose("past")
    m = d.app.screen
    assert m.title == "Past games" and [(i.key, i.label) for i in m.items] == [
        (1, "1. P1 won, 9 moves"), ("back", "Back")]
    d.choose(1)
    play = d.app.game
    g = play.s.game
    assert d.app.screen is play and g.over() and g.winner == BLACK
    assert [g.board.name(i) for i in g.board.hist] == WIN
    th = d.app.theme
    last = g.board.parse("g8")
    assert close(d.pixel(*d.cell_corner(last)), rgb(th.win))  # the five, highlighted
    # No "New game": the past game's own mode is not this one's (it opened Pass and play)
    assert play.prompt[1] == ("Review", "Menu") and play.prompt[1][play.choice] == "Review"
    d.press("place")
    d.press("left")
    assert close(d.pixel(*d.stone_px(last)), rgb(th.board))
    assert play.view.cursor == -1  # a review has no cursor (its frame stayed on the board)
    d.press("back")
    assert play.view.cursor == play.cursor >= 0
    d.press("right")
    d.press("place")  # "Menu": back to the list, where the next past game is a press away
    assert d.app.screen.title == "Past games" and d.app.game is None
    d.choose(1)
    assert d.app.screen is d.app.game
    d.press("back")  # the end screen's Back, as its "Menu"
    assert d.app.screen.title == "Past games"
    d.choose("back")
    assert d.menu_keys()[-2:] == ["past", "settings"]
    assert sorted(os.listdir(root)) == ["past1.json", "settings.json"]  # not kept twice


def test_leaving_a_past_game_goes_back_to_it_in_the_list(tmp_path):
    store = Store(str(tmp_path))
    for k in range(3):
        past.add(store, _session(WIN))
    d = appfix.Driver("pico_lcd_13", root=str(tmp_path))
    d.choose("past")
    d.choose(2)
    d.press("back")  # the end screen's Back, as its "Menu"
    m = d.app.screen
    assert m.title == "Past games" and m.items[m.sel].key == 2
    d.choose("back")
    assert d.app.screen.title == "GOMOKU"


def test_only_the_last_eight_are_kept_newest_first(tmp_path):
    store = Store(str(tmp_path))
    for k in range(10):
        past.add(store, _session(WIN if k % 2 == 0 else WIN[:8] + ["l9", "l8"]))
    assert past.numbers(store) == list(range(3, 11))
    d = appfix.Driver("pico_lcd_13", root=str(tmp_path))
    d.choose("past")
    labels = [i.label for i in d.app.screen.items]
    assert labels[:2] == ["10. P2 won, 10 moves", "9. P1 won, 9 moves"]
    assert labels[-2:] == ["3. P1 won, 9 moves", "Back"]


def test_damaged_past_games_are_moved_aside_and_reported(tmp_path):
    root = str(tmp_path)
    store = Store(root)
    for _ in range(3):
        past.add(store, _session(WIN))
    with open(os.path.join(root, "past2.json"), "w") as f:
        f.write('{"kind": "gomoku-past", "game": ')  # cut short
    with open(os.path.join(root, "past3.json")) as f:
        rec = json.load(f)
    rec["game"]["acts"][1][2] = rec["game"]["acts"][0][2]  # the second stone on the first's
    with open(os.path.join(root, "past3.json"), "w") as f:
        json.dump(rec, f)
    d = appfix.Driver("pico_lcd_13", root=root)
    d.choose("past")
    m = d.app.screen
    assert [i.key for i in m.items] == [3, 1, "back"] and m.footer == "Bad record: past2.bad"
    d.choose(3)
    m = d.app.screen
    assert [i.key for i in m.items] == [1, "back"] and m.footer == "Bad record: past3.bad"
    assert sorted(os.listdir(root)) == ["past1.json", "past2.bad", "past3.bad"]
    d.choose(1)
    assert d.app.screen is d.app.game and d.app.game.s.game.over()


def test_an_ai_game_keeps_its_players_names_and_demos_are_not_kept(tmp_path):
    root = str(tmp_path)
    d = appfix.Driver("pico_lcd_13", root=root)
    d.new_game("ai", level="easy", rule="renju")
    d.press("menu")
    d.choose("resign")
    d.choose("yes")
    with open(os.path.join(root, "past1.json")) as f:
        rec = json.load(f)
    assert rec["names"] == ["You", "AI"] and rec["sum"] == "AI won, 0 moves"
    s = past.open_game(rec, lambda: 0)
    assert s.mode == "pnp" and s.ais == [None, None]  # no engine built to show it
    assert s.game.rule == rules.RENJU  # its own rule, whatever the review's options say
    assert (s.names(0), s.names(1)) == ("You", "AI")
    d.app.game.s.mode = "demo"
    d.app.game.s.kept = 0  # a demo is never kept: set, keep() saw it kept and never asked the mode
    past.keep(d.app.game)
    assert past.numbers(d.app.store) == [1]


def test_an_agreed_draw_is_listed_as_a_draw():
    # Its winner, 0, is no colour: read as one, the list would say "P2 won".
    s = _session(["h8", "h9"])
    s.game.offer_draw()
    s.game.accept_draw()
    assert past.summary(s.game, ["P1", "P2"]) == "Draw, 2 moves"


def test_a_record_of_an_unfinished_game_does_not_open(tmp_path):
    # A past game cut back before its last move (a damaged file, one edited by hand) would open
    # as a game to play on, not to review, its moves saved over game.json (a saved game there
    # lost without a question): refused, and the Past games menu sets it aside.
    store = Store(str(tmp_path))
    past.add(store, _session(WIN))
    with open(os.path.join(str(tmp_path), "past1.json")) as f:
        rec = json.load(f)
    past.open_game(json.loads(json.dumps(rec)), lambda: 0)
    g = rec["game"]
    del g["acts"][-1], g["clk"][-2:]
    try:
        past.open_game(rec, lambda: 0)
    except G.GameError:
        pass
    else:
        assert False, "an unfinished game opened"


def test_a_full_flash_does_not_stop_the_game_over_screen(tmp_path, monkeypatch):
    d = appfix.Driver("pico_lcd_13", root=str(tmp_path))
    d.new_game("pnp")
    d.play(*WIN[:-1])

    monkeypatch.setattr(store_mod, "open", appfix.Flash(0), raising=False)
    d.play(WIN[-1])
    play = d.app.game
    assert play.s.game.over() and play.temp == "Flash full: not saved"
    assert past.numbers(d.app.store) == []
    assert play.prompt[1][play.choice] == "Review"
    # The save before the last move stays (it was removed: the game was lost): the next boot
    # offers it, and the last move played again ends the game and keeps it.
    monkeypatch.undo()
    d2 = appfix.Driver("pico_lcd_13", root=str(tmp_path))
    d2.choose("resume")
    assert d2.app.game.s.game.board.count() == len(WIN) - 1
    d2.play(WIN[-1])
    assert past.numbers(d2.app.store) == [1] and "game.json" not in os.listdir(str(tmp_path))


class _NoRenameToPast:
    """`os` for app.store, but a rename onto a past game's record is refused (`times` times)."""

    def __init__(self, errno=5, times=-1):
        self.errno = errno
        self.times = times

    def __getattr__(self, k):
        return getattr(os, k)

    def rename(self, a, b):
        if "past" in os.path.basename(b) and self.times:
            self.times -= 1
            raise OSError(self.errno, "refused")
        return os.rename(a, b)


def _refuse_past(monkeypatch, errno=5):
    """The flash refuses every write of a past game's record, and the rename of the game's
    save into one (an I/O error), nothing else."""
    real_open = open

    def no_past(path, mode="r"):
        if "w" in mode and "past" in path:
            raise OSError(errno, "refused")
        return real_open(path, mode)

    monkeypatch.setattr(store_mod, "open", no_past, raising=False)
    monkeypatch.setattr(store_mod, "os", _NoRenameToPast(errno))


def _won_unkept(root, monkeypatch):
    """A pass-and-play game won on a flash that refuses its past record (refusing still)."""
    d = appfix.Driver("pico_lcd_13", root=root)
    d.new_game("pnp")
    d.play(*WIN[:-1])
    _refuse_past(monkeypatch)
    d.play(WIN[-1])
    return d


def test_a_record_the_flash_has_no_room_for_is_the_games_own_save_renamed(tmp_path, monkeypatch):
    # The save of the finished game waited on the flash for a boot or a new game to find room
    # for a copy; a power cut as that new game made room with the save lost the game.
    root = str(tmp_path)
    d = appfix.Driver("pico_lcd_13", root=root)
    d.new_game("pnp")
    d.play(*WIN[:-1])
    real_open = open

    def no_past(path, mode="r"):  # room for the game's save, not for a copy of it
        if "w" in mode and "past" in path:
            raise OSError(28, "refused")
        return real_open(path, mode)

    monkeypatch.setattr(store_mod, "open", no_past, raising=False)
    d.play(WIN[-1])
    assert not d.app.game.temp and sorted(os.listdir(root)) == ["past1.json", "settings.json"]
    assert getattr(d.app, "unkept", None) is None
    _end_screen_choice(d, "New game")
    d.choose("start")
    d.play("a1")
    assert sorted(os.listdir(root)) == ["game.json", "past1.json", "settings.json"]
    monkeypatch.undo()
    d2 = appfix.Driver("pico_lcd_13", root=root)
    assert d2.menu_keys()[0] == "resume" and past.numbers(d2.app.store) == [1]
    d2.choose("past")
    assert [i.label for i in d2.app.screen.items] == ["1. P1 won, 9 moves", "Back"]
    d2.choose(1)
    g = d2.app.game.s.game
    assert g.over() and g.winner == BLACK and [g.board.name(i) for i in g.board.hist] == WIN
    # the newest past game, which a game redone to its end is compared with (so as not to be
    # kept twice), in a save's form as in a record's
    assert past.newest_is(d2.app.store, g)


def test_a_record_the_flash_refuses_leaves_the_finished_game_for_the_boot(tmp_path, monkeypatch):
    # The finished game's save went with the refused record: the game was lost.
    root = str(tmp_path)
    d = appfix.Driver("pico_lcd_13", root=root)
    d.new_game("pnp")
    d.play(*WIN[:-1])
    _refuse_past(monkeypatch, 28)  # a copy refused, and the save's rename into a record too
    d.play(WIN[-1])
    assert d.app.game.temp == "Flash full: not saved" and past.numbers(d.app.store) == []
    assert "game.json" in os.listdir(root)
    assert d.app.saved is None and d.app.game.prompt[1][2] == "Menu"
    d.press("right", 2)
    d.press("place")
    assert "resume" not in d.menu_keys()  # a finished game is not one to resume
    d2 = appfix.Driver("pico_lcd_13", root=root)  # the flash still full: the save waits
    assert d2.app.screen.footer == "Flash full: not saved" and "resume" not in d2.menu_keys()
    assert "game.json" in os.listdir(root) and past.numbers(d2.app.store) == []
    monkeypatch.undo()
    d3 = appfix.Driver("pico_lcd_13", root=root)
    assert past.numbers(d3.app.store) == [1] and "game.json" not in os.listdir(root)
    with open(os.path.join(root, "past1.json")) as f:
        assert len(json.load(f)["game"]["acts"]) == len(WIN)


def test_a_board_too_big_for_the_panel_is_listed_as_hidden(tmp_path):
    # A 19x19 game kept on the 240x240 kit, its files copied to a T-Display, which cannot show
    # 19 lines: not offered there (as a saved game is not), and the list says so.
    store = Store(str(tmp_path))
    g = G.Game(19)
    for n in WIN:
        g.play(g.board.parse(n))
    past.add(store, Session("pnp", {}, lambda: 0, 1, g))
    past.add(store, _session(WIN))
    d = appfix.Driver("ttgo_tdisplay", root=str(tmp_path))
    d.choose("past")
    m = d.app.screen
    assert [i.key for i in m.items] == [2, "back"] and m.footer == "1 too big for this panel"


def test_a_record_whose_size_is_not_a_number_is_damaged_not_too_big(tmp_path):
    # It was listed as "1 too big for this panel" and stayed, hidden for the wrong reason.
    store = Store(str(tmp_path))
    past.add(store, _session(WIN))
    path = os.path.join(str(tmp_path), past.name(1))
    with open(path) as f:
        rec = json.load(f)
    rec["game"]["size"] = "15"
    with open(path, "w") as f:
        json.dump(rec, f)
    d = appfix.Driver("pico_lcd_13", root=str(tmp_path))
    d.choose("past")
    m = d.app.screen
    assert [i.key for i in m.items] == ["back"] and m.footer == "Bad record: past1.bad"


class _PowerCut(Exception):
    pass


def _win_with_a_cut(root, monkeypatch, obj, name, cut):
    """A pass-and-play game to its last move, which ends it while obj.name is `cut` (made to
    raise _PowerCut where the power goes); then a boot on what the flash holds."""
    d = appfix.Driver("pico_lcd_13", root=root)
    d.new_game("pnp")
    d.play(*WIN[:-1])
    real = getattr(obj, name)
    monkeypatch.setattr(obj, name, lambda *a: cut(real, *a))
    try:
        d.play(WIN[-1])
    except _PowerCut:
        pass
    monkeypatch.undo()
    left = sorted(os.listdir(root))
    return appfix.Driver("pico_lcd_13", root=root), left


def _kept_once(d):
    assert "resume" not in d.menu_keys() and "game.json" not in os.listdir(d.root)
    assert past.numbers(d.app.store) == [1]
    d.choose("past")
    d.choose(1)
    g = d.app.game.s.game
    assert g.over() and g.board.count() == len(WIN)


def test_a_power_cut_as_a_game_ends_keeps_it(tmp_path, monkeypatch):
    # The winning move ends the game: it joins the past games and its save goes. With the
    # power cut right after the save went, it must still be on the flash as a past game (it
    # was lost: the save went first).
    def remove_then_cut(real, path):
        real(path)
        if path.endswith("game.json"):
            raise _PowerCut()

    d, _ = _win_with_a_cut(str(tmp_path), monkeypatch, store_mod.os, "remove", remove_then_cut)
    _kept_once(d)


def test_a_power_cut_before_the_save_goes_does_not_keep_the_game_twice(tmp_path, monkeypatch):
    # The cut comes after the game is kept, before its save is removed: the save left was the
    # one before the last move, so resumed and won again, the game was kept a second time,
    # pushing an older one out. Now the finished game's own save is left, and the boot sees
    # that it is kept already.
    def cut(real, path):
        raise _PowerCut()

    d, left = _win_with_a_cut(str(tmp_path), monkeypatch, store_mod.os, "remove", cut)
    assert {"past1.json", "game.json"} <= set(left)
    _kept_once(d)
    # A new game that starts like the kept one (its first stone at the same clocks) is
    # offered again: a check by the first actions dropped it.
    d = appfix.Driver("pico_lcd_13", root=str(tmp_path))
    d.new_game("pnp")
    d.play(WIN[0])
    assert appfix.Driver("pico_lcd_13", root=str(tmp_path)).menu_keys()[0] == "resume"


def test_a_power_cut_before_the_game_is_kept_keeps_it_at_the_next_boot(tmp_path, monkeypatch):
    def cut(real, store, name, data):
        if name.startswith("past"):
            raise _PowerCut()
        return real(store, name, data)

    d, left = _win_with_a_cut(str(tmp_path), monkeypatch, store_mod.Store, "save", cut)
    assert left == ["game.json", "settings.json"]  # the finished game's save
    _kept_once(d)


def test_a_game_taken_back_on_its_end_screen_is_offered_again(tmp_path):
    root = str(tmp_path)
    d = appfix.Driver("pico_lcd_13", root=root)
    d.new_game("pnp")
    d.play(*WIN[:-1])
    d.press("menu")
    d.choose("resign")
    d.choose("yes")
    play = d.app.game
    assert play.s.game.over() and past.numbers(d.app.store) == [1]
    while play.prompt[1][play.choice] != "Undo":
        d.press("right")
    d.press("place")
    assert not play.s.game.over()
    d.press("menu")
    d.choose("quit")
    d2 = appfix.Driver("pico_lcd_13", root=root)
    assert d2.menu_keys()[0] == "resume"  # it was dropped as the kept game's start
    d2.choose("resume")
    assert d2.app.game.s.game.board.count() == len(WIN) - 1


def test_past_records_it_cannot_open_are_skipped_or_set_aside(tmp_path):
    root = str(tmp_path)
    _finished(root)
    _finished(root)
    import shutil

    # past0.json is no name past.add() gives (a past game's screen knows its record by a
    # number from 1: game 0 lost its review-only end screen)
    shutil.copy(os.path.join(root, "past2.json"), os.path.join(root, "past0.json"))
    os.rename(os.path.join(root, "past1.json"), os.path.join(root, "past01.json"))
    os.mkdir(os.path.join(root, "past3.json"))
    d = appfix.Driver("pico_lcd_13", root=root)
    assert past.numbers(d.app.store) == [2, 3]
    d.choose("past")  # it crashed on past01.json's name and on the folder
    assert d.menu_keys() == [2, "back"]
    assert d.app.screen.footer == "Bad record: past3.bad"
    assert os.path.isdir(os.path.join(root, "past3.bad"))


def test_a_game_taken_back_and_redone_to_its_end_is_kept_once(tmp_path):
    root = str(tmp_path)
    d = appfix.Driver("pico_lcd_13", root=root)
    d.new_game("pnp")
    d.play(*WIN)
    play = d.app.game
    assert past.numbers(d.app.store) == [1]
    for label in ("Undo", "Redo"):
        if label == "Undo":
            while play.prompt[1][play.choice] != "Undo":
                d.press("right")
            d.press("place")
        else:
            d.press("menu")
            d.choose("redo")
    assert play.s.game.over() and past.numbers(d.app.store) == [1]
    # Taken back and ended otherwise, twice: still one game, kept with its last end (each end
    # was kept as a game of its own before, pushing older games out of the list).
    for end in ("resign", "a1 l9"):
        while play.prompt[1][play.choice] != "Undo":
            d.press("right")
        d.press("place")
        if end == "resign":
            d.press("menu")
            d.choose("resign")
            d.choose("yes")
        else:
            d.play(*end.split())
        assert play.s.game.over() and past.numbers(d.app.store) == [1]
    with open(os.path.join(root, "past1.json")) as f:
        rec = json.load(f)
    assert rec["sum"] == "P2 won, 10 moves" and rec["game"] == play.s.game.export()
    # A new game is kept as a new one.
    d.press("right")  # "New game"
    d.press("place")
    d.choose("start")
    d.play(*WIN)
    assert past.numbers(d.app.store) == [1, 2]


def _won_then_undone(root):
    """A pass-and-play game won (and kept), then its last move taken back on its end screen."""
    d = appfix.Driver("pico_lcd_13", root=root)
    d.new_game("pnp")
    d.play(*WIN)
    play = d.app.game
    while play.prompt[1][play.choice] != "Undo":
        d.press("right")
    d.press("place")
    return d


def test_a_game_taken_back_and_ended_otherwise_keeps_its_record_after_a_power_cut(
        tmp_path, monkeypatch):
    # Kept at its end, taken back on the end screen, ended otherwise: the power goes after its
    # finished save, before its record is replaced. The boot kept it as a new game (its record
    # did not match the new end), pushing the oldest of a full list out: a real game lost for
    # a copy. Its record's number is saved with the game now, and the boot replaces that one.
    root = str(tmp_path)
    store = Store(root)
    for k in range(past.KEEP - 1):
        past.add(store, _session(["a%d" % (k + 1), "o%d" % (k + 1)]))
    before = {n: open(os.path.join(root, past.name(n))).read() for n in past.numbers(store)}
    d = _won_then_undone(root)
    assert past.numbers(store) == list(range(1, 9))

    def cut(real, store, name, data):
        if name.startswith("past"):
            raise _PowerCut()
        return real(store, name, data)

    real = store_mod.Store.save
    monkeypatch.setattr(store_mod.Store, "save", lambda *a: cut(real, *a))
    try:
        d.play("a1", "l9")
    except _PowerCut:
        pass
    monkeypatch.undo()
    d = appfix.Driver("pico_lcd_13", root=root)
    assert past.numbers(store) == list(range(1, 9))
    for n, text in before.items():
        assert open(os.path.join(root, past.name(n))).read() == text
    with open(os.path.join(root, "past8.json")) as f:
        assert len(json.load(f)["game"]["acts"]) == 10  # the new end, in the game's own record
    assert "game.json" not in os.listdir(root)


def test_a_game_taken_back_then_resumed_and_ended_otherwise_keeps_one_record(tmp_path):
    root = str(tmp_path)
    d = _won_then_undone(root)
    d.press("menu")
    d.choose("quit")
    d = appfix.Driver("pico_lcd_13", root=root)  # or the power went
    d.choose("resume")
    d.play("a1", "l9")
    assert d.app.game.s.game.over()
    assert past.numbers(d.app.store) == [1]
    with open(os.path.join(root, "past1.json")) as f:
        assert json.load(f)["sum"] == "P2 won, 10 moves"


def _end_screen_choice(d, label):
    play = d.app.game
    while play.prompt[1][play.choice] != label:
        d.press("right")
    d.press("place")


def test_a_record_the_flash_refused_is_kept_before_a_new_game_replaces_its_save(
        tmp_path, monkeypatch):
    # The finished game's save waited for the next boot to keep it; "New game" first (from the
    # end screen, or through the menu) wrote the new game's save over it: the game was lost,
    # after one failed write and rename of a failing flash, or on a flash with no room for
    # both files, whose rename of the save into a record failed once (littlefs commits a
    # rename to its directory's blocks).
    real_open = open

    for how, refuse in (("once", lambda path, root: True),
                        ("no room for both", lambda path, root: "game.json" in os.listdir(root))):
        root = str(tmp_path / how.replace(" ", "_"))
        os.mkdir(root)
        refused = []

        def flash(path, mode="r"):
            if "w" in mode and "past" in path and (how != "once" or not refused) \
                    and refuse(path, root):
                refused.append(path)
                raise OSError(5 if how == "once" else 28, "refused")
            return real_open(path, mode)

        d = appfix.Driver("pico_lcd_13", root=root)
        d.new_game("pnp")
        d.play(*WIN[:-1])
        monkeypatch.setattr(store_mod, "open", flash, raising=False)
        # (refused twice: app.store.move tries again after removing the target, for FAT)
        monkeypatch.setattr(store_mod, "os", _NoRenameToPast(5 if how == "once" else 28, 2))
        d.play(WIN[-1])
        assert refused and d.app.game.temp.endswith(": not saved"), how
        assert past.numbers(d.app.store) == [] and "game.json" in os.listdir(root), how
        if how == "once":
            _end_screen_choice(d, "New game")
        else:
            _end_screen_choice(d, "Menu")
            d.choose("pnp")
        d.choose("start")
        assert d.app.game.s.game.board.count() == 0, how
        d.play("a1")
        monkeypatch.undo()
        d2 = appfix.Driver("pico_lcd_13", root=root)
        assert past.numbers(d2.app.store) == [1], how
        with open(os.path.join(root, "past1.json")) as f:
            assert len(json.load(f)["game"]["acts"]) == len(WIN), how
        d2.choose("resume")  # and the new game's save is the new game's
        g = d2.app.game.s.game
        assert [g.board.name(i) for i in g.board.hist] == ["a1"], how


def test_a_record_refused_at_the_boot_is_kept_before_a_new_game_too(tmp_path, monkeypatch):
    root = str(tmp_path)
    d = _won_unkept(root, monkeypatch)
    d2 = appfix.Driver("pico_lcd_13", root=root)  # the boot's try refused too
    assert d2.app.screen.footer == "Flash error: not saved" and "game.json" in os.listdir(root)
    monkeypatch.undo()
    d2.new_game("ai")
    assert past.numbers(d2.app.store) == [1]


def test_a_refused_end_taken_back_and_kept_later_is_kept_once(tmp_path, monkeypatch):
    # Refused at its first end, taken back, ended otherwise and kept: the new game's start
    # writes that record again (Session.kept names it), not a second one
    root = str(tmp_path)
    d = _won_unkept(root, monkeypatch)
    monkeypatch.undo()
    _end_screen_choice(d, "Undo")
    d.play("a1", "l9")  # white's five on row 9: kept now
    assert d.app.game.s.game.over() and past.numbers(d.app.store) == [1]
    _end_screen_choice(d, "New game")
    d.choose("start")
    assert past.numbers(d.app.store) == [1]
    with open(os.path.join(root, "past1.json")) as f:
        assert len(json.load(f)["game"]["acts"]) == len(WIN) + 1
    # Taken back and left unfinished, then replaced by a new game: nothing to keep
    root = str(tmp_path / "b")
    os.mkdir(root)
    d = _won_unkept(root, monkeypatch)
    monkeypatch.undo()
    _end_screen_choice(d, "Undo")
    d.press("menu")
    d.choose("quit")
    assert d.menu_keys()[0] == "resume"
    d.new_game("pnp")  # "Replace saved game?": yes
    assert past.numbers(d.app.store) == [] and d.app.game.s.game.board.count() == 0
