# The AI engine: forced moves, threat search, Renju legality, determinism and slicing.
from gomoku.board import Board, BLACK, WHITE, EMPTY
from gomoku import rules
from ai.engine import Engine, EASY, MEDIUM, HARD
from ai.search import AREA, Search
from ai.scan import scan


def setup(size, black, white):
    # Stones as (x, y); placed alternately so hist looks like a game where possible.
    b = Board(size)
    bl = list(black)
    wh = list(white)
    while bl or wh:
        if bl:
            x, y = bl.pop(0)
            b.put(b.idx(x, y), BLACK)
        if wh:
            x, y = wh.pop(0)
            b.put(b.idx(x, y), WHITE)
    return b


FAR_W = [(0, 0), (14, 0), (0, 14), (14, 14), (0, 7), (14, 7)]


def test_win_in_one_taken():
    b = setup(15, [(5, 7), (6, 7), (7, 7), (8, 7)], [(4, 7), (3, 3), (11, 11), (2, 12)])
    wins = (b.idx(9, 7),)
    for level in (EASY, MEDIUM, HARD):
        e = Engine(level, seed=3)
        assert e.think(b) in wins
        if level == HARD:
            assert e.stats.forced == "win"


def test_four_blocked():
    b = setup(15, [(5, 10), (2, 2), (2, 4), (12, 2)], [(6, 10), (7, 10), (8, 10), (9, 10)])
    # black to move: white's only five-point is (10, 10)
    assert b.to_move() == BLACK
    for level in (EASY, MEDIUM, HARD):
        assert Engine(level, seed=5).think(b) == b.idx(10, 10)


def test_open_three_answered():
    b = setup(15, [(1, 1), (13, 1), (1, 13)], [(6, 7), (7, 7), (8, 7)])
    assert b.to_move() == BLACK
    answers = [b.idx(x, 7) for x in (4, 5, 9, 10)]
    for level in (MEDIUM, HARD):
        for seed in (1, 2):
            assert Engine(level, seed=seed).think(b) in answers


def test_vcf_found():
    # Black: a closed three on row 7 and two stones on column 7. (7,7) makes a four and an open
    # three at once; after the forced block, the column becomes an open four.
    black = [(4, 7), (5, 7), (6, 7), (7, 8), (7, 9)]
    b = setup(15, black, [(3, 7)] + FAR_W[:4])
    assert b.to_move() == BLACK
    e = Engine(HARD, seed=1)
    q = e.think(b)
    assert e.stats.forced == "vcf"
    line = e.stats.line
    assert line[0] == q and len(line) >= 3
    # Play the line out: every defender move is the forced block, the attacker ends with five.
    for k, p in enumerate(line):
        c = BLACK if k % 2 == 0 else WHITE
        assert b.cells[p] == EMPTY
        b.move(p, c)
    last = b.last()
    if not rules.win_line(b, last, rules.FREESTYLE):
        # The line ends with an open four (two five-points): the defender blocks one.
        five = [p for p in b.points() if b.cells[p] == EMPTY and _makes_five(b, p)]
        assert len(five) >= 2


def _makes_five(b, p):
    b.put(p, BLACK)
    ok = rules.win_line(b, p, rules.FREESTYLE) is not None
    b.take()
    return ok


def _double_three_board():
    # (8,7) would give black two open threes: forbidden under Renju, and the obvious move.
    return setup(15, [(6, 7), (7, 7), (8, 6), (8, 5)], [(1, 1), (13, 13), (1, 13), (13, 1)])


def test_renju_black_never_forbidden():
    b = _double_three_board()
    x = b.idx(8, 7)
    assert rules.is_forbidden(b, x)
    for level in (EASY, MEDIUM, HARD):
        for seed in (1, 2, 3):
            e = Engine(level, rules.RENJU, seed=seed)
            q = e.think(b)
            assert q != x and b.cells[q] == EMPTY and not rules.is_forbidden(b, q)
    # Nor is it ever offered as a candidate.
    e = Engine(HARD, rules.RENJU)
    e.start(b)
    assert x not in Search(e.pos, None, 30).gen(BLACK, 30)
    # Freestyle has no forbidden points, and the point is strong there.
    assert x in Search(_pos(b), None, 30).gen(BLACK, 30)


def _overline_block_board(twice):
    # White's four on the diagonal can only be blocked at (5,7), where black would make seven
    # in a row (an overline: forbidden in Renju) and nothing else; with twice, seven in the
    # column too. Black has no five to make.
    black = [(2, 7), (3, 7), (4, 7), (6, 7), (7, 7), (8, 7), (0, 2)]
    white = [(1, 3), (2, 4), (3, 5), (4, 6), (14, 0), (14, 14), (0, 14)]
    if twice:
        black += [(5, 4), (5, 5), (5, 6), (5, 8), (5, 9), (5, 10)]
        white += [(10, 14), (14, 10), (11, 1), (1, 11), (13, 5), (9, 12)]
    return setup(15, black, white)


