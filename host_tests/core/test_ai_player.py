# AIPlayer drives every phase of a Game: opening stones, swap choices, proposals, moves.
from gomoku import game as G
from gomoku import rules
from ai.player import AIPlayer
from ai.engine import EASY, MEDIUM, HARD, MOVE_MS


def _run(rule, opening, stop_at):
    g = G.Game(15, rule, opening, ai=(True, True))
    ps = (AIPlayer(MEDIUM, rule, seed=1), AIPlayer(EASY, rule, seed=2))
    seen = []
    while not g.over() and g.board.count() < stop_at:
        p = ps[g.actor()]
        seen.append(g.phase)
        p.start(g)
        while not p.step():
            pass
        p.apply(g)
    return g, seen


def test_pro_opening_phases():
    for rule in (rules.FREESTYLE, rules.RENJU):
        g, seen = _run(rule, G.OPEN_PRO, 7)
        for ph in (G.OPEN3, G.SWAP, G.PROPOSE, G.CHOOSE, G.PLAY):
            assert ph in seen
        assert g.board.count() >= 6 or g.over()
        assert g.reason != G.R_FORBIDDEN
        # The first three stones lie in the central 1x1, 3x3 and 5x5.
        b = g.board
        for k in range(3):
            x, y = b.xy(b.hist[k])
            assert abs(x - 7) <= k and abs(y - 7) <= k


def test_swap2_opening_phases():
    g, seen = _run(rules.STANDARD, G.OPEN_SWAP2, 7)
    assert G.OPEN3 in seen and G.SWAP2 in seen and G.PLAY in seen
    assert g.board.count() >= 6 or g.over()


def test_swap2_put2_and_pick():
    # Force the PUT2 branch and let the AI place the extra stones and pick a colour.
    g = G.Game(15, rules.FREESTYLE, G.OPEN_SWAP2, ai=(True, True))
    p = AIPlayer(MEDIUM, rules.FREESTYLE, seed=3)
    for _ in range(3):
        p.start(g)
        p.apply(g)
    g.choose(G.PUT2)
    for _ in range(2):
        assert g.phase == G.EXTRA
        p.start(g)
        p.apply(g)
    assert g.phase == G.PICK
    p.start(g)
    p.apply(g)
    assert g.phase == G.PLAY and g.board.count() == 5


def test_the_ai_declines_a_draw_in_an_even_game_and_takes_it_when_lost():
    # (moves, the AI's player, whether it accepts a draw the other player offers)
    for moves, ai, takes in (("h8", 1, False), ("h8 i7", 1, False), ("h8 i7", 0, False),
                             ("h8 i7 i8", 0, False), ("h8 i7 i8 g8", 1, False),
                             # black's open four
                             ("h8 a1 i8 a3 j8 a5 k8", 1, True),
                             ("h8 a1 i8 a3 j8 a5 k8 a7", 1, True),
                             ("h8 a1 i8 a3 j8 a5 k8", 0, False)):
        for rule in (rules.FREESTYLE, rules.RENJU):
            g = G.Game(15, rule, G.OPEN_FREE, ai=(ai == 0, ai == 1))
            for m in moves.split():
                g.play(g.board.parse(m))
            g.offer_draw(1 - ai)
            assert AIPlayer(MEDIUM, rule).wants_draw(g) == takes, (moves, ai, rule)


# No single step() of an AI decision may do more than this many nodes (Pos.put calls): up to
# about 0.26 s in the wasm VM on a slow day, 1.2-1.6 s on an RP2040 with the native ai.lines
# deploy builds (6-8 s without it), under the longest watchdog a kit profile can set (rp2:
# 8.3 s).
STEP_NODES = 300


def _sliced(p, g, seen):
    # Run one decision step by step, counting Pos.put calls per step; seen[phase] keeps the
    # most steps a decision of that phase took. Returns the largest step.
    from ai.eval import Pos
    orig = Pos.put
    n = [0]

    def put(self, i, c):
        n[0] += 1
        return orig(self, i, c)

    Pos.put = put
    try:
        most = 0
        n[0] = 0
        p.start(g)
        most = n[0]
        steps = 0
        done = False
        while not done:
            n[0] = 0
            done = p.step()
            most = max(most, n[0])
            steps += 1
    finally:
        Pos.put = orig
    ph = g.phase
    seen[ph] = max(seen.get(ph, 0), steps)
    p.apply(g)
    return most


def _opening_steps(rule, opening, level, choices):
    g = G.Game(15, rule, opening, ai=(True, True))
    ps = (AIPlayer(level, rule, seed=5), AIPlayer(level, rule, seed=6))
    seen = {}
    while not g.over() and g.board.count() < 7:
        ph = g.phase
        if ph in choices:
            g.choose(choices[ph])  # force the branch under test
            continue
        assert _sliced(ps[g.actor()], g, seen) <= STEP_NODES, ph
    return seen


def test_pro_decisions_are_sliced():
    seen = _opening_steps(rules.RENJU, G.OPEN_PRO, HARD, {})
    for ph in (G.OPEN3, G.SWAP, G.PROPOSE, G.CHOOSE, G.PLAY):
        assert ph in seen
    # Decisions made of several searches run in several slices (the third stone: 25 points).
    assert seen[G.OPEN3] > 20 and seen[G.CHOOSE] > 2


