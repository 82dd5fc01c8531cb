# Game records in the formats other Gomoku programs use, converted through the game's own rules:
#   psq      Piskvork's records (also the Gomocup archives): "Piskvorky 15x15, 0:0, 0", then
#            "x,y,ms" a move, 1-based from the top left, then maybe the players (brains' file
#            names, homo-1 / homo-2 for people) and a code. It does not say the rule (a Gomocup
#            archive's line after the code, "1,Freestyle", names its tournament's): --rule
#   sgf      SGF FF[4], GM[4] (Gomoku and Renju): B[hh];W[hi]..., letters from the top left;
#            GM[5] and private properties such as 5A[gg] as Renju Online Club writes them; RU
#            (or GN) naming Renju or one of its opening rules (RIF, Yamaguchi...) is Renju; of
#            a collection of several games, --game N reads game N
#   opening  one line of a Gomocup / c-gomoku-cli openings file: "x,y, x,y, ..." offsets from
#            the centre (size // 2), black first (what `arena.py --openings FILE` reads); of a
#            file of several, --game N reads line N
#   moves    point names as the board shows them and `arena.py -v` prints: "h8 h9 i8", or
#            written together as GUIs copy a game: "h8h9i8"
#   renlib   read only: RenLib's opening libraries (.lib, Renju, 15x15), a tree of lines: its
#            main line (the first), or with --game N line N in RenLib's order
#   save     the board's game.json (`mpremote cp :game.json .`) or a past game (pastN.json):
#            read any; written as an unfinished pass-and-play game, or one against the AI with
#            --ai, to copy back and resume
#
#   python3 tools/records.py IN [--to psq|sgf|opening|moves|save] [-o OUT] [--game N]
#          [--from FORMAT|renlib] [--size N] [--rule freestyle|standard|renju] [--ai black|white]
#          [--level easy|medium|hard]
# IN is a file or - (stdin); its format is found from its contents unless --from says. A
# tools/arena.py --verbose output is read as moves: --game N picks the game (default the first).
# What the conversion changes or guesses (a rule not said, passes dropped, a PSQ's names read as
# Windows-1252) is said on stderr.
# Every move is replayed on a board under the rule: a point off the board or taken, a move after
# the game was won, or a Renju-forbidden black move before the last gets an error naming the
# move, and nothing is written. OUT is written whole or not at all (a temporary file, then a
# rename); without -o the record goes to stdout. Output is UTF-8 whatever the locale.
import argparse
import codecs
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "firmware"))
sys.path.insert(0, os.path.join(HERE, "fakes"))  # the app's modules read hw.clock

from app import options as O, past, session  # noqa: E402
from ai.engine import LEVEL_NAMES  # noqa: E402
from gomoku import rules  # noqa: E402
from gomoku.board import BLACK, EMPTY, MAX_SIZE, MIN_SIZE, WHITE, Board  # noqa: E402

FORMATS = ("psq", "sgf", "opening", "moves", "save")
PSQ_HEAD = re.compile(r"^\s*Piskvorky\s+(\d+)\s*x\s*(\d+)\s*,\s*(-?\d+)\s*:\s*(-?\d+)\s*,\s*(\d+)")
PSQ_MOVE = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*(?:,\s*(-?\d+)\s*)?$")
ARENA_GAME = re.compile(r"^game (\d+) A=(black|white) (?:A wins|B wins|draw) \([^)]*\): (.*)$")
ARENA_NAME = re.compile(r"^([AB]) (\S.*?) +\+\d+ -\d+ =\d+")  # cmd:"..." names have spaces
# A move list's points: apart, or after commas, or written together as Yixin's and Rapfi's
# GUIs and online boards copy a game ("h8h9i8": a point is a letter and all the digits after it)
MOVE_TOKEN = re.compile(r"[A-Za-z]\d+(?=[A-Za-z])|[^\s,;]+")
ARENA_HEAD = re.compile(r"^.+ vs .+, (\w+), (\d+)x\d+, seed")
# Letters are SGF's identifiers; Renju Online Club (ORC) adds its own with digits (5A[gg][hh]),
# which are matched so that they can be skipped
SGF_IDENT = re.compile(r"[A-Za-z0-9]+")
# Renju's opening rules: a record naming one is a Renju game. ORC and Renjubase write it in RU or
# in the game's name (GN[A-B(B) : RIF rule]). Not Swap2: Gomocup plays it in freestyle too.
RENJU_NAMES = re.compile(r"\b(?:renju|rif|yamaguchi|sakata|tarannikov|jonsson|taraguchi|soos[\u00f5oy]rv)"
                         r"(?![a-z])", re.I)


class RecordError(ValueError):
    """The input is not a record we can read, or its moves are not a legal game."""


class Record:
    """A game as stones in placing order, black first and alternating, checked by check()."""

    def __init__(self, size, rule=rules.FREESTYLE, moves=(), names=("", ""), times=None):
        if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
            raise RecordError("board size %r: this game plays %d to %d lines"
                              % (size, MIN_SIZE, MAX_SIZE))
        self.size = size
        self.rule = rule
        self.moves = list(moves)  # (x, y), 0-based from the top left
        self.names = names
        self.times = times  # ms per move, if the source had them
        self.winner = None  # BLACK, WHITE, 0 (draw) or None (not over); check() sets it
        self.reason = ""
        # (winner, reason) the record says the game ended with where its moves do not end it:
        # a resignation, time, an agreed draw (SGF's RE, a save's own)
        self.declared = None
        self.said_rule = True  # False: the record does not say its rule and none was given
        self.notes = []  # what reading it changed or guessed, for the user (main prints them)

    def check(self):
        """Replay the moves under the rule; RecordError names the first bad one."""
        b = Board(self.size)
        self.winner, self.reason = None, ""
        for n, (x, y) in enumerate(self.moves):
            colour = BLACK if n % 2 == 0 else WHITE
            what = "move %d (%s)" % (n + 1, _name(b, x, y))
            if self.winner is not None:
                raise RecordError("%s: the game was over after move %d (%s)%s" % (
                    what, n, self.reason, "" if self.said_rule else
                    ", as freestyle: the record does not say its rule, --rule gives it"))
            if not b.on_board(x, y):
                raise RecordError("%s: off the %dx%d board" % (what, self.size, self.size))
            i = b.idx(x, y)
            if b.cells[i] != EMPTY:
                raise RecordError("%s: the point is taken" % what)
            forbidden = self.rule == rules.RENJU and colour == BLACK and rules.is_forbidden(b, i)
            b.put(i, colour)
            if rules.win_line(b, i, self.rule):
                self.winner, self.reason = colour, "five"
            elif forbidden:
                self.winner, self.reason = WHITE, "forbidden " + b.name(i)
            elif b.full():
                self.winner, self.reason = 0, "full board"
        if self.winner is None and self.declared:
            self.winner, self.reason = self.declared
        return b