def test_renju_overline_block_is_never_played():
    for twice in (False, True):
        b = _overline_block_board(twice)
        x = b.idx(5, 7)
        assert b.to_move() == BLACK and rules.forbidden_reason(b, x) == "overline"
        e = Engine(HARD, rules.RENJU)
        e.start(b)
        assert e.pos.cnt[1] and not e.pos.cnt[0]  # white has a five to make, black none
        if not twice:
            # The search's pattern filter sees one overline (the sum's parity), so no level
            # offers the block; two at once it does not see, and the engine's exact checks
            # (here _fallback()'s, as the forced block ends the move) refuse it instead.
            assert Search(e.pos, None, 30).forbidden(x, BLACK)
        for level in (EASY, MEDIUM, HARD):
            q = Engine(level, rules.RENJU).think(b)
            assert q != x and b.cells[q] == EMPTY and not rules.is_forbidden(b, q)


def test_the_move_played_is_checked_exactly():
    # Were the search's filter to pass a forbidden point (as it would one of two overlines),
    # the engine still plays a legal move: here the obvious one is a double three.
    b = _double_three_board()
    x = b.idx(8, 7)
    keep = Search.forbidden
    Search.forbidden = lambda self, q, c: False
    try:
        for level in (MEDIUM, HARD):
            e = Engine(level, rules.RENJU)
            e.start(b)
            assert x in Search(e.pos, None, 30).gen(BLACK, 30)  # the filter passes it now
            q = e.think(b)
            assert q != x and b.cells[q] == EMPTY and not rules.is_forbidden(b, q)
    finally:
        Search.forbidden = keep


def _pos(b):
    from ai.eval import Pos

    return Pos(b.copy(), rules.FREESTYLE)


def _game(level_b, level_w, rule, size, moves, seed):
    b = Board(size)
    es = (Engine(level_b, rule, seed=seed), Engine(level_w, rule, seed=seed + 1))
    out = []
    for k in range(moves):
        c = b.to_move()
        q = es[k % 2].think(b)
        assert b.cells[q] == EMPTY
        if rule == rules.RENJU and c == BLACK:
            assert not rules.is_forbidden(b, q)
        b.move(q)
        out.append(q)
        if rules.win_line(b, q, rule) or b.full():
            break
    return out


def test_moves_legal_and_deterministic():
    for rule in (rules.FREESTYLE, rules.STANDARD, rules.RENJU):
        a = _game(EASY, MEDIUM, rule, 9, 30, 4)
        assert a == _game(EASY, MEDIUM, rule, 9, 30, 4)
    assert _game(EASY, EASY, rules.FREESTYLE, 15, 12, 1) != _game(EASY, EASY, rules.FREESTYLE,
                                                                  15, 12, 2)


def test_step_slicing_and_cancel():
    b = setup(15, [(7, 7), (8, 8), (6, 9)], [(8, 7), (6, 7), (9, 6)])
    e = Engine(HARD, seed=2)
    e.start(b)
    assert b.cells[e.best] == EMPTY
    steps = 1
    while not e.step():
        steps += 1
        assert b.cells[e.best] == EMPTY
    assert steps > 1  # the work really is split
    assert e.stats.nodes > 0
    e.start(b)
    e.step()
    e.cancel()
    assert e.step() is True
    assert b.cells[e.best] == EMPTY
    # A node budget override bounds the work.
    # (The own win search's nodes past its share, vx, are scaled with it: vx * 20 // 660.)
    e = Engine(HARD, seed=2, nodes=20)
    e.think(b)
    assert e.stats.nodes <= 20 + e.params[14] * 20 // e.params[0] + 16


def test_time_cap():
    t = [0]

    def clock():
        t[0] += 5
        return t[0]

    b = setup(15, [(7, 7), (8, 8), (6, 9)], [(8, 7), (6, 7), (9, 6)])
    e = Engine(HARD, nodes=100000, time_ms=50, clock=clock)
    q = e.think(b)
    assert b.cells[q] == EMPTY
    assert e.stats.nodes < 5000


def test_the_clock_is_read_every_32_nodes_or_so():
    # The time cap holds only as well as the clock is read. It was read when Search._node() made
    # the count a multiple of 32, which the threat search's defender nodes and the engine's own
    # count step over: here (tools/bench_ai.py's first game) 1,299 nodes, about 1.7 s on a
    # board, went by between two reads.
    moves = ("h8 h9 j8 i9 g9 i7 i10 g8 k8 l8 j7 j9 l9 i6 n11 m10 i5 h7 j5 j4 k5 l5 g5 h5 k6 "
             "k7 i4 l7 h3 g2 k10").split()
    b = Board(15)
    for m in moves:
        b.move(b.parse(m))
    e = Engine(HARD, seed=1)
    puts = [0]
    pos = e.pos
    put = pos.put

    def counted(p, c):  # every node, and the engine's own moves, is a put()
        puts[0] += 1
        put(p, c)

    pos.put = counted
    gaps = []
    last = [0]

    def clock():
        gaps.append(puts[0] - last[0])
        last[0] = puts[0]
        return 0  # never late: the whole search runs

    e.clock = clock
    e.time_ms = 1 << 29
    e.think(b)
    assert puts[0] > 2000 and max(gaps) <= 64


