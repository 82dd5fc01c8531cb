# Engine-versus-engine matches: ours, the baselines and external Gomocup brains, from fixed openings.
#
#   python tools/arena.py A B --games 40 [--size 15] [--rule freestyle|standard|renju]
#          [--seed 1] [--jobs 2] [--time-ms N | --node-ms MS] [--verbose]
#          [--openings fixed|wide [--reach 3]|random|FILE] [--against EARLIER_VERBOSE_OUTPUT]
# A and B: ours:easy|ours:medium|ours:hard, greedy, table, window, window+vct, window-plain
# (window without its look past the horizon: tools/baselines.py), or cmd:<brain command line>.
# Game g opens with openings[(g // 2) % len(openings)]; A has black in even games, so colours
# swap each pair. An openings FILE holds one a line as Gomocup's openings files and
# c-gomoku-cli read them ("x,y, x,y, ..." offsets from the centre, black first); --games then
# defaults to two games an opening.
# A game ends with a winning line under the rule, a full board (draw), or a bad move (occupied,
# off the board, Renju-forbidden, no answer): a loss for the mover.
import argparse
import os
import queue
import re
import shlex
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "firmware"))

from baselines import BASELINES  # noqa: E402
from records import RecordError, read_opening  # noqa: E402
from gomoku import rules  # noqa: E402
from gomoku.board import BLACK, MAX_SIZE, WHITE, Board  # noqa: E402
from ai.engine import HARD, LEVEL_NAMES as LEVELS, MOVE_MS  # noqa: E402

GOMOCUP_RULE = {rules.FREESTYLE: 0, rules.STANDARD: 1, rules.RENJU: 4}
# A game line of --verbose output: "game N A=black B wins (five): h8 h9 ...", as match() prints.
GAME = re.compile(r"^game (\d+) A=(black|white) (A wins|B wins|draw) \(([^)]*)\): (.*)$")

# Three-stone openings as offsets from the centre (black, white, black): white touching the
# first stone straight or diagonally, black's second stone one or two lines away and not on
# the strongest points, so neither side starts from a known forced win in practice.
OPENINGS = (
    ((0, 0), (0, -1), (2, -2)), ((0, 0), (0, -1), (-2, -2)), ((0, 0), (0, -1), (2, 0)),
    ((0, 0), (0, -1), (2, 1)), ((0, 0), (0, -1), (1, 2)), ((0, 0), (0, -1), (0, 2)),
    ((0, 0), (0, -1), (-2, 2)), ((0, 0), (0, -1), (2, 2)), ((0, 0), (0, -1), (-1, 1)),
    ((0, 0), (0, -1), (1, -2)),
    ((0, 0), (1, -1), (2, 0)), ((0, 0), (1, -1), (0, 2)), ((0, 0), (1, -1), (-2, 0)),
    ((0, 0), (1, -1), (2, 2)), ((0, 0), (1, -1), (-2, -2)), ((0, 0), (1, -1), (2, -2)),
    ((0, 0), (1, -1), (-1, 2)), ((0, 0), (1, -1), (2, 1)), ((0, 0), (1, -1), (0, -2)),
    ((0, 0), (1, -1), (-2, 2)),
)
BRAIN_MS = MOVE_MS[HARD]  # a brain's time a move without --time-ms


def wide_openings(reach=3):
    """More openings for tuning: the same two white replies, black's second stone anywhere up to
    `reach` lines from the first, one of each mirror pair (52 for reach 3). Our engine is
    deterministic and table and window rarely meet a tie to break at random, so against them
    a seed changes little: more openings give more distinct games."""
    out = []
    for w, mirror in (((0, -1), lambda x, y: (-x, y)), ((1, -1), lambda x, y: (-y, -x))):
        seen = set()
        for dx in range(-reach, reach + 1):
            for dy in range(-reach, reach + 1):
                p = (dx, dy)
                if p in ((0, 0), w) or mirror(dx, dy) in seen:
                    continue
                seen.add(p)
                out.append(((0, 0), w, p))
    return tuple(out)


def _canon(stones):
    # One name for the position the opening's stones make (black's, white's) under all eight
    # symmetries of the square, whatever the order each colour's stones were placed in.
    from ai.opening import _transforms

    images = [_transforms(x, y) for x, y in stones]
    return min((tuple(sorted(im[k] for im in images[0::2])),
                tuple(sorted(im[k] for im in images[1::2]))) for k in range(8))


