# The tactics suite's data (tools/tactics.txt): its positions, read one at a time, and the score
# report. Apart from tools/tactics.py (the solver that checks the answers, the generator, the
# engine runner) so that a board's bench (tools/bench_ai.py) compiles this reader only: compiling
# all of tactics.py from source took the bench to within a few KB of a 160 KB heap (the unix port,
# test_benchmarks.py), where the heap's layout decided whether it ran out.
import sys


def _here():
    f = globals().get("__file__", "tools/tactics_data.py")
    return f.rsplit("/", 1)[0] if "/" in f else "."


HERE = _here()
if not any(p.endswith("firmware") for p in sys.path):  # the VM tools put it (or a built tree) first
    sys.path.insert(0, HERE + "/../firmware")

from gomoku import rules  # noqa: E402
from gomoku.board import Board  # noqa: E402

DATA = HERE + "/tactics.txt"
SIZE = 15
RULES = {name: i for i, name in enumerate(rules.RULE_NAMES)}  # the data files name the rule
CATEGORIES = ("win1", "block4", "block3", "vcf3", "vcf5", "vcf7", "vcf9", "vcf11", "defvcf",
              "renju")


class Entry:
    """One position: category, rule name, moves in play order (point names), answer names."""

    def __init__(self, cat, rule, moves, answers, note=""):
        self.cat = cat
        self.rule = rule
        self.moves = moves
        self.answers = answers
        self.note = note

    def board(self):
        b = Board(SIZE)
        for m in self.moves:
            b.put(b.parse(m), b.to_move())
        return b

    def line(self):
        return "%s | %s | %s | %s | %s" % (self.cat, self.rule, " ".join(self.moves),
                                           " ".join(self.answers), self.note)


def entries(path=DATA):
    """The positions one at a time, as read. A board's bench holds one: all 69 at once are
    1,800 point names, 157 KB of the wasm VM's heap, and on an emulated Pico the bench ran out
    of memory before its first move (tools/bench_ai.py)."""
    with open(path) as f:
        for raw in f:
            s = raw.strip()
            if not s or s[0] == "#":
                continue
            parts = [p.strip() for p in s.split("|")]
            if len(parts) < 4:
                raise ValueError("bad tactics line: " + s)
            yield Entry(parts[0], parts[1], parts[2].split(), parts[3].split(),
                        parts[4] if len(parts) > 4 else "")


def load(path=DATA):
    return list(entries(path))


def report(score):
    """score: {category: [right, total]} -> the per-category lines, the total and the target's
    two counts: every win in one and every defence (block4, block3, defvcf: a move that must be
    found or the game is lost), and 90% of the wins by fours (vcfK, renju)."""
    lines = []
    right = total = 0
    must = [0, 0]
    wins = [0, 0]
    for cat in CATEGORIES:
        if cat in score:
            r, t = score[cat]
            right += r
            total += t
            g = wins if cat[:3] == "vcf" or cat == "renju" else must
            g[0] += r
            g[1] += t
            lines.append("  %-7s %2d/%d" % (cat, r, t))
    lines.append("  total   %d/%d" % (right, total))
    lines.append("  target  %s: win1 and defences %d/%d (all), VCF %d/%d (90%%)" % (
        "met" if must[0] == must[1] and 10 * wins[0] >= 9 * wins[1] else "NOT met",
        must[0], must[1], wins[0], wins[1]))
    return "\n".join(lines)
