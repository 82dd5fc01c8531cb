# Scripted key sequences for the simulator: parsed up front, then played one loop pass at a time.
from hw.clock import ticks_add, ticks_diff

import simcore
from simkeys import ACTIONS

HELP = """script tokens (space separated):
  up down left right place back menu   tap the key giving that action (long press if the kit
                                       only has it as a long-press alias); NAME*3 taps 3 times
                                       (up to 1000; [ NAME ]*N for more)
  key:NAME                             tap a physical key by its label or GPIO (key:A, key:gpio35)
  hold:NAME:MS                         hold an action's or physical key's pin for MS ms
  wait:MS                              let MS ms pass
  idle[:MS]                            wait until the AI is done thinking (at most MS, def. 120000)
  over[:MS]                            wait until the game is over (at most MS, def. 600000)
  [ ... ]*N                            the steps in brackets N times (spaces around them)
  break:over                           leave the innermost [ ] once the game is over
  shot:NAME                            write the panel as NAME(.png)
  quit                                 stop here"""


def parse(text, keys):
    """List of (op, args) steps; ValueError naming the first bad token."""
    stack = [[]]
    for tok in text.split():
        try:
            if tok == "[":
                stack.append([])
            elif tok.startswith("]"):
                n = int(tok[2:]) if tok.startswith("]*") else 1
                if len(stack) < 2 or n < 1:
                    raise ValueError("unmatched ] or bad count")
                body = stack.pop()
                stack[-1].append(("loop", body, n))
            else:
                stack[-1].extend(_token(tok, keys))
        except (ValueError, IndexError) as e:
            raise ValueError("bad script token %r: %s" % (tok, e))
    if len(stack) != 1:
        raise ValueError("bad script: [ without ]")
    return stack[0]


def _pin_of(name, keys):
    # (pin, hold ms of a tap) for an action or a physical key name.
    if name in ACTIONS:
        hit = keys.action_pin(name)
        if hit is None:
            raise ValueError("this kit has no key for %s" % name)
        return hit[0], simcore.LONG_MS if hit[1] else simcore.TAP_MS
    k = keys.by_name(name)
    if k is None:
        raise ValueError("no key %r on this kit (keys: %s)" % (
            name, ", ".join(x.label for x in keys.keys)))
    return k.pin, simcore.TAP_MS


_MOST_TIMES = 1000  # NAME*N is written out step by step; [ ... ]*N repeats without a limit


def _ms(text):
    v = int(text)
    if v < 0:
        raise ValueError("a time in ms is 0 or more")
    return v


def _token(tok, keys):
    times = 1
    if "*" in tok:
        tok, n = tok.rsplit("*", 1)
        times = int(n)
        if not 1 <= times <= _MOST_TIMES:
            raise ValueError("repeat count must be 1 to %d (more: [ %s ]*%s)" % (
                _MOST_TIMES, tok, n))
    parts = tok.split(":")
    op = parts[0].lower()
    if op in ACTIONS:
        step = ("tap",) + _pin_of(op, keys)
    elif op == "key":
        step = ("tap",) + _pin_of(parts[1], keys)
    elif op == "hold":
        step = ("tap", _pin_of(parts[1], keys)[0], _ms(parts[2]))
    elif op == "wait":
        step = ("wait", _ms(parts[1]))
    elif op == "idle":
        step = ("idle", _ms(parts[1]) if len(parts) > 1 else 120000)
    elif op == "over":
        step = ("over", _ms(parts[1]) if len(parts) > 1 else 600000)
    elif op == "shot":
        if len(parts) < 2 or not parts[1]:
            raise ValueError("shot needs a name")
        step = ("shot", ":".join(parts[1:]))
    elif op == "quit":
        step = ("quit",)
    elif op == "break" and parts[1] == "over":
        step = ("break",)
    else:
        raise ValueError("unknown step")
    return [step] * times


class Player:
    """Feeds a parsed script to a Sim; call update() once per loop pass until it returns False."""

    def __init__(self, sim, steps, shoot):
        self.sim = sim
        self.steps = list(steps)
        self.shoot = shoot  # shoot(name): write a screenshot
        self.wait = None  # what the current step waits for
        self.done = not self.steps
        self.timed_out = []  # idle steps that gave up

    def update(self, now):
        while not self.done:
            w = self.wait
            if w is not None:
                kind, arg = w
                if kind == "until" and ticks_diff(now, arg) < 0:
                    return True
                if kind == "pin":
                    if self.sim.pins.busy(arg):
                        return True
                    # the release must reach the app too (few-key kits act on release)
                    self.wait = ("until", ticks_add(now, simcore.GAP_MS))
                    continue
                if kind in ("idle", "over"):
                    waiting = self.sim.busy() if kind == "idle" else not self.sim.game_over()
                    if waiting and ticks_diff(now, arg) < 0:
                        return True
                    if waiting:
                        self.timed_out.append(kind)
                self.wait = None
            if not self.steps:
                self.done = True
                break
            step = self.steps.pop(0)
            op = step[0]
            if op == "tap":
                self.sim.pins.tap(step[1], step[2], limit=1 << 30)
                self.wait = ("pin", step[1])
                self.sim.pins.update(now)
            elif op == "wait":
                self.wait = ("until", ticks_add(now, step[1]))
            elif op == "idle" or op == "over":
                # one pass first, so an AI move that is due now has started thinking
                self.wait = (op, ticks_add(now, step[1]))
                return True
            elif op == "shot":
                self.shoot(step[1])
            elif op == "loop":
                self.steps[:0] = step[1] + [("again", step[1], step[2] - 1)]
            elif op == "again":
                if step[2] > 0:
                    self.steps.insert(0, ("loop", step[1], step[2]))
            elif op == "break":
                if self.sim.game_over():
                    while self.steps and self.steps.pop(0)[0] != "again":
                        pass
            elif op == "quit":
                self.steps = []
                self.done = True
        return not self.done
