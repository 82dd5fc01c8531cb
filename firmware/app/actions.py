# The game screen's rare actions: the in-game menu's (undo, redo, resign, draw, hint), the
# on-screen questions (opening rules, draw offers, game over), refusals and the review. Loaded
# when used and dropped whenever the game screen is shown again (App.show), so a game in
# progress does not hold this code in RAM.
from gomoku.board import BLACK, Board
from gomoku import game as G
from gomoku.game import GameError
from app import keys as K


def game_over(play):
    """Once, when the game ends: its tune, and it joins the past games (app.past); whether it
    is kept (or is not to be)."""
    g = play.s.game
    h = play.s.human()
    won = g.winner != 0 and (h < 0 or g.player_of(g.winner) == h)
    play.app.sound("win" if won or (h < 0 and g.winner) else ("blip" if g.winner == 0 else "loss"))
    from app import past

    return past.keep(play)


def _foul(b):
    """'double three foul' etc.: why black's last stone, which lost, was forbidden."""
    from gomoku import rules

    i = b.hist[-1]
    b.take()
    r = rules.forbidden_reason(b, i)
    b.put(i, BLACK)
    return r + " foul" if r else "forbidden move"


def ai_chose(play, since):
    """Say what an AI answered to an opening question among the actions logged from index
    `since` on (the AI's last action, or what a redo brought back), since the other player's
    colour may have changed with it."""
    g = play.s.game
    for k in range(since, g.nlog):
        kind, p, arg = g._entry(k)
        if kind == G.A_CHOOSE and g.ai[p]:
            what = (" puts 2 more" if arg == G.PUT2 else " takes black"
                    if g.colour_of(p) == BLACK else " plays white")
            play.note(play.s.names(p) + what)
            if g.ai_to_act():  # it moves next, maybe at once: said again after that
                play.tip = play.temp


def propose(play, i):
    """The pro rule's two fifth-move proposals, placed one at a time at point i: the first is
    marked (placed again, taken back), the second proposes both. True while only the first is
    there; GameError for a point that cannot be proposed."""
    s = play.s
    g = s.game
    p = s.half
    if p >= 0 and p != i:
        g.propose(p, i)  # a refused second point keeps the first (GameError, nothing changed)
        s.half = -1
        return False
    if p == i:
        s.half = -1
    else:
        try:
            g.board.check_empty(i)  # (black has two stones: no point can be forbidden yet)
        except ValueError as e:
            raise GameError(str(e))
        s.half = i
    err = play.app.save_game(s)  # the first proposal outlives a power cut too
    if err:
        play.note(err)
    play.app.sound("blip")
    play._refresh_all()
    return True


def question(play):
    """The question a person must answer now, as (text, labels, answers), or None."""
    g = play.s.game
    s = play.s
    if g.over():
        from app import gamemenu

        head = "Draw" if g.winner == 0 else ("Black" if g.winner == BLACK else "White") + " wins"
        reason = G.REASON_NAMES[g.reason]
        if g.reason == G.R_FORBIDDEN:  # which one: the marks may be hidden
            reason = _foul(g.board)
        labels, acts = ("Review", "New game", "Menu"), ("review", "new", "menu")
        if getattr(s, "past", False):
            labels, acts = ("Review", "Menu"), ("review", "menu")
        elif gamemenu.can(play, "undo"):  # last: a habitual press for "New game" does not undo
            labels, acts = ("Review", "New game", "Menu", "Undo"), ("review", "new", "menu",
                                                                   "undo")
        text = head + ": " + reason
        if not play.L.side and len(text) + 11 > play.L.cols:  # the row also holds "<New game>"
            text = reason[:1].upper() + reason[1:]
        return text, labels, acts
    a = g.actor()
    if g.draw_offer >= 0 and not g.ai[1 - g.draw_offer]:
        return (s.names(1 - g.draw_offer) + ": accept draw?", ("No", "Yes"),
                ("decline", "accept"))
    if g.ai[a]:
        return None
    pre = "" if s.mode == "ai" else s.names(a) + ": "
    ph = g.phase
    if ph == G.SWAP:
        return pre + "swap colours?", ("Keep white", "Take black"), (G.KEEP, G.SWAP_COLOURS)
    if ph == G.SWAP2:
        return (pre + "swap2", ("Play white", "Take black", "Put 2 more"),
                (G.KEEP, G.SWAP_COLOURS, G.PUT2))
    if ph == G.PICK:
        return pre + "pick colour", ("Black", "White"), (G.TAKE_BLACK, G.TAKE_WHITE)
    return None


def answer(play):
    act = play.prompt[2][play.choice]
    app = play.app
    g = play.s.game
    if act == "review":
        review_start(play)
        return
    if act == "new":
        app.new_game_menu(play.s.mode)
        return
    if act == "menu":
        app.main_menu()
        return
    if act == "undo":
        do(play, "undo")
        return
    try:
        if act == "accept":
            g.accept_draw()
        elif act == "decline":
            g.decline_draw()
        else:
            g.choose(act)
    except GameError as e:
        play._refuse(e)
        return
    app.sound("click")
    play.changed()


def short(err):
    """A refusal in a few words: game errors are sentences for programmers, and status rows
    hold 12 to 22 characters (30 in the top layout's wide row)."""
    s = str(err)
    if s.startswith("forbidden for black: "):
        return "Forbidden: " + s[21:]
    if "central" in s:
        return "Stay in the centre " + s[-3:]
    if "occupied" in s:
        return "Point is taken"
    if "symmetry" in s:
        return "Same by symmetry"
    if "proposed" in s:
        return "Pick a proposal"
    return s[:1].upper() + s[1:]


def do(play, what):
    g = play.s.game
    try:
        if what == "undo":
            g.undo()
        elif what == "redo":
            n = g.nlog
            g.redo()
            play.changed()
            ai_chose(play, n)  # an AI's opening answer that came back with it
            return
        elif what == "resign":
            h = play.s.human()
            g.resign(h if h >= 0 else None)
        elif what == "draw":
            h = play.s.human()
            g.offer_draw(h if h >= 0 else None)
            if h >= 0:
                ok = play.s.answer_draw()
                play.changed()
                play.note("AI accepts the draw" if ok else "AI declines the draw")
                return
        elif what == "hint":
            from ai.engine import Engine, HARD

            h = play.hinter = play.s.idle_engine(HARD) or Engine(HARD, g.rule, size=g.board.size)
            h.set_style(0)  # the hard level's move, not the AI opponent's style of it
            # A hint keeps to a hard move's time cap and, as the AI's moves do, to a share of
            # the time left: the person's clock runs while it thinks.
            h.set_clock(g.clock, g.time_left(g.actor()))
            h.start(g.board)
            play._status()
            return
    except GameError as e:
        play._refuse(e)
        return
    play.changed()


def review_start(play):
    g = play.s.game
    b = Board(g.board.size)
    for i in g.board.hist:
        b.put(i, g.board.cells[i])
    play.rboard = b
    play.view.attach(b, play.app.theme)
    play._refresh_all()


def review_key(play, action, kind):
    k = play.app.keys.step(action, kind)
    b = play.rboard
    g = play.s.game
    if k == K.PREV and b.count():
        b.take()
    elif k == K.NEXT and b.count() < g.board.count():
        i = g.board.hist[b.count()]
        b.put(i, g.board.cells[i])
    elif k == K.BACK:
        while b.count() < g.board.count():
            i = g.board.hist[b.count()]
            b.put(i, g.board.cells[i])
        play.rboard = None
        play.view.attach(g.board, play.app.theme)
    else:
        return
    play._refresh_all()
