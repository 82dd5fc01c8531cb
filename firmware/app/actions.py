# The game screen's rare actions: the in-game menu's (undo, redo, resign, draw, hint) and the
# review of a finished game. Loaded when used and dropped whenever the game screen is shown
# again (App.show), so a game in progress does not hold this code in RAM.
from gomoku.board import Board
from gomoku import game as G
from gomoku.game import GameError
from app import keys as K


def can(play, what):
    """Does the in-game menu offer `what` now?"""
    g = play.s.game
    if g.over() or play.s.mode == "demo":
        return False
    if what == "undo":
        return g.can_undo()
    if what == "redo":
        return g.can_redo()
    if what == "hint":
        return not g.ai_to_act() and g.phase in (G.PLAY, G.EXTRA, G.OPEN3)
    if what == "draw":
        return g.draw_offer < 0 and g.phase == G.PLAY
    return True


def do(play, what):
    g = play.s.game
    try:
        if what == "undo":
            g.undo()
        elif what == "redo":
            g.redo()
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

            play.hinter = play.s.idle_engine(HARD) or Engine(HARD, g.rule, size=g.board.size)
            play.hinter.start(g.board)
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
    play.view.cursor = -1
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
        play.view.cursor = play.cursor
    else:
        return
    play._refresh_all()
