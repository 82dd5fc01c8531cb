# Games against the AI: a few moves on the two-key kit, and responsiveness while it thinks.
import appfix
from gomoku import rules
from appfix import close, rgb
from gomoku.board import BLACK


def test_easy_ai_game_on_the_two_key_kit():
    d = appfix.Driver("ttgo_tdisplay")
    d.new_game("ai", level="easy")
    play = d.app.game
    g = play.s.game
    th = d.app.theme
    assert play.temp == "Hold place: menu"  # how a two-key kit reaches undo, resign, ...
    assert g.ai == (False, True)
    for k in range(4):
        assert not g.ai_to_act()
        d.press("right")  # jump to a candidate point
        d.press("place")
        d.run(100)
        assert g.board.count() == 2 * (k + 1)
    b = g.board
    for i in b.hist:
        want = th.black if b.cells[i] == BLACK else th.white
        assert close(d.pixel(*d.stone_px(i)), rgb(want))
    # jumping lands next to the stones: a typical move takes a few presses
    for i in play.jumps or []:
        x, y = b.xy(i)
        assert any(max(abs(x - b.xy(j)[0]), abs(y - b.xy(j)[1])) <= 2 for j in b.hist)


def test_kits_without_a_menu_key_say_how_to_open_the_menu():
    # The in-game menu (undo, hint, resign, save) is a long press there: a note says which.
    said = {}
    for kit in ("ttgo_tdisplay", "pico_display_2", "pico_lcd_114", "m5stack_core",
                "pico_lcd_13", "esp32_ili9341"):
        d = appfix.Driver(kit)
        d.new_game("pnp")
        said[kit] = d.app.game.temp
    assert said == {"ttgo_tdisplay": "Hold place: menu", "pico_display_2": "Hold place: menu",
                    "pico_lcd_114": "Hold back: menu", "m5stack_core": "Hold place: menu",
                    "pico_lcd_13": None, "esp32_ili9341": None}


def test_the_jump_keys_take_the_ai_engines_candidates_in_a_game_against_it():
    # Against the AI its engine's candidate order (hard's move came first in it twice as
    # often as in the run lengths' order); in pass-and-play, with no engine, the run lengths'.
    from ai.search import Search
    from app import jump

    d = appfix.Driver("m5stack_core")
    d.new_game("ai", level="medium")
    play = d.app.game
    g = play.s.game
    differ = 0
    for _ in range(4):
        d.press("place")  # the first candidate
        while g.ai_to_act():
            d.run(50)
        play.jumps = None
        play._rank()
        e = play.s.idle_engine()
        want = Search(e.pos, None, 12).gen(g.board.to_move(), 12)
        assert play.jumps == want and play.cursor == want[0]
        differ += want != jump.ranked(g.board)
    assert differ
    d = appfix.Driver("m5stack_core")
    d.new_game("pnp")
    d.play("h8", "i9")
    play = d.app.game
    play.jumps = None
    play._rank()
    assert play.s.idle_engine() is None and play.jumps == jump.ranked(play.s.game.board)


def test_one_forced_or_false_point_leaves_the_jump_keys_the_lines_order():
    # Exactly five: black's seven in a row is no win, and its open end a8 reads as a five to
    # the engine's candidates, which then hold that one point (the keys could only cycle it).
    from ai.engine import Engine, MEDIUM
    from app import jump
    from gomoku.board import Board

    b = Board(15)
    for x, o in zip("b8 c8 d8 e8 f8 g8 h8".split(), "c3 l3 c13 l13 h12 m7 b2".split()):
        b.move(b.parse(x))
        b.move(b.parse(o))
    e = Engine(MEDIUM, rules.STANDARD)
    assert jump.ranked(b, None, None, e) == jump.ranked(b) and len(jump.ranked(b)) == 12


def test_a_resumed_game_on_the_two_key_kit_starts_on_the_best_point():
    from app import jump

    d = appfix.Driver("ttgo_tdisplay")
    d.new_game("ai", level="easy")
    g = d.app.game.s.game
    for _ in range(2):
        d.press("right")
        d.press("place")
        d.run(100)
    for boot in (False, True):  # "Save and quit", then Resume; a boot's Resume
        if boot:
            d = appfix.Driver("ttgo_tdisplay", root=d.root)
        else:
            d.press("menu")
            d.choose("quit")
        d.choose("resume")
        play = d.app.game
        g = play.s.game
        # (the AI engine's candidates, as in every turn against it: the lines' order agreed on
        # the first point in this test's position until its seed, the clock at Start, moved)
        best = jump.ranked(g.board, None, None, play.s.idle_engine())[0]
        assert play.cursor == best and g.board.cells[play.cursor] == 0
        at = play.cursor
        d.press("place")  # a stone at once, not "Point is taken"
        assert g.board.cells[at] == BLACK
        d.run(100)


