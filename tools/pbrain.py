# Gomocup (Piskvork) brain over stdin/stdout around the firmware engine; CPython and MicroPython.
#
#   python tools/pbrain.py [--level easy|medium|hard]
#   node tools/mp_run.mjs tools/pbrain.py --level hard
# Commands: START, RECTSTART (square boards), RESTART, BEGIN, TURN, BOARD..DONE, TAKEBACK, INFO,
# END, ABOUT, SWAP2BOARD..DONE (its stones x,y in placing order, or x,y,who as in BOARD).
# Boards of 5 to 20 lines (START N): Gomocup plays freestyle on 20x20, standard and Renju on 15x15.
# Lines may end in CR, LF or CRLF. A bad command gets `ERROR text`, an unknown one `UNKNOWN text`,
# and the brain keeps running either way. Coordinates are 0-based x,y with x the column.
import sys
import time


def _here():
    f = globals().get("__file__", "tools/pbrain.py")
    return f.rsplit("/", 1)[0] if "/" in f else "."


sys.path.insert(0, _here() + "/../firmware")

VM = hasattr(time, "ticks_ms")  # MicroPython: the brain runs under the wasm VM (tools/mp_run.mjs)
if VM:
    # The engine compares the clock with a deadline: ticks_ms() wraps (after 12.4 days).
    from hw.clock import monotonic_ms as clock
else:

    def clock():
        return int(time.monotonic() * 1000)


def _started():
    """The clock's reading when the process started. "Time for a match is measured from
    creating a process", and GomocupJudge counts the first move from spawning the brain, which
    under the VM takes 0.4-0.6 s before this file runs (Node, the wasm VM, copying the
    firmware in): the VM's host module knows the Node process's age. Under CPython (some
    30 ms before this line) the brain counts from here."""
    try:
        import mp_host

        return clock() - mp_host.uptime_ms()
    except ImportError:
        return clock()


STARTED = _started()

from ai.engine import LEVEL_NAMES as LEVELS  # noqa: E402
from gomoku import rules  # noqa: E402
from gomoku.board import BLACK, BORDER, EMPTY, MAX_SIZE, MIN_SIZE, WHITE, Board  # noqa: E402

ABOUT = ('name="pico-gomoku", version="0.1", author="pico-gomoku project", country="-", '
         'www="-"')
UNLIMITED = 2147483647  # time_left when the match has no time limit (the protocol's words)


def margin():
    """Milliseconds of a turn limit kept back for what the engine's deadline does not cover:
    it reads the clock every 32 nodes or so and then finishes the move, and the answer goes
    out through pipes (under the VM also through Node's). CPython answers a few ms after its
    deadline. Under the VM a node costs ~10 times as much, and with the host busy (two VM
    matches and a busy loop on 2 cores) moves came up to 92 ms after their deadline at
    timeout_turn 1000 and up to 70 ms at 3000: the overshoot is the last batch of nodes,
    not a share of the limit, so the VM keeps back a fixed 150 ms (60 gave 1,002-1,024 ms
    answers at 1000 and 3,002 ms at 3000)."""
    return 150 if VM else 60


class ProtocolError(Exception):
    pass


class Ended(Exception):
    """END inside a BOARD or SWAP2BOARD block: the brain stops at once, as at any END."""


def read_chunks():
    """Raw stdin text in whatever pieces arrive, without any newline translation."""
    try:
        import mp_stdin  # the VM's shim (tools/mp_run.mjs)

        while True:
            s = mp_stdin.read()
            if not s:
                return
            yield s
    except ImportError:
        pass
    try:
        import os

        # Bytes are decoded a whole line at a time, so that a character split between two reads
        # stays whole, and a line that is not UTF-8 reaches the command parser (and gets its
        # ERROR or UNKNOWN) instead of ending the brain.
        pend = b""
        while True:
            b = os.read(0, 4096)
            if not b:
                if pend:
                    yield _text(pend)
                return
            pend += b
            i = max(pend.rfind(b"\n"), pend.rfind(b"\r")) + 1
            if i:
                yield _text(pend[:i])
                pend = pend[i:]
    except (ImportError, AttributeError):
        while True:
            s = sys.stdin.read(1)
            if not s:
                return
            yield s