def test_swap2_decisions_are_sliced():
    seen = _opening_steps(rules.FREESTYLE, G.OPEN_SWAP2, HARD, {})
    assert G.OPEN3 in seen and G.SWAP2 in seen
    # The PUT2 branch: two extra stones and the colour pick.
    g = G.Game(15, rules.FREESTYLE, G.OPEN_SWAP2, ai=(True, True))
    p = AIPlayer(HARD, rules.FREESTYLE, seed=3)
    seen = {}
    for _ in range(3):
        assert _sliced(p, g, seen) <= STEP_NODES
    g.choose(G.PUT2)
    for _ in range(2):
        assert g.phase == G.EXTRA
        assert _sliced(p, g, seen) <= STEP_NODES
    assert g.phase == G.PICK
    assert _sliced(p, g, seen) <= STEP_NODES
    assert g.phase == G.PLAY and g.board.count() == 5
    assert seen[G.EXTRA] > 5


def test_the_two_step_test_is_sliced():
    # The position of test_ai_engine's two-step test: the check's two-step test changes the move
    # (i7 -> h7), over many steps, none longer than the others' bound.
    g = G.Game(15, rules.FREESTYLE, ai=(False, True))
    for m in "h8 g7 f8 e9 j10 e8 j8 i8 j9 j7 h9".split():
        g.play(g.board.parse(m))
    p = AIPlayer(HARD, rules.FREESTYLE, seed=1)
    seen = {}
    assert _sliced(p, g, seen) <= STEP_NODES
    assert g.board.name(g.board.hist[-1]) == "h7" and seen[G.PLAY] > 10


def _timed_move(limit_ms, per_reading=100):
    # A hard move in a quiet middle game whose full search takes over 400 nodes (with the
    # evaluation of 2026-11-26 509; the position before it took 324), on a clock that runs
    # per_reading ms per reading (none: no clock): how many nodes the engine searched, and what
    # the game recorded.
    t = [0]

    def clock():
        t[0] += per_reading
        return t[0]

    g = G.Game(15, rules.FREESTYLE, ai=(True, False), limit_ms=limit_ms,
               clock=clock if per_reading else None)
    for s in ("h8", "i8", "g9", "g8", "h9", "h10"):
        g.play(g.board.parse(s))
    p = AIPlayer(HARD, rules.FREESTYLE, seed=1)
    p.start(g)
    while not p.step():
        pass
    p.apply(g)
    return p.engine.stats.nodes, g


def test_ai_keeps_to_the_game_clock():
    full, g = _timed_move(0)
    assert full >= 400 and g.board.count() == 7
    # 10 s left: at most 400 ms (1/25) for this move, 2 readings of 200 ms (the search reads the
    # clock every 32 nodes), well short of the node budget.
    nodes, g = _timed_move(10000, 200)
    assert g.board.count() == 7 and not g.over()
    assert 0 < nodes < full // 2
    # With plenty of time the node budget decides, as without a clock.
    nodes, g = _timed_move(3600000)
    assert nodes == full


def test_a_move_keeps_to_the_levels_time_cap():
    # Without a time limit a move still ends by MOVE_MS of the game's clock (the device's time
    # target should a board be slower than planned); without a clock the node budget decides.
    # The cap leaves the 5 s target room for the nodes searched after the deadline passes (the
    # clock is read every 32 nodes or so: under 100 ms on an emulated Pico, README).
    assert MOVE_MS[HARD] + 150 <= 5000
    full, g = _timed_move(0, 0)
    assert full >= 400 and g.board.count() == 7
    # 1.5 s a reading, the clock read every 32 nodes or so: the cap comes after 3 readings.
    nodes, g = _timed_move(0, 1500)
    assert g.board.count() == 7 and not g.over()
    assert 0 < nodes < full // 2


def _timed_proposals(limit_ms, per_reading):
    # The pro rule's fifth-move proposals of a hard AI holding black (its search of the
    # position after "h8 i9 i8", swap, "g9" takes 473 nodes), on a clock as _timed_move()'s.
    t = [0]

    def clock():
        t[0] += per_reading
        return t[0]

    g = G.Game(15, rules.FREESTYLE, G.OPEN_PRO, ai=(False, True), limit_ms=limit_ms,
               clock=clock if per_reading else None)
    for s in ("h8", "i9", "i8"):
        g.play(g.board.parse(s))
    g.choose(G.SWAP_COLOURS)
    g.play(g.board.parse("g9"))
    p = AIPlayer(HARD, rules.FREESTYLE, seed=1)
    p.start(g)
    while not p.step():
        pass
    p.apply(g)
    assert g.phase == G.CHOOSE
    return p.engine.stats.nodes


def test_fifth_move_proposals_keep_to_the_clock_and_the_time_cap():
    # They searched on no clock at all (the engine had none before its first move), or on an
    # earlier move's time left: no cap, no share of the game's time.
    full = _timed_proposals(0, 0)
    assert full >= 400
    assert 0 < _timed_proposals(0, 1500) < full // 2  # the level's cap, as a move's
    assert 0 < _timed_proposals(10000, 200) < full // 2  # 1/25 of 10 s left
    assert _timed_proposals(3600000, 100) == full


def test_asked_to_act_on_a_finished_game_it_refuses_cleanly():
    g = G.Game(15, rules.FREESTYLE, ai=(False, True))
    for n in ("h8", "a1", "i8", "a3", "j8", "a5", "k8", "a7", "l8"):
        g.play(g.board.parse(n))
    assert g.over()
    p = AIPlayer(EASY, rules.FREESTYLE)
    try:
        p.apply(g)  # a TypeError from inside the opening code before
    except G.GameError as e:
        assert "over" in str(e)
    else:
        assert False, "no error"
