# Terminal front end: the panel in 24-bit colour half blocks (two pixel rows per text row),
# keys read in cbreak mode; playable over SSH. Only rows that changed are sent again.
import os
import select
import signal
import sys

import simcore
import simkeys

FOOTER = 1  # text rows under the picture
# A terminal sends no key releases: a key held down comes again and again, the terminal's own
# repeat (after 250-660 ms, then every 30-100 ms). A repeat that comes while the key's last press
# is still down holds it on, and the key lets go REPEAT_HOLD_MS after the last repeat, so the
# firmware times its repeat and long press as on the board (0.4 s, then 0.12 s; the few-key
# kits' long press and the repeat of its alias). Each repeat used to queue a tap of its own: the
# cursor ran on for three taps after the key was let go (two seconds of long presses on the
# few-key kits), and on the T-Display each held Down was a new long press that turned its way.
REPEAT_HOLD_MS = 150
# A long press from the terminal: past the firmware's 500 ms and an X server's default 660 ms
# repeat delay (so a held key's first repeat still finds it down), short of 750 ms, when a long
# press's alias first repeats.
LONG_TAP_MS = 680
UPPER = "\u2580"  # upper half block: foreground = top pixel, background = bottom pixel

_ESC_SEQ = {"[A": "up", "[B": "down", "[C": "right", "[D": "left",
            "OA": "up", "OB": "down", "OC": "right", "OD": "left"}
_PLAIN = {"\r": "place", "\n": "place", " ": "place", "\x7f": "back", "\x08": "back",
          "m": "menu", "M": "menu", "\t": "menu"}


def fit(w, h, cols, lines):
    """Picture size in pixels (never larger than the panel) for a terminal of cols x lines."""
    rows_px = 2 * max(1, lines - FOOTER)
    s = min(1.0, cols / w, rows_px / h)
    return max(1, int(w * s)), max(1, int(h * s))


