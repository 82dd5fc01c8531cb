# Tactics suite: an exact, independent threat solver, the suite's data, and an engine runner.
#
#   python tools/tactics.py --check [--jobs N]      verify tools/tactics.txt against the solver
#   python tools/tactics.py --engine ours:hard      score an engine (or a baseline) per category
#   python tools/tactics.py --generate [--seed N]   print candidate positions from noisy games
#
# The solver shares nothing with the engine under test (the rules and Renju's forbidden points
# are the firmware's gomoku.rules / gomoku.renju, checked against an outside referee). It searches
# exhaustively, within n_max = N_MAX attacker fours (up to 13 plies of fours):
#   VCF   victory by continuous fours, the defender's reply forced at each;
#   win   a threat sequence of fours with at most one quiet (non-four) attacker move anywhere in
#         it, after which every legal defender reply is tried (counter-fours and fives included)
#         and the attacker must still have a five or a VCF. A VCF is such a win. The stronger
#         search (Solver(rule, blocks=True)), which the data is checked with, also blocks a
#         defender's four without a four of its own when that is the only block, after the quiet
#         move too, and goes on with fours and such blocks until every reply is answered: more
#         wins, so fewer defences pass and more winning moves are answers (the plain search
#         stopped at a counter-four, and the suite listed 1 of 15 winners of one vcf3).
# Definitions the data is checked against:
#   win1    the mover has a five now; answers = every winning point.
#   block4  the opponent has exactly one five point, the mover none, the block is legal and after
#           it the opponent has no win (stronger search) and none the Prover finds; answers =
#           that point (all else loses).
#   vcfK    the mover's shortest VCF is K plies (K = 3..11) and it has no five now;
#           answers = every move the stronger search proves to win: the VCF's first moves and
#           any four or quiet move that also wins, so a quiet winning move is not scored as a
#           miss (a move that wins only by two quiet moves or more is not looked for).
#   block3, defvcf   the opponent would win by VCF (shortest 3 plies for block3, longer for
#           defvcf); the mover has no five and no four-making move of its own, so every move is
#           quiet; answers = every legal move after which the opponent has no win (the stronger
#           search) and none the Prover finds (a proof of a longer attack: see there; at least
#           one move must be left).
#           Every other move is proven lost (the solver or the Prover found the opponent's forced
#           win); an answer is proven to survive the solver's searches, not every longer attack.
# The solver shares nothing with the engine under test; the Prover (checking and generating only)
# takes its attacking moves from the firmware engine's threat search, and proves them itself.
#   renju   Renju, black to move; answers as for vcfK, under Renju, but by the stronger search
#           that blocks a counter-four once and does not go on (Solver(rule, True, False)):
#           going on took 40 minutes over the ten positions, each quiet point of a crowded board
#           proved or refuted (session 100 ran it once on today's ten: the same answers; 65
#           minutes for #60 alone). Black's shortest wins if the game were freestyle (its five points,
#           else the first moves of its shortest VCF) must include a point forbidden in Renju,
#           and none of them may be an answer.
# The data (tools/tactics.txt, read by tools/tactics_data.py) loads on the MicroPython VM without
# this module: a board's bench (tools/bench_ai.py) compiles that small reader, not the solver.
import sys

from tactics_data import CATEGORIES, DATA, HERE, RULES, SIZE, Entry, entries, load, report  # noqa
from gomoku import rules  # noqa: E402
from gomoku.board import BLACK, EMPTY, Board  # noqa: E402

N_MAX = 6


def crowded(b, p):
    """Could black at p make a forbidden shape at all? Two threes or fours need two of p's lines
    with two more black stones each within four cells, an overline or two fours on one line
    four more (a white stone or the edge ends a line). The judge's own filter asks four on
    all lines together; this one leaves it a third of the solver's questions (#48: 70% of the
    stronger search's time went to the judge)."""
    cells = b.cells
    two = 0
    for d in b.dirs:
        k = 0
        for s in (d, -d):
            q = p + s
            for _ in range(4):
                c = cells[q]
                if c == BLACK:
                    k += 1
                elif c != EMPTY:
                    break
                q += s
        if k >= 4:
            return True
        if k >= 2:
            two += 1
    return two >= 2