def file_openings(lines, size=15, rule=rules.FREESTYLE):
    """The openings of an openings file's lines (blank lines and # comments skipped), as
    offsets; ValueError names the first line that is not a legal unfinished position."""
    out = []
    for n, line in enumerate(lines, 1):
        t = line.strip()
        if not t or t.startswith("#"):
            continue
        try:
            rec = read_opening(t, size, rule)
            rec.check()
        except RecordError as e:
            raise ValueError("line %d: %s" % (n, e))
        if rec.winner is not None:
            raise ValueError("line %d: the game is over in the opening" % n)
        c = size // 2
        out.append(tuple((x - c, y - c) for x, y in rec.moves))
    if not out:
        raise ValueError("no openings in it")
    return tuple(out)


def random_openings(count=100, seed=1, size=15, rule=rules.FREESTYLE, stones=5, reach=3):
    """Openings outside the families the engine was tuned on (fixed and wide share their first
    two stones): `stones` stones, black first at the centre, each on a random empty point up to
    `reach` lines from the centre and two from an earlier stone, kept when neither side can
    make a four (nor black, under Renju, play a forbidden point yet). Not judged even (black's
    extra stone weighs differently in each), so each is played with colours swapped: the pair
    scores 1-1 where it decides the game. Distinct up to symmetry; a seed gives the same set.
    """
    import random

    from ai.eval import Pos
    from ai import patterns as P

    rng = random.Random(seed)
    pts = [(dx, dy) for dy in range(-reach, reach + 1) for dx in range(-reach, reach + 1)]
    out = []
    seen = set()
    while len(out) < count:
        ops = [(0, 0)]
        while len(ops) < stones:
            p = rng.choice(pts)
            if p not in ops and any(max(abs(p[0] - x), abs(p[1] - y)) <= 2 for x, y in ops):
                ops.append(p)
        key = _canon(ops)
        if key in seen:
            continue
        seen.add(key)
        b = open_board(size, ops)
        if rule == rules.RENJU and any(rules.is_forbidden(b, i) for i in b.points()
                                       if b.cells[i] == 0):
            continue
        pos = Pos(b.copy(), rule)
        c = b.to_move()
        if not (pos.points_over(c, P.M_FOUR) or pos.points_over(3 - c, P.M_FOUR)):
            out.append(tuple(ops))
    return tuple(out)


def clock_ms():
    return int(time.monotonic() * 1000)


class Ours:
    """The firmware engine behind the common player interface."""

    def __init__(self, level, seed=1, time_ms=None, node_ms=None):
        from ai import engine

        self.mod = engine
        self.level = getattr(engine, level.upper())
        self.name = "ours:" + level
        self.seed = seed
        self.time_ms = time_ms
        self.node_ms = node_ms
        self.engine = None

    def new_game(self, size, rule):
        if self.node_ms:
            self.engine = node_clocked(self.mod, self.level, rule, self.seed, self.node_ms)
            return
        self.engine = self.mod.Engine(level=self.level, rule=rule, seed=self.seed,
                                      time_ms=self.time_ms,
                                      clock=clock_ms if self.time_ms else None)

    def move(self, board):
        return self.engine.think(board.copy())


def node_clocked(engine, level, rule, seed, node_ms):
    """An engine of the level whose clock counts node_ms ms a node its searches have made
    (Search.nodes, read live), under the app's cap for the level (ai.engine.MOVE_MS): a board's
    time cap, played on the host at the host's speed. The emulated Pico searches about 780
    nodes a second with the native build (README), so --node-ms 1.29 stands for it."""

    class NodeClocked(engine.Engine):
        live = None  # the move's Search, whose nodes the clock reads
        done = 0  # the nodes of the searches before it

        def _search(self, width):
            if self.live is not None:
                self.done += self.live.nodes
                self.live = None
            s = engine.Engine._search(self, width)  # its deadline read from the clock
            self.live = s
            return s

    def clock():  # (e: the engine below, bound before its first move reads the clock)
        return (e.done + (e.live.nodes if e.live is not None else 0)) * node_ms

    e = NodeClocked(level=level, rule=rule, seed=seed, time_ms=engine.MOVE_MS[level],
                    clock=clock)
    return e


class BrainError(Exception):
    pass


