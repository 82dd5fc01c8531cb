# Debounced active-low buttons turned into (action, kind) events with repeat and long press.
from micropython import const


from hw.clock import ticks_ms, ticks_diff, ticks_add

PRESS = const(1)
REPEAT = const(2)
LONG = const(3)
RELEASE = const(4)
DIRECTIONS = ("up", "down", "left", "right")
_NONE = ()


class Buttons:
    # Timing: a long press at 500 ms (700 until session 91, slow on the few-key kits where
    # held keys move the cursor), a held direction repeats after 400 ms, then every 120; a
    # long press's alias (a direction on the few-key kits) repeats 250 ms after it fires, as
    # the long press itself was the wait.
    def __init__(self, keys, ticks=ticks_ms, debounce_ms=20, long_ms=500, repeat_delay_ms=400,
                 repeat_ms=120, alias_delay_ms=250):
        # keys: sequence of (pin, action, long_action or None); pin.value() == 0 means pressed.
        self._pins = [k[0] for k in keys]
        self._action = [k[1] for k in keys]
        self._alias = [k[2] for k in keys]
        acts = []
        for a in self._action + self._alias:
            if a and a not in acts:
                acts.append(a)
        self.actions = tuple(acts)
        self._ticks = ticks
        self._debounce = debounce_ms
        self._long = long_ms
        self._delay = repeat_delay_ms
        self._every = repeat_ms
        self._adelay = alias_delay_ms
        n = len(keys)
        now = ticks()
        # when each key's last counted change came; None: none yet (the callers' clock may not
        # be ticks(), so no reading of it is made up here)
        self._changed = [None] * n
        self._seen = [None] * n  # when a new level, not counted yet, was read first
        self._down = [False] * n
        self._start = [now] * n
        self._next = [now] * n
        self._fired = [False] * n  # LONG sent, or the long-press alias taken over
        self._current = list(self._action)
        self._queue = []  # events sample() saw, for the next poll()

    def poll(self, now=None):
        """The events since the last poll: what sample() saw in between, then this reading's."""
        self.sample(now)
        out = self._queue
        if not out:
            return _NONE
        self._queue = []
        return out

    def sample(self, now=None):
        """Read the keys, keeping what happened for the next poll(). The app's clock calls it
        too, so a tap that starts and ends inside one long AI step (up to half a second on a
        Pico, where a poll each side of it would see nothing) still counts."""
        if now is None:
            now = self._ticks()
        for i in range(len(self._pins)):
            raw = self._pins[i].value() == 0
            s = self._seen[i]
            if s is not None:
                # A new level read once counts when the next reading agrees, or, back to the
                # old one, when the two came too far apart to tell a tap from noise: while the
                # AI thinks keys are read about every 40 ms, and a 60 ms tap is often read only
                # once. Read once between readings within the debounce time (the idle loop's
                # are 10 ms apart) it is noise, a spike on the pin or a brushed key, and is
                # dropped: it made a press (on a held key, a release and a second press).
                d = ticks_diff(now, s)
                if raw != self._down[i]:
                    if d == 0:
                        continue  # the same ms (the AI's clock read right after a poll)
                    self._edge(i, raw, s)
                elif not 0 <= d < self._debounce:
                    self._edge(i, not raw, s)
                self._seen[i] = None
            if raw != self._down[i]:
                # Not within the debounce time of the last change counted (a switch's chatter;
                # a negative difference: that change is so old the difference wrapped, after
                # 6.2 days idle with 30-bit ticks).
                c = self._changed[i]
                if c is None or not 0 <= ticks_diff(now, c) < self._debounce:
                    self._seen[i] = now
            elif raw:
                self._hold(i, now)

    def _emit(self, action, kind):
        self._queue.append((action, kind))

    def _edge(self, i, pressed, now):
        # A counted change, first read at `now`: a long press and repeats are timed from it.
        self._down[i] = pressed
        self._changed[i] = now
        action = self._action[i]
        alias = self._alias[i]
        if pressed:
            self._start[i] = now
            self._fired[i] = False
            self._current[i] = action
            self._next[i] = ticks_add(now, self._delay)
            if alias is None:
                self._emit(action, PRESS)
        elif alias is not None and not self._fired[i]:
            # Short press of a dual-use key: only now is it known not to be a long press.
            self._emit(action, PRESS)
            self._emit(action, RELEASE)
        else:
            self._emit(self._current[i], RELEASE)

    def _hold(self, i, now):
        held = ticks_diff(now, self._start[i])
        if not self._fired[i]:
            if held >= self._long:
                self._fired[i] = True
                alias = self._alias[i]
                if alias is not None:
                    self._current[i] = alias
                    self._next[i] = ticks_add(now, self._adelay)
                    self._emit(alias, PRESS)
                    return
                if self._action[i] not in DIRECTIONS:
                    self._emit(self._action[i], LONG)
                    return
            elif self._alias[i] is not None:
                return
        current = self._current[i]
        if current in DIRECTIONS and ticks_diff(now, self._next[i]) >= 0:
            nxt = ticks_add(self._next[i], self._every)
            if ticks_diff(nxt, now) <= 0:  # the loop fell behind: do not fire a burst
                nxt = ticks_add(now, self._every)
            self._next[i] = nxt
            self._emit(current, REPEAT)
