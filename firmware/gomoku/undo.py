# Undo and redo of a gomoku.game.Game: taking back logged actions (their snapshots restore the
# state) and replaying them. Rare, so loaded when used and dropped with the menus' code (a board
# keeps bytecode in RAM); gomoku.restore uses undo_one() to rebuild a save's undone actions.
from gomoku.game import GameError, A_OFFER, A_DECLINE


def _rides(g, kind, player, prev, nxt):
    # Does this action go with the one before it when undone and redone? The AI's replies go
    # with the human's action (against the AI one undo goes back to the human's last one), and
    # a declined draw offer, which changed nothing on the board, with whatever came before it
    # (undo took back only the offer, and the move stayed).
    return ((kind == A_DECLINE and prev == A_OFFER) or (kind == A_OFFER and nxt == A_DECLINE)
            or g.ai[player])


def depth(g):
    """How many logged actions one undo takes back: back to the last that does not ride on an
    earlier one; none: nothing against the AI, in pass-and-play only declined offers, all."""
    n = g.nlog
    log = g.log
    for k in range(n - 1, -1, -1):
        c = log[3 * k]
        if not _rides(g, c & 7, (c >> 3) & 1, log[3 * k - 3] & 7 if k else -1,
                      log[3 * k + 3] & 7 if k + 1 < n else -1):
            return n - k
    return 0 if g.ai[0] or g.ai[1] else n


def undo(g):
    n = depth(g)
    if not n:
        raise GameError("nothing to undo")
    for _ in range(n):
        undo_one(g)


def redo(g):
    r = g.redo_log
    if not r:
        raise GameError("nothing to redo")
    redo_one(g)
    # What rode on it when undone comes back with it, so redo mirrors undo.
    r = g.redo_log
    while r and _rides(g, r[-1][0], r[-1][1], g.log[3 * g.nlog - 3] & 7,
                       r[-2][0] if len(r) > 1 else -1):
        redo_one(g)


def undo_one(g):
    kind, player, arg = g._entry(g.nlog - 1)
    g.nlog -= 1
    snap = g.snaps.pop()
    u0 = g.log[3 * g.nlog + 1]
    u1 = g.log[3 * g.nlog + 2]
    # The clocks redo puts back, with the running turn's time so far: else undo and redo
    # gave a player back the time spent on the move at hand.
    after = (g.time_used(0), g.time_used(1))
    (g.phase, g.black, g.proposals, g.winner, g.reason, g.win_cells, g.draw_offer,
     stones) = snap
    for _ in range(stones):
        g.board.take()
    g.used[0] = u0
    g.used[1] = u1
    g.t0 = g.clock()
    g.redo_log.append((kind, player, arg, after))


def redo_one(g):
    kind, player, arg, after = g.redo_log.pop()
    keep = g.redo_log
    g.redo_log = []
    g._do(kind, player, arg)
    g.redo_log = keep
    g.used[0], g.used[1] = after
    g.t0 = g.clock()
