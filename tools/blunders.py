# Where did engine A lose? Reads `tools/arena.py ... --verbose` output and, for each game A lost,
# finds A's first move after which the opponent wins by force (continuous fours, then threats,
# searched far deeper than the engine can afford), and which of A's top candidates at that ply
# the same search does not refute. None holding means the game was lost earlier, to something
# threat searches do not see (a quiet move, a positional squeeze). In the holding list a "?"
# marks a move whose search ran out of nodes undecided.
#
#   python tools/arena.py ours:hard window --games 40 -v > games.txt
#   python tools/blunders.py games.txt [--plies 17] [--nodes 30000] [--top 20] [--check]
#
# --check also tells how many nodes the hard level's final check (its threat searches, with its
# plies and table) needs to refute each losing move, against the check's budget: a measure of
# the threat search's efficiency that does not wait for arena games.
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "firmware"))

from ai import engine  # noqa: E402
from ai.eval import Pos  # noqa: E402
from ai.search import TT, Search, Stop  # noqa: E402
from gomoku import rules  # noqa: E402
from gomoku.board import BLACK, WHITE, Board  # noqa: E402
from arena import GAME  # noqa: E402

# arena.py's header line, printed after the games
HEADER = re.compile(r"^.+ vs .+, (\w+), (\d+)x\d+, seed")  # names may hold spaces (cmd:"...")


def wins(board, c, rule, plies, nodes):
    """Does c (to move) win by fours, then by threats, within plies? None if nodes ran out."""
    s = Search(Pos(board.copy(), rule), TT(14), 12)
    s.area = 0  # threes anywhere past the first ply, as hard's (ai.engine._HARD_AREA)
    s.limit = nodes
    try:
        return bool(s.vcf(c, 0, plies) or s.vct(c, 0, plies))
    except Stop:
        return None


def check_nodes(board, c, rule, nodes):
    """Nodes the hard level's final check needs to find the win of c (to move): its VCF, then its
    threat searches of each of its plies in turn, with the engine's table size; None if not
    within nodes (as in the engine, a search stops when its count reaches the limit)."""
    p = engine._PARAMS[engine.HARD]
    s = Search(Pos(board.copy(), rule), TT(8), p[3])
    s.area = engine.Engine(engine.HARD, rule).area
    s.limit = nodes
    try:
        if s.vcf(c, 0, p[5]):
            return s.nodes
        for t in p[11]:
            if s.vct(c, 0, t):
                return s.nodes
    except Stop:
        pass
    return None


def first_loss(board, moves, colour, rule, plies, nodes, top):
    """(ply, move, holding) for colour's first move in moves (names) after which the opponent
    wins by force; holding lists (name, verdict) of the top candidates at that ply the search
    does not refute (verdict False: no win found, None: undecided). None if no such move."""
    for k, name in enumerate(moves):
        c = BLACK if k % 2 == 0 else WHITE
        i = board.parse(name)
        board.check_empty(i)
        board.put(i, c)
        if c != colour or not wins(board, 3 - c, rule, plies, nodes):
            continue
        board.take()
        holding = []
        for q in Search(Pos(board.copy(), rule), None, top).gen(c, top):
            if rule == rules.RENJU and c == BLACK and rules.is_forbidden(board, q):
                continue
            board.put(q, c)
            v = wins(board, 3 - c, rule, plies, nodes)
            board.take()
            if v is not True:
                holding.append((board.name(q), v))
        return k, name, holding
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("games", type=argparse.FileType("r"),
                    help="tools/arena.py --verbose output (- for stdin)")
    ap.add_argument("--plies", type=int, default=17)
    ap.add_argument("--nodes", type=int, default=30000, help="per threat search")
    ap.add_argument("--top", type=int, default=20, help="candidates tried at the losing ply")
    ap.add_argument("--check", action="store_true",
                    help="also the nodes the hard level's final check needs to refute the move")
    ap.add_argument("--rule", choices=rules.RULE_NAMES, default=None,
                    help="default: the one in the match's header line, else freestyle")
    a = ap.parse_args(argv)
    if a.plies < 1 or a.nodes < 1 or a.top < 1:
        ap.error("--plies, --nodes and --top must be at least 1")
    with a.games as f:
        lines = f.read().splitlines()
    rule, size = rules.FREESTYLE, 15
    for line in lines:  # the match's header comes after its games
        m = HEADER.match(line)
        if m:
            rule, size = rules.RULE_NAMES.index(m.group(1)), int(m.group(2))
    if a.rule:
        rule = rules.RULE_NAMES.index(a.rule)
    seen = lost = 0
    needs = []  # --check: nodes per losing move, None past --nodes
    for line in lines:
        m = GAME.match(line)
        if not m:
            continue
        seen += 1
        if m.group(3) != "B wins":
            continue
        lost += 1
        colour = BLACK if m.group(2) == "black" else WHITE
        head = "game %s A=%s (%s)" % (m.group(1), m.group(2), m.group(4))
        if m.group(4) != "five":  # a forbidden point or a bad move: no threat to look for
            print("%s: lost by its own move, not to a five: skipped" % head)
            continue
        board = Board(size)
        try:
            r = first_loss(board, m.group(5).split(), colour, rule, a.plies, a.nodes, a.top)
        except ValueError as e:  # a move off the board, on a stone, or not a point's name
            print("%s: skipped, its moves do not replay: %s" % (head, e))
            continue
        if r is None:
            print("%s: no losing move found within %d plies" % (head, a.plies))
            continue
        k, name, holding = r
        if holding:
            said = "holding: " + " ".join(n + ("" if v is False else "?") for n, v in holding)
        else:
            said = "none of the top %d holds" % a.top
        if a.check:
            board.put(board.parse(name), colour)  # first_loss() left the board before it
            n = check_nodes(board, 3 - colour, rule, a.nodes)
            needs.append(n)
            said += "; the check refutes it %s" % (
                "in %d nodes" % n if n is not None else "not within %d" % a.nodes)
        print("%s: ply %d %s loses; %s" % (head, k, name, said), flush=True)
    if not seen:
        sys.exit("blunders: no game lines in %s (run tools/arena.py with --verbose)"
                 % a.games.name)
    if not lost:  # it printed nothing, as if it had not run
        print("A lost none of the %d games: nothing to look for" % seen)
    if needs:
        budget = engine._PARAMS[engine.HARD][9]
        within = [n for n in needs if n is not None]
        print("the check refutes %d of %d losing moves within its %d nodes, %d within %d" % (
            sum(n < budget for n in within), len(needs), budget, len(within), a.nodes))


if __name__ == "__main__":
    main()