def test_time_cap_holds_in_the_final_check():
    # A position whose final check searches over 1,000 nodes: with the time up in the tree, the
    # check stops at its next reading of the clock (every 32 nodes) instead of going on to its
    # nodes, a step's worth at a time.
    b = Board(15)
    for m in ("h8 h9 f10 g9 g10 f9 e9 e10 i9 g8 h7 i10 f7 g7 g6 h5 j11 f5 d11 g5 i5 d8 d5 e7 "
              "f6 f8 h10 e6").split():
        b.put(b.parse(m), b.to_move())
    full = Engine(HARD)
    full.think(b)
    assert full.stats.nodes >= 1300  # the tree's 3 plies and the check (2,210 in all)
    t = [0]

    def clock():
        t[0] += 1
        return t[0]

    # 2 ticks: the tree's first iteration and no more, with either phase's values (with the
    # late ones its 3 plies took only 224 nodes, within 5 ticks).
    e = Engine(HARD, time_ms=2, clock=clock)
    q = e.think(b)
    assert b.cells[q] == EMPTY
    assert e.stats.depth < full.stats.depth  # the time ran out in the tree
    assert e.stats.nodes < full.stats.nodes - 1000  # and the check did not go on to its nodes


def test_once_the_time_is_up_the_move_starts_no_more_searches():
    # Each stage after the one that saw the time run out (own threats, the opponent's, the tree,
    # the final check) would search up to 32 nodes before reading the clock itself: in Renju on
    # an emulated Pico, a move went 0.65 s past its cap so.
    from ai.eval import Pos

    b = Board(15)
    for m in ("h8 h9 f10 g9 g10 f9 e9 e10 i9 g8 h7 i10 f7 g7 g6 h5 j11 f5 d11 g5 i5 d8 d5 e7 "
              "f6 f8 h10 e6").split():
        b.put(b.parse(m), b.to_move())
    puts = [0]
    put = Pos.put

    def counted(self, p, c):
        puts[0] += 1
        put(self, p, c)

    Pos.put = counted
    try:
        for rule in (rules.FREESTYLE, rules.RENJU):
            for ticks in range(2, 12, 3):  # the time runs out in one stage or another
                t = [0]
                late = []

                def clock():
                    t[0] += 1
                    if t[0] == 1 + ticks:
                        late.append(puts[0])
                    return t[0]

                e = Engine(HARD, rule=rule, time_ms=ticks, clock=clock)
                e.start(b)
                puts[0] = 0
                while not e.step():
                    pass
                assert late and b.cells[e.best] == EMPTY
                assert puts[0] - late[0] <= 1, (rule, ticks, puts[0] - late[0])
    finally:
        Pos.put = put


def test_engine_builds_its_position_when_created():
    # The full scan belongs to setting up a game, not to the first move (tools/bench_ai.py).
    e = Engine(MEDIUM, size=9)
    assert e.pos is not None and e.board.size == 9 and not e.board.hist
    b = Board(9)
    b.move(b.idx(4, 4))
    q = e.think(b)
    assert b.cells[q] == EMPTY and e.board.hist == b.hist
    b2 = Board(11)  # another size: rebuilt for it
    b2.move(b2.idx(5, 5))
    assert b2.cells[e.think(b2)] == EMPTY and e.board.size == 11


def test_hard_values_the_late_game_by_its_own_values():
    # From ai.patterns.LATE_STONES stones on, hard's position is valued by EVAL_LATE (as if
    # built with it) and its table emptied; taking moves back below that switches back.
    from ai.eval import Pos
    from ai import patterns as P

    b = Board(15)
    grid = [b.idx(x, y) for y in range(1, 15, 3) for x in range(1, 15, 3)]  # no five possible
    assert len(grid) > P.LATE_STONES
    for q in grid[:P.LATE_STONES - 1]:
        b.move(q)
    e = Engine(HARD)
    # The grid leaves black a win by threats, which the win search finds (and then no tree
    # runs to fill the table): without it.
    e.params = e.params[:6] + (0,) + e.params[7:]
    e.think(b)
    assert any(e.tt.info) and list(e.pos.ev) == list(P.EVAL)
    for want in (P.EVAL_LATE, P.EVAL):
        if want is P.EVAL_LATE:
            b.move(grid[P.LATE_STONES - 1])
        else:
            b.take()
        e.start(b)
        e.cancel()
        fresh = Pos(b.copy(), rules.FREESTYLE, want)
        assert list(e.pos.ev) == list(want) and (e.pos.eb, e.pos.ew) == (fresh.eb, fresh.ew)
        assert not any(e.tt.info) and not any(e.tt.tres)
        e.think(b)
    m = Engine(MEDIUM)  # medium keeps its own values throughout
    b.move(grid[P.LATE_STONES - 1])
    m.think(b)
    assert list(m.pos.ev) == list(P.EVAL_MEDIUM)


def _opponent_wins_after(b, q, plies=13, nodes=20000):
    # A deep threat search (far beyond the engine's budget) for the opponent of the mover at q.
    from ai.eval import Pos
    from ai.search import Stop

    b2 = b.copy()
    c = b2.to_move()
    b2.put(q, c)
    s = Search(Pos(b2, rules.FREESTYLE), None, 8)
    s.limit = nodes
    try:
        return s.vcf(3 - c, 0, plies) or s.vct(3 - c, 0, plies)
    except Stop:
        return None


