# Tactics suite: an exact, independent threat solver, the suite's data, and an engine runner.
#
#   python tools/tactics.py --check                 verify tools/tactics.txt against the solver
#   python tools/tactics.py --engine ours:hard      score an engine (or a baseline) per category
#   python tools/tactics.py --generate [--seed N]   print candidate positions from noisy games
#
# The solver shares nothing with the engine under test: it searches every four-making move
# (a VCF: victory by continuous fours) exhaustively, with the defender's one forced reply.
# Definitions the data is checked against (n_max = N_MAX attacker fours, i.e. up to 13 plies):
#   win1    the mover has a five now; answers = every winning point.
#   block4  the opponent has exactly one five point and the mover none; answers = that point.
#   vcfK    the mover's shortest VCF is K plies (K = 3..11) and it has no five now;
#           answers = every first move that wins by VCF within n_max.
#   block3, defvcf   the opponent would win by VCF (shortest 3 plies for block3, longer for
#           defvcf); the mover has no five and no four-making move of its own, so every move is
#           quiet; answers = every legal move after which the opponent has no VCF within n_max.
#   renju   Renju, a move that wins by VCF under freestyle is forbidden for black or does not
#           win under Renju (a forbidden point in the line); answers as for vcfK, under Renju.
# MicroPython-compatible apart from --engine, so tools/bench_ai.py can load the data on the VM.
import sys


def _here():
    f = globals().get("__file__", "tools/tactics.py")
    return f.rsplit("/", 1)[0] if "/" in f else "."


HERE = _here()
if not any(p.endswith("firmware") for p in sys.path):  # the VM tools put it (or a built tree) first
    sys.path.insert(0, HERE + "/../firmware")

from gomoku import rules  # noqa: E402
from gomoku.board import BLACK, EMPTY, Board  # noqa: E402

DATA = HERE + "/tactics.txt"
N_MAX = 6
SIZE = 15
RULES = {name: i for i, name in enumerate(rules.RULE_NAMES)}  # the data files name the rule
CATEGORIES = ("win1", "block4", "block3", "vcf3", "vcf5", "vcf7", "vcf9", "vcf11", "defvcf",
              "renju")


# -- data ---------------------------------------------------------------------------------------
class Entry:
    """One position: category, rule name, moves in play order (point names), answer names."""

    def __init__(self, cat, rule, moves, answers, note=""):
        self.cat = cat
        self.rule = rule
        self.moves = moves
        self.answers = answers
        self.note = note

    def board(self):
        b = Board(SIZE)
        for m in self.moves:
            b.put(b.parse(m), b.to_move())
        return b

    def line(self):
        return "%s | %s | %s | %s | %s" % (self.cat, self.rule, " ".join(self.moves),
                                           " ".join(self.answers), self.note)


def entries(path=DATA):
    """The positions one at a time, as read. A board's bench holds one: all 69 at once are
    1,800 point names, 157 KB of the wasm VM's heap, and on an emulated Pico the bench ran out
    of memory before its first move (tools/bench_ai.py)."""
    with open(path) as f:
        for raw in f:
            s = raw.strip()
            if not s or s[0] == "#":
                continue
            parts = [p.strip() for p in s.split("|")]
            if len(parts) < 4:
                raise ValueError("bad tactics line: " + s)
            yield Entry(parts[0], parts[1], parts[2].split(), parts[3].split(),
                        parts[4] if len(parts) > 4 else "")


def load(path=DATA):
    return list(entries(path))