def _name(b, x, y):
    # off the board: as PSQ counts (SGF's letters and the board's names have no such point)
    return b.name(b.idx(x, y)) if b.on_board(x, y) else \
        "column %d, row %d from 1 at the top left" % (x + 1, y + 1)


# -- reading ---------------------------------------------------------------------------------
def read_psq(text, rule):
    lines = text.splitlines()
    m = PSQ_HEAD.match(lines[0]) if lines else None
    if not m:
        raise RecordError("not a PSQ record: the first line must be 'Piskvorky WxH, a:b, c'")
    w, h, first = int(m.group(1)), int(m.group(2)), int(m.group(5))
    if w != h:
        raise RecordError("a %dx%d board: this game plays square boards only" % (w, h))
    if first > 1:
        raise RecordError("PSQ: the first line's last number says which player began: 0 or 1")
    moves, times = [], []
    k = 1
    while k < len(lines):  # Piskvork reads moves up to the first line that is not one: names,
        mv = PSQ_MOVE.match(lines[k])  # a code (blank lines it skips)
        if mv and len(moves) == w * w:
            raise RecordError("PSQ: more moves than the %dx%d board has points" % (w, w))
        if mv:
            moves.append((int(mv.group(1)) - 1, int(mv.group(2)) - 1))
            times.append(int(mv.group(3) or 0))
        elif lines[k].strip():
            break
        k += 1
    # After the moves Piskvork writes the two players in tournaments, then a code (Gomocup's
    # archives add a line such as "1,Freestyle"). A line of numbers that is not a code is a
    # damaged move: taking it for a name would lose the moves after it without a word.
    rest = [ln.strip() for ln in lines[k:]]
    for n, ln in enumerate(rest[:3]):
        if re.fullmatch(r"[-\d\s,;.:]+", ln) and not re.fullmatch(r"-?\d+", ln):
            raise RecordError("PSQ line %d: %r is not a move 'x,y,ms'" % (k + n + 1, ln))
    code = next((n for n, s in enumerate(rest) if re.fullmatch(r"-?\d+", s)), len(rest))
    names = [s for s in rest[:min(2, code)] if s] + ["", ""]  # (not the archives' line below)
    names = ["" if s.lower().startswith("homo-") else s for s in names[:2]]  # people
    if first:  # player 0 is named first; the header's last number is the one who began
        names.reverse()
    # The archives' line after the code names the tournament ("1,Freestyle", "0,Freestyle15_1"):
    # a rule named there is the game's (a Renju game read as freestyle ended at an overline)
    own = None
    for s in rest[code + 1:]:
        m = re.fullmatch(r"-?\d+\s*,\s*(\S.*)", s)
        if m and own is None:
            own = _rule_named(m.group(1))
    said = rule if rule is not None else own  # --rule first
    rec = Record(w, rules.FREESTYLE if said is None else said, moves, tuple(names), times)
    rec.said_rule = said is not None
    return rec


class _Node(dict):
    """An SGF node: {property: [values]}, and where it starts in the text (its ';')."""

    def __init__(self, at):
        dict.__init__(self)
        self.at = at

    def where(self):
        return "SGF node at character %d" % self.at


# What reading an SGF uses of a node; other properties (comments, marks, a library's labels)
# are checked and skipped, not kept
SGF_USED = ("GM", "SZ", "RU", "GN", "PB", "PW", "RE", "B", "W", "AB", "AW", "AE")
# Nodes with a move or setup a main line may hold: a board's points, and as many again for
# passes. A file of millions (damaged, or not a game) is refused before it takes the memory.
SGF_MOST = 2 * MAX_SIZE * MAX_SIZE
_NO_NODE = {}  # a node with nothing SGF_USED, shared


def _sgf_tree(text, i, keep=True, room=None):
    """The main line of the SGF game tree opening at text[i] ('('), as a list of _Nodes,
    and the index after its ')'. Where the tree branches the first variation is the game; the
    others are read (to find where they end) and dropped, as is the whole tree if not keep:
    a library's variations and a collection's other games build nothing, and of the main line
    only what is used is kept (a 15 MB main line of comments took 2.3 GB of memory). room:
    [how many more nodes with something used may be kept]."""
    nodes, n, branched = [], len(text), False
    room = [SGF_MOST] if room is None else room
    i += 1
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif c == ";" and not branched:
            node, i = _sgf_props(text, i + 1, keep)
            if keep:
                if node:
                    room[0] -= 1
                    if room[0] < 0:
                        raise RecordError("SGF: more than %d moves in one game" % SGF_MOST)
                nodes.append(node or _NO_NODE)
        elif c == "(":
            sub, i = _sgf_tree(text, i, keep and not branched, room)
            if keep and not branched:
                nodes += sub
            branched = True
        elif c == ")":
            return nodes, i + 1
        else:
            raise RecordError("SGF: unexpected %r at character %d" % (c, i))
    raise RecordError("SGF: the game tree is not closed")


