# Search internals: candidate ranking, the threat-aware static evaluation and the VCT.
from gomoku.board import BLACK, WHITE
from ai.eval import Pos
from ai.search import Search, Stop, TT
from positions import played as board


def test_gen_keeps_best_in_order():
    # The insertion-kept top list equals a full sort of the same scores (ties aside).
    b = board("h8 h9 j10 i9 g9 g8 i7 j6 j11 f10 j12 j9 k9 i11 j8 l10")
    pos = Pos(b, 0)
    s = Search(pos, TT(6), 8)
    c = b.to_move()
    sm, so = (pos.sb, pos.sw) if c == BLACK else (pos.sw, pos.sb)
    got = s.gen(c, 6)

    def score(q):
        return (sm[q] >> 5) * s.k1 + (so[q] >> 5) * s.k2

    pts = [pos.cand[i] for i in range(pos.nc) if not pos.cells[pos.cand[i]]]
    want = sorted(set(pts), key=lambda q: -score(q))[:6]
    assert len(got) == 6
    assert [score(q) for q in got] == [score(q) for q in want]


def test_single_four_is_not_a_double_three():
    # White's closed three h8 i8 j8 (g8 is black) gives white one four to make and nothing
    # else. A lone four must not be mistaken for a winning double threat, whoever moves.
    b = board("a1 h8 a15 i8 n1 j8 g8 h12")
    pos = Pos(b, 0)
    s = Search(pos, TT(6))
    assert b.to_move() == BLACK
    v = s.evaluate(BLACK)
    assert v < 5000
    # White to move with the closed three h8 i8 j8 (g8 black): one four to make, no win.
    b2 = board("a1 h8 a15 i8 n1 j8 g8")
    pos2 = Pos(b2, 0)
    assert b2.to_move() == WHITE
    assert Search(pos2, TT(6)).evaluate(WHITE) < 5000


def test_double_three_scores_near_win():
    # Black to move can make two open threes at once (h8: g8-h8-i8 row and h7-h8-h9 column);
    # white has no four to interpose.
    b = board("g8 a1 i8 n1 h7 n15 h9 a15")
    pos = Pos(b, 0)
    s = Search(pos, TT(6))
    assert b.to_move() == BLACK
    assert s.evaluate(BLACK) >= 10000
    # The same shape for the side not to move is only a threat to answer.
    b.put(b.parse("c13"), BLACK)
    pos = Pos(b, 0)
    assert Search(pos, TT(6)).evaluate(WHITE) > -5000


def test_vct_finds_three_then_fork():
    # Black: open twos on row 8 and column h meeting at the empty h8 (a double three), so
    # black wins by threats; the VCT must report a first move that makes a threat.
    b = board("f8 a1 g8 n1 h6 a15 h7 n15")
    pos = Pos(b, 0)
    s = Search(pos, TT(6))
    s.limit = 400
    assert s.vct(BLACK, 0, 5)
    q = s.seq[0]
    # The first move makes a four or an open three for black.
    assert pos.sb[q] >= (1 << 15)
    # White, with its stones in the corners, has nothing of the kind.
    assert not s.vct(WHITE, 0, 5)


def test_vct_sees_through_a_useless_defender_four():
    # The same fork, while white has a closed three on the edge: its four only delays (black
    # blocks and the fork stands), so the win is still found and every defence was refuted.
    b = board("f8 a13 g8 a14 h6 a15 h7 n1")
    pos = Pos(b, 0)
    assert pos.points_over(WHITE, 1 << 18)  # white does have a four to play
    s = Search(pos, TT(6))
    s.limit = 2000
    assert s.vct(BLACK, 0, 5)
    assert pos.sb[s.seq[0]] >= (1 << 15)
    assert b.hist == [b.parse(m) for m in "f8 a13 g8 a14 h6 a15 h7 n1".split()]


