# Pass-and-play on the reference kit, judged by the panel's pixels: stones, cursor, the
# highlighted winning five, and the incremental redraw budget.
import json
import os
import sys

import appfix
from appfix import close, rgb
from gomoku import game as G
from gomoku import rules
from gomoku.board import BLACK, WHITE


def _start_pnp(kit="pico_lcd_13"):
    d = appfix.Driver(kit)
    d.new_game("pnp")
    assert type(d.app.screen).__name__ == "Play"
    return d


def test_pass_and_play_to_a_win_highlights_the_five():
    d = _start_pnp()
    th = d.app.theme
    moves = ["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9"]
    d.play(*moves)
    g = d.app.game.s.game
    b = g.board
    for k, n in enumerate(moves):
        i = b.parse(n)
        assert b.cells[i] == (BLACK if k % 2 == 0 else WHITE)
        want = th.black if k % 2 == 0 else th.white
        assert close(d.pixel(*d.stone_px(i)), rgb(want)), n
    # the save is written after every move and holds them all
    with open(os.path.join(d.root, "game.json")) as f:
        assert len(json.load(f)["game"]["acts"]) == len(moves)
    d.play("g8")
    assert g.over() and g.winner == BLACK
    five = [b.parse(n) for n in ("g8", "h8", "i8", "j8", "k8")]
    assert sorted(g.win_cells) == sorted(five)
    for i in five:
        assert close(d.pixel(*d.cell_corner(i)), rgb(th.win))
        assert close(d.pixel(*d.stone_px(i)), rgb(th.black))
    for n in ("h9", "l8", "f8"):  # not part of the five: plain board behind
        i = b.parse(n)
        assert close(d.pixel(*d.cell_corner(i)), rgb(th.board))
    # finished games are not offered for resume
    assert not os.path.exists(os.path.join(d.root, "game.json"))
    # game over question: Review steps back through the moves on screen
    play = d.app.game
    assert play.prompt[1][play.choice] == "Review"
    d.press("place")
    d.press("left")
    last = b.parse("g8")
    assert close(d.pixel(*d.stone_px(last)), rgb(th.board))
    assert close(d.pixel(*d.cell_corner(b.parse("h8"))), rgb(th.board))  # no highlight mid-game
    d.press("right")
    assert close(d.pixel(*d.stone_px(last)), rgb(th.black))
    assert close(d.pixel(*d.cell_corner(last)), rgb(th.win))
    d.press("back")
    d.press("right")
    d.press("place")  # "New game"
    assert type(d.app.screen).__name__ == "Menu"


def test_a_held_key_steps_a_review_the_way_its_tap_does():
    # Review steps with the directions; on the three- and four-key kits a key's long press is
    # another direction (the M5Stack's A: left, held: up), and up stepped on while left stepped
    # back: holding A, as to go back fast, went forward, and holding C went back. (The two-key
    # T-Display keeps its held key for going back: it has no other.)
    for kit, back, on in (("m5stack_core", ("left", "up"), ("right", "down")),
                          ("pico_display", ("up", "left"), ("down", "right")),
                          ("pico_lcd_13", ("up", "left"), ("down", "right")),
                          ("ttgo_tdisplay", ("down",), ("right",))):
        d = appfix.Driver(kit)
        d.new_game("pnp")
        play = d.app.game
        g = play.s.game
        for n in ("h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8"):
            g.play(g.board.parse(n))
        play.changed()
        assert g.over() and play.prompt[1][play.choice] == "Review"
        d.press("place")
        b = play.rboard
        assert b.count() == 9
        for key in back:
            d.press(key)
        assert b.count() == 9 - len(back), kit
        for key in on:
            d.press(key)
        assert b.count() == 9, kit


