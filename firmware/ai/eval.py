# Incremental pattern state of a position for the search: per point and line the neighbour keys
# of both colours, per point the summed threat fields, the static evaluation, threat counts and
# the candidate points near stones. put()/take() touch only the four lines through the move.
from array import array

from micropython import const

from gomoku.board import BLACK, BORDER, EMPTY
from ai import patterns as P

_M5 = P.M_FIVE
_M4O = P.M_FOUR_O
_FV = P.FIELD
# Key step of a stone k = 1..4 cells away, seen from the far point: forward walks (the stone sits
# at offset -k from the point) hit slots 3..0, backward walks slots 4..7. Negative: k <= 2.
_FW = (-27, -9, 3, 1)
_BW = (-81, -243, 729, 2187)
_M33 = const(1 << 16)  # 2 * P.M_THREE: two open threes, or any four
_T3 = const(7 << 15)  # P.M_THREE's field


def threat(v):
    """Threat class of a point's sum, for its slot in Pos.cnt: 0 none, 1 a four, 2 a double
    three, 3 a four-three or double four (settled: blocking the four leaves the other)."""
    if v < _M33:
        return 0
    f = v >> 18  # P.SH_FOUR: the fours, open fours and fives
    if not f:
        return 2
    return 3 if f > 1 or v & _T3 else 1


def zeros(typecode, n):
    """A zeroed array of n items, built without array(typecode, bytes(...))'s zero-filled bytes
    temporary: range(n) has a known length, so the array is allocated once, then cleared."""
    a = array(typecode, range(n))
    for i in range(n):
        a[i] = 0
    return a


