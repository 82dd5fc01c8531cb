# Hand-made Renju positions for the hard cases of black's forbidden moves. Each case: name,
# diagram, the expected verdict for black at '*' (the reason, None = allowed) and why.
from gomoku import rules
from gomoku.board import BLACK, EMPTY
from positions import diagram

CASES = [
    ("simple double three", [
        "......",
        "...X..",
        "...X..",
        ".XX*..",
        "......",
        "......",
    ], "double three", "open threes along the row and the column"),
    ("false double three", [
        "........",
        "........",
        ".....X..",
        "....XX..",
        "....XX..",
        "O.XX*...",
        "........",
        "........",
    ], None, "the row's only straight-four point is itself a double four, so only the column "
             "is a three"),
    ("false double three, control", [
        "........",
        "........",
        ".....X..",
        "....XX..",
        "....XX..",
        "..XX*...",
        "........",
        "........",
    ], "double three", "without the white stone the row also has a legal extension point"),
    ("four-four on one line", [
        "X.X*X.X",
    ], "double four", "X.XXX.X: either gap makes five"),
    ("four-four on one line, wide", [
        "XXX.*.XXX",
    ], "double four", "XXX.X.XXX: either gap makes five"),
    ("overline", [
        "XXX*XX",
    ], "overline", "six in a row"),
    ("five beside an overline point", [
        ".XXXX*.X.",
    ], None, "exactly five wins; the stone beyond the gap does not touch it"),
    ("five that is also a double three", [
        "........",
        "...X.X..",
        "....XX..",
        ".XXXX*..",
        "........",
        "........",
    ], None, "a five made by the move takes precedence over the double three"),
    ("five and an overline at once", [
        ".....X....",
        ".....X....",
        ".XXXX*....",
        ".....X....",
        ".....X....",
        ".....X....",
    ], None, "a five made by the move wins though it makes six along the column too (RIF; "
             "rules.md): the check must stop at the five, not go on to the overline"),
    ("three blocked at distance", [
        ".......",
        "....X..",
        "....X..",
        "O.XX*.O",
        ".......",
        ".......",
    ], None, "O.XXX.O cannot become a straight four, so only the column is a three"),
    ("three blocked at distance, control", [
        "........",
        ".....X..",
        ".....X..",
        "O..XX*.O",
        "........",
        "........",
    ], "double three", "O..XXX.O can become .XXXX. and is a three"),
    ("four that needs an overline is no four", [
        "........",
        ".....X..",
        ".....X..",
        ".....X..",
        "XX.XX*..",
        "........",
        "........",
    ], None, "XX.XXX only makes six, so the column's four is the only four"),
    ("four-three-three at the three's only four point", [
        "...........",
        "...........",
        "....XXX....",
        ".....XX....",
        ".O.XX*.....",
        "...........",
        "...........",
    ], None, "the row's straight four needs the point right of *, which would also make two "
             "threes (column and diagonal): forbidden, so the row is no three"),
    ("nested double three", [
        "..........",
        "..X.......",
        "..X..*....",
        "....X.X...",
        ".X..X.....",
        "..XX....X.",
        "...X......",
        "..........",
    ], "double three", "the lower diagonal's extension point looks like a double three, but one "
                       "of its threes is false in turn, so the extension is legal"),    # RIF's three is a row that one more stone makes a straight four "without at the same time a
    # five in a row is made": a four-point that also makes a five gives no three (the Piskvork
    # judge and Rapfi read it so).
    ("three whose only four point also makes a five", [
        "........",
        ".....X..",
        ".....X..",
        ".O.XX*..",
        "......X.",
        "......X.",
        "......X.",
        "......X.",
        "......O.",
        "........",
    ], None, "the row's only straight-four point (right of *) is black's five on the column, "
             "so the row is no three: only the column's is"),
    ("four-three-three whose second three hangs on a five two levels down", [
        "............",
        ".....O....O.",
        ".....X......",
        "...X.X..X...",
        "....XX.X....",
        ".O.XX*......",
        ".......X....",
        "............",
    ], "double three", "* makes a four (column) and threes along the row and the diagonal. The "
                       "row's four point (right of *) makes threes along its column and "
                       "anti-diagonal; the anti-diagonal's only four point (below *) would "
                       "complete *'s column five, so that is no three, the row's four point is "
                       "allowed and the row a three: four-three-three. Black has no five ready."),
]