def test_cursor_moves_and_back_cancels_while_the_ai_thinks():
    d = appfix.Driver("pico_lcd_13", drift=30)
    d.new_game("ai", level="hard", colour="white")
    play = d.app.game
    g = play.s.game
    assert g.ai == (True, False)
    d.run(200)
    while g.board.count() < 4:  # past the AI's opening book
        if not g.ai_to_act():
            d.press("back")  # jump to a candidate
            d.press("place")
        else:
            d.run(50)
    assert g.ai_to_act()
    d.run(20)
    assert play.s.thinking == 0
    spin0 = play.spin
    c0 = play.cursor
    d.press("left")
    assert play.cursor == c0 - 1
    d.run(400)
    assert play.spin > spin0  # the indicator keeps moving
    if g.ai_to_act():
        d.press("back")
        assert d.app.screen.title == "Game"
        assert play.s.thinking == -1
        d.choose("resume")
        assert d.app.screen is play
    for _ in range(400):
        if not g.ai_to_act():
            break
        d.run(50)
    assert not g.ai_to_act() and g.board.count() == 5


def _inside_a_long_step(kit, during):
    """A hard AI game on kit whose first searched step first runs during(d, tick): tick()
    moves the clock on 10 ms and reads it as the search does every 32 nodes, so the step
    lasts as long as during() ticks, as one can on a Pico (up to half a second)."""
    d = appfix.Driver(kit, drift=1)
    d.new_game("ai", level="hard")
    eng = d.app.game.s.ais[1].engine
    step = eng.step
    done = []

    def tick():
        d.t += 10
        eng.clock()

    def slow_step():
        if not done:
            done.append(1)
            during(d, tick)
        return step()

    eng.step = slow_step
    d.play("h8", "i9")  # the AI's first move is the book's; its second is searched
    # (the slow step ran; the reply may have come within the key's release, drift 1 a read)
    assert done and d.app.game.s.game.board.count() >= 3
    return d


def test_a_tap_inside_one_ai_step_is_not_lost():
    # A menu tap that begins and ends inside one step (the keys read with the AI's clock,
    # App.clock) still stops the thinking once the step returns.
    import machine

    def tap(d, tick):
        pin = d._pin("menu")[0]
        machine.press(pin)
        for _ in range(5):
            tick()
        machine.release(pin)
        for _ in range(5):
            tick()

    d = _inside_a_long_step("pico_lcd_13", tap)
    assert d.app.screen.title == "Game" and d.app.game.s.thinking == -1


def test_a_click_does_not_last_as_long_as_an_ai_step():
    # The click of the person's stone starts as the AI starts thinking; the AI's clock reads
    # serve the buzzer too, so the 25 ms tone ends inside a 100 ms step, not after it.
    import machine

    duty = []

    def listen(d, tick):
        pwm = machine.pwms[d.profile["buzzer"]]
        duty.append((pwm.duty_u16(), pwm.freq()))
        for _ in range(10):
            tick()
        duty.append((pwm.duty_u16(), pwm.freq()))

    _inside_a_long_step("pico_ili9341", listen)
    assert duty[0][0] > 0 and duty[0][1] == 1800  # the click, as the search starts
    assert duty[1][0] == 0  # and over before the step is


def test_ai_demo_plays_by_itself_and_stops():
    d = appfix.Driver("m5stack_core")
    d.new_game("demo", level="easy")
    g = d.app.game.s.game
    d.run(4000)
    assert g.board.count() >= 4
    d.press("menu")  # long press of B
    assert d.app.screen.title == "Game"
    n = g.board.count()
    d.run(2000)
    assert g.board.count() == n
    d.choose("quit")
    assert d.app.screen.title == "GOMOKU"
    # Stopped, it is not offered as a game to resume, nor kept for the next boot.
    assert "resume" not in d.menu_keys() and d.app.saved is None
    assert "resume" not in appfix.Driver("m5stack_core", root=d.root).menu_keys()


