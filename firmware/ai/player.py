# Drives a gomoku.game.Game for one player: whatever the phase asks (a move, the opening stones,
# swap decisions, fifth-move proposals, colour pick), sliced like Engine so the UI keeps running.
from gomoku import game as G
from gomoku.board import EMPTY
from ai.engine import Engine, Rng
from ai import opening


class AIPlayer:
    def __init__(self, level, rule, seed=1, style=0):
        self.engine = Engine(level, rule, seed, style)
        self.rule = rule
        self.rng = Rng(seed + 7)
        self.action = None  # ('play', i) / ('choose', answer) / ('propose', (a, b))
        self._thinking = False

    def start(self, game):
        """Begin deciding what the game asks of the acting player."""
        self.action = None
        self._thinking = False
        b = game.board
        ph = game.phase
        pro = game.opening == G.OPEN_PRO
        if ph == G.OPEN3:
            self.action = ("play", opening.opening_stone(b, self.rule, pro, self.rng))
        elif ph == G.SWAP:
            self.action = ("choose", G.SWAP_COLOURS if opening.take_black(b, self.rule)
                           else G.KEEP)
        elif ph == G.SWAP2:
            a = opening.swap2_answer(b, self.rule)
            self.action = ("choose", G.KEEP if a == "keep" else
                           (G.SWAP_COLOURS if a == "swap" else G.PUT2))
        elif ph == G.EXTRA:
            colour = b.to_move()
            q = opening.balanced_point(b, self.rule, colour, opening.around(b, 2), self.rng)
            self.action = ("play", q)
        elif ph == G.PICK:
            self.action = ("choose", G.TAKE_BLACK if opening.take_black(b, self.rule)
                           else G.TAKE_WHITE)
        elif ph == G.PROPOSE:
            e = self.engine
            e.start(b)
            while not e.step():
                pass
            s = e._search(12)
            moves = [e.best] + [q for q in s.gen(b.to_move(), 12) if q != e.best]
            moves += [q for q in opening.around(b, 2) if q not in moves]
            props = opening.proposals(b, self.rule, moves, game.symmetric)
            self.action = ("propose", props)
        elif ph == G.CHOOSE:
            self.action = ("play", opening.choose_proposal(b, self.rule, game.proposals))
        elif ph == G.PLAY:
            q = opening.book(b, self.rng) if b.count() < 3 and game.opening == G.OPEN_FREE else -1
            if q >= 0 and b.cells[q] == EMPTY:
                self.action = ("play", q)
            else:
                self.engine.start(b)
                self._thinking = True

    def step(self):
        if self._thinking:
            if not self.engine.step():
                return False
            self._thinking = False
            self.action = ("play", self.engine.best)
        return True

    def cancel(self):
        if self._thinking:
            self.engine.cancel()
            self._thinking = False
            self.action = ("play", self.engine.best)

    def apply(self, game):
        """Perform the decided action on the game (raises GameError if it no longer fits)."""
        if self._thinking:
            self.cancel()
        kind, arg = self.action
        if kind == "play":
            game.play(arg)
        elif kind == "choose":
            game.choose(arg)
        else:
            game.propose(arg[0], arg[1])

    def wants_draw(self, game):
        """Accept a draw when clearly worse, or when the board is nearly full."""
        b = game.board
        if b.count() >= b.size * b.size - 10:
            return True
        if game.phase != G.PLAY:
            return False
        v = opening.assess(b, self.rule, 1, 6, 60)  # for the side to move
        me = game.colour_of(1 - game.draw_offer) if game.draw_offer >= 0 else b.to_move()
        if me != b.to_move():
            v = -v
        return v < -opening.BALANCE * 4
