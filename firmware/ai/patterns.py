# Line-pattern tables: what a colour gets along one line by playing an empty point, from the 8
# neighbours (4 each side) as seen by that colour: 0 empty, 1 own, 2 blocked.
from micropython import const


# Pattern codes, weakest first. FOUR_O is any line with two or more five-points (a straight four,
# or two fours on one line); OVER is an overline where it does not win (exactly five, Renju black).
DEAD = const(0)  # no five can ever pass through the point along this line
ONE = const(1)
TWO_C = const(2)  # one more stone makes a closed three
TWO = const(3)  # one more stone makes an open three
THREE_C = const(4)  # one more stone makes a simple four
THREE = const(5)  # one more stone makes an open four (straight or broken three)
FOUR = const(6)  # one five-point
FOUR_O = const(7)  # two or more five-points
FIVE = const(8)
OVER = const(9)

# A point's key on one line: its neighbours' digits (0 empty, 1 black, 2 white, 3 off the
# board) times these weights, slot s holding the neighbour at offset -4..-1 (s = 0..3) and
# +1..+4 (s = 4..7). Each side is a base-4 number, nearest neighbour lowest (the left side in
# the low byte, the right one in the high byte), so both sides read alike and key & 255, key >> 8
# split them without a division. One key serves both colours, each reading it through its own
# class map (code()): a key per colour (base 3, own / blocked) took 2.2 KB more of a board's RAM
# on 15x15 and two updates per cell.
WEIGHT = (64, 16, 4, 1, 256, 1024, 4096, 16384)
BODY = const(512)  # where a table's codes start, after the two colours' class maps

# Per-line values summed over the four lines into one int per point and colour. The high bit
# fields count the lines with a five, open four, four and open three (three bits each, at most
# four lines), so threats can be read back with shifts; the low 15 bits grade the quiet shapes.
SH_FIVE = const(25)
SH_FOUR_O = const(21)
SH_FOUR = const(18)
SH_THREE = const(15)
M_FIVE = const(1 << 25)
M_FOUR_O = const(1 << 21)
M_FOUR = const(1 << 18)
M_THREE = const(1 << 15)
# An overline counts 1, the only odd value: ai.search's forbidden-point filter reads it from the
# sum's parity (the quiet shapes' sums stay what they were but for that bit, so rankings by
# sum >> 5 do not see it).
FIELD = (0, 2, 24, 60, 100, M_THREE, M_FOUR, M_FOUR_O, M_FIVE, 1)
# Values of the same codes for the static evaluation (sum over all empty points). A lone stone's
# ONE points count nothing (valuing them scattered stones a defender never has to answer), and
# the points that make a closed three or a four count more: they are what continuous-four wins
# are built from. tools/arena.py against table, 104 games from 52 openings: 84.5 -> 92.5. The
# twos, closed three and four follow tools/fit_eval.py --phase early (the positions before
# LATE_STONES; fitted (TWO_C .. FOUR) = (-1, 64, 95, 302, 396)), scaled to keep the open three at
# 100 against evaluate()'s threat terms (TWO_C's slightly negative fit taken as 0), the open four
# and five set above the four: 604.5 -> 481 points lost in 7,152 games against the baselines,
# most on --reach 7 and against table (docs/ai-tuning.md).
EVAL = (0, 0, 0, 21, 32, 100, 132, 160, 190, 0)
# Hard's from LATE_STONES stones on (ai.engine switches both ways, undo included): the values
# tools/fit_eval.py found on a first set of games, which lost on tools/arena.py's --reach 7
# openings when used from the start (black's early play ignored its far stone), but late in the
# game win more against table, whose points were mostly full-board draws (docs/ai-tuning.md).
EVAL_LATE = (0, 0, 5, 24, 28, 134, 142, 170, 200, 0)
LATE_STONES = const(20)
# Medium's: its shallow tree does better valuing closed-three points as before (tools/arena.py,
# five runs of 40-104 games against window and table: 30.5 points lost, 54.5 with hard's).
EVAL_MEDIUM = (0, 0, 6, 14, 16, 40, 50, 120, 150, 0)

_cache = {}  # rule -> its table: the one the last table() call needed


def code(t, k, black):
    """The pattern code of key k for black (True) or white in the table of table(). Past a
    side's first blocked cell (the other colour's stone or the edge) nothing counts, so a
    side's 256 digit strings fall into 31 classes for each colour: the table starts with
    black's class of each side (256 bytes), then white's, then a byte per pair of classes, 32
    a row, black's code in its high nibble and white's in the low one: 1,503 bytes for both
    colours (all 6,561 own/empty/blocked keys would take 3.3 KB a colour, packed two a byte).
    ai.lines reads them inline like this."""
    if black:
        return t[BODY + (t[k & 255] << 5) + t[k >> 8]] >> 4
    return t[BODY + (t[256 + (k & 255)] << 5) + t[256 + (k >> 8)]] & 15


def table(rule):
    """The pattern table for a rule of gomoku.rules: only exactly five wins for neither colour
    (freestyle, 0), both (exactly five, 1) or black only (Renju, 2: white wins with overlines
    too). ai.pattab holds Renju's (building it, ai.patgen, takes seconds on a device), so Renju
    keeps it as it is and the other rules copy one of its nibbles into both; ai.pattab is
    dropped again and a table the rule does not use leaves the cache, as a board holds them
    in RAM."""
    t = _cache.get(rule)
    if t is None:
        _cache.clear()
        from ai import pattab
        from overlay import drop

        t = pattab.TAB
        del pattab
        drop("ai.pattab")
        if rule != 2:
            t = bytearray(t)
            s = 4 if rule else 0
            for i in range(BODY, len(t)):
                t[i] = (t[i] >> s & 15) * 17
        _cache[rule] = t
    return t