class Pos:
    """Shares cells, hash and history with `board` (moves go through board.put/take)."""

    def __init__(self, board, rule, ev=P.EVAL):
        self.board = board
        self.rule = rule
        self.ev = ev  # value of each pattern code in the static evaluation (eb, ew)
        self.cells = cells = board.cells
        self.dirs = board.dirs
        self.pb, self.pw = P.tables(rule)
        n = len(cells)
        self.cand = zeros("H", n)  # stack of points that became near a stone
        self.nc = 0
        # Start from the empty board and replay the stones, so an occupied point's frozen state
        # is what take() expects. The empty board is scanned, not cached: a Pos lives as long
        # as its Engine, and a cached copy would hold 7 KB of heap for good.
        stones = [(i, cells[i]) for i in board.hist]
        for i, _ in stones:
            cells[i] = EMPTY
        self.kb, self.kw, self.sb, self.sw, self.eb, self.ew, _, _ = self.scratch()
        self.near = bytearray(n)
        self.cnt = [0] * 10
        board.hist = []
        board.hash = 0
        for i, c in stones:
            self.put(i, c)

    def scratch(self):
        """Everything put()/take() maintain, computed from the cells alone (also the test oracle):
        (kb, kw, sb, sw, eb, ew, near, cnt): cnt counts empty points, [0] black's and [1] white's
        five points, [2], [3] their open-four points, [4 + 3 * (colour - 1) + class - 1] their
        points of each threat() class 1..3 (evaluate() reads the best threats from these)."""
        cells = self.cells
        n = len(cells)
        kb = zeros("H", 4 * n)
        kw = zeros("H", 4 * n)
        sb = zeros("i", n)
        sw = zeros("i", n)
        near = bytearray(n)
        pb = self.pb
        pw = self.pw
        eb = ew = 0
        cnt = [0] * 10
        for q in self.board.points():
            for j in range(4):
                d = self.dirs[j]
                a = b = 0
                for sgn, slots in ((-1, (3, 2, 1, 0)), (1, (4, 5, 6, 7))):
                    blocked = False
                    k = 0
                    for s in slots:
                        k += 1
                        v = BORDER if blocked else cells[q + sgn * k * d]
                        if v == BORDER:
                            blocked = True
                            a += 2 * P.P3[s]
                            b += 2 * P.P3[s]
                        elif v != EMPTY:
                            a += (1 if v == BLACK else 2) * P.P3[s]
                            b += (2 if v == BLACK else 1) * P.P3[s]
                            if k <= 2:
                                near[q] += 1
                kb[(q << 2) + j] = a
                kw[(q << 2) + j] = b
                sb[q] += _FV[pb[a]]
                sw[q] += _FV[pw[b]]
                if cells[q] == EMPTY:
                    eb += self.ev[pb[a]]
                    ew += self.ev[pw[b]]
            if cells[q] == EMPTY:
                cnt[0] += sb[q] >= _M5
                cnt[1] += sw[q] >= _M5
                cnt[2] += sb[q] >= _M4O
                cnt[3] += sw[q] >= _M4O
                k = threat(sb[q])
                if k:
                    cnt[3 + k] += 1
                k = threat(sw[q])
                if k:
                    cnt[6 + k] += 1
        return kb, kw, sb, sw, eb, ew, near, cnt

    def put(self, p, c):
        """Place colour c at the empty point p."""
        x = p << 2
        pb = self.pb
        pw = self.pw
        kb = self.kb
        kw = self.kw
        EV = self.ev
        self.eb -= EV[pb[kb[x]]] + EV[pb[kb[x + 1]]] + EV[pb[kb[x + 2]]] + EV[pb[kb[x + 3]]]
        self.ew -= EV[pw[kw[x]]] + EV[pw[kw[x + 1]]] + EV[pw[kw[x + 2]]] + EV[pw[kw[x + 3]]]
        cnt = self.cnt
        v = self.sb[p]
        cnt[0] -= v >= _M5
        cnt[2] -= v >= _M4O
        if v >= _M33:
            cnt[3 + threat(v)] -= 1
        v = self.sw[p]
        cnt[1] -= v >= _M5
        cnt[3] -= v >= _M4O
        if v >= _M33:
            cnt[6 + threat(v)] -= 1
        self.board.put(p, c)
        if c == BLACK:
            self._lines(p, 1, 2, 1)
        else:
            self._lines(p, 2, 1, 1)

    def take(self):
        """Undo the last put(); returns the point."""
        b = self.board
        p = b.hist[-1]
        c = self.cells[p]
        b.take()
        if c == BLACK:
            self._lines(p, -1, -2, -1)
        else:
            self._lines(p, -2, -1, -1)
        # p's own keys and sums were frozen while it was occupied; every change around it since
        # has been undone, so they are exact again.
        x = p << 2
        pb = self.pb
        pw = self.pw
        kb = self.kb
        kw = self.kw
        EV = self.ev
        self.eb += EV[pb[kb[x]]] + EV[pb[kb[x + 1]]] + EV[pb[kb[x + 2]]] + EV[pb[kb[x + 3]]]
        self.ew += EV[pw[kw[x]]] + EV[pw[kw[x + 1]]] + EV[pw[kw[x + 2]]] + EV[pw[kw[x + 3]]]
        cnt = self.cnt
        v = self.sb[p]
        cnt[0] += v >= _M5
        cnt[2] += v >= _M4O
        if v >= _M33:
            cnt[3 + threat(v)] += 1
        v = self.sw[p]
        cnt[1] += v >= _M5
        cnt[3] += v >= _M4O
        if v >= _M33:
            cnt[6 + threat(v)] += 1
        return p

    def _lines(self, p, ab, aw, g):
        # The stone at p adds (or with negative ab/aw removes) its digit in the keys of the empty
        # points up to 4 cells away on its four lines. Occupied points are skipped: their state is
        # frozen until they are emptied, and by then everything done around them is undone.
        # Steps are negative within distance 2, where the near count changes too.
        cells = self.cells
        kb = self.kb
        kw = self.kw
        pb = self.pb
        pw = self.pw
        sb = self.sb
        sw = self.sw
        near = self.near
        cand = self.cand
        nc = self.nc
        FV = _FV
        EV = self.ev
        eb = self.eb
        ew = self.ew
        j = 0
        for d in self.dirs:
            sd = d
            steps = _FW
            for _ in (0, 1):
                q = p
                for m in steps:
                    q += sd
                    v = cells[q]
                    if v:
                        if v == BORDER:
                            break
                        continue
                    if m < 0:
                        m = -m
                        v = near[q] + g
                        near[q] = v
                        if g > 0:
                            if v == 1:
                                cand[nc] = q
                                nc += 1
                        elif not v:
                            nc -= 1
                    # Black's key, then white's: written out twice rather than looped over
                    # the colours, since this is the engine's hottest code.
                    x = (q << 2) + j
                    o = kb[x]
                    nk = o + ab * m
                    kb[x] = nk
                    a1 = pb[o]
                    a2 = pb[nk]
                    if a1 != a2:
                        v = sb[q]
                        sb[q] = nv = v + FV[a2] - FV[a1]
                        eb += EV[a2] - EV[a1]
                        if a1 > 4 or a2 > 4:
                            # Only threes and up move the threat counts.
                            cnt = self.cnt
                            if a1 > 6 or a2 > 6:
                                cnt[0] += (nv >= _M5) - (v >= _M5)
                                cnt[2] += (nv >= _M4O) - (v >= _M4O)
                            if v >= _M33:
                                cnt[3 + threat(v)] -= 1
                            if nv >= _M33:
                                cnt[3 + threat(nv)] += 1
                    o = kw[x]
                    nk = o + aw * m
                    kw[x] = nk
                    a1 = pw[o]
                    a2 = pw[nk]
                    if a1 != a2:
                        v = sw[q]
                        sw[q] = nv = v + FV[a2] - FV[a1]
                        ew += EV[a2] - EV[a1]
                        if a1 > 4 or a2 > 4:
                            cnt = self.cnt
                            if a1 > 6 or a2 > 6:
                                cnt[1] += (nv >= _M5) - (v >= _M5)
                                cnt[3] += (nv >= _M4O) - (v >= _M4O)
                            if v >= _M33:
                                cnt[6 + threat(v)] -= 1
                            if nv >= _M33:
                                cnt[6 + threat(nv)] += 1
                sd = -d
                steps = _BW
            j += 1
        self.eb = eb
        self.ew = ew
        self.nc = nc

    # -- queries (not for hot loops) --------------------------------------------------------
    def codes(self, q, c):
        """The four line codes colour c gets by playing q."""
        k = self.kb if c == BLACK else self.kw
        t = self.pb if c == BLACK else self.pw
        return [t[k[(q << 2) + j]] for j in range(4)]

    def points_over(self, c, m, out=None):
        """Empty candidate points where colour c's sum reaches m (appended to out if given)."""
        s = self.sb if c == BLACK else self.sw
        cells = self.cells
        cand = self.cand
        if out is None:
            out = []
        for i in range(self.nc):
            q = cand[i]
            if cells[q] == EMPTY and s[q] >= m:
                out.append(q)
        return out
