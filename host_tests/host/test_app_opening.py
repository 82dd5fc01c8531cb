# Opening-rule questions asked on screen to the right player: pro rule (swap, two fifth-move
# proposals, the choice) and swap2 (put two more, pick a colour).
import sys

import appfix
from appfix import close, rgb
from gomoku import game as G
from gomoku.board import BLACK, WHITE


def _answer(d, label):
    play = d.app.game
    assert play.prompt is not None
    for _ in range(len(play.prompt[1])):
        if play.prompt[1][play.choice] == label:
            d.press("place")
            return
        d.press("right")
    raise ValueError(label)


def _said_whole(d):
    # the turn's words in the top layout's message field, none cut ("P1: Propose 5th: 1 of"
    # ran into the move number), once any refusal's message has gone
    d.run(5000)
    play = d.app.game
    st = play.status
    assert play.temp is None and not st.wide_on and st.lines[0].text == play._say()
    assert len(play._say()) < st.lines[0].chars  # a space before the move number
    # and no pixel of an earlier question's highlighted row is left in that space
    x = 8 * (st.lines[0].chars - 1) + 4
    assert close(d.pixel(x, st.lines[0].y + 5), rgb(d.app.theme.bg))


def test_pro_rule_swap_and_fifth_move_proposals():
    d = appfix.Driver("pico_lcd_13")
    d.new_game("pnp", opening="swap+5th")
    play = d.app.game
    g = play.s.game
    th = d.app.theme
    assert g.phase == G.OPEN3
    _said_whole(d)
    d.play("h8", "i9")
    d.goto("a1")
    d.press("place")  # outside the central 5x5: refused
    assert g.board.count() == 2 and play.temp.startswith("Stay in the centre")
    d.play("g7")
    assert g.phase == G.SWAP and g.actor() == 1
    assert play.prompt[0].startswith("P2:")
    _answer(d, "Take black")
    assert g.black == 1
    d.play("j10")  # move 4, by white (now player 0)
    assert g.phase == G.PROPOSE and g.actor() == 1
    d.play("h8")  # a stone's point: refused, nothing marked
    assert play.s.half == -1 and play.temp == "Point is taken"
    d.play("f6", "f6")  # placed again: taken back
    assert play.s.half == -1 and g.phase == G.PROPOSE
    d.play("f6")
    first = g.board.parse("f6")
    assert play.s.half == first
    _said_whole(d)
    assert close(d.pixel(*d.cell_corner(first)), rgb(th.board))
    ring = d.app.game.view
    assert ring.code(first) & 64
    d.play("h8")  # a taken point as the second: refused, and the first stays proposed
    assert play.s.half == first and play.temp == "Point is taken" and g.phase == G.PROPOSE
    assert ring.code(first) & 64
    d.play("b2")
    assert g.phase == G.CHOOSE and set(g.proposals) == {first, g.board.parse("b2")}
    _said_whole(d)
    # both proposals carry a ring on the panel: the mark colour on the ring's left edge
    for i in g.proposals:
        x, y = play.view.origin(i)
        c = play.view.L.cell
        r = (c - 2) // 2
        assert close(d.pixel(x + c // 2 - r + 1, y + c // 2 - 2), rgb(th.mark)), i
    assert "gomoku.openrules" in sys.modules
    d.play("b2")
    assert g.phase == G.PLAY and g.board.count() == 5
    assert "gomoku.openrules" not in sys.modules  # the opening is over: its code leaves RAM
    assert close(d.pixel(*d.stone_px(g.board.parse("b2"))), rgb(th.black))
    assert g.board.cells[first] == 0


def test_swap2_put_two_more_then_pick_colour():
    d = appfix.Driver("pico_lcd_13")
    d.new_game("pnp", opening="swap2")
    play = d.app.game
    g = play.s.game
    d.play("h8", "h9", "i8")
    assert g.phase == G.SWAP2 and g.actor() == 1
    # the question is on screen, highlighted
    assert play.prompt[1] == ("Play white", "Take black", "Put 2 more")
    _answer(d, "Put 2 more")
    assert g.phase == G.EXTRA
    _said_whole(d)
    d.play("i9", "j10")
    assert g.phase == G.PICK and g.actor() == 0
    _answer(d, "White")
    assert g.black == 1 and g.phase == G.PLAY
    assert g.board.to_move() == WHITE and g.actor() == 0
    d.play("k11")
    assert g.board.cells[g.board.parse("k11")] == WHITE


def test_the_ai_says_what_it_took():
    from app import actions

    for answer, said in ((G.KEEP, "AI plays white"), (G.SWAP_COLOURS, "AI takes black"),
                         (G.PUT2, "AI puts 2 more")):
        d = appfix.Driver("ttgo_tdisplay")
        d.new_game("ai", level="easy", opening="swap2")
        play = d.app.game
        g = play.s.game
        for p in ("h8", "h9", "i8"):
            g.play(g.board.parse(p))
        assert g.phase == G.SWAP2 and g.actor() == 1
        g.choose(answer)  # as the AI would
        play.changed()
        actions.ai_chose(play, g.nlog - 1)
        assert play.temp == said
        if g.ai_to_act():  # the AI moves next: its stone no longer clears the words
            n = g.board.count()
            while g.board.count() == n:
                d.run(10)
            assert play.temp == said


def _swap2_answered():
    # The person places Swap2's three stones; the AI (easy) answers.
    d = appfix.Driver("pico_lcd_13")
    d.new_game("ai", level="easy", opening="swap2")
    play = d.app.game
    g = play.s.game
    d.play("h8", "h9", "i8")
    d.run(300)
    assert g.phase != G.SWAP2
    return d, play, g


def test_ai_answers_its_own_opening_questions():
    d, play, g = _swap2_answered()
    assert g.phase in (G.PLAY, G.PICK)
    if g.phase == G.PLAY:  # the person's colour may have changed: the status line says so
        assert play.temp == ("AI takes black" if g.colour_of(1) == BLACK else "AI plays white")
    if g.phase == G.PICK:  # the AI put two more: the person picks
        assert play.prompt is not None
        _answer(d, "Black")
        assert g.black == 0
    assert g.board.count() >= 3


def test_a_redone_ai_answer_is_said_again():
    d, play, g = _swap2_answered()
    said = play.temp
    assert said.startswith("AI ")
    d.press("menu")
    d.choose("undo")
    assert g.phase == G.OPEN3 and play.temp is None
    d.press("menu")
    d.choose("redo")
    assert g.phase != G.SWAP2 and play.temp == said