# -- solver -------------------------------------------------------------------------------------
class Solver:
    """Exact threat search for one rule. Results are memoised per exact position (cell bytes).
    The stones of every five-cell window are counted incrementally (the solver's own moves go
    through _put/_take; a board changed elsewhere is recounted at the next question), so finding
    fives and fours looks only at the windows that hold three or four stones of one colour."""

    def __init__(self, rule, blocks=False, deep=None):
        self.rule = rule
        self.blocks = blocks  # quiet_win: forced blocks of the defender's fours are free
        self.deep = blocks if deep is None else deep  # and after fours too (_after_reply)
        self.tt = {}
        self.wins = None
        self.nodes = 0
        self.snap = None

    def _windows(self, b):
        if self.wins is None:
            w = []
            for y in range(SIZE):
                for x in range(SIZE):
                    for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                        if 0 <= x + 4 * dx < SIZE and 0 <= y + 4 * dy < SIZE:
                            w.append(tuple(b.idx(x + k * dx, y + k * dy) for k in range(5)))
            self.wins = w
            self.at = [[] for _ in b.cells]  # point -> the windows through it
            for k, cells in enumerate(w):
                for c in cells:
                    self.at[c].append(k)
        return self.wins

    def _sync(self, b):
        """Recount every window if b's stones are not the ones last counted."""
        if self.snap is not None and self.snap == b.cells:
            return
        wins = self._windows(b)
        cells = b.cells
        self.snap = bytearray(cells)
        self.cnt = (None, [0] * len(wins), [0] * len(wins))
        self.hot = (None, set(), set())  # windows with 3+ stones of a colour and none other
        for k, w in enumerate(wins):
            for c in w:
                v = cells[c]
                if v == BLACK or v == 3 - BLACK:
                    self.cnt[v][k] += 1
            self._mark(k)

    def _mark(self, k):
        c1 = self.cnt[1][k]
        c2 = self.cnt[2][k]
        h1, h2 = self.hot[1], self.hot[2]
        if c1 >= 3 and not c2:
            h1.add(k)
        else:
            h1.discard(k)
        if c2 >= 3 and not c1:
            h2.add(k)
        else:
            h2.discard(k)

    def _put(self, b, p, colour):
        self._sync(b)
        b.put(p, colour)
        self.snap[p] = colour
        self._count(p, colour, 1)

    def _take(self, b):
        p = b.hist[-1]
        colour = b.cells[p]
        self._sync(b)
        b.take()
        self.snap[p] = EMPTY
        self._count(p, colour, -1)

    def _count(self, p, colour, step):
        cnt = self.cnt[colour]
        other = self.cnt[3 - colour]
        mine = self.hot[colour]
        theirs = self.hot[3 - colour]
        for k in self.at[p]:
            n = cnt[k] + step
            cnt[k] = n
            o = other[k]
            if o:  # a window holding both colours is nobody's; `mine` never holds it
                if n:
                    theirs.discard(k)
                elif o >= 3:
                    theirs.add(k)
            elif n >= 3:
                mine.add(k)
            else:
                mine.discard(k)

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
        self._sync(b)
        cells = b.cells
        cnt = self.cnt[colour]
        wins = self.wins
        out = []
        for k in self.hot[colour]:
            if cnt[k] == 4:
                for hole in wins[k]:
                    if cells[hole] == EMPTY:
                        break
                if hole not in out and self.is_five(b, hole, colour):
                    out.append(hole)
        return out

    def legal(self, b, p, colour):
        return not (self.rule == rules.RENJU and colour == BLACK and crowded(b, p)
                    and rules.is_forbidden(b, p))

    def fours(self, b, colour):
        """{move: [five points it creates]} for every legal move of `colour` that makes a four
        (no five for `colour` may exist already)."""
        self._sync(b)
        cells = b.cells
        cnt = self.cnt[colour]
        wins = self.wins
        cand = {}
        for k in self.hot[colour]:
            if cnt[k] == 3:
                a, c = [p for p in wins[k] if cells[p] == EMPTY]
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
        return self._memo(bytes(b.cells) + bytes((atk,)), n, lambda: self._vcf(b, atk, n))

    def _memo(self, key, n, search):
        """search() for a position and a bound n, through the table: a win within fewer, or
        no win within more, answers without searching."""
        known = self.tt.get(key)
        if known is not None:
            won, at = known
            if won and at <= n:
                return True
            if not won and at >= n:
                return False
        r = search()
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
        return self._fours_that_win(b, atk, lambda: self.vcf(b, atk, n - 1), first_only)[1]

    def _fours_that_win(self, b, atk, then, first_only):
        """(atk's fours as fours() gives them, cut to the block of the defender's four if it has
        one, or None if it has two; those of them after whose forced block then() holds: a
        double four, or a block on a point forbidden to black, wins at once)."""
        dfn = 3 - atk
        threats = self.fives(b, dfn)
        if len(threats) > 1:
            return None, []
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
                self._put(b, e, atk)
                if not self.legal(b, f, dfn):
                    ok = True  # black has to block on a forbidden point
                else:
                    self._put(b, f, dfn)
                    ok = then()
                    self._take(b)
                self._take(b)
            if ok:
                won.append(e)
                if first_only:
                    break
        return moves, won

    def shortest(self, b, atk, nmax=N_MAX):
        """Plies of `atk`'s shortest win (1 for a five now), or 0 if none within nmax fours."""
        if self.fives(b, atk):
            return 1
        for n in range(1, nmax + 1):
            if self.vcf(b, atk, n):
                return 2 * n + 1
        return 0

    # -- one quiet move: fours, at most one non-four move, fours --------------------------------
    def win(self, b, atk, n=N_MAX):
        """Can `atk`, to move, win by a threat sequence of at most n fours and at most one quiet
        (non-four) move, against every defence? True for a five now."""
        if self.fives(b, atk):
            return True
        if self.vcf(b, atk, n):
            return True
        return self._memo(bytes(b.cells) + bytes((atk + 4,)), n,
                          lambda: bool(self.tries(b, atk, n, True)))

    def tries(self, b, atk, n=N_MAX, first_only=False):
        """Moves of `atk` (to move, no five now) that win as in win(): a four after whose
        forced block atk still wins so, or a quiet move after which every reply leaves atk a
        five or a VCF within n fours (a VCF's first move is one of them)."""
        moves, won = self._fours_that_win(b, atk, lambda: n > 1 and self.win(b, atk, n - 1),
                                          first_only)
        if moves is None or (won and first_only):
            return won
        threats = self.fives(b, 3 - atk)
        if threats:
            t = threats[0]
            quiet = [t] if t not in moves and self.legal(b, t, atk) else []
        else:
            quiet = [p for p in b.points() if b.cells[p] == EMPTY and p not in moves
                     and self.legal(b, p, atk)]
        for m in quiet:
            if self.quiet_win(b, atk, m, n):
                won.append(m)
                if first_only:
                    return won
        return won

    def quiet_win(self, b, atk, m, n=N_MAX):
        """After `atk`'s non-four move m, does every legal reply leave atk a five or a VCF of at
        most n fours? A reply that makes a four is blocked (the block is forced, so it is no
        second quiet move) and the defender replies again. (The replies are all tried; the
        likely refutations first.)"""
        dfn = 3 - atk
        self._put(b, m, atk)
        try:
            if self.fives(b, dfn):
                return False  # the defender has a four: it completes it
            first = self.first_moves(b, atk, n)
            order = list(first)  # none: no VCF even with a free move, any reply refutes
            for e in first:
                self._put(b, e, atk)
                order += self.fives(b, atk)
                self._take(b)
            return self.every_reply(b, dfn, lambda: self._after_reply(b, atk, n), order)
        finally:
            self._take(b)

    def every_reply(self, b, dfn, then, order=()):
        """Does then() hold after every legal move of `dfn` (to move), none of which may make a
        five for it? The moves in `order` are tried first (the likely refutations)."""
        seen = set()
        for r in list(order) + list(b.points()):
            if r in seen or b.cells[r] != EMPTY or not self.legal(b, r, dfn):
                continue
            seen.add(r)
            self._put(b, r, dfn)
            try:
                ok = not rules.win_line(b, r, self.rule) and then()
            finally:
                self._take(b)
            if not ok:
                return False
        return True

    def _after_reply(self, b, atk, n):
        """`atk` to move after the defender's reply: a five, a VCF, or (the stronger search)
        the defender made a four whose one five point atk blocks without a four, and atk wins
        against every next reply; with `deep` also fours and such blocks in any order, none of
        them a quiet move: a four (at most n) after whose forced answer this holds again."""
        if self.fives(b, atk) or self.vcf(b, atk, n):
            return True
        if not self.blocks:
            return False
        if self.deep:
            return self._memo(bytes(b.cells) + bytes((atk + 8,)), n,
                              lambda: self._forced_win(b, atk, n))
        t = self.fives(b, 3 - atk)
        return (len(t) == 1 and self.legal(b, t[0], atk) and t[0] not in self.fours(b, atk)
                and self.quiet_win(b, atk, t[0], n))

    def _forced_win(self, b, atk, n):
        # vcf() stops where the defender's forced answer to a four makes a four of its own that
        # atk has to block without one (the suite's #25 until session 99: black won so, after a
        # four, its forced answer and a block, against the one listed defence).
        t = self.fives(b, 3 - atk)
        if len(t) == 1 and t[0] not in self.fours(b, atk):
            return self.legal(b, t[0], atk) and self.quiet_win(b, atk, t[0], n)
        return n > 0 and bool(self._fours_that_win(
            b, atk, lambda: self._after_reply(b, atk, n - 1), True)[1])

    def defences(self, b, dfn, nmax=N_MAX):
        """Legal moves of `dfn` (to move) after which the opponent has no win as in win()."""
        atk = 3 - dfn
        out = []
        for p in b.points():
            if b.cells[p] != EMPTY or not self.legal(b, p, dfn):
                continue
            self._put(b, p, dfn)
            if not self.win(b, atk, nmax):
                out.append(p)
            self._take(b)
        return out