# -- solver -------------------------------------------------------------------------------------
class Solver:
    """Exact VCF search for one rule. Results are memoised per exact position (cell bytes)."""

    def __init__(self, rule):
        self.rule = rule
        self.tt = {}
        self.wins = None
        self.nodes = 0

    def _windows(self, b):
        if self.wins is None:
            w = []
            for y in range(SIZE):
                for x in range(SIZE):
                    for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                        if 0 <= x + 4 * dx < SIZE and 0 <= y + 4 * dy < SIZE:
                            w.append(tuple(b.idx(x + k * dx, y + k * dy) for k in range(5)))
            self.wins = w
        return self.wins

    def is_five(self, b, p, colour):
        """Would `colour` at empty p make a line that wins under the rule?"""
        cells = b.cells
        for d in b.dirs:
            if rules.wins(self.rule, colour,
                          1 + rules.run(cells, p, d, colour) + rules.run(cells, p, -d, colour)):
                return True
        return False

    def fives(self, b, colour):
        """Every empty point where `colour` wins at once."""
        cells = b.cells
        out = []
        for w in self._windows(b):
            n = 0
            hole = -1
            for c in w:
                v = cells[c]
                if v == colour:
                    n += 1
                elif v == EMPTY:
                    hole = c
                else:
                    n = -9
            if n == 4 and hole not in out and self.is_five(b, hole, colour):
                out.append(hole)
        return out

    def legal(self, b, p, colour):
        return not (self.rule == rules.RENJU and colour == BLACK and rules.is_forbidden(b, p))

    def fours(self, b, colour):
        """{move: [five points it creates]} for every legal move of `colour` that makes a four
        (no five for `colour` may exist already)."""
        cells = b.cells
        cand = {}
        for w in self._windows(b):
            n = 0
            holes = []
            for c in w:
                v = cells[c]
                if v == colour:
                    n += 1
                elif v == EMPTY:
                    holes.append(c)
                else:
                    n = -9
            if n == 3:
                a, c = holes
                cand.setdefault(a, set()).add(c)
                cand.setdefault(c, set()).add(a)
        out = {}
        for e, targets in cand.items():
            if not self.legal(b, e, colour):
                continue
            cells[e] = colour
            fs = [f for f in targets if self.is_five(b, f, colour)]
            cells[e] = EMPTY
            if fs:
                out[e] = fs
        return out

    def vcf(self, b, atk, n):
        """Can `atk`, to move, win with at most n fours before the five? (No five now.)"""
        if n <= 0:
            return False
        key = bytes(b.cells) + bytes((atk,))
        known = self.tt.get(key)
        if known is not None:
            won, at = known
            if won and at <= n:
                return True
            if not won and at >= n:
                return False
        r = self._vcf(b, atk, n)
        if r:
            self.tt[key] = (True, n) if not known or not known[0] else (True, min(n, known[1]))
        elif not known or (not known[0] and known[1] < n):
            self.tt[key] = (False, n)
        return r

    def _vcf(self, b, atk, n):
        self.nodes += 1
        return bool(self.first_moves(b, atk, n, True))

    def first_moves(self, b, atk, n, first_only=False):
        """Moves of `atk` (to move, no five now) that win by VCF with at most n fours."""
        dfn = 3 - atk
        threats = self.fives(b, dfn)
        if len(threats) > 1:
            return []
        moves = self.fours(b, atk)
        if threats:
            t = threats[0]
            moves = {t: moves[t]} if t in moves else {}
        won = []
        for e in moves:
            fs = moves[e]
            if len(fs) >= 2:
                ok = True
            else:
                f = fs[0]
                b.put(e, atk)
                if not self.legal(b, f, dfn):
                    ok = True  # black has to block on a forbidden point
                else:
                    b.put(f, dfn)
                    ok = self.vcf(b, atk, n - 1)
                    b.take()
                b.take()
            if ok:
                won.append(e)
                if first_only:
                    break
        return won

    def shortest(self, b, atk, nmax=N_MAX):
        """Plies of `atk`'s shortest win (1 for a five now), or 0 if none within nmax fours."""
        if self.fives(b, atk):
            return 1
        for n in range(1, nmax + 1):
            if self.vcf(b, atk, n):
                return 2 * n + 1
        return 0

    def defences(self, b, dfn, nmax=N_MAX):
        """Legal moves of `dfn` (to move) after which the opponent has no five and no VCF."""
        atk = 3 - dfn
        out = []
        for p in b.points():
            if b.cells[p] != EMPTY or not self.legal(b, p, dfn):
                continue
            b.put(p, dfn)
            if not self.fives(b, atk) and not self.vcf(b, atk, nmax):
                out.append(p)
            b.take()
        return out


def freestyle_wins(b, colour):
    """What wins for `colour` at once or by VCF if the position were played as freestyle."""
    f = Solver(rules.FREESTYLE)
    return f.fives(b, colour) or f.first_moves(b, colour, N_MAX)


