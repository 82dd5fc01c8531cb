"""Play Gomoku in the terminal on top of the firmware's core: pass-and-play or against the AI.

    python tools/play.py [--size 15] [--rule freestyle|standard|renju]
                         [--opening free|pro|swap2] [--ai none|black|white|both]
                         [--level easy|medium|hard]

Type a point like h8 to place a stone; `help` lists the other commands.
"""
import argparse
import os
import re
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
# What the AI's answer to an opening question did, as the person reads it.
CHOICES = {G.KEEP: "keeps", G.SWAP_COLOURS: "swaps", G.PUT2: "puts two more stones",
           G.TAKE_BLACK: "takes black", G.TAKE_WHITE: "takes white"}

HELP = """\
commands (a point is a column letter, i included, and a row number, e.g. h8 or i9):
  h8              place a stone there (also picks one of two proposed fifth moves)
  undo, redo      take back the last move / play it again
  hint            the hard AI's suggestion for the player to move
  draw            offer a draw (the AI answers at once; a person: accept or decline)
  accept, decline answer a draw offer
  resign          give the game up
  keep, swap, put2, black, white
                  answer an opening question (the status line asks it)
  propose P Q     pro opening: offer two fifth moves, e.g. propose h9 i10
  help, ?         this list
  quit, q         leave (Ctrl-D too)
board: X black, O white, (X) the last stone, * the winning line, ? a proposed fifth move,
f a point forbidden to black (Renju)"""
POINT = re.compile(r"^[a-z][0-9]+$")
GAME_OVER = "the game is over: undo takes back the last move, quit leaves"
PENDING = ("accept", "decline", "resign")  # all the answerer of a draw offer may do


def colour_name(c):
    return "black" if c == BLACK else "white"


def player_name(g, p):
    """'player 1 (black)' (people count from 1; the game's index is 0 or 1); against the AI,
    the AI is 'AI (white)'."""
    if g.ai[p] and not all(g.ai):
        return "AI (%s)" % colour_name(g.colour_of(p))
    return "%s %d (%s)" % ("AI" if g.ai[p] else "player", p + 1, colour_name(g.colour_of(p)))


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
    if forbidden:
        out.append("   f: forbidden to black here (overline, double four or double three)")
    return "\n".join(out)


def foul(b):
    """Why black's last stone, which lost, was forbidden: 'double three foul at h8'."""
    c = b.copy()
    i = c.take()
    r = rules.forbidden_reason(c, i)
    return "%s foul at %s" % (r or "forbidden move", b.name(i))


