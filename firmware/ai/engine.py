# The Gomoku AI: levels, node budgets and a sliced think loop (start/step/cancel) so the UI keeps
# running while the engine works. The engine keeps its own board and incremental state between
# moves and only replays what changed.
from micropython import const


from gomoku.board import BLACK, EMPTY, Board
from gomoku import rules
from ai.eval import Pos
from ai.search import AREA, TT, WIN, Search, Stop
from ai import patterns as P

EASY = const(0)
MEDIUM = const(1)
HARD = const(2)
LEVEL_NAMES = ("easy", "medium", "hard")
# With a game clock, a move gets at most 1/CLOCK_SHARE of the time left (its node budget still
# applies): a board slower than planned plays weaker moves instead of losing on time.
CLOCK_SHARE = const(25)
# Most time a move may take when the engine has a clock (the player gives it the game's): the
# node budgets are sized for an RP2040 with the native build, and this keeps the device's time
# targets (hard at most 5 s a move) should a board be slower than estimated, which then plays
# the weaker move the search had when time ran out. A move ends within about 80 ms of its cap
# (the clock is read every 32 nodes or so). Hard's 4.8 s (4.5 until session 83): the moves the
# cap cuts are those whose final check needs the most nodes; under tools/arena.py --node-ms
# 1.29 (an emulated Pico's node rate) Renju against window, fixed 40 33-7 -> 36-4 and wide
# 91-13 -> 94-10, freestyle's sets the same but a game or two; an emulated Pico's longest
# move 4,861 ms.
MOVE_MS = (500, 1500, 4800)
# Most nodes one step() of the final check may search: a threat search that needs more is
# stopped, and the next step takes it up where it stopped (ai.search.Search.resume()). A key
# press waits for the step under way: with 500 (until session 42) up to about 2-3 s on a Pico
# with the native build by the estimate, 12 s without it, past an 8.3 s watchdog; the cuts
# cost bench_ai.py's hard game 0.4% more nodes and change none of its moves.
_STEP = const(250)
# Hard adds its own combination points (ai.lines.combo) to its evaluation when the position's
# static value for it is at least this, as black / as white, and the opponent's never. Against
# table's defence it builds double threats instead of drawing on a full board; where the
# opponent has the initiative (white's usual lot, or black's after a far opening stone) the
# same term makes it attack when it should defend, which window punishes. Sessions 39 and 40
# (docs/ai-tuning.md): table on the 20 fixed openings 37-3 -> 39.5-0.5, on seed 2's 80
# 74.5-5.5 -> 79.5-0.5; window on --reach 7 14 -> 16 lost.
_AHEAD_B = const(0)
_AHEAD_W = const(200)
# From this many stones on, hard's tree starts from its 14 best candidates, not the level's 10
# (its nodes the same). Against table's one-ply defence, which blocks each shape as it comes,
# hard drew on a full board; our reading is that a crowded board has more places where a shape
# can still grow than the cheap ranking's first ten cover. Session 96
# (tools/arena.py): table fixed 40 37-0-3 -> 39-0-1, seed 2's 80 75-0-5 -> 79-0-1, random
# seeds 1 and 2 456-11-5 -> 460-10-2 and 454-12-6 -> 458-10-4; window's and greedy's sets as
# before (docs/ai-tuning.md).
_LATE_ROOTS = const(40)
_LATE_WIDTH = const(14)
# Past their first ply hard's threat searches (its own, the opponent's against a pass, the final
# check's) try the attacker's best threes anywhere on the board (Search.area 0), not only within
# 3 lines of its last stone as medium's do: an attack with room builds its threes where it
# likes, and the check must see those. Session 77, hard against window (tools/arena.py), games
# won before -> after: 15x15 random openings, seeds 1 to 4, 1,742 -> 1,765 of 1,888 (seed 4
# under a board's time cap too: 425 -> 439); 19x19 fixed 40, wide and random seed 1 563 -> 580
# of 616; 15x15's balanced sets 676 -> 667 of 696 (each still past 95%). It costs a quarter
# more nodes: bench_ai.py's game on the emulated Pico, median 779 -> 1,100.5 ms.
_HARD_AREA = const(0)