def expected(e):
    """(answers the solver finds for entry e as a sorted name list, problem text or '')."""
    rule = RULES[e.rule]
    b = e.board()
    s = Solver(rule)
    me = b.to_move()
    opp = 3 - me
    names = lambda ps: sorted(b.name(p) for p in ps)  # noqa: E731
    cat = e.cat
    if cat == "win1":
        return names(s.fives(b, me)), ""
    if s.fives(b, me):
        return [], "the mover has a five"
    if cat == "block4":
        t = s.fives(b, opp)
        if len(t) != 1:
            return [], "the opponent has %d five points" % len(t)
        return names(t), ""
    if cat.startswith("vcf") or cat == "renju":
        plies = s.shortest(b, me)
        if cat.startswith("vcf") and plies != int(cat[3:]):
            return [], "shortest VCF is %d plies" % plies
        ans = names(s.first_moves(b, me, N_MAX))
        if cat == "renju":
            if rule != rules.RENJU:
                return [], "renju entries must use the renju rule"
            if me != BLACK or not [m for m in names(freestyle_wins(b, me)) if m not in ans]:
                return [], "no freestyle win of black's is refuted by the Renju rule"
        return ans, ""
    if cat in ("block3", "defvcf"):
        if s.fours(b, me):
            return [], "the mover has a four of its own"
        if s.fives(b, opp):
            return [], "the opponent has a five point"
        plies = 0
        for n in range(1, N_MAX + 1):
            if s.vcf(b, opp, n):
                plies = 2 * n + 1
                break
        if not plies or (plies == 3) != (cat == "block3"):
            return [], "the opponent's VCF is %d plies" % plies
        return names(s.defences(b, me)), ""
    return [], "unknown category " + cat


def check(entries, out=print):
    """Verify every entry; returns the number of failures."""
    bad = 0
    for k, e in enumerate(entries):
        try:
            ans, problem = expected(e)
        except ValueError as err:
            ans, problem = [], "bad position: %s" % err
        if not problem and not ans:
            problem = "no correct answer exists"
        if not problem and sorted(e.answers) != ans:
            problem = "answers %s, solver says %s" % (" ".join(sorted(e.answers)), " ".join(ans))
        if problem:
            bad += 1
            out("FAIL %d %s: %s" % (k + 1, e.cat, problem))
    return bad


# -- engines over the suite ---------------------------------------------------------------------
def run_player(player, entries):
    """{category: [right, total]} and the list of (entry, move name) misses."""
    from arena import BrainError

    score = {}
    misses = []
    for e in entries:
        b = e.board()
        try:
            player.new_game(SIZE, RULES[e.rule])
            m = player.move(b.copy())
        except BrainError as err:  # a brain's failure is its miss; the next position restarts it
            m, said = -1, "no move (%s)" % err
        else:
            said = b.name(m) if 0 <= m < len(b.cells) and b.cells[m] == EMPTY else str(m)
        ok = 0 <= m < len(b.cells) and b.name(m) in e.answers
        t = score.setdefault(e.cat, [0, 0])
        t[0] += ok
        t[1] += 1
        if not ok:
            misses.append((e, said))
    return score, misses


def report(score):
    lines = []
    right = total = 0
    for cat in CATEGORIES:
        if cat in score:
            r, t = score[cat]
            right += r
            total += t
            lines.append("  %-7s %2d/%d" % (cat, r, t))
    lines.append("  total   %d/%d" % (right, total))
    return "\n".join(lines)


# -- generation (host only) ---------------------------------------------------------------------
def classify(b, rule, s):
    """(category, answers) for a position worth keeping, or None."""
    me = b.to_move()
    opp = 3 - me
    if s.fives(b, me):
        return "win1", s.fives(b, me)
    t = s.fives(b, opp)
    if len(t) == 1:
        return ("block4", t) if s.legal(b, t[0], me) else None
    if t:
        return None
    plies = s.shortest(b, me)
    if plies:
        ans = s.first_moves(b, me, N_MAX)
        if rule == rules.RENJU and me == BLACK:
            if [m for m in freestyle_wins(b, me) if m not in ans]:
                return "renju", ans
        return ("vcf%d" % plies if plies <= 11 else None), ans
    if s.fours(b, me):
        return None
    for n in range(1, N_MAX + 1):
        if s.vcf(b, opp, n):
            d = s.defences(b, me)
            if d and len(d) <= 8:
                return ("block3" if n == 1 else "defvcf"), d
            return None
    return None


