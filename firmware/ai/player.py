# Drives a gomoku.game.Game for one player: whatever the phase asks (a move, the opening stones,
# swap decisions, fifth-move proposals, colour pick), sliced like Engine so the UI keeps running:
# start() only sets up, each step() does one short search (a few hundred nodes at most).
from gomoku import game as G
from gomoku.board import EMPTY
from ai.engine import Engine, Rng, Sliced
from overlay import drop


def _opening():
    # The book and the opening-rule decisions serve the first moves only: ai.opening is loaded
    # for them and dropped once the game is under way (a board keeps bytecode in RAM).
    from ai import opening

    return opening


class AIPlayer(Sliced):
    def __init__(self, level, rule, seed=1, style=0):
        self.engine = Engine(level, rule, seed, style)
        self.rule = rule
        self.rng = Rng(seed + 7)
        self.action = None  # ('play', i) / ('choose', answer) / ('propose', (a, b)); best so far
        self._gen = None

    def start(self, game):
        """Begin deciding what the game asks of the acting player."""
        self.action = None
        self._gen = self._decide(game)

    def cancel(self):
        """Stop deciding; the best answer so far (if any) stays in self.action."""
        if self._gen is not None:
            self.engine.cancel()
            self._gen = None

    def apply(self, game):
        """Perform the decided action on the game (raises GameError if it no longer fits). If
        the decision is unfinished, the best answer so far is taken (after the first slices that
        produce one)."""
        while self.action is None and not self.step():
            pass
        self.cancel()
        kind, arg = self.action
        if kind == "play":
            game.play(arg)
        elif kind == "choose":
            game.choose(arg)
        else:
            game.propose(arg[0], arg[1])

    def _pos(self, b):
        # The engine's incremental position, synced to b: the opening searches share it rather
        # than building their own (time and heap on the device).
        e = self.engine
        e._sync(b)
        return e.pos

    def _follow(self, steps, kind):
        for v in steps:
            self.action = (kind, v)
            yield

    def _decide(self, game):
        b = game.board
        ph = game.phase
        rule = self.rule
        pro = game.opening == G.OPEN_PRO
        book = ph == G.PLAY and b.count() < 3 and game.opening == G.OPEN_FREE
        if ph == G.PLAY and not book:
            drop("ai.opening")
        else:
            opening = _opening()
        yield  # start() does no work
        if ph == G.OPEN3:
            for _ in self._follow(opening.opening_steps(self._pos(b), rule, pro, self.rng),
                                  "play"):
                yield
        elif ph == G.SWAP or ph == G.PICK:
            v = opening.score(self._pos(b))  # white to move
            black = v < 0
            if ph == G.SWAP:
                self.action = ("choose", G.SWAP_COLOURS if black else G.KEEP)
            else:
                self.action = ("choose", G.TAKE_BLACK if black else G.TAKE_WHITE)
        elif ph == G.SWAP2:
            a = opening.swap2_choice(opening.score(self._pos(b)))
            self.action = ("choose", G.KEEP if a == "keep" else
                           (G.SWAP_COLOURS if a == "swap" else G.PUT2))
        elif ph == G.EXTRA:
            pos = self._pos(b)
            allowed = opening.around(b, 2)
            steps = opening.balanced_steps(pos, rule, b.to_move(), allowed, self.rng)
            for _ in self._follow(steps, "play"):
                yield
        elif ph == G.PROPOSE:
            e = self.engine
            e.start(b)
            while not e.step():
                yield
            s = e._search(12)
            moves = [e.best] + [q for q in s.gen(b.to_move(), 12) if q != e.best]
            yield
            moves += [q for q in opening.around(b, 2) if q not in moves]
            self.action = ("propose", opening.proposals(b, rule, moves, game.symmetric))
        elif ph == G.CHOOSE:
            for _ in self._follow(opening.choose_steps(self._pos(b), game.proposals), "play"):
                yield
        elif ph == G.PLAY:
            q = opening.book(b, self.rng) if book else -1
            if q >= 0 and b.cells[q] == EMPTY:
                self.action = ("play", q)
                return
            e = self.engine
            e.start(b)
            self.action = ("play", e.best)
            while not e.step():
                self.action = ("play", e.best)
                yield
            self.action = ("play", e.best)

    def wants_draw(self, game):
        """Accept a draw when clearly worse, or when the board is nearly full."""
        b = game.board
        if b.count() >= b.size * b.size - 10:
            return True
        if game.phase != G.PLAY:
            return False
        opening = _opening()
        v = opening.assess(b, self.rule, 1, 6, 60)  # for the side to move
        me = game.colour_of(1 - game.draw_offer) if game.draw_offer >= 0 else b.to_move()
        if me != b.to_move():
            v = -v
        return v < -opening.BALANCE * 4