def test_the_loop_sleeps_through_a_demos_pause():
    # The pause between a demo's moves counted as the AI's work: the loop never slept in a
    # demo (App.run sleeps only when the screen is not busy), spending a battery kit's power.
    d = appfix.Driver("pico_lcd_13")
    d.new_game("demo", level="easy")
    play = d.app.game
    g = play.s.game
    n = g.board.count()
    while g.board.count() == n:
        d.run(10)
    d.run(100)
    assert not d.app.busy()
    d.t = play.ai_at + 700  # the pause is over: the AI's turn is work again
    assert d.app.busy()


def test_a_demo_takes_no_option_its_menu_does_not_show():
    # The demo's menu has no time limit or foul rule: the ones set for games against the AI
    # ran a demo's clocks down (it could end on time) and decided its fouls.
    d = appfix.Driver("pico_lcd_13")
    d.choose("ai")
    d.set_option("limit", "5 min")
    d.set_option("foul", "loses")
    d.choose("back")
    d.new_game("demo", level="easy")
    g = d.app.game.s.game
    assert g.limit == 0 and not g.forbidden_loses
    d.press("menu")
    d.choose("quit")
    d.choose("ai")  # the AI's menu keeps its own choices
    items = d.app.screen.items
    assert [i.names[i.index] for i in items if i.key in ("limit", "foul")] == ["5 min", "loses"]


def test_a_demo_and_the_thinking_indicator_run_whenever_the_board_was_started():
    # The game screen's timers (the demo's pause, the thinking indicator, messages) started
    # from 0 or from their last use: on a board on for 6.2 to 12.4 days (and so on: half the
    # ticks' period) a new demo never moved, the indicator stood still, and one left for a
    # week waited up to 6.2 days more.
    for start in (1000, (1 << 29) + 1000):
        d = appfix.Driver("pico_lcd_13", start=start, drift=3)
        d.new_game("demo", level="medium")
        play = d.app.game
        g = play.s.game
        d.run(6000)
        n = g.board.count()
        assert n >= 4 and play.spin > 0, start
        d.press("menu")  # the demo waits in its menu for a week
        d.t += 7 * 24 * 3600 * 1000
        d.choose("resume")
        play.note("Hello")
        spin = play.spin
        d.run(3000)
        assert g.board.count() > n and play.spin > spin and play.temp is None, start


def test_the_ais_flag_falling_in_its_last_step_loses_it_on_time():
    # The AI's move checks the clock first, as every action does (Game._ready()): when its
    # flag fell inside the step that finished its thinking, the move raised GameError and so
    # did the resignation that was to follow it, out of the loop: the crash screen.
    from gomoku import game as G

    d = appfix.Driver("pico_lcd_13")
    d.new_game("ai", level="easy", limit="5 min")
    g = d.app.game.s.game
    d.play("h8")
    d.run(300)
    assert g.board.count() == 2
    ai = d.app.game.s.ais[1]
    step = ai.step

    def last_step_long():
        done = step()
        if done:
            d.t += 500  # a step can last as long on a Pico
        return done

    ai.step = last_step_long
    g.used[1] = g.limit - 200  # the AI's clock stands while the person is to move
    d.play("i9")
    d.run(100)
    assert g.over() and g.reason == G.R_TIME and g.winner == BLACK
    assert d.app.game.prompt[0] == "Black wins: time"


def test_easy_ai_demos_end_before_the_board_is_full():
    # With a defending side (styles 40 and -40) easy filled the board in these 4 demos, and
    # in most others: minutes of watching for a draw.
    full = 0
    for k in range(4):
        d = appfix.Driver("pico_lcd_13", start=1000 + 3917 * k)
        d.new_game("demo", level="easy")
        g = d.app.game.s.game
        while not g.over():
            d.run(1000, step=50)
        full += g.board.full()
    assert full <= 1


def test_draw_offer_to_the_ai_and_hint():
    d = appfix.Driver("pico_lcd_13")
    d.new_game("ai", level="easy")
    assert d.app.game.temp is None  # it has a menu key
    d.play("h8")
    d.run(100)
    d.press("menu")
    d.choose("hint")
    d.run(200)
    play = d.app.game
    assert play.hint >= 0 and play.cursor == play.hint
    assert play.view.code(play.hint) & 64  # ringed on the board
    # The jump key's list starts at the hint, where the cursor is: the first press moves on
    # (it stayed there, a press for nothing).
    d.press("back")
    assert play.jumps[0] == play.hint and play.cursor == play.jumps[1]
    d.press("menu")
    d.choose("draw")
    g = play.s.game
    assert g.draw_offer == -1  # answered at once
    assert play.temp == "AI declines the draw" and not g.over()  # an even opening


