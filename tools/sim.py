#!/usr/bin/env python3
# Desktop simulator: the unchanged firmware app on the fake machine layer, in a pygame window,
# headless (scripted, PNG screenshots) or on a truecolor terminal.
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "sim"))

import simcore  # noqa: E402  (puts firmware/ and the fakes on sys.path)
import simscript  # noqa: E402
from hw import kit  # noqa: E402


def _pygame():
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame  # noqa: F401
        return True
    except ImportError:
        return False


def _has_display():
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or \
        sys.platform in ("darwin", "win32")


def _window_opens():
    """Whether SDL reaches a window system: with DISPLAY set to no working X server (a stale
    one after an ssh or tmux reattach, a container) it falls back to its offscreen driver, and
    the simulator ran on, invisible, until killed."""
    import pygame

    try:
        pygame.display.init()
        return pygame.display.get_driver() not in ("offscreen", "dummy")
    except pygame.error:
        return False
    finally:
        pygame.display.quit()


def choose_mode(args, has_pygame):
    if args.term:
        return "term"
    if args.headless:
        return "headless"
    if args.window:
        return "window"
    if _has_display() and has_pygame and _window_opens():
        return "window"
    if sys.stdin.isatty() and sys.stdout.isatty():
        return "term"
    return "headless"


def _scale(text):
    """A --scale / --shot-scale value: a whole number of pixels, 1 or more."""
    try:
        v = int(text)
    except ValueError:
        v = 0
    if v < 1:
        raise argparse.ArgumentTypeError("%r is not a whole number of pixels, 1 or more" % text)
    return v


# What the firmware writes in its data folder (app/app.py's SETTINGS and GAME, app/past.py's
# pastN.json, app/store.py's *.json.tmp, app/startup.py's set_aside() *.bad and *-K.bad), and the
# screen.png an idle headless run leaves there: --fresh deletes these and nothing else.
_RECORD = r"(?:game|settings|past[1-9][0-9]*)"
FIRMWARE_FILES = re.compile(r"^(?:%s\.json(?:\.tmp)?|%s(?:\.json\.tmp)?(?:-[1-9])?\.bad"
                            r"|screen\.png)$" % (_RECORD, _RECORD))


def clear_data(data):
    """--fresh: remove the firmware's files from `data`. A --data pointed at the wrong folder
    (a home directory) lost every file in it: anything that is not the firmware's is a refusal
    (ValueError naming it) before a single file goes."""
    if not os.path.isdir(data):
        return
    names = sorted(os.listdir(data))
    other = [n for n in names
             if not FIRMWARE_FILES.match(n) or not os.path.isfile(os.path.join(data, n))]
    if other:
        raise ValueError("--fresh deletes only the firmware's saves, and %s also holds %s: "
                         "pick an empty or simulator-only --data folder"
                         % (data, ", ".join(other[:5]) + (" ..." if len(other) > 5 else "")))
    for n in names:
        os.remove(os.path.join(data, n))


def default_data(board):
    """The firmware's data folder when --data is not given: sim_data/KIT in the repository
    (ignored by git) wherever the simulator is started from. It was ./sim_data/KIT of the
    working directory: a game saved in a run from the repository was not offered to one started
    from tools/ (or from home), and the new folder there was not ignored by git."""
    return os.path.join(simcore.ROOT, "sim_data", board)


def _shown(path):
    # a path as a message names it: from the working directory when it lies below it
    rel = os.path.relpath(path)
    return path if rel.startswith(os.pardir) else rel


def board_name(name):
    """--board: a kit's name, the stem of a boards/*.json file. A path (../boards/x) loaded too,
    and the default data folder sim_data/NAME then lay outside sim_data, in the repository."""
    known = kit.known()
    if "/" in name or os.sep in name or name not in known:
        raise ValueError("unknown kit %r; known kits: %s" % (name, ", ".join(known)))
    return name


# What a newcomer needs before the first frame: --help said nothing of the keys.
KEYS_HELP = """keys (the window lists a kit's keys beside the panel, the terminal's last line too):
  arrows          up, down, left, right (on the few-key kits: the key giving it, held long
                  when it is that key's long press)
  Enter, Space    place                 Esc, Backspace   back
  M, Tab          menu                  Q                quit (the firmware saves as it goes)
  A B X Y / 1 2 3 the kit's own keys as printed on it (the Pico kits' A B X Y; T-Display
                  1 = GPIO0, 2 = GPIO35; M5Stack 1 2 3 = A B C): held, they are held; in the
                  terminal, which sees no key releases, Shift+letter is a long press
  Held keys repeat as on the board (after 0.4 s, then every 0.12 s); a long press is 0.5 s.
  F12 (window): the panel as sim_<kit>_N.png"""


