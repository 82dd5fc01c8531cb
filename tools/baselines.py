# Baseline opponents for the arena and the tactics suite (host only, never shipped to the board).
#
# Three classic designs, reimplemented from their published descriptions:
#   greedy - the easy level of the three-level Java design: every empty point is scored by the
#            shapes it would make for the mover (attack) and for the opponent (defence), and the
#            point with the largest K1*attack + K2*defence is played;
#   table  - the "winning combinations" weighted evaluation: every five-cell window is a
#            possible win; per point and side, count the windows through it still open to that
#            side, weighted by how many of its stones they hold; play the point where either
#            side's count peaks;
#   window - the C++/EasyX design: five-cell windows scored by a tuple table (mixed windows score
#            nothing), the board valued as their sum, and a 3-ply minimax over the 5 best points.
#            Ours also looks one ply past the horizon (a four left standing for the side to
#            move at a leaf counts as its five), which the design as the issue names it does
#            not say: it keeps window from walking into a five it could see one move later, and
#            it makes window harder for hard to beat (tools/arena.py's window-plain is window
#            without it: README, "Known limits").
# Every player has `name`, `new_game(size, rule)` and `move(board) -> index`. One rule adapter
# is shared by all three (the designs knew freestyle only): a five that wins under the rule is
# always taken, and black never picks a Renju-forbidden point while it has another choice.
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "firmware"))

from gomoku import rules  # noqa: E402
from gomoku.board import BLACK, EMPTY  # noqa: E402


class Rng:
    """xorshift32, so ties break the same way on every platform."""

    def __init__(self, seed):
        self.s = (seed * 2654435761 + 0x9E3779B9) & 0xFFFFFFFF or 1

    def below(self, n):
        s = self.s
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        self.s = s
        return s % n


def near_points(board, dist=2):
    """Empty points within `dist` (king moves) of a stone; the centre on an empty board."""
    if not board.hist:
        c = board.size // 2
        return [board.idx(c, c)]
    size = board.size
    seen = set()
    for i in board.hist:
        x, y = board.xy(i)
        for yy in range(max(0, y - dist), min(size, y + dist + 1)):
            for xx in range(max(0, x - dist), min(size, x + dist + 1)):
                seen.add(board.idx(xx, yy))
    cells = board.cells
    return sorted(p for p in seen if cells[p] == EMPTY)


def winning_points(board, colour, rule, points=None):
    """Empty points where `colour` completes a line that wins under `rule`."""
    cells = board.cells
    out = []
    for p in points if points is not None else near_points(board, 1):
        if cells[p] != EMPTY:
            continue
        cells[p] = colour
        for d in board.dirs:
            if rules.wins(rule, colour,
                          1 + rules.run(cells, p, d, colour) + rules.run(cells, p, -d, colour)):
                out.append(p)
                break
        cells[p] = EMPTY
    return out


_windows_cache = {}


def windows(board):
    """(all five-cell windows as index tuples, {point: [window numbers through it]})."""
    key = board.size
    w = _windows_cache.get(key)
    if w is None:
        size = board.size
        wins = []
        through = {}
        for y in range(size):
            for x in range(size):
                for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                    ex, ey = x + 4 * dx, y + 4 * dy
                    if not (0 <= ex < size and 0 <= ey < size):
                        continue
                    cells = tuple(board.idx(x + k * dx, y + k * dy) for k in range(5))
                    for c in cells:
                        through.setdefault(c, []).append(len(wins))
                    wins.append(cells)
        w = _windows_cache[key] = (wins, through)
    return w


class Baseline:
    name = "baseline"

    def __init__(self, seed=1):
        self.seed = seed
        self.rng = Rng(seed)
        self.size = 15
        self.rule = rules.FREESTYLE

    def new_game(self, size, rule):
        self.size = size
        self.rule = rule
        self.rng = Rng(self.seed)

    def move(self, board):
        me = board.to_move()
        pts = near_points(board)
        if self.rule == rules.RENJU and me == BLACK:
            legal = [p for p in pts if not rules.is_forbidden(board, p)]
            pts = legal or pts
        five = winning_points(board, me, self.rule, pts)
        if five:
            return five[0]
        return self.choose(board, me, pts)

    def pick(self, scored):
        """Highest score; ties broken by the seeded PRNG."""
        best = max(s for s, _ in scored)
        top = [p for s, p in scored if s == best]
        return top[self.rng.below(len(top))]


# -- a. greedy attack/defence scorer ---------------------------------------------------------------
# Shape weights by (stones in the unbroken run through the point, open ends).
G_FIVE = 100000
G_SHAPE = {(4, 2): 10000, (4, 1): 1000, (3, 2): 1000, (3, 1): 100, (2, 2): 100, (2, 1): 10,
           (1, 2): 10, (1, 1): 1}
G_K1 = 5  # attack weight
G_K2 = 4  # defence weight: a little below attack, as in the design


