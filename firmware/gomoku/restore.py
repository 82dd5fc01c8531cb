# Rebuilding a Game from Game.export() data: loaded only when a saved game is resumed.
from gomoku.game import (Game, GameError, no_clock, R_TIME, A_MOVE, A_PROPOSE, A_CHOOSE,
                         A_RESIGN, A_OFFER, A_ACCEPT, A_DECLINE, MAX_MS)


def restore(d, clock=None):
    """Replay every saved action through the same checks as live play, so damaged data raises
    GameError instead of making an impossible game."""
    try:
        if d.get("v") != 1:
            raise GameError("unknown save version")
        g = Game(d["size"], d["rule"], d["opening"], d["ai"], _ms(d["limit"]),
                 bool(d["strict"]), no_clock)
        acts = d["acts"]
        clk = d.get("clk")  # older saves have none: their clocks before each action are 0
        if clk is not None and len(clk) != 2 * len(acts):
            raise GameError("damaged game data")
        for k in range(len(acts)):
            if clk is not None:
                # the clocks before the action, which its log entry keeps (Game._do)
                g.used = [_ms(clk[2 * k]), _ms(clk[2 * k + 1])]
            _apply(g, acts[k])
        used = d["used"]
        g.used = [_ms(used[0]), _ms(used[1])]
        # Undone actions: replayed through the same checks, then taken back, so redo finds
        # them as it did before the save.
        redo = d.get("redo", ())
        for a in redo:
            _apply(g, a[:-2])
            g.used = [_ms(a[-2]), _ms(a[-1])]
        if redo:
            from gomoku.undo import undo_one

            for _ in redo:
                undo_one(g)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        raise GameError("damaged game data")
    g.clock = clock or no_clock
    g.t0 = g.clock()
    return g


def _apply(g, a):
    kind, player = a[0], a[1]
    if kind == A_MOVE:
        g.play(a[2])
    elif kind == A_PROPOSE:
        g.propose(a[2], a[3])
    elif kind == A_CHOOSE:
        g.choose(a[2])
    elif kind == A_RESIGN:
        if a[2] == R_TIME:
            u = g.used[player]
            g.used[player] = g.limit + 1
            if g.limit and player == g.draw_offer:
                # Saved before session 91, when the offerer's clock ran on while its offer
                # stood (now the answerer's runs): its flag fell then.
                g._do(A_RESIGN, player, R_TIME)
            elif not g.tick():
                raise GameError("bad time loss")
            # Logged with the clock before the flag fell, as in play: an undone loss on time
            # (a save's redo, whose clocks "clk" does not hold) came back with the limit
            # passed, and the resumed game was lost on time again at once.
            g.log[3 * g.nlog - 2 + player] = u
        else:
            g.resign(player)
    elif kind == A_OFFER:
        g.offer_draw(player)
    elif kind == A_ACCEPT:
        g.accept_draw(player)
    elif kind == A_DECLINE:
        g.decline_draw(player)
    else:
        raise GameError("unknown action")
    if g._entry(g.nlog - 1)[1] != player:
        raise GameError("action by the wrong player")


def _ms(v):
    # A clock or time limit in ms. Clocks go into the game's log, an array of 32-bit ints:
    # a damaged value there would pass here and stop the game at its next move.
    if type(v) is not int or not 0 <= v <= MAX_MS:
        raise GameError("damaged game data")
    return v