def _played(moves):
    # A 15x15 board with the moves (names, black first) played in turn.
    b = Board(15)
    for k, m in enumerate(moves.split()):
        b.put(b.parse(m), BLACK if k % 2 == 0 else WHITE)
    return b


def _checked_position():
    # From a game hard lost to the window baseline: the tree prefers a move after which the
    # opponent wins by a threat sequence deeper than the tree.
    return _played("h8 h9 i6 i7 g8 e8 h7 j5 h5 e10 k8")


def test_final_check_avoids_a_move_the_opponent_wins_against():
    # The final check of the chosen move finds the opponent's win and plays a move that holds.
    b = _checked_position()
    e = Engine(HARD)
    q = e.think(b)
    assert e.stats.forced == "checked"
    assert _opponent_wins_after(b, q) is False
    unchecked = Engine(HARD)
    unchecked.params = unchecked.params[:9] + (0, 0, (), 0, 0) + unchecked.params[14:]
    q2 = unchecked.think(b)
    assert q2 != q and _opponent_wins_after(b, q2) is True


def test_final_check_searches_short_refutations_first():
    # From a lost game: the tree's choice f9 loses to a threat sequence (15 plies deep), which
    # one 15-ply search does not find within a check of 700 nodes; an 11-ply one does, and the
    # check moves on to a move that holds. (With 600 neither; a 13-ply one finds it with 700.)
    b = _played("h8 h9 f6 i9 j9 e5 j8 i8 g10 i10 i7 j11 g8 g9 j7 k12 l13 j6")
    f9 = b.parse("f9")
    assert _opponent_wins_after(b, f9, 15) is True
    e = Engine(HARD)
    e.params = e.params[:9] + (700, 700) + e.params[11:]
    q = e.think(b)
    assert e.stats.forced == "checked" and q != f9
    assert _opponent_wins_after(b, q, 15) is False
    one = Engine(HARD)
    one.params = one.params[:9] + (700, 700, (15,)) + one.params[12:]
    assert one.think(b) == f9


def _as_played(**kw):
    # Hard as it played until session 77: its threat searches' threes past the first ply within
    # 3 lines of the attacker's last stone (ai.engine._HARD_AREA: now anywhere). The tests that
    # use it replay positions from games it played so, to show each mechanism as it was found.
    e = Engine(HARD, **kw)
    e.area = AREA
    return e


def test_final_check_looks_past_the_trees_moves():
    # From a game hard lost to window (random openings): every move of the tree's loses to a
    # threat sequence, within few nodes each (g10 first), and the check has nodes left: it
    # tries the next candidates and plays one it clears (the deep search agrees). Without that
    # it kept the tree's choice and lost. White has a win by threats here, h5, which hard finds
    # since its own threat search comes before the defence, and the opponent's threat against
    # a pass now narrows the tree's moves to the one that holds: the check is shown with both
    # searches off, as the engine played in the game.
    b = _played("h8 i6 h9 g5 i10 g8 h10 h7 h11 h12 f9 j5 k4")
    e = _as_played()
    assert e.think(b) == b.parse("h5") and e.stats.forced == "vct"
    e.params = e.params[:6] + (0, e.params[7], 0) + e.params[9:]
    q = e.think(b)
    assert e.stats.forced == "checked" and _opponent_wins_after(b, q, 15) is False
    old = _as_played()
    old.params = e.params[:12] + (0,) + e.params[13:]
    assert old.think(b) == b.parse("g10") and _opponent_wins_after(b, b.parse("g10")) is True


def test_a_refuted_choice_gives_the_check_more_nodes():
    # From games hard lost to window (random openings): the tree's choice (i10, h5) loses,
    # and without the nodes a refuted choice adds, the check runs out of them on a move that
    # loses too (h9, f11; j8 in the first position before vct() remembered its winning moves
    # per ply) and plays it. With them it finds a move that holds (the deep search agrees).
    for moves, first, lost in (("h8 j9 g8 h10 f7", "i10", "h9"),
                               ("h8 j8 g10 f10 e8 f9 g8 f8 f7 e6 g6", "h5", "f11")):
        b = _played(moves)
        assert _opponent_wins_after(b, b.parse(first), 15) is True
        e = _as_played()
        q = e.think(b)
        assert e.stats.forced == "checked" and _opponent_wins_after(b, q, 15) is False
        short = _as_played()
        short.params = short.params[:13] + (0,) + short.params[14:]
        bad = b.parse(lost)
        assert short.think(b) == bad and _opponent_wins_after(b, bad, 15) is True
        assert e.stats.nodes > short.stats.nodes + 300