SGF_VALUE = re.compile(r"(?:[^\\\]]|\\.)*", re.S)  # up to the ']' that is not escaped
# SGF's escapes: a backslash and a character is the character; a backslash and a line break
# (\n, \r, or the two in either order) is a soft line break, which is removed
SGF_ESCAPE = re.compile(r"\\(?:\r\n|\n\r|\r|\n|(.))", re.S)
SGF_SPACE = re.compile(r"\r\n|\n\r|\s")  # a line break, a tab...: one space in SimpleText


def _sgf_simple_text(v):
    """An SGF value as SimpleText, as what is read of a node is (names, results, points): the
    escapes undone, soft line breaks removed, other line breaks and white space made spaces."""
    return SGF_SPACE.sub(" ", SGF_ESCAPE.sub(lambda m: m.group(1) or "", v))


def _sgf_props(text, i, keep=True):
    node, n, seen = _Node(i - 1), len(text), set()
    while i < n:
        while i < n and text[i].isspace():
            i += 1
        m = SGF_IDENT.match(text, i)
        if not m:
            return node, i
        ident, i = m.group(0), m.end()
        # FF[3]'s long names: their lowercase letters are not the identifier's (SiZe is SZ, not
        # an unknown SIZE); an identifier all lowercase is read as its capitals
        ident = re.sub("[a-z]", "", ident) if re.search("[A-Z]", ident) else ident.upper()
        vals = []
        while True:
            while i < n and text[i].isspace():
                i += 1
            if i >= n or text[i] != "[":
                break
            j = SGF_VALUE.match(text, i + 1).end()
            if j >= n or text[j] != "]":  # (or a lone backslash at the very end)
                raise RecordError("SGF: property %s is not closed" % ident)
            vals.append(text[i + 1:j])
            i = j + 1
        if not vals:
            raise RecordError("SGF: property %s has no value" % ident)
        if not keep or not ident.isalpha():  # not the game's, or a program's own (ORC's 5A)
            continue
        # SGF allows a property once a node; a second would be a second move or name that
        # keeping either one would silently change
        if ident in seen:
            raise RecordError("%s: property %s is given twice" % (node.where(), ident))
        seen.add(ident)
        if ident in SGF_USED:
            node[ident] = [_sgf_simple_text(v) for v in vals]
    return node, i


def _rule_named(text):
    """The rule a record's words name (SGF's RU, a Gomocup archive's rule line), or None."""
    if RENJU_NAMES.search(text):
        return rules.RENJU
    if re.search(r"standard|exact", text, re.I):
        return rules.STANDARD
    if re.search(r"free\W?style", text, re.I):
        return rules.FREESTYLE
    return None


def _sgf_rule(root):
    """The rule an SGF root says: RU, else a Renju opening rule named in GN; None for none or
    an RU we do not know (a note then says the rule was not said)."""
    own = _rule_named(root.get("RU", [""])[0])
    if own is None and RENJU_NAMES.search(root.get("GN", [""])[0]):
        return rules.RENJU
    return own


def read_sgf(text, rule, game=None):
    """The game of an SGF file; of a collection of several (Sabaki saves them, ORC's game centre
    publishes them), game N, from 1."""
    i = text.find("(")
    if i < 0:
        raise RecordError("not an SGF record: no '('")
    trees = []
    while True:
        # only the game to read is kept: the others are read to count them
        try:
            nodes, i = _sgf_tree(text, i, len(trees) + 1 == (game or 1))
        except RecordError as e:
            if not trees:
                raise
            raise RecordError("an SGF collection whose game %d is damaged (%s): --game N reads "
                              "game N before it" % (len(trees) + 1, e))
        trees.append(nodes)
        if len(trees) == game:
            break
        while i < len(text) and text[i].isspace():
            i += 1
        if not text.startswith("(", i):  # the collection's end (text after it is no game)
            break
    # A collection read as its first game lost the others without a word
    if game is None and len(trees) > 1:
        raise RecordError("an SGF collection of %d games: --game N reads game N" % len(trees))
    if game is not None and not 1 <= game <= len(trees):
        raise RecordError("no game %d in this SGF: it holds %d" % (game, len(trees)))
    nodes = trees[(game or 1) - 1]
    if not nodes:
        raise RecordError("SGF: no nodes")
    root = nodes[0]
    gm = root.get("GM", ["4"])[0].strip()
    if gm not in ("4", "5"):
        raise RecordError("SGF GM[%s] is not Gomoku or Renju (GM[4])" % gm)
    sz = root.get("SZ", ["15"])[0].strip()
    try:
        w, h = (int(s) for s in (sz.split(":") if ":" in sz else (sz, sz)))
    except ValueError:
        raise RecordError("SGF: bad SZ[%s]" % sz)
    if w != h:
        raise RecordError("a %dx%d board: this game plays square boards only" % (w, h))
    own = _sgf_rule(root)
    played = []  # (x, y), or None for a pass
    for node in nodes:
        if "AB" in node or "AW" in node or "AE" in node:
            raise RecordError("SGF setup stones (AB/AW/AE) are not moves: give the game's moves")
        props = [p for p in ("B", "W") if p in node]
        if len(props) > 1:
            raise RecordError("%s has both B and W: a node holds one move" % node.where())
        for prop in props:
            if len(node[prop]) != 1:
                raise RecordError("%s: %s[%s] has %d points: a move is one" % (
                    node.where(), prop, "][".join(node[prop]), len(node[prop])))
            v = node[prop][0].strip()
            if len(played) % 2 != (0 if prop == "B" else 1):
                raise RecordError("SGF move %d is %s's: moves must alternate, black first"
                                  % (len(played) + 1, prop))
            if not v or (v == "tt" and w <= 19):  # SGF's pass; tt is a point on 20x20
                played.append(None)
                continue
            if len(v) != 2 or not ("a" <= v[0] <= "z" and "a" <= v[1] <= "z"):
                raise RecordError("SGF move %d: bad point %s[%s]" % (len(played) + 1, prop, v))
            played.append((ord(v[0]) - 97, ord(v[1]) - 97))
    notes = []
    played = _without_passes(played, "SGF move", notes)
    rec = Record(w, rule if rule is not None else rules.FREESTYLE if own is None else own,
                 played, (root.get("PB", [""])[0], root.get("PW", [""])[0]))
    rec.said_rule = own is not None or rule is not None
    rec.declared = _sgf_result(root.get("RE", [""])[0].strip())
    if gm == "5":
        rec.notes.append("GM[5] read as GM[4], Gomoku and Renju, as Renju Online Club means "
                         "it (SGF's 5 is Nine Men's Morris)")
    rec.notes += notes
    return rec