def test_cursor_is_drawn_and_moves_cheaply():
    d = _start_pnp()
    th = d.app.theme
    play = d.app.game
    b = play.s.game.board
    start = play.cursor
    x, y = play.view.origin(start)
    assert close(d.pixel(x, y), rgb(th.cursor))
    before = d.bytes()
    d.press("right")
    sent = d.bytes() - before
    assert play.cursor == start + 1
    assert close(d.pixel(x, y), rgb(th.board))  # old frame gone
    x2, y2 = play.view.origin(start + 1)
    assert close(d.pixel(x2, y2), rgb(th.cursor))
    assert 0 < sent <= 2048, sent
    # the d-pad wraps at the edge
    n = b.size
    cx, cy = b.xy(play.cursor)
    d.press("right", n - cx)
    assert b.xy(play.cursor) == (0, cy)


def test_refused_move_keeps_the_board_and_says_why():
    d = _start_pnp()
    d.play("h8")
    d.press("place")  # same point again
    g = d.app.game.s.game
    assert g.board.count() == 1
    assert d.app.game.temp == "Point is taken"
    d.run(3000)
    assert d.app.game.temp is None


def test_undo_from_the_in_game_menu():
    d = _start_pnp()
    th = d.app.theme
    d.play("h8", "i9")
    i = d.app.game.s.game.board.parse("i9")
    d.press("menu")
    assert d.app.screen.title == "Game"
    d.choose("undo")
    assert d.app.game.s.game.board.count() == 1
    assert close(d.pixel(*d.stone_px(i)), rgb(th.board))
    d.press("menu")
    d.choose("redo")
    assert d.app.game.s.game.board.count() == 2
    assert close(d.pixel(*d.stone_px(i)), rgb(th.white))


def test_every_kit_can_finish_a_game_with_its_keys():
    # Few-key kits reach points by jumping through ranked candidates: both sides play the best
    # one (where a turn starts on two-key kits, back's jump on the others) until one wins.
    for kit in ("ttgo_tdisplay", "m5stack_core", "pico_display"):
        d = _start_pnp(kit)
        play = d.app.game
        g = play.s.game
        for _ in range(225):
            if g.over():
                break
            n = g.board.count()
            if d.app.keys.dpad:
                d.press("back")
            d.press("place")
            assert g.board.count() == n + 1 and play.temp is None, (kit, n, play.temp)
        assert g.over() and g.winner and len(g.win_cells) >= 5, (kit, g.board.count())


def test_renju_foul_setting_refuses_or_loses():
    # The same double three for black: refused with its reason by default, lost when chosen.
    seq = ("h8", "a1", "h9", "a3", "f7", "a5", "g7", "c1")
    d = appfix.Driver()
    d.new_game("pnp", rule="renju")
    d.play(*seq, "h7")
    play = d.app.game
    g = play.s.game
    assert g.board.count() == 8 and not g.over()
    assert "double three" in play.temp
    # The top layout's message field holds 21: a longer message takes the whole row (it ran
    # into the move number: "Forbidden: double thre#8"), the move and cursor come back after.
    st = play.status
    assert len(play.temp) >= st.lines[0].chars and st.wide_on and st.wide.text == play.temp
    d.run(5000)
    assert play.temp is None and not st.wide_on and st.move.text == "#8"
    d = appfix.Driver()
    d.new_game("pnp", rule="renju", foul="loses")
    d.play(*seq, "h7")
    g = d.app.game.s.game
    assert g.over() and g.winner == WHITE and g.board.count() == 9
    assert d.app.game.prompt[0] == "Double three foul"  # which rule (was "Forbidden move")
    assert g.board.hist[-1] == g.board.parse("h7")  # the board as it was


def test_a_game_under_another_rule_lets_renjus_code_go():
    # gomoku.renju answers the forbidden-point questions of a Renju game; a later game under
    # another rule drops it (in the VM a freestyle game after a Renju one held 1.5 KB more),
    # and the next Renju game loads it again.
    seq = ("h8", "a1", "h9", "a3", "f7", "a5", "g7", "c1", "h7")
    d = appfix.Driver()
    for rule in ("renju", "freestyle", "renju"):
        d.new_game("pnp", rule=rule)
        d.play(*seq)
        renju = rule == "renju"
        assert (d.app.game.s.game.board.count() == 8) == renju  # h7: a double three
        assert ("gomoku.renju" in sys.modules) == renju
        d.press("menu")
        d.choose("quit")
        assert d.app.game is None