# Per level: total nodes, share for our own VCF, for the opponent's VCF check, alpha-beta width,
# deepest iteration, VCF plies, share for our own VCT, VCT plies, share for the opponent's VCT
# check, then for the final check of the chosen move: nodes per move tried, in all (on top of
# the total), and the plies of its searches by threats (shallow first: see _refuted()).
# Calibrated with tools/arena.py against the baselines, 40 to 104 games per
# setting (--openings wide for the larger samples: the engine is deterministic, so more
# openings, not seeds, add distinct games), and tools/bench_ai.py for the time: hard's nodes fit
# the device's budget with the native ai.lines that tools/deploy.py builds (hard's median move
# about 1 s with it on an emulated Pico: README, "AI time per move").
# Medium's final check (9 plies, 200 nodes) took it from 81-86% to 88-96% against the baselines;
# 800 nodes instead of 200: against window from tools/arena.py's random openings (outside the
# family everything else was tuned on) 74 -> 81% (seed 1) and 75 -> 82% (seed 2), for about 10%
# more nodes in bench_ai.py's game and the same median time. 1,200 instead of 800 (2026-11-27,
# with a lost position's move chosen as below): random openings lost to window 95 -> 80 (seed
# 2 82 -> 75), to table 75 -> 66, to greedy 36.5 -> 32.5; bench_ai.py's nodes the same.
# Medium's tree of 3 plies and 330 nodes instead of 2 and 110 (session 58): games won from
# seed 1's random openings against table 363 -> 399 (full-board draws 83 -> 48), window 396 ->
# 414, greedy 443 -> 441; its median move on an emulated Pico 91 -> 272.5 ms (target 0.5 s).
# Hard's (1,000 nodes, 300 a move and 600 in all before): 472 games from --reach 7 openings,
# 38 -> 31 lost to window; in 144 positions of lost games where some move still holds, it
# picks one in 124 instead of 100. Its threat searches of 11 and then 15 plies instead of one of
# 13: 131 of those 144, 31 -> 25 lost to window (table: 31 either way).
# Hard's check 2,000 nodes instead of 1,000 (2026-11-25): against tools/arena.py's window+vct
# (window that plays the threat wins our search finds) 138 -> 117 lost on the random openings,
# 80 -> 63 on --reach 7; against window itself a wash (68 -> 57 random, 23.5 -> 30.5 reach 7).
# Hard's tree stops at 3 plies (it went on to 6 while nodes lasted): the 4-ply iterations its
# nodes sometimes finished, or half finished, chose worse moves (with twice the nodes in the
# first moves, where more iterations reach 4 plies: 42 games lost to window instead of 24 on
# --reach 7, 19.5 when stopped at 3). Stopped at 3: --reach 7 lost to window 24 -> 23.5, table
# 29 -> 25, greedy 4 -> 3; the 20 fixed openings 7 -> 5.5, 1 -> 1.5, 3 -> 1; and it leaves the
# nodes a 4-ply try would have spent unspent.
# The 13th item: how many more candidates the final check may try when every move of the
# tree's it tried loses and nodes are left (the tree's roots are only `width`, or the few
# _defend() kept). Hard's 20 (2026-11-26), tools/arena.py against window, table from random
# openings (472 games each): 41 -> 39 and 28 -> 26 lost; a move tried there must be cleared
# outright (the one the check runs out of nodes on may not be taken: 40 lost to window).
# Then `ext`: nodes the check gets on top when the tree's choice is refuted. Hard's 2,000
# (2026-11-26), random openings against window / table / greedy: 39 -> 34, 26 -> 28, 17 -> 14
# lost (seed 2: 47 -> 44, 29.5 -> 29.5, 27.5 -> 21.5), --reach 7: 30 -> 33, 29 -> 30.5,
# 13 -> 15; 1,000 more: 36 against window.
# Then `vx`: nodes our own win by threats may search past its share, on top of the total (the
# rest of the move keeps its nodes). Hard's 800 (2026-11-26; 400: window 31, table 27.5);
# 1,600 since session 78: some of table's full-board draws held wins hard's own search found
# with a few nodes more than 800 allowed. Random openings, 472 games each, won with 800 ->
# 1,600: table seeds 1 and 2 448 -> 450 and 447 -> 448 (draws 16 -> 14, 17 -> 16), window seeds
# 1 to 4 1,765 -> 1,767; --reach 7 452 -> 453; an emulated Pico's game median the same.
# Last, the tree's width at the root (the alpha-beta width is for the plies below it). Hard's
# 10, with 660 nodes instead of 520 for the two more subtrees (session 30), 472 random openings
# each, points lost to table 26 -> 17.5 (seed 2 22.5 -> 18), window 30 -> 34 (seed 2 38 -> 36),
# greedy 13 -> 16; 10 at every ply (900 nodes): table 15 (19.5), window 32 (41), greedy 16.
# Hard's two-step test in the final check (_two()), as white while fewer than the first item's
# stones are on the board: a move the check clears may still lose to a reply that leaves the
# opponent a win by threats whatever we answer, which no threat search from the move sees.
# Then: the opponent's replies tried, our answers tried after one, the plies of the threat
# searches, the nodes of one against a pass (after a reply), of one after an answer, and of
# the test in all, per move (on top of the check's). Session 60, tools/arena.py against window
# on the four random sets (472 games each): 1,734 -> 1,742 won (better in 9 games, worse in
# 1). Run for black too it won the same 8 games and no more, for twice the median move, so it
# runs for white only.
_TWO = (30, 12, 8, 13, 300, 600, 4000)
_PARAMS = (
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (), 0, 0, 0, 0),
    (330, 20, 20, 8, 3, 9, 0, 0, 0, 1200, 1200, (9,), 0, 0, 0, 8),
    (660, 60, 60, 8, 3, 13, 220, 9, 100, 2000, 2000, (11, 15), 20, 2000, 1600, 10),
)
# Medium on a board of more than 15 lines: its own win by threats (60 nodes, 9 plies) and the
# opponent's against a pass (40 nodes), which its 15x15 row leaves out. With room on every side
# a fight builds threat lines the edge of a 15x15 board would have cut (session 76: hard wins
# 100-4 of the 104 wide games against window placed on 19x19 as on 15x15, 94-10 centred).
# Against window, tools/arena.py: 19x19 fixed 40 31-9 -> 33-7, seed 2's fixed 80 60-20 -> 66-14,
# wide 93-11 -> 95-9, random seeds 1 and 2 393-79 -> 403-69 and 413-59 -> 406-66; 20x20 fixed
# 40 31-9 -> 33-7, wide 91-13 -> 95-9. On 15x15 they gain nothing (fixed 80 72-8 -> 66-14,
# wide 95-9 either way, random seed 1 414-58 -> 410-62), so that row stays as it was.
_MEDIUM_ROOM = (330, 20, 20, 8, 3, 9, 60, 9, 40, 1200, 1200, (9,), 0, 0, 0, 8)