def _without_passes(played, what, notes):
    """played (points, None for a pass) without the passes that end it, said in notes (a game
    that ends in passes: its result, if any, says how it ended); RecordError for a pass before
    the end, as this game has none."""
    ended = len(played)
    while played and played[-1] is None:
        played.pop()
    if None in played:
        raise RecordError("%s %d is a pass: passes are not supported (this game has none)"
                          % (what, played.index(None) + 1))
    first = len(played) + 1
    if ended >= first:
        notes.append("%s, dropped (this game has no pass)" % (
            "move %d: a pass" % first if ended == first else
            "moves %d-%d: passes" % (first, ended)))
    return played


# SGF's RE: "0" or "Draw", or "B+" / "W+" and how: R(esign), T(ime), F(orfeit), or a score
SGF_WAYS = {"R": "resignation", "RESIGN": "resignation", "T": "time", "TIME": "time",
            "F": "forfeit", "FORFEIT": "forfeit"}


def _sgf_result(re_):
    """(winner, reason) of an SGF RE value; None for none, "?" (unknown) or "Void"."""
    if re_.upper() in ("0", "DRAW", "D", "JIGO"):
        return 0, "a draw by the record (RE[%s])" % re_
    if len(re_) >= 2 and re_[0].upper() in "BW" and re_[1] == "+":
        how = SGF_WAYS.get(re_[2:].strip().upper(), "RE[%s]" % re_)
        return (BLACK if re_[0].upper() == "B" else WHITE), how
    return None


def _opening_line(ln):
    # Not blank, not a comment: arena.py's openings files may hold "# ..." lines
    t = ln.strip()
    return bool(t) and not t.startswith("#")


