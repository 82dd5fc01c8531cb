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
_COLS = const("abcdefghijklmnopqrst")  # column names, I included as on Renju boards (RIF)

def _key(k):
    # The Zobrist key of k = 2 * cell + colour, computed where a table would hold it (2.2 KB of
    # RAM for 15x15, 3.7 KB for 20x20; computing costs about a microsecond a move on the unix
    # port). 15-bit multiply-xorshift rounds: k -> lo is one-to-one, so keys are distinct, and
    # every product stays below 2**30, a small int on 32-bit ports (a bigger one would be
    # allocated at every search node). Pairs of keys XORed collide in the 24 bits the
    # transposition tables use about as often as random keys' (host_tests/core/test_board.py).
    x = (k * 21317 + 3119) & 0x7FFF
    x = ((x ^ (x >> 7)) * 29753) & 0x7FFF
    lo = ((x ^ (x >> 8)) * 18497) & 0x7FFF
    x = ((lo ^ (lo >> 7)) * 24341) & 0x7FFF
    x = ((x ^ (x >> 8)) * 30011) & 0x7FFF
    return (x ^ (x >> 7)) << 15 | lo ^ (lo >> 7)


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
        self.hash ^= _key(2 * i + colour)
        self.hist.append(i)

    def take(self):
        """Take back the last stone; returns its point. Allocates nothing: the search calls
        this at every node (read the colour from cells first if it matters)."""
        i = self.hist.pop()
        c = self.cells
        self.hash ^= _key(2 * i + c[i])
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
        """Human name of a point: column letter (a, b, ... with i, as Renju writes them) and
        row number counted from the bottom, e.g. 'h8' at the centre of 15x15."""
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