def test_a_game_under_another_rule_lets_the_overline_code_go():
    # ai.overlines (Engine.start, exactly five with a five point on the board) stays loaded for
    # the rest of that game; a game against the AI under another rule drops it.
    d = appfix.Driver()
    for rule, kept in (("standard", True), ("freestyle", False)):
        import ai.overlines  # noqa: F401  (as the engine loads it)

        d.new_game("ai", level="easy", rule=rule)
        assert ("ai.overlines" in sys.modules) == kept
        d.press("menu")
        d.choose("quit")


def test_the_d_pad_cursor_goes_to_the_ai_s_stone():
    # It stayed on the person's stone, a few presses from where the answer usually is.
    d = appfix.Driver()
    d.new_game("ai", level="easy")
    play = d.app.game
    d.play("h8")
    d.run(2000)
    b = play.s.game.board
    assert b.count() == 2 and not play.busy()
    assert play.cursor == b.last() != b.parse("h8") and play.view.cursor == play.cursor
    d.press("right")
    x, y = b.xy(b.last())
    assert play.cursor == b.idx(x + 1, y)
    d = appfix.Driver("ttgo_tdisplay")  # few keys: the turn starts on the best candidate
    d.new_game("ai", level="easy")
    d.play("h8")
    d.run(2000)
    play = d.app.game
    assert play.cursor == play.jumps[0]


def test_resign_asks_first():
    d = _start_pnp()
    d.play("h8")
    g = d.app.game.s.game
    d.press("menu")
    d.choose("resign")
    assert d.app.screen.title == "Resign?" and not g.over()
    d.choose("no")
    assert type(d.app.screen).__name__ == "Play" and not g.over()
    d.press("menu")
    d.choose("resign")
    d.choose("yes")
    assert g.over() and g.reason == 3 and g.winner == BLACK  # white, to move, resigned


def test_jump_keys_skip_renju_blacks_forbidden_points():
    # h7 is the strongest point by the jump ranking (it extends two black lines) but a double
    # three: the keys must not lead black onto a move that is refused (or, by choice, loses).
    d = appfix.Driver()
    d.new_game("pnp", rule="renju")
    d.play("h8", "a1", "h9", "a3", "f7", "a5", "g7", "c1")
    play = d.app.game
    b = play.s.game.board
    d.press("back")  # jump to the first candidate
    assert play.jumps and b.parse("h7") not in play.jumps
    assert play.cursor == play.jumps[0]
    assert not any(rules.is_forbidden(b, i) for i in play.jumps)
    d.press("place")
    assert b.count() == 9  # the jump's point is a legal move


def test_a_board_on_for_weeks_still_plays():
    # The app's clock never wraps, so after 12.4 days on it passes 2**30, which a board's
    # time.ticks_diff()/ticks_add() read as garbage (the host's stand-ins now refuse it, as
    # every test's clock stays below). Its timers then broke: keys, messages, the buzzer, the
    # AI's slices, the backlight. Here the clock starts near 2**32 (49.7 days) and the ticks
    # wrap during the game.
    d = appfix.Driver("pico_ili9341", start=(1 << 32) - 3000, drift=3)
    d.new_game("ai", level="easy")
    play = d.app.game
    d.play("h8")
    d.run(2000)
    g = play.s.game
    assert g.board.count() == 2 and not play.busy()  # the AI answered
    d.goto("h8")
    d.press("place")  # refused, with a message that goes away
    assert play.temp == "Point is taken"
    d.run(3000)
    assert play.temp is None
    d.press("menu")
    d.choose("hint")
    d.run(2000)
    assert play.hint >= 0 and g.board.cells[play.hint] == 0
    d.run(d.app.opt("sleep") + 100)
    assert d.app.asleep
    d.press("place")  # wakes the screen and does nothing else
    assert not d.app.asleep and g.board.count() == 2


