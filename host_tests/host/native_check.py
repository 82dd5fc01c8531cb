# Run by test_native.py under the MicroPython unix port, with the native build of ai.lines
# (tools/native.py) as the top-level module vlines: random put/take sequences must leave every
# array and total of Pos exactly as the plain ai.lines does, after every step, and rank() and the
# threat search's scans (over, first, online, threes) must give the same from each of those
# positions.
from array import array

from ai import eval as E
from ai import lines as L
from ai.engine import Rng
from gomoku import rules
from gomoku.board import Board

import vlines


def state(pos):
    return (bytes(pos.kk), bytes(pos.sb), bytes(pos.sw), pos.eb, pos.ew,
            bytes(pos.cnt), pos.nc, bytes(pos.near), bytes(pos.cand), bytes(pos.board.cells))


def ranks(rank, pos, hist):
    # Both colours' best 8, with and without an open three to answer (a bool, as gen_into()
    # passes it), and with a refusing callback (Renju's forbidden points go through one).
    out = []
    for sm, so in ((pos.sb, pos.sw), (pos.sw, pos.sb)):
        for threat, forb in ((False, None), (True, None), (False, lambda q, c: q % 5 == 0)):
            ss = array("i", [0] * 8)
            tm = array("H", [0] * 8)
            n = rank(pos, sm, so, 9, 7, hist, ss, tm, 8, threat, forb)
            out.append((n, bytes(ss[:n]), bytes(tm[:n])))
    return out


def scans(mod, pos):
    # Each scan at thresholds from two threes to a five, both colours; online() from the last
    # stone and the centre, along any stones, one colour's, and for the first point only;
    # threes() from the whole board and near the last stone, with and without the bounds of a
    # search's last ply.
    out = []
    b = pos.board
    last = b.hist[-1] if b.hist else b.idx(b.size // 2, b.size // 2)
    ss = array("i", [0] * 6)
    tm = array("H", [0] * 6)
    for s in (pos.sb, pos.sw):
        for lo, hi in ((1 << 16, 1 << 18), (1 << 18, 1 << 30), (1 << 15, 1 << 25)):
            o = []
            out.append((mod.over(pos, s, lo, hi, o), o, mod.first(pos, s, lo)))
        for p in (last, b.idx(b.size // 2, b.size // 2)):
            for c in (0, 1, 2):
                o = []
                out.append((mod.online(pos, p, s, c, 1 << 15, o, 0), o,
                            mod.online(pos, p, s, c, 1 << 15, None, 1)))
        for r in (0, 3):
            for lo4, lo3 in ((1 << 18, 1 << 15), ((1 << 18) + (1 << 15), 1 << 16)):
                o = []
                n = mod.threes(pos, s, o, 6, r, last % b.dirs[1], last // b.dirs[1], ss, tm,
                               lo4, lo3)
                out.append((n, o, bytes(ss[:n]), bytes(tm[:n])))
    return out


def play(lines, threat, rank, seed, rule, size, mod):
    E._lines = lines
    E.threat = threat
    r = Rng(seed)
    b = Board(size)
    pos = E.Pos(b, rule)
    out = []
    pts = list(b.points())
    hist = array("H", [(q * 37) % 50 for q in range(len(b.cells))])
    for _ in range(250):
        if b.count() and r.below(3) == 0:
            pos.take()
        else:
            q = pts[r.below(len(pts))]
            if b.cells[q] == 0:
                pos.put(q, 1 + r.below(2))
        out.append((state(pos), ranks(rank, pos, hist), scans(mod, pos)))
    return out


plain = (E._lines, E.threat, E.rank)
steps = 0
for seed in range(4):
    for rule in (rules.FREESTYLE, rules.STANDARD, rules.RENJU):
        for size in (15, 9):
            a = play(plain[0], plain[1], plain[2], seed, rule, size, L)
            v = play(vlines.lines, vlines.threat, vlines.rank, seed, rule, size, vlines)
            for i in range(len(a)):
                if a[i] != v[i]:
                    raise SystemExit("differs: seed %d rule %d size %d step %d"
                                     % (seed, rule, size, i))
            steps += len(a)
print("native lines: %d steps identical" % steps)