def test_a_key_on_a_question_under_a_note_shows_the_choice(monkeypatch):
    # The AI's accepted draw is said over the end screen's question for 2.5 s: a press that
    # moved the choice blipped and showed nothing (the note stayed over it), and place then
    # answered a choice the person had not seen.
    from ai.player import AIPlayer

    monkeypatch.setattr(AIPlayer, "wants_draw", lambda self, g: True)
    d = appfix.Driver("pico_lcd_13")
    d.new_game("ai", level="easy")
    d.play("h8")
    d.run(100)
    d.press("menu")
    d.choose("draw")
    play = d.app.game
    assert play.s.game.over() and play.temp == "AI accepts the draw"
    st = play.status
    assert not st.wide_on and st.lines[0].text == "AI accepts the draw"
    d.press("right")
    assert play.prompt[1][play.choice] == "New game"
    assert play.temp is None and st.wide_on and st.wide.text.endswith("<New game>")


def test_the_ais_answer_to_a_draw_offer_leaves_the_opening_code_out_of_ram():
    # The answer's searches load ai.opening (the AI's moves drop it past the book): it stayed
    # for the person's turn after the offer, and a hint's engine was built beside it.
    import sys

    d = appfix.Driver("pico_lcd_13")
    d.new_game("ai", level="medium")
    play = d.app.game
    g = play.s.game
    d.press("menu")
    d.choose("draw")  # before any stone: the AI's next move is the book's, which loads it again
    assert play.temp == "AI declines the draw" and "ai.opening" not in sys.modules
    for p in ("h8", "j10", "g6"):
        d.play(p)
        while g.ai_to_act():
            d.run(50)
    assert g.board.count() == 6 and "ai.opening" not in sys.modules
    d.press("menu")
    d.choose("draw")
    assert play.temp == "AI declines the draw" and "ai.opening" not in sys.modules
    d.press("menu")
    d.choose("hint")
    while play.hinter is not None:
        d.run(50)
    assert play.hint >= 0 and "ai.opening" not in sys.modules


def test_a_hint_with_no_legal_point_says_so(monkeypatch):
    # Renju black with every empty point forbidden (seen once in 575 easy games filled to the
    # end): the engine has no move (-1), which the hint put under the cursor.
    def nothing(self):
        return
        yield

    d = appfix.Driver("pico_lcd_13")
    d.new_game("pnp", rule="renju")
    d.play("h8", "i9")
    from ai import engine  # (a pass-and-play game's start drops the ai modules)

    monkeypatch.setattr(engine.Engine, "_run", nothing)
    monkeypatch.setattr(engine.Engine, "_fallback", lambda self: -1)
    play = d.app.game
    cursor = play.cursor
    d.press("menu")
    d.choose("hint")
    d.run(200)
    assert play.hinter is None and play.hint == -1 and play.cursor == cursor
    assert play.temp == "No legal point" and d.app.screen is play


def test_hint_in_a_hard_game_borrows_the_ai_engine(monkeypatch):
    from ai import engine

    built = []
    init = engine.Engine.__init__
    monkeypatch.setattr(engine.Engine, "__init__",
                        lambda self, *a, **k: built.append(self) or init(self, *a, **k))
    d = appfix.Driver("pico_lcd_13")
    d.new_game("ai", level="hard", colour="white")
    play = d.app.game
    g = play.s.game
    while g.ai_to_act():
        d.run(50)
    assert len(built) == 1  # the AI's own
    d.press("menu")
    d.choose("hint")
    d.run(400)
    assert len(built) == 1  # no second position and hash table in RAM
    assert play.hinter is None and play.hint >= 0 and g.board.cells[play.hint] == 0
    d.press("place")  # play the hint; the AI answers from the same engine
    for _ in range(200):
        if not g.ai_to_act():
            break
        d.run(50)
    assert g.board.count() == 3 and not g.over()


