# AI pattern table and the incremental evaluation state (ai.patterns, ai.eval).
from gomoku.board import Board, BLACK, WHITE, EMPTY
from gomoku import rules
from ai import patterns as P
from ai import patgen
from ai.eval import Pos
from ai.scan import scan


class Rng:
    def __init__(self, s):
        self.s = s

    def below(self, n):
        s = self.s
        s ^= (s << 13) & 0x3FFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0x3FFFFFFF
        self.s = s
        return s % n


def key(line, black=True):
    # line: 9 characters around the point 'p': x own, o blocked, . empty; the key as black (x
    # black stones, o white) or white sees it (x white, o black)
    k = 0
    s = 0
    for i in range(9):
        if i == 4:
            continue
        k += P.WEIGHT[s] * (".xo" if black else ".ox").index(line[i])
        s += 1
    return k


def test_stored_table_matches_builder():
    # Each rule's table gives each colour the builder's codes: exactly five for both colours
    # (rule 1), for black only (Renju), for neither (freestyle).
    for rule, exact in ((0, (False, False)), (1, (True, True)), (2, (True, False))):
        t = P.table(rule)
        for black in (True, False):
            want = patgen.table(exact[not black])
            got = bytes(P.code(t, patgen.key(k, black), black) for k in range(patgen.NKEYS))
            assert got == want
        # A board holds it in RAM: classes, not all 6,561 keys (nor 65,536 four-digit ones)
        assert len(t) <= P.BODY + 31 * 32


def test_table_holds_only_what_the_rule_needs():
    # A board holds the table in RAM: one for both colours, and a later game under another
    # rule keeps only its own.
    import sys

    renju = P.table(2)
    assert P.table(2) is renju and list(P._cache) == [2]
    free = P.table(0)
    assert free != renju and P.table(0) is free and list(P._cache) == [0]
    assert P.table(1) not in (free, renju) and list(P._cache) == [1]
    assert "ai.pattab" not in sys.modules


def test_pattern_codes():
    free = P.table(0)
    exact = P.table(1)
    renju = P.table(2)
    cases = [
        ("..xxpxx..", P.FIVE, P.FIVE),
        ("xxxxpx...", P.FIVE, P.OVER),  # six in a row
        ("..xxpx...", P.FOUR_O, P.FOUR_O),
        ("oxxxp....", P.FOUR, P.FOUR),
        ("x.xxp.x..", P.FOUR_O, P.FOUR_O),  # two fours on one line
        ("x.xxp....", P.FOUR, P.FOUR),
        ("x.xxpx...", P.FOUR_O, P.FOUR),  # exactly five: filling the gap makes six
        ("..x.px...", P.THREE, P.THREE),
        ("...xp....", P.TWO, P.TWO),
        ("ooo.p.ooo", P.DEAD, P.DEAD),
        ("....p....", P.ONE, P.ONE),
    ]
    for line, f, e in cases:
        k = key(line)
        w = key(line, False)
        got = (P.code(free, k, True), P.code(free, w, False), P.code(exact, k, True),
               P.code(exact, w, False), P.code(renju, k, True), P.code(renju, w, False))
        assert got == (f, f, e, e, e, f), (line, got)


def _check(pos):
    kk, sb, sw, eb, ew, near, cnt = scan(pos)
    assert (eb, ew) == (pos.eb, pos.ew)
    assert list(cnt) == list(pos.cnt)
    cells = pos.cells
    live = set()
    for i in range(pos.nc):
        q = pos.cand[i]
        if cells[q] == EMPTY:
            assert q not in live
            live.add(q)
    for q in pos.board.points():
        if cells[q] == EMPTY:
            assert sb[q] == pos.sb[q] and sw[q] == pos.sw[q]
            assert near[q] == pos.near[q]
            assert (q in live) == (near[q] > 0)
            for j in range(4):
                assert kk[4 * q + j] == pos.kk[4 * q + j]


def _as_board_plays_it(b):
    # Pos.put() and take() do the board's part in the line update (its hash written out there):
    # the cells and hash must be what Board.put() makes of the same stones.
    o = Board(b.size)
    for q in b.hist:
        o.put(q, b.cells[q])
    assert o.cells == b.cells and o.hash == b.hash