def test_a_lost_position_plays_the_move_hardest_to_refute():
    # From a game hard lost to window (random openings): the check refutes every move it
    # tries, the tree's choice d7 within about 20 nodes, h7 only with about 1,600. Where nothing
    # holds, the move played is the one whose refutation took the most nodes (the opponent must
    # still find it); with d7 hard lost the game, with h7 it won.
    b = _played("h8 g9 f7 j7 h10 h9 i9 j8 g7 f6 e7")
    e = _as_played()
    tries = []
    refuted = e._refuted

    def spy(s, c, q, limit, vply, tplies):
        n = s.nodes
        lost = yield from refuted(s, c, q, limit, vply, tplies)
        tries.append((s.nodes - n, q, lost))
        return lost

    e._refuted = spy
    q = e.think(b)
    assert [lost for _, _, lost in tries] == [True] * len(tries) and len(tries) > 2
    assert tries[0][1] == b.parse("d7") and tries[0][0] < 100  # the tree's choice
    assert q == b.parse("h7") == max(tries)[1] and max(tries)[0] > 1000
    assert e.stats.forced == "lost" and _opponent_wins_after(b, q, 15) is True


def test_two_step_test_refutes_a_move_by_a_reply_then_threats():
    # From a game hard lost to window as white (random openings, seed 3, game 89): the check's
    # threat searches clear the tree's choice i7, but black's reply h7 leaves every answer of
    # white's lost to threats (the deep search agrees on each), and the game was lost so. The
    # two-step test finds that and the check plays h7 itself, which holds.
    from ai.eval import Pos

    b = _played("h8 g7 f8 e9 j10 e8 j8 i8 j9 j7 h9")
    j7 = b.parse("i7")
    h7 = b.parse("h7")
    e = Engine(HARD)
    assert e.think(b) == h7 and e.stats.forced == "checked"
    assert _opponent_wins_after(b, h7, 15) is False
    one = Engine(HARD)
    one.two = ()
    assert one.think(b) == j7 and one.stats.forced is None
    assert _opponent_wins_after(b, j7, 15) is False  # no threat search from i7 sees the loss
    b.put(j7, WHITE)
    b.put(h7, BLACK)
    answers = Search(Pos(b.copy(), rules.FREESTYLE), None, 8).gen(WHITE, 12)
    assert len(answers) > 3
    assert all(_opponent_wins_after(b, a, 15) for a in answers)


def test_a_cut_check_search_takes_up_where_it_stopped():
    # From a game hard lost to window (random openings): refuting the tree's choice g9 takes
    # the check about 1,770 nodes, four steps of 500. Started again from the root at each step,
    # the search never got there (its table kept too little of the last step), so g9 stayed
    # undecided and was played; taken up where it was cut (Search.resume()), it is refuted and
    # the check plays a move that holds (the deep search agrees).
    b = _played("h8 i10 k11 g10 h11 h9 j11 i11 j10 i9 i8")
    g9 = b.parse("g9")
    assert _opponent_wins_after(b, g9, 15) is True
    e = Engine(HARD)
    q = e.think(b)
    assert e.stats.forced == "checked" and q != g9 and _opponent_wins_after(b, q, 15) is False


def test_time_up_ends_the_search_past_the_trees_moves():
    # Once the tree's moves are all refuted, the time's end stops the check at once (each of
    # the 20 more tries would search 32 nodes before reading the clock).
    b = _played("h8 i6 h9 g5 i10 g8 h10 h7 h11 h12 f9 j5 k4")
    t = [0]
    e = _as_played(time_ms=10 ** 6, clock=lambda: t[0])
    e.params = e.params[:6] + (0, e.params[7], 0) + e.params[9:]  # as the test above
    tries = []
    refuted = e._refuted

    def spy(s, c, q, limit, vply, tplies):
        lost = yield from refuted(s, c, q, limit, vply, tplies)
        tries.append((q, lost, s.nodes))
        if len(tries) == 10:  # the last of the tree's 10 moves (see the test above)
            t[0] = 10 ** 7
        return lost

    e._refuted = spy
    q = e.think(b)
    assert [lost for _, lost, _ in tries] == [True] * 10
    assert q == b.parse("g10") and e.stats.nodes == tries[-1][2]


def test_own_threat_win_beyond_the_short_search():
    # From an arena game: white wins by threats, but not within 9 plies (the short search
    # clears every try); hard then searches as deep as its VCF and finds it within its nodes.
    from ai.eval import Pos
    from ai.search import TT

    b = _played("h8 i9 m15 g8 g9 f10 h10 h11 i11 f8 h7 h6 g7 f7 f9 e6 h9 f6 e9 d9 g6")
    s = Search(Pos(b.copy(), rules.FREESTYLE), TT(8), 8)
    s.limit = 100000
    assert not s.vcf(WHITE, 0, 13) and not s.vct(WHITE, 0, 9)
    assert s.vct(WHITE, 0, 13)
    e = Engine(HARD)
    q = e.think(b)
    assert e.stats.forced == "vct" and q == b.parse("f5")