def test_vct_respects_the_defender_open_three():
    # White has an open three: black's fork is answered by white's open four, and black has no
    # four of its own, so there is no forced win for black.
    b = board("f8 l2 g8 m2 h6 n2 h7 a1")
    pos = Pos(b, 0)
    s = Search(pos, TT(6))
    s.limit = 5000
    assert not s.vct(BLACK, 0, 7)
    # White to move instead wins at once with the open four.
    b2 = board("f8 l2 g8 m2 h6 n2 h7")
    s2 = Search(Pos(b2, 0), TT(6))
    s2.limit = 200
    assert b2.to_move() == WHITE and s2.vct(WHITE, 0, 3)


def test_vct_threes_past_its_first_ply_keep_to_the_area_it_is_given():
    # Black (a 19x19 arena game) wins by threats, but one of its threes lies more than 3 lines
    # from the stone it played before: with Search.area 3 (threes past the first ply within 3
    # lines of the attacker's last stone) the search says no, with 0 (anywhere: hard's) it
    # finds the win, in fewer nodes than the narrow search took to fail.
    b = board("j10 k11 l8 k9 j9 k10 k8 j11", 19)
    got = []
    for area in (3, 0):
        s = Search(Pos(b, 0), TT(8))
        s.area = area
        got.append((s.vct(BLACK, 0, 9), s.nodes))
    assert not got[0][0] and got[1][0]
    assert b.name(s.seq[0]) == "j8" and got[1][1] < got[0][1]
    assert b.hist == [b.parse(m) for m in "j10 k11 l8 k9 j9 k10 k8 j11".split()]


def test_vct_table_keeps_wins_and_failures_by_depth():
    # Past the root vct() keeps its result: a win within n plies stands for more plies, no win
    # within n for fewer; anything else is searched again. Each colour has its own entries.
    # White (to move) has a two to make threes with, no win; black has its fork.
    b = board("f8 a15 g8 l2 h6 m2 h7")
    s = Search(Pos(b, 0), TT(6))

    def cost(c, plies, want):
        n = s.nodes
        assert s.vct(c, 2, plies) is want  # ply 2: past the root
        return s.nodes - n

    assert cost(WHITE, 9, False) > 0
    assert cost(WHITE, 7, False) == 0  # fewer plies: known
    assert cost(WHITE, 11, False) > 0  # more: searched again
    assert cost(BLACK, 9, True) > 0  # white's entries say nothing about black
    assert cost(BLACK, 11, True) == 0
    assert cost(BLACK, 7, True) > 0
    assert b.hist == [b.parse(m) for m in "f8 a15 g8 l2 h6 m2 h7".split()]


def test_vct_table_saves_nodes_not_results():
    # Threats reached in another order meet the same positions: with the table (TT(6), its
    # smallest use) the same answers come with far fewer nodes. One no-win, one win.
    total = [0, 0]
    for moves, won in (("h8 h9 f6 g7 f8 g8 g6 f7 e6 d6 e7 i10 j11 e5 g5 d8 d7 c7 h6 i6", False),
                       ("h8 i9 h9 h10 g11 i10 i8 g10 f10 i13 f8 i11 i12 j10", True)):
        for i, tt in enumerate((None, TT(6))):
            b = board(moves)
            s = Search(Pos(b, 0), tt)
            assert s.vct(b.to_move(), 0, 11) is won
            total[i] += s.nodes
    assert total[1] * 4 < total[0] * 3


def test_the_move_that_won_after_one_defence_is_tried_first_after_the_next():
    # vct() keeps, per ply, the attacker's move that won there last, and tries it first at that
    # ply after the defender's next answer (most answers leave it standing). Refutations of
    # hard's moves in games lost to window: the same verdicts in half the nodes or fewer.
    class Forget:  # no move is remembered
        def __getitem__(self, i):
            return 0xFFFF

        def __setitem__(self, i, v):
            pass

        def extend(self, more):
            pass

    nodes = [0, 0]
    for moves, plies in (("h8 i9 g6 h7 i7 g9 j6 h6 j9 f8", 15),
                         ("h8 j8 f6 g5 f8 f5 g7 e5 i9 j10 h5 h6 i7 d5 c5 j7 j9 h9", 11),
                         ("h8 i8 h10 k6 g10 h7", 15),
                         ("h8 i10 i9 g11 f9 j10 g8 h10 k10", 15)):
        for i in (0, 1):
            b = board(moves)
            s = Search(Pos(b, 0), TT(8))
            if i:
                s._tk = Forget()
            s.limit = 30000
            assert s.vct(b.to_move(), 0, plies)
            nodes[i] += s.nodes
    assert nodes[0] * 2 < nodes[1]


