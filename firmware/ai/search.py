# Search over an incremental Pos: candidate generation, threat search (VCF) and iterative-
# deepening alpha-beta with a fixed-size transposition table, killer and history ordering.

from gomoku.board import BLACK
from gomoku import rules
from ai import patterns as P
from ai.eval import UNBOUNDED, first, online, over, rank, threes, zeros

import sys
from micropython import const, stack_use


WIN = const(30000)
_M5 = P.M_FIVE
_M4O = P.M_FOUR_O
_M4 = P.M_FOUR
_M3 = P.M_THREE
_M43 = P.M_FOUR + P.M_THREE  # a point at or above: four-three, double four, or better
_M33 = 2 * P.M_THREE  # double three, or any four
_NEARWIN = const(12000)
_BODY = const(512)  # ai.patterns.BODY
_THREE16 = const(5 << 4)  # ai.patterns.THREE as black's nibble of a pattern table byte
_P43 = const(300)  # the opponent can make a four-three next
_P33 = const(150)  # ... a double three
AREA = const(3)  # Search.area's default (see there): medium's, and hard's in Renju
# A board's C stack is small: the rp2 port's is 8 KB, of which MicroPython lets 7,936 bytes be
# used before it raises "maximum recursion depth exceeded" from whatever call is being made (the
# line update's midway included, which would leave the position half updated). The threat search
# (vct) keeps its plies in arrays, and Renju's forbidden-point check its levels (gomoku.renju),
# so neither grows the stack with its depth. What still recurses, alpha-beta (whose quiescence
# may run to 24 plies) and the VCF search (one call an attacking move), stops where stack_use()
# passes _DEEP: alpha-beta takes the node as a leaf, the VCF goes no deeper (not won, as when
# nodes run out). Room is left for one more move and the calls under it: on an emulated Pico
# (tools/emu2040) hard's games peaked at 5,632 bytes in freestyle and 6,952 in Renju. The ESP32
# port's stack is 16 KB (15,360 usable) and its frames larger: its value is scaled, not
# measured. Elsewhere (CPython, the unix and wasm VMs) the stack is large and the plies decide.
_DEEP = {"rp2": 6400, "esp32": 13000}.get(sys.platform, 0)
# vct()'s states
_ENTER_A = const(0)
_NEXT_A = const(1)
_ENTER_D = const(2)
_NEXT_D = const(3)
_DONE_A = const(4)
_DONE_D = const(5)
_RETURN = const(6)
_EXACT = const(0)
_LOWER = const(1)
_UPPER = const(2)


class TT:
    """Preallocated transposition table: slot = hash & mask; a slot keeps one entry, checked by
    the next 16 bits of the hash (hash >> bits), which with the slot makes a (bits + 16)-bit
    match (24 bits in the engine's TT(8)).
    Beside it, as many slots of the threat search's results (tkey, tres: vct())."""

    def __init__(self, bits=9):
        n = 1 << bits
        self.mask = n - 1
        self.bits = bits
        self.key = zeros("H", n)
        self.move = zeros("H", n)
        self.val = zeros("h", n)
        self.info = bytearray(n)  # (depth + 1) << 2 | bound, 0 = empty
        self.tkey = zeros("H", n)  # the check bits, xor the attacker's colour
        self.tres = bytearray(n)  # 128 + plies if won within that many, plies if not, 0 = empty

    def clear(self):
        """Empty, as new (in place: a new table would be allocated while this one is held)."""
        info = self.info
        tkey = self.tkey
        tres = self.tres
        for i in range(len(info)):
            info[i] = 0  # key, move and val are read only where info is set
            tkey[i] = 0
            tres[i] = 0


class Stop(Exception):
    pass


class _Key:
    def __getitem__(self, k):
        return k


# A whole-list slice built once: `del x[:]` makes a new slice object (16 bytes of heap) every
# time, and _plist() runs at every node of the threat search.
_ALL = _Key()[:]


def _front(moves, n, q, at):
    # Move q (if among the first n) to index `at`, keeping the others' order.
    for j in range(at + 1, n):
        if moves[j] == q:
            while j > at:
                moves[j] = moves[j - 1]
                j -= 1
            moves[at] = q
            return