def status(g):
    if g.over():
        reason = G.REASON_NAMES[g.reason]
        if g.reason == G.R_FORBIDDEN:  # which rule: the marks are gone with the game
            reason = foul(g.board)
        head = "Draw" if g.winner == 0 else "%s wins" % colour_name(g.winner).capitalize()
        if all(g.ai):
            return "%s (%s)." % (head, reason)
        tail = "undo takes back the last move, quit leaves" if g.can_undo() else "quit leaves"
        return "%s (%s). Game over: %s." % (head, reason, tail)
    a = g.actor()
    clocks = "   [%s]" % "  ".join("P%d %ds" % (p + 1, g.time_used(p) // 1000) for p in (0, 1))
    if g.draw_offer >= 0:  # the answerer's turn, whoever is to move
        return "Move %d: %s offers a draw: %s, accept or decline?%s" % (
            g.board.count() + 1, player_name(g, g.draw_offer), player_name(g, 1 - g.draw_offer),
            clocks)
    q = QUESTIONS.get(g.phase)
    if q is None:
        return "Move %d: %s to move%s" % (g.board.count() + 1, player_name(g, a), clocks)
    if "%d" in q:
        q = q % (g.board.count() + 1)
    return "Move %d, %s: %s%s" % (g.board.count() + 1, player_name(g, a), q, clocks)


def ai_player(level, rule, seed):
    from ai.player import AIPlayer

    return AIPlayer(level, rule, seed=seed)


def ai_act(g, level, rule, seed):
    """Let the AI do what the game asks of it; returns what it did, in words."""
    p = ai_player(level, rule, seed)
    a = g.actor()
    who = "AI" if not all(g.ai) else "AI %d" % a
    phase = g.phase
    stone = g.board.to_move()
    p.start(g)
    while not p.step():
        pass
    p.apply(g)
    kind, arg = p.action
    b = g.board
    if kind == "play":
        if phase == G.PLAY or phase == G.CHOOSE:
            return "%s (%s) plays %s" % (who, colour_name(stone), b.name(arg))
        return "%s places a %s stone at %s" % (who, colour_name(stone), b.name(arg))
    if kind == "propose":
        return "%s proposes %s and %s as the fifth move: choose one" % (
            who, b.name(arg[0]), b.name(arg[1]))
    text = "%s %s" % (who, CHOICES[arg])
    if g.phase != G.EXTRA:  # colours settled: say who is who
        if all(g.ai):
            text += ": it plays %s" % colour_name(g.colour_of(a))
        else:
            text += ": you are %s" % colour_name(g.colour_of(1 - a))
    return text


def answer_draw(g, level, rule, seed):
    """After a person's offer an AI answers at once, as on the board (app.session.answer_draw);
    returns its answer in words. Before, the offer waited and the person could accept it."""
    p = 1 - g.draw_offer
    if ai_player(level, rule, seed).wants_draw(g):
        g.accept_draw(p)
        return "%s accepts the draw" % player_name(g, p)
    g.decline_draw(p)
    return "%s declines the draw: play on" % player_name(g, p)


def command(g, words, args):
    """Carry out one typed command; raises GameError or ValueError on bad input. Returns a
    line to print, or None."""
    b = g.board
    w = words[0]
    if w in ("help", "?"):
        return HELP
    if len(words) > 1 and w != "propose":
        # "h8 i9" played h8 and dropped i9 without a word
        raise ValueError("%s takes nothing after it: one command a line" % w)
    if g.over() and w not in ("undo", "redo"):
        raise G.GameError(GAME_OVER)
    if g.draw_offer >= 0 and w not in PENDING:
        raise G.GameError("%s: accept or decline the draw offer first"
                          % player_name(g, 1 - g.draw_offer))
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
        if g.ai[1 - g.draw_offer]:
            return answer_draw(g, LEVELS.index(args.level), g.rule, args.seed)
    elif w == "accept":
        g.accept_draw()
    elif w == "decline":
        g.decline_draw()
    elif w == "propose":
        if len(words) != 3:
            raise ValueError("usage: propose P Q, two fifth-move points, e.g. propose h9 i10")
        g.propose(b.parse(words[1]), b.parse(words[2]))
    elif w == "hint":
        from ai.engine import HARD, Engine

        return "hint: " + b.name(Engine(level=HARD, rule=g.rule).think(b))
    elif POINT.match(w):
        g.play(b.parse(w))
    else:
        raise ValueError("unknown command %r: help lists the commands" % w)
    return None


def parser():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=HELP,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    # each said only its name and choices: not the sizes, what standard is, who --ai is
    ap.add_argument("--size", type=int, default=15,
                    help="lines of the board, 5 to 20 (the kits offer 15 and 19; default 15)")
    ap.add_argument("--rule", choices=rules.RULE_NAMES, default="freestyle",
                    help="freestyle: five or more wins; standard: exactly five; renju: "
                         "exactly five, and black's forbidden moves (default freestyle)")
    ap.add_argument("--opening", choices=("free", "pro", "swap2"), default="free",
                    help="pro: the professional rule; swap2 (default free)")
    ap.add_argument("--ai", choices=("none", "black", "white", "both"), default="none",
                    help="the player the AI is, by its colour at the start (a pro or swap2 "
                         "opening may swap colours); none: pass-and-play; both: watch the AI "
                         "play itself (default none)")
    ap.add_argument("--level", choices=LEVELS, default="medium",
                    help="how strong the AI plays (default medium)")
    ap.add_argument("--seed", type=int, default=1,
                    help="the AI's random choices: the same seed plays the same game "
                         "(default 1)")
    return ap


def main(argv=None):
    try:
        return run(argv)
    except KeyboardInterrupt:
        print()  # Ctrl-C: leave without a traceback, with the shell's usual status
        return 130


def run(argv=None):
    ap = parser()
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
    if not all(ai):
        print("Type a point like h8 to place a stone; help or ? lists the commands.")
    show = True
    while True:
        marks = ()
        if g.rule == rules.RENJU and not g.over() and g.board.to_move() == BLACK:
            marks = set(rules.forbidden_points(g.board))
        if show:  # not after help: the board (17 lines) pushed the list off a 24-line terminal
            print(render(g, marks))
        show = True
        print(status(g))
        if g.ai_to_act() and g.draw_offer < 0:
            print(ai_act(g, level, rule, args.seed))
            continue
        if g.over() and g.ai[0] and g.ai[1]:
            return 0
        try:
            line = input("> ").strip().lower()
        except EOFError:
            print()  # Ctrl-D: the shell's prompt on a line of its own
            return 0
        if not line:
            continue
        if line in ("quit", "q", "exit"):
            return 0
        try:
            said = command(g, line.split(), args)
        except (G.GameError, ValueError) as e:
            print("!", e)
            continue
        if said:
            print(said)
            show = said is not HELP


if __name__ == "__main__":
    sys.exit(main())