def _text(b):
    """Whole lines of bytes read from stdin as text: UTF-8, or if they are not, ASCII with '?'
    for every other byte (the protocol's commands are ASCII)."""
    try:
        return b.decode()
    except UnicodeError:
        return "".join(chr(c) if c < 128 else "?" for c in b)


def lines(chunks):
    """Split on CR, LF or CRLF; a CR is a line end at once, so a following LF is skipped.
    A line's characters are gathered in a list and joined once: MicroPython copies a string
    at every `+=`, and the VM frees nothing while the brain runs, so a line of n characters
    cost n*n/2 bytes (a 40 KB garbage line took 800 MB of heap and seconds; a longer one got
    no answer)."""
    buf = []
    skip_lf = False
    for chunk in chunks:
        for ch in chunk:
            if skip_lf:
                skip_lf = False
                if ch == "\n":
                    continue
            if ch == "\r" or ch == "\n":
                skip_lf = ch == "\r"
                yield "".join(buf)
                buf = []
            else:
                buf.append(ch)
    if buf:
        yield "".join(buf)


def say(text):
    sys.stdout.write(text + "\n")
    try:
        sys.stdout.flush()
    except AttributeError:
        pass


def whole(text):
    """A whole number in ASCII digits with an optional sign, as the protocol writes them.
    CPython's int() also takes other scripts' digits and "1_000", which the VM refuses: the
    brain answers the same on both."""
    t = text.strip()
    d = t[1:] if t[:1] in ("+", "-") else t
    if not d or [c for c in d if c not in "0123456789"]:
        raise ValueError(text)
    return int(t)


def parse_xy(text, board):
    parts = text.split(",")
    if len(parts) != 2:
        raise ProtocolError("expected x,y but got '%s'" % text)
    try:
        x, y = whole(parts[0]), whole(parts[1])
    except ValueError:
        raise ProtocolError("expected x,y but got '%s'" % text)
    if not board.on_board(x, y):
        raise ProtocolError("%d,%d is off the %dx%d board" % (x, y, board.size, board.size))
    return board.idx(x, y)