# -- longer attacks -----------------------------------------------------------------------------
class Prover:
    """Proofs that an attacker wins by threats of any length, for the defences: the solver
    clears a defence against attacks with one quiet move, and some lose to longer ones (session
    91: every answer of four entries). A proof tree: at each of the attacker's turns one move is
    proposed, by the firmware engine's threat search, then every legal reply is tried, each
    decided by the solver (a five, a VCF, or a win as in win()) or by the attacker's next turn,
    at most DEPTH turns deep. The proof does not trust the proposer (any would do: it only
    picks which of the attacker's moves to try); no proof found is no verdict."""

    DEPTH = 8

    def __init__(self, rule, solver):
        from ai import engine

        self.engine = engine.Engine(level=engine.HARD, rule=rule)
        self.rule = rule
        self.s = solver
        self.memo = {}  # position -> (won, turns searched)

    def _propose(self, b, atk):
        from ai.search import Search, Stop, TT

        e = self.engine
        e._sync(b)
        for area in (3, 0):  # threes near the last stone (medium's, Renju's hard), anywhere
            for plies in (11, 15):
                t = Search(e.pos, TT(8))
                t.area = area
                t.limit = 200000
                try:
                    if t.vcf(atk, 0, 13) or t.vct(atk, 0, plies, 16):
                        return t.seq[0]
                except Stop:
                    pass
        return -1

    def wins(self, b, atk, depth=DEPTH):
        """Is `atk` (to move) proven to win?"""
        key = bytes(b.cells)
        known = self.memo.get(key)
        if known is not None and (known[0] or known[1] >= depth):
            return known[0]
        won = self.s.win(b, atk)
        if not won and depth:
            q = self._propose(b, atk)
            won = (q >= 0 and b.cells[q] == EMPTY and self.s.legal(b, q, atk)
                   and self._every_reply_loses(b, atk, q, depth))
        self.memo[key] = (won, depth)
        return won

    def _every_reply_loses(self, b, atk, q, depth):
        s = self.s
        s._put(b, q, atk)
        try:
            return bool(rules.win_line(b, q, self.rule)) or s.every_reply(
                b, 3 - atk, lambda: bool(s.fives(b, atk)) or s.vcf(b, atk, N_MAX)
                or self.wins(b, atk, depth - 1))
        finally:
            s._take(b)


