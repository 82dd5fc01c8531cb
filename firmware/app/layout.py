# Geometry of the game screen for a panel and board size: where the board, its coordinate
# labels and the status text go, picking the arrangement with the biggest cells.
from micropython import const


ROW_H = const(10)  # status text row: the 8x8 font plus 2 px spacing
SIDE_MIN = const(96)  # narrowest side panel: 12 characters ("<Play white>", "You 19:59")
MIN_CELL = const(7)  # smaller cells make stones unreadable
BIG_CELL = const(10)  # 8x8 labels on smaller cells touch each other
# Coordinate labels: the 8x8 font needs 17 px for "15" and a row of 9 px; the 3x5 font 8 and 6.
_BIG = (17, 9)
_SMALL = (8, 6)


class Layout:
    def __init__(self, w, h, n, side, big, cell):
        self.w = w
        self.h = h
        self.n = n
        self.side = side  # status in a panel at the right (else rows at the top)
        self.big = big  # coordinates in the 8x8 font (else the 3x5 one)
        self.cell = cell
        lw, lh = _BIG if big else _SMALL
        span = n * cell
        if side:
            top = 0
            self.sx = lw + span + 2
            self.sy = 0
            self.cols = (w - self.sx) // 8
            self.rows = h // ROW_H
            left = 0
        else:
            top = 2 * ROW_H + 1
            self.sx = 0
            self.sy = 0
            self.cols = w // 8
            self.rows = 2
            left = (w - lw - span) // 2
        # Centre the board in what is left, labels included.
        self.bx = left + lw
        self.by = top + (h - top - lh - span) // 2
        self.lw = lw
        self.lh = lh


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
    return Layout(w, h, n, best[1], best[2], best[3])


def sizes(w, h):
    """Board sizes the panel can show."""
    return [n for n in (15, 19) if fit(w, h, n) is not None]
