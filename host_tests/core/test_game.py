# Game flow: turns, results, opening-rule phases, clocks, undo/redo, refused actions.
from gomoku import game as G
from gomoku import rules
from gomoku.restore import restore
from gomoku.board import BLACK, WHITE
from positions import snapshot


class FakeClock:
    def __init__(self):
        self.t = 1000

    def __call__(self):
        return self.t


def _refused(g, action, *args):
    before = snapshot(g)
    try:
        action(*args)
    except G.GameError as e:
        assert str(e)
    else:
        assert False, "accepted: %r %r" % (action, args)
    assert snapshot(g) == before


def _play(g, *names):
    for n in names:
        g.play(g.board.parse(n))


def test_free_game_to_five():
    g = G.Game()
    assert g.actor() == 0 and g.board.count() == 0
    _play(g, "h8", "a1", "i8", "a2", "j8", "a3", "k8")
    assert g.actor() == 1 and g.board.to_move() == WHITE and g.board.count() == 7
    _play(g, "a4")
    _play(g, "g8")
    assert g.over() and g.winner == BLACK and g.reason == G.R_FIVE
    assert sorted(g.board.name(i) for i in g.win_cells) == ["g8", "h8", "i8", "j8", "k8"]
    _refused(g, g.play, g.board.parse("b5"))
    _refused(g, g.resign)


