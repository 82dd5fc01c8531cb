#!/usr/bin/env python3
# Regenerates docs/screenshots/<kit>_<screen>.png by scripted headless simulator runs.
# Usage: python tools/screenshots.py [--out DIR] [--scale N] [--kit NAME ...]
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIM = os.path.join(ROOT, "tools", "sim.py")

# Per kit: runs of (script) from a fresh data folder; shot:NAME steps name the screens.
# The virtual clock makes every run, the AI's moves included, the same each time.
SCRIPTS = {
    # d-pad kit. Main menu: Play the AI, Pass and play, AI demo, Settings.
    "pico_lcd_13": [
        "shot:menu place shot:new_game",
        # Play the AI (rows: rule size opening level colour style time foul start): renju, start;
        # the person (black) plays next to each answer of the AI, where the cursor waits.
        "place place place down*8 place place idle right place idle up place idle "
        "left*2 place idle shot:ai_game",
        # Pass and play, opening swap2 (place cycles free -> swap+5th -> swap2): three stones,
        # then the second player is asked what to do.
        "down place down*2 place*2 down*3 place place right place down place shot:opening",
        # Pass and play, freestyle: black's row of five on row 8.
        "down place down*5 place place up place down right place up place down right place "
        "up place down right place up place down right place wait:300 shot:game_over",
    ],
    # two keys: GPIO35 right (long: down), GPIO0 place (long: menu); lists walk with right.
    "ttgo_tdisplay": [
        "shot:menu place shot:new_game",
        # Play the AI (rows: rule opening level colour style time foul start): renju, start; the
        # person places on the first candidate point each turn (the jump list's best guess).
        "place place right*7 place place idle place idle place idle right place idle "
        "shot:ai_game",
        # Pass and play (rule opening time foul start), swap2: three stones on candidate points.
        "right place right place place right*3 place place right place right place "
        "shot:opening",
        # Play the AI again, the person now taking the 4th candidate point every turn: the
        # AI soon makes five.
        "place right*7 place [ idle break:over right*3 place ]*60 wait:300 shot:game_over",
    ],
}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "screenshots"))
    ap.add_argument("--scale", type=int, default=2, help="pixels per panel pixel")
    # Only the kits with scripts here: any other gets argparse's one line and exit code 2.
    ap.add_argument("--kit", action="append", choices=sorted(SCRIPTS), help="only these kits")
    args = ap.parse_args(argv)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    os.makedirs(args.out, exist_ok=True)
    rc = 0
    for kit in args.kit or sorted(SCRIPTS):
        for script in SCRIPTS[kit]:
            data = tempfile.mkdtemp(prefix="gomoku-shots-")
            shots = tempfile.mkdtemp(prefix="gomoku-shots-")
            try:
                r = subprocess.run([sys.executable, SIM, "--board", kit, "--headless",
                                    "--data", data, "--shot-dir", shots,
                                    "--shot-scale", str(args.scale), "--script", script],
                                   env=env, capture_output=True, text=True)
                if r.returncode != 0:
                    print("%s: %r failed:\n%s" % (kit, script, r.stderr), file=sys.stderr)
                    rc = 1
                for name in sorted(os.listdir(shots)):
                    dst = os.path.join(args.out, "%s_%s" % (kit, name))
                    shutil.move(os.path.join(shots, name), dst)
                    print(os.path.relpath(dst, ROOT))
            finally:
                shutil.rmtree(data, ignore_errors=True)
                shutil.rmtree(shots, ignore_errors=True)
    return rc


if __name__ == "__main__":
    sys.exit(main())