def test_the_jump_keys_leave_a_hints_search_alone():
    # In a hard game the hint thinks with the AI's engine, whose candidates the jump keys
    # take. A search yields between slices with some of its own stones on the engine's board:
    # the ranking took them off (the engine's copy of the board synced to the game's), and the
    # hint went on searching a position that lacked one of the game's stones. A few-key kit
    # ranks anew after a hint, so a second hint in the same turn met it at the next jump.
    d = appfix.Driver("m5stack_core", drift=30)
    d.new_game("ai", level="hard")
    play = d.app.game
    g = play.s.game
    e = play.s.ais[1].engine
    met = 0
    for _ in range(8):
        while g.ai_to_act():
            d.run(50)
        d.press("menu")
        d.choose("hint")
        while play.hinter is not None:
            d.run(20)
        d.press("menu")
        d.choose("hint")  # again: the first left no ranking
        for _ in range(400):
            if play.hinter is None:
                break
            if len(e.board.hist) > g.board.count():  # its search's stones on
                met += 1
                d.press("right")
                break
            d.run(10)
        while play.hinter is not None:
            d.run(20)
        # it searched the game's position, and took its own stones off when done
        assert list(e.board.hist) == list(g.board.hist) and g.board.cells[play.hint] == 0
        d.press("place")
    assert met


def test_a_hint_keeps_to_a_share_of_the_time_left(monkeypatch):
    # The person's clock runs while a hint thinks: with 2 s left it took up to hard's 4.8 s
    # cap (on a board: a loss on time while "Hint: thinking"); it now keeps to the share the
    # AI's own moves keep to.
    from ai import engine

    caps = []
    start = engine.Engine.start
    monkeypatch.setattr(engine.Engine, "start",
                        lambda self, b: caps.append(self.time_ms) or start(self, b))
    for limit, run in ((None, 0), ("5 min", 297000)):
        d = appfix.Driver("pico_lcd_13")
        d.new_game("ai", level="easy", **({"limit": limit} if limit else {}))
        g = d.app.game.s.game
        d.play("h8")
        while g.ai_to_act():
            d.run(50)
        d.run(run, step=100)
        left = g.time_left(0)
        del caps[:]
        d.press("menu")
        d.choose("hint")
        while d.app.game.hinter is not None:
            d.run(10)
        assert not g.over() and d.app.game.hint >= 0
        if left is None:
            assert caps == [engine.MOVE_MS[engine.HARD]]
        else:  # (the menu's key presses took a few ms of it)
            share = left // engine.CLOCK_SHARE
            assert len(caps) == 1 and share - 5 <= caps[0] <= share
            assert caps[0] < 200


def test_a_hint_is_the_hard_levels_move_whatever_the_ais_style():
    # The hint borrowed an attacking AI's engine, style and all; the AI keeps its style.
    d = appfix.Driver("pico_lcd_13")
    d.new_game("ai", level="hard", colour="white", style="attack")
    play = d.app.game
    g = play.s.game
    ai = play.s.ais[0]
    while g.ai_to_act():
        d.run(50)
    d.press("menu")
    d.choose("hint")
    d.run(400)
    assert play.hint >= 0 and ai.engine.k1 == ai.engine.k2 == 8  # borrowed, at style 0
    d.press("place")
    d.run(50)
    assert g.board.count() >= 3 and ai.engine.k1 == 12 and ai.engine.k2 == 4


def test_menus_and_opening_book_leave_memory_during_play():
    # A board keeps .mpy bytecode in RAM: code a game does not need must not stay loaded.
    import sys

    from overlay import drop

    drop("gomoku.renju", "gomoku.openrules")  # other tests' games loaded them
    d = appfix.Driver("pico_lcd_13")
    assert {"app.menus", "app.startup"} <= set(sys.modules)  # the main menu is showing
    d.new_game("ai", level="medium")
    play = d.app.game
    g = play.s.game
    boot_and_menus = {"app.menus", "app.menu", "app.options", "app.actions", "app.startup",
                      "gomoku.restore"}
    assert not boot_and_menus & set(sys.modules)
    # The theme's colours and the screen's geometry are made, and their code gone (the Theme
    # and Layout hold none of it); the engine's full scan ran once, and its code went too.
    assert not {"app.theme", "app.layout", "ai.scan"} & set(sys.modules)
    for made in (d.app.theme, play.L):  # a method would hold its module's globals, code and all
        assert not [v for v in vars(type(made)).values() if callable(v)], type(made)
    while g.board.count() < 6:
        if not g.ai_to_act():
            d.press("back")  # jump to a candidate
            d.press("place")
        else:
            d.run(50)
    assert "ai.opening" not in sys.modules  # past the book
    assert "gomoku.renju" not in sys.modules  # a freestyle game never asks a Renju question
    assert "gomoku.openrules" not in sys.modules  # nor an opening-rule one
    d.press("menu")
    # The in-game menu loads its own small module and the menu screen's only (through
    # app.menus it also held app.options and app.actions: 12 KB over the game's peak).
    assert d.app.screen.title == "Game" and "app.gamemenu" in sys.modules
    # (gomoku.undo counted what Undo would take back; it is not held while the menu shows)
    assert not {"app.menus", "app.options", "app.actions", "gomoku.undo"} & set(sys.modules)
    assert not {"app.theme", "app.layout"} & set(sys.modules)
    d.choose("resume")
    assert d.app.screen is play and not {"app.gamemenu", "app.menu"} & set(sys.modules)
    d.press("menu")
    d.choose("undo")  # a menu action loads app.actions and drops it when done
    assert d.app.screen is play and g.board.count() % 2 == 0
    assert "app.actions" not in sys.modules and "gomoku.undo" not in sys.modules


