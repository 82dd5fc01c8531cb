# Fits the static evaluation's pattern values (ai.patterns.EVAL) to game results: a logistic
# regression over the quiet positions of arena games (Texel tuning).
#
#   python tools/arena.py ours:hard window --openings random --games 472 -v > a.txt  (and more)
#   python tools/fit_eval.py [--phase early|late] a.txt [b.txt ...]
#
# Hard values the patterns by the game's phase (ai.patterns.EVAL before LATE_STONES stones,
# EVAL_LATE from then on): --phase fits one phase's positions, compared with its values.
# A position counts when it is past the opening (6 stones or more), not within the last 3 moves
# of its game, with no five-point or open-four point for either side and a static value far
# from a win (the search settles those, not the evaluation). The model is the evaluation's own
# shape: for the side to move, 5/4 x its pattern counts minus the opponent's (evaluate()'s
# tempo), weighted per pattern code, plus evaluate()'s threat corrections as they are (which
# fixes the scale: the fitted values are in its units), plus who is to move (black or white,
# and whether it is engine A: the arena's games pair unequal engines, and their strength must
# not be read as a pattern's worth). Identical games (repeated across logs) count once. A
# second fit gives each side its own values (the mover's and the opponent's), which the engine's
# evaluation cannot express today (one table and the tempo factor).
# A better fit is not a stronger engine: the search judges the evaluation at the leaves of a
# 3-ply tree after threat searches, not on quiet game positions, so a fitted set must win games
# with tools/arena.py before it is kept (docs/ai-tuning.md has what fitted values did).
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "firmware"))

from ai import engine  # noqa: E402
from ai import patterns as P  # noqa: E402
from blunders import GAME, HEADER  # noqa: E402  (arena.py's lines)
from gomoku.board import BLACK, EMPTY, WHITE  # noqa: E402

CODES = range(P.TWO_C, P.FOUR + 1)  # the codes quiet positions hold (no open three, no four)
NAMES = ("TWO_C", "TWO", "THREE_C", "THREE", "FOUR")
TEMPO = 1.25  # evaluate() counts the mover's shapes 5/4 times


def positions(lines, seen):
    """(own, opp, rest, result for the side to move, late) of the quiet positions of the games
    in lines: own and opp count the mover's and the opponent's lines of each code of CODES over
    the empty points, rest is evaluate()'s correction / 100, black to move (+-1), A to move
    (+-1), 1; late: whether hard values the position by EVAL_LATE (its stone count)."""
    for line in lines:
        m = GAME.match(line)
        if not m or m.group(5) in seen:
            continue
        seen.add(m.group(5))
        moves = m.group(5).split()
        a = BLACK if m.group(2) == "black" else WHITE
        winner = {"A wins": a, "B wins": 3 - a}.get(m.group(3), 0)
        e = engine.Engine(engine.HARD)  # its empty 15x15 position, values and search settings
        pos = e.pos
        b = e.board
        s = e._search(8)
        for i, name in enumerate(moves):
            c = BLACK if i % 2 == 0 else WHITE
            cnt = pos.cnt
            if 6 <= i < len(moves) - 3 and not (cnt[0] or cnt[1] or cnt[2] or cnt[3]):
                v = s.evaluate(c)
                if abs(v) < 5000:
                    own, opp, corr = counts(pos, c, v)
                    rest = [corr / 100, 1.0 if c == BLACK else -1.0, 1.0 if c == a else -1.0, 1.0]
                    yield (own, opp, rest, (0.5 if not winner else float(winner == c)),
                           i >= P.LATE_STONES)
            pos.put(b.parse(name), c)


def counts(pos, c, v):
    own = [0] * 10
    opp = [0] * 10
    cells = pos.cells
    for p in pos.board.points():
        if cells[p] == EMPTY:
            for k in pos.codes(p, c):
                own[k] += 1
            for k in pos.codes(p, 3 - c):
                opp[k] += 1
    # Pos keeps each side's pattern sum (eb, ew): what evaluate() adds to it is the correction.
    eo, ep = (pos.eb, pos.ew) if c == BLACK else (pos.ew, pos.eb)
    return [own[k] for k in CODES], [opp[k] for k in CODES], v - ((eo * 5 - ep * 4) >> 2)


