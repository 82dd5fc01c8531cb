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

# A point's key on one line: its neighbours' digits times these weights, slot s holding the
# neighbour at offset -4..-1 (s = 0..3) and +1..+4 (s = 4..7). Each side is a base-3 number,
# nearest neighbour lowest (the left side in the low 7 bits, the right one above), so both
# sides read alike and key & 127, key >> 7 split them without a division.
WEIGHT = (27, 9, 3, 1, 128, 384, 1152, 3456)

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
FIELD = (0, 2, 24, 60, 100, M_THREE, M_FOUR, M_FOUR_O, M_FIVE, 0)
# Values of the same codes for the static evaluation (sum over all empty points). A lone stone's
# ONE points count nothing (valuing them scattered stones a defender never has to answer), and
# the points that make a closed three or a four count more: they are what continuous-four wins
# are built from. tools/arena.py against table, 104 games from 52 openings: 84.5 -> 92.5. The
# twos, closed three and four follow tools/fit_eval.py --phase early (the positions before
# LATE_STONES; fitted (TWO_C .. FOUR) = (-1, 64, 95, 302, 396)), scaled to keep the open three at
# 100 against evaluate()'s threat terms (TWO_C's slightly negative fit taken as 0), the open four
# and five set above the four: 604.5 -> 481 points lost in 7,152 games against the baselines,
# most on --reach 7 and against table (README).
EVAL = (0, 0, 0, 21, 32, 100, 132, 160, 190, 0)
# Hard's from LATE_STONES stones on (ai.engine switches both ways, undo included): the values
# tools/fit_eval.py found on a first set of games, which lost on tools/arena.py's --reach 7
# openings when used from the start (black's early play ignored its far stone), but late in the
# game win more against table, whose points were mostly full-board draws (README).
EVAL_LATE = (0, 0, 5, 24, 28, 134, 142, 170, 200, 0)
LATE_STONES = const(20)
# Medium's: its shallow tree does better valuing closed-three points as before (tools/arena.py,
# five runs of 40-104 games against window and table: 30.5 points lost, 54.5 with hard's).
EVAL_MEDIUM = (0, 0, 6, 14, 16, 40, 50, 120, 150, 0)

_cache = {}  # exactly five (bool) -> table: those the last tables() call needed


def code(t, k):
    """The pattern code of key k in a table of tables(). Past a side's first blocked cell
    nothing counts, so a side's 81 digit strings fall into 31 classes: the table starts with
    the class of each (81 bytes), then a code per pair of classes, 32 a row: 1,073 bytes instead
    of 6,561 codes (3.3 KB packed two a byte). ai.lines reads them inline like this."""
    return t[81 + (t[k & 127] << 5) + t[k >> 7]]


def tables(rule):
    """(black's table, white's table) for a rule of gomoku.rules: exactly five for neither
    (freestyle), both (exactly five) or black only (Renju: white wins with overlines too). The
    tables come from ai.pattab (building them, ai.patgen, takes seconds on a device), imported
    once for what the rule needs and dropped again; a table the rule does not use leaves the
    cache, as a board holds them in RAM."""
    need = (rule != 0, rule == 1)
    for k in list(_cache):
        if k not in need:
            del _cache[k]
    if need[0] not in _cache or need[1] not in _cache:
        from ai import pattab
        from overlay import drop

        for k in need:
            _cache[k] = pattab.EXACT if k else pattab.FREE
        del pattab
        drop("ai.pattab")
    return _cache[need[0]], _cache[need[1]]
