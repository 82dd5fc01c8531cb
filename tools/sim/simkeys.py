# Which physical key each GPIO of a kit is, what it does, and the host keyboard keys for it.

# The profiles name actions only; the names printed on the kits come from hardware.md. A profile
# may carry its own "labels": {"gpio": "name"} to override these.
LABELS = {
    "pico_lcd_13": {"2": "Joy up", "18": "Joy down", "16": "Joy left", "20": "Joy right",
                    "3": "Joy press", "15": "A", "17": "B", "19": "X", "21": "Y"},
    "pico_lcd_114": {"2": "Joy up", "18": "Joy down", "16": "Joy left", "20": "Joy right",
                     "3": "Joy press", "15": "A", "17": "B"},
    "pico_display": {"12": "A", "13": "B", "14": "X", "15": "Y"},
    "pico_display_2": {"12": "A", "13": "B", "14": "X", "15": "Y"},
    "ttgo_tdisplay": {"0": "GPIO0", "35": "GPIO35"},
    "m5stack_core": {"39": "A", "38": "B", "37": "C"},
}

# Extra keyboard keys that press one physical key directly (held = held), beside the action keys.
DIRECT = {
    "pico_lcd_13": {"15": "a", "17": "b", "19": "x", "21": "y"},
    "pico_lcd_114": {"15": "a", "17": "b"},
    "pico_display": {"12": "a", "13": "b", "14": "x", "15": "y"},
    "pico_display_2": {"12": "a", "13": "b", "14": "x", "15": "y"},
    "ttgo_tdisplay": {"0": "1", "35": "2"},
    "m5stack_core": {"39": "1", "38": "2", "37": "3"},
}

ACTIONS = ("up", "down", "left", "right", "place", "back", "menu")
# Keyboard names of the action keys, as the legends print them.
ACTION_KEYS = {
    "up": "Up", "down": "Down", "left": "Left", "right": "Right",
    "place": "Enter/Space", "back": "Esc/Backspace", "menu": "M/Tab",
}


class Key:
    def __init__(self, pin, label, short, long, direct):
        self.pin = pin  # GPIO number
        self.label = label  # printed on the kit
        self.short = short  # action of a short press
        self.long = long  # long-press alias or None
        self.direct = direct  # keyboard character pressing this key directly, or None

    def does(self):
        return self.short + (" / long: " + self.long if self.long else "")


class KitKeys:
    def __init__(self, profile):
        name = profile["id"]
        labels = dict(LABELS.get(name, {}))
        labels.update(profile.get("labels") or {})
        direct = DIRECT.get(name, {})
        self.keys = []
        for g, act in profile["buttons"].items():
            short, long = (act, None) if isinstance(act, str) else (act[0], act[1])
            label = labels.get(g) or ("GPIO%s" % g if long else short.capitalize())
            self.keys.append(Key(int(g), label, short, long, direct.get(g)))
        # keys without a letter of their own (joystick, DIY keys) first, then by their letter
        self.keys.sort(key=lambda k: (k.direct is not None, k.direct or ""))

    def action_pin(self, action):
        """(pin, long press needed) giving `action`: a key's short press first, else an alias."""
        for k in self.keys:
            if k.short == action:
                return k.pin, False
        for k in self.keys:
            if k.long == action:
                return k.pin, True
        return None

    def dual(self, pin):
        """Whether the key on `pin` does something else when held (a long-press alias)."""
        return any(k.pin == pin and k.long for k in self.keys)

    def by_direct(self, ch):
        for k in self.keys:
            if k.direct == ch:
                return k
        return None

    def by_name(self, name):
        """A key by its printed label or its GPIO number ("A", "gpio35", "35")."""
        n = name.lower().replace(" ", "")
        for k in self.keys:
            if k.label.lower().replace(" ", "") == n or n in (str(k.pin), "gpio%d" % k.pin):
                return k
        return None

    def legend(self):
        """(keyboard keys, what they do on this kit) rows for the help text."""
        rows = []
        for a in ACTIONS:
            hit = self.action_pin(a)
            if hit is None:
                continue
            pin, long = hit
            k = [x for x in self.keys if x.pin == pin][0]
            rows.append((ACTION_KEYS[a], "%s (%s%s)" % (a, "long " if long else "", k.label)))
        direct = [k for k in self.keys if k.direct]
        if direct:
            rows.append(("/".join(k.direct.upper() for k in direct),
                         "keys " + " ".join(k.label for k in direct)))
        return rows


def kit_keys(profile):
    return KitKeys(profile)