class Brain:
    def __init__(self, level="hard", seed=1):
        self.level = level
        self.seed = seed
        self.board = None
        self.rule = rules.FREESTYLE
        self.turn_ms = None  # None: the level's own pace
        self.left_ms = None  # the match clock's time left (time_left), if it has one
        self.engine = None
        self.key = None
        # The clock's reading when the manager's clock for the coming move started: the
        # protocol counts in a turn's time all commands but START, RECTSTART and RESTART, and
        # managers send INFO rule etc. right before the move, so the time this brain spends on
        # them is the move's. stamped() moves it on (see there).
        self.since = STARTED
        self.answered = False  # an answer went out since the last line was read

    # -- engine ------------------------------------------------------------------------------
    def budget(self):
        """The engine's time for this move from now (None: the level's own pace)."""
        t = self.turn_ms
        if t is not None:
            t = t - margin() if t > 0 else 0  # 0 means as fast as possible
        # "The manager is required to send info time_left if the time is limited": it counts
        # whether or not timeout_match was sent
        if self.left_ms is not None and self.left_ms < UNLIMITED:
            from ai.engine import CLOCK_SHARE

            share = self.left_ms // CLOCK_SHARE
            t = share if t is None else min(t, share)
        if t is not None:
            t = max(20, t - (clock() - self.since))
        return t

    def prepare(self):
        """An engine for the board's rule, size and walls (BOARD's stones of nobody), built
        now unless the one there is: START and INFO rule call it, so that a move does not
        wait for it (START's time is not a move's; INFO rule's is, see since)."""
        from ai import engine

        b = self.board
        walls = tuple(p for p in b.points() if b.cells[p] == BORDER)
        key = (self.rule, b.size, walls)
        if self.engine is not None and self.key == key:
            return
        level = getattr(engine, self.level.upper())
        e = engine.Engine(level=level, rule=self.rule, seed=self.seed, size=b.size)
        if walls:
            # The engine follows a game by its moves; a board with walls is copied whole
            # (walls block lines as the edge does) into a fresh engine's position.
            e.board = None
        self.engine, self.key = e, key

    def think(self):
        b = self.board
        self.prepare()
        t = self.budget()
        # The budget changes from move to move with the game clock; the engine (and its
        # transposition table) stays.
        self.engine.time_ms = t
        self.engine.clock = clock if t else None
        i = self.engine.think(b.copy())
        me = b.to_move()
        if i is None or b.cells[i] != EMPTY:
            i = self.fallback()
        elif self.rule == rules.RENJU and me == BLACK and rules.is_forbidden(b, i):
            i = self.fallback()
        b.put(i, me)
        x, y = b.xy(i)
        return "%d,%d" % (x, y)

    def fallback(self):
        # Any legal point nearest the centre: the engine gave nothing usable.
        b = self.board
        c = (b.size - 1) / 2
        best = None
        for p in b.points():
            if b.cells[p] != EMPTY:
                continue
            if self.rule == rules.RENJU and b.to_move() == BLACK and rules.is_forbidden(b, p):
                continue
            x, y = b.xy(p)
            d = (x - c) * (x - c) + (y - c) * (y - c)
            if best is None or d < best[0]:
                best = (d, p)
        if best is None:
            raise ProtocolError("no legal move left")
        return best[1]

    def need_board(self):
        if self.board is None:
            raise ProtocolError("no game: send START first")
        return self.board

    # -- commands ----------------------------------------------------------------------------
    def start(self, arg):
        try:
            n = whole(arg)
        except ValueError:
            raise ProtocolError("START needs a board size")
        if not MIN_SIZE <= n <= MAX_SIZE:
            raise ProtocolError("unsupported size %d (%d..%d)" % (n, MIN_SIZE, MAX_SIZE))
        self.board = Board(n)
        self.prepare()
        return "OK"

    def info(self, arg):
        # INFO gets no answer. What the brain has to say about one is a MESSAGE, which
        # managers show and skip; an ERROR would be read as the next command's answer
        # (Piskvork: BEGIN "has not returned coordinates", c-gomoku-cli waiting for START's OK).
        parts = arg.split(None, 1)
        if len(parts) != 2:
            return "MESSAGE INFO needs a key and a value: ignored"
        key, value = parts[0].lower(), parts[1].strip()
        if key in ("timeout_turn", "time_left", "rule"):
            try:
                v = whole(value)
            except ValueError:
                return "MESSAGE INFO %s needs a whole number: ignored" % key
            if key == "timeout_turn":
                self.turn_ms = v
            elif key == "time_left":
                self.left_ms = v
            else:
                return self.set_rule(v)
        return None  # timeout_match (time_left counts), max_memory, folder, ...: nothing to do

    def set_rule(self, v):
        # Gomocup's bits: 1 exactly five, 2 continuous game, 4 Renju, 8 caro. Yixin-Board sends
        # 2 alone for Renju, and Rapfi reads it so; the continuous game is not played here.
        renju = v & 4 or v == 2
        self.rule = rules.RENJU if renju else rules.STANDARD if v & 1 else rules.FREESTYLE
        if self.board is not None:
            self.prepare()
        if v == 2:
            return "MESSAGE rule 2 is played as renju (Yixin-Board's code for it)"
        if v & 8:  # caro: a five blocked at both ends does not win
            return "MESSAGE caro (rule 8) is not supported: playing %s" % \
                rules.RULE_NAMES[self.rule]
        return None

    def stones(self, rows):
        """Board from BOARD/SWAP2BOARD rows (x, y, who); the brain is the side to move."""
        b = Board(self.need_board().size)
        own, opp, walls, seen = [], [], [], set()
        for x, y, who in rows:
            i = b.idx(x, y)
            if i in seen:
                raise ProtocolError("%d,%d is given twice" % (x, y))
            seen.add(i)
            (own if who == 1 else opp if who == 2 else walls).append(i)
        me = WHITE if len(opp) > len(own) else BLACK
        colour = {1: me, 2: 3 - me}
        order = [(b.idx(x, y), colour[who]) for x, y, who in rows if who != 3]
        # Keep the given order when it reads like a game record (Renju sends move order);
        # otherwise pair each own stone with an opponent stone after any surplus, so the last
        # stone is the opponent's and the board's side to move is the brain.
        k = 0
        while k < len(order) and order[k][1] == (BLACK if k % 2 == 0 else WHITE):
            k += 1
        if k < len(order):
            n = min(len(own), len(opp))
            order = ([(p, me) for p in own[:len(own) - n]]
                     + [(p, 3 - me) for p in opp[:len(opp) - n]])
            for j in range(n):
                order.append((own[len(own) - n + j], me))
                order.append((opp[len(opp) - n + j], 3 - me))
        for p, c in order:
            b.put(p, c)
        for p in walls:
            b.cells[p] = BORDER  # a stone of nobody: blocks lines like the board's edge
        return b

    def read_rows(self, source, who_needed=True):
        """Stone lines up to DONE: `x,y,who`, or with who_needed=False also `x,y` (SWAP2BOARD's
        stones, in placing order: who placed them does not matter there, and managers send
        them without it, as AlphaGomoku's and KataGo's Gomocup builds read them). A bad line
        is reported after DONE, so the rest of the block is not taken for commands; so is a
        block with no game (no START yet)."""
        rows = []
        bad = None
        size = self.board.size if self.board is not None else MAX_SIZE
        for raw in source:
            s = raw.strip()
            if not s:
                continue
            if s.upper() == "END":
                raise Ended()
            if s.upper() == "DONE":
                self.need_board()
                if bad:
                    raise ProtocolError("bad stone line '%s'" % bad)
                return rows
            parts = s.split(",")
            try:
                if len(parts) == 2 and not who_needed:
                    parts.append("1")
                x, y, who = whole(parts[0]), whole(parts[1]), whole(parts[2])
                ok = len(parts) == 3 and who in (1, 2, 3) and 0 <= x < size and 0 <= y < size
            except (ValueError, IndexError):
                ok = False
            if ok:
                rows.append((x, y, who))
            elif bad is None:
                bad = s
        raise ProtocolError("input ended before DONE")

    def takeback(self, arg):
        b = self.need_board()
        i = parse_xy(arg, b)
        if b.cells[i] not in (BLACK, WHITE) or i not in b.hist:
            raise ProtocolError("no stone at %s" % arg)
        if b.hist[-1] == i:
            b.take()
        else:
            # Not the last stone (unusual): replay the others in their order.
            rest = [(p, b.cells[p]) for p in b.hist if p != i]
            walls = [p for p in b.points() if b.cells[p] == BORDER]
            nb = Board(b.size)
            for p, colour in rest:
                nb.put(p, colour)
            for p in walls:
                nb.cells[p] = BORDER
            self.board = nb
        return "OK"

    def swap2(self, rows):
        # The opening stones come in placing order, alternately black and white; `who` only
        # says who placed them, which does not matter for the choice.
        b = Board(self.need_board().size)
        for x, y, _ in rows:
            i = b.idx(x, y)
            if b.cells[i] != EMPTY:
                raise ProtocolError("%d,%d is given twice" % (x, y))
            b.put(i, b.to_move())
        n = b.count()
        if n not in (0, 3, 5):
            raise ProtocolError("SWAP2BOARD needs 0, 3 or 5 stones")
        from ai import opening
        from ai.engine import Rng
        from ai.eval import Pos

        def last(steps):  # the decision the opening's steps come to (the app slices them)
            v = None
            for v in steps:
                pass
            return v

        rng = Rng(self.seed)
        self.board = b
        rule = self.rule
        if n == 0:
            out = []
            for _ in range(3):
                i = last(opening.opening_steps(Pos(b.copy(), rule), rule, False, rng))
                b.put(i, b.to_move())
                out.append(i)
            return self.names(out)
        if n == 3:
            answer = opening.swap2_choice(opening.assess(b, rule))  # white to move
            if answer == "swap":
                return "SWAP"
            if answer == "put2":
                out = []
                for _ in range(2):
                    i = last(opening.balanced_steps(Pos(b.copy(), rule), rule, b.to_move(),
                                                    opening.around(b, 2), rng))
                    b.put(i, b.to_move())
                    out.append(i)
                return self.names(out)
        elif opening.assess(b, rule) < 0:  # black is the better colour to hold
            return "SWAP"
        return self.think()  # keep white: its move

    def names(self, points):
        return " ".join("%d,%d" % self.board.xy(i) for i in points)

    def handle(self, line, source):
        """Answer one command line (None: no answer). `source` yields the following lines."""
        s = line.strip()
        if not s:
            return None
        parts = s.split(None, 1)
        cmd = parts[0].upper()
        arg = parts[1].strip() if len(parts) > 1 else ""
        if cmd == "START":
            return self.start(arg)
        if cmd == "RECTSTART":  # width,height: the protocol asks an ERROR for shapes not played
            w, _, h = arg.partition(",")
            if w.strip() != h.strip():
                raise ProtocolError("only square boards: RECTSTART needs width = height")
            return self.start(w)
        if cmd == "RESTART":
            self.board = Board(self.need_board().size)
            return "OK"
        if cmd == "INFO":
            return self.info(arg)
        if cmd == "ABOUT":
            return ABOUT
        if cmd == "BEGIN":
            if self.need_board().count():
                raise ProtocolError("BEGIN needs an empty board")
            return self.think()
        if cmd == "TURN":
            b = self.need_board()
            i = parse_xy(arg, b)
            if b.cells[i] != EMPTY:
                raise ProtocolError("%s is not empty" % arg)
            b.put(i, b.to_move())
            return self.think()
        if cmd == "BOARD":
            self.board = self.stones(self.read_rows(source))
            return self.think()
        if cmd == "TAKEBACK":
            return self.takeback(arg)
        if cmd == "SWAP2BOARD":
            return self.swap2(self.read_rows(source, False))
        return "UNKNOWN " + s