def generate(seed, games, rule_name, out=print):
    """Noisy baseline games; print one line per interesting position (many per category)."""
    sys.path.insert(0, HERE)
    from baselines import BASELINES, Rng, near_points

    rule = RULES[rule_name]
    rng = Rng(seed)
    names = ("greedy", "table")
    for g in range(games):
        players = [BASELINES[names[(g + k) % 2]](seed * 1000 + g + k) for k in (0, 1)]
        for p in players:
            p.new_game(SIZE, rule)
        b = Board(SIZE)
        while not b.full() and b.count() < 80:
            s = Solver(rule)
            if b.count() >= 7:
                c = classify(b, rule, s)
                if c and c[0]:
                    out(Entry(c[0], rule_name, [b.name(i) for i in b.hist],
                              sorted(b.name(p) for p in c[1]), "seed %d game %d" % (seed, g))
                        .line())
            if rng.below(100) < 35:
                pts = near_points(b)
                m = pts[rng.below(len(pts))]
            else:
                m = players[b.count() % 2].move(b.copy())
            if rule == rules.RENJU and b.to_move() == BLACK and rules.is_forbidden(b, m):
                break
            b.put(m, b.to_move())
            if rules.win_line(b, m, rule):
                break


def scatter(seed, count, rule_name, stones=12, out=print):
    """Random stones in the central 9x9 (no five on the board): rich in fours, so they yield
    the long VCFs, VCF defences and Renju cases that real games rarely leave standing."""
    rule = RULES[rule_name]
    rng_s = [seed * 7919 + 17]

    def below(n):
        s = rng_s[0]
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        rng_s[0] = s
        return s % n

    lo = SIZE // 2 - 4
    for k in range(count):
        b = Board(SIZE)
        n = stones + below(6)
        while b.count() < 2 * n:
            p = b.idx(lo + below(9), lo + below(9))
            if b.cells[p] != EMPTY:
                continue
            b.put(p, b.to_move())
            if rules.win_line(b, p, rules.FREESTYLE):
                break
        if any(rules.win_line(b, p, rules.FREESTYLE) for p in b.hist):
            continue  # no five or overline on the board, under any rule
        c = classify(b, rule, Solver(rule))
        if c and c[0] and c[0] not in ("win1", "block4", "vcf3", "block3"):
            out(Entry(c[0], rule_name, [b.name(i) for i in b.hist],
                      sorted(b.name(p) for p in c[1]), "scatter %d/%d" % (seed, k)).line())


def main(argv):
    def opt(name, default=None):
        return argv[argv.index(name) + 1] if name in argv else default

    path = opt("--data", DATA)
    if "--scatter" in argv:
        scatter(int(opt("--seed", "1")), int(opt("--games", "100")), opt("--rule", "freestyle"))
        return 0
    if "--generate" in argv:
        generate(int(opt("--seed", "1")), int(opt("--games", "20")), opt("--rule", "freestyle"))
        return 0
    entries = load(path)
    if "--check" in argv:
        bad = check(entries)
        cats = {}
        for e in entries:
            cats[e.cat] = cats.get(e.cat, 0) + 1
        print("%d positions (%s): %d wrong" % (len(entries), ", ".join(
            "%s %d" % (c, cats[c]) for c in CATEGORIES if c in cats), bad))
        return 1 if bad else 0
    spec = opt("--engine")
    if spec:
        sys.path.insert(0, HERE)
        from arena import BrainError, started

        try:
            player = started(spec, SIZE, rules.FREESTYLE)
        except (ValueError, BrainError) as e:
            print("tactics.py: %s" % e)
            return 2
        try:
            score, misses = run_player(player, entries)
        finally:
            if hasattr(player, "close"):
                player.close()
        if "-v" in argv:
            for e, m in misses:
                print("miss %s (%s): played %s, answers %s" % (e.cat, e.note, m,
                                                               " ".join(e.answers)))
        print("%s on %d positions:" % (spec, len(entries)))
        print(report(score))
        return 0
    print("usage: tactics.py --check | --engine SPEC [-v] | --generate [--seed N] [--games N]"
          " [--rule R]  [--data PATH]")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
