# Incremental pattern state of a position for the search: per point and line the neighbours' key
# (both colours read the one key), per point and colour the summed threat fields, the static
# evaluation, threat counts and the candidate points near stones. put()/take() touch only the
# four lines through the move.
from array import array

from gomoku.board import BLACK, EMPTY
from ai import patterns as P
from ai.patterns import code
from micropython import const
from overlay import drop

try:
    # The board's native build of ai.lines (tools/deploy.py, tools/native.py): the plain
    # module is then never loaded, so its bytecode takes no RAM.
    from ai.vlines import lines as _lines, rank, threat, combo, over, first, online, threes  # noqa
except (ImportError, ValueError, MemoryError):
    # None here (host, wasm VM), built for another CPU, or no room for its machine code: an
    # ESP32 puts that in executable RAM apart from the heap (IRAM), which may be short.
    from ai.lines import lines as _lines, rank, threat, combo, over, first, online, threes  # noqa
# (rank, over, first, online, threes: also for ai.search; threat, combo: for ai.scan)

UNBOUNDED = const(1 << 29)  # above every sum (< 1 << 28), and a small int on 32-bit ports


def zeros(typecode, n):
    """A zeroed array of n items, built without array(typecode, bytes(...))'s zero-filled bytes
    temporary: range(n) has a known length, so the array is allocated once, then cleared."""
    a = array(typecode, range(n))
    for i in range(n):
        a[i] = 0
    return a


class Pos:
    """Shares cells, hash and history with `board`: put() and take() move its stones as
    Board.put() and take() would, in the line update's call."""

    def __init__(self, board, rule, ev=P.EVAL):
        self.board = board
        self.rule = rule
        self.ev = array("i", ev)  # value of each pattern code in the static evaluation (eb, ew)
        self.cells = cells = board.cells
        self.dirs = board.dirs
        self.dv = array("H", board.dirs)  # for ai.lines' native build
        self.pt = P.table(rule)  # both colours' codes, a nibble each
        size = board.size
        # The per-point arrays end at the last point (index size * (size + 2)): the border
        # cells past it (size + 2 of them) are read in `cells` alone, never in these.
        self.n = n = board.idx(size - 1, size - 1) + 1
        # Stack of points that became near a stone: each at most once (pushed when its near
        # count leaves 0 while it is empty, popped when it returns there, in reverse order).
        self.cand = zeros("H", size * size)
        self.nc = 0
        # Start from the empty board and replay the stones, so an occupied point's frozen state
        # is what take() expects. The empty board is scanned, not cached: a Pos lives as long
        # as its Engine, and a cached copy would hold 7 KB of heap for good.
        stones = [(i, cells[i]) for i in board.hist]
        for i, _ in stones:
            cells[i] = EMPTY
        from ai.scan import scan  # a board keeps bytecode in RAM: this runs once per Pos

        self.kk, self.sb, self.sw, self.eb, self.ew, _, _ = scan(self)
        drop("ai.scan")
        self.near = bytearray(n)
        self.cnt = zeros("i", 12)
        board.hist = []
        board.hash = 0
        for i, c in stones:
            self.put(i, c)

    def set_ev(self, ev):
        """Value the pattern codes by ev from now on: eb and ew are summed again from the keys
        put() keeps (nothing rescanned, nothing allocated)."""
        e = self.ev
        for i in range(len(e)):
            e[i] = ev[i]
        cells = self.cells
        kk = self.kk
        pt = self.pt
        eb = ew = 0
        for q in self.board.points():
            if cells[q] == EMPTY:
                for j in range((q << 2), (q << 2) + 4):
                    eb += e[code(pt, kk[j], True)]
                    ew += e[code(pt, kk[j], False)]
        self.eb = eb
        self.ew = ew

    def put(self, p, c):
        """Place colour c at the empty point p (on the board too: the line update does the
        board's put() but its history)."""
        b = self.board
        b.hist.append(p)
        b.hash = _lines(self, p, c, 1, b.hash)

    def take(self):
        """Undo the last put(); returns the point."""
        b = self.board
        p = b.hist.pop()
        c = self.cells[p]
        b.hash = _lines(self, p, -c, -1, b.hash)
        return p

    # -- queries (not for hot loops) --------------------------------------------------------
    def codes(self, q, c):
        """The four line codes colour c gets by playing q."""
        return [code(self.pt, self.kk[(q << 2) + j], c == BLACK) for j in range(4)]

    def points_over(self, c, m, out=None):
        """Empty candidate points where colour c's sum reaches m (appended to out if given)."""
        if out is None:
            out = []
        over(self, self.sb if c == BLACK else self.sw, m, UNBOUNDED, out)
        return out