def test_defences_that_leave_an_open_four_point_are_not_searched():
    # Against an open-four point of the attacker's, a defence off its lines loses at once
    # (Search._drop_lost()): from games hard lost to window, the same verdicts in less than
    # half the nodes in two wins for the attacker, and in fewer in a third (2,435 against
    # 6,247 nodes before the attacker's winning moves were remembered per ply: 1,278 and
    # 1,863) and where it does not win.
    for moves, plies, won, f in (("h8 f7 g9 i6 k7 i7 g7 i5 i4 f6 g8", 11, True, 2),
                                 ("h8 i6 i7 j10 f8 j8", 15, True, 2),
                                 ("h8 i8 h10 k6 g10 h7", 15, True, 1),
                                 ("h8 i6 i7 j10 f8 j8", 11, False, 1)):
        nodes = []
        for drop in (True, False):
            b = board(moves)
            s = Search(Pos(b, 0), TT(8))
            if not drop:
                s._drop_lost = lambda *args: None
            s.limit = 50000
            assert s.vct(b.to_move(), 0, plies) is won
            nodes.append(s.nodes)
        assert nodes[0] * f < nodes[1]


def _in_steps(moves, step, plies=13, most=20000):
    # The threat search of each root move in turn (to the first win) as the engine runs it:
    # cut by a Stop every `step` nodes (none if 0) and taken up again; its verdicts and nodes,
    # or None for a verdict past `most` nodes in all.
    b = board(moves)
    c = b.to_move()
    s = Search(Pos(b, 0), TT(8))
    out = []
    for q in list(s.vct_moves(c, 0, plies)):
        r = None
        while s.nodes < most:
            s.limit = s.nodes + step if step else most
            try:
                r = s.vct(c, 0, plies, q=q)
            except Stop:
                s.resume(True)
                continue
            s.resume(False)
            break
        out.append(r)
        if r is not False:
            break
    assert b.hist == board(moves).hist
    return out, s.nodes


def test_a_cut_threat_search_takes_up_where_it_stopped():
    # Cut every 100 or 50 nodes, the searches find what one uncut search finds, going back
    # down the cut line each time for a few nodes more. Started again from the root instead
    # (what the engine did), neither finished within 20,000 nodes: each root move needs more
    # than a step below it, and the table keeps too little of each step.
    for moves, want in (("h8 i8 f6 i10 i6 g6 i7 h7 j9 i9", [False] * 4),
                        ("h8 f6 i10 f5 j10 f7 f8 l10 g8 i8", [False, False, True])):
        verdicts, uncut = _in_steps(moves, 0)
        assert verdicts == want
        for step in (100, 50):
            verdicts, nodes = _in_steps(moves, step)
            assert verdicts == want and nodes < 2 * uncut


def test_renju_forbidden_filter_agrees_with_the_rules():
    # Search.forbidden() settles most points from the pattern sums and gives the full check
    # only the lines whose codes show a shape: at every empty point of the hand-made Renju
    # cases (each shape, false threes, the edge) it must say what the rules say.
    from gomoku import rules
    from gomoku.board import EMPTY
    import test_renju

    for name, rows, _, _ in test_renju.CASES:
        from positions import diagram

        b, _ = diagram(rows)
        s = Search(Pos(b, rules.RENJU), TT(6), 8)
        for q in b.points():
            if b.cells[q] == EMPTY:
                assert s.forbidden(q, BLACK) == rules.is_forbidden(b, q), (name, b.name(q))
