# The full scan of a position: what ai.eval.Pos's line update keeps, computed from the cells
# alone. Pos runs it once, on the empty board, then replays the stones; it is also the test
# oracle of the line update. A module of its own, loaded for that and dropped (a board keeps
# bytecode in RAM): during a game nothing else needs it.
from gomoku.board import BORDER, EMPTY
from ai import patterns as P
from ai.patterns import code
from ai.eval import combo, threat, zeros


def scan(pos):
    """(kk, sb, sw, eb, ew, near, cnt) of pos's cells: cnt counts empty points, [0] black's and
    [1] white's five points, [2], [3] their open-four points, [4 + 3 * (colour - 1) + class - 1]
    their points of each threat() class 1..3 (evaluate() reads the best threats from these),
    [10] and [11] black's and white's combination values (combo() summed)."""
    cells = pos.cells
    n = pos.n
    kk = zeros("H", 4 * n)
    sb = zeros("i", n)
    sw = zeros("i", n)
    near = bytearray(n)
    pt = pos.pt
    ev = pos.ev
    fv = P.FIELD
    m5 = P.M_FIVE
    m4o = P.M_FOUR_O
    eb = ew = 0
    cnt = zeros("i", 12)
    for q in pos.board.points():
        for j in range(4):
            d = pos.dirs[j]
            a = 0
            for sgn, slots in ((-1, (3, 2, 1, 0)), (1, (4, 5, 6, 7))):
                off = False
                k = 0
                for s in slots:
                    k += 1
                    v = BORDER if off else cells[q + sgn * k * d]
                    if v == BORDER:  # and past it
                        off = True
                    elif v != EMPTY and k <= 2:
                        near[q] += 1
                    a += v * P.WEIGHT[s]  # BORDER is 3, the key's digit off the board
            kk[(q << 2) + j] = a
            b = code(pt, a, False)
            a = code(pt, a, True)
            sb[q] += fv[a]
            sw[q] += fv[b]
            if cells[q] == EMPTY:
                eb += ev[a]
                ew += ev[b]
        if cells[q] == EMPTY:
            cnt[0] += sb[q] >= m5
            cnt[1] += sw[q] >= m5
            cnt[2] += sb[q] >= m4o
            cnt[3] += sw[q] >= m4o
            k = threat(sb[q])
            if k:
                cnt[3 + k] += 1
            k = threat(sw[q])
            if k:
                cnt[6 + k] += 1
            cnt[10] += combo(sb[q])
            cnt[11] += combo(sw[q])
    return kk, sb, sw, eb, ew, near, cnt