def test_own_threat_win_comes_before_the_defence():
    # From a game hard lost to window (random openings): white wins by threats if black
    # passes, so the defence would narrow black's moves to those that stop it, but black wins
    # first by threats of its own (each forces an answer). Hard plays that win (g4); when it
    # looked for one only where the opponent threatened nothing, it defended (f7) and lost.
    from ai.eval import Pos
    from ai.search import TT

    b = _played("h8 g7 e5 f8 g9 e9 h6 f10 h7 d10 c11 h9 h5 h4 g5 f5 f4 i7 e3 d2 g3 d6 i1 h2")
    s = Search(Pos(b.copy(), rules.FREESTYLE), TT(8), 8)
    s.limit = 100000
    assert s.vcf(WHITE, 0, 13) or s.vct(WHITE, 0, 9)
    e = Engine(HARD)
    q = e.think(b)
    assert e.stats.forced == "vct" and q == b.parse("g4")
    s.limit = s.nodes + 100000
    assert s.vct(BLACK, 0, 13, q=q)


def test_own_threat_win_may_search_past_its_share():
    # From games hard drew with table or lost to window (random openings): the mover wins by
    # threats, but finding it takes more than the search's 220 nodes (and the VCF's 60). With
    # the 1,600 it may search on top of the budget hard plays the win; without them (vx 0) a
    # quiet move, and in the last game (white's win needs 11 plies: the 9-ply search fails in
    # 513 nodes, the 13-ply one wins in 592 more) also with the 800 it had until session 78.
    from ai.eval import Pos
    from ai.search import TT

    for moves, win, vx in (
            ("h8 i10 i11 h6 f8 g9 j10 g8 j11 k11 k9 l8", "h12", 0),
            ("h8 h7 i9 i7 k9 g7 j7 j9 k8 i8 k10 f7 e7 g6 f5 k11 k7 k6 h10 j8 g9 f8", "j10", 0),
            ("h8 j6 i5 h10 g6 j8 g7 i9 k7 j9 j7 g11 f12 g9 h9 f8 i11 g10 g12 f10 i10", "e10",
             800)):
        b = _played(moves)
        c = b.to_move()
        e = Engine(HARD)
        q = e.think(b)
        assert e.stats.forced == "vct" and q == b.parse(win) and e.stats.nodes > 300
        s = Search(Pos(b.copy(), rules.FREESTYLE), TT(8), 8)
        s.limit = 100000
        assert s.vct(c, 0, 13, q=q)
        short = Engine(HARD)
        short.params = short.params[:14] + (vx,) + short.params[15:]
        assert short.think(b) != q and short.stats.forced != "vct"


def test_hard_tree_roots_are_wider_than_its_plies():
    # From a game hard lost to table with 8 roots and won with 10 (random openings): its move
    # is gen()'s 10th candidate, which a tree of the alpha-beta width alone never tries.
    from ai.eval import Pos
    from ai.search import TT

    b = _played("h8 h7 i9 i7 k9 g7 j7")
    e = Engine(HARD)
    q = e.think(b)
    assert q == b.parse("g8") and e.stats.forced is None
    width = e.params[3]
    s = Search(Pos(b.copy(), rules.FREESTYLE), TT(8), width)
    assert q not in s.gen(WHITE, width) and q in s.gen(WHITE, e.params[15])
    narrow = Engine(HARD)
    narrow.params = narrow.params[:15] + (width,)
    assert narrow.think(b) != q


def test_cancel_at_any_step_leaves_the_engine_in_sync():
    # The final check keeps the move it tests on the engine's board between steps; a search
    # dropped at any step must leave nothing behind once the next one starts.
    b = _checked_position()
    ref = Engine(HARD)
    best = ref.think(b)
    assert ref.stats.forced == "checked"  # the run below goes through the check
    e = Engine(HARD)
    e.start(b)
    total = 1
    while not e.step():
        total += 1
    for n in range(0, total, 3):
        e.start(b)
        for _ in range(n):
            e.step()
        e.cancel()
        e.start(b)
        assert e.board.hist == b.hist and bytes(e.board.cells) == bytes(b.cells)
        kk, sb, sw, eb, ew, near, cnt = scan(e.pos)
        assert (eb, ew, list(cnt)) == (e.pos.eb, e.pos.ew, list(e.pos.cnt))
        for q in b.points():  # occupied points keep their state from when they were empty
            if b.cells[q] == EMPTY:
                assert (sb[q], sw[q], near[q]) == (e.pos.sb[q], e.pos.sw[q], e.pos.near[q])
        e.cancel()
    assert Engine(HARD).think(b) == best


def test_hard_values_its_combination_points_while_ahead():
    # Hard adds its own colour's combination points (Pos.cnt[10] black's, [11] white's) to
    # the evaluation when the position's static value for it is at least 0 as black, 200 as
    # white; never the opponent's, and medium never.
    cases = (
        ([(7, 7), (9, 7)], [(8, 8), (6, 6)], BLACK),  # black to move, ahead: 507
        ([(7, 7), (8, 6), (9, 9)], [(8, 8), (6, 8)], 0),  # white to move at 17: below 200
        ([(7, 7), (0, 0), (14, 14)], [(8, 8), (9, 9)], WHITE),  # white to move at 687
        ([(7, 5), (2, 8), (0, 5)], [(4, 8), (7, 9)], WHITE),  # at 241: 300 was the bar before
        ([(7, 7), (9, 9)], [(8, 8)], 0),  # white to move behind, black's points ignored
    )
    for black, white, comb in cases:
        b = setup(15, black, white)
        c = b.to_move()
        e = Engine(HARD)
        e.think(b)
        assert e.comb == comb
        s = Search(e.pos, None, 1, 8, 8)
        v = s.evaluate(c)
        s.comb = c
        w = (e.pos.cnt[9 + c] * 5) >> 2
        assert s.evaluate(c) == v + w and (w > 0 or not comb)
        m = Engine(MEDIUM)
        m.think(b)
        assert m.comb == 0


