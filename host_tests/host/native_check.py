# Run by test_native.py under the MicroPython unix port, with the native build of ai.lines
# (tools/native.py) as the top-level module vlines: random put/take sequences must leave every
# array and total of Pos exactly as the plain ai.lines does, after every step.
from ai import eval as E
from ai.engine import Rng
from gomoku import rules
from gomoku.board import Board

import vlines


def state(pos):
    return (bytes(pos.kb), bytes(pos.kw), bytes(pos.sb), bytes(pos.sw), pos.eb, pos.ew,
            bytes(pos.cnt), pos.nc, bytes(pos.near), bytes(pos.cand), bytes(pos.board.cells))


def play(lines, threat, seed, rule, size):
    E._lines = lines
    E.threat = threat
    r = Rng(seed)
    b = Board(size)
    pos = E.Pos(b, rule)
    out = []
    pts = list(b.points())
    for _ in range(250):
        if b.count() and r.below(3) == 0:
            pos.take()
        else:
            q = pts[r.below(len(pts))]
            if b.cells[q] == 0:
                pos.put(q, 1 + r.below(2))
        out.append(state(pos))
    return out


plain = (E._lines, E.threat)
steps = 0
for seed in range(4):
    for rule in (rules.FREESTYLE, rules.STANDARD, rules.RENJU):
        for size in (15, 9):
            a = play(plain[0], plain[1], seed, rule, size)
            v = play(vlines.lines, vlines.threat, seed, rule, size)
            for i in range(len(a)):
                if a[i] != v[i]:
                    raise SystemExit("differs: seed %d rule %d size %d step %d"
                                     % (seed, rule, size, i))
            steps += len(a)
print("native lines: %d steps identical" % steps)
