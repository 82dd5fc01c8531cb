# The game screen's text: clocks, move number, cursor name, messages and on-screen questions,
# each in its own small field that is redrawn only when its content changes.
from app import ui

_SPIN = "|/-\\"


class Field:
    def __init__(self, scratch, x, y, chars):
        self.x = x
        self.y = y
        self.scratch = scratch
        self.chars = chars
        self.text = None
        self.fg = self.bg = self.icon = -1

    def put(self, d, text, fg, bg, icon=None, rim=0):
        if text == self.text and fg == self.fg and bg == self.bg and icon == self.icon:
            return
        self.text = text
        self.fg = fg
        self.bg = bg
        self.icon = icon
        ui.text_row(self.scratch, d, self.x, self.y, 8 * self.chars, text, fg, bg, 0, icon, rim)


class Status:
    def __init__(self, display, layout, scratch):
        self.d = display
        self.theme = None
        # Where the fields go is the screen's geometry: app.layout places them (loaded while
        # the game screen is built, and not held during a game: 512 bytes as the VM loads them).
        from app import layout as LO

        LO.place_status(self, layout, scratch)
        self.wide_on = False
        self.move_text = ""
        self.where_text = ""

    def reset(self, theme):
        """Forget what is shown (after another screen covered it); Play.enter() paints the
        background."""
        self.theme = theme
        for f in self.all:
            f.text = None
        self.wide_on = False

    def clock(self, p, name, colour, ms, active, spin):
        t = self.theme
        f = self.clocks[p]
        w = f.chars - 2  # after the stone icon
        tm = "" if ms is None else ui.clock_text(ms)  # None: the game is over, no time shown
        pad = w - len(tm) - len(name)
        text = (name + " " * pad + tm) if pad > 0 else (name[:max(0, w - len(tm) - 1)] + " " + tm)
        # The stone's outline off the highlight is the dim text's: the board's (rim) left a
        # black stone on the wood theme's near-black row at 1.9:1, next to invisible.
        fg, bg, rim = (t.sel_fg, t.sel_bg, t.rim) if active else (t.fg, t.bg, t.dim)
        f.put(self.d, text, fg, bg, t.black if colour == 1 else t.white, rim)
        self.spins[p].put(self.d, _SPIN[spin & 3] if spin >= 0 else "", t.accent, t.bg)

    def info(self, move, where):
        t = self.theme
        self.move_text = move
        self.where_text = where
        if self.wide_on:
            return
        self.move.put(self.d, move, t.dim, t.bg)
        self.where.put(self.d, where, t.fg, t.bg)

    def message(self, text, option=None):
        """Message text, wrapped over the rows there are; option: the choice of an on-screen
        question, shown highlighted after the text."""
        t = self.theme
        lines = self.lines
        n = len(lines)
        if n == 1:
            # Top layout: one row. A question takes all of it, its option at the end; so does
            # a message too long for its field, which keeps a space before the move number
            # (the row covers the move and cursor meanwhile).
            if option is not None or len(text) >= lines[0].chars:
                fg, bg = t.fg, t.bg
                if option is not None:
                    opt = "<" + option + ">"
                    w = self.wide.chars - len(opt) - 1
                    text = text[:w] + " " * (w - len(text[:w]) + 1) + opt
                    fg, bg = t.sel_fg, t.sel_bg
                if not self.wide_on:
                    self.wide_on = True
                    self.wide.text = None
                self.wide.put(self.d, text, fg, bg)
                return
            if self.wide_on:
                self.wide_on = False
                self.move.text = self.where.text = lines[0].text = None
                self.info(self.move_text, self.where_text)
            lines[0].put(self.d, text, t.fg, t.bg)
            return
        rows = wrap(text, lines[0].chars, n - (2 if option is not None else 0))
        k = 0
        for r in rows:
            lines[k].put(self.d, r, t.accent, t.bg)
            k += 1
        if option is not None:
            lines[k].put(self.d, "", t.fg, t.bg)
            lines[k + 1].put(self.d, "<" + option + ">", t.sel_fg, t.sel_bg)
            k += 2
        while k < n:
            lines[k].put(self.d, "", t.fg, t.bg)
            k += 1


def wrap(text, width, rows):
    out = []
    line = ""
    for word in text.split(" "):
        while len(word) > width:  # a word longer than a row is cut
            if line:
                out.append(line)
                line = ""
            out.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    return out[:rows]
