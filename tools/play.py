"""Play Gomoku in the terminal on top of the firmware's core: pass-and-play or against the AI.

    python tools/play.py [--size 15] [--rule freestyle|standard|renju]
                         [--opening free|pro|swap2] [--ai none|black|white|both]
                         [--level easy|medium|hard]

Type a point like h8 to place a stone; also: undo, redo, hint, resign, draw, accept,
decline, keep, swap, put2, black, white, propose h9 j10, quit.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "firmware"))

from ai.engine import LEVEL_NAMES as LEVELS  # noqa: E402
from gomoku import game as G  # noqa: E402
from gomoku import rules  # noqa: E402
from gomoku.board import BLACK, WHITE  # noqa: E402

ANSWERS = {"keep": G.KEEP, "swap": G.SWAP_COLOURS, "put2": G.PUT2, "black": G.TAKE_BLACK,
           "white": G.TAKE_WHITE}
QUESTIONS = {G.OPEN3: "place opening stone %d", G.SWAP: "keep or swap?",
             G.PROPOSE: "propose two fifth moves: propose P Q",
             G.CHOOSE: "choose one of the proposals",
             G.SWAP2: "keep (play white), swap, or put2?",
             G.EXTRA: "place extra stone %d", G.PICK: "take black or white?"}


def render(g, forbidden=()):
    b = g.board
    n = b.size
    last = b.last()
    win = set(g.win_cells or ())
    out = []
    for y in range(n):
        row = ["%2d " % (n - y)]
        for x in range(n):
            i = b.idx(x, y)
            c = b.cells[i]
            ch = "." if not c else ("X" if c == BLACK else "O")
            if i in win:
                ch = "*"
            elif not c and i in forbidden:
                ch = "f"
            elif i in g.proposals:
                ch = "?"
            row.append(("(%s)" if i == last else " %s ") % ch)
        out.append("".join(row))
    out.append("   " + "".join(" %s " % b.name(b.idx(x, 0))[0] for x in range(n)))
    return "\n".join(out)


def status(g):
    if g.over():
        if g.winner == 0:
            return "Draw (%s)." % G.REASON_NAMES[g.reason]
        return "%s wins (%s)." % ("Black" if g.winner == BLACK else "White",
                                  G.REASON_NAMES[g.reason])
    a = g.actor()
    q = QUESTIONS.get(g.phase, "%s to move" % ("black" if g.colour_of(a) == BLACK else
                                               "white"))
    if "%d" in q:
        q = q % g.move_number()
    clocks = "  ".join("P%d %ds" % (p, g.time_used(p) // 1000) for p in (0, 1))
    return "Move %d, player %d (%s): %s   [%s]" % (
        g.move_number(), a, "black" if g.colour_of(a) == BLACK else "white", q, clocks)


def ai_act(g, level, rule, seed):
    from ai.player import AIPlayer

    p = AIPlayer(level, rule, seed=seed)
    p.start(g)
    while not p.step():
        pass
    p.apply(g)


def command(g, words, args):
    """Carry out one typed command; raises GameError or ValueError on bad input."""
    b = g.board
    w = words[0]
    if w in ANSWERS:
        g.choose(ANSWERS[w])
    elif w == "undo":
        g.undo()
    elif w == "redo":
        g.redo()
    elif w == "resign":
        g.resign()
    elif w == "draw":
        g.offer_draw()
    elif w == "accept":
        g.accept_draw()
    elif w == "decline":
        g.decline_draw()
    elif w == "propose" and len(words) == 3:
        g.propose(b.parse(words[1]), b.parse(words[2]))
    elif w == "hint":
        from ai.engine import HARD, Engine

        print("hint:", b.name(Engine(level=HARD, rule=g.rule).think(b)))
    else:
        g.play(b.parse(w))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--rule", choices=rules.RULE_NAMES, default="freestyle")
    ap.add_argument("--opening", choices=("free", "pro", "swap2"), default="free")
    ap.add_argument("--ai", choices=("none", "black", "white", "both"), default="none")
    ap.add_argument("--level", choices=LEVELS, default="medium")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rule = rules.RULE_NAMES.index(args.rule)
    ai = {"none": (0, 0), "black": (1, 0), "white": (0, 1), "both": (1, 1)}[args.ai]
    start = time.monotonic()
    try:
        g = G.Game(args.size, rule, ("free", "pro", "swap2").index(args.opening), ai,
                   clock=lambda: int((time.monotonic() - start) * 1000))
    except G.GameError as e:
        ap.error(str(e))
    level = LEVELS.index(args.level)
    while True:
        marks = ()
        if g.rule == rules.RENJU and not g.over() and g.board.to_move() == BLACK:
            marks = set(rules.forbidden_points(g.board))
        print(render(g, marks))
        print(status(g))
        if g.ai_to_act():
            ai_act(g, level, rule, args.seed)
            continue
        if g.over() and g.ai[0] and g.ai[1]:
            return 0
        try:
            line = input("> ").strip().lower()
        except EOFError:
            return 0
        if not line:
            continue
        if line in ("quit", "q", "exit"):
            return 0
        try:
            command(g, line.split(), args)
        except (G.GameError, ValueError) as e:
            print("!", e)


if __name__ == "__main__":
    sys.exit(main())