def holding(b, rule, moves):
    """The moves of the side to move (a defence each) after which the Prover finds no win for
    the other side. Its leaves take the stronger search without `deep`: with it, a proof of
    several turns took many times longer (#55 on a loaded machine: 1,296 s, 111 s without), and
    what deep adds is searched at each defence anyway, by defences()."""
    me = b.to_move()
    s = Solver(rule, True, False)
    pr = Prover(rule, s)
    out = []
    for p in moves:
        s._put(b, p, me)
        if not pr.wins(b, 3 - me):
            out.append(p)
        s._take(b)
    return out


def natural_tries(b, colour):
    """`colour`'s shortest wins if the position were played as freestyle: its five points, else
    the first moves of its shortest VCF (empty if it has none within N_MAX fours)."""
    f = Solver(rules.FREESTYLE)
    t = f.fives(b, colour)
    n = 1
    while not t and n <= N_MAX:
        t = f.first_moves(b, colour, n)
        n += 1
    return t


def renju_problem(b, ans):
    """'' if black's (to move) shortest freestyle try includes a point forbidden in Renju and
    none of those tries is among the answers `ans` (point names), else what is wrong."""
    if b.to_move() != BLACK:
        return "renju positions have black to move"
    tries = natural_tries(b, BLACK)
    if not tries:
        return "black has no freestyle win"
    names = sorted(b.name(p) for p in tries)
    if [m for m in names if m in ans]:
        return "a shortest freestyle try (%s) wins under Renju too" % " ".join(names)
    if not [p for p in tries if rules.is_forbidden(b, p)]:
        return "no shortest freestyle try (%s) is forbidden" % " ".join(names)
    return ""


