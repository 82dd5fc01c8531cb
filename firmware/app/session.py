# One match: the Game, who plays each side (person or AI), the AI's sliced thinking, and the
# save record (Game.export() plus the app's own fields; app.startup reads it back).
from gomoku.game import Game, GameError

KIND = "gomoku-save"  # tells our save apart from a foreign json file
MODES = ("ai", "pnp", "demo")


class Session:
    def __init__(self, mode, chosen, clock, seed, game=None):
        if mode not in MODES:
            raise GameError("unknown mode")
        self.mode = mode
        self.chosen = chosen
        self.seed = seed
        self.clock = clock
        from app import options as O  # not kept loaded during play (App.show)

        v = lambda k: O.value(O.NEW_GAME, chosen, k)  # noqa: E731
        rule = v("rule")
        if mode == "ai":
            you = v("colour")
            ai = (you != 0, you != 1)
        elif mode == "demo":
            ai = (True, True)
        else:
            ai = (False, False)
        if game is None:
            game = Game(v("size"), rule, v("opening"), ai, v("limit"), v("foul"), clock)
        elif game.ai != ai or ((ai[0] or ai[1]) and game.rule != rule):
            # The AI takes its rule from the options: a save that disagrees is damaged.
            raise GameError("save does not match its mode")
        self.game = game
        self.ais = [None, None]
        if ai[0] or ai[1]:
            from ai.player import AIPlayer

            style = v("style") if mode == "ai" else 0
            for p in (0, 1):
                if ai[p]:
                    # In a demo the two sides differ in style so games are not mirror images,
                    # and both lean to attack so that games end: with 40 and -40 the defending
                    # side blocked everything (demos on the app's virtual clock ending in a full
                    # board: easy 5 of 10 -> 1, medium 2 of 6 -> 0, hard 0 of 4 either way).
                    st = style if mode == "ai" else (60 if p == 0 else 20)
                    self.ais[p] = AIPlayer(v("level"), rule, seed + p, st, game.board.size)
        self.thinking = -1  # player whose AI has started on the current question
        self.half = -1  # a person's first of two fifth-move proposals, before the second
        # The past game this game's end was kept as (app.past.keep), 0 before its first end:
        # saved with it, so an end taken back, then the power cut or "Save and quit", and
        # another end replaces that record (it was kept a second time, pushing out an older
        # game when the list was full).
        self.kept = 0

    def names(self, p):
        if self.mode == "ai":
            return "AI" if self.game.ai[p] else "You"
        if self.mode == "demo":
            return "AI" + str(p + 1)
        return "P" + str(p + 1)

    def human(self):
        """The person's player in a game against the AI, else -1."""
        g = self.game
        if self.mode != "ai":
            return -1
        return 0 if not g.ai[0] else 1

    # -- AI ----------------------------------------------------------------------------------
    def ai_work(self, clock, budget_ms):
        """Let the acting AI think for about budget_ms. True when it has acted."""
        g = self.game
        p = g.actor()
        ai = self.ais[p]
        t0 = clock()
        if self.thinking != p:
            ai.start(g)
            self.thinking = p
        while not ai.step():
            if clock() - t0 >= budget_ms:  # the app's clock: it never wraps
                return False
        self.thinking = -1
        try:
            ai.apply(g)
        except GameError:
            # Its flag fell as it moved (the game is over on time: resigning as well raised
            # GameError, the crash screen), or its choice no longer fits (should not happen):
            # it resigns rather than hang.
            if not g.over():
                g.resign(p)
        return True

    def idle_engine(self, level=-1):
        """The engine of an AI player at `level` (-1: any) that is not thinking now, or None:
        a hint borrows it (its position is built already) instead of building a second one,
        and the jump keys take its candidates."""
        if self.thinking < 0:
            for ai in self.ais:
                if ai is not None and level in (-1, ai.engine.level):
                    return ai.engine
        return None

    def ai_cancel(self):
        if self.thinking >= 0:
            self.ais[self.thinking].cancel()
            self.thinking = -1

    def answer_draw(self):
        """After a person's draw offer the AI answers at once; True if it accepted."""
        g = self.game
        p = 1 - g.draw_offer
        ai = self.ais[p]
        if ai.wants_draw(g):
            g.accept_draw(p)
            return True
        g.decline_draw(p)
        return False

    # -- saving ------------------------------------------------------------------------------
    def export(self):
        d = {"kind": KIND, "mode": self.mode, "opts": self.chosen, "seed": self.seed,
             "game": self.game.export()}
        if self.half >= 0:
            d["half"] = self.half
        if self.kept:
            d["kept"] = self.kept
        return d