# A read that took this long waited for the manager: what it brought was sent after a pause.
WAITED_MS = 20


def stamped(chunks, brain):
    """The chunks of stdin, setting brain.since to when one arrived that starts the manager's
    clock for a move: the first after an answer (the manager waits for it), or one the brain
    waited WAITED_MS or more for (sent after a pause: Piskvork sends a game's INFOs after
    START's OK, and the move once the opponent has played). A chunk there at once came with the
    lines before it (GomocupJudge writes START, the INFOs and BOARD together after spawning the
    brain; managers send INFO rule right before the move) and keeps their reading, so the work
    those lines asked for counts in the move's time."""
    it = iter(chunks)
    while True:
        t = clock()
        try:
            chunk = next(it)
        except StopIteration:
            return
        now = clock()
        if brain.answered or now - t >= WAITED_MS:
            brain.since = now
            brain.answered = False
        yield chunk


def serve(brain, chunks):
    source = lines(stamped(chunks, brain))
    for line in source:
        s = line.strip()
        if s.upper() == "END":
            return
        try:
            out = brain.handle(s, source)
        except ProtocolError as e:
            out = "ERROR " + str(e)
        except Ended:
            return
        if out is not None:
            say(out)
            if not out.startswith("MESSAGE"):  # INFO's: not waited for, so not an answer here
                brain.answered = True


def main(argv):
    level = "hard"
    if argv[:1] in (["--help"], ["-h"]):
        print("usage: pbrain.py [--level easy|medium|hard]: a Gomocup / Piskvork brain on "
              "stdin and stdout (README, tools/pbrain-gomoku)")
        return 0
    if argv[:1] == ["--level"] and len(argv) == 2:
        level = argv[1]
    elif argv:
        level = ""
    if level not in LEVELS:
        say("ERROR usage: pbrain.py [--level easy|medium|hard]")
        return 2
    serve(Brain(level), read_chunks())
    return 0


if __name__ == "__main__":
    sys.exit(main(getattr(sys, "argv", [""])[1:]))