def _spans(n, out):
    # source index range averaged into each of `out` cells
    return [(i * n // out, max(i * n // out + 1, (i + 1) * n // out)) for i in range(out)]


def downscale(rgb, w, h, ow, oh):
    """Box-filtered picture: list of oh rows, each a list of ow (r, g, b)."""
    rows = []
    xs = _spans(w, ow)
    for y0, y1 in _spans(h, oh):
        acc = [0] * (3 * w)
        for y in range(y0, y1):
            line = rgb[3 * w * y:3 * w * (y + 1)]
            for i in range(3 * w):
                acc[i] += line[i]
        row = []
        dy = y1 - y0
        for x0, x1 in xs:
            n = (x1 - x0) * dy
            a = acc[3 * x0:3 * x1]
            row.append((sum(a[0::3]) // n, sum(a[1::3]) // n, sum(a[2::3]) // n))
        rows.append(row)
    return rows


def paint_row(top, bottom):
    """One text row: upper half blocks, colour codes only where they change."""
    out = []
    fg = bg = None
    for t, b in zip(top, bottom):
        if t != fg and b != bg:
            out.append("\x1b[38;2;%d;%d;%d;48;2;%d;%d;%dm" % (t + b))
        elif t != fg:
            out.append("\x1b[38;2;%d;%d;%dm" % t)
        elif b != bg:
            out.append("\x1b[48;2;%d;%d;%dm" % b)
        fg, bg = t, b
        out.append(UPPER)
    out.append("\x1b[0m")
    return "".join(out)


class TermView:
    """Draws the sim's panel on a terminal; `write` takes text, `size()` gives (cols, lines)."""

    def __init__(self, sim, write, size):
        self.sim = sim
        self.write = write
        self.size = size
        self.rows = []  # text of every row on the terminal now
        self.dims = None
        self.footer = ""

    def resized(self):
        cols, lines = self.size()
        return self.dims is None or (cols, lines) != self.dims[2:]

    def render(self, force=False):
        """Send the rows that changed; returns how many were sent."""
        sim = self.sim
        cols, lines = self.size()
        ow, oh = fit(sim.width, sim.height, cols, lines)
        out = []
        if (ow, oh, cols, lines) != self.dims or force:
            self.dims = (ow, oh, cols, lines)
            self.rows = []
            out.append("\x1b[0m\x1b[2J\x1b[?25l")
        px = downscale(sim.frame(), sim.width, sim.height, ow, oh)
        if oh & 1:
            px.append([(0, 0, 0)] * ow)
        sent = 0
        for r in range(len(px) // 2):
            text = paint_row(px[2 * r], px[2 * r + 1])
            if r >= len(self.rows) or self.rows[r] != text:
                out.append("\x1b[%d;1H%s" % (r + 1, text))
                sent += 1
            if r < len(self.rows):
                self.rows[r] = text
            else:
                self.rows.append(text)
        foot = footer(sim, cols, (ow, oh))
        if foot != self.footer or out:
            self.footer = foot
            out.append("\x1b[%d;1H\x1b[2K%s" % (len(self.rows) + 1, foot))
        if out:
            self.write("".join(out))
        return sent


def needed(w, h):
    """(cols, lines) a terminal needs to show a w x h panel pixel for pixel."""
    return w, (h + 1) // 2 + FOOTER


def footer(sim, cols, shown=None):
    # most useful first: a narrow terminal cuts the end off
    parts = ["q quit"]
    if shown is not None and shown[0] < sim.width:
        # A small terminal's picture is averaged down until the board is a blur: say so, and
        # what would show it whole, or the blur looks like the simulator's fault.
        parts.insert(0, "shown at 1/%.2g: enlarge the terminal or zoom out to %dx%d" % (
            (sim.width / shown[0],) + needed(sim.width, sim.height)))
    # only the arrows that do something on this kit (a TTGO has no up or left)
    arrows = [a for a in ("up", "down", "left", "right") if sim.action_pin(a) is not None]
    if arrows:
        parts.append("arrows move" if len(arrows) == 4 else
                     "/".join(simkeys.ACTION_KEYS[a] for a in arrows) + " move")
    for action, text in (("place", "Enter place"), ("back", "Esc back"), ("menu", "m menu")):
        if sim.action_pin(action) is not None:
            parts.append(text)
    direct = [k.direct for k in sim.keys.keys if k.direct]
    if direct:
        parts.append(" ".join(direct) + " = keys " + " ".join(
            k.label for k in sim.keys.keys if k.direct))
    if any(d.isalpha() for d in direct):
        parts.append("shift = long")
    text = " | ".join(parts) + " | " + sim.profile["id"]
    if sim.backlight() == 0:
        text = "(asleep: any key wakes) " + text
    return text[:max(0, cols - 1)]


def parse_keys(data):
    """Terminal input -> list of ("action", name) / ("key", char, long) / ("quit",)."""
    out = []
    i = 0
    while i < len(data):
        c = data[i]
        if c == "\x1b":
            seq = data[i + 1:i + 3]
            if seq in _ESC_SEQ:
                out.append(("action", _ESC_SEQ[seq]))
                i += 3
                continue
            if seq[:1] in ("[", "O"):  # some other escape sequence (F-keys...): skip it
                j = i + 2
                while j < len(data) and not data[j].isalpha() and data[j] != "~":
                    j += 1
                i = j + 1
                continue
            out.append(("action", "back"))  # a lone Esc
        elif c in ("q", "Q", "\x03", "\x04"):
            out.append(("quit",))
        elif c in _PLAIN:
            out.append(("action", _PLAIN[c]))
        else:
            out.append(("key", c.lower(), c.isupper()))
        i += 1
    return out


class Terminal:
    """Runs the sim on the controlling terminal until q (or the end of a script with exit_at_end)."""

    def __init__(self, sim, stdin=None, stdout=None):
        self.sim = sim
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout

        def write(text):
            self.stdout.write(text)
            self.stdout.flush()

        def size():
            try:
                s = os.get_terminal_size(self.stdout.fileno())
                return s.columns, s.lines
            except OSError:
                return 80, 24

        self.view = TermView(sim, write, size)
        self.last = {}  # pin -> whether the terminal's last press of it was a long one

    def _read(self):
        fd = self.stdin.fileno()
        data = b""
        while select.select([fd], [], [], 0)[0]:
            chunk = os.read(fd, 64)
            if not chunk:
                break
            data += chunk
        return data.decode("utf-8", "replace")

    def handle(self, data):
        sim = self.sim
        seen = set()
        for ev in parse_keys(data):
            if ev[0] == "quit":
                return False
            if ev[0] == "action":
                hit = sim.action_pin(ev[1])
            else:
                k = sim.keys.by_direct(ev[1])
                hit = None if k is None else (k.pin, ev[2])
            if hit is not None:
                self._press(hit[0], hit[1], hit in seen)
                seen.add(hit)
        return True

    def _press(self, pin, long, again):
        """A key from the terminal: its pin and whether it is a long press. `again`: the same
        key came earlier in this read (a paste, keys typed while the loop was busy): a tap."""
        pins = self.sim.pins
        if not again and self.last.get(pin) == long and (pins.pressed(pin) or pins.waiting(pin)):
            # the terminal's repeat of a held key
            if long or not self.sim.keys.dual(pin):
                pins.extend(pin, REPEAT_HOLD_MS)
                return
            # A key that does something else when held (the few-key kits' short presses: up on
            # the Pico Display's X, whose long press is left) is tapped again instead, one tap
            # waiting at most, so that it stops soon after it is let go.
            if pins.waiting(pin):
                return
        self.last[pin] = long
        pins.tap(pin, LONG_TAP_MS if long else simcore.TAP_MS)

    def run(self, player=None, exit_at_end=False):
        import termios
        import tty

        sim = self.sim
        fd = self.stdin.fileno()
        saved = termios.tcgetattr(fd)

        def enter():
            # TCSANOW: the default TCSAFLUSH threw away keys typed while the simulator booted
            tty.setcbreak(fd, termios.TCSANOW)
            # the alternate screen, as full-screen programs use: on quit the terminal shows
            # again what it showed before, not a stale frame of the game
            self.stdout.write("\x1b[?1049h")
            self.view.render(force=True)

        def leave():
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
            self.stdout.write("\x1b[0m\x1b[?25h\x1b[?1049l")
            self.stdout.flush()

        def stop(signum, frame):
            # a closed ssh session or a kill: leave through `finally`, which gives the terminal
            # back its line mode and cursor (the default action left both off)
            raise SystemExit(128 + signum)

        def suspend(signum, frame):
            # Ctrl-Z: give the terminal back as quitting does, stop, and at `fg` take it again
            # and paint the whole picture. The default action left the shell's prompt on the
            # alternate screen with the cursor hidden, and after `fg` the terminal stayed in
            # line mode: keys echoed and waited for Enter, and nothing was redrawn.
            leave()
            signal.signal(signal.SIGTSTP, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGTSTP)  # stops here until continued
            signal.signal(signal.SIGTSTP, suspend)
            enter()

        old = {s: signal.signal(s, stop) for s in (signal.SIGTERM, signal.SIGHUP)}
        old[signal.SIGTSTP] = signal.signal(signal.SIGTSTP, suspend)
        try:
            enter()
            while self.handle(self._read()):
                now = sim.step()
                if player is not None and not player.update(now) and exit_at_end:
                    break
                if sim.dirty() or self.view.resized():
                    self.view.render()
                sim.clock.pace(sim.busy(), now)
        finally:  # Ctrl-C included: tools/sim.py turns it into exit status 130
            for s, h in old.items():
                signal.signal(s, h)
            try:
                leave()
            except (OSError, termios.error):
                pass  # after a hangup the terminal may be gone
