# Damaged saves, made by changing real save records at random places: each one is either refused
# with GameError when the board boots (it is then moved aside as "Bad save"), or it resumes and
# the game plays on. A save that resumed and then failed at the next move or clock tick would put
# a board in a crash loop whenever the player chose "Resume".
import copy
import json
import random

from app import startup
from app.session import Session
from gomoku.game import GameError

SAVES = 1500
VALUES = (0, 1, -1, 2, 3, 7, 15, 19, 224, 360, 999999, 1 << 31, 1 << 40, -(1 << 40), "x", None,
          [], [0], [0, 0], 1.5, True, {}, {"a": 1})


def _places(o, at=()):
    """Every path into a json value, as tuples of keys and indexes."""
    yield at
    items = o.items() if isinstance(o, dict) else enumerate(o) if isinstance(o, list) else ()
    for k, v in items:
        yield from _places(v, at + (k,))


def _save(rng):
    """A save record of a game played at random under random options: undo and redo, the
    opening rules' choices and proposals, clocks."""
    mode = rng.choice(("ai", "pnp", "demo"))
    chosen = {"rule": rng.randint(0, 2), "size": rng.randint(0, 1), "opening": rng.randint(0, 2),
              "level": 0, "colour": rng.randint(0, 1), "limit": rng.randint(0, 3)}
    t = [0]
    s = Session(mode, chosen, lambda: t[0], rng.randint(0, 99))
    g = s.game
    b = g.board
    c = b.size // 2
    near = lambda: b.idx(c + rng.randint(-3, 3), c + rng.randint(-3, 3))  # noqa: E731
    for _ in range(rng.randint(0, 30)):
        t[0] += rng.randint(0, 5000)
        r = rng.random()
        try:
            if r < 0.1:
                g.undo()
            elif r < 0.15:
                g.redo()
            elif r < 0.2:
                g.choose(rng.randint(0, 3))
            elif r < 0.25:
                g.propose(near(), near())
            else:
                g.play(near())
        except GameError:
            pass
    return json.loads(json.dumps(s.export()))


def _damage(d, rng):
    for _ in range(rng.randint(1, 3)):
        at = rng.choice([p for p in _places(d) if p])
        o = d
        for k in at[:-1]:
            o = o[k]
        if isinstance(o, list) and rng.random() < 0.2:
            del o[at[-1]]
        else:
            o[at[-1]] = copy.deepcopy(rng.choice(VALUES))


def _play_on(s, t, rng):
    """What the app does with a resumed game: clock ticks, moves, undo and redo, the AI."""
    g = s.game
    for _ in range(6):
        t[0] += 1000
        g.tick()
        if g.over():
            return
        if g.ai_to_act():
            steps = [0]

            def clock():
                steps[0] += 1
                return steps[0]

            while not s.ai_work(clock, 1 << 20):
                pass
            continue
        try:
            g.play(rng.choice([i for i in g.board.points() if not g.board.cells[i]]))
        except GameError:
            pass  # refused now (a forbidden point, an opening choice due): nothing changes
        if g.can_undo():
            g.undo()
            if g.can_redo():
                g.redo()


def test_a_damaged_save_is_refused_or_plays_on():
    rng = random.Random(86)
    resumed = refused = 0
    for _ in range(SAVES):
        d = _save(rng)
        _damage(d, rng)
        t = [10 ** 6]
        try:
            s = startup.restore(d, lambda: t[0])
        except GameError:
            refused += 1
            continue
        resumed += 1
        _play_on(s, t, rng)
    # Both outcomes are met often, so the test exercises the checks and the play after them.
    assert resumed > SAVES // 20 and refused > SAVES // 2, (resumed, refused)
