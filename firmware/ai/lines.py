# The engine's hottest code: Pos.put()/take() update the four lines through the move. Written in
# the subset MicroPython's viper emitter compiles, so tools/deploy.py also builds a native copy
# for the board (ai/vlines.mpy: `# @micropython.viper` below becomes a decorator and each
# `# viper: T` line casts its value to the native type T), several times faster there. This
# plain one is what CPython, the wasm VM and ports without viper run, and the reference the
# native copy is tested against (host_tests/host/test_native.py, under the MicroPython unix port).
# Viper's ints are machine words: every value stored in these arrays is non-negative and fits
# 32 bits (ptr32 loads are unsigned on 64-bit builds).
from array import array

import micropython  # noqa: F401  (the native build's decorator)
from micropython import const

from ai import patterns as P

_M5 = const(1 << 25)  # P.M_FIVE
_M4O = const(1 << 21)  # P.M_FOUR_O
_M4 = const(1 << 18)  # P.M_FOUR
_M33 = const(1 << 16)  # 2 * P.M_THREE: two open threes, or any four
_T3 = const(7 << 15)  # P.M_THREE's field
_FV = array("i", P.FIELD)
# Key step of a stone k = 1..4 cells away, seen from the far point (ai.patterns.WEIGHT): forward
# walks (the stone sits at offset -k from the point) hit slots 3..0, backward walks slots 4..7.
_STEP = array("H", (1, 4, 16, 64, 256, 1024, 4096, 16384))
_BODY = const(512)  # P.BODY: a table's codes, after black's and white's class maps
# Values of combo()'s combination points. The pattern values are summed per line, so a point
# is worth the same whether its lines' shapes meet there or not; these value the meeting,
# where a double threat can be made later (ai.search.evaluate() adds them for hard while it is
# ahead: docs/ai-tuning.md, session 39).
_C2 = const(30)  # two lines of an open two or better
_C3 = const(40)  # an open three with an open two or closed three


# @micropython.viper
def threat(v: int) -> int:
    """Threat class of a point's sum, for its slot in Pos.cnt: 0 none, 1 a four, 2 a double
    three, 3 a four-three or double four (settled: blocking the four leaves the other)."""
    if v < _M33:
        return 0
    f = v >> 18  # P.SH_FOUR: the fours, open fours and fives
    if not f:
        return 2
    if f > 1 or v & _T3:
        return 3
    return 1


def combo(v):
    """Combination value of a point's sum, summed per colour in Pos.cnt[10] and [11]: _C2 where
    two lines of an open two or better meet (the low fields sum to 120 or more: TWO + TWO, TWO
    + THREE_C, THREE_C + TWO_C, ...), _C3 more where an open three meets an open two or closed
    three. A threat point (two threes or any four) is worth 0: evaluate() settles those. Worth
    nothing unless the low fields reach 120 or an open three is there (lines() relies on it).
    What Pos's full scan counts with (and tests check lines() against); lines() writes it out,
    so it stays bytecode even in the native build."""
    if v >= _M33:
        return 0
    n = v & 0x7FFF
    r = 0
    if n >= 120:
        r = _C2
    if v & _T3 and n >= 60:
        r += _C3
    return r