class Brain:
    """An external Gomocup brain: one process per game, the whole position sent with BOARD."""

    def __init__(self, command, time_ms=None):
        self.argv = shlex.split(command)  # ValueError for an unclosed quote
        if not self.argv:
            raise ValueError("cmd: needs the brain's command line")
        self.name = "cmd:" + os.path.basename(self.argv[0])
        self.time_ms = time_ms
        self.proc = None
        self.lines = queue.Queue()
        self.size = 15

    def send(self, text):
        try:
            self.proc.stdin.write(text + "\n")
            self.proc.stdin.flush()
        except OSError:  # a broken pipe: it is gone
            raise self._exited()

    def _exited(self):
        try:
            code = self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:  # its output closed, the process still there
            return BrainError("the brain closed its output")
        return BrainError("the brain exited (code %d)" % code)

    def _pump(self, out, q):
        for line in out:
            q.put(line.strip())
        q.put(None)

    def answer(self, timeout=60.0):
        """Next line that is not MESSAGE/DEBUG output."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise BrainError("no answer within %.0f s" % timeout)
            if line is None:
                raise self._exited()
            if line.split(" ", 1)[0] in ("MESSAGE", "DEBUG", ""):
                continue
            return line

    def new_game(self, size, rule):
        self.close()
        self.size = size
        try:
            # Not valid UTF-8 from a brain is its bad answer, not a dead reader thread.
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, text=True, bufsize=1,
                                         encoding="utf-8", errors="replace")
        except OSError as e:
            raise BrainError("cannot run %s: %s" % (self.argv[0], e.strerror or e))
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, args=(self.proc.stdout, self.lines),
                         daemon=True).start()
        self.send("START %d" % size)
        reply = self.answer()
        if reply != "OK":
            raise BrainError("START %d answered %r" % (size, reply))
        self.send("INFO rule %d" % GOMOCUP_RULE[rule])
        # Without --time-ms the time a board gives hard (0 would mean "as fast as you can").
        self.send("INFO timeout_turn %d" % (self.time_ms or BRAIN_MS))
        self.send("INFO timeout_match 0")

    def move(self, board):
        me = board.to_move()
        self.send("BOARD")
        for i in board.hist:
            x, y = board.xy(i)
            self.send("%d,%d,%d" % (x, y, 1 if board.cells[i] == me else 2))
        self.send("DONE")
        limit = (self.time_ms or BRAIN_MS) / 1000 * 3 + 5
        reply = self.answer(limit)
        try:
            x, y = (int(v) for v in reply.split(","))
        except ValueError:
            raise BrainError("answered %r" % reply)
        if not board.on_board(x, y):
            raise BrainError("move %d,%d is off the board" % (x, y))
        return board.idx(x, y)

    def close(self):
        if self.proc and self.proc.poll() is None:
            try:
                self.send("END")
                self.proc.wait(timeout=2)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
        self.proc = None


class Punisher:
    """window+vct: the window baseline, except that it plays a forced win when our threat search
    finds one (fours to 15 plies, then fours and threes to 13, within VCT_NODES). Not one of the
    seeds' designs: a sparring partner that punishes a move refuted by a threat sequence, which
    the baselines mostly miss, so a check that finds more refutations shows here."""

    VCT_NODES = 2500

    def __init__(self, seed=1):
        self.window = BASELINES["window"](seed)
        self.name = "window+vct"
        self.rule = rules.FREESTYLE

    def new_game(self, size, rule):
        self.window.new_game(size, rule)
        self.rule = rule

    def move(self, board):
        from ai.eval import Pos
        from ai.search import TT, Search, Stop

        c = board.to_move()
        s = Search(Pos(board.copy(), self.rule), TT(12), 12)
        s.limit = self.VCT_NODES
        try:
            if s.vcf(c, 0, 15) or s.vct(c, 0, 13):
                return s.seq[0]
        except Stop:
            pass
        return self.window.move(board)


PLAYERS = ", ".join(["ours:" + lv for lv in LEVELS] + sorted(BASELINES)
                    + ["window+vct", "window-plain"]) + " or cmd:COMMAND (a Gomocup brain)"


def make_player(spec, seed=1, time_ms=None, node_ms=None):
    if spec == "window+vct":
        return Punisher(seed)
    if spec == "window-plain":
        p = BASELINES["window"](seed)
        p.horizon = False
        p.name = spec
        return p
    if spec.startswith("ours:"):
        level = spec[5:]
        if level not in LEVELS:
            raise ValueError("unknown level %r: one of %s" % (level, ", ".join(LEVELS)))
        return Ours(level, seed, time_ms, node_ms)
    if spec.startswith("cmd:"):
        return Brain(spec[4:], time_ms)
    if spec in BASELINES:
        return BASELINES[spec](seed)
    raise ValueError("unknown player %r: one of %s" % (spec, PLAYERS))


def started(spec, size, rule):
    """make_player(spec), and for a brain its process started with START size and the rule:
    a tool fails early, in one line, on a bad spec or a brain that does not run or will not
    play the board (ValueError, BrainError), not with every game or position lost to it."""
    p = make_player(spec)
    if isinstance(p, Brain):
        try:
            p.new_game(size, rule)
        except BrainError as e:
            p.close()
            raise BrainError("%s: %s" % (spec, e))
    return p


def open_board(size, opening):
    b = Board(size)
    c = size // 2
    for k, (dx, dy) in enumerate(opening):
        b.put(b.idx(c + dx, c + dy), BLACK if k % 2 == 0 else WHITE)
    return b


def play_game(black, white, size, rule, opening, log=None):
    """Play one game; returns (winner colour or 0 for a draw, reason, board)."""
    b = open_board(size, opening)
    by_colour = {BLACK: black, WHITE: white}
    for p in (black, white):
        p.new_game(size, rule)
    while True:
        colour = b.to_move()
        try:
            i = by_colour[colour].move(b.copy())
            b.check_empty(i)
        except (ValueError, BrainError) as e:
            return 3 - colour, "bad move: %s" % e, b
        forbidden = rule == rules.RENJU and colour == BLACK and rules.is_forbidden(b, i)
        b.put(i, colour)
        if log:
            log(b)
        if rules.win_line(b, i, rule):
            return colour, "five", b
        if forbidden:
            return WHITE, "forbidden " + b.name(i), b
        if b.full():
            return 0, "full board", b


def opening_of(g, openings):
    return openings[(g // 2) % len(openings)]


def run_one(args):
    """Worker: game number g between specs a and b; returns (g, a_colour, winner, reason, moves)."""
    g, spec_a, spec_b, size, rule, seed, time_ms, openings, node_ms = args
    pa = make_player(spec_a, seed * 7919 + g, time_ms, node_ms)
    pb = make_player(spec_b, seed * 7919 + g + 100003, time_ms, node_ms)
    a_colour = BLACK if g % 2 == 0 else WHITE
    black, white = (pa, pb) if a_colour == BLACK else (pb, pa)
    try:
        winner, reason, b = play_game(black, white, size, rule, opening_of(g, openings))
    finally:
        for p in (pa, pb):
            if isinstance(p, Brain):
                p.close()
    return g, a_colour, winner, reason, " ".join(b.name(i) for i in b.hist)


def summary(spec_a, spec_b, results, openings=None, size=15):
    """Text table of wins/losses/draws per engine and per colour, plus the score; given the
    openings played, how many games repeat another (repeats())."""
    lines = []
    score_a = 0.0
    for label, spec, mine in (("A", spec_a, True), ("B", spec_b, False)):
        tally = {BLACK: [0, 0, 0], WHITE: [0, 0, 0]}
        for _, a_colour, winner, _, _ in results:
            colour = a_colour if mine else 3 - a_colour
            t = tally[colour]
            if winner == 0:
                t[2] += 1
            elif winner == colour:
                t[0] += 1
            else:
                t[1] += 1
        w = tally[BLACK][0] + tally[WHITE][0]
        lo = tally[BLACK][1] + tally[WHITE][1]
        d = tally[BLACK][2] + tally[WHITE][2]
        if mine:
            score_a = w + d / 2
            a_won, a_lost = w, lo
        lines.append("%s %-14s  +%d -%d =%d   as black +%d -%d =%d   as white +%d -%d =%d"
                     % (label, spec, w, lo, d, *tally[BLACK], *tally[WHITE]))
    n = len(results)
    lines.append("score %s %.1f - %.1f %s  (%d games, %.0f%%)"
                 % (spec_a, score_a, n - score_a, spec_b, n, 100.0 * score_a / max(1, n)))
    if openings:
        distinct, a_lines, b_lines = repeats(results, openings, size)
        lines.append("distinct lines (moves after the opening, mirror images as one) %d of %d"
                     " games; A lost %d games"
                     " in %d lines, B %d in %d" % (distinct, n, a_lost, a_lines, a_won, b_lines))
    return "\n".join(lines)


def _mirror_free(moves, size):
    # The whole game under the symmetry of the square that makes it smallest: a game and its
    # mirror image (the fixed set holds 5 mirrored pairs of openings) get one name.
    from ai.opening import _transforms

    b = Board(size)
    c = size // 2
    images = []
    for m in moves:
        x, y = b.xy(b.parse(m))
        images.append(_transforms(x - c, y - c))
    return min(tuple(im[k] for im in images) for k in range(8))


def repeats(results, openings, size=15):
    """How many games are replays: two games whose moves after the opening are the same, with A
    on the same side, are one line played twice, and so is a game and its mirror image.
    Openings that differ in a stone both engines ignore (--reach 7's far stones) replay one
    game, and a single lost line then counts once per opening; the distinct counts tell that
    from many losses. Returns (distinct lines, lines A lost, lines B lost)."""
    line_of = {}  # key -> line number
    winners = []  # (A's colour, winner) of each line
    for g, a_colour, winner, _, moves in results:
        ms = moves.split()
        keys = ((a_colour, tuple(ms[len(opening_of(g, openings)):])),
                (a_colour, _mirror_free(ms, size)))
        k = next((line_of[key] for key in keys if key in line_of), len(winners))
        if k == len(winners):
            winners.append(None)
        winners[k] = (a_colour, winner)
        for key in keys:
            line_of[key] = k
    a_lines = sum(1 for a_colour, w in winners if w and w != a_colour)
    b_lines = sum(1 for a_colour, w in winners if w == a_colour)
    return len(winners), a_lines, b_lines


def match(spec_a, spec_b, games, size=15, rule=rules.FREESTYLE, seed=1, jobs=1, time_ms=None,
          verbose=False, openings=OPENINGS, node_ms=None):
    tasks = [(g, spec_a, spec_b, size, rule, seed, time_ms, openings, node_ms)
             for g in range(games)]
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            results = list(pool.imap_unordered(run_one, tasks))
    else:
        results = [run_one(t) for t in tasks]
    results.sort()
    if verbose:
        for g, a_colour, winner, reason, moves in results:
            res = "draw" if winner == 0 else ("A" if winner == a_colour else "B") + " wins"
            print("game %d A=%s %s (%s): %s" % (g, "black" if a_colour == BLACK else "white",
                                                res, reason, moves))
    return results


def earlier_run(lines, games, openings=OPENINGS, size=15):
    """A's points in games 0 to games - 1 of an earlier run's --verbose output (lines), as
    {game: points}. ValueError unless that run played these games: the same numbers, colours
    and openings (checked before a long match is played for nothing)."""
    then = {}
    for line in lines:
        m = GAME.match(line)
        if m:
            pts = {"A wins": 1.0, "draw": 0.5, "B wins": 0.0}[m.group(3)]
            then[int(m.group(1))] = (m.group(2), pts, m.group(5).split())
    for g in range(games):
        if g not in then:
            raise ValueError("the earlier run has no game %d (was it --verbose?)" % g)
        colour, _, moves = then[g]
        b = open_board(size, opening_of(g, openings))
        if (colour != ("black" if g % 2 == 0 else "white")
                or moves[:len(b.hist)] != [b.name(i) for i in b.hist]):
            raise ValueError("game %d is not the earlier run's: another match or opening" % g)
    return {g: then[g][1] for g in range(games)}


def compare(results, then):
    """A's points game by game against an earlier run's (earlier_run()). Returns (games where A
    did better now, worse, net points, spread): the spread is the net's standard deviation
    were each changed game's change a coin toss. A changed engine wins some games it lost and
    loses some it won, and a net under about two spreads does not tell a better engine from
    luck."""
    better = worse = 0
    net = sq = 0.0
    for g, a_colour, winner, _, _ in results:
        d = (1.0 if winner == a_colour else 0.5 if winner == 0 else 0.0) - then[g]
        better += d > 0
        worse += d < 0
        net += d
        sq += d * d
    return better, worse, net, sq ** 0.5


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("a", help="black in even games: " + PLAYERS)
    ap.add_argument("b", help="the other player, as a")
    ap.add_argument("--games", type=int, default=None,
                    help="default 40; with an openings FILE two games an opening")
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--rule", choices=rules.RULE_NAMES, default="freestyle")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--time-ms", type=int, default=None,
                    help="per-move budget for ours and brains (default: ours by nodes, without a"
                    " clock; brains the time a board gives hard, %d ms)" % BRAIN_MS)
    ap.add_argument("--node-ms", type=float, default=None,
                    help="ours' clock counts this many ms a node searched, under the app's cap"
                    " for its level (ai.engine.MOVE_MS): a board's time cap at the host's speed"
                    " (1.29: the emulated Pico's hard, about 780 nodes/s)")
    ap.add_argument("--verbose", "-v", action="store_true", help="print every game")
    ap.add_argument("--openings", default="fixed", metavar="fixed|wide|random|FILE",
                    help="the 20 fixed openings, the 52 of wide_openings() (tuning),"
                    " random_openings() from --seed, one for every two games (a check outside"
                    " the tuned openings), or a Gomocup openings file: 'x,y, x,y, ...' a line,"
                    " offsets from the centre, black first")
    ap.add_argument("--reach", type=int, default=None,
                    help="with --openings wide: black's second stone up to this many lines from"
                    " the first (default 3: 52 openings; 5: 128, 7: 236)")
    ap.add_argument("--against", type=argparse.FileType("r"), default=None,
                    help="an earlier --verbose output of the same match: which games A now does"
                    " better and worse in, and whether the net gain is more than luck's")
    a = ap.parse_args(argv)
    if a.size < 9:
        ap.error("the openings need a board of 9 lines or more")
    if a.size > MAX_SIZE:
        ap.error("boards have at most %d lines" % MAX_SIZE)
    rule = rules.RULE_NAMES.index(a.rule)
    openings = None
    if a.openings not in ("fixed", "wide", "random"):
        try:
            with open(a.openings) as f:
                openings = file_openings(f.read().splitlines(), a.size, rule)
        except (OSError, UnicodeDecodeError, ValueError) as e:
            ap.error("--openings %s: %s" % (a.openings, e))
    if a.games is None:
        a.games = 40 if openings is None else 2 * len(openings)
    if a.games < 1 or a.jobs < 1:
        ap.error("--games and --jobs must be at least 1")
    if a.games % 2:
        print("note: --games %d is odd: the last opening is not played with colours swapped"
              % a.games, file=sys.stderr)
    if a.reach is not None and a.openings != "wide":
        ap.error("--reach is for --openings wide")
    if a.node_ms is not None and (a.node_ms <= 0 or a.time_ms is not None):
        ap.error("--node-ms must be above 0, and not with --time-ms")
    reach = 3 if a.reach is None else a.reach
    if not 1 <= reach <= (a.size - 1) // 2:
        ap.error("--reach must be 1 to %d on a board of %d lines" % ((a.size - 1) // 2, a.size))
    for spec in (a.a, a.b):
        try:
            p = started(spec, a.size, rule)
            if isinstance(p, Brain):
                p.close()
        except (ValueError, BrainError) as e:
            ap.error(str(e))
    t = time.time()
    if a.openings == "random":
        openings = random_openings((a.games + 1) // 2, a.seed, a.size, rule)
    elif openings is None:
        openings = wide_openings(reach) if a.openings == "wide" else OPENINGS
    then = None
    if a.against:
        with a.against as f:
            lines = f.read().splitlines()
        try:
            then = earlier_run(lines, a.games, openings, a.size)
        except ValueError as e:
            ap.error("--against %s: %s" % (a.against.name, e))
    results = match(a.a, a.b, a.games, a.size, rule, a.seed, a.jobs, a.time_ms, a.verbose,
                    openings, a.node_ms)
    print("%s vs %s, %s, %dx%d, seed %d, %.1f s" % (a.a, a.b, a.rule, a.size, a.size, a.seed,
                                                  time.time() - t))
    print(summary(a.a, a.b, results, openings, a.size))
    if then is not None:
        better, worse, net, spread = compare(results, then)
        print("against %s: A better in %d, worse in %d games; net %+.1f points, spread %.1f"
              " (a net under two spreads is within luck)" % (a.against.name, better, worse,
                                                             net, spread))


if __name__ == "__main__":
    main()
