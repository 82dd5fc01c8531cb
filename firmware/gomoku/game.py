# Game flow: players and colours, opening-rule phases, clocks, results, undo/redo.
# Every public action validates first and raises GameError without touching the state.
from array import array

from micropython import const


from gomoku.board import BLACK, WHITE, Board
from gomoku import rules

# Opening rules.
OPEN_FREE = const(0)
OPEN_PRO = const(1)  # three-move swap, then two proposals for the fifth move (RIF 1996)
OPEN_SWAP2 = const(2)

# Phases: what the acting player is asked to do.
PLAY = const(0)  # place a stone of the colour to move
OPEN3 = const(1)  # the first player places stones 1-3 (black, white, black)
SWAP = const(2)  # pro rule: the player with white decides KEEP or SWAP
PROPOSE = const(3)  # pro rule: black proposes two fifth moves
CHOOSE = const(4)  # pro rule: white picks one of them (play() it)
SWAP2 = const(5)  # swap2: the second player picks KEEP (play white), SWAP or PUT2
EXTRA = const(6)  # swap2: the second player places stones 4 and 5
PICK = const(7)  # swap2: the first player picks TAKE_BLACK or TAKE_WHITE
OVER = const(8)

# Answers to the phase questions.
KEEP = const(0)
SWAP_COLOURS = const(1)
PUT2 = const(2)
TAKE_BLACK = const(3)
TAKE_WHITE = const(4)

# Result reasons.
R_FIVE = const(1)
R_FULL = const(2)
R_RESIGN = const(3)
R_AGREED = const(4)
R_TIME = const(5)
R_FORBIDDEN = const(6)
REASON_NAMES = ("", "five in a row", "board full", "resignation", "agreed", "time",
                "forbidden move")

# Log entry kinds (also in save files: see export()).
A_MOVE = const(0)
A_PROPOSE = const(1)
A_CHOOSE = const(2)
A_RESIGN = const(3)
A_OFFER = const(4)
A_ACCEPT = const(5)
A_DECLINE = const(6)

# A player's clock stops at about 12.4 days: the action log keeps clocks in 32-bit ints, and a
# save must read back (gomoku.restore). Without a time limit a game left on its board, asleep, for
# weeks on a powered board reached that, and its next moves overflowed the log.
MAX_MS = const(0x3FFFFFFF)


class GameError(Exception):
    """An action that is not allowed now; the game is unchanged."""


def no_clock():
    return 0


def _act(kind, player, arg):
    """A logged action as a save file's list: [kind, player, arg] (a proposal's two points)."""
    return [kind, player] + (list(arg) if kind == A_PROPOSE else [arg])