# @micropython.viper
def lines(pos, p: int, a: int, g: int, h: int) -> int:
    # Pos.put() (g = 1, a the colour) and take() (g = -1, a negated). The stone at p adds or
    # removes its digit (its colour) in the keys of the empty points up to 4 cells away on its
    # four lines. Occupied points are skipped: their state is frozen until they are emptied,
    # and by then everything done around them is undone. Within distance 2
    # the near count changes too. It also does the board's part of the move but its history:
    # it sets cells[p] and returns the board's hash h with the stone's key XORed in.
    cells = pos.cells  # viper: ptr8
    kk = pos.kk  # viper: ptr16
    pt = pos.pt  # viper: ptr8
    sb = pos.sb  # viper: ptr32
    sw = pos.sw  # viper: ptr32
    near = pos.near  # viper: ptr8
    cand = pos.cand  # viper: ptr16
    cnt = pos.cnt  # viper: ptr32
    ev = pos.ev  # viper: ptr32
    dirs = pos.dv  # viper: ptr16
    fv = _FV  # viper: ptr32
    step = _STEP  # viper: ptr16
    nc = pos.nc  # viper: int
    eb = pos.eb  # viper: int
    ew = pos.ew  # viper: int
    if g > 0:
        cells[p] = a
    else:
        cells[p] = 0
    # p's own terms leave the evaluation and counts while it is occupied (its keys and sums are
    # frozen, and exact again when it is emptied).
    x = p << 2
    e = 0
    f = 0
    for j in range(4):
        k = kk[x + j]
        e += ev[pt[_BODY + (pt[k & 255] << 5) + pt[k >> 8]] >> 4]  # its code (ai.patterns.code)
        f += ev[pt[_BODY + (pt[256 + (k & 255)] << 5) + pt[256 + (k >> 8)]] & 15]
    eb -= g * e
    ew -= g * f
    # Black's sums, then white's: one body for both, as below (written out per colour it took
    # 312 bytes more of the native build's RAM).
    ss = sb
    c = 0
    while True:
        v = ss[p]
        if v >= _M5:
            cnt[c] -= g
        if v >= _M4O:
            cnt[2 + c] -= g
        if v >= _M33:
            cnt[3 + 3 * c + int(threat(v))] -= g
        else:
            # combo(v), written out: as a call (to bytecode) it was 36 us of the native
            # build's 312 a call (emulated Pico, tools/emu2040).
            n = v & 0x7FFF
            if n >= 120:
                cnt[10 + c] -= g * _C2
            if v & _T3 and n >= 60:
                cnt[10 + c] -= g * _C3
        if c:
            break
        ss = sw
        c = 1
    for j in range(4):
        for s in range(0, 8, 4):
            sd = dirs[j]
            if s:
                sd = -sd
            q = p
            for k in range(4):
                q += sd
                v = cells[q]
                if v:
                    if v == 3:  # BORDER
                        break
                    continue
                m = step[s + k]
                if k < 2:
                    u = near[q] + g
                    near[q] = u
                    if g > 0:
                        if u == 1:
                            cand[nc] = q
                            nc += 1
                    elif not u:
                        nc -= 1
                x = (q << 2) + j
                o = kk[x]
                nk = o + a * m
                kk[x] = nk
                # Black's codes, then white's (through white's class maps, from 256): one loop
                # body for both colours. Written out twice it made 856 bytes more native code
                # (armv6m), which a board holds in RAM; the loop costs the bytecode about 7%
                # and the native build 1.5% (callgrind on tools/bench_ai.py --dump --levels
                # medium under the unix port, 2026-11-26).
                ss = sb
                sh = 4
                c = 0
                cm = 0
                while True:
                    a1 = pt[_BODY + (pt[cm + (o & 255)] << 5) + pt[cm + (o >> 8)]]
                    a2 = pt[_BODY + (pt[cm + (nk & 255)] << 5) + pt[cm + (nk >> 8)]]
                    if a1 != a2:
                        # The bytes hold both colours' codes (ai.patterns.code), black's in the
                        # high nibble: unpacked only here, as most updates leave the byte as it
                        # was; if only the other colour's nibble changed (Renju) this adds
                        # nothing.
                        a1 = (a1 >> sh) & 15
                        a2 = (a2 >> sh) & 15
                        v = ss[q]
                        nv = v + fv[a2] - fv[a1]
                        ss[q] = nv
                        if c:
                            ew += ev[a2] - ev[a1]
                        else:
                            eb += ev[a2] - ev[a1]
                        w = v | nv
                        if (w & 0x7FFF) >= 120 or w & _T3:  # else combo() is 0 before and after
                            # combo(nv) - combo(v), written out: a call from the native build
                            # costs more than the sum.
                            t = v
                            z = -1
                            d = 0
                            while True:
                                if t < _M33:
                                    n = t & 0x7FFF
                                    if n >= 120:
                                        d += z * _C2
                                    if t & _T3 and n >= 60:
                                        d += z * _C3
                                if z > 0:
                                    break
                                t = nv
                                z = 1
                            cnt[10 + c] += d
                        if a1 > 4 or a2 > 4:
                            # Only threes and up move the threat counts.
                            if a1 > 6 or a2 > 6:
                                # As differences, not four ifs: 140 bytes less native code.
                                cnt[c] += int(nv >= _M5) - int(v >= _M5)
                                cnt[2 + c] += int(nv >= _M4O) - int(v >= _M4O)
                            if v >= _M33:
                                cnt[3 + 3 * c + int(threat(v))] -= 1
                            if nv >= _M33:
                                cnt[3 + 3 * c + int(threat(nv))] += 1
                    if c:
                        break
                    ss = sw
                    sh = 0
                    c = 1
                    cm = 256
    pos.nc = nc
    pos.eb = eb
    pos.ew = ew
    # gomoku.board._key(2 * p + colour), written out: Board.put() and take() and their key
    # calls were a fifth of a Pos.put() and take() pair's time in the native build (the unix
    # port, 2026-11-28).
    # host_tests/core/test_ai_eval.py checks the hash against the board's own.
    x = ((p + p + a * g) * 21317 + 3119) & 0x7FFF
    x = ((x ^ (x >> 7)) * 29753) & 0x7FFF
    lo = ((x ^ (x >> 8)) * 18497) & 0x7FFF
    x = ((lo ^ (lo >> 7)) * 24341) & 0x7FFF
    x = ((x ^ (x >> 8)) * 30011) & 0x7FFF
    return h ^ ((x ^ (x >> 7)) << 15 | lo ^ (lo >> 7))


