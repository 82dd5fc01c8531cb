# AIPlayer drives every phase of a Game: opening stones, swap choices, proposals, moves.
from gomoku import game as G
from gomoku import rules
from ai.player import AIPlayer
from ai.engine import EASY, MEDIUM


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


def test_wants_draw_answers():
    g = G.Game(15, rules.FREESTYLE, G.OPEN_FREE, ai=(False, True))
    p = AIPlayer(EASY, rules.FREESTYLE)
    g.play(g.board.idx(7, 7))
    assert p.wants_draw(g) in (True, False)
