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
    def __init__(self, keys, ticks=ticks_ms, debounce_ms=20, long_ms=700, repeat_delay_ms=400,
                 repeat_ms=120):
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
        n = len(keys)
        now = ticks()
        self._raw = [False] * n
        self._changed = [now] * n
        self._down = [False] * n
        self._start = [now] * n
        self._next = [now] * n
        self._fired = [False] * n  # LONG sent, or the long-press alias taken over
        self._current = list(self._action)

    def held(self, action):
        for i in range(len(self._pins)):
            if self._down[i] and self._current[i] == action:
                return True
        return False

    def poll(self, now=None):
        if now is None:
            now = self._ticks()
        out = _NONE
        for i in range(len(self._pins)):
            raw = self._pins[i].value() == 0
            if raw != self._raw[i]:
                self._raw[i] = raw
                self._changed[i] = now
            elif raw != self._down[i] and ticks_diff(now, self._changed[i]) >= self._debounce:
                self._down[i] = raw
                out = self._edge(i, raw, now, out)
            elif raw and self._down[i]:
                out = self._hold(i, now, out)
        return out

    def _emit(self, out, action, kind):
        if out is _NONE:
            out = []
        out.append((action, kind))
        return out

    def _edge(self, i, pressed, now, out):
        action = self._action[i]
        alias = self._alias[i]
        if pressed:
            self._start[i] = now
            self._fired[i] = False
            self._current[i] = action
            self._next[i] = ticks_add(now, self._delay)
            if alias is None:
                out = self._emit(out, action, PRESS)
        elif alias is not None and not self._fired[i]:
            # Short press of a dual-use key: only now is it known not to be a long press.
            out = self._emit(out, action, PRESS)
            out = self._emit(out, action, RELEASE)
        else:
            out = self._emit(out, self._current[i], RELEASE)
        return out

    def _hold(self, i, now, out):
        held = ticks_diff(now, self._start[i])
        if not self._fired[i]:
            if held >= self._long:
                self._fired[i] = True
                alias = self._alias[i]
                if alias is not None:
                    self._current[i] = alias
                    self._next[i] = ticks_add(now, self._delay)
                    return self._emit(out, alias, PRESS)
                if self._action[i] not in DIRECTIONS:
                    return self._emit(out, self._action[i], LONG)
            elif self._alias[i] is not None:
                return out
        current = self._current[i]
        if current in DIRECTIONS and ticks_diff(now, self._next[i]) >= 0:
            nxt = ticks_add(self._next[i], self._every)
            if ticks_diff(nxt, now) <= 0:  # the loop fell behind: do not fire a burst
                nxt = ticks_add(now, self._every)
            self._next[i] = nxt
            out = self._emit(out, current, REPEAT)
        return out