# @micropython.viper
def rank(pos, sm, so, k1: int, k2: int, hist, ss, tm, width: int, threat: int, forb) -> int:
    # Search.gen_into()'s scan: the best `width` empty candidates by attack (sm, the mover's
    # sums) times k1 plus defence (so) times k2 plus history, into tm (points) and ss (scores),
    # best first; returns how many. With threat set (the opponent has an open three) only points
    # making or blocking a four count; forb (Search.forbidden, asked for black: 1), when not
    # None, refuses forbidden points (Renju black). Most points fail the admission test at once,
    # which is far cheaper than sorting.
    cells = pos.cells  # viper: ptr8
    cand = pos.cand  # viper: ptr16
    a_ = sm  # viper: ptr32
    d_ = so  # viper: ptr32
    h_ = hist  # viper: ptr16
    s_ = ss  # viper: ptr32
    t_ = tm  # viper: ptr16
    nc = pos.nc  # viper: int
    n = 0
    lo = -1
    for i in range(nc):
        q = cand[i]
        if cells[q]:
            continue
        a = a_[q]
        d = d_[q]
        if threat and a < _M4 and d < _M4:
            continue
        s = (a >> 5) * k1 + (d >> 5) * k2 + h_[q]
        if s <= lo:
            continue
        if forb:
            # Search.forbidden()'s own first test (a: black's sums), here: most points fail
            # it, and a call of the bytecode costs more than the test.
            if a < _M5:
                if a & 1 or (a >> 18) + ((a >> 15) & 7) >= 2:
                    if forb(q, 1):
                        continue
        if n < width:
            j = n
            n += 1
        else:
            j = width - 1  # full: the weakest kept one makes way
        while j and s_[j - 1] < s:
            s_[j] = s_[j - 1]
            t_[j] = t_[j - 1]
            j -= 1
        s_[j] = s
        t_[j] = q
        if n >= width:
            lo = s_[width - 1]
    return n