def test_the_clocks_stand_still_in_the_menus():
    # A 5-minute game left for the in-game menu for 10 s, then for the main menu ("Save and
    # quit", or a board booted with a saved game) for 6 minutes: back on the board the player
    # to move has the time it had. Until session 87
    # the clock ran on in the menus and the game was lost on time as it was resumed (after a
    # power cut, in the boot's menu; after "Save and quit", in RAM).
    d = appfix.Driver("pico_lcd_13")
    d.new_game("pnp", limit="5 min")
    d.play("h8")
    d.run(1000)
    g = d.app.game.s.game
    d.press("menu")  # the in-game menu too
    at = g.time_left(1)
    d.run(10000)
    d.choose("resume")
    assert at - 300 <= g.time_left(1) <= at
    d.press("menu")
    d.choose("quit")
    before = d.app.saved.game.time_left(1)
    for boot in (False, True):
        if boot:
            d = appfix.Driver("pico_lcd_13", root=d.root)
        d.run(6 * 60 * 1000, step=1000)
        d.press("down")  # wakes the screen
        d.choose("resume")
        g = d.app.game.s.game
        left = g.time_left(1)
        # "Save and quit" saved the turn's time so far: a boot gives none of it back
        assert not g.over() and before - 300 <= left <= before
        d.run(2000)
        assert g.time_left(1) <= left - 1900  # and it runs again
        d.press("menu")
        d.choose("quit")
        before = d.app.saved.game.time_left(1)


def test_a_move_read_as_the_flag_falls_ends_the_game_on_time():
    # Every action checks the clock first (Game._ready()): a stone placed in the loop pass in
    # which the mover's flag fell, before the screen's tick() had seen it, was refused with
    # "The game is over", and the game stayed over without its end screen, was not kept among
    # the past games, and its save stayed on offer as a game to resume.
    d = appfix.Driver("pico_lcd_13")
    d.new_game("pnp", limit="5 min")
    d.play("h8")
    d.goto("i9")
    g = d.app.game.s.game
    d.run(g.time_left(1) - 100, step=100)
    while g.time_left(1) > 5:
        d.run(1, step=1)
    d.press("place")  # read in the next pass, 10 ms on: the flag fell 5 ms before
    play = d.app.game
    assert g.over() and g.reason == G.R_TIME and g.board.count() == 1
    assert play.prompt[0] == "Black wins: time" and play.temp is None
    assert d.app.saved is None and not os.path.exists(os.path.join(d.root, "game.json"))
    assert os.path.exists(os.path.join(d.root, "past1.json"))


def test_the_clocks_show_the_time_left_rounded_up_and_run_for_whoever_answers_a_draw():
    # A 5-minute game showed 4:59 at its start and 0:00 a second before the flag fell; an
    # offered draw ran the offerer's clock while the other player let the question stand.
    d = appfix.Driver("pico_lcd_13")
    d.new_game("pnp", limit="5 min")
    clocks = d.app.game.status.clocks
    assert [c.text.split()[-1] for c in clocks] == ["5:00", "5:00"]
    d.play("h8", "h9")
    g = d.app.game.s.game
    d.run(298000, step=1000)
    while g.time_left(0) > 900:
        d.run(100)
    assert [c.text.split()[-1] for c in clocks] == ["0:01", "5:00"]
    used = [g.time_used(0), g.time_used(1)]
    d.press("menu")
    d.choose("draw")
    d.run(10000, step=200)
    assert g.draw_offer == 0 and not g.over() and g.time_used(0) <= used[0] + 200
    assert used[1] + 9800 <= g.time_used(1) <= used[1] + 10200
    assert [c.text.split()[-1] for c in clocks] == ["0:01", "4:50"]
    # P2, asked, opens the menu: no hint (it would be black's move), and Resign is P2's.
    d.press("back")
    assert "hint" not in d.menu_keys() and "resign" in d.menu_keys()
    d.choose("resign")
    d.choose("yes")
    assert g.over() and g.winner == BLACK and g.reason == G.R_RESIGN