class Greedy(Baseline):
    name = "greedy"

    def shape_score(self, board, p, colour):
        cells = board.cells
        total = 0
        for d in board.dirs:
            a = rules.run(cells, p, -d, colour)
            b = rules.run(cells, p, d, colour)
            n = a + b + 1
            if n >= 5:
                total += G_FIVE
                continue
            ends = (cells[p - (a + 1) * d] == EMPTY) + (cells[p + (b + 1) * d] == EMPTY)
            total += G_SHAPE.get((n, ends), 0)
        return total

    def choose(self, board, me, pts):
        return self.pick([(G_K1 * self.shape_score(board, p, me)
                           + G_K2 * self.shape_score(board, p, 3 - me), p) for p in pts])


# -- b. winning-combination counting table ---------------------------------------------------------
# Weight of one open window through a point by the stones it already holds (0..4), as the
# published design has them (wins[i][j][k] with myWin/computerWin: "my" is the human there):
# the computer's own windows score 220/420/2100/20000, the human's 200/400/2000/10000, so of two
# equally promising points it extends its own line rather than block. Empty windows count 0.
T_OWN = (0, 220, 420, 2100, 20000)
T_OPP = (0, 200, 400, 2000, 10000)


class Table(Baseline):
    name = "table"

    def choose(self, board, me, pts):
        wins, through = windows(board)
        cells = board.cells
        scored = []
        for p in pts:
            own = opp = 0
            for w in through[p]:
                mine = theirs = 0
                for c in wins[w]:
                    v = cells[c]
                    if v == me:
                        mine += 1
                    elif v != EMPTY:
                        theirs += 1
                if not theirs:
                    own += T_OWN[mine]
                if not mine:
                    opp += T_OPP[theirs]
            # The design keeps the point whose larger count is highest, an equal peak going to
            # the point whose other count is higher (the point that also serves the other side).
            scored.append(((max(own, opp), min(own, opp)), p))
        return self.pick(scored)


# -- c. five-cell-window scorer with a 3-ply search -------------------------------------------------
# Tuple table: value of a window holding k stones of one side and none of the other.
W_OWN = (7, 35, 800, 15000, 800000, 100000000)
W_OPP = (7, 15, 400, 1800, 100000, 100000000)
W_WIDTH = 5
W_PLIES = 3
W_INF = 1 << 40


class Window(Baseline):
    name = "window"
    horizon = True  # the look past the 3 plies (see the top); arena's window-plain clears it

    def window_value(self, cells, win, me):
        # From `me`'s point of view: own windows up, opponent windows down, mixed nothing.
        mine = theirs = 0
        for c in win:
            v = cells[c]
            if v == me:
                mine += 1
            elif v != EMPTY:
                theirs += 1
        if mine and theirs:
            return 0
        if theirs:
            return -W_OPP[theirs]
        return W_OWN[mine]

    def point_value(self, board, p, colour):
        """Tuple-table score of an empty point for `colour`: the ranking of candidates."""
        wins, through = windows(board)
        cells = board.cells
        s = 0
        for w in through[p]:
            mine = theirs = 0
            for c in wins[w]:
                v = cells[c]
                if v == colour:
                    mine += 1
                elif v != EMPTY:
                    theirs += 1
            if mine and theirs:
                continue
            s += W_OWN[mine] if not theirs else W_OPP[theirs]
        return s

    def delta(self, board, p, colour, me):
        # Change of the board sum when `colour` plays p: only windows through p change.
        wins, through = windows(board)
        cells = board.cells
        before = 0
        for w in through[p]:
            before += self.window_value(cells, wins[w], me)
        cells[p] = colour
        after = 0
        for w in through[p]:
            after += self.window_value(cells, wins[w], me)
        cells[p] = EMPTY
        return after - before

    def has_four(self, board, colour, around):
        wins, through = windows(board)
        cells = board.cells
        for p in around:
            for w in through[p]:
                n = 0
                for c in wins[w]:
                    v = cells[c]
                    if v == colour:
                        n += 1
                    elif v != EMPTY:
                        n = -9
                if n == 4:
                    return True
        return False

    def candidates(self, board, colour):
        pts = near_points(board)
        if self.rule == rules.RENJU and colour == BLACK:
            pts = [p for p in pts if not rules.is_forbidden(board, p)] or pts
        scored = sorted(((self.point_value(board, p, colour), p) for p in pts), reverse=True)
        return [p for _, p in scored[:W_WIDTH]]

    def search(self, board, colour, me, value, plies, alpha, beta):
        if plies == 0:
            # One look past the horizon: a four left standing for the side to move is a five.
            if self.horizon and self.has_four(board, colour, board.hist[-W_PLIES:]):
                return W_INF // 4 if colour == me else -W_INF // 4
            return value
        maxing = colour == me
        best = -W_INF if maxing else W_INF
        for p in self.candidates(board, colour):
            if winning_points(board, colour, self.rule, [p]):
                v = W_INF // 2 + plies if maxing else -W_INF // 2 - plies
            else:
                d = self.delta(board, p, colour, me)
                board.put(p, colour)
                v = self.search(board, 3 - colour, me, value + d, plies - 1, alpha, beta)
                board.take()
            if maxing:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def choose(self, board, me, pts):
        scored = []
        for p in self.candidates(board, me):
            d = self.delta(board, p, me, me)
            board.put(p, me)
            v = self.search(board, 3 - me, me, d, W_PLIES - 1, -W_INF, W_INF)
            board.take()
            scored.append((v, p))
        return self.pick(scored)


BASELINES = {"greedy": Greedy, "table": Table, "window": Window}