def read_opening(text, size, rule, line=None):
    """The opening on one line of an openings file: text's only line, or its line `line` (from
    1, as editors and arena.py's messages count)."""
    lines = text.splitlines()
    if line is not None:
        if not 1 <= line <= len(lines) or not _opening_line(lines[line - 1]):
            raise RecordError("no opening on line %d (of %d)" % (line, len(lines)))
        text = lines[line - 1]
    else:
        # A file holds one opening a line: read whole, its lines would splice into one game
        filled = [n for n, ln in enumerate(lines, 1) if _opening_line(ln)]
        if len(filled) > 1:
            raise RecordError("an openings file of %d openings (lines %s): --game N reads "
                              "the one on line N" % (len(filled), ", ".join(map(str, filled[:5]))
                                                     + (", ..." if len(filled) > 5 else "")))
        if filled:
            text = lines[filled[0] - 1]
    nums = re.findall(r"-?\d+", text)
    if not nums or len(nums) % 2 or re.search(r"[^-\d,\s]", text):
        raise RecordError("not an opening line: 'x,y, x,y, ...' offsets from the centre")
    c = size // 2
    moves = []
    for k in range(0, len(nums), 2):
        dx, dy = int(nums[k]), int(nums[k + 1])
        if not (0 <= c + dx < size and 0 <= c + dy < size):
            raise RecordError("stone %d (%d,%d) is off the %dx%d board (offsets from its centre)"
                              % (k // 2 + 1, dx, dy, size, size))
        moves.append((c + dx, c + dy))
    return Record(size, rule, moves)


def read_moves(text, size, rule, game=None):
    lines = text.splitlines()
    said = rule is not None
    for ln in lines:
        m = ARENA_HEAD.match(ln)
        if m and m.group(1) in rules.RULE_NAMES:  # the match's rule and size, as it played
            rule = rules.RULE_NAMES.index(m.group(1)) if rule is None else rule
            size = int(m.group(2)) if size is None else size
            said = True
    games = [m for m in (ARENA_GAME.match(ln) for ln in lines) if m]
    names = ("", "")
    if games:
        pick = [m for m in games if game is None or int(m.group(1)) == game]
        if not pick:
            raise RecordError("no game %d in this arena output" % game)
        m = pick[0]
        who = dict(mm.groups() for mm in (ARENA_NAME.match(ln) for ln in lines) if mm)
        a, b = who.get("A", "A"), who.get("B", "B")
        names = (a, b) if m.group(2) == "black" else (b, a)
        text = m.group(3)
    elif game is not None:
        raise RecordError(GAME_IS_FOR)
    size = 15 if size is None else size
    Record(size)  # RecordError for a size this game does not play
    b = Board(size)
    moves = []
    for m in MOVE_TOKEN.finditer(text):
        tok = m.group(0)
        if len(moves) == size * size:  # (a long damaged list took seconds and 400 MB)
            raise RecordError("more moves than the %dx%d board has points" % (size, size))
        try:
            moves.append(b.xy(b.parse(tok)))
        except ValueError:
            raise RecordError("move %d: %r is not a point of the %dx%d board"
                              % (len(moves) + 1, tok, size, size))
    rec = Record(size, rules.FREESTYLE if rule is None else rule, moves, names)
    rec.said_rule = said
    return rec


def read_save(text, rule):
    from gomoku.game import GameError
    from gomoku.restore import restore

    try:
        d = json.loads(text)
    except ValueError as e:
        raise RecordError("not a save file: %s" % e)
    names = None
    if isinstance(d, dict) and d.get("kind") in (session.KIND, past.KIND):
        if isinstance(d.get("names"), list) and len(d["names"]) == 2:
            names = [str(s) for s in d["names"]]  # by player (P1, P2), not by colour
        d = d.get("game")
    try:
        g = restore(d)
    except (GameError, KeyError, TypeError, AttributeError, IndexError) as e:
        raise RecordError("a damaged or foreign save file: %s" % (e or type(e).__name__))
    if rule is not None and rule != g.rule:
        raise RecordError("this save is a %s game" % rules.RULE_NAMES[g.rule])
    b = g.board
    for n, i in enumerate(b.hist):
        if b.cells[i] != (BLACK if n % 2 == 0 else WHITE):
            raise RecordError("this save's stones do not alternate black and white")
    if names:  # an opening rule's swap can give black to either player
        names = (names[g.player_of(BLACK)], names[g.player_of(WHITE)])
    rec = Record(b.size, g.rule, [b.xy(i) for i in b.hist], names or ("", ""))
    if g.winner >= 0:  # resignation, time, agreement
        from gomoku.game import REASON_NAMES

        rec.declared = g.winner, REASON_NAMES[g.reason]
    return rec


# RenLib's opening libraries (.lib), as its LibraryFile and CRenLibDoc::AddLibrary read them: a
# 20-byte header (FF "RenLib" FF, the file version's major and minor numbers, FF padding), then
# a tree of moves in preorder, two bytes a node: its point, 16 * row + column + 1 from the top
# left of the 15x15 board (0 for the root or a pass), and flags. DOWN: a later sibling follows
# the node's subtree; RIGHT: the node has no child; the next node is then the sibling of the
# last node with DOWN. EXTENSION: two more bytes, whose BOARD_TEXT bit says a text follows;
# COMMENT, or OLD_COMMENT in old files, says a comment does. NO_MOVE: a label on a point, not a
# move. Files of RenLib before 3.0 have no header and start with the centre (0x78).
RENLIB_HEAD = b"\xffRenLib\xff"
RL_DOWN, RL_RIGHT, RL_OLD_COMMENT, RL_COMMENT, RL_NO_MOVE, RL_EXTENSION = \
    0x80, 0x40, 0x20, 0x08, 0x02, 0x01
RL_BOARD_TEXT = 0x01  # in the extension's second byte
RL_VERSION = (3, 4)  # the newest file version RenLib writes


def _rl_text_end(data, i, node, old):
    """Where the text at data[i] ends: byte pairs up to one holding a 0 (a byte with the top
    bit set in an old comment)."""
    while i + 2 <= len(data):
        a, b = data[i], data[i + 1]
        i += 2
        if (a & 0x80 or b & 0x80) if old else (not a or not b):
            return i
    raise RecordError("Renlib: truncated: the file ends inside node %d's text" % node)


def read_renlib(data, rule, line=None):
    """Line `line` (from 1, in RenLib's order) of a Renlib library, by default its first, the
    main line: a library is a tree of lines, each a game from the empty board."""
    if data.startswith(RENLIB_HEAD):
        if len(data) < 20:
            raise RecordError("Renlib: truncated: the file ends inside its 20-byte header")
        if (data[8], data[9]) > RL_VERSION:
            raise RecordError("a Renlib library of file version %d.%d: this reads versions up "
                              "to %d.%d" % ((data[8], data[9]) + RL_VERSION))
        i = 20
    elif data[:1] == b"\x78":
        i = 0
    else:
        raise RecordError("not a Renlib library: it does not start with RenLib's header "
                          "(FF 'RenLib' FF) nor, as before RenLib 3.0, with the centre (78)")
    notes = []
    path = []  # the current node and its ancestors: [point, byte, is a move, has a move child]
    back = []  # depths of the nodes with DOWN whose sibling is still to come
    depth, found, lines, node, n = 0, None, 0, 0, len(data)

    def finish(d):  # the nodes deeper than d are done: a move with no move after it ends a line
        nonlocal lines, found
        while len(path) > d:
            if path[-1][2] and not path[-1][3]:
                lines += 1
                if lines == (1 if line is None else line):
                    found = list(path)
            path.pop()

    while i < n and (found is None or line is None and lines < 2):
        node += 1
        if i + 2 > n:
            raise RecordError("Renlib: truncated: the file ends inside node %d (byte %d)"
                              % (node, i))
        at, pos, flags = i, data[i], data[i + 1]
        i += 2
        ext = 0
        if flags & RL_EXTENSION:
            if i + 2 > n:
                raise RecordError("Renlib: truncated: the file ends inside node %d (byte %d)"
                                  % (node, at))
            ext = data[i + 1]
            i += 2
        if flags & (RL_OLD_COMMENT | RL_COMMENT):
            i = _rl_text_end(data, i, node, flags & RL_OLD_COMMENT)
        if ext & RL_BOARD_TEXT:
            i = _rl_text_end(data, i, node, False)
        if node == 1 and pos == 0:  # the root: the empty board
            if flags & RL_RIGHT:
                break
            continue
        if pos and not (pos % 16 and pos < 240):
            raise RecordError("Renlib node %d (byte %d): point byte %02X is off the 15x15 "
                              "board: a damaged library" % (node, at, pos))
        depth += 1
        finish(depth - 1)
        move = not flags & RL_NO_MOVE
        if path:
            path[-1][3] = path[-1][3] or move
        path.append([None if pos == 0 else (pos % 16 - 1, pos // 16), at, move, False])
        if flags & RL_DOWN:
            back.append(depth)
        if flags & RL_RIGHT and back:
            depth = back.pop() - 1
    finish(0)
    if lines == 0:
        raise RecordError("a Renlib library with no moves")
    if found is None:
        raise RecordError("no line %d in this Renlib library: it holds %d" % (line, lines))
    label = next((at for _, at, move, _ in found if not move), None)
    if label is not None:
        raise RecordError("Renlib: line %d goes on from a label (node at byte %d), not a "
                          "move: not supported" % (1 if line is None else line, label))
    played = _without_passes([p[0] for p in found], "Renlib move", notes)
    rec = Record(15, rules.RENJU if rule is None else rule, played)
    if rule is None:
        notes.append("Renlib does not say the rule: read as Renju, RenLib's (--rule gives "
                     "another)")
    if line is None and lines > 1:
        notes.append("a library of several lines: read the first, its main line (--game N "
                     "reads line N, in RenLib's order)")
    rec.notes = notes
    return rec


def detect(text):
    t = text.lstrip()
    if t.startswith("{"):
        return "save"
    if t.startswith("("):
        return "sgf"
    if PSQ_HEAD.match(t.split("\n", 1)[0]):
        return "psq"
    body = "\n".join(ln for ln in t.splitlines() if not ln.lstrip().startswith("#"))
    if body.strip() and re.fullmatch(r"[-\d,\s]+", body):
        return "opening"
    return "moves"


# Sizes past any real record: a file this large is damaged or not a record, and reading it whole
# would take the memory (and the time) before saying so. SGF collections (a library's games
# exported to one file) can be large; they are read without keeping the games not asked for.
MB = 1 << 20
MAX_TEXT = 8 * MB  # a game, an openings file, an arena.py log of some 30,000 games
MAX_FILE = 64 * MB
GAME_IS_FOR = ("--game is for tools/arena.py --verbose output, openings files, SGF "
               "collections and Renlib libraries")


def read(text, fmt=None, size=None, rule=None, game=None):
    """The checked Record in text, its format found from the contents unless fmt says. size
    is for move lists and opening lines (default 15); rule, if given, overrides the record's
    own (SGF's RU, arena output's header; a save's must agree); else freestyle. game picks
    a game of arena output or of an SGF collection, or a line of an openings file."""
    if not text.strip():
        raise RecordError("no record: the input is empty")
    if len(text) > MAX_TEXT and fmt != "sgf" and not text.lstrip().startswith("("):
        # read whole, line by line: 18 MB of PSQ took 540 MB of memory
        raise RecordError("%.1f MB of text: larger than any record this reads but an SGF "
                          "collection (%d MB at most)" % (len(text) / MB, MAX_TEXT // MB))
    fmt = fmt or detect(text)
    if game is not None and fmt not in ("moves", "opening", "sgf"):
        raise RecordError(GAME_IS_FOR)
    free = rules.FREESTYLE if rule is None else rule
    try:
        rec = {"psq": lambda: read_psq(text, rule), "sgf": lambda: read_sgf(text, rule, game),
               "opening": lambda: read_opening(text, 15 if size is None else size, free, game),
               "moves": lambda: read_moves(text, size, rule, game),
               "save": lambda: read_save(text, rule)}[fmt]()
    except RecursionError:  # SGF variations or JSON lists nested thousands deep
        raise RecordError("nested too deeply to read")
    if fmt == "opening":
        rec.said_rule = rule is not None
    rec.check()
    return rec


def load(data, fmt=None, size=None, rule=None, game=None, notes=None):
    """The checked Record in a file's bytes: a Renlib library (binary), or text in any of
    FORMATS (decode() reads it, its guesses going to notes). Arguments as read()'s; game picks
    a Renlib library's line."""
    if fmt == "renlib" or fmt is None and data.startswith(RENLIB_HEAD):
        if not data:
            raise RecordError("no record: the input is empty")
        if size not in (None, 15):
            raise RecordError("a Renlib library is of the 15x15 board")
        rec = read_renlib(data, rule, game)
        rec.check()
        return rec
    return read(decode(data, notes), fmt, size, rule, game)


# -- writing ---------------------------------------------------------------------------------
def _result(rec):
    if rec.winner == 0:
        return "a draw, " + rec.reason
    return "%s won, %s" % ("black" if rec.winner == BLACK else "white", rec.reason)


def _brain(name):
    """Whether name is a Piskvork player that runs a program (a brain's file)."""
    n = name.lower()
    return n.startswith("pbrain-") or n.endswith((".exe", ".zip"))


def write_psq(rec):
    out = ["Piskvorky %dx%d, 0:0, 0" % (rec.size, rec.size)]
    times = rec.times or [0] * len(rec.moves)
    out += ["%d,%d,%d" % (x + 1, y + 1, t) for (x, y), t in zip(rec.moves, times)]
    # Piskvork starts any name but homo-N as a brain program, so a person's name (P1, You) is
    # not written: only brains' names, with homo-N for the other player
    if any(map(_brain, rec.names)):
        # one line each: an SGF name may hold line breaks (SGF reads them as spaces), which
        # made the next line Piskvork's second player
        out += [" ".join(s.splitlines()) if _brain(s) else "homo-%d" % (n + 1)
                for n, s in enumerate(rec.names)]
    out.append("-1")
    return "\n".join(out) + "\n"


def _sgf_text(s):
    return s.replace("\\", "\\\\").replace("]", "\\]")


def write_sgf(rec):
    head = "(;FF[4]GM[4]CA[UTF-8]AP[gomoku-mcu:records]SZ[%d]RU[%s]" % (
        rec.size, rules.RULE_NAMES[rec.rule])
    for prop, name in zip(("PB", "PW"), rec.names):
        if name:
            head += "%s[%s]" % (prop, _sgf_text(name))
    if rec.winner is not None:
        r = rec.reason
        tag = ("R" if r == "resignation" else "T" if r == "time"
               else "F" if r.startswith(("forbidden", "forfeit")) else "")
        head += "RE[%s]" % ("0" if rec.winner == 0 else "BW"[rec.winner == WHITE] + "+" + tag)
    body = "".join(";%s[%s%s]" % ("BW"[n % 2], chr(97 + x), chr(97 + y))
                   for n, (x, y) in enumerate(rec.moves))
    return head + "\n" + body + ")\n"


def write_opening(rec):
    c = rec.size // 2
    return ", ".join("%d,%d" % (x - c, y - c) for x, y in rec.moves) + "\n"


def write_moves(rec):
    b = Board(rec.size)
    return " ".join(b.name(b.idx(x, y)) for x, y in rec.moves) + "\n"


def write_save(rec, ai=None, level=1):
    """The board's game.json for this game: pass-and-play, or against the AI playing colour
    `ai` at `level` (0-2). Replayed through gomoku.game and saved as app.session saves it, so
    the board resumes it as its own."""
    from gomoku.game import Game, GameError, OPEN_FREE, no_clock

    def index(key, value):  # the new-game menu's index of a value (app.options.NEW_GAME)
        return O.find(O.NEW_GAME, key)[3].index(value)

    if rec.winner is not None:
        raise RecordError("the game is over (%s): the board resumes unfinished games only"
                          % _result(rec))
    sizes = O.find(O.NEW_GAME, "size")[3]
    if rec.size not in sizes:
        raise RecordError("the board plays %s lines, not %d" % (
            " or ".join(map(str, sizes)), rec.size))
    g = Game(rec.size, rec.rule, OPEN_FREE, (ai == BLACK, ai == WHITE), 0, True)
    for x, y in rec.moves:
        try:
            g.play(g.board.idx(x, y))
        except GameError as e:
            raise RecordError("move %s: %s" % (_name(g.board, x, y), e))
    chosen = {"rule": index("rule", rec.rule), "size": index("size", rec.size),
              "level": index("level", level), "foul": index("foul", True),
              "colour": index("colour", 1 if ai == BLACK else 0)}  # the person's colour
    s = session.Session("pnp" if ai is None else "ai", chosen, no_clock, 1, g)
    return json.dumps(s.export()) + "\n"


def write(rec, fmt, **kw):
    if fmt == "save":
        return write_save(rec, **kw)
    return {"psq": write_psq, "sgf": write_sgf, "opening": write_opening,
            "moves": write_moves}[fmt](rec)


def save_atomic(path, text):
    # UTF-8 as SGF's CA[UTF-8] says, not the locale's (ASCII under LC_ALL=C, cp1252 on
    # Windows); lines end as the system's text files do
    tmp = path + ".tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:  # any failure (a name UTF-8 cannot encode, ^C): nothing is left
        if os.path.isfile(tmp):
            os.remove(tmp)
        raise


def write_stdout(text):
    """text as UTF-8 bytes, whatever the terminal's or locale's encoding; lines end as
    sys.stdout would end them."""
    out = getattr(sys.stdout, "buffer", None)
    if out is None:  # replaced by a text-only stream
        sys.stdout.write(text)
        return
    data = text.replace("\n", os.linesep).encode("utf-8")  # before writing: all or nothing
    sys.stdout.flush()
    out.write(data)
    out.flush()


# An SGF's CA[] names its charset. Decoded with the superset that the programs writing that
# name use: Chinese sites' GB2312 files hold GBK characters (GB18030 holds both), Japanese
# Shift_JIS files hold Windows' cp932 additions, ISO-8859-1 files Windows-1252's quotes.
CHARSET_SUPERSETS = {"gb2312": "gb18030", "gbk": "gb18030", "shift_jis": "cp932",
                     "euc_kr": "cp949", "big5": "cp950", "iso8859-1": "windows-1252",
                     "ascii": "windows-1252", "cp1252": "windows-1252"}
CHARSET_ALIASES = {"windows-31j": "cp932"}  # names Java and MIME use that Python lacks
# The property names and brackets must read as themselves in the charset (it is found in the
# bytes before they are decoded), and backslash escapes must stay SGF's: this rules out UTF-16
# and the codecs that are not charsets (unicode_escape reads "\\u0041" as "A")
_ASCII_PROBE = bytes(c for c in range(32, 127) if c != 92) + b"\\\\ \\u0041 \r\n\t"
SGF_CA = re.compile(rb"(?<![A-Za-z])CA\s*\[([^\]\\]*)\]")


def _windows_1252(data):
    """Windows-1252, with Latin-1 for the five bytes it leaves undefined (as browsers read
    ISO-8859-1, and as Windows programs write it)."""
    return data.decode("cp1252", "records-latin-1")


codecs.register_error("records-latin-1",
                      lambda e: (e.object[e.start:e.end].decode("latin-1"), e.end))


def _sgf_charset(ca):
    """The codec for an SGF's CA[ca] value; RecordError for a charset we cannot read."""
    try:
        name = codecs.lookup(CHARSET_ALIASES.get(ca.lower(), ca)).name
        ok = _ASCII_PROBE.decode(name) == _ASCII_PROBE.decode("ascii")
    except LookupError:
        raise RecordError("SGF: CA[%s] is not a charset this knows (UTF-8, ISO-8859-1, GB2312, "
                          "GBK, Big5, Shift_JIS, EUC-KR, Windows-125x...)" % ca)
    except UnicodeError:
        ok = False
    if not ok:
        raise RecordError("SGF: CA[%s] is not a charset an SGF file can be read in (its "
                          "property names must read as ASCII)" % ca)
    return CHARSET_SUPERSETS.get(name, name)


def _single_byte(codec):  # each byte one character
    return codec == "windows-1252" or len(bytes(range(256)).decode(codec, "replace")) == 256


def decode(data, notes=None):
    """The text of a record file's bytes: UTF-8 (a BOM dropped); an SGF in its CA[] charset (UTF-8
    without one, else ISO-8859-1, SGF's default); a PSQ not in UTF-8 as Windows-1252. What was
    guessed goes to notes (a list)."""
    bom = data.startswith(b"\xef\xbb\xbf")
    if bom:
        data = data[3:]
    try:
        text, bad = data.decode("utf-8"), None
    except UnicodeDecodeError as e:
        text, bad = None, e.start
    head = data.lstrip()
    if not head.startswith(b"("):
        if text is not None:
            return text
        if detect(head.split(b"\n", 1)[0].decode("latin-1")) == "psq":
            # Piskvork is an ANSI Windows program: brains' file names come in the system's
            # code page. Only names can hold such bytes, so they are read as Windows-1252
            # rather than the game refused.
            if notes is not None:
                notes.append("not UTF-8 (byte %d): the players' names read as Windows-1252"
                             % bad)
            return _windows_1252(data)
        raise RecordError("not UTF-8 text (byte %d)" % bad)
    # An SGF: CA[] is read from the bytes (its name and brackets are ASCII in any charset an SGF
    # can be in), then the whole file decoded in it. Decoding as UTF-8 first misread the files
    # whose bytes happen to be UTF-8 too (GBK's "\u90d1" is UTF-8's "\u05a3"), and refused GBK
    # characters in a file that says GB2312.
    m = SGF_CA.search(data)
    if bom and text is not None:  # a byte order mark says UTF-8 louder than CA[] (a template's)
        return text
    if m is None:
        if text is not None:  # what programs that do not say write
            return text
        if notes is not None:
            notes.append("not UTF-8 (byte %d) and no CA[]: read as ISO-8859-1, SGF's default"
                         % bad)
        return _windows_1252(data)
    ca = m.group(1).decode("ascii", "replace").strip()
    codec = _sgf_charset(ca)
    if codec == "utf-8":
        if text is None:
            raise RecordError("SGF: CA[%s], but not UTF-8 text (byte %d)" % (ca, bad))
        return text
    try:
        own = _windows_1252(data) if codec == "windows-1252" else data.decode(codec)
    except UnicodeDecodeError as e:
        if text is None:
            raise RecordError("SGF: not CA[%s] text (byte %d), nor UTF-8" % (ca, e.start))
        own = None
    # UTF-8 under a CA[] it is not (a program's template header kept, or a file converted
    # without changing it): the bytes cannot be the declared charset, or they read as UTF-8
    # with letters beyond ASCII, which Latin text almost never does
    if own is None or (text is not None and not text.isascii() and _single_byte(codec)):
        if notes is not None:
            notes.append("CA[%s], but the text is UTF-8: read as UTF-8" % ca)
        return text
    if text is not None and own != text and notes is not None:  # both read: CA[] is followed
        notes.append("read as CA[%s] says; the bytes also read as UTF-8: if its names look "
                     "wrong, the file is UTF-8 under a wrong CA[]" % ca)
    return own


def main(argv=None):
    ap = argparse.ArgumentParser(description="Convert Gomoku game records: " + ", ".join(FORMATS)
                                 + " (and read Renlib libraries)")
    ap.add_argument("input", help="a record file, or - for stdin")
    ap.add_argument("--to", choices=FORMATS, default="sgf")
    ap.add_argument("--from", dest="fmt", choices=FORMATS + ("renlib",), default=None,
                    help="the input's format (default: found from its contents)")
    ap.add_argument("-o", "--output", default=None, help="file to write (default stdout)")
    ap.add_argument("--game", type=int, default=None,
                    help="the game of an arena.py --verbose output (default the first) or of an "
                    "SGF collection (from 1), or the line (from 1) of an openings file of several "
                    "or of a Renlib library (default its main line)")
    ap.add_argument("--size", type=int, default=None,
                    help="board size for move lists and opening lines (PSQ, SGF, saves say)")
    ap.add_argument("--rule", choices=rules.RULE_NAMES, default=None,
                    help="the rule the moves are checked under (default: SGF's RU, a save's "
                    "own, Renju for a Renlib library, else freestyle)")
    ap.add_argument("--ai", choices=("black", "white"), default=None,
                    help="--to save: the AI plays this colour (default: pass-and-play)")
    ap.add_argument("--level", choices=LEVEL_NAMES, default="medium",
                    help="--to save with --ai: the AI's level")
    a = ap.parse_args(argv)
    if a.to != "save" and a.ai is not None:
        ap.error("--ai is for --to save")
    try:
        if a.input == "-":
            data = sys.stdin.buffer.read(MAX_FILE + 1)
        else:
            with open(a.input, "rb") as f:
                data = f.read(MAX_FILE + 1)
    except OSError as e:
        print("records.py: cannot read %s: %s" % (a.input, e.strerror or e), file=sys.stderr)
        return 2
    if len(data) > MAX_FILE:
        print("records.py: %s: larger than %d MB: not a record file" % (a.input, MAX_FILE // MB),
              file=sys.stderr)
        return 2
    rule = rules.RULE_NAMES.index(a.rule) if a.rule else None
    notes = []
    try:
        rec = load(data, a.fmt, a.size, rule, a.game, notes)
        notes += rec.notes
        if not rec.said_rule and a.to in ("sgf", "save"):
            notes.append("the record does not say its rule: written as freestyle "
                         "(--rule gives it)")
        if a.to in ("psq", "opening", "moves") and rec.declared and \
                (rec.winner, rec.reason) == rec.declared:
            # an end the moves do not make (a resignation, time, an agreed draw): these formats
            # hold moves only, and the game reads back unfinished
            notes.append("%s has no place for how the game ended (%s): written without it"
                         % (a.to, _result(rec)))
        for note in notes:
            print("records.py: %s: %s" % (a.input, note), file=sys.stderr)
        kw = {}
        if a.to == "save":
            kw = {"ai": None if a.ai is None else (BLACK if a.ai == "black" else WHITE),
                  "level": LEVEL_NAMES.index(a.level)}
        out = write(rec, a.to, **kw)
    except RecordError as e:
        print("records.py: %s: %s" % (a.input, e), file=sys.stderr)
        return 2
    try:
        if a.output:
            save_atomic(a.output, out)
        else:
            write_stdout(out)
    except (OSError, UnicodeError) as e:  # UnicodeError: a save's name with a lone surrogate
        print("records.py: cannot write %s: %s" % (a.output or "stdout",
                                                   getattr(e, "strerror", None) or e),
              file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
