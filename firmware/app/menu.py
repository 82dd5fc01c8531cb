# A full-screen list: a title, items that act or cycle through values, an optional footer
# line; only the rows whose look changed are sent again.
from micropython import const


from app import ui, keys as K
from app.ui import ROW_H

MENU_W = const(240)  # text column width: wider panels centre it


def _big_text(scratch, d, x, y, s, fg, bg, k):
    """s in the 8x8 font scaled k times at (x, y), one letter at a time (the title only, so
    it lives here with the menus, not in app.ui, which stays loaded during a game)."""
    small = scratch.view(8, 8, 2 * 64 * k * k)
    v = scratch.view(8 * k, 8 * k)
    for ch in s:
        small.fill(bg)
        small.text(ch, 0, 0, fg)
        v.fill(bg)
        for yy in range(8):
            for xx in range(8):
                if small.pixel(xx, yy) == fg:
                    v.fill_rect(xx * k, yy * k, k, k, fg)
        v.send(d, x, y)
        x += 8 * k


class Item:
    def __init__(self, key, label, names=None, index=0):
        self.key = key
        self.label = label
        self.names = names  # value names, or None for an action
        self.index = index

    def text(self, cols, selected):
        if self.names is None:
            return self.label
        v = self.names[self.index]
        if selected:
            v = "<" + v + ">"
        pad = cols - 2 - len(self.label) - len(v)
        return self.label + " " * max(1, pad) + v


class Menu:
    def __init__(self, app, title, items, on_pick, on_back=None, footer="", big=False):
        self.app = app
        self.title = title
        self.items = items
        self.on_pick = on_pick  # on_pick(menu, item) for actions and value changes
        self.on_back = on_back
        self.footer = footer
        self.big = big  # title in double-size letters
        self.sel = 0
        self.top = 0
        d = app.hw.display
        self.rh = 18 if d.height >= 200 else 12
        self.w = min(MENU_W, d.width)
        self.x = (d.width - self.w) // 2
        self.cols = self.w // 8
        self.head = (2 * 8 + 12) if big else (self.rh + 4)
        self.fits = (d.height - self.head - self.rh) // self.rh  # rows between title and footer
        self.shown = []

    def enter(self):
        a = self.app
        t = a.theme
        d = a.hw.display
        d.fill(t.bg)
        if self.big:
            tw = 16 * len(self.title)
            tx = (d.width - tw) // 2
            _big_text(a.scratch, d, tx, 6, self.title, t.accent, t.bg, 2)
            if tx >= 24:
                # Either side of the title a board point with a stone: black, then white.
                c = a.scratch.view(16, 16)
                for col, rim, x in ((t.black, t.brim, tx - 24), (t.white, t.rim, tx + tw + 8)):
                    c.fill(t.board)
                    c.hline(0, 8, 16, t.grid)
                    c.vline(8, 0, 16, t.grid)
                    ui.stone(c, 8, 8, 6, col, rim)
                    c.send(d, x, 6)
        else:
            self._row(0, self.title, t.accent, t.bg, (self.w - 8 * len(self.title)) // 2)
        self.shown = [None] * self.fits
        self.draw_footer()
        self.draw()

    def _row(self, y, text, fg, bg, x):
        # Only the text band goes through the shared scratch buffer (which keeps that buffer
        # small); the margins above and below it are plain fills.
        d = self.app.hw.display
        pad = (self.rh - ROW_H) // 2
        d.fill_rect(self.x, y, self.w, pad, bg)
        ui.text_row(self.app.scratch, d, self.x, y + pad, self.w, text, fg, bg, x)
        d.fill_rect(self.x, y + pad + ROW_H, self.w, self.rh - pad - ROW_H, bg)

    def draw_footer(self):
        t = self.app.theme
        self._row(self.app.hw.display.height - self.rh, self.footer[:self.cols], t.dim, t.bg, 0)

    def draw(self):
        a = self.app
        t = a.theme
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + self.fits:
            self.top = self.sel - self.fits + 1
        for r in range(self.fits):
            k = self.top + r
            if k < len(self.items):
                it = self.items[k]
                sel = k == self.sel
                text = it.text(self.cols - 1, sel)
            else:
                sel = False
                text = ""
            if r == 0 and self.top > 0:
                text = text[:self.cols - 2]
            key = (text, sel)
            if self.shown[r] == key:
                continue
            self.shown[r] = key
            self._row(self.head + r * self.rh, text, t.sel_fg if sel else t.fg,
                      t.sel_bg if sel else t.bg, 6)

    def key(self, action, kind):
        k = self.app.keys.list(action, kind)
        if k == K.NONE:
            return
        it = self.items[self.sel]
        n = len(self.items)
        if k == K.PREV or k == K.NEXT:
            self.sel = (self.sel + (1 if k == K.NEXT else -1)) % n
            self.app.sound("blip")
            self.draw()
        elif (k == K.LEFT or k == K.RIGHT) and it.names is not None:
            it.index = (it.index + (1 if k == K.RIGHT else -1)) % len(it.names)
            self.app.sound("blip")
            self.draw()
            self.on_pick(self, it)
        elif k == K.OK:
            if it.names is not None:
                it.index = (it.index + 1) % len(it.names)
                self.draw()
            self.app.sound("blip")
            self.on_pick(self, it)
        elif k == K.BACK and self.on_back is not None:
            self.on_back(self)

    def tick(self, now):
        pass