def test_incremental_equals_scratch():
    r = Rng(987654)
    for rule in (rules.FREESTYLE, rules.STANDARD, rules.RENJU):
        b = Board(15)
        for _ in range(12):  # stones already there when the state is built
            q = b.idx(r.below(15), r.below(15))
            if b.cells[q] == EMPTY:
                b.put(q, 1 + r.below(2))
        pos = Pos(b, rule)
        _check(pos)
        pts = list(b.points())
        start = b.count()
        h0 = b.hash
        for it in range(160):
            if b.count() > start and r.below(3) == 0:
                pos.take()
            else:
                q = pts[r.below(len(pts))]
                if b.cells[q] == EMPTY:
                    pos.put(q, 1 + r.below(2))
            if it % 40 == 39:
                _check(pos)
                _as_board_plays_it(b)
        while b.count() > start:
            pos.take()
        _check(pos)
        _as_board_plays_it(b)
        assert b.hash == h0  # every stone taken back, the Zobrist key with them


def test_the_per_point_arrays_end_at_the_last_point():
    # Pos's arrays stop at the board's last point (the border cells after it are read in the
    # cells alone: 21 entries less of each on 19x19) and its candidate stack has room for each
    # point once. Every point filled, from either end, then emptied: an index past an array's
    # end raises IndexError here (CPython, the VM; the board's native build has no check), and
    # the state stays what the full scan makes of the cells.
    from ai.search import Search

    for size in (5, 15, 19, 20):
        for backwards in (False, True):
            b = Board(size)
            pos = Pos(b, rules.RENJU)
            last = b.idx(size - 1, size - 1)
            assert len(pos.sb) == len(pos.sw) == len(pos.near) == last + 1
            assert len(pos.kk) == 4 * (last + 1) and len(pos.cand) == size * size
            assert len(Search(pos, None).hist) == last + 1
            pts = list(b.points())
            if backwards:
                pts.reverse()
            most = 0
            for k, q in enumerate(pts):
                pos.put(q, BLACK if k % 2 else WHITE)
                most = max(most, pos.nc)
                if k == len(pts) // 2:
                    _check(pos)
                    assert Search(pos, None).gen(BLACK, 10)  # history read at every candidate
            assert most <= size * size
            _check(pos)
            while b.hist:
                pos.take()
            assert pos.nc == 0
            _check(pos)


def test_new_values_equal_a_position_built_with_them():
    # set_ev() sums eb / ew again from the kept keys: they must equal a position scanned with
    # the new values from the start, and put() / take() must go on from there.
    r = Rng(24680)
    b = Board(15)
    while b.count() < 24:
        q = b.idx(r.below(15), r.below(15))
        if b.cells[q] == EMPTY:
            b.put(q, 1 + r.below(2))
    pos = Pos(b.copy(), rules.RENJU)
    late = Pos(b.copy(), rules.RENJU, P.EVAL_LATE)
    assert (pos.eb, pos.ew) != (late.eb, late.ew)  # else this test could not fail
    pos.set_ev(P.EVAL_LATE)
    assert list(pos.ev) == list(P.EVAL_LATE) and (pos.eb, pos.ew) == (late.eb, late.ew)
    empty = [q for q in b.points() if b.cells[q] == EMPTY]
    for k in range(6):
        pos.put(empty[k * 29], 1 + k % 2)
    _check(pos)  # scratch() sums by the position's values: the late ones now
    pos.take()
    pos.take()
    _check(pos)
    pos.set_ev(P.EVAL)
    _check(pos)


def test_undo_restores_exactly():
    b = Board(9)
    pos = Pos(b, rules.RENJU)
    before = (bytes(pos.kk), bytes(pos.sb), bytes(pos.sw), pos.eb, pos.ew,
              list(pos.cnt), pos.nc, b.hash)
    seq = [b.idx(4, 4), b.idx(5, 5), b.idx(4, 5), b.idx(3, 3), b.idx(4, 6)]
    for k, q in enumerate(seq):
        pos.put(q, BLACK if k % 2 == 0 else WHITE)
    for _ in seq:
        pos.take()
    after = (bytes(pos.kk), bytes(pos.sb), bytes(pos.sw), pos.eb, pos.ew,
             list(pos.cnt), pos.nc, b.hash)
    assert before == after