def expected(e):
    """(answers the solver finds for entry e as a sorted name list, problem text or '')."""
    rule = RULES[e.rule]
    b = e.board()
    s = Solver(rule, True)  # every answer is judged with the stronger search (see the top)
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
        if not s.legal(b, t[0], me):
            return [], "the block is forbidden"
        if not holding(b, rule, t):
            return [], "the block %s loses too" % b.name(t[0])
        return names(t), ""
    if cat.startswith("vcf") or cat == "renju":
        plies = Solver(rule).shortest(b, me)  # fours alone: the stronger vcf() blocks too
        if cat.startswith("vcf") and plies != int(cat[3:]):
            return [], "shortest VCF is %d plies" % plies
        if cat == "renju" and rule != rules.RENJU:
            return [], "renju entries must use the renju rule"
        # Renju's positions: blocks without deep (see the top)
        ans = names((Solver(rule, True, False) if cat == "renju" else s).tries(b, me))
        if cat == "renju":
            problem = renju_problem(b, ans)
            if problem:
                return [], problem
        return ans, ""
    if cat in ("block3", "defvcf"):
        if s.fours(b, me):
            return [], "the mover has a four of its own"
        if s.fives(b, opp):
            return [], "the opponent has a five point"
        plies = Solver(rule).shortest(b, opp)
        if not plies or (plies == 3) != (cat == "block3"):
            return [], "the opponent's VCF is %d plies" % plies
        ans = s.defences(b, me)
        held = holding(b, rule, ans)
        if ans and not held:
            return [], "every move loses: %s to longer attacks" % " ".join(names(ans))
        return names(held), ""
    return [], "unknown category " + cat