def test_the_engine_kept_through_a_game_decides_as_a_fresh_one():
    # From a game hard (black) lost to window (random openings, session 48). One engine follows
    # the game, as the app and the arena keep it; at black's eighth move it played h5, refuted
    # by white's threats, where a fresh engine's check refutes h5 and plays d9, which holds: the
    # table the earlier moves left held "no win" results of threat searches that hold only for
    # the line that reached each position. Hard now empties it at each move, so every decision
    # (nodes included) is the fresh engine's.
    moves = "h8 f6 e6 i9 j7 f7 f5 f9 f8 d7 g9 e8 g10 g6".split()
    kept = _as_played()
    b = Board(15)
    for k, m in enumerate(moves):
        if k >= 6 and k % 2 == 0:
            q = kept.think(b)
            fresh = _as_played()
            assert fresh.think(b) == q and fresh.stats.nodes == kept.stats.nodes
            assert q == b.parse(m)  # the game's own move, until the last
        b.put(b.parse(m), BLACK if k % 2 == 0 else WHITE)
    q = kept.think(b)
    assert q == b.parse("d9") and _opponent_wins_after(b, q, 15) is False
    assert _opponent_wins_after(b, b.parse("h5"), 15) is True


def test_medium_decides_as_a_fresh_engine_after_a_cancel_or_the_same_question():
    # Medium kept its transposition table from one move to the next (hard empties its own at
    # each move since session 48), so what the engine had done before changed its move: a
    # search cancelled part-way (the player opening the menu while it thought) left its
    # finished entries, and the move it then played differed at some steps (here g6 -> e6 at
    # the 15th of 28); a position asked again (the move taken back, the same position on the
    # board) was searched over the first answer's entries (d7 -> g9). From medium's own games
    # (a fuzzing review): 57 of 534 positions played otherwise after a cancel, 27 of 245 asked
    # again.
    for moves in ("f6 i7 j6 g5 h6", "f9 f8 h9 i9 h6 h7 e9 d9 e8 e7 g10 h11"):
        b = _played(moves)
        ref = Engine(MEDIUM)
        q = ref.think(b)
        e = Engine(MEDIUM)
        e.start(b)
        total = 1
        while not e.step():
            total += 1
        for n in range(total):
            e.start(b)
            for _ in range(n):
                e.step()
            e.cancel()
            assert (e.think(b), e.stats.nodes) == (q, ref.stats.nodes), (moves, n)
            assert (e.think(b), e.stats.nodes) == (q, ref.stats.nodes), (moves, n)


def test_medium_looks_three_plies_ahead():
    # Medium's tree has 3 plies and 330 nodes (2 and 110 until session 58): against table, which
    # blocks well, two plies drew 83 of 472 random openings at a full board (76.9% won, under
    # the level's 80%), three draw 48 (84.5%), for a board median of about 0.27 s a move.
    b = Board(15)
    b.move(b.idx(7, 7))
    e = Engine(MEDIUM, seed=1)
    assert b.cells[e.think(b)] == EMPTY
    assert e.stats.depth == 3


def test_hard_looks_for_threes_anywhere_past_the_threat_searches_first_ply():
    # From a 19x19 game hard played against window: white wins by threats from h9, with a three
    # more than 3 lines from the stone white played before it. Hard finds and plays the win;
    # with its threes past the first ply kept within 3 lines (as until session 77) its threat
    # searches miss it and it plays a quiet move. Medium keeps them within 3 lines, and so
    # does hard in Renju.
    b = Board(19)
    for m in "j10 k11 l10 k10 k9 i11 l11 l9 m8 j11 h13 k12 k14 i10 l13 h11 g11".split():
        b.put(b.parse(m), b.to_move())
    e = Engine(HARD, size=19)
    assert e.think(b) == b.parse("h9") and e.stats.forced == "vct"
    near = _as_played(size=19)
    assert near.think(b) != b.parse("h9") and near.stats.forced is None
    assert e._search(8).area == 0 and Engine(MEDIUM, size=19)._search(8).area == AREA == 3
    assert Engine(HARD, rules.RENJU)._search(8).area == AREA  # there threes anywhere lost games


def test_medium_searches_threat_wins_on_the_larger_boards_only():
    # Past 15 lines medium also looks for its own win by threats (ai.engine._MEDIUM_ROOM: on
    # 19x19 and 20x20 it won more games against window that way, on 15x15 none).
    # A double open three in one move is such a win: on 15x15 medium's tree plays it unnamed,
    # on the larger boards the threat search names it. One engine follows the board's size.
    e = Engine(MEDIUM, seed=1)
    for n, searched in ((15, False), (19, True), (20, True), (15, False), (13, False)):
        c = n // 2
        b = setup(n, [(c + 1, c), (c + 2, c), (c, c + 1), (c, c + 2)],
                  [(c - 5, c - 5), (c + 5, c - 5), (c - 5, c + 5), (c + 5, c + 5)])
        assert e.think(b) == b.idx(c, c)
        assert (e.stats.forced == "vct") == searched, (n, e.stats)


