# Last resort when the app fails: say so on the panel, keep the traceback in error.txt for
# whoever connects a cable, and restart on a key press (the game resumes from its autosave).
import gc
import sys

from hw.clock import ticks_ms, ticks_diff, sleep_ms
from hw.buttons import PRESS
from hw.colour import rgb
from app import ui
from app.ui import ROW_H

LOG = "error.txt"  # relative: the board's working directory is the filesystem root
_GRACE_MS = 600  # a key still held from the game must not skip the message


def _log(err):
    try:
        with open(LOG, "w") as f:
            if hasattr(sys, "print_exception"):
                sys.print_exception(err, f)
            else:  # CPython
                import traceback

                traceback.print_exception(type(err), err, err.__traceback__, file=f)
    except OSError:
        pass  # a full or broken filesystem must not hide the message on the panel


def report(hw, err):
    """Show the failure, log it, wait for a key, then reset the board."""
    # Silent first: a note left on would sound until power-off if this screen failed too.
    try:
        hw.sound.stop()  # (and a tune is not moved on below: a failing PWM cannot stop this)
    except Exception:
        pass
    gc.collect()  # the app's objects are unreachable now: their RAM is free again
    _log(err)
    d = hw.display
    bg = rgb(120, 0, 0)
    fg = rgb(255, 255, 255)
    d.sleep(False)  # the app may have failed with the panel asleep
    d.backlight(100)
    d.fill(bg)
    scratch = ui.Scratch(2 * ui.SCRATCH_PX)
    cols = (d.width - 4) // 8  # characters a row holds after the 4 px margin
    lines = ["The game stopped:", type(err).__name__[:cols]]
    # The message over up to 3 rows, broken between words: cut at 24 characters, "maximum
    # recursion depth exceeded" lost its last word and a heap error the size it asked for.
    # (Not app.status.wrap(): a crash in the menus would load that module into a failing heap.)
    row = ""
    for word in str(err).split(" "):
        while len(word) > cols:  # a word longer than a row is cut
            if row:
                lines.append(row)
            lines.append(word[:cols])
            row, word = "", word[cols:]
        if row and len(row) + 1 + len(word) > cols:
            lines.append(row)
            row = word
        else:
            row = row + " " + word if row else word
    if row:
        lines.append(row)
    del lines[5:]
    lines += ["Saved games are kept.", "Key: restart"]
    y = (d.height - ROW_H * len(lines)) // 2
    for text in lines:
        ui.text_row(scratch, d, 0, y, d.width, text, fg, bg, 4)
        y += ROW_H
    t0 = ticks_ms()
    while True:
        now = ticks_ms()
        events = hw.poll(now)  # also feeds the watchdog: the message stays up
        if ticks_diff(now, t0) >= _GRACE_MS and any(kind == PRESS for _, kind in events):
            break
        sleep_ms(10)
    hw.reset()