class Rng:
    """xorshift kept under 2**30 so it stays a small int on 32-bit MicroPython."""

    def __init__(self, seed):
        self.s = (seed * 2654435761 + 12345) & 0x3FFFFFFF or 1

    def next(self):
        s = self.s
        s ^= (s << 13) & 0x3FFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0x3FFFFFFF
        self.s = s
        return s

    def below(self, n):
        return self.next() % n


class Stats:
    def __init__(self):
        self.nodes = 0
        self.depth = 0
        self.score = 0
        # 'win', 'block', 'vcf', 'vct', 'defend', 'checked' (the final check changed the move),
        # 'lost' (the check cleared no move: the one hardest to refute) or None
        self.forced = None
        self.line = []


class Sliced:
    """Work done by the generator in self._gen, one bounded slice per step(), so the device's
    loop keeps running between slices."""

    _gen = None

    def step(self):
        """One slice of work; True when finished."""
        g = self._gen
        if g is None:
            return True
        try:
            next(g)
        except StopIteration:
            self._gen = None
            return True
        return False


class Engine(Sliced):
    def __init__(self, level=HARD, rule=rules.FREESTYLE, seed=1, style=0, nodes=None,
                 time_ms=None, clock=None, size=15):
        self.level = level
        self.rule = rule
        self.rng = Rng(seed)
        self.set_style(style)
        p = _PARAMS[level]
        self.budget = p[0] if nodes is None else nodes
        self.params = p
        self.two = _TWO if level == HARD else ()
        # Hard's Search.area. Renju keeps 3: there threes anywhere lost games (session 77:
        # against window, random seed 1 439-33 -> 433-39, fixed 38-2 -> 37-3; why, not known).
        self.area = AREA if rule == rules.RENJU else _HARD_AREA
        self.time_ms = time_ms
        self.clock = clock
        self.tt = TT(8) if level != EASY else None
        self.comb = 0  # whose combination points hard's last search valued (Search.comb)
        self.board = None
        self.pos = None
        self.best = -1
        self.stats = Stats()
        self._gen = None
        # The incremental position is built now, for the empty board the game will most likely
        # use (size): its full scan is the costliest thing the engine does, and it belongs to
        # setting up a game rather than to the first move. Another size rebuilds it then.
        self._sync(Board(size))

    # -- keeping our copy of the board ----------------------------------------------------------
    def _sync(self, board):
        b = self.board
        if b is None or b.size != board.size:
            self.board = board.copy()
            if self.level == MEDIUM:
                self.params = _MEDIUM_ROOM if board.size > 15 else _PARAMS[MEDIUM]
            ev = P.EVAL_MEDIUM if self.level == MEDIUM else P.EVAL
            self.pos = Pos(self.board, self.rule, ev)
            self.late_ev = False  # hard's late-game pattern values in use (P.LATE_STONES)
        else:
            h = board.hist
            mine = b.hist
            k = 0
            n = min(len(h), len(mine))
            while k < n and h[k] == mine[k] and board.cells[h[k]] == b.cells[h[k]]:
                k += 1
            pos = self.pos
            while len(mine) > k:
                pos.take()
            for i in h[k:]:
                pos.put(i, board.cells[i])
        # Hard values the patterns by the game's phase (ai.patterns.EVAL_LATE). (Its table,
        # valued by the other phase's values, is emptied by start() as at every move.)
        if self.level == HARD and self.late_ev != (len(board.hist) >= P.LATE_STONES):
            self.late_ev = not self.late_ev
            self.pos.set_ev(P.EVAL_LATE if self.late_ev else P.EVAL)

    # -- API -------------------------------------------------------------------------------------
    def set_style(self, style):
        """The seeds' attack (K1) and defence (K2) weights, 0..16 each, summing to 16, from a
        style of -100 (defence) to 100 (attack): they rank the candidates and, away from 0,
        weigh the AI's own shapes against its opponent's in the evaluation."""
        style = max(-100, min(100, style))
        d = abs(style) * 8 // 100  # (rounded alike both ways: -60 was 3/13, +60 12/4)
        self.k1 = 8 + d if style >= 0 else 8 - d
        self.k2 = 16 - self.k1

    def set_clock(self, clock, left):
        """Moves on a game's clock: each stops at the level's cap (MOVE_MS) or at a
        CLOCK_SHARE-th of `left`, the ms the clock has left (None: no limit), if sooner."""
        self.clock = clock
        cap = MOVE_MS[self.level]
        self.time_ms = cap if left is None else max(20, min(cap, left // CLOCK_SHARE))

    def start(self, board):
        self._sync(board)
        self.c = board.to_move()
        self.stats = Stats()
        if self.tt is not None:
            # A fresh table each move: the threat search's "no win" results hold only for the
            # line that reached a position (past its first ply it tries threes near the
            # attacker's last stone), and those the last moves left misled this one's final
            # check. Random openings lost to window 30 -> 26 (seed 2 38 -> 37; session 48);
            # bench_ai.py's game the same moves, 70,070 -> 70,150 nodes. (It also drops the
            # scores valued by the other phase's values or the other combination term.)
            # Medium's too (it kept its table until a fuzzing review): its move then depended
            # on what the engine had done before, a search cancelled part-way (the menu opened
            # while it thought) or the same position asked before (after an undo), in about 1
            # position in 10 of its own games; and the table's entries of a move with exactly
            # five's border cells (ai.overlines, keyed as a black stone on the next point)
            # could answer for another position at a later move.
            self.tt.clear()
        p = self.pos
        self.ph = 0
        if self.rule == rules.STANDARD and (p.cnt[0] or p.cnt[1]):
            from ai.overlines import mask

            # An overline's end is no five (docs: ai/overlines.py): a real five is the move,
            # the false ones are border cells for this move (taken out when it ends, or by the
            # next _sync() if it is cancelled).
            if mask(self):
                return
        self.best = self._fallback()
        self._gen = self._play()

    def cancel(self):
        self._gen = None

    def think(self, board):
        self.start(board)
        while not self.step():
            pass
        return self.best

    # -- work --------------------------------------------------------------------------------
    def _search(self, width):
        s = Search(self.pos, self.tt, width, self.k1, self.k2)
        if self.k1 != self.k2:
            s.root = self.c
        if self.level == HARD:
            s.p43 = 500
            s.p33 = 250
            s.area = self.area
        if self.time_ms is not None and self.clock is not None:
            s.clock = self.clock
            s.deadline = self.clock() + self.time_ms
        return s

    def _legal(self, q, c):
        if self.board.cells[q] != EMPTY:
            return False
        return not (self.rule == rules.RENJU and c == BLACK and rules.is_forbidden(self.board, q))

    def _fallback(self):
        # Something legal at once: the greedy choice, else the centre, else any legal point.
        b = self.board
        if not b.hist:
            return b.idx(b.size // 2, b.size // 2)
        s = Search(self.pos, None, 1, self.k1, self.k2)
        m = s.gen(self.c, 1)
        if m and self._legal(m[0], self.c):
            return m[0]
        for q in b.points():
            if self._legal(q, self.c):
                return q
        return -1

    def _play(self):
        yield from self._run()
        # The searches' forbidden-point filter reads pattern sums, which miss a point of two
        # overlines at once (ai.search.Search.forbidden): the move played is checked exactly.
        if self.best >= 0 and not self._legal(self.best, self.c):
            self.best = self._fallback()
        for _ in range(self.ph):
            self.pos.take()
        self.ph = 0

    def _run(self):
        c = self.c
        pos = self.pos
        b = self.board
        st = self.stats
        if not b.hist or b.full():
            return
        me = c - 1
        op = 2 - c
        if pos.cnt[me]:
            st.forced = "win"
            st.score = WIN
            return  # _fallback() already holds the five
        if pos.cnt[op]:
            st.forced = "block"
            return
        if self.level == EASY:
            self._easy()
            return
        (nodes, vcf_n, dvcf_n, width, maxd, vply, vct_n, tply, dvct_n, chk_n, chk_all, chk_t,
         more, ext, vx, rw) = self.params
        budget = self.budget
        s = self._search(width)
        if self.level == HARD:
            bar = _AHEAD_B if c == BLACK else _AHEAD_W
            self.comb = s.comb = c if s.evaluate(c) >= bar else 0
        s.limit = min(budget, vcf_n if budget == nodes else budget * vcf_n // max(1, nodes))
        # 1. A forced win of our own by continuous fours.
        try:
            if s.vcf(c, 0, vply):
                self.best = s.seq[0]
                st.forced = "vcf"
                st.line = s.seq
                st.score = WIN
                st.nodes = s.nodes
                return
        except Stop:
            pass
        st.nodes = s.nodes
        yield
        # 2. A forced win by threes and fours. It wins whatever the opponent threatens (each
        # move forces an answer, and the answers it knows include the opponent's fours), so it
        # comes before the defence. After it, and only when no threat was found (until
        # 2026-11-26), it missed wins: random openings lost to window 34 -> 33 (seed 2 44 ->
        # 41), to table 28 -> 26.5; --reach 7 to window 33 -> 31.
        start = s.nodes
        past = 0
        if vct_n and not s.late:  # (late: past the deadline, see Search._tick)
            limit = min(budget, s.nodes + (vct_n if budget == nodes
                                           else budget * vct_n // max(1, nodes)))
            top = limit
            # vx more on top of the budget: wins it finds with them, 472 random openings each,
            # lost to window 33 -> 30 (seed 2 41 -> 38), to table 26.5 -> 26 (seed 2 30 ->
            # 22.5); --reach 7 to window 31 -> 27, to table 30.5 -> 21 (2026-11-26).
            limit += vx if budget == nodes else budget * vx // max(1, nodes)
            # Short wins first (tply), then, within the same nodes, ones as long as the VCF's:
            # --reach 7 openings, 472 games, lost to table 31 -> 29, to window 25 -> 24.
            won = False
            try:
                won = yield from self._threat_win(s, c, (tply, vply), limit)
            except Stop:
                pass
            if won:
                self.best = s.seq[0]
                st.forced = "vct"
                st.score = WIN
                st.nodes = s.nodes
                return
            st.nodes = s.nodes
            yield
            past = max(0, s.nodes - top)
        vct_used = s.nodes - start
        # What the win search used past its share the rest of the move gets back (added to
        # both, so that with the level's own budget the scaled shares stay as they were).
        budget += past
        nodes += past
        # 3. The opponent's forced win if we passed, by fours and then by threats: only the
        # root moves that break the first one found are kept.
        roots = None
        for share, plies, threes in ((dvcf_n, vply, False), (dvct_n, tply, True)):
            if not share or roots is not None or s.late:
                continue
            roots = yield from self._defend(s, c, budget, nodes, share, plies, threes)
            st.nodes = s.nodes
            if roots is not None and len(roots) == 1:
                self.best = roots[0]
                st.forced = "defend"
                return
            yield
        # 4. Iterative deepening alpha-beta. Against a threat the tree keeps the nodes it had
        # when the win search did not run there: with them spent, --reach 7 games lost to
        # window went 33 -> 81 (one weaker answer, in lines many openings reach).
        s.limit = budget
        if roots is None:
            if self.level == HARD and len(b.hist) >= _LATE_ROOTS:
                rw = _LATE_WIDTH
            roots = s.gen(c, rw)
        else:
            s.limit += vct_used - past
        if not roots:
            return
        self.best = roots[0]
        scores = {}
        for depth in range(1, maxd + 1):
            if s.late:
                break  # roots[0] stands
            alpha = -WIN - 1
            best = roots[0]
            done = True
            for q in roots:
                s.nodes += 1
                pos.put(q, c)
                try:
                    v = -s.ab(3 - c, depth - 1, -WIN - 1, -alpha, 1)
                except Stop:
                    done = False
                finally:
                    pos.take()
                if not done:
                    break
                scores[q] = v
                if v > alpha:
                    alpha = v
                    best = q
                yield
            if done or scores.get(best, -WIN) > st.score or depth == 1:
                self.best = best
                st.score = alpha
                st.depth = depth if done else depth - 1
            st.nodes = s.nodes
            if not done or alpha >= WIN - 64 or alpha <= 64 - WIN:
                break
            # Best first, equal scores keeping their order: a stable insertion sort, since
            # MicroPython's list.sort is not stable and the board must play as the host does.
            for i in range(1, len(roots)):
                q = roots[i]
                v = scores.get(q, -WIN)
                j = i
                while j and scores.get(roots[j - 1], -WIN) < v:
                    roots[j] = roots[j - 1]
                    j -= 1
                roots[j] = q
        st.nodes = s.nodes
        # 5. The final check: the chosen move must not leave the opponent a forced win the tree
        # was too shallow to see. The roots, best first, get the opponent's threat search until
        # one is not refuted within its nodes (preferring one the search clears outright did
        # better against the searching baseline but worse against the others: tools/arena.py).
        # If the tree's choice loses, the check gets `ext` more nodes: the refutation often
        # takes most of them, and the next move needs as many to be judged.
        # If every move tried loses, `more` candidates the tree did not look at are tried with
        # the nodes left, each taken only if cleared outright. If none is, the move played is
        # the one whose search took the most nodes (refuted, or undecided when they ran out):
        # the opponent must still find the win, and a long search means a win hard to see.
        # Points lost over eleven sets of 472 games against the baselines (tools/arena.py):
        # 290 with the tree's choice, 262.5 this way (window on --reach 7 19 -> 14).
        if chk_n and len(roots) > 1 and -64 - WIN < st.score < WIN - 64:
            del s._pool[:]  # the tree's move lists: their room goes to the threat search's
            # Its nodes come on top of the budget's.
            end = s.nodes + (chk_all if budget == nodes else budget * chk_all // max(1, nodes))
            per = chk_n if budget == nodes else max(1, budget * chk_n // max(1, nodes))
            order = [self.best] + [q for q in roots if q != self.best]
            k = 0
            n = len(order)  # the tree's moves; those after it need a clear "no"
            most = -1
            hard = -1  # the move whose search took the most nodes
            quiet = -1  # the first move cleared but for the two-step test
            two = 0  # nodes left for that test
            if self.two and c != BLACK and len(b.hist) < self.two[0]:
                two = self.two[6] * self.budget // self.params[0]  # scaled to the budget
            while s.nodes < end:
                if k >= n and s.clock is not None and s.clock() >= s.deadline:
                    break  # past the tree's moves a search would stop only after 32 nodes
                if k == len(order):
                    if not more:
                        break
                    order += [q for q in s.gen(c, more) if q not in order and self._legal(q, c)]
                    more = 0
                    continue
                q = order[k]
                k += 1
                n0 = s.nodes
                lost = None  # past the deadline: unresolved
                if not s.late:
                    lost = yield from self._refuted(s, c, q, min(end, s.nodes + per), vply,
                                                    chk_t)
                if lost is True and k == 1:
                    end += per * ext // chk_n  # ext, scaled to the budget as per is
                if lost is False and two > 0:
                    n0 = s.nodes
                    if (yield from self._two(s, c, q, s.nodes + two, vply)):
                        lost = True
                        if quiet < 0:
                            quiet = q
                    two -= s.nodes - n0
                    end += s.nodes - n0  # the check's own nodes stay what they were
                if lost is False or (lost is None and k <= n):
                    if q != self.best:
                        self.best = q
                        st.forced = "checked"
                    hard = -1
                    break
                if s.nodes - n0 > most:
                    most = s.nodes - n0
                    hard = q
            if hard >= 0:
                # A refutation that starts with a quiet move is the harder one to find.
                self.best = quiet if quiet >= 0 else hard
                st.forced = "lost"
            st.nodes = s.nodes

    def _defend(self, s, c, budget, nodes, share, plies, threes=False):
        """If the opponent has a forced win against a pass (by fours, or with threes=True by
        threats), the root moves that stop it (tried with a small budget each), or None when
        there is no such threat or nothing found stops it. A generator returning that: it
        yields after the threat search and after each candidate, so each is one step."""
        o = 3 - c
        pos = self.pos
        find = s.vct if threes else s.vcf
        s.limit = min(budget, s.nodes + (share if budget == nodes
                                         else budget * share // max(1, nodes)))
        try:
            if not find(o, 0, plies):
                return None
        except Stop:
            return None
        line = s.seq
        yield
        cand = []
        for q in line + s.gen(c, 12) + pos.points_over(c, P.M_FOUR):
            if q not in cand and self._legal(q, c):
                cand.append(q)
        good = []
        for q in cand:
            ok = True  # unresolved (or past the deadline): kept
            if not s.late:
                s.nodes += 1
                pos.put(q, c)
                s.limit = min(s.nodes + 24, budget)
                try:
                    ok = not find(o, 0, plies)
                except Stop:
                    pass
                pos.take()
            if ok:
                good.append(q)
            if len(good) >= 6:
                break
            yield
        return good or None

    def _refuted(self, s, c, q, limit, vply, tplies):
        """Does the opponent win by force (fours, then threats of each of tplies plies in turn)
        after c plays q? True, False, or None when the search runs out of nodes first. The
        shallow search first: most refutations are short, and a search of 11 plies finds them
        in fewer nodes than one of 13 or 15 (whose many longer tries use the nodes up first).
        Refutations of hard's moves in lost games (each search with up to 40,000 nodes): at 11
        plies in 786 nodes and at 13 in 929; 463 and 926; 570 and 2,275. A generator returning
        that: it yields after the fours, after each of the opponent's first threats and within
        a search every _STEP nodes, so each step is short. (If the caller drops it meanwhile, q
        stays on the engine's board: the next start() takes it back.)"""
        pos = self.pos
        pos.put(q, c)
        s.nodes += 1
        try:
            lost = yield from self._wins(s, 3 - c, limit, vply, tplies)
        except Stop:
            lost = None
        pos.take()
        yield
        return lost

    def _wins(self, s, c, limit, vply, tplies):
        # Does c (to move) win by fours, or else by threats (each of tplies in turn)? A
        # generator returning that, in steps; Stop at limit or when the move's time is up.
        if (yield from self._steps(s, limit, s.vcf, c, 0, vply)):
            return True
        return (yield from self._threat_win(s, c, tplies, limit))

    def _two(self, s, c, q, limit, vply):
        """After c's q, which the check's threat searches cleared: has the opponent a reply
        after which it wins by threats against a pass, and still after each of c's best answers
        and the threat line's first point? True if so (q loses to a quiet move, then threats),
        else False, also when the nodes or the time run out first (q stands). A generator
        returning that, in the check's steps.
        On the arena's random openings hard lost mostly as white, over its first moves after
        the opening, to just this: a move that holds was there, and two plies before the loss
        every move already lost to a quiet move and then threats in 15 of 25 games (session
        59's analysis of seed 3). Most replies' searches against a pass fail, and those that
        run out of nodes are where the test's nodes go: what it finds, it mostly finds in
        fewer than 300 (docs/ai-tuning.md, session 60)."""
        _, replies, answers, plies, pass_n, ans_n, _ = self.two
        o = 3 - c
        pos = self.pos
        so = pos.sb if o == BLACK else pos.sw
        tp = (plies,)
        pos.put(q, c)
        s.nodes += 1
        lost = False
        for r in s.gen(o, replies):
            if s.nodes >= limit or (s.clock is not None and s.clock() >= s.deadline):
                break
            if so[r] >= P.M_FOUR:
                continue  # a four: the check's own searches began with it
            pos.put(r, o)
            s.nodes += 1
            try:
                won = yield from self._wins(s, o, min(limit, s.nodes + pass_n), vply, tp)
            except Stop:
                won = False  # not found within its nodes: the reply is let go
            if won:
                ans = s.gen(c, answers)
                t = s.seq[0]
                if t not in ans:
                    ans.append(t)
                lost = True
                for a in ans:
                    if self._legal(a, c):
                        lost = (yield from self._refuted(s, c, a, min(limit, s.nodes + ans_n),
                                                         vply, tp)) is True
                        if not lost:
                            break
            pos.take()
            if lost:
                break
        pos.take()
        yield
        return lost

    def _threat_win(self, s, c, plies, limit):
        # Does c (to move) win by threats, searching to each of plies in turn? A generator
        # returning that (s.seq[0] the first move when it does): one step per root move (s.vct()
        # would do them all in one), each search cut every _STEP nodes; Stop at limit.
        for t in plies:
            moves = s.vct_moves(c, 0, t)
            if moves is True:
                return True
            for q in moves or ():
                yield
                if (yield from self._steps(s, limit, s.vct, c, 0, t, 6, q)):
                    s._won(q)
                    return True
        return False

    def _steps(self, s, limit, f, *args):
        # f(*args), a threat search (vcf, or vct of one root move), within limit nodes, in
        # steps of at most _STEP: when a step runs out, the next one goes back to where the
        # threat search was cut (s.resume(); the VCF search, small, starts again). Stop when the
        # limit itself is reached, or the move's time is up.
        s.resume(False)
        while True:
            s.limit = min(limit, s.nodes + _STEP)
            try:
                r = f(*args)
            except Stop:
                if s.nodes >= limit or (s.clock is not None and s.clock() >= s.deadline):
                    s.resume(False)
                    raise
                s.resume(True)
                yield
                continue
            s.resume(False)
            return r

    def _easy(self):
        # The seeds' greedy scorer: attack K1 + defence K2 with randomness among near-best.
        s = Search(self.pos, None, 4, self.k1, self.k2)
        m = s.gen(self.c, 4)
        if not m:
            return
        pos = self.pos
        sm = pos.sb if self.c == BLACK else pos.sw
        so = pos.sw if self.c == BLACK else pos.sb
        top = (sm[m[0]] >> 5) * self.k1 + (so[m[0]] >> 5) * self.k2
        near = [q for q in m if ((sm[q] >> 5) * self.k1 + (so[q] >> 5) * self.k2) * 4 >= top * 3]
        self.best = near[self.rng.below(len(near))]