class Game:
    """One game between player 0 (who starts as black, or places the opening stones) and
    player 1. `ai` says which players the AI controls; colours can change hands under the
    opening rules, so players, not colours, own the clocks and the AI flag. `clock` returns
    milliseconds and must not wrap (the game only subtracts its readings)."""

    def __init__(self, size=15, rule=rules.FREESTYLE, opening=OPEN_FREE, ai=(False, False),
                 limit_ms=0, forbidden_loses=True, clock=None):
        if rule not in (rules.FREESTYLE, rules.STANDARD, rules.RENJU):
            raise GameError("unknown rule")
        if opening not in (OPEN_FREE, OPEN_PRO, OPEN_SWAP2):
            raise GameError("unknown opening rule")
        if opening != OPEN_FREE and not 9 <= size:
            raise GameError("opening rules need a board of 9 lines or more")
        try:
            self.board = Board(size)
        except ValueError as e:
            raise GameError(str(e))
        self.rule = rule
        self.opening = opening
        self.ai = (bool(ai[0]), bool(ai[1]))
        self.limit = limit_ms
        self.forbidden_loses = forbidden_loses
        self.clock = clock or no_clock
        # The action log, compact because a long game holds it all: three ints an action (its
        # code, see _entry(), and both clocks before it) in an array that never shrinks, of
        # which the first 3 * nlog are in use, and what undo restores in `snaps`.
        self.log = array("i")
        self.nlog = 0
        self.snaps = []
        self.redo_log = []  # (kind, player, arg, clocks after)
        self.black = 0  # the player holding black
        self.phase = PLAY if opening == OPEN_FREE else OPEN3
        self.proposals = ()
        self.winner = -1  # colour that won, 0 for a draw, -1 while playing
        self.reason = 0
        self.win_cells = None
        self.draw_offer = -1  # player who offered a draw
        self.used = [0, 0]
        self.t0 = self.clock()

    # -- who and what ------------------------------------------------------------------------
    def player_of(self, colour):
        return self.black if colour == BLACK else 1 - self.black

    def colour_of(self, player):
        return BLACK if player == self.black else WHITE

    def actor(self):
        """The player who must act now (-1 once the game is over)."""
        ph = self.phase
        if ph == OVER:
            return -1
        if ph == OPEN3 or ph == PICK:
            return 0
        if ph == SWAP2 or ph == EXTRA:
            return 1
        if ph == SWAP or ph == CHOOSE:
            return self.player_of(WHITE)
        if ph == PROPOSE:
            return self.player_of(BLACK)
        return self.player_of(self.board.to_move())

    def ai_to_act(self):
        a = self.actor()
        return a >= 0 and self.ai[a]

    def over(self):
        return self.phase == OVER

    def timed(self):
        """The player whose clock runs (-1 once the game is over): the player to act, but while
        a draw offer is open the one who must answer it. An offer hands the turn over, as over
        a board: else the offerer's time ran out while the other let the question stand."""
        d = self.draw_offer
        return 1 - d if d >= 0 else self.actor()

    def time_used(self, player):
        t = self.used[player]
        if player == self.timed():
            t += self.clock() - self.t0
        return t if t < MAX_MS else MAX_MS

    def time_left(self, player):
        """Milliseconds left, or None without a limit."""
        return None if not self.limit else max(0, self.limit - self.time_used(player))

    # -- time --------------------------------------------------------------------------------
    def tick(self):
        """Let the clock run: ends the game when the acting player's time is up. Returns
        True if that happened. The app calls this from its loop; actions call it first."""
        a = self.timed()
        if a < 0 or not self.limit or self.time_used(a) <= self.limit:
            return False
        # Logged like a resignation by the player whose flag fell, so undo can take it back.
        self._do(A_RESIGN, a, R_TIME)
        return True

    # -- validation --------------------------------------------------------------------------
    def _ready(self, player=None):
        self.tick()
        if self.phase == OVER:
            raise GameError("the game is over")
        if player is not None and player not in (0, 1):
            raise GameError("no such player")

    def _point(self, i):
        try:
            self.board.check_empty(i)
        except ValueError as e:
            raise GameError(str(e))

    def check_move(self, i):
        """Raise GameError unless placing a stone at i is allowed now."""
        self._ready()
        ph = self.phase
        if ph not in (PLAY, OPEN3, CHOOSE, EXTRA):
            raise GameError("answer the opening question first")
        self._point(i)
        b = self.board
        if ph == CHOOSE and i not in self.proposals:
            raise GameError("choose one of the two proposed fifth moves")
        if ph == OPEN3 and self.opening == OPEN_PRO:
            from gomoku import openrules

            openrules.check_centre(b, i)
        if (self.rule == rules.RENJU and b.to_move() == BLACK and not self.forbidden_loses
                and rules.is_forbidden(b, i)):
            raise GameError("forbidden for black: " + rules.forbidden_reason(b, i))

    # -- actions -----------------------------------------------------------------------------
    def play(self, i):
        """Place the next stone at index i (also picks a proposed fifth move)."""
        self.check_move(i)
        self._do(A_MOVE, self.actor(), i)

    def choose(self, answer):
        """Answer the phase question: KEEP / SWAP_COLOURS / PUT2 / TAKE_BLACK / TAKE_WHITE."""
        from gomoku import openrules

        openrules.choose(self, answer)

    def propose(self, a, b):
        """Pro rule: black offers two points for the fifth move."""
        from gomoku import openrules

        openrules.propose(self, a, b)

    def symmetric(self, a, b):
        """Is there a symmetry of the board that keeps every stone in place and maps a to b?"""
        from gomoku import openrules

        return openrules.symmetric(self.board, a, b)

    def resign(self, player=None):
        """player resigns; None: the one at the board, whose clock runs (while a draw offer is
        open, the one who must answer it)."""
        self._ready(player)
        self._do(A_RESIGN, self.timed() if player is None else player, R_RESIGN)

    def offer_draw(self, player=None):
        self._ready(player)
        p = self.actor() if player is None else player
        if self.draw_offer >= 0:
            raise GameError("a draw offer is already open")
        self._do(A_OFFER, p, 0)

    def accept_draw(self, player=None):
        self._ready(player)
        p = self._answerer(player)
        self._do(A_ACCEPT, p, 0)

    def decline_draw(self, player=None):
        self._ready(player)
        self._do(A_DECLINE, self._answerer(player), 0)

    def _answerer(self, player):
        if self.draw_offer < 0:
            raise GameError("no draw has been offered")
        p = 1 - self.draw_offer if player is None else player
        if p == self.draw_offer:
            raise GameError("the other player must answer a draw offer")
        return p

    # -- undo / redo -------------------------------------------------------------------------
    # Undo and redo are rare: their code is gomoku.undo, loaded when used (a board keeps
    # bytecode in RAM) and dropped with the menus' code.
    def can_undo(self):
        from gomoku import undo

        return undo.depth(self) > 0

    def can_redo(self):
        return bool(self.redo_log)

    def undo(self):
        from gomoku import undo

        undo.undo(self)

    def redo(self):
        from gomoku import undo

        undo.redo(self)

    # -- saving -----------------------------------------------------------------------------
    def export(self):
        """Everything needed to rebuild this game: settings, the action log and the clocks,
        as plain ints and lists (for json). gomoku.restore.restore() rebuilds it."""
        acts = []
        for k in range(self.nlog):
            acts.append(_act(*self._entry(k)))
        # The clocks before each action, which undo puts back (without them an undo after a
        # resume zeroed both), and the running turn's time so far ("Save and quit").
        d = {"v": 1, "size": self.board.size, "rule": self.rule, "opening": self.opening,
             "ai": [int(self.ai[0]), int(self.ai[1])], "limit": self.limit,
             "strict": int(self.forbidden_loses), "acts": acts,
             "clk": [self.log[3 * k + j] for k in range(self.nlog) for j in (1, 2)],
             "used": [self.time_used(0), self.time_used(1)]}
        if self.redo_log:
            # Undone actions, the next to redo first, each with the clocks after it: a save
            # (and so a power cut) keeps them for redo. Older saves simply have none.
            r = d["redo"] = []
            for e in self.redo_log:
                r.insert(0, _act(e[0], e[1], e[2]) + list(e[3]))
        return d

    # -- the one place where state changes ---------------------------------------------------
    def _entry(self, k):
        """(kind, player, arg) of the k-th logged action."""
        c = self.log[3 * k]
        arg = c >> 4
        if c & 7 == A_PROPOSE:
            arg = (arg & 1023, arg >> 10)
        return c & 7, (c >> 3) & 1, arg

    def _snapshot(self, stones):
        # What undo restores, less the clocks. It rarely changes from one move to the next, so
        # equal snapshots share one tuple: a long game's log then costs about 16 bytes a move.
        s = (self.phase, self.black, self.proposals, self.winner, self.reason, self.win_cells,
             self.draw_offer, stones)
        if self.snaps and self.snaps[-1] == s:
            return self.snaps[-1]
        return s

    def _do(self, kind, player, arg):
        now = self.clock()
        a = self.timed()
        before = self._snapshot(1 if kind == A_MOVE else 0)
        u0, u1 = self.used
        if a >= 0:
            self.used[a] = min(self.used[a] + now - self.t0, MAX_MS)
        self.t0 = now
        b = self.board
        if kind != A_OFFER:
            # Any other action ends an open offer: an opening answer (swap, proposals) as a move
            # does, else the offer stood into the next turn and its answerer's clock ran.
            self.draw_offer = -1
        if kind == A_MOVE:
            colour = b.to_move()
            forbidden = (self.rule == rules.RENJU and colour == BLACK
                         and rules.is_forbidden(b, arg))
            b.put(arg, colour)
            self._after_move(arg, colour, forbidden)
        elif kind == A_CHOOSE:
            from gomoku import openrules

            openrules.after_choice(self, arg)
        elif kind == A_PROPOSE:
            self.proposals = arg
            self.phase = CHOOSE
        elif kind == A_RESIGN:
            self._finish(3 - self.colour_of(player), arg, None)
        elif kind == A_OFFER:
            self.draw_offer = player
        elif kind == A_ACCEPT:
            self._finish(0, R_AGREED, None)
        code = kind | player << 3 | (arg[0] | arg[1] << 10 if kind == A_PROPOSE else arg) << 4
        log = self.log
        k = 3 * self.nlog
        if k < len(log):  # room left by undo
            log[k] = code
            log[k + 1] = u0
            log[k + 2] = u1
        else:
            log.append(code)
            log.append(u0)
            log.append(u1)
        self.nlog += 1
        self.snaps.append(before)
        self.redo_log = []

    def _after_move(self, i, colour, forbidden):
        b = self.board
        line = rules.win_line(b, i, self.rule)
        if line:
            self._finish(colour, R_FIVE, line)
        elif forbidden:
            self._finish(WHITE, R_FORBIDDEN, None)
        elif b.full():
            self._finish(0, R_FULL, None)
        elif self.phase == OPEN3:
            if b.count() == 3:
                self.phase = SWAP if self.opening == OPEN_PRO else SWAP2
        elif self.phase == CHOOSE:
            self.proposals = ()
            self.phase = PLAY
        elif self.phase == EXTRA:
            if b.count() == 5:
                self.phase = PICK
        elif self.opening == OPEN_PRO and b.count() == 4:
            self.phase = PROPOSE

    def _finish(self, winner, reason, cells):
        self.winner = winner
        self.reason = reason
        self.win_cells = cells  # (an open draw offer was ended by the action: _do)
        self.phase = OVER