def _judged(e):
    try:
        return expected(e)
    except ValueError as err:
        return [], "bad position: %s" % err


def check(entries, out=print, jobs=1):
    """Verify every entry (`jobs` processes: the check takes 10 to 15 minutes of one core);
    returns the number of failures."""
    bad = 0
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_judged, entries, 1)
    else:
        results = map(_judged, entries)
    for k, (e, (ans, problem)) in enumerate(zip(entries, results)):
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


# -- generation (host only) ---------------------------------------------------------------------
def classify(b, rule, s, most=4, cats=None):
    """(category, answers) for a position worth keeping (at most `most` answers for a win, twice
    that for a defence; only `cats` if given), or None. The costly searches (quiet moves) run
    only once the plain VCF search has found a candidate."""
    me = b.to_move()
    opp = 3 - me
    want = lambda c: not cats or c in cats  # noqa: E731
    if s.fives(b, me):
        return ("win1", s.fives(b, me)) if want("win1") else None
    t = s.fives(b, opp)
    if len(t) == 1:
        if not want("block4") or not s.legal(b, t[0], me):
            return None
        return ("block4", t) if holding(b, rule, t) else None
    if t:
        return None
    plies = s.shortest(b, me)
    if plies:
        cat = "vcf%d" % plies if plies <= 11 else None
        if rule == rules.RENJU and me == BLACK and not renju_problem(
                b, [b.name(p) for p in s.first_moves(b, me, N_MAX)]):
            cat = "renju"
        if not cat or not want(cat):
            return None
        ans = Solver(rule, True, cat != "renju").tries(b, me)  # as expected() judges it
        if len(ans) > most or (cat == "renju" and renju_problem(b, [b.name(p) for p in ans])):
            return None
        return cat, ans
    if s.fours(b, me):
        return None
    for n in range(1, N_MAX + 1):
        if s.vcf(b, opp, n):
            cat = "block3" if n == 1 else "defvcf"
            if not want(cat):
                return None
            d = Solver(rule, True).defences(b, me)
            d = d and len(d) <= 2 * most and holding(b, rule, d)
            if d:
                return cat, d
            return None
    return None


def generate(seed, games, rule_name, out=print, cats=None):
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
                c = classify(b, rule, s, cats=cats)
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


def scatter(seed, count, rule_name, stones=12, out=print, cats=None):
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
        c = classify(b, rule, Solver(rule), cats=cats or (
            "vcf5", "vcf7", "vcf9", "vcf11", "defvcf", "renju"))
        if c and c[0]:
            out(Entry(c[0], rule_name, [b.name(i) for i in b.hist],
                      sorted(b.name(p) for p in c[1]), "scatter %d/%d" % (seed, k)).line())


def main(argv):
    def opt(name, default=None):
        if name not in argv:
            return default
        return argv[argv.index(name) + 1] if argv[-1] != name else ""  # a value left out

    for name, low in (("--jobs", 1), ("--seed", 0), ("--games", 1)):
        v = opt(name, "1")
        if not (v.isdigit() and int(v) >= low):
            print("tactics.py: %s needs a whole number from %d, not %r" % (name, low, v))
            return 2
    path = opt("--data", DATA)
    cats = opt("--cats")
    cats = cats.split(",") if cats else None
    if "--scatter" in argv:
        scatter(int(opt("--seed", "1")), int(opt("--games", "100")), opt("--rule", "freestyle"),
                cats=cats)
        return 0
    if "--generate" in argv:
        generate(int(opt("--seed", "1")), int(opt("--games", "20")), opt("--rule", "freestyle"),
                 cats=cats)
        return 0
    entries = load(path)
    if "--check" in argv:
        bad = check(entries, jobs=int(opt("--jobs", "1")))
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
    print("usage: tactics.py --check [--jobs N] | --engine SPEC [-v] | --generate [--seed N] [--games N]"
          " [--rule R]  [--data PATH]")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
