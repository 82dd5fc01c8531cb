# The board on screen: coordinate labels, and cells redrawn one by one only when what they show
# (stone, cursor, last-move marker, winning five, forbidden cross, ring) has changed.
from micropython import const


from app import ui

# Bits of a cell's look; the low two bits are the stone colour.
LAST = const(4)
CURSOR = const(8)
WIN = const(16)
FORBID = const(32)
RING = const(64)
_STARS = {15: (3, 11), 19: (3, 9, 15)}  # plus the centre point


class BoardView:
    def __init__(self, display, layout, scratch):
        self.d = display
        self.L = layout
        c = layout.cell
        self.surf = scratch.view(c, c)
        self.left = scratch.view(layout.lw, c)  # one row label
        self.bottom = scratch.view(c, layout.lh)  # one column label
        self.theme = None
        self.board = None
        self.cursor = -1
        self.win = None
        self.forbid = ()
        self.rings = ()
        self.shown = None

    def attach(self, board, theme):
        self.board = board
        self.theme = theme
        self.shown = bytearray(b"\xff" * len(board.cells))

    def code(self, i):
        b = self.board
        k = b.cells[i] & 3
        if b.hist and i == b.hist[-1]:
            k |= LAST
        if i == self.cursor:
            k |= CURSOR
        if self.win and i in self.win:
            k |= WIN
        if i in self.forbid and not k & 3:
            k |= FORBID
        if i in self.rings:
            k |= RING
        return k

    def draw_all(self):
        L = self.L
        t = self.theme
        span = L.n * L.cell
        # Frame: the label strips and a 2 px margin share the board colour.
        self.d.fill_rect(L.bx - L.lw, L.by - 2, L.lw + span + 2, span + L.lh + 2, t.board)
        self._labels()
        self.shown[:] = b"\xff" * len(self.shown)
        self.sync()

    def _labels(self):
        L = self.L
        t = self.theme
        c = L.cell
        n = L.n
        v = self.left
        for y in range(n):
            v.fill(t.board)
            s = str(n - y)
            if L.big:
                v.text(s, L.lw - 2 - 8 * len(s), (c - 8) // 2, t.grid)
            else:
                # right-aligned, a pixel clear of the board: "15" is 7 px (a 4 px advance
                # less the last gap); one more to the left cut the 1 to an L
                ui.tiny(v, s, L.lw - 4 * len(s), (c - 5) // 2, t.grid)
            v.send(self.d, L.bx - L.lw, L.by + y * c)
        v = self.bottom
        for x in range(n):
            v.fill(t.board)
            ch = ui.TINY_CHARS[10 + x]  # the column letters: A-S with I
            if L.big:
                v.text(ch, (c - 8) // 2 + 1, 1, t.grid)
            else:
                ui.tiny(v, ch, (c - 3) // 2, 1, t.grid)
            v.send(self.d, L.bx + x * c, L.by + n * c)

    def sync(self):
        """Redraw every cell whose look changed (after a move, undo, new marks)."""
        for i in self.board.points():
            self.refresh(i)

    def refresh(self, i):
        k = self.code(i)
        if self.shown[i] != k:
            self.shown[i] = k
            self._draw(i, k)

    def move_cursor(self, i):
        old = self.cursor
        self.cursor = i
        if old >= 0:
            self.refresh(old)
        self.refresh(i)

    def origin(self, i):
        """Top-left pixel of cell i on the panel (tests and the simulator use it too)."""
        x, y = self.board.xy(i)
        c = self.L.cell
        return self.L.bx + x * c, self.L.by + y * c

    def _draw(self, i, k):
        t = self.theme
        v = self.surf
        c = self.L.cell
        n = self.L.n
        m = c // 2
        x, y = self.board.xy(i)
        v.fill(t.win if k & WIN else t.board)
        x0 = 0 if x else m
        x1 = c if x < n - 1 else m + 1
        v.hline(x0, m, x1 - x0, t.grid)
        y0 = 0 if y else m
        y1 = c if y < n - 1 else m + 1
        v.vline(m, y0, y1 - y0, t.grid)
        colour = k & 3
        r = (c - 2) // 2
        if colour:
            if colour == 1:
                ui.stone(v, m, m, r, t.black, t.brim)
            else:
                ui.stone(v, m, m, r, t.white, t.rim)
        else:
            stars = _STARS.get(n, ())
            if (x in stars and y in stars) or x == y == n // 2:
                v.fill_rect(m - 1, m - 1, 3, 3, t.grid)
            if k & FORBID:
                a = max(2, c // 4)
                v.line(m - a, m - a, m + a, m + a, t.forbid)
                v.line(m - a, m + a, m + a, m - a, t.forbid)
        if k & LAST:
            a = max(2, c // 5)
            v.fill_rect(m - a // 2, m - a // 2, a, a, t.last)
        if k & RING:
            v.ellipse(m, m, r, r, t.mark)
            if c >= 10:
                v.ellipse(m, m, r - 1, r - 1, t.mark)
        if k & CURSOR:
            v.rect(0, 0, c, c, t.cursor)
            if c >= 10:
                v.rect(1, 1, c - 2, c - 2, t.cursor)
        px, py = self.origin(i)
        v.send(self.d, px, py)
