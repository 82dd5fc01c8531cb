# Win detection under freestyle, exactly five and Renju, and the winning line's cells.
from gomoku import rules
from gomoku.board import BLACK, WHITE
from positions import diagram


def _win(rows, rule, colour=BLACK):
    b, p = diagram(rows)
    b.put(p, colour)
    return b, rules.win_line(b, p, rule)


def test_five_in_every_direction_reports_its_cells():
    shapes = (["XX*XX"], ["X", "X", "*", "X", "X"],
              ["X....", ".X...", "..*..", "...X.", "....X"],
              ["....X", "...X.", "..*..", ".X...", "X...."])
    for rows in shapes:
        for rule in (rules.FREESTYLE, rules.STANDARD, rules.RENJU):
            b, line = _win(rows, rule)
            assert line is not None and len(line) == 5
            assert all(b.cells[i] == BLACK for i in line)
            # the cells are consecutive along one direction
            d = line[1] - line[0]
            assert d in b.dirs and all(line[k + 1] - line[k] == d for k in range(4))


def test_overline_per_rule():
    for colour, ch in ((BLACK, "X"), (WHITE, "O")):
        rows = [ch * 3 + "*" + ch * 2]
        assert len(_win(rows, rules.FREESTYLE, colour)[1]) == 6
        assert _win(rows, rules.STANDARD, colour)[1] is None
        renju = _win(rows, rules.RENJU, colour)[1]
        assert (renju is None) if colour == BLACK else len(renju) == 6


def test_four_is_not_a_win_and_blocked_five_still_wins():
    assert _win(["X*XX."], rules.FREESTYLE)[1] is None
    assert len(_win(["OXX*XXO"], rules.STANDARD)[1]) == 5
    assert _win(["XX*X.X"], rules.FREESTYLE)[1] is None


def test_wins_table():
    assert not rules.wins(rules.FREESTYLE, BLACK, 4)
    assert rules.wins(rules.FREESTYLE, WHITE, 7)
    assert rules.wins(rules.STANDARD, WHITE, 5) and not rules.wins(rules.STANDARD, WHITE, 6)
    assert rules.wins(rules.RENJU, WHITE, 6) and not rules.wins(rules.RENJU, BLACK, 6)
