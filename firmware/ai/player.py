# Drives a gomoku.game.Game for one player: whatever the phase asks (a move, the opening stones,
# swap decisions, fifth-move proposals, colour pick), sliced like Engine so the UI keeps running:
# start() only sets up, each step() does one short search (a few hundred nodes at most).
from micropython import const

from gomoku import game as G
from gomoku.board import EMPTY
from ai.engine import Engine, Rng, Sliced
from overlay import drop


# Clearly worse: positions of 3 to 8 stones in medium's games against window read -587 to +496
# for the side to move; 8 moves before the end the loser's median is -1,978 (a forced win:
# -29,990).
_LOST = const(1000)


def _opening():
    # The book and the opening-rule decisions serve the first moves only: ai.opening is loaded
    # for them and dropped once the game is under way (a board keeps bytecode in RAM).
    from ai import opening

    return opening


class AIPlayer(Sliced):
    def __init__(self, level, rule, seed=1, style=0, size=15):
        self.engine = Engine(level, rule, seed, style, size=size)
        self.style = style  # set again at each move: a hint borrows the engine at style 0
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
        if game.over():
            raise G.GameError("the game is over")
        while self.action is None and not self.step():
            pass
        self.cancel()
        kind, arg = self.action
        if kind == "play":
            if arg < 0:  # Renju: every empty point forbidden for black
                raise G.GameError("no legal move")
            game.play(arg)
        elif kind == "choose":
            game.choose(arg)
        else:
            game.propose(arg[0], arg[1])

    def _decide(self, game):
        e = self.engine
        e.set_style(self.style)
        # Every decision on the game's clock, the opening's too: the fifth-move proposals'
        # search ran on none (no cap, no share of the time left) or on an earlier move's.
        e.set_clock(game.clock, game.time_left(game.actor()))
        b = game.board
        ph = game.phase
        book = ph == G.PLAY and b.count() < 3 and game.opening == G.OPEN_FREE
        if ph == G.PLAY and not book:
            drop("ai.opening")
        yield  # start() does no work
        if ph != G.PLAY:
            for _ in _opening().decide(self, game):
                yield
            return
        q = _opening().book(b, self.rng) if book else -1
        if q >= 0 and b.cells[q] == EMPTY:
            self.action = ("play", q)
            return
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
        a = _opening().assess
        # For the side to move. A search's value leans a stone's worth (about 600) to whoever
        # made the last move in it, so 1 ply alone called every opening lost for the player
        # not to move; the mean of 1 and 2 plies reads the position.
        v = (a(b, self.rule, 1, 6, 60) + a(b, self.rule, 2, 6, 60)) // 2
        # Loaded for this answer only (offers come in play, past the opening's decisions): it
        # stayed through the person's turn, a hint's engine built beside it (4.2 KB of .mpy as
        # the VM loads it).
        drop("ai.opening")
        me = game.colour_of(1 - game.draw_offer) if game.draw_offer >= 0 else b.to_move()
        if me != b.to_move():
            v = -v
        return v < -_LOST
