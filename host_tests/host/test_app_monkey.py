# Random button presses on every kit: taps, long presses, presses held for seconds, bounces
# shorter than the debounce, and now and then a power cut (a new app on the same flash), on a
# board that has been on for weeks. Whatever arrives at whatever moment, the app must go on
# without an exception (on a board that would be the crash screen), and after a cut it boots,
# draws and offers the unfinished game as it stood.
import os
import random

import machine
import pytest
from app.app import App
from appfix import HOLD_MS, TAP_MS, Driver

KITS = sorted(f[:-5] for f in os.listdir(os.path.join(os.path.dirname(__file__), "..", "..",
                                                      "boards")) if f.endswith(".json"))
PRESSES = 300
_played = {}  # kit -> most stones seen on a game's board
_cuts = []  # stones on the board of each unfinished game a power cut met


@pytest.mark.parametrize("kit", KITS)
def test_random_presses_never_stop_the_app(kit):
    rng = random.Random(kit)  # a fixed sequence per kit
    # The clock moves on every read, so the AI's slices end; it starts a minute before 2**32 ms
    # (49.7 days on), so every timer also meets a board's long clock and the ticks' wrap.
    d = Driver(kit, drift=3, start=(1 << 32) - 60000)
    pins = sorted(int(p) for p in d.profile["buttons"])
    stones = 0
    for _ in range(PRESSES):
        if rng.random() < 0.1:
            # Now and then a person who means to play takes a menu's way into a game with the
            # kit's keys (pure chance seldom gets there), once the last release has settled.
            d.run(100)
            keys = [it.key for it in getattr(d.app.screen, "items", ())]
            keys = [k for k in keys if k in ("start", "ai", "pnp", "resume")]
            if keys:
                d.choose(rng.choice(keys))
                continue
        pin = rng.choice(pins)
        held = rng.choice((TAP_MS, TAP_MS, TAP_MS, TAP_MS, 5, HOLD_MS, 2500))
        machine.press(pin)
        d.run(held)
        machine.release(pin)
        d.run(rng.choice((10, TAP_MS, 300, 1500)))
        play = d.app.game
        if play is not None:
            stones = max(stones, play.s.game.board.count())
        if rng.random() < 0.01:
            # Power cut and boot: an unfinished game is offered again as it stood.
            g = play.s.game if play is not None else None
            n0 = d.bytes()
            d.app = App(d.hw, d.root, d.now)
            d.run(TAP_MS)
            assert d.bytes() > n0, "the booted app drew nothing"
            if g is not None and not g.over():
                assert d.app.saved is not None
                # The same actions, clocks and moves to redo (export() holds them all), and
                # the clocks as they stood at the last save: the running turn's time is saved
                # up to then.
                r = d.app.saved.game
                a, b = r.export(), g.export()
                a["used"] = b["used"] = None
                assert a == b
                for p in (0, 1):
                    assert g.used[p] <= r.used[p] <= g.time_used(p)
                _cuts.append(g.board.count())
    _played[kit] = stones


def test_the_random_presses_reach_games():
    # The test above means something only if the presses get past the menus: on every kit
    # they start a game and place stones (pass-and-play or against the AI).
    if len(_played) < len(KITS):
        pytest.skip("run with test_random_presses_never_stop_the_app")
    assert all(_played.values()), _played
    assert any(_cuts), _cuts  # and power cuts met games with stones on the board