def test_the_two_key_kit_turns_to_reach_every_neighbour():
    # The T-Display has right and, held, down. Its free moves went only right (in reading order)
    # and down (column order): one row up took 14 presses. A long press now turns the way
    # clockwise and steps, a short one steps on that way, a held one repeats the step.
    d = appfix.Driver("ttgo_tdisplay")
    d.new_game("pnp")
    play = d.app.game
    b = play.s.game.board
    x, y = b.xy(play.cursor)  # the best candidate
    walk = []
    for key in ("down", "right", "down", "down", "right", "down", "down"):
        d.press(key)
        walk.append(b.xy(play.cursor))
    assert walk == [(x, y + 1), (x, y + 2), (x - 1, y + 2), (x - 1, y + 1), (x - 1, y),
                    (x, y), (x, y + 1)]  # down, on, left, up, on, right, down again
    # Held: one turn (to left) at 0.5 s, then steps that way from 0.75 s, every 0.12 s.
    pin = d._pin("down")[0]
    appfix.machine.press(pin)
    d.run(1000)
    appfix.machine.release(pin)
    d.run(appfix.TAP_MS)
    x2, y2 = b.xy(play.cursor)
    assert (x2, y2) == (x - 4, y + 1)  # at 0.5 (the turn), 0.75, 0.87 and 0.99 s
    # Each turn starts on the candidates again, and the way is right.
    d.press("place")
    assert b.count() == 1
    d.press("down")
    x3, y3 = b.xy(play.cursor)
    d.press("right")
    assert b.xy(play.cursor) == (x3, (y3 + 1) % b.size)


def test_the_few_key_kits_show_their_free_moves_after_the_cursor():
    # Its short press visits the candidates until a long one, then steps the way the last long
    # press turned to; the screen showed neither, so the way a short press would go had to be
    # remembered. After the cursor's name (the field's 4th column): the way, while free.
    d = appfix.Driver("ttgo_tdisplay")
    d.new_game("pnp")
    play = d.app.game
    b = play.s.game.board
    f = play.status.where
    t = d.app.theme

    def shown():
        assert appfix.shows_text(d.screen, f.x, f.y + 1, f.text, t.fg), f.text
        name = b.name(play.cursor).upper()
        assert f.text.startswith(name) and len(f.text) <= f.chars
        return f.text[3:]

    assert shown() == ""  # candidates
    d.press("right")
    assert shown() == ""
    ways = []
    for key in ("down", "right", "down", "down", "down", "down"):
        d.press(key)
        ways.append(shown())
    assert ways == ["v", "v", "<", "^", ">", "v"]
    play._set_cursor(b.parse("o15"))  # a three-character name: the way right after it
    assert f.text == "O15v"
    d.press("place")  # the next turn starts on the candidates again
    assert b.count() == 1 and shown() == ""
    # The three-key kit marks its free moves with "+" (its short A and C step the cursor there,
    # visit the candidates otherwise); a d-pad kit, always free, shows the name alone.
    d = appfix.Driver("m5stack_core")
    d.new_game("pnp")
    play = d.app.game
    name = lambda: play.s.game.board.name(play.cursor).upper()  # noqa: E731
    assert play.status.where.text == name()  # candidates
    d.press("down")
    assert play.status.where.text == "%-3s+" % name()
    d.press("right")
    assert play.status.where.text == "%-3s+" % name()
    d.press("place")  # the next turn starts on the candidates again
    assert play.status.where.text == name()
    d = appfix.Driver("pico_lcd_13")
    d.new_game("pnp")
    d.press("down")
    play = d.app.game
    assert play.status.where.text == play.s.game.board.name(play.cursor).upper()


def test_free_moves_wrap_at_the_edge_on_every_kit():
    # Within the row or column: the few-key kits wrapped on to the next row (reading order),
    # which the two-key kit needed before it could turn.
    for kit in ("pico_lcd_13", "m5stack_core", "ttgo_tdisplay"):
        d = appfix.Driver(kit)
        d.new_game("pnp")
        play = d.app.game
        b = play.s.game.board
        n = b.size
        for dx, dy, start, end in ((1, 0, (n - 1, 3), (0, 3)), (-1, 0, (0, 3), (n - 1, 3)),
                                   (0, 1, (3, n - 1), (3, 0)), (0, -1, (3, 0), (3, n - 1))):
            play._set_cursor(b.idx(*start))
            play._move(dx, dy)
            assert b.xy(play.cursor) == end, (kit, dx, dy)