def parser():
    p = argparse.ArgumentParser(
        description="Gomoku console simulator: the firmware app on a virtual kit.",
        epilog=KEYS_HELP + "\n\n" + simscript.HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--board", "--kit", default="pico_lcd_13", metavar="KIT",
                   help="kit (boards/KIT.json): %s; default pico_lcd_13; --list names them"
                        % ", ".join(kit.known()))
    p.add_argument("--list", action="store_true", help="list the kits and exit")
    p.add_argument("--scale", type=_scale, default=None,
                   help="window pixels per panel pixel (default: fit ~720 px)")
    p.add_argument("--data", default=None,
                   help="folder for the files the firmware saves (default: sim_data/KIT in the "
                        "repository)")
    p.add_argument("--fresh", action="store_true",
                   help="delete the firmware's saves in the data folder first (refuses a "
                        "folder that holds anything else)")
    m = p.add_mutually_exclusive_group()
    m.add_argument("--window", action="store_true", help="pygame window")
    m.add_argument("--headless", action="store_true",
                   help="no window (SDL dummy driver): run --script, write shots, exit")
    m.add_argument("--term", action="store_true", help="draw on this terminal (24-bit colour)")
    p.add_argument("--script", default="", help="key script, e.g. \"right right place wait:500\"")
    p.add_argument("--shot", default=None, help="write the panel as PNG here at the end")
    p.add_argument("--shot-dir", default=".", help="folder for shot:NAME script steps")
    p.add_argument("--shot-scale", type=_scale, default=1, help="pixels per panel pixel in PNGs")
    p.add_argument("--window-shot", default=None,
                   help="also write the whole simulator window as PNG at the end")
    p.add_argument("--clock", choices=("real", "virtual"), default=None,
                   help="virtual: a pass is 16 ms, no sleeping, repeatable runs "
                        "(default for headless); real: wall clock (default otherwise)")
    p.add_argument("--exit", action="store_true",
                   help="quit at the end of the script also in window/terminal mode")
    p.add_argument("--mute", action="store_true", help="no buzzer sound")
    return p


def main(argv=None):
    try:
        return run(argv)
    except KeyboardInterrupt:
        # Ctrl-C is how a window or terminal session is commonly left: no traceback, and the
        # shell's usual status for it
        print(file=sys.stderr)
        return 130


def run(argv=None):
    args = parser().parse_args(argv)
    if args.list:
        for name in kit.known():
            print("%-16s %s" % (name, kit.load_profile(name)["name"]))
        return 0
    try:
        board_name(args.board)
        kit.load_profile(args.board)
    except ValueError as e:
        print("sim: %s" % e, file=sys.stderr)
        return 2
    has_pygame = _pygame()
    mode = choose_mode(args, has_pygame)
    if mode == "window" and not has_pygame:
        print("sim: the window needs pygame (pip install -r requirements-dev.txt); "
              "try --term or --headless", file=sys.stderr)
        return 2
    if mode == "term" and not (sys.stdin.isatty() and sys.stdout.isatty()):
        # cbreak mode needs a terminal on both ends; without one termios raised a traceback
        print("sim: --term needs a terminal on stdin and stdout; use --headless with --script "
              "and --shot to run without one", file=sys.stderr)
        return 2
    if args.window_shot and (mode == "term" or not has_pygame):
        # said before the run, not after it with exit status 0 and no file
        print("sim: --window-shot needs the pygame window (pip install -r "
              "requirements-dev.txt), not --term", file=sys.stderr)
        return 2
    data = args.data or default_data(args.board)
    if args.fresh:
        try:
            clear_data(data)
        except ValueError as e:
            print("sim: %s" % e, file=sys.stderr)
            return 2
    virtual = (args.clock or ("virtual" if mode == "headless" else "real")) == "virtual"
    sim = simcore.Sim(args.board, data, simcore.VirtualClock() if virtual else None)
    try:
        steps = simscript.parse(args.script, sim.keys)
    except ValueError as e:
        print("sim: %s" % e, file=sys.stderr)
        return 2

    def shoot(name):
        path = name if name.endswith(".png") else name + ".png"
        sim.save_png(os.path.join(args.shot_dir, path), args.shot_scale)

    player = simscript.Player(sim, steps, shoot)
    exit_at_end = mode == "headless" or args.exit
    win = None
    if mode == "term":
        import simterm

        simterm.Terminal(sim).run(player, exit_at_end)
    elif has_pygame:
        import simwin

        win = simwin.Window(sim, args.scale, headless=mode == "headless", mute=args.mute)
        win.run(player, exit_at_end)
    else:  # headless without pygame: the same loop, nothing to show
        while True:
            now = sim.step()
            if not player.update(now):
                break
            sim.clock.pace(sim.busy(), now)
    idle = mode == "headless" and not (args.script or args.shot or args.window_shot)
    if idle:
        # Nothing asked for (no display and no terminal here, or a bare --headless): show that
        # the firmware booted instead of exiting without a word.
        args.shot = os.path.join(data, "screen.png")
    if args.shot:
        sim.save_png(args.shot, args.shot_scale)
    if idle:
        print("sim: no window or terminal to play in: booted %s headless and wrote its screen"
              " to %s (--term, --script, --shot: --help)" % (args.board, _shown(args.shot)),
              file=sys.stderr)
    if args.window_shot:
        win.save_window(args.window_shot)
    if win is not None:
        win.close()
    if player.timed_out:
        print("sim: script wait(s) timed out: %s" % ", ".join(player.timed_out), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
