# The tactics suite (tools/tactics.txt) agrees with the exact solver, and the checker can fail.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import tactics  # noqa: E402
from gomoku import rules  # noqa: E402
from gomoku.board import Board  # noqa: E402

ENTRIES = tactics.load()


def test_suite_size_and_categories():
    assert len(ENTRIES) >= 60
    cats = set(e.cat for e in ENTRIES)
    assert cats == set(tactics.CATEGORIES)
    assert any(e.rule == "renju" for e in ENTRIES if e.cat != "renju")
    assert any(e.rule == "standard" for e in ENTRIES)


def test_data_matches_solver():
    msgs = []
    assert tactics.check(ENTRIES, msgs.append) == 0, msgs


def clone(e, **kw):
    d = dict(cat=e.cat, rule=e.rule, moves=list(e.moves), answers=list(e.answers), note=e.note)
    d.update(kw)
    return tactics.Entry(**d)


def first(cat):
    return [e for e in ENTRIES if e.cat == cat][0]


def test_checker_detects_corruption():
    bad = []
    vcf = first("vcf7")
    b = vcf.board()
    wrong = [b.name(p) for p in b.points() if b.cells[p] == 0 and b.name(p) not in vcf.answers][0]
    bad.append(clone(vcf, answers=vcf.answers[1:] + [wrong]))  # a wrong answer swapped in
    d = first("defvcf")
    bad.append(clone(d, answers=d.answers[:-1]))  # a refutation left out
    bad.append(clone(first("vcf9"), cat="vcf7"))  # wrong length
    bad.append(clone(first("block3"), rule="renju" if first("block3").rule != "renju"
                     else "freestyle", answers=["a1"]))
    r = first("renju")
    bad.append(clone(r, rule="freestyle"))  # not a Renju position any more
    msgs = []
    assert tactics.check(bad, msgs.append) == len(bad), msgs


def test_solver_on_hand_made_shapes():
    s = tactics.Solver(rules.FREESTYLE)
    b = Board(15)
    for m in ["g8", "a1", "h8", "a3", "j8", "o1"]:  # black open three, black to move
        b.put(b.parse(m), b.to_move())
    assert s.shortest(b, 1) == 3
    assert sorted(b.name(p) for p in s.first_moves(b, 1, 1)) == ["f8", "k8"]
    # White to move must stop the open three at f8 or k8: a stone one further out (e8, l8)
    # still leaves black a straight four on the other side.
    b.take()
    b.put(b.parse("c15"), 2)
    b.put(b.parse("c13"), 1)
    assert b.to_move() == 2
    assert sorted(b.name(p) for p in s.defences(b, 2)) == ["f8", "k8"]
    # Black's j8 makes two fours (row e8-g8 + j8, column j5-j7 + j8): a win at once in
    # freestyle, a forbidden double four in Renju.
    b = Board(15)
    for m in ["e8", "d8", "f8", "k8", "g8", "j4", "j5", "a1", "j6", "a3", "j7", "o1"]:
        b.put(b.parse(m), b.to_move())
    j8 = b.parse("j8")
    assert rules.is_forbidden(b, j8)
    assert j8 in tactics.Solver(rules.FREESTYLE).first_moves(b, 1, 1)
    assert j8 not in tactics.Solver(rules.RENJU).first_moves(b, 1, 3)


def test_a_brain_that_fails_is_a_clear_error_or_a_miss(capsys):
    # One that cannot run stops the tool in one line; one that runs but dies at a position
    # loses that position, and the others are still asked.
    assert tactics.main(["--engine", "cmd:/nonexistent/brain"]) == 2
    assert "cannot run /nonexistent/brain" in capsys.readouterr().out
    script = ("import sys\n"
              "for l in sys.stdin:\n"
              "    if l.startswith('START'): print('OK', flush=True)\n"
              "    if 'DONE' in l: sys.exit(4)\n")
    from arena import make_player

    score, misses = tactics.run_player(make_player("cmd:%s -c \"%s\"" % (sys.executable, script)),
                                       ENTRIES[:3])
    assert sum(t for _, t in score.values()) == 3
    assert [m for _, m in misses] == ["no move (the brain exited (code 4))"] * 3
