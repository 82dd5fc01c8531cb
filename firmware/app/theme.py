# Colour sets for the screens; every drawing module takes its colours from the current Theme.
from hw.colour import rgb


class Theme:
    """The current colours, as attributes (make() sets them, in _NAMES' order). No methods: an
    instance then holds nothing of this module (a function would hold its globals, make()
    included), which leaves RAM while a game is shown (app.app._MENU_CODE)."""


_NAMES = (
    "board",  # board background
    "grid",
    "black",  # black stone
    "white",  # white stone
    "rim",  # outline of white stones on a light board
    "brim",  # outline of black stones on a dark board (black: none)
    "last",  # last-move marker
    "cursor",
    "win",  # background of the winning five
    "forbid",  # Renju forbidden-point cross
    "mark",  # ring on proposals and hints
    "bg",  # menus and status
    "fg",
    "dim",  # labels, secondary text
    "accent",  # titles, thinking spinners, side-panel messages
    "sel_bg",  # highlighted menu row
    "sel_fg",
)


def make(n):
    # Built on demand: only the theme in use takes RAM.
    if n == 1:  # dark: slate board, for dim rooms
        # Black stones take the white ones' outline: near-black on the slate alone is 1.5:1.
        # The grid's colour is also the labels': 3.4:1 on the slate (110, 120, 135 was 2.98).
        c = (rgb(40, 48, 60), rgb(120, 130, 145), rgb(10, 10, 10), rgb(235, 235, 235),
             rgb(150, 150, 150), rgb(150, 150, 150), rgb(255, 70, 70),
             rgb(0, 220, 255), rgb(0, 150, 60), rgb(255, 60, 60), rgb(255, 200, 0),
             rgb(0, 0, 0), rgb(230, 230, 230), rgb(130, 130, 140), rgb(0, 220, 255),
             rgb(0, 90, 130), rgb(255, 255, 255))
    else:  # wood: the classic kaya-coloured board
        # The forbidden cross and the hint ring are darker than pure red and magenta: on the
        # light wood those were 2.6:1 (now 3.3 and 3.7); their hue tells them from the grid.
        # The winning five's green is dark: a light one (60, 200, 60) was as bright as the wood
        # (1.09:1), told apart by hue alone, which red-green colour blindness does not see.
        c = (rgb(222, 176, 98), rgb(90, 60, 25), rgb(20, 20, 20), rgb(250, 250, 245),
             rgb(90, 70, 40), rgb(20, 20, 20), rgb(230, 30, 30), rgb(0, 70, 255),
             rgb(20, 105, 30), rgb(190, 0, 0), rgb(160, 0, 130), rgb(40, 26, 12),
             rgb(250, 235, 200), rgb(190, 150, 95), rgb(255, 190, 60), rgb(150, 95, 35),
             rgb(255, 255, 255))
    t = Theme()
    for k, v in zip(_NAMES, c):
        setattr(t, k, v)
    return t