def test_full_board_is_a_draw():
    g = G.Game(size=5)
    b = g.board
    # A 5x5 colouring without five in any line, played in alternating order.
    cells = [(x, y) for y in range(5) for x in range(5)]
    blacks = [c for c in cells if (c[0] + 2 * c[1]) % 4 < 2]
    whites = [c for c in cells if (c[0] + 2 * c[1]) % 4 >= 2]
    if len(blacks) < len(whites):
        blacks, whites = whites, blacks
    assert len(blacks) == 13
    for k in range(25):
        x, y = (blacks if k % 2 == 0 else whites)[k // 2]
        g.play(b.idx(x, y))
    assert g.over() and g.winner == 0 and g.reason == G.R_FULL


def test_exactly_five_game_goes_on_after_an_overline():
    g = G.Game(rule=rules.STANDARD)
    _play(g, "a8", "a1", "b8", "a2", "c8", "a3", "e8", "a4", "f8", "c1", "d8")
    assert not g.over() and g.actor() == 1


def test_renju_forbidden_move_loses_or_is_refused():
    seq = ("h8", "a1", "h9", "a3", "f7", "a5", "g7", "c1")
    g = G.Game(rule=rules.RENJU)
    _play(g, *seq)
    g.play(g.board.parse("h7"))  # double three
    assert g.over() and g.winner == WHITE and g.reason == G.R_FORBIDDEN
    g.undo()
    assert not g.over() and g.board.count() == 8
    casual = G.Game(rule=rules.RENJU, forbidden_loses=False)
    _play(casual, *seq)
    _refused(casual, casual.play, casual.board.parse("h7"))
    # Resumed from its save it is still the casual game: saved or read back as the strict
    # one, black's forbidden move would lose it instead of being refused.
    r = restore(casual.export())
    _refused(r, r.play, r.board.parse("h7"))
    _play(casual, "a10")
    _play(casual, "h7")  # white may play black's forbidden point
    assert casual.board.cells[casual.board.parse("h7")] == WHITE


def test_pro_opening_phases():
    g = G.Game(rule=rules.RENJU, opening=G.OPEN_PRO)
    assert g.phase == G.OPEN3 and g.actor() == 0
    _refused(g, g.play, g.board.parse("a1"))  # first stone must be central
    _refused(g, g.play, g.board.parse("i9"))
    _play(g, "h8")
    # second within the central 3x3, third within the 5x5: each refused one line beyond
    _refused(g, g.play, g.board.parse("h10"))
    _refused(g, g.play, g.board.parse("f9"))
    _play(g, "h9")
    _refused(g, g.play, g.board.parse("h11"))
    _refused(g, g.play, g.board.parse("k10"))
    _play(g, "i10")
    assert g.phase == G.SWAP and g.actor() == 1
    _refused(g, g.play, g.board.parse("g9"))
    _refused(g, g.choose, G.PUT2)
    g.choose(G.SWAP_COLOURS)
    assert g.black == 1 and g.phase == G.PLAY and g.actor() == 0  # player 0 now has white
    _play(g, "g9")
    assert g.phase == G.PROPOSE and g.actor() == 1
    b = g.board
    _refused(g, g.propose, b.parse("g10"), b.parse("g10"))
    _refused(g, g.propose, b.parse("h8"), b.parse("g10"))
    g.propose(b.parse("j11"), b.parse("f7"))
    assert g.phase == G.CHOOSE and g.actor() == 0
    _refused(g, g.play, b.parse("j12"))
    g.play(b.parse("f7"))
    assert g.phase == G.PLAY and b.cells[b.parse("f7")] == BLACK and b.cells[b.parse("j11")] == 0
    assert g.proposals == ()  # kept, tools/play.py would mark the other "?" all game long
    assert g.actor() == 0 and b.to_move() == WHITE


def test_fifth_move_proposals_must_differ_by_symmetry():
    g = G.Game(opening=G.OPEN_PRO)
    _play(g, "h8", "h9", "h10")  # symmetric about column h
    g.choose(G.KEEP)
    _play(g, "h7")  # still symmetric about column h
    b = g.board
    _refused(g, g.propose, b.parse("g11"), b.parse("i11"))
    g.propose(b.parse("g11"), b.parse("i12"))


def test_proposals_are_the_same_move_under_each_of_the_boards_symmetries():
    # The fifth move's two proposals may not be one move by any symmetry of the position: the
    # three turns and the four mirrors. For each, a position it keeps (a few stones and their
    # images) and a point and its image: refused as one move; with one stone more, which the
    # symmetry does not keep, they are two moves. (A test position symmetric about column h
    # only, as before, let a check lose any of the other six, or ask only some stones.)
    n = 14

    def turn(x, y):  # a quarter turn about the centre
        return n - y, x

    def flip(x, y):  # the mirror in column h
        return n - x, y

    turns = [turn, lambda x, y: turn(*turn(x, y)), lambda x, y: turn(*turn(*turn(x, y)))]
    maps = turns + [flip] + [lambda x, y, f=f: flip(*f(x, y)) for f in turns]
    for k, f in enumerate(maps):
        g = G.Game()
        b = g.board
        for x, y, c in ((8, 5, BLACK), (9, 9, WHITE), (6, 4, BLACK)):
            while not b.get(x, y):
                b.put(b.idx(x, y), c)
                x, y = f(x, y)
        a = b.idx(10, 3)
        image = b.idx(*f(10, 3))
        assert a != image and not b.cells[a] and not b.cells[image], k
        assert g.symmetric(a, image), k
        b.put(b.idx(11, 12), WHITE)
        assert not g.symmetric(a, image), k


def test_swap2_paths():
    def opened():
        g = G.Game(opening=G.OPEN_SWAP2)
        _play(g, "h8", "i9", "g10")
        assert g.phase == G.SWAP2 and g.actor() == 1
        return g

    g = opened()
    g.choose(G.KEEP)
    assert g.black == 0 and g.actor() == 1 and g.board.to_move() == WHITE
    g = opened()
    g.choose(G.SWAP_COLOURS)
    assert g.black == 1 and g.actor() == 0 and g.board.to_move() == WHITE
    g = opened()
    _refused(g, g.choose, G.TAKE_BLACK)
    g.choose(G.PUT2)
    assert g.phase == G.EXTRA and g.actor() == 1
    _play(g, "j10")
    assert g.actor() == 1  # the fifth stone, black's, is the second player's too
    _play(g, "f11")
    assert g.phase == G.PICK and g.actor() == 0
    _refused(g, g.play, g.board.parse("a1"))
    g.choose(G.TAKE_BLACK)
    assert g.black == 0 and g.actor() == 1 and g.board.to_move() == WHITE
    g.undo()
    assert g.phase == G.PICK
    g.choose(G.TAKE_WHITE)
    assert g.black == 1 and g.actor() == 0


def test_clocks_and_loss_on_time():
    clk = FakeClock()
    g = G.Game(limit_ms=10000, clock=clk)
    clk.t += 3000
    assert g.time_used(0) == 3000 and g.time_left(0) == 7000 and g.time_used(1) == 0
    _play(g, "h8")
    clk.t += 2000
    _play(g, "h9")
    assert g.used == [3000, 2000]
    clk.t += 6999
    assert not g.tick()
    clk.t += 2
    assert g.tick()
    assert g.over() and g.reason == G.R_TIME and g.winner == WHITE
    assert g.used[0] == 10001
    # The app ticks on over the end screen: no clock runs once the game is over (else white's,
    # 2 s and the time since the end, would pass the limit and turn the result over: black
    # the winner, on time).
    clk.t += 20000
    assert not g.tick() and g.winner == WHITE and g.nlog == 3
    g.undo()
    assert not g.over() and g.used == [3000, 2000]


def test_a_draw_offer_runs_the_clock_of_the_player_who_must_answer():
    # An offer hands the turn over, as over a board: the offerer's clock stops and the other
    # player's runs, and it is the other's flag that falls if the question is left standing.
    clk = FakeClock()
    g = G.Game(limit_ms=10000, clock=clk)
    _play(g, "h8", "h9")
    g.offer_draw()  # black offers on its turn
    clk.t += 4000
    assert g.time_used(0) == 0 and g.time_used(1) == 4000 and g.timed() == 1
    g.decline_draw()
    clk.t += 1000
    assert g.used == [0, 4000] and g.time_used(0) == 1000 and g.timed() == 0
    g.offer_draw()
    clk.t += 6001
    assert g.tick() and g.over() and g.reason == G.R_TIME and g.winner == BLACK


def test_an_opening_answer_cancels_a_draw_offer_as_a_move_does():
    # The player asked to swap offers a draw, then answers the question itself (keeps white)
    # and so has the fourth move: its clock must run, not the other's; likewise a proposal.
    clk = FakeClock()
    g = G.Game(opening=G.OPEN_PRO, limit_ms=100000, clock=clk)
    _play(g, "h8", "i9", "i7")
    g.offer_draw(1)
    g.choose(G.KEEP)
    assert g.draw_offer == -1 and g.actor() == 1 and g.timed() == 1
    clk.t += 30000
    assert g.time_used(1) == 30000 and g.time_used(0) == 0
    _refused(g, g.accept_draw, 0)
    _play(g, "g9")
    g.offer_draw(0)  # black offers, then proposes
    b = g.board
    g.propose(b.parse("j11"), b.parse("f7"))
    assert g.draw_offer == -1 and g.phase == G.CHOOSE
    _refused(g, g.accept_draw, 1)
    g.undo()  # undo gives the offer back with the proposal's snapshot
    assert g.draw_offer == 0 and g.phase == G.PROPOSE


def test_undo_and_redo_keep_the_running_turns_time():
    # Undo takes the clocks back with the moves; redo puts them back as they were when undone,
    # the time spent on the move at hand with them (before, undo then redo gave it back).
    clk = FakeClock()
    g = G.Game(limit_ms=300000, clock=clk)
    _play(g, "h8", "h9")
    clk.t += 120000
    assert g.time_left(0) == 180000
    g.undo()
    assert g.used == [0, 0] and g.time_used(1) == 0
    clk.t += 5000  # white thinks again over its undone move, then redoes it
    g.redo()
    assert g.time_left(0) == 180000 and g.time_used(1) == 0


def test_a_game_left_for_weeks_stops_its_clock_and_still_saves():
    # Without a time limit, 30 days on one move (a board left on, the game in its menu): the
    # clock stops at G.MAX_MS, the next moves are logged and the save reads back. Before, the
    # 32-bit action log overflowed at the second move after it (a crash on the board), or the
    # save was refused as damaged at the next boot.
    clk = FakeClock()
    g = G.Game(clock=clk)
    _play(g, "h8")
    clk.t += 30 * 24 * 3600 * 1000
    assert g.time_used(1) == G.MAX_MS
    _play(g, "h9", "i8", "i9")
    assert g.used == [0, G.MAX_MS]
    r = restore(g.export())
    assert r.used == g.used and r.board.hist == g.board.hist
    g.undo()
    g.undo()
    assert g.used == [0, G.MAX_MS]
    g.redo()
    assert g.used == [0, G.MAX_MS]


def test_undo_against_the_ai_takes_back_both_moves():
    g = G.Game(ai=(False, True))
    _refused(g, g.undo)
    _play(g, "h8", "h9", "i8", "i9")
    g.undo()
    assert g.board.count() == 2 and g.actor() == 0
    g.redo()
    assert g.board.count() == 4 and g.actor() == 0
    # AI as black opened: that move alone cannot be undone
    g = G.Game(ai=(True, False))
    _play(g, "h8")
    _refused(g, g.undo)
    _play(g, "h9", "i10")
    g.undo()
    assert g.board.count() == 1 and g.actor() == 1


def test_undo_takes_a_declined_draw_offer_back_with_the_move_before_it():
    # A declined offer changed nothing on the board: undo takes the move back too (it took
    # back only the offer and the refusal). A pending offer is taken back alone.
    g = G.Game()
    _play(g, "h8", "h9")
    g.offer_draw()
    g.decline_draw()
    g.undo()
    assert g.board.count() == 1 and g.draw_offer == -1 and g.actor() == 1
    g.redo()
    assert g.board.count() == 2 and g.draw_offer == -1
    g.offer_draw()
    g.undo()
    assert g.board.count() == 2 and g.draw_offer == -1
    g = G.Game()
    g.offer_draw()
    g.decline_draw()
    g.undo()  # only the declined offer to take back
    assert g.nlog == 0 and not g.can_undo()
    g = G.Game(ai=(False, True))
    _play(g, "h8", "h9")
    g.offer_draw(0)
    g.decline_draw(1)  # the AI's answer
    g.undo()  # the person's move, the AI's reply, the offer and its refusal
    assert g.board.count() == 0 and g.actor() == 0
    g.redo()  # all four again, in one redo (the second left the offer open and unanswered)
    assert g.nlog == 4 and g.draw_offer == -1 and not g.can_redo()
    # An offer made while the AI was to move (the menu pauses it), declined, then its move:
    # one undo still goes back to the person's move.
    g = G.Game(ai=(False, True))
    _play(g, "h8", "i9", "h9")
    g.offer_draw(0)
    g.decline_draw(1)
    _play(g, "i10")
    g.undo()
    assert g.board.count() == 2 and g.actor() == 0 and not g.ai_to_act()
    g.redo()
    assert g.nlog == 6 and g.board.count() == 4 and not g.can_redo()


def test_a_new_action_after_an_undo_drops_what_undo_took_back():
    # Redo replays its actions without the checks of live play: kept past a new move, white's
    # undone h9 would come back as a black stone after white's i9 (or, had the new move taken
    # h9, a second stone on that point).
    g = G.Game()
    _play(g, "h8", "h9")
    g.undo()
    assert g.can_redo()
    _play(g, "i9")
    assert not g.can_redo()
    _refused(g, g.redo)


def test_undo_redo_restore_everything():
    clk = FakeClock()
    g = G.Game(opening=G.OPEN_SWAP2, clock=clk)
    states = [snapshot(g)]
    for n in ("h8", "i9", "g10"):
        clk.t += 500
        _play(g, n)
        states.append(snapshot(g))
    g.choose(G.PUT2)
    states.append(snapshot(g))
    for s in reversed(states[:-1]):
        g.undo()
        assert snapshot(g)[:11] == s[:11]
    _refused(g, g.undo)
    for s in states[1:]:
        g.redo()
        assert snapshot(g)[:11] == s[:11]
    _refused(g, g.redo)


def test_resign_and_draws():
    g = G.Game()
    _play(g, "h8")
    g.resign()  # player 1 (white) to act resigns
    assert g.winner == BLACK and g.reason == G.R_RESIGN
    g = G.Game()
    _refused(g, g.accept_draw)
    g.offer_draw()
    _refused(g, g.offer_draw)
    _refused(g, g.accept_draw, 0)  # the offering player cannot accept
    g.decline_draw()
    assert g.draw_offer == -1
    g.offer_draw(1)
    _play(g, "h8")  # a move cancels the offer
    _refused(g, g.accept_draw)
    g.offer_draw()
    g.accept_draw()
    assert g.over() and g.winner == 0 and g.reason == G.R_AGREED
    _refused(g, g.offer_draw)
    # Resigning instead of answering an offer: the one who must answer resigns (it was the
    # offerer, black here, whose turn it still is on the board).
    g = G.Game()
    g.offer_draw()
    g.resign()
    assert g.winner == BLACK and g.reason == G.R_RESIGN


def _pro_game(clk):
    """A Renju game under the professional opening, against the AI as white, past its fifth move."""
    g = G.Game(rule=rules.RENJU, opening=G.OPEN_PRO, ai=(False, True), limit_ms=60000, clock=clk)
    _play(g, "h8", "h9", "i10")
    g.choose(G.KEEP)
    _play(g, "g9")
    b = g.board
    g.propose(b.parse("j11"), b.parse("f7"))
    g.play(b.parse("j11"))
    return g


def test_a_save_keeps_what_undo_took_back():
    clk = FakeClock()
    g = _pro_game(clk)
    b = g.board
    for n in ("g10", "i8", "j9"):
        clk.t += 1000
        g.play(b.parse(n))
    full = g.export()
    clk.t += 500  # black's running turn (undo takes it back with the move, redo gives it back)
    g.undo()
    g.undo()  # back to black's proposal: the AI (white) chose, so that went too
    assert g.phase == G.PROPOSE and g.can_redo()
    import json
    d = json.loads(json.dumps(g.export()))
    assert len(d["redo"]) == 5 and "redo" not in full
    r = restore(d, clk)
    assert snapshot(r) == snapshot(g) and r.used == g.used and r.export() == d
    r.redo()
    r.redo()
    # Redo puts the clocks back as they were when undone: with black's running 500 ms.
    assert r.export() == dict(full, used=[full["used"][0] + 500, full["used"][1]])
    assert not r.can_redo()
    # A damaged redo list is a damaged save, like a damaged action.
    big = d["redo"][:1] + [d["redo"][1][:-1] + [1 << 40]]
    _damaged(d, "redo", ([[0, 1]], [[0, 0, b.parse("h8"), 0, 0]],
                         [d["redo"][1]] + d["redo"][:1], [7], big))


def _damaged(d, key, bads):
    # Each value of d[key] makes a damaged save: GameError, not a game.
    for bad in bads:
        e = dict(d)
        e[key] = bad
        try:
            restore(e)
        except G.GameError:
            pass
        else:
            assert False, bad


def test_bad_settings_are_refused():
    for kw in ({"size": 4}, {"size": 21}, {"rule": 7}, {"opening": 9},
               {"size": 7, "opening": G.OPEN_SWAP2}):
        try:
            G.Game(**kw)
        except G.GameError:
            pass
        else:
            assert False, kw


def test_export_restore_round_trip_and_damage():
    clk = FakeClock()
    g = _pro_game(clk)
    b = g.board
    clk.t += 1234
    g.offer_draw()
    g.decline_draw()
    d = g.export()
    r = restore(d, clk)
    assert snapshot(r)[:10] == snapshot(g)[:10] and r.used == g.used and r.ai == g.ai
    r.undo()  # the restored log supports undo like the original: the declined offer goes
    assert r.board.count() == 4  # with the fifth move and its proposals (the person's)
    g.undo()
    assert snapshot(r)[:10] == snapshot(g)[:10]
    import json
    assert restore(json.loads(json.dumps(d))).export() == d
    bad = []
    for k in ("size", "acts", "v"):
        e = dict(d)
        del e[k]
        bad.append(e)
    # Each with clocks for its actions: else the count of clocks refused it, and the check
    # meant went untested (without it, a move by the wrong player passed as the right one's).
    for acts in (d["acts"] + [[0, 1, b.parse("h8")]],  # occupied point
                 [[0, 1, b.parse("h8")]],  # wrong player
                 [[0, 0, "x"]]):
        e = dict(d)
        e["acts"] = acts
        e["clk"] = [0] * (2 * len(acts))
        bad.append(e)
    # Clocks and limits that would stop the game later (the log holds 32-bit ints) or make
    # no sense: refused now, not at the next move.
    for k, v in (("used", [1 << 40, 0]), ("used", [0, -5]), ("used", [1.5, 0]),
                 ("limit", "x"), ("limit", -1), ("limit", 1 << 40), ("limit", 2.5)):
        e = dict(d)
        e[k] = v
        bad.append(e)
    bad.append(None)
    for e in bad:
        try:
            restore(e)
        except G.GameError:
            pass
        else:
            assert False, e


def test_a_restored_game_undoes_to_the_same_clocks_and_keeps_the_running_turn():
    clk = FakeClock()
    g = G.Game(limit_ms=300000, clock=clk)
    for n in ("h8", "i9", "j10"):
        clk.t += 7000
        g.play(g.board.parse(n))
    clk.t += 4000  # white has thought 4 s so far
    d = g.export()
    assert d["used"] == [14000, 7000 + 4000] and len(d["clk"]) == 6
    r = restore(d, clk)
    assert r.time_used(1) == 11000  # the running turn's time was saved
    g.undo()
    r.undo()
    assert r.used == g.used == [7000, 7000]  # before j10
    old = dict(d)
    del old["clk"]  # a save from before the clocks were kept: still restores
    assert restore(old, clk).board.count() == 3
    _damaged(d, "clk", (d["clk"][:-1], d["clk"][:-1] + [-1], d["clk"][:-1] + ["7"]))


def _flag_fallen():
    """A 60 s game in which h8 and i9 took 20 s each, and black's flag has just fallen."""
    clk = FakeClock()
    g = G.Game(limit_ms=60000, clock=clk)
    for n in ("h8", "i9"):
        clk.t += 20000
        g.play(g.board.parse(n))
    clk.t += 50000
    return clk, g


def test_a_loss_on_time_restores_to_the_same_record():
    clk, g = _flag_fallen()
    assert g.tick() and g.over()
    d = g.export()
    r = restore(d, clk)
    assert r.over() and r.export()["clk"] == d["clk"]  # the clock before the loss, not past it
    # A save from before session 91: black offered a draw and its own clock ran on until its
    # flag fell (now white's runs while it must answer). It still opens, as it ended.
    old = {"v": 1, "size": 15, "rule": 0, "opening": 0, "ai": [0, 0], "limit": 10000,
           "strict": 1, "acts": [[0, 0, 136], [0, 1, 120], [4, 0, 0], [3, 0, 5]],
           "clk": [0, 0, 0, 0, 0, 0, 0, 0], "used": [10001, 0]}
    r = restore(old, clk)
    assert r.over() and r.winner == WHITE and r.reason == G.R_TIME and r.export() == old
    _damaged(old, "limit", (0,))  # a loss on time with no time limit is damaged data
    # So is one by the player whose clock was not running (white's, black to move), also in a
    # save from before the clocks were kept, where no count of clocks shows the loss unplayed
    # (without the check it would be dropped, and white's flag, past the limit, fall at its
    # next turn).
    del old["clk"]
    old["used"] = [0, 10001]
    _damaged(old, "acts", (old["acts"][:2] + [[3, 1, 5]],))


def test_a_loss_on_time_taken_back_and_saved_resumes_with_the_clock_before_it():
    clk, g = _flag_fallen()
    assert g.tick()
    g.undo()  # the game API takes a loss on time back (the app's end screen does not offer it)
    assert not g.over() and g.time_used(0) == 20000
    r = restore(g.export(), clk)
    # It came back with black's clock past the limit: lost on time again at its next action.
    assert r.time_used(0) == 20000 and not r.tick() and r.export() == g.export()
    r.redo()
    g.redo()
    assert r.over() and r.reason == G.R_TIME and r.export() == g.export()
