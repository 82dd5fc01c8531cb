# The game screen: board, cursor and status; moves by people and the AI's sliced thinking,
# opening-rule questions, hints, game over and review.
from micropython import const


from gomoku import game as G
from gomoku import rules
from gomoku.board import BLACK
from gomoku.game import GameError
from hw.clock import ticks_diff
from hw.buttons import PRESS
from app import keys as K
from app.boardview import BoardView
from app.status import Status
from overlay import drop

SLICE_MS = const(25)  # AI work per loop pass: keys stay responsive at ~30 passes a second
SPIN_MS = const(150)  # thinking indicator step
DEMO_MS = const(700)  # pause between moves in the AI demo, so people can follow it
MSG_MS = const(2500)  # how long a refusal message stays


def _shown(g, p):
    # The ms p's clock shows: the time left rounded up to a second (a limit shows in full at
    # the start, and 0:00 only when the flag falls), or the time used.
    left = g.time_left(p)
    return g.time_used(p) if left is None else left + 999


class Play:
    def __init__(self, app, session):
        self.app = app
        self.s = session
        g = session.game
        d = app.hw.display
        from app import layout  # dropped with the menus' code (App.show)

        self.L = L = layout.fit(d.width, d.height, g.board.size)
        self.view = BoardView(d, L, app.scratch)
        self.status = Status(d, L, app.scratch)
        n = g.board.size
        self.cursor = g.board.idx(n // 2, n // 2)
        self.prompt = None  # (question, labels, actions): an on-screen question
        self.choice = 0
        # The screen's timers keep when they last started, and run out once the ticks since
        # are not within their span: a time to wait for, compared with ticks_diff(), read as
        # half a period (6.2 days) away when it had passed long ago or started from 0 on a
        # board on for 6.2 days or more (a new demo never moved, the indicator stood still).
        self.temp = None  # refusal message and when it was shown
        self.temp_at = 0
        self.tip = None  # a message shown again after the next change (the AI's move)
        self.hint = -1
        self.hinter = None
        self.rboard = None  # review board while reviewing
        self.jumps = None
        self.jpos = 0
        self.spin = 0
        self.spin_at = 0  # the thinking indicator's last step
        self.ai_at = 0  # the AI's last action (the demo's pause follows it)
        self.secs = [-1, -1]
        self.over_seen = g.over()
        app.keys.turn_started()  # not the last game's free mode and way (one Keys per App)
        if g.rule != rules.RENJU:
            drop("gomoku.renju")  # an earlier Renju game's: 1.5 KB held for nothing
        if g.rule != rules.STANDARD:
            drop("ai.overlines")  # an earlier exactly-five game's (Engine.start)
        if not app.keys.dpad and not g.over() and not g.ai_to_act():
            self._rank()  # few keys: a resumed game's turn starts on the best point too
            self.cursor = self.jumps[0]
        self._ask()

    # -- drawing -----------------------------------------------------------------------------
    def enter(self):
        a = self.app
        a.hw.display.fill(a.theme.bg)
        self.view.attach(self.rboard or self.s.game.board, a.theme)
        self.view.cursor = self.cursor
        self._marks()
        self.view.draw_all()
        self.status.reset(a.theme)
        self.secs = [-1, -1]
        self._status()

    def _marks(self):
        g = self.s.game
        v = self.view
        rev = self.rboard is not None
        v.win = g.win_cells if not rev or self.rboard.count() == g.board.count() else None
        v.forbid = () if rev else self._forbidden()
        rings = []
        if not rev:
            if g.phase == G.CHOOSE:
                rings.extend(g.proposals)
            if self.s.half >= 0:
                rings.append(self.s.half)
            if self.hint >= 0:
                rings.append(self.hint)
        v.rings = rings

    def _forbidden(self):
        g = self.s.game
        b = g.board
        if (g.rule != rules.RENJU or not self.app.opt("marks") or g.over()
                or b.to_move() != BLACK or g.ai_to_act()
                or g.phase not in (G.PLAY, G.OPEN3, G.EXTRA, G.PROPOSE)):
            return ()
        return rules.forbidden_points(b)

    def _status(self, now=None):
        g = self.s.game
        st = self.status
        a = g.timed()
        thinking = self._busy()
        for p in (0, 1):
            if g.over():
                res = "draw" if g.winner == 0 else ("won" if g.player_of(g.winner) == p
                                                     else "lost")
                st.clock(p, self.s.names(p) + " " + res, g.colour_of(p), None, False, -1)
                continue
            spin = self.spin if thinking and p == a else -1
            st.clock(p, self.s.names(p), g.colour_of(p), _shown(g, p), p == a, spin)
        b = self.rboard or g.board
        st.info("#%d" % b.count(), "" if self.rboard else self._where(self.cursor))
        if self.rboard is not None:
            st.message("Review %d/%d" % (b.count(), g.board.count()), "step")
        elif self.temp is not None:
            st.message(self.temp)
        elif self.prompt is not None:
            st.message(self.prompt[0], self.prompt[1][self.choice])
        else:
            st.message(self._say())

    def _say(self):
        g = self.s.game
        s = self.s
        a = g.actor()
        who = s.names(a)
        if g.ai_to_act():  # (only the screen on show ticks: no thinking while a menu is open)
            return who + " thinking"
        if self.hinter is not None:
            return "Hint: thinking"
        ph = g.phase
        n = g.board.count() + 1
        # within the top layout's field of 21 with a name ("P1: ")
        if ph == G.OPEN3:
            text = "Stone %d of 3" % n
        elif ph == G.EXTRA:
            text = "Stone %d of 5" % n
        elif ph == G.PROPOSE:
            text = "Propose 5th %d/2" % (1 if self.s.half < 0 else 2)
        elif ph == G.CHOOSE:
            text = "Choose a 5th move"
        elif s.mode == "ai":
            return "Your move"
        else:
            text = ("Black" if g.board.to_move() == BLACK else "White") + " to play"
            return text
        return text if s.mode == "ai" else who + ": " + text

    # -- questions ---------------------------------------------------------------------------
    def _ask(self):
        """Set the on-screen question the game needs answered now by a person, if any."""
        g = self.s.game
        self.choice = 0
        self.prompt = None
        if g.over() or g.draw_offer >= 0 or g.phase in (G.SWAP, G.SWAP2, G.PICK):
            from app import actions  # questions are rare: their code is not kept loaded

            self.prompt = actions.question(self)
            drop("app.actions", "app.gamemenu", "gomoku.undo")  # (an answer loads them)

    def _answer(self):
        from app import actions

        actions.answer(self)
        if self.rboard is None:  # the review's keys go on using it
            drop("app.actions")

    # -- after every change of the game ------------------------------------------------------
    def changed(self):
        g = self.s.game
        self.s.half = -1
        self.hint = -1
        self.hinter = None
        self.jumps = None
        self.temp = None
        tip, self.tip = self.tip, None
        self.app.keys.turn_started()
        if g.over():
            if not self.over_seen:
                self.over_seen = True
                from app import actions  # its code is not kept loaded during a game

                # Saved and kept among the past games (app.past.keep); a record the flash
                # refused leaves the save, for the boot to keep it later.
                self.app.forget_game(actions.game_over(self))
        else:
            self.over_seen = False
            if g.phase == G.PLAY:
                drop("gomoku.openrules")  # the opening is over (undo would load it again)
            err = self.app.save_game(self.s)
            if err:
                self.note(err)
            if not self.app.keys.dpad and not g.ai_to_act():
                # Few keys: start each turn on the best-looking point.
                self._jump(0)
        self._ask()
        self._refresh_all()
        if tip:
            self.note(tip)

    def _refresh_all(self):
        self._marks()
        self.view.cursor = self.cursor if self.rboard is None else -1  # none in a review
        self.view.sync()
        self._status()

    def _refuse(self, err):
        if self.s.game.over() and not self.over_seen:
            # Not refused: the flag fell as it was tried (every action checks the clock first,
            # Game._ready()), in the loop pass before tick() would have seen it. The game was
            # over without its end screen, and was neither kept nor its save removed.
            self.changed()
            return
        from app import actions

        self.app.sound("refused")
        self.note(actions.short(err))
        drop("app.actions")

    def note(self, text):
        """A message in the status line for a few seconds."""
        self.temp = text
        self.temp_at = self.app.ticks()
        self._status()

    # -- input -------------------------------------------------------------------------------
    def key(self, action, kind):
        app = self.app
        g = self.s.game
        if self.rboard is not None:
            from app import actions

            return actions.review_key(self, action, kind)
        if (action == "back" or action == "menu") and kind == PRESS and self._busy():
            # Back or menu stops the thinking; the in-game menu is then open.
            self._pause()
            app.game_menu(self)
            return
        if self.prompt is not None:
            k = app.keys.list(action, kind)
            n = len(self.prompt[1])
            if k in (K.PREV, K.NEXT, K.LEFT, K.RIGHT):
                self.choice = (self.choice + (1 if k in (K.NEXT, K.RIGHT) else -1)) % n
                # A note covers the question ("AI accepts the draw" over the end screen's): the
                # press shows the choice it made (it blipped and the note stayed, choice unseen).
                self.temp = None
                app.sound("blip")
                self._status()
            elif k == K.OK:
                self._answer()
            elif k == K.BACK:
                if g.over():
                    app.main_menu()  # as its end screen's "Menu"
                else:
                    app.game_menu(self)
            return
        k = app.keys.board(action, kind)
        if k == K.NONE:
            return
        if k == K.MENU or k == K.BACK:
            app.game_menu(self)
        elif k == K.UP:
            self._move(0, -1)
        elif k == K.DOWN:
            self._move(0, 1)
        elif k == K.LEFT:
            self._move(-1, 0)
        elif k == K.RIGHT:
            self._move(1, 0)
        elif k == K.NEXT:
            self._jump(1)
        elif k == K.PREV:
            self._jump(-1)
        elif k == K.OK:
            self._place()

    def _move(self, dx, dy):
        b = self.s.game.board
        n = b.size
        x, y = b.xy(self.cursor)
        x = (x + dx) % n  # wrapping at the edge, on every kit
        y = (y + dy) % n
        self._set_cursor(b.idx(x, y))

    def _set_cursor(self, i):
        self.cursor = i
        self.view.move_cursor(i)
        self.status.info(self.status.move_text, self._where(i))

    def _where(self, i):
        # The cursor's name, and on the two-key kit its way in free moves (Keys.mark) in the
        # field's 4th column: "H8 v", "O15v".
        name = self.s.game.board.name(i).upper()
        m = self.app.keys.mark()
        return "%-3s%s" % (name, m) if m else name

    def _rank(self, back=False):
        """The points the jump keys visit, best first (the hint first of all): self.jumps."""
        # Their code (app.jump) serves the person's turn: loaded for the ranking and dropped,
        # as the AI's search, the game's peak, comes next (1,408 bytes as the VM loads it).
        from app import jump

        jump.rank(self, back)
        drop("app.jump")

    def _jump(self, step):
        if self.jumps is None:
            self._rank(step < 0)
            if self.jumps[0] != self.cursor:  # on it (a hint): the first press moves on
                step = min(step, 0)
        self.jpos = (self.jpos + step) % len(self.jumps)
        if step:
            self.app.sound("blip")
        self._set_cursor(self.jumps[self.jpos])

    def _place(self):
        g = self.s.game
        if g.ai_to_act():
            self._refuse("wait for the AI")
            return
        i = self.cursor
        try:
            if g.phase == G.PROPOSE:
                from app import actions  # the pro rule's proposals: not kept loaded either

                held = actions.propose(self, i)
                drop("app.actions")
                if held:
                    return
            else:
                g.play(i)
        except GameError as e:
            self._refresh_all()
            self._refuse(e)
            return
        self.app.sound("click")
        self.changed()

    # -- menu actions ------------------------------------------------------------------------
    def _pause(self):
        self.s.ai_cancel()
        self.hinter = None

    def do(self, what):
        """In-game menu actions; the menu has already closed."""
        from app import actions

        actions.do(self, what)
        drop("app.actions", "gomoku.undo")  # the game goes on without them

    # -- time --------------------------------------------------------------------------------
    def _busy(self):
        return self.hinter is not None or self.s.game.ai_to_act()

    def busy(self):
        # (a demo's pause between moves is no work: the loop sleeps through it, to save power)
        return self._busy() and self.rboard is None and not (
            self.s.mode == "demo" and 0 <= ticks_diff(self.app.ticks(), self.ai_at) < DEMO_MS)

    def tick(self, now):
        app = self.app
        g = self.s.game
        if self.rboard is not None:
            return
        if not g.over():
            if g.limit:
                app.touch(now)  # a running game clock keeps the screen on: no loss on time unseen
            if g.tick():
                self.changed()
                return
            if g.ai_to_act() and self.prompt is None:
                if self.s.mode != "demo" or not 0 <= ticks_diff(now, self.ai_at) < DEMO_MS:
                    ph = g.phase
                    if self.s.ai_work(app.clock, SLICE_MS):
                        app.sound("click")
                        self.ai_at = app.ticks()
                        if self.s.mode == "demo":
                            app.touch(now)  # a running demo keeps the screen on
                        if app.keys.dpad and g.board.count():
                            # the cursor goes to the AI's stone: the answer is most often
                            # near it (it stayed on the person's stone, steps away)
                            self.cursor = g.board.last()
                        self.changed()
                        if ph in (G.SWAP, G.SWAP2, G.PICK):
                            from app import actions

                            actions.ai_chose(self, g.nlog - 1)
                            drop("app.actions")
                        return
            elif self.hinter is not None:
                if self._hint_work():
                    return
        # (a message noted in this pass came after its `now`: a few ms before it is no expiry)
        if self.temp is not None and not -MSG_MS < ticks_diff(now, self.temp_at) < MSG_MS:
            self.temp = None
            self._status()
        if self._busy() and not 0 <= ticks_diff(now, self.spin_at) < SPIN_MS:
            self.spin_at = now
            self.spin += 1
            self._status()
        else:
            self._clocks()

    def _hint_work(self):
        h = self.hinter
        t0 = self.app.clock()
        while not h.step():
            if self.app.clock() - t0 >= SLICE_MS:
                return False
        self.hinter = None
        if h.best < 0:  # Renju black with every empty point forbidden: the hint put the
            self.note("No legal point")  # cursor off the board (-1)
            return True
        self.hint = h.best
        self.jumps = None
        self.cursor = h.best
        self._refresh_all()
        self.note("Hint: " + self.s.game.board.name(h.best).upper())
        return True

    def _clocks(self):
        # Only when a shown second changes, so an idle loop sends nothing.
        g = self.s.game
        if g.over():
            return
        for p in (0, 1):
            sec = _shown(g, p) // 1000
            if sec != self.secs[p]:
                self.secs[p] = sec
                self._status()