def test_the_ais_search_runs_without_the_persons_turn_code(monkeypatch):
    # The hard AI's search is a game's heap peak (README, "App"), and a board keeps .mpy
    # bytecode in RAM: the jump keys' code (app.jump) is loaded for the person's ranking and
    # dropped, and the themes' colour function (hw.colour) left with the theme. Until session
    # 96 both stayed through the AI's turn (960 and 144 bytes as the VM loads them).
    import sys

    from ai.player import AIPlayer

    held = set()
    step = AIPlayer.step

    def watched(self):
        held.update(k for k in sys.modules if k.startswith(("app.", "hw.")))
        return step(self)

    monkeypatch.setattr(AIPlayer, "step", watched)
    d = appfix.Driver("pico_lcd_13")
    d.new_game("ai", level="hard", rule="renju")
    play = d.app.game
    g = play.s.game
    ranked = 0
    while g.board.count() < 6:
        if g.ai_to_act():
            d.run(50)
        else:
            d.press("back")  # the jump key: ranks the points
            ranked += play.jumps is not None
            d.press("place")
    assert ranked == 3 and "app.play" in held and "app.status" in held
    assert not {"app.jump", "hw.colour"} & held


def test_new_game_builds_its_ai_after_the_menus_left(monkeypatch):
    # The engine's tables are the largest thing a game allocates: the menus' code and the last
    # game's engine must be gone by then, or the peak is both together.
    import sys

    from app import session

    seen = []
    build = session.Session.__init__
    drivers = []

    def spy(self, *args, **kw):
        game = drivers[0].app.game if drivers else None
        seen.append(({"app.menus", "app.menu", "app.startup"} & set(sys.modules), game))
        build(self, *args, **kw)

    monkeypatch.setattr(session.Session, "__init__", spy)
    d = appfix.Driver("pico_lcd_13")
    drivers.append(d)
    d.new_game("ai", level="hard")
    assert seen == [(set(), None)] and d.app.game.s.ais[1] is not None
    play = d.app.game
    d.press("menu")
    d.choose("resign")
    d.choose("yes")
    assert play.s.game.over()
    while play.prompt[1][play.choice] != "New game":
        d.press("right")
    d.press("place")
    d.choose("start")  # the same settings again
    assert len(seen) == 2 and seen[1] == (set(), None)
    assert d.app.game is not play and not d.app.game.s.game.over()


def test_a_new_games_tip_outlives_the_ais_first_move():
    # The AI's book move came in the same pass and cleared the tip: nobody saw it. (The AI's
    # opening answer: test_app_opening.py::test_the_ai_says_what_it_took.)
    d = appfix.Driver("ttgo_tdisplay")
    d.new_game("ai", level="easy", colour="white")
    play = d.app.game
    assert play.s.game.board.count() == 1 and play.temp == "Hold place: menu"


def test_pass_and_play_after_an_ai_game_leaves_the_ai_out_of_ram():
    # The AI's modules and pattern table (about 21 KB) are no use to two people; a hint loads
    # the engine again.
    import sys

    d = appfix.Driver("pico_lcd_13")
    d.new_game("ai", level="hard")
    d.run(200)
    assert "ai.engine" in sys.modules and "ai.patterns" in sys.modules
    d.press("menu")
    d.choose("quit")
    d.new_game("pnp")
    assert not [k for k in sys.modules if k.startswith("ai.")]
    d.play("h8")
    d.press("menu")
    d.choose("hint")
    play = d.app.game
    while play.hinter is not None:
        d.run(50)
    assert play.hint >= 0 and "ai.engine" in sys.modules
