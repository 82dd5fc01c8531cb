# Board storage: a flat bytearray with a one-cell sentinel ring, move history and an incremental
# Zobrist hash (undo and redo are the Game's: its log also holds clocks and phases). Pure: runs
# unchanged under CPython and MicroPython.
from micropython import const


EMPTY = const(0)
BLACK = const(1)
WHITE = const(2)
BORDER = const(3)
MIN_SIZE = const(5)
MAX_SIZE = const(20)  # the app offers 15 and 19; Gomocup plays freestyle on 20x20
_COLS = const("abcdefghjklmnopqrstu")  # column names, I skipped as on Go and Renju boards
_MASK30 = const(0x3FFFFFFF)  # keeps hash values small ints on 32-bit ports

_zob = None  # the Zobrist keys of the last board length asked for


def _zobrist(length):
    # Two 30-bit keys per cell (black, white) from xorshift32 with a fixed seed, so hashes are
    # identical on every platform and across runs. Shared by all boards of one size; only the
    # last size is kept (a board holds its own), so playing another size later does not leave
    # the old table in RAM for good (2.2 KB for 15x15, 3.2 KB for 19x19).
    global _zob
    from array import array

    t = _zob
    if t is None or len(t) != 2 * length:
        t = array("i", range(2 * length))  # every item is set below: no zeroed temporary
        # xorshift32 on two 16-bit halves: whole 32-bit values are big ints on a 32-bit
        # MicroPython, and every step would leave garbage (about 150 KB for a 15x15 table).
        hi = 0x2545
        lo = 0xF491
        for i in range(2 * length):
            hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF  # s ^= s << 13
            lo ^= (lo << 13) & 0xFFFF
            lo ^= hi >> 1  # s ^= s >> 17
            hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF  # s ^= s << 5
            lo ^= (lo << 5) & 0xFFFF
            t[i] = ((hi & 0x3FFF) << 16) | lo  # s & _MASK30
        _zob = t
    return t


class Board:
    """Square board of `size` lines. Cell (x, y) lives at index (y + 1) * stride + x + 1 with
    stride = size + 1; every index one step off the board in any direction holds BORDER, so a
    scan along a direction stops at the edge without bounds checks."""

    def __init__(self, size=15):
        if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
            raise ValueError("board size must be %d..%d" % (MIN_SIZE, MAX_SIZE))
        self.size = size
        s = size + 1
        self.stride = s
        n = (size + 2) * s + 1
        self.cells = c = bytearray(b"\x03" * n)
        for y in range(size):
            base = (y + 1) * s + 1
            for x in range(size):
                c[base + x] = EMPTY
        # The four line directions: east, south, south-east, south-west.
        self.dirs = (1, s, s + 1, s - 1)
        self.zob = _zobrist(n)
        self.hash = 0
        self.hist = []  # cell indexes in play order

    # -- coordinates -------------------------------------------------------------------------
    def idx(self, x, y):
        return (y + 1) * self.stride + x + 1

    def xy(self, i):
        y, x = divmod(i, self.stride)
        return x - 1, y - 1

    def on_board(self, x, y):
        return 0 <= x < self.size and 0 <= y < self.size

    def get(self, x, y):
        return self.cells[self.idx(x, y)]

    def points(self):
        """All on-board indexes, row by row."""
        s = self.stride
        for y in range(self.size):
            base = (y + 1) * s + 1
            for x in range(self.size):
                yield base + x

    # -- state -------------------------------------------------------------------------------
    def count(self):
        return len(self.hist)

    def full(self):
        return len(self.hist) == self.size * self.size

    def last(self):
        return self.hist[-1] if self.hist else -1

    def to_move(self):
        """Colour of the next stone: the opposite of the last stone, black on an empty board."""
        h = self.hist
        return 3 - self.cells[h[-1]] if h else BLACK

    # -- fast moves for search: no checks ------------------------------------------------------
    def put(self, i, colour):
        self.cells[i] = colour
        self.hash ^= self.zob[2 * i + colour - 1]
        self.hist.append(i)

    def take(self):
        """Take back the last stone; returns its point. Allocates nothing: the search calls
        this at every node (read the colour from cells first if it matters)."""
        i = self.hist.pop()
        c = self.cells
        self.hash ^= self.zob[2 * i + c[i] - 1]
        c[i] = EMPTY
        return i

    # -- checked moves -----------------------------------------------------------------------
    def check_empty(self, i):
        """Raise ValueError unless index i is an empty on-board point."""
        if not isinstance(i, int) or not 0 <= i < len(self.cells) or self.cells[i] == BORDER:
            raise ValueError("point is off the board")
        if self.cells[i] != EMPTY:
            raise ValueError("point %s is occupied" % self.name(i))

    def move(self, i, colour=0):
        self.check_empty(i)
        if colour not in (0, BLACK, WHITE):
            raise ValueError("bad colour")
        self.put(i, colour or self.to_move())

    def copy(self):
        b = Board(self.size)
        b.cells[:] = self.cells
        b.hash = self.hash
        b.hist = self.hist[:]
        return b

    # -- names -------------------------------------------------------------------------------
    def name(self, i):
        """Human name of a point: column letter (I skipped, as on Go/Renju boards) and row
        number counted from the bottom, e.g. 'h8' at the centre of 15x15."""
        x, y = self.xy(i)
        return _COLS[x] + str(self.size - y)

    def parse(self, text):
        """Index of a point name like 'h8' (see name()); raises ValueError."""
        t = text.strip().lower()
        if len(t) < 2:
            raise ValueError("bad point %r" % text)
        x = _COLS.find(t[0])
        try:
            y = self.size - int(t[1:])
        except ValueError:
            raise ValueError("bad point %r" % text)
        if x < 0 or not self.on_board(x, y):
            raise ValueError("point %r is off the board" % text)
        return self.idx(x, y)