def test_hard_cases():
    for name, rows, reason, why in CASES:
        b, p = diagram(rows)
        assert rules.forbidden_reason(b, p) == reason, (name, why)
        assert rules.is_forbidden(b, p) == (reason is not None), name
        # The check must leave the board exactly as it was.
        before = bytes(b.cells)
        rules.is_forbidden(b, p)
        assert bytes(b.cells) == before



def test_the_check_looks_only_at_the_lines_it_is_told():
    # The AI passes the lines its pattern codes show a shape on (ai.search): the check must
    # read no other line at the point itself, or the AI's question would cost the full check.
    from gomoku import renju

    for name, rows, reason, _ in CASES:
        b, p = diagram(rows)
        if reason is not None and reason != "overline":
            assert renju.is_forbidden(b, p, 15), name
            assert not renju.is_forbidden(b, p, 0), name
        # Told only the lines that hold p's shapes, the answer is the full one: the lines
        # limit the point asked, not the levels below it. A three's four point may make its
        # own threes and fours on lines where p has none: read through the mask there, the AI
        # would count the four-three-three case's false three and call the point forbidden.
        assert renju.is_forbidden(b, p, _shape_lines(b, p)) == (reason is not None), name


def _shape_lines(b, p):
    """The lines through p (bit j: b.dirs[j]) with two or more black stones within four cells
    of p, up to another stone or the edge: every line where p can make a three or more."""
    m = 0
    for j in range(4):
        n = 0
        for d in (b.dirs[j], -b.dirs[j]):
            q = p
            for _ in range(4):
                q += d
                c = b.cells[q]
                if c == BLACK:
                    n += 1
                elif c != EMPTY:
                    break
        if n > 1:
            m |= 1 << j
    return m


def test_forbidden_check_allocates_nothing():
    # The AI asks this at search nodes (gomoku.renju's own function, which ai.search holds):
    # garbage there costs collections on the board (it was 130 bytes a point, 2.6 KB per shape
    # checked). Only MicroPython reports its heap exactly (gc.mem_alloc(), and no collection runs
    # inside one VM call), so CPython has nothing to check.
    import gc
    from gomoku import renju

    if not hasattr(gc, "mem_alloc"):
        return
    for name, rows, reason, why in CASES:
        b, p = diagram(rows)
        cells = b.cells
        forbidden = 0
        a0 = gc.mem_alloc()
        for i in range(len(cells)):
            if cells[i] == EMPTY and renju.is_forbidden(b, i):
                forbidden += 1
        assert gc.mem_alloc() == a0, name
        assert forbidden >= (reason is not None), name

def test_edge_blocks_a_three():
    # Against the edge .XXX.O cannot become a straight four; one column further in it can.
    for shift, reason in ((0, None), (1, "double three")):
        b, p = diagram(["." * shift + ".XX*.O"], at=(0, 7))
        x, y = b.xy(p)
        b.put(b.idx(x, y - 1), BLACK)  # and an open three along the column
        b.put(b.idx(x, y - 2), BLACK)
        assert rules.forbidden_reason(b, p) == reason, shift


def test_black_overline_does_not_win_in_renju():
    b, p = diagram(["XXX*XX"])
    b.put(p, BLACK)
    assert rules.win_line(b, p, rules.RENJU) is None
    assert len(rules.win_line(b, p, rules.FREESTYLE)) == 6
    assert rules.win_line(b, p, rules.STANDARD) is None


def test_forbidden_points_lists_every_marked_point():
    # Two separate forbidden shapes on one board: both points are listed, nothing else.
    b, p = diagram(["X.X*X.X"], at=(2, 2))
    q = b.idx(9, 10)
    for x, y in ((9, 8), (9, 9), (7, 10), (8, 10)):
        b.put(b.idx(x, y), BLACK)
    assert sorted(rules.forbidden_points(b)) == sorted([p, q])