def test_threat_counts():
    b = Board(15)
    pos = Pos(b, rules.FREESTYLE)
    for x in (5, 6, 7):
        pos.put(b.idx(x, 7), BLACK)
    # An open three: black can make an open four at either end.
    assert pos.cnt[2] >= 2 and pos.cnt[0] == 0
    pos.put(b.idx(8, 7), BLACK)
    assert pos.cnt[0] == 2  # open four: two five-points
    assert sorted(pos.points_over(BLACK, P.M_FIVE)) == sorted([b.idx(4, 7), b.idx(9, 7)])


def test_combination_points():
    # Pos.cnt[10] / [11] sum ai.eval.combo() over black's / white's empty points: 30 where two
    # lines of an open two or better meet, 40 more where an open three meets an open two or
    # closed three; a threat point (here one that makes a four) is worth nothing.
    from ai.eval import combo, threat

    for c, slot in ((BLACK, 10), (WHITE, 11)):
        b = Board(15)
        pos = Pos(b, rules.FREESTYLE)
        sums = pos.sb if c == BLACK else pos.sw
        for q in ((5, 7), (6, 7), (9, 4), (9, 5)):
            pos.put(b.idx(*q), c)  # an open two across, one down
        p = b.idx(9, 7)
        assert combo(sums[p]) == 40 and threat(sums[p]) == 0  # an open three down (9, 4..7)
        assert combo(sums[b.idx(6, 4)]) == 30  # on both twos' lines, a three on neither
        assert combo(sums[b.idx(12, 7)]) == 0  # on the row's line only
        worth = [combo(sums[q]) for q in b.points() if b.cells[q] == EMPTY]
        assert pos.cnt[slot] == sum(worth) and 30 in worth and 40 in worth
        assert pos.cnt[21 - slot] == 0  # the other colour's
        pos.put(b.idx(9, 8), c)
        assert threat(sums[p]) == 1 and combo(sums[p]) == 0  # (9, 7) now makes a four
        assert pos.cnt[slot] == list(scan(pos)[6])[slot]
        while b.hist:
            pos.take()
        assert pos.cnt[slot] == 0


def test_threat_classes():
    # Pos.cnt[4..6] / [7..9] count black's / white's empty points by ai.eval.threat() class:
    # a four, a double three, a four-three (or double four).
    from ai.eval import threat

    b = Board(15)
    pos = Pos(b, rules.FREESTYLE)
    assert list(pos.cnt[4:10]) == [0] * 6
    pos.put(b.idx(3, 7), WHITE)
    for x in (4, 5, 6):
        pos.put(b.idx(x, 7), BLACK)  # a closed three: (7, 7) makes a four
    p = b.idx(7, 7)
    assert threat(pos.sb[p]) == 1 and pos.cnt[6] == 0
    for y in (8, 9):
        pos.put(b.idx(7, y), BLACK)  # (7, 7) now also makes an open three
    assert threat(pos.sb[p]) == 3 and pos.cnt[6] == 1
    assert list(pos.cnt[7:10]) == [0, 0, 0]
    pos.take()
    pos.take()
    assert threat(pos.sb[p]) == 1 and pos.cnt[6] == 0
    b2 = Board(15)
    pos2 = Pos(b2, rules.FREESTYLE)
    for q in ((5, 7), (6, 7), (8, 5), (8, 6)):
        pos2.put(b2.idx(*q), WHITE)  # two open twos whose lines cross at (8, 7)
    assert threat(pos2.sw[b2.idx(7, 7)]) == 0  # one open three only
    assert threat(pos2.sw[b2.idx(8, 7)]) == 2 and pos2.cnt[8] >= 1
    assert list(pos2.cnt[4:7]) == [0, 0, 0]