def test_the_style_knob_leans_to_attack_or_defence():
    # Positions of a medium self-play; where a style changes medium's move, the new move's own
    # share of the point's value (its attack part) should move the style's way. Until session
    # 89 the knob only ranked candidates: attack at medium and hard came out as often more
    # defensive as more attacking.
    b = Board(15)
    for n in ("h8", "h7", "i6"):
        b.put(b.parse(n), b.to_move())
    e = Engine(MEDIUM, seed=5)
    lean = {60: [0, 0], -60: [0, 0]}
    while b.count() < 26:
        if b.count() >= 6:
            c = b.to_move()
            base = Engine(MEDIUM, seed=1).think(b)
            for style in (60, -60):
                s = Engine(MEDIUM, seed=1, style=style)
                q = s.think(b)
                if q != base:
                    sm, so = (s.pos.sb, s.pos.sw) if c == BLACK else (s.pos.sw, s.pos.sb)
                    # own share of q against base's, cross-multiplied (no floats)
                    a = (sm[q] >> 5) * ((sm[base] >> 5) + (so[base] >> 5))
                    o = (sm[base] >> 5) * ((sm[q] >> 5) + (so[q] >> 5))
                    lean[style][0 if a > o else 1] += 1
        q = e.think(b)
        b.put(q, b.to_move())
    assert lean[60][0] > lean[60][1] and lean[-60][1] > lean[-60][0], lean
    assert Engine(style=-60).k1 == 16 - Engine(style=60).k1  # the same lean both ways


# Black's six c8-h8 (in exactly five no win: the game goes on) and a closed four c3-f3: g3 is
# black's one five. The pattern keys see 4 cells each side, so b8 and i8 beside the six read as
# fives too, though a stone there makes seven.
_SIX = "c8 a15 d8 c15 e8 e15 f8 g15 h8 i15 g8 k15"


def test_exactly_five_an_overlines_end_is_no_five():
    for extra, forced in ((" c3 b3 d3 m15 e3 a13 f3", "block"), (" c3 b3 d3 m15 e3 a13 f3 a11", "win")):
        b = _played(_SIX + extra)
        for level in (EASY, MEDIUM, HARD):
            e = Engine(level, rules.STANDARD)
            assert b.name(e.think(b)) == "g3" and e.stats.forced == forced, (level, forced)
    # With only the false fives on the board no level plays or blocks one: a stone there is
    # wasted.
    for extra in ("", " a1"):
        b = _played(_SIX + extra)
        for level in (EASY, MEDIUM, HARD):
            e = Engine(level, rules.STANDARD)
            e.start(b)
            e.step()
            e.cancel()  # a cancelled move's border cells go with the next sync
            q = e.think(b)
            assert b.name(q) not in ("b8", "i8") and b.cells[q] == EMPTY
            assert e.stats.forced not in ("win", "block"), (level, extra, e.stats.forced)
            # and a finished one's as it ends: the position is the board's again, as built
            # from scratch
            assert e.board.cells == b.cells and e.board.hist == b.hist
            kk, sb, sw, eb, ew, near, cnt = scan(e.pos)
            assert list(cnt) == list(e.pos.cnt) and (eb, ew) == (e.pos.eb, e.pos.ew)
            assert all(sb[p] == e.pos.sb[p] and sw[p] == e.pos.sw[p] for p in b.points()
                       if b.cells[p] == EMPTY)


def test_exactly_five_an_overlines_end_may_be_the_other_colours_five():
    # i8 ends black's six c8-h8 (no five for black) and makes white's i8-i12: white wins there,
    # black must block it; a border cell there hid white's five from both.
    base = "c8 i9 d8 i10 e8 i11 i13 i12 f8 a1 h8 a3 g8"
    for extra, forced in (("", "win"), (" a5", "block")):
        b = _played(base + extra)
        for level in (EASY, MEDIUM, HARD):
            e = Engine(level, rules.STANDARD)
            assert b.name(e.think(b)) == "i8" and e.stats.forced == forced, (level, forced)


def test_exactly_five_the_last_point_ends_an_overline():
    # Every point is taken but the end of black's six (no five anywhere): black plays it, a
    # full board, a draw (with the point filled for the search, no move was left).
    b = Board(15)
    col = {}
    for y in range(15):
        for x in range(15):
            col[(x, y)] = BLACK if (x + 2 * y) % 4 < 2 else WHITE  # runs of 2 at most
    for x in range(6):
        col[(x, 0)] = BLACK
    del col[(6, 0)]
    col[(7, 0)] = WHITE
    stones = sorted(col, key=lambda p: col[p])  # black's, then white's: black to move
    for p in stones:
        b.put(b.idx(*p), col[p])
    assert b.to_move() == BLACK
    for level in (EASY, MEDIUM, HARD):
        assert Engine(level, rules.STANDARD).think(b) == b.idx(6, 0), level