def test_the_end_screen_says_who_won_where_it_fits_and_back_leaves_it():
    # The top layout's one row holds the result and the answer: "White wins: time" fits with
    # "<New game>" (it said only "Time"); "Black wins: five in a row" does not, the reason
    # alone does. Back or menu on the end screen is its "Menu" (it did nothing).
    d = appfix.Driver("pico_lcd_13")
    d.new_game("pnp", limit="5 min")
    g = d.app.game.s.game
    while not g.over():
        d.run(1000, step=100)
    play = d.app.game
    assert play.prompt[0] == "White wins: time"
    assert play.status.wide.text.startswith("White wins: time ")
    d.press("back")
    assert d.app.screen.title == "GOMOKU"
    d.new_game("pnp")
    d.play("h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "g8")
    play = d.app.game
    assert play.prompt[0] == "Five in a row"
    d.press("menu")
    assert d.app.screen.title == "GOMOKU"


def test_undo_from_the_end_screen_takes_back_a_fatal_slip():
    # README: unlimited undo. A Renju foul that loses, or a hasty resignation, can be taken
    # back from the end screen; the finished game stays among the past games, the game goes on
    # and is saved again. Not after a loss on time: the clock would end it again at once.
    seq = ("h8", "a1", "h9", "a3", "f7", "a5", "g7", "c1")
    d = appfix.Driver()
    d.new_game("pnp", rule="renju", foul="loses")
    d.play(*seq, "h7")
    play = d.app.game
    g = play.s.game
    assert g.over() and play.prompt[1] == ("Review", "New game", "Menu", "Undo")
    assert d.app.saved is None
    import sys  # the end screen holds none of the questions' code
    assert not {"app.actions", "app.gamemenu", "gomoku.undo"} & set(sys.modules)
    d.press("left")  # from Review round to the last
    d.press("place")  # Undo
    assert not g.over() and g.board.count() == 8 and play.prompt is None
    assert d.app.saved is play.s and os.path.exists(os.path.join(d.root, "game.json"))
    assert os.path.exists(os.path.join(d.root, "past1.json"))
    d.play("i10")
    assert g.board.count() == 9 and not g.over()
    d.press("menu")
    d.choose("resign")
    d.choose("yes")
    assert g.over() and "Undo" in play.prompt[1]
    d = appfix.Driver()
    d.new_game("pnp", limit="5 min")
    g = d.app.game.s.game
    while not g.over():
        d.run(1000, step=100)
    assert d.app.game.prompt[1] == ("Review", "New game", "Menu")


def test_a_resumed_or_new_game_starts_the_two_key_kit_on_the_candidates_going_right():
    # One Keys serves every game: a game left in free moves, turned left, was resumed (or a new
    # one started) with the cursor on the best candidate but short right stepping left.
    d = appfix.Driver("ttgo_tdisplay")
    d.new_game("pnp")
    d.press("place")
    d.press("down", 2)  # free moves, the way turned to left
    d.press("menu")
    d.choose("quit")
    d.choose("resume")
    play = d.app.game
    assert len(play.jumps) > 1 and play.cursor == play.jumps[0]
    d.press("right")
    assert play.cursor == play.jumps[1]  # the next candidate
    d.press("down", 2)
    d.press("menu")
    d.choose("quit")
    d.new_game("pnp")
    d.press("place")
    play = d.app.game
    b = play.s.game.board
    x, y = b.xy(play.cursor)
    d.press("down")  # leaves the candidates going down, not turning on from left
    assert b.xy(play.cursor) == (x, y + 1)


def test_a_key_held_into_a_new_turn_leaves_the_candidates_going_down():
    from app.keys import Keys, DOWN, LEFT
    from hw.buttons import PRESS, REPEAT

    k = Keys(("right", "down", "place", "menu"))
    assert k.board("down", PRESS) == DOWN and k.board("down", PRESS) == LEFT
    k.turn_started()  # the AI moved while the key was held: its repeats go on
    assert k.board("down", REPEAT) == DOWN and k.board("down", REPEAT) == DOWN
