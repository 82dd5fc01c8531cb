# Geometry of the game screen for a panel and board size: where the board, its coordinate
# labels and the status text go, picking the arrangement with the biggest cells.
from micropython import const

from app.ui import ROW_H  # (defined there: this module is not held during a game)

SIDE_MIN = const(96)  # narrowest side panel: 12 characters ("<Play white>", "You 19:59")
MIN_CELL = const(7)  # smaller cells make stones unreadable
BIG_CELL = const(10)  # 8x8 labels on smaller cells touch each other
# Coordinate labels: the 8x8 font needs 17 px for "15" and a row of 9 px; the 3x5 font 8 and 6.
_BIG = (17, 9)
_SMALL = (8, 6)


class Layout:
    """Where the board, its labels and the status go (fit() sets the attributes). No methods:
    an instance then holds nothing of this module (a function would hold its globals), which
    leaves RAM while a game is shown (app.app._MENU_CODE)."""


def fit(w, h, n):
    """Best Layout for an n x n board on a w x h panel, or None if cells would be too small."""
    best = None
    for side in (True, False):
        for big in (True, False):
            lw, lh = _BIG if big else _SMALL
            if side:
                cell = min((h - lh) // n, (w - lw - SIDE_MIN - 2) // n)
            else:
                cell = min((h - 2 * ROW_H - 1 - lh) // n, (w - lw) // n)
            if cell < MIN_CELL or (big and cell < BIG_CELL):
                continue
            # Bigger cells first; then a side panel (more rows of text); then big labels.
            score = cell * 4 + side * 2 + big
            if best is None or score > best[0]:
                best = (score, side, big, cell)
    if best is None:
        return None
    _, side, big, cell = best
    L = Layout()
    L.w = w
    L.h = h
    L.n = n
    L.side = side  # status in a panel at the right (else rows at the top)
    L.big = big  # coordinates in the 8x8 font (else the 3x5 one)
    L.cell = cell
    lw, lh = _BIG if big else _SMALL
    span = n * cell
    if side:
        top = 0
        L.sx = lw + span + 2
        L.sy = 0
        L.cols = (w - L.sx) // 8
        L.rows = h // ROW_H
        left = 0
    else:
        top = 2 * ROW_H + 1
        L.sx = 0
        L.sy = 0
        L.cols = w // 8
        L.rows = 2
        left = (w - lw - span) // 2
    # Centre the board in what is left, labels included.
    L.bx = left + lw
    L.by = top + (h - top - lh - span) // 2
    L.lw = lw
    L.lh = lh
    return L


def sizes(w, h):
    """Board sizes the panel can show."""
    return [n for n in (15, 19) if fit(w, h, n) is not None]


def place_status(st, L, scratch):
    """Make the game screen's status fields (st, an app.status.Status) for layout L: the move
    number, the cursor's name, a clock and a thinking indicator per player, the message rows
    and, in the top layout, the wide row a question takes."""
    from app.status import Field

    x0 = L.sx
    y0 = L.sy
    if L.side:
        w = L.cols
        st.move = Field(scratch, x0, y0, w - 4)
        st.where = Field(scratch, x0 + 8 * (w - 4), y0, 4)
        st.clocks = [Field(scratch, x0, y0 + ROW_H * (1 + p), w - 1) for p in (0, 1)]
        st.spins = [Field(scratch, x0 + 8 * (w - 1), y0 + ROW_H * (1 + p), 1) for p in (0, 1)]
        st.lines = [Field(scratch, x0, y0 + ROW_H * r, w) for r in range(4, L.rows)]
    else:
        # Two rows across the top: the clocks, then message | move | cursor.
        half = L.cols // 2
        st.clocks = [Field(scratch, 0, 0, half - 1), Field(scratch, 8 * half, 0, half - 1)]
        st.spins = [Field(scratch, 8 * (half - 1), 0, 1), Field(scratch, 8 * (L.cols - 1), 0, 1)]
        st.lines = [Field(scratch, 0, ROW_H, L.cols - 8)]
        st.move = Field(scratch, 8 * (L.cols - 8), ROW_H, 4)
        st.where = Field(scratch, 8 * (L.cols - 4), ROW_H, 4)
        # A question needs the whole row: it covers the move and cursor fields meanwhile.
        st.wide = Field(scratch, 0, ROW_H, L.cols)
    st.all = [st.move, st.where] + st.clocks + st.spins + st.lines
    if not L.side:
        st.all.append(st.wide)