# The threat search's scans over the candidates follow: with the line update and rank() native,
# they were most of a threat-search node's time on the board (put and take 6 us, these scans
# 18 us each at a 105-candidate middle game, MicroPython unix port).


# @micropython.viper
def over(pos, s, lo: int, hi: int, out) -> int:
    # The empty candidates whose sum in s is at least lo and below hi, appended to the list out
    # in the candidates' order; returns how many.
    cells = pos.cells  # viper: ptr8
    cand = pos.cand  # viper: ptr16
    v_ = s  # viper: ptr32
    nc = pos.nc  # viper: int
    n = 0
    for i in range(nc):
        q = cand[i]
        if cells[q]:
            continue
        a = v_[q]
        if a >= lo and a < hi:
            out.append(q)
            n += 1
    return n


def first(pos, s, m, hi=1 << 29):
    # The first empty candidate whose sum in s reaches m and is below hi (by default above
    # every sum: ai.eval.UNBOUNDED), or -1. Bytecode even in the native build: it runs only
    # where such a point is known to exist (a few thousand times in bench_ai.py's game, 2% of
    # its time), and as machine code it took 221 bytes more of a board's RAM, which lines()
    # spends on the board's hash instead.
    cells = pos.cells
    cand = pos.cand
    for i in range(pos.nc):
        q = cand[i]
        if not cells[q] and m <= s[q] < hi:
            return q
    return -1


# @micropython.viper
def online(pos, p: int, s, c: int, m: int, out, one: int) -> int:
    # The empty points on p's four lines up to 4 cells away where s reaches m, each line forward
    # then backward, walking past stones of colour c (of either colour if c is 0) and stopping
    # at any other stone and the edge: appended to the list out (returns how many), or with one
    # set, the first of them returned (-1 if none).
    cells = pos.cells  # viper: ptr8
    dirs = pos.dv  # viper: ptr16
    v_ = s  # viper: ptr32
    n = 0
    for j in range(4):
        for b in range(2):
            sd = dirs[j]
            if b:
                sd = -sd
            q = p
            for k in range(4):
                q += sd
                v = cells[q]
                if v:
                    if v == 3 or (c and v != c):
                        break
                elif v_[q] >= m:
                    if one:
                        return q
                    out.append(q)
                    n += 1
    return -1 if one else n


# @micropython.viper
def threes(pos, s, out, k: int, r: int, lx: int, ly: int, ss, tm, lo4: int, lo3: int) -> int:
    # Search.vct_moves()'s scan: the points where s makes a four (and reaches lo4) appended to
    # the list out (candidate order), and the best k where it makes no four but reaches lo3 (an
    # open three or more; with r, only those within r lines of the point lx, ly) ranked into tm
    # (points) and ss (sums), best first, ties in candidate order; returns how many of those.
    cells = pos.cells  # viper: ptr8
    cand = pos.cand  # viper: ptr16
    v_ = s  # viper: ptr32
    s_ = ss  # viper: ptr32
    t_ = tm  # viper: ptr16
    dirs = pos.dv  # viper: ptr16
    nc = pos.nc  # viper: int
    w = dirs[1]
    n = 0
    for i in range(nc):
        q = cand[i]
        if cells[q]:
            continue
        a = v_[q]
        if a >= _M4:
            if a >= lo4:
                out.append(q)
            continue
        if a < lo3 or k <= 0:
            continue
        if r:
            x = q % w - lx
            y = q // w - ly
            if x > r or -x > r or y > r or -y > r:
                continue
        if n < k:
            j = n
            n += 1
        elif a <= s_[k - 1]:
            continue
        else:
            j = k - 1  # full: the weakest kept one makes way
        while j and s_[j - 1] < a:
            s_[j] = s_[j - 1]
            t_[j] = t_[j - 1]
            j -= 1
        s_[j] = a
        t_[j] = q
    return n