def _first_of(pos, s, k):
    # The first candidate whose sum in s gives threat class k = 2 or 3 (see evaluate()).
    return first(pos, s, _M43) if k == 3 else first(pos, s, _M33, _M4)


class Search:
    """One search tree over pos (an ai.eval.Pos). Budgets are in nodes (put() calls)."""

    def __init__(self, pos, tt, width=10, k1=8, k2=8, clock=None, deadline=0):
        self.pos = pos
        self.tt = tt
        self.width = width
        self.k1 = k1
        self.k2 = k2
        self.renju = pos.rule == rules.RENJU
        self.deep = _DEEP  # see there
        if self.renju:
            from gomoku import renju

            self._isf = renju.is_forbidden  # asked at nodes: no import statement per question
        self.nodes = 0
        self.limit = 1 << 29
        self.clock = clock
        self.deadline = deadline
        self.late = False  # past the deadline (_tick)
        self.root = 0  # with a style (k1 != k2): the AI's colour, whose shapes weigh k1
        self.due = 32  # the node count at which _node() next reads the clock
        self.hist = zeros("H", pos.n)
        self.killer = zeros("H", 64)
        self._ss = zeros("i", 16)  # gen()'s scores and points; grow if a wider gen() asks
        self._gm = zeros("H", 16)
        self._forb = self.forbidden  # bound once: gen_into() passes it to rank()
        self._pool = []  # ab()'s move list per ply
        self._tpool = []  # the threat search's, likewise
        # Where a Stop cut the threat search: the index of the move each node on the way was
        # searching, deepest first (_rec: being recorded); _arm: resume() armed it.
        self._line = []
        self._rec = False
        self._arm = False
        self._fi = zeros("H", 16)  # vct()'s stack: per ply the move's index, a table slot, a key
        self._fs = zeros("i", 16)
        self._fk = zeros("H", 16)
        self._tk = zeros("H", 16)  # per ply, the attacker's move that won there last (vct())
        self._ts = zeros("i", 8)  # vct()'s three scores and points
        self._tm = zeros("H", 8)
        self.seq = []  # forced line found by vcf(); vct() gives its first move only
        self._one = [0]  # vct()'s seq, filled in place: it wins at many leaves
        self._f = []  # _drop_lost()'s open-four points
        # vct(): past the first ply, its threes within this many lines of the attacker's last
        # stone (0: anywhere).
        self.area = AREA
        self.qply = 12  # quiescence answers open threes up to this ply
        self.qwidth = 4
        # Cost of the opponent's four-three / double-three point in evaluate(); the deeper
        # hard search profits from a larger one (tools/arena.py), medium does not.
        self.p43 = _P43
        self.p33 = _P33
        self.comb = 0  # whose combination points evaluate() adds (ai.lines.combo): 0 none

    # -- helpers -----------------------------------------------------------------------------
    def _node(self):
        # One more node of a search; Stop when out of nodes or (read every 32) out of time. The
        # clock is due at a count, not at multiples of 32: the threat search's defender nodes
        # and the engine's own count without calling this, and a multiple they step over was
        # missed, up to 1,299 nodes between reads in bench_ai.py's game (1.7 s on a board).
        self.nodes += 1
        if self.nodes >= self.limit:
            raise Stop()
        if self.nodes >= self.due and self.clock is not None:
            self.due = self.nodes + 32
            self._tick()

    def _tick(self):
        # The clock is read every 32 nodes only: it may be slow to call. Once it is past the
        # deadline, `late` tells the engine to start nothing more (each search would run up to
        # 32 nodes, more where nodes are counted outside the searches, before seeing it: in
        # Renju on an emulated Pico, 0.65 s past the cap over a move's stages).
        if self.clock() >= self.deadline:
            self.late = True
            raise Stop()

    def forbidden(self, q, c):
        """Is q forbidden for colour c? Cheap pattern filter first: a forbidden point makes no
        five and has an overline (an odd sum: ai.patterns.FIELD) or two lines of a four or
        three, counted from the sum's fields (an open-four line counts 8: two five-points on
        one line may be two fours). The lines' codes see 4 cells each way, so they count every
        real four and three and maybe more, never fewer; a point with one four and no three,
        the threat search's usual move, is settled here: 3 in 4 of its questions in Renju
        games (tools/bench_ai.py). Two overlines at once would sum even and pass as allowed:
        the search's loss, not the game's (ai.engine checks the move it plays exactly).
        ai.lines.rank() reads the same first test in its native scan before it asks: a change
        to the filter goes in both."""
        if not self.renju or c != BLACK:
            return False
        pos = self.pos
        a = pos.sb[q]
        if a >= _M5 or not (a & 1 or (a >> 18) + ((a >> 15) & 7) >= 2):
            return False
        # The check looks only at the lines whose code is a three or more (black's code is
        # the high nibble: ai.patterns.code): about 30% less of its time in Renju's games.
        t = pos.pt
        kk = pos.kk
        j = q << 2
        m = 0
        b = 1
        while b < 16:
            k = kk[j]
            if t[_BODY + (t[k & 255] << 5) + t[k >> 8]] >= _THREE16:
                m |= b
            j += 1
            b <<= 1
        return self._isf(pos.board, q, m)

    def gen(self, c, width):
        """Candidate moves for c, best first: a forced move alone (win, or the block of a four),
        answers to an open three (blocks and own fours) when one is on the board, else the best
        `width` points by attack + defence."""
        out = [0] * max(1, width)
        del out[self.gen_into(c, width, out):]
        return out

    def gen_into(self, c, width, out):
        """gen() written into out (a list at least max(1, width) long); returns the count. The
        search calls this at every node with a list kept per ply, so it allocates nothing."""
        pos = self.pos
        cnt = pos.cnt
        me = c - 1
        op = 2 - c
        if c == BLACK:
            sm = pos.sb
            so = pos.sw
        else:
            sm = pos.sw
            so = pos.sb
        if cnt[me]:
            out[0] = first(pos, sm, _M5)
            return 1
        if cnt[op]:
            if self.renju and c == BLACK:
                # Black may not block on a forbidden point.
                cells = pos.cells
                cand = pos.cand
                for i in range(pos.nc):
                    q = cand[i]
                    if not cells[q] and so[q] >= _M5 and not self.forbidden(q, c):
                        out[0] = q
                        return 1
                return 0
            out[0] = first(pos, so, _M5)
            return 1
        if width <= 0:
            return 0
        ss = self._ss
        gm = self._gm
        if len(ss) < width:
            ss = self._ss = zeros("i", width)
            gm = self._gm = zeros("H", width)
        n = rank(pos, sm, so, self.k1, self.k2, self.hist, ss, gm, width, cnt[op + 2] > 0,
                 self._forb if self.renju and c == BLACK else None)
        for j in range(n):
            out[j] = gm[j]
        return n

    def evaluate(self, c):
        """Static value for c to move: the pattern sums (the side to move is a tempo ahead, so
        its own shapes count for more) corrected by the best threat each side can make next,
        read from the per-point fields without playing anything. Fives, a four to block and an
        open-four point are settled by ab() before this is called."""
        pos = self.pos
        if c == BLACK:
            em = pos.eb
            eo = pos.ew
            sm = pos.sb
            so = pos.sw
        else:
            em = pos.ew
            eo = pos.eb
            sm = pos.sw
            so = pos.sb
        r = self.root
        if r:  # the style knob: the AI's own shapes count k1/8, its opponent's k2/8
            a = self.k1 if c == r else self.k2
            v = (em * 5 * a - eo * 4 * (16 - a)) >> 5
        else:
            v = (em * 5 - eo * 4) >> 2
        # Best threat class a point gives each side (ai.eval.threat: 1 a four, 2 a double
        # three, 3 a four-three or double four), kept counted by Pos.
        t = pos.cnt
        b = 1 + 3 * c  # the mover's class-1 slot
        o = 10 - 3 * c
        km = 3 if t[b + 2] else (2 if t[b + 1] else (1 if t[b] else 0))
        ko = 3 if t[o + 2] else (2 if t[o + 1] else (1 if t[o] else 0))
        fm = t[b] or t[b + 2]
        fo = t[o] or t[o + 2]
        if self.renju:
            # Black's best point may be forbidden: then only its fours are left to it. The
            # first point of the class is asked (a point's class is a range of its sum:
            # [_M33, _M4) two threes, from _M43 on a four-three or two fours); asking every
            # point of it would cost a forbidden check each, at every leaf.
            if km > 1 and c == BLACK and self.forbidden(_first_of(pos, sm, km), c):
                km = 1 if fm else 0
            if ko > 1 and c != BLACK and self.forbidden(_first_of(pos, so, ko), BLACK):
                ko = 1 if fo else 0
        if km == 3:
            return _NEARWIN
        cb = self.comb
        if cb:
            w = (pos.cnt[9 + cb] * 5) >> 2  # weighed as that side's own shapes are
            v += w if c == cb else -w
        if pos.cnt[4 - c]:
            # The opponent has an open three: we spend the move answering it unless we can
            # answer with fours.
            if not fm:
                v -= 400
        elif km == 2:
            if not fo:
                return _NEARWIN - 1000  # a double three the opponent cannot answer with a four
            v += 400
        elif ko == 3:
            v -= self.p43
        elif ko == 2:
            v -= self.p33
        return 20000 if v > 20000 else (-20000 if v < -20000 else v)

    # -- threat search -----------------------------------------------------------------------
    def vcf(self, c, ply, maxply):
        """Can c (to move) win by continuous fours? On success self.seq holds the line
        (attacker and defender moves alternately). Raises Stop when out of budget."""
        pos = self.pos
        cnt = pos.cnt
        me = c - 1
        op = 2 - c
        if c == BLACK:
            sm = pos.sb
        else:
            sm = pos.sw
        if cnt[me]:
            self.seq = [first(pos, sm, _M5)]
            return True
        # This ply's list from the threat search's pool (vcf() never runs inside vct()), so
        # the nodes allocate nothing.
        moves = self._plist(ply)
        if cnt[op]:
            # The defender's last block made a four: we must block it, with a four of our own.
            pos.points_over(3 - c, _M5, moves)
            if len(moves) > 1 or sm[moves[0]] < _M4 or self.forbidden(moves[0], c):
                return False
        else:
            if cnt[me + 2]:
                if self.renju and c == BLACK:
                    q = -1
                    for p in pos.points_over(c, _M4O, moves):
                        if not self.forbidden(p, c):
                            q = p
                            break
                    del moves[_ALL]
                else:
                    q = first(pos, sm, _M4O)
                if q >= 0:
                    self.seq = [q]
                    return True
            # Four-threes first. On the last ply a move may take only they can still win: a
            # simple four is blocked, and then nothing is left.
            over(pos, sm, _M43, UNBOUNDED, moves)
            if ply + 2 < maxply:
                over(pos, sm, _M4, _M43, moves)
        if ply >= maxply or (self.deep and stack_use() > self.deep):
            return False
        d = 3 - c
        for q in moves:
            if self.renju and c == BLACK and self.forbidden(q, c):
                continue
            self._node()
            pos.put(q, c)
            b = online(pos, q, sm, 0, _M5, None, 1)
            if b < 0:
                pos.take()
                continue
            if cnt[me] > 1 or self.forbidden(b, d):
                pos.take()
                self.seq = [q, b]
                return True
            pos.put(b, d)
            try:
                r = self.vcf(c, ply + 2, maxply)
            finally:
                pos.take()
                pos.take()
            if r:
                self.seq = [q, b] + self.seq
                return True
        return False

    def vct_moves(self, c, ply, maxply, k=6):
        """vct()'s attacking moves here, or True (won: self.seq holds the move) or False when
        the position decides without a search. The engine walks the root moves itself, one
        vct(q) per step."""
        pos = self.pos
        cnt = pos.cnt
        me = c - 1
        op = 2 - c
        sm = pos.sb if c == BLACK else pos.sw
        if cnt[me]:
            self._won(first(pos, sm, _M5))
            return True
        if cnt[op] > 1:
            return False
        moves = self._plist(ply)
        if cnt[op]:
            # The defender's four: the block is forced and must keep the attack going.
            pos.points_over(3 - c, _M5, moves)
            if self.forbidden(moves[0], c):
                return False
        else:
            if cnt[me + 2] and not (self.renju and c == BLACK):
                self._won(first(pos, sm, _M4O))
                return True
            if ply >= maxply:
                return False
            # Fours first (their answer is forced), strongest first (double fours, four-threes):
            # a win is usually found on the first try, 5x fewer nodes than in board order
            # (median, 87 VCTs). Then the best k threes; past the first ply, with self.area set,
            # only those within that many lines of the attacker's last stone, where the attack
            # is being built (medium's 3; hard's anywhere: ai.engine._HARD_AREA). The threes
            # are ranked in scratch arrays (shared: they are used up before the recursion).
            # On the last ply a move may take, only a double threat (a four-three, two fours or
            # two threes) leaves a threat after any one answer: nothing else can still win.
            # This prunes about half the nodes and changes no verdict (13-ply searches from 163
            # arena positions; an 11-ply refutation in a lost game: 1,426 -> 561 nodes).
            last = ply + 1 >= maxply
            lo4 = _M43 if last else _M4
            lo3 = _M33 if last else _M3
            ss = self._ts
            tm = self._tm
            if len(ss) < k:
                ss = self._ts = zeros("i", k)
                tm = self._tm = zeros("H", k)
            a = self.area
            if ply and a:
                w = pos.dirs[1]
                q = pos.board.hist[-2]
                n = threes(pos, sm, moves, k, a, q % w, q // w, ss, tm, lo4, lo3)
            else:
                n = threes(pos, sm, moves, k, 0, 0, 0, ss, tm, lo4, lo3)
            # A stable insertion sort of the fours (few), as MicroPython's sort is not stable.
            for i in range(1, len(moves)):
                q = moves[i]
                a = sm[q]
                j = i
                while j and sm[moves[j - 1]] < a:
                    moves[j] = moves[j - 1]
                    j -= 1
                moves[j] = q
            f = len(moves)
            for j in range(n):
                moves.append(tm[j])
            # The move that won at this ply after the defender's last answer most often wins
            # after the next one too (the answer did not touch it): it is tried first among the
            # fours, or among the threes (a three that fails costs far more than a four). It is
            # set only when a node at this ply ends, so a search cut and resumed (resume())
            # rebuilds the same lists on its way back down.
            q = self._tk[ply]
            if ply and q in moves:
                j = moves.index(q)
                moves.pop(j)
                moves.insert(0 if j < f else f, q)
        return moves

    def vct(self, c, ply, maxply, k=6, q=-1):
        """Can c (to move) win by threats (fours and open threes)? Sound against the defences
        it knows: every block of a four, every point where the attacker could make a four
        (which includes every block of an open three) and every four of the defender's, whose
        block the attacker must then play. Narrow: only the best k threes per ply. On success
        self.seq[0] is the first move.
        With q >= 0: does c's threat at q win so (c to move at ply)? The engine walks the root
        moves itself, one such search per step (vct_moves()).
        Past the root, results are kept in the table (two slots per hash): a win within n
        plies is one within more, no win within n is none within fewer. The same position is
        reached by many orders of the same threats: 13-ply searches from 163 arena positions
        took 39% fewer nodes where they won, 48% fewer where not (means)."""
        # A loop over an explicit stack, not recursion: a board's C stack (_DEEP) held attacks 7
        # moves deep in freestyle and 3 in Renju as recursion, where the host searches 13 plies
        # (in Renju on 236 random openings hard then won 78% against window, 94% unbounded).
        # The plies alternate: the attacker's nodes ("A") at ply's parity, the defender's after
        # an attacker's move ("D") at the other. Per ply: _tpool's list of moves, fi the index
        # of the move being searched, fs and fk an A node's table slot (-1: none) and key. A
        # Stop (out of nodes or time) unwinds the stack, taking back the moves and recording
        # each node's index (_cut(), deepest first) as the recursion did: the search can be
        # resumed where it was cut (resume()).
        # (The locals used most come first: MicroPython's first 16 take one-byte instructions.)
        p = ply
        st = _ENTER_A
        ms = None  # the list of moves at p
        i = slot = 0
        r = False
        fi = self._fi
        pos = self.pos
        tt = self.tt
        cnt = pos.cnt
        end = ply  # the entry node's ply: its answer is the search's
        if q >= 0:
            end += 1
            st = _ENTER_D
        me = c - 1
        op = 2 - c
        d = 3 - c
        black = c == BLACK
        sm = pos.sb if black else pos.sw
        so = pos.sw if black else pos.sb
        renju = self.renju and black  # the attacker's points may be forbidden
        wr = self.renju and not black  # the defender's
        lists = self._tpool
        fs = self._fs
        fk = self._fk
        a0 = ply & 1  # the attacker's plies' parity
        deepest = True  # (for a Stop) no defender's move is on the board at ply p
        try:
            while True:
                if st == _ENTER_A:  # the attacker to move at p
                    if p + 2 >= len(fi):  # for p + 1 (the blocks of the defender's fours
                        # go past maxply; the entry's ply is 0 or small), in place
                        fi.extend(zeros("H", 8))
                        fs.extend(zeros("i", 8))
                        fk.extend(zeros("H", 8))
                        self._tk.extend(zeros("H", 8))
                    slot = -1
                    if 0 < p <= maxply and tt is not None:
                        h = pos.board.hash
                        slot = h & tt.mask
                        key = ((h >> tt.bits) ^ c) & 0xFFFF
                        n = maxply - p + 1
                        if tt.tkey[slot] != key:
                            slot ^= 1
                            if (tt.tkey[slot] != key
                                    and (tt.tres[slot] & 127) > (tt.tres[slot ^ 1] & 127)):
                                slot ^= 1  # if not found: the slot that held the smaller search
                        if tt.tkey[slot] == key:
                            v = tt.tres[slot]
                            if v > 128:
                                if v - 128 <= n:
                                    r = True
                                    st = _RETURN
                                    continue
                            elif v >= n:
                                r = False
                                st = _RETURN
                                continue
                        fk[p] = key
                    fs[p] = slot
                    ms = self.vct_moves(c, p, maxply, k)
                    if ms is True or ms is False:
                        r = ms
                        st = _DONE_A
                        continue
                    fi[p] = self._resume() if self._arm else 0
                    st = _NEXT_A
                if st == _NEXT_A:
                    ms = lists[p]
                    i = fi[p]
                    if i >= len(ms):
                        r = False
                        st = _DONE_A
                        continue
                    q = ms[i]
                    st = _ENTER_D
                if st == _ENTER_D:  # the attacker plays q at p: does every defence lose?
                    if renju and self.forbidden(q, c):
                        p += 1
                        r = False
                        st = _RETURN
                        continue
                    # A free move (not the block of a defender's four) is what makes any open
                    # three, so the defender's answers lie on its lines (Renju black's threes
                    # are not that simple).
                    free = not cnt[op] and not renju
                    self._node()
                    pos.put(q, c)
                    p += 1
                    deepest = True
                    st = _DONE_D
                    if cnt[op]:
                        r = False  # the defender completes five
                        continue
                    if cnt[me] > 1:
                        r = True
                        continue
                    if not cnt[me] and not cnt[me + 2]:
                        r = False  # no threat: the defender is free
                        continue
                    ms = self._plist(p)
                    if cnt[me]:
                        over(pos, sm, _M5, UNBOUNDED, ms)
                    else:
                        if free:
                            online(pos, pos.board.hist[-1], sm, c, _M4, ms, 0)
                        else:
                            over(pos, sm, _M4, UNBOUNDED, ms)
                        # The defender's own fours, those not already there.
                        n = len(ms)
                        if over(pos, so, _M4, UNBOUNDED, ms):
                            i = n
                            while i < len(ms):
                                if ms.count(ms[i]) > 1:
                                    ms.pop(i)
                                else:
                                    i += 1
                    if cnt[me + 2] and not renju:
                        self._drop_lost(c, ms, sm, so, free)
                    # One defence that holds refutes the attack: likely ones first, the
                    # defender's fours (best first), then the strongest points for both sides.
                    # A stable insertion sort in place: no key list, and the same order under
                    # CPython and MicroPython.
                    for i in range(1, len(ms)):
                        q = ms[i]
                        v = so[q] + (sm[q] if so[q] < _M4 else _M5)
                        j = i
                        while j:
                            q2 = ms[j - 1]
                            if so[q2] + (sm[q2] if so[q2] < _M4 else _M5) >= v:
                                break
                            ms[j] = q2
                            j -= 1
                        ms[j] = q
                    fi[p] = self._resume() if self._arm else 0
                    st = _NEXT_D
                if st == _NEXT_D:  # the defender's next answer at p
                    ms = lists[p]
                    i = fi[p]
                    st = _DONE_D
                    r = True  # unless an answer holds
                    while i < len(ms):
                        q = ms[i]
                        i += 1
                        if wr and self.forbidden(q, d):
                            continue
                        self.nodes += 1
                        if self.nodes >= self.limit:
                            fi[p] = i
                            raise Stop()
                        pos.put(q, d)
                        fi[p] = i
                        p += 1
                        deepest = False
                        st = _ENTER_A
                        break
                    continue
                if st == _DONE_A:
                    slot = fs[p]
                    if slot >= 0:
                        tt.tkey[slot] = fk[p]
                        tt.tres[slot] = maxply - p + 1 + (128 if r else 0)
                    st = _RETURN
                elif st == _DONE_D:
                    pos.take()  # the attacker's move
                    st = _RETURN
                # _RETURN: the node at p has its answer r
                if p == end:
                    return r
                p -= 1
                if (p & 1) == a0:  # a D node answered: back to the attacker's at p
                    if r:
                        q = lists[p][fi[p]]
                        self._won(q)
                        self._tk[p] = q
                        st = _DONE_A
                    else:
                        fi[p] += 1
                        st = _NEXT_A
                else:  # an A node answered: back to the defender's at p
                    pos.take()  # the defender's move
                    deepest = True
                    st = _NEXT_D if r else _DONE_D
                    r = False
        except BaseException as e:
            # Unwound as the recursion did: the ms on the board are taken back, and on a
            # Stop each node from the deepest records the move it was searching.
            cut = isinstance(e, Stop)
            while p >= end:
                if (p & 1) == a0:
                    if cut:
                        self._cut(fi[p])
                else:
                    if cut:
                        self._cut(fi[p] - 1)
                    if not deepest:
                        pos.take()  # the defender's move
                    pos.take()  # the attacker's
                deepest = False
                p -= 1
            raise

    def _won(self, q):
        one = self.seq = self._one
        one[0] = q

    def _plist(self, ply):
        # The threat search's list for this ply, emptied: vct()'s attacker and defender
        # alternate plies, so one pool serves both, and nothing is allocated per node once it
        # has grown.
        pool = self._tpool
        while len(pool) <= ply:
            pool.append([])
        out = pool[ply]
        del out[_ALL]
        return out

    def _drop_lost(self, c, defs, sm, so, free):
        # The attacker has an open-four point f (free: on the lines through its last stone, as
        # one before it would have won). A defence that makes no four of its own and is not on a
        # line through f within 4 cells leaves f as it is, and loses at once: dropped, not
        # searched. Most of these are against two open threes, where the defender tries its
        # fours in every order and blocks that change nothing after each: in 150 positions of
        # arena games, 13-ply searches of every root move took 28% fewer nodes, the verdicts
        # the same (a search that ran out of nodes before finished). The list is rebuilt the
        # same when a cut search is resumed.
        pos = self.pos
        f = self._f
        del f[_ALL]
        if free:
            online(pos, pos.board.hist[-1], sm, c, _M4O, f, 0)
        else:
            over(pos, sm, _M4O, UNBOUNDED, f)
        w = pos.dirs[1]
        for i in range(len(defs) - 1, -1, -1):  # backwards: a pop leaves the rest to visit
            p = defs[i]
            if so[p] >= _M4:
                continue
            x = p % w
            y = p // w
            for q in f:
                dx = q % w - x
                dy = q // w - y
                if (dx and dy and dx != dy and dx != -dy) or dx * dx > 16 or dy * dy > 16:
                    defs.pop(i)  # off q's lines, or more than 4 cells from q
                    break

    # -- a threat search cut into steps ------------------------------------------------------
    def _cut(self, i):
        # A Stop on its way up: each node of the threat search records the move it was
        # searching; the first node it passes (the deepest) starts a new line.
        line = self._line
        if not self._rec:
            del line[_ALL]
            self._rec = True
            self._arm = False
        line.append(i)

    def resume(self, on):
        """on=True: the next threat search is the one the last Stop cut (same root, position
        and plies), and goes straight back down the cut line, past the moves each node there
        had finished (an attacker's move that failed, a defender's that lost): a search cut
        into steps then does its work once. Started again from the root instead, it searched
        again what its small table had not kept, and one that needed more than a step's nodes
        below one root move might never finish: on 20 moves that lost games to window (random
        openings), 7 of the final check's searches, which uncut took 649 to 12,185 nodes.
        on=False: forget any cut (before another search)."""
        self._arm = on and self._rec
        if not self._arm:
            del self._line[_ALL]
        self._rec = False

    def _resume(self):
        # An armed node's first move: the search goes back the way it went (the same lists in
        # the same order), so the nodes it meets first are the cut line's, top first.
        line = self._line
        i = line.pop()
        if not line:
            self._arm = False
        return i

    # -- alpha-beta --------------------------------------------------------------------------
    def ab(self, c, depth, alpha, beta, ply):
        pos = self.pos
        cnt = pos.cnt
        me = c - 1
        op = 2 - c
        if cnt[me]:
            return WIN - ply
        if cnt[op] > 1:
            return ply + 1 - WIN
        if not cnt[op] and cnt[me + 2] and not (self.renju and c == BLACK):
            return WIN - ply - 2
        width = self.width
        deep = self.deep and stack_use() > self.deep  # out of a board's C stack (_DEEP)
        if depth <= 0 or deep:
            # Quiescence: a four is answered at no cost; an open three of the opponent's is
            # answered (blocks or own fours) while plies remain, since a static guess cannot
            # tell one open three from two.
            if deep or ply >= 24 or not (cnt[op] or (cnt[op + 2] and ply < self.qply)):
                return self.evaluate(c)
            width = self.qwidth
        tt = self.tt
        h = pos.board.hash
        slot = h & tt.mask
        h = (h >> tt.bits) & 0xFFFF
        best_move = 0
        if tt.info[slot] and tt.key[slot] == h:
            best_move = tt.move[slot]
            inf = tt.info[slot]
            if (inf >> 2) - 1 >= depth:
                v = tt.val[slot]
                b = inf & 3
                if b == _EXACT or (b == _LOWER and v >= beta) or (b == _UPPER and v <= alpha):
                    return v
        pool = self._pool
        while len(pool) <= ply:
            pool.append([0] * 16)
        moves = pool[ply]  # this ply's list: deeper plies use their own
        if len(moves) < width:
            moves.extend([0] * (width - len(moves)))
        n = self.gen_into(c, width, moves)
        if not n:
            return ply + 1 - WIN if cnt[op] else self.evaluate(c)
        if cnt[op]:
            depth += 1  # a forced block costs no depth
        if best_move:
            _front(moves, n, best_move, 0)
        k = self.killer[ply]
        if k and moves[0] != k:
            _front(moves, n, k, 1)
        a0 = alpha
        best = -WIN - 1
        bm = moves[0]
        for j in range(n):
            q = moves[j]
            self._node()
            pos.put(q, c)
            try:
                v = -self.ab(3 - c, depth - 1, -beta, -alpha, ply + 1)
            finally:
                pos.take()
            if v > best:
                best = v
                bm = q
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        self.killer[ply] = q
                        if self.hist[q] < 60000:
                            self.hist[q] += depth * depth
                        break
        if depth <= 0:
            return best
        b = _EXACT if a0 < best < beta else (_LOWER if best >= beta else _UPPER)
        tt.key[slot] = h
        tt.move[slot] = bm
        tt.val[slot] = best
        tt.info[slot] = ((depth + 1) << 2) | b
        return best