def fit(rows, iters=12):
    """Logistic regression by Newton's method: weights, mean log-loss (of the weights before
    the last step: Newton has converged well before 12 steps)."""
    n = len(rows[0][0])
    w = [0.0] * n
    ll = 0.0
    for _ in range(iters):
        g = [0.0] * n
        h = [[0.0] * n for _ in range(n)]
        ll = 0.0
        for x, y in rows:
            z = sum(wi * xi for wi, xi in zip(w, x))
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            ll -= y * math.log(max(p, 1e-12)) + (1 - y) * math.log(max(1 - p, 1e-12))
            d = p - y
            q = p * (1 - p)
            for i in range(n):
                xi = x[i]
                g[i] += d * xi
                qi = q * xi
                hi = h[i]
                for j in range(i + 1):
                    hi[j] += qi * x[j]
        for i in range(n):
            h[i][i] += 1e-6
            for j in range(i):
                h[j][i] = h[i][j]
        w = [wi - di for wi, di in zip(w, solve(h, g))]
    return w, ll / len(rows)


def solve(a, b):
    """a x = b by Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for k in range(n):
        piv = max(range(k, n), key=lambda r: abs(m[r][k]))
        m[k], m[piv] = m[piv], m[k]
        for r in range(k + 1, n):
            f = m[r][k] / m[k][k]
            for j in range(k, n + 1):
                m[r][j] -= f * m[k][j]
    x = [0.0] * n
    for k in range(n - 1, -1, -1):
        x[k] = (m[k][n] - sum(m[k][j] * x[j] for j in range(k + 1, n))) / m[k][k]
    return x


def main(argv):
    phase = None
    if argv[:1] == ["--phase"] and argv[1:2] in (["early"], ["late"]):
        phase = argv[1] == "late"
        argv = argv[2:]
    if not argv or argv[0].startswith("-"):
        print("usage: python tools/fit_eval.py [--phase early|late] games.txt [...]"
              "  (tools/arena.py -v logs)")
        return 2
    seen = set()
    rows = []
    for f in argv:
        try:
            with open(f) as fh:
                lines = fh.read().splitlines()
        except (OSError, UnicodeDecodeError) as e:
            print("%s: cannot read it: %s" % (f, e))
            return 2
        for line in lines:
            m = HEADER.match(line)
            if m and (m.group(1) != "freestyle" or m.group(2) != "15"):
                print("%s: a %s %sx%s match; the fit is for freestyle on 15x15"
                      % (f, m.group(1), m.group(2), m.group(2)))
                return 2
        rows.extend(r for r in positions(lines, seen) if phase is None or r[4] == phase)
    print("%d games, %d quiet positions" % (len(seen), len(rows)))
    if len(rows) < 100:
        print("too few positions to fit")
        return 1
    k = len(CODES)
    evs = ([P.EVAL[c] for c in CODES], [P.EVAL_LATE[c] for c in CODES])
    # The current values (each position its phase's; only the whole evaluation's scale is
    # fitted), the same values for both sides with the tempo (ai.search evaluate()'s model),
    # and each side its own.
    _, ll0 = fit([([sum(e * (TEMPO * a - b) for e, a, b in zip(evs[late], o, p)) / 100 + r[0]]
                   + r[1:], y) for o, p, r, y, late in rows])
    w, ll = fit([([TEMPO * a - b for a, b in zip(o, p)] + r, y) for o, p, r, y, _ in rows])
    wf, llf = fit([(o + [-b for b in p] + r, y) for o, p, r, y, _ in rows])
    print("log-loss: current values %.4f, fitted %.4f, fitted for each side %.4f"
          % (ll0, ll, llf))
    print("code               " + " ".join("%7s" % n for n in NAMES))
    for name, late in (("current", False), ("current, late", True)):
        if phase is None or phase == late:
            print("%-19s" % name + " ".join("%7d" % e for e in evs[late]))
    print("fitted             " + " ".join("%7.1f" % (w[i] * 100 / w[k]) for i in range(k)))
    # evaluate()'s corrections keep their units: the scale is the correction's weight.
    print("fitted, mover      " + " ".join("%7.1f" % (wf[i] * 100 / wf[2 * k]) for i in range(k)))
    print("fitted, opponent   " + " ".join("%7.1f" % (wf[k + i] * 100 / wf[2 * k])
                                           for i in range(k)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
