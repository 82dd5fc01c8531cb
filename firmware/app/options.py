# Choices offered in the new-game and settings menus, with their defaults; persisted as indexes.
from gomoku import rules
from gomoku import game as G

# (key, label, value names, values, default index)
NEW_GAME = (
    ("rule", "Rule", rules.RULE_NAMES, (rules.FREESTYLE, rules.STANDARD, rules.RENJU), 0),
    ("size", "Board", ("15x15", "19x19"), (15, 19), 0),
    ("opening", "Opening", ("free", "swap+5th", "swap2"),
     (G.OPEN_FREE, G.OPEN_PRO, G.OPEN_SWAP2), 0),
    ("level", "Level", ("easy", "medium", "hard"), (0, 1, 2), 1),
    ("colour", "You play", ("black", "white"), (0, 1), 0),
    ("style", "AI style", ("attack", "balanced", "defence"), (60, 0, -60), 1),
    ("limit", "Time", ("off", "5 min", "10 min", "20 min"), (0, 300000, 600000, 1200000), 0),
    # Renju: a forbidden move by black is refused with its reason (casual) or loses (tournament).
    ("foul", "Renju foul", ("refused", "loses"), (False, True), 0),
)

SETTINGS = (
    ("theme", "Theme", ("wood", "dark"), (0, 1), 0),
    ("sound", "Sound", ("on", "off"), (True, False), 0),
    ("marks", "Forbidden", ("shown", "hidden"), (True, False), 0),
    ("sleep", "Sleep", ("off", "30 s", "1 min", "3 min"), (0, 30000, 60000, 180000), 2),
)

# Which new-game options each mode shows.
MODE_KEYS = {
    "ai": ("rule", "size", "opening", "level", "colour", "style", "limit", "foul"),
    "pnp": ("rule", "size", "opening", "limit", "foul"),
    "demo": ("rule", "size", "opening", "level"),
}


def find(table, key):
    for row in table:
        if row[0] == key:
            return row
    raise KeyError(key)


def defaults(table):
    return {row[0]: row[4] for row in table}


def value(table, chosen, key):
    row = find(table, key)
    return row[3][chosen.get(key, row[4])]


def clean(table, data):
    """Stored indexes checked against the table: anything unknown falls back to its default."""
    out = defaults(table)
    if isinstance(data, dict):
        for row in table:
            v = data.get(row[0])
            if isinstance(v, int) and 0 <= v < len(row[2]):
                out[row[0]] = v
    return out
