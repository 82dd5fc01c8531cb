# tools/records.py converts game records (PSQ, SGF, Gomocup opening lines, move lists, the
# board's save file) through the game's rules; tools/arena.py --openings FILE reads openings
# files with it.
import json
import os
import re
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import arena  # noqa: E402
import records as R  # noqa: E402
from gomoku import game as G, rules  # noqa: E402
from gomoku.board import BLACK, WHITE, Board  # noqa: E402

# Black wins with a five on row 8 while white plays up the a-file.
WON = "h8 h9 i8 a1 j8 a2 k8 a3 l8"
# h8 is a double three for black (i8 j8 across, h9 h10 up, every end open).
THREE3 = "i8 a1 j8 a2 h9 a3 h10 a5 h8"


def names(rec):
    b = Board(rec.size)
    return " ".join(b.name(b.idx(x, y)) for x, y in rec.moves)


def test_psq_as_piskvork_writes_it_after_a_tournament_game():
    # Header, 1-based "x,y,ms" moves, the two brains' names and an error code, CRLF lines.
    text = "Piskvorky 20x20, 11:11, 0\r\n11,11,0\r\n12,10,1530\r\n10,12,47\r\n" \
           "pbrain-one.exe\r\npbrain-two.exe\r\n0\r\n"
    rec = R.read(text)
    assert (rec.size, rec.moves, rec.times) == (20, [(10, 10), (11, 9), (9, 11)], [0, 1530, 47])
    assert rec.names == ("pbrain-one.exe", "pbrain-two.exe") and rec.winner is None
    back = R.read(R.write_psq(rec))
    assert (back.size, back.moves, back.times, back.names) == (20, rec.moves, rec.times,
                                                               rec.names)
    # A file saved outside a tournament: no names, only the code.
    rec = R.read("Piskvorky 15x15, 0:0, 1\n8,8,0\n-1\n")
    assert rec.moves == [(7, 7)] and rec.names == ("", "")
    # The Gomocup archives' form: names, -1, then the winner and the rule.
    rec = R.read("Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,5\nA.zip\nB.zip\n-1\n1,Freestyle\n")
    assert rec.moves == [(9, 9), (10, 10)] and rec.names == ("A.zip", "B.zip")


def test_psq_round_trip_keeps_the_game_and_its_result():
    rec = R.read(WON)
    text = R.write_psq(rec)
    assert text.splitlines()[:3] == ["Piskvorky 15x15, 0:0, 0", "8,8,0", "8,7,0"]
    back = R.read(text)
    assert names(back) == WON and back.winner == BLACK and back.reason == "five"


def test_sgf_main_line_through_variations_comments_and_escapes():
    text = """(;FF[4]GM[4]SZ[15]PB[Ann \\] B]PW[Bob]C[a comment; with (brackets)]
      ;B[hh]
      (;W[hi];B[ih]C[main line];W[ao]
        (;B[jh])
        (;B[aa];W[bb]))
      (;W[gg];B[ff]))"""
    rec = R.read(text)
    assert names(rec) == "h8 h7 i8 a1 j8"
    assert rec.names == ("Ann ] B", "Bob") and rec.rule == rules.FREESTYLE


def test_move_lists_as_other_programs_copy_them():
    # Yixin's and Rapfi's GUIs and online boards copy a game as its points written together,
    # or apart after commas, in either case; "h8h9i8" was refused as one point.
    for text in ("h8h9i8j10", "H8,H9, I8 ,J10", "h8 h9i8\nJ10"):
        assert names(R.read(text)) == "h8 h9 i8 j10", text
    with pytest.raises(R.RecordError, match=said("move 2: 'x9' is not a point of the 15x15")):
        R.read("h8x9")


def test_sgf_simple_text_and_ff3_identifiers():
    # PB, PW (and RE, RU, GN) are SimpleText: a backslash before a line break is a soft line
    # break, removed; other line breaks and tabs are spaces. They were kept ("Ann\\nLee").
    # FF[3]'s long identifiers: SiZe is SZ (it was taken for an unknown SIZE: 15x15)
    rec = R.read("(;GaMe[4]SiZe[19]PlayerBlack[Ann];Black[jj];White[kk])")
    assert (rec.size, rec.names[0], names(rec)) == (19, "Ann", "j10 k9")
    rec = R.read("(;GM[4]SZ[15]PB[Ann \\\nLee]PW[Bob\r\nSmith\tJr.]RE[W+\\\r\nR];B[hh];W[ii])")
    assert rec.names == ("Ann Lee", "Bob Smith Jr.") and rec.declared == (WHITE, "resignation")
    assert R.read(R.write_sgf(rec)).names == rec.names


def test_sgf_round_trip_with_rule_names_and_result():
    rec = R.read(THREE3, rule=rules.RENJU)
    assert rec.winner == WHITE and rec.reason == "forbidden h8"
    rec.names = ("A [x]", "B\\y")
    text = R.write_sgf(rec)
    assert text.startswith("(;FF[4]GM[4]") and "RU[renju]" in text and "RE[W+F]" in text
    back = R.read(text)
    assert (names(back), back.rule, back.names, back.winner) == (THREE3, rules.RENJU,
                                                                 rec.names, WHITE)
    assert "RE[B+]" in R.write_sgf(R.read(WON))


@pytest.mark.parametrize("text, says", [
    ("(;GM[1]SZ[19];B[dd])", "GM[1] is not Gomoku"),
    ("(;GM[4]SZ[15]AB[hh][ii];W[aa])", "setup stones"),
    ("(;GM[4]SZ[15];B[hh];B[ii])", "moves must alternate"),
    ("(;GM[4]SZ[15];B[hh]", "not closed"),
    ("(;GM[4]SZ[15:13];B[hh])", "square boards only"),
    ("(;GM[4]SZ[15];B[h])", "bad point"),
    ("(;GM[4]SZ[30];B[hh])", "board size 30"),
    # What SGF forbids in a node would load another game than the file's: refused, not guessed
    ("(;GM[4]SZ[15];B[hh];W[ii]B[jj])", "SGF node at character 19 has both B and W"),
    ("(;GM[4]SZ[15];B[hh];W[ii]C[a]W[jj])", "SGF node at character 19: property W is given "
                                            "twice"),
    ("(;GM[4]SZ[15]PB[A]PB[B];B[hh])", "SGF node at character 1: property PB is given twice"),
    ("(;GM[4]SZ[15];B[hh][ii])", "SGF node at character 13: B[hh][ii] has 2 points"),
    # A pass the game goes on after: this game has none to replay
    ("(;GM[4]SZ[15];B[hh];W[];B[ii])", "SGF move 2 is a pass: passes are not supported"),
    ("(;GM[4]SZ[19];B[hh];W[tt];B[ii])", "SGF move 2 is a pass: passes are not supported"),
])
def test_bad_sgf_is_refused_with_its_reason(text, says):
    with pytest.raises(R.RecordError, match=said(says)):
        R.read(text)


def said(text):
    return re.escape(text)


def test_opening_lines_are_offsets_from_the_centre():
    # c-gomoku-cli's README example, on the 20x20 board it was written for.
    line = "8,-3, 6,-4, 5,-4, 4,-3, 2,-8, -1,-5"
    rec = R.read(line, size=20)
    assert rec.moves[0] == (18, 7) and rec.moves[-1] == (9, 5)
    assert R.write_opening(rec) == line + "\n"
    with pytest.raises(R.RecordError, match="stone 1 .8,-3. is off the 15x15 board"):
        R.read(line)
    assert R.write_opening(R.read("h8 h9 i8")) == "0,0, 0,-1, 1,0\n"


@pytest.mark.parametrize("moves, says", [
    ("h8 h8", "move 2 (h8): the point is taken"),
    (WON + " a4", "move 10 (a4): the game was over after move 9 (five)"),
    (THREE3 + " a6", "move 10 (a6): the game was over after move 9 (forbidden h8)"),
    ("h8 z1", "move 2: 'z1' is not a point"),
])
def test_illegal_games_are_refused_naming_the_move(moves, says):
    with pytest.raises(R.RecordError, match=said(says)):
        R.read(moves, rule=rules.RENJU)


def test_the_rule_decides_what_ends_a_game():
    # Black's six in a row wins in freestyle, not under exactly five, and loses in Renju.
    six = "c8 a1 d8 a2 e8 a3 f8 a4 h8 b6 g8"
    assert R.read(six).winner == BLACK
    rec = R.read(six + " a6", rule=rules.STANDARD)
    assert rec.winner is None and len(rec.moves) == 12
    rec = R.read(six, rule=rules.RENJU)
    assert (rec.winner, rec.reason) == (WHITE, "forbidden g8")
    assert R.read(THREE3).winner is None  # a double three is only forbidden in Renju


def test_arena_output_gives_the_game_its_players_rule_and_size():
    log = ["game 0 A=black A wins (five): " + WON,
           "game 1 A=white draw (full board): h8 h9",
           "ours:hard vs window, renju, 19x19, seed 1, 1.0 s",
           "A ours:hard       +1 -0 =1   as black +1 -0 =0   as white +0 -0 =1",
           "B window          +0 -1 =1   as black +0 -0 =1   as white +0 -1 =0"]
    rec = R.read("\n".join(log), game=1)
    assert (rec.size, rec.rule, rec.names, len(rec.moves)) == (19, rules.RENJU,
                                                                ("window", "ours:hard"), 2)
    assert R.read("\n".join(log)).names == ("ours:hard", "window")
    with pytest.raises(R.RecordError, match="no game 5"):
        R.read("\n".join(log), game=5)
    # A Gomocup brain's name is its command line, spaces and all (arena.py cmd:"...")
    brain = "cmd:tools/pbrain-gomoku --level easy"
    log[2:] = ["ours:hard vs %s, renju, 19x19, seed 1, 1.0 s" % brain,
               "A ours:hard       +1 -0 =1   as black +1 -0 =0   as white +0 -0 =1",
               "B %s  +0 -1 =1   as black +0 -0 =1   as white +0 -1 =0" % brain]
    rec = R.read("\n".join(log), game=1)
    assert (rec.size, rec.rule, rec.names, rec.said_rule) == (19, rules.RENJU,
                                                              (brain, "ours:hard"), True)


def test_a_save_for_the_board_resumes_there(capsys):
    from app import startup

    rec = R.read("h8 h9 i8 i9", rule=rules.RENJU)
    d = json.loads(R.write_save(rec, ai=WHITE, level=2))
    s = startup.restore(d, lambda: 0)
    g = s.game
    assert (s.mode, g.ai, g.rule, g.board.size) == ("ai", (False, True), rules.RENJU, 15)
    assert [g.board.name(i) for i in g.board.hist] == "h8 h9 i8 i9".split()
    assert s.ais[1] is not None and s.ais[1].engine.level == 2 and g.board.to_move() == BLACK
    s = startup.restore(json.loads(R.write_save(R.read("h8"))), lambda: 0)
    assert s.mode == "pnp" and s.game.ai == (False, False)
    # And back: the save reads as the same game.
    assert names(R.read(R.write_save(rec))) == "h8 h9 i8 i9"
    with pytest.raises(R.RecordError, match="the game is over .black won, five."):
        R.write_save(R.read(WON))
    with pytest.raises(R.RecordError, match="the board plays 15 or 19 lines, not 20"):
        R.write_save(R.read("j10", size=20))
    with pytest.raises(R.RecordError, match="this save is a renju game"):
        R.read(R.write_save(rec), rule=rules.FREESTYLE)


def test_a_save_from_the_board_with_an_opening_rule_and_a_resignation():
    from app.session import KIND

    g = G.Game(opening=G.OPEN_SWAP2)
    for p in "h8 i9 g10".split():
        g.play(g.board.parse(p))
    g.choose(G.PUT2)
    for p in "j10 f11".split():
        g.play(g.board.parse(p))
    g.choose(G.TAKE_WHITE)
    g.play(g.board.parse("e12"))
    g.resign(g.player_of(BLACK))
    d = {"kind": KIND, "mode": "pnp", "opts": {}, "seed": 3, "game": g.export()}
    rec = R.read(json.dumps(d))
    assert names(rec) == "h8 i9 g10 j10 f11 e12"
    assert rec.winner == WHITE and rec.reason == "resignation"
    assert "RE[W+R]" in R.write_sgf(rec)
    d["game"]["acts"][1][2] = d["game"]["acts"][0][2]  # the second stone on the first's point
    with pytest.raises(R.RecordError, match="damaged or foreign save"):
        R.read(json.dumps(d))


def test_a_past_game_the_board_kept(tmp_path):
    from app import past
    from app.session import Session
    from app.store import Store

    g = G.Game()
    for p in WON.split():
        g.play(g.board.parse(p))
    s = Session("pnp", {}, lambda: 0, 1, g)
    s.names = lambda p: ("You", "AI")[p]
    past.add(Store(str(tmp_path)), s)
    rec = R.read((tmp_path / "past1.json").read_text())
    assert names(rec) == WON and rec.names == ("You", "AI") and rec.winner == BLACK
    assert "PB[You]PW[AI]RE[B+]" in R.write_sgf(rec)


def test_a_past_game_after_a_swap_names_black_and_white_by_colour(tmp_path):
    # Swap2: P2 takes black, then black resigns. The board names players by number.
    from app import past
    from app.session import Session
    from app.store import Store

    g = G.Game(opening=G.OPEN_SWAP2)
    for p in "h8 i9 g10".split():
        g.play(g.board.parse(p))
    g.choose(G.SWAP_COLOURS)
    g.resign(g.player_of(BLACK))
    s = Session("pnp", {}, lambda: 0, 1, g)
    s.names = lambda p: ("P1", "P2")[p]
    past.add(Store(str(tmp_path)), s)
    d = json.loads((tmp_path / "past1.json").read_text())
    assert d["names"] == ["P1", "P2"] and d["sum"].startswith("P1 won")
    rec = R.read(json.dumps(d))
    assert rec.names == ("P2", "P1") and (rec.winner, rec.reason) == (WHITE, "resignation")
    assert "PB[P2]PW[P1]RE[W+R]" in R.write_sgf(rec)


def test_an_sgf_result_is_read_so_a_finished_game_stays_finished():
    head = "(;GM[4]FF[4]SZ[15]RE[%s];B[hh];W[ii];B[jh])"
    for re_, winner, reason in (("W+R", WHITE, "resignation"), ("B+Resign", BLACK, "resignation"),
                                ("W+T", WHITE, "time"), ("B+Time", BLACK, "time"),
                                ("W+F", WHITE, "forfeit"), ("0", 0, "a draw by the record (RE[0])"),
                                ("Draw", 0, "a draw by the record (RE[Draw])"),
                                ("B+", BLACK, "RE[B+]"), ("?", None, ""), ("Void", None, "")):
        rec = R.read(head % re_)
        assert (rec.winner, rec.reason) == (winner, reason), re_
    rec = R.read(head % "W+R")
    assert "RE[W+R]" in R.write_sgf(rec) and R.read(R.write_sgf(rec)).winner == WHITE
    with pytest.raises(R.RecordError, match="the game is over .white won, resignation"):
        R.write_save(rec)
    # The moves decide where they end the game; moves after it are refused as before.
    assert (R.read("(;GM[4]SZ[15]RE[W+R]%s)" % "".join(
        ";%s[%s]" % ("BW"[n % 2], m) for n, m in enumerate(
            "hh ai ih aj jh ak kh al lh".split()))).winner) == BLACK


def test_psq_players_by_who_began_and_no_names_piskvork_would_run():
    # The header's last number is the player who moved first; names are listed player 0 first.
    rec = R.read("Piskvorky 15x15, 0:0, 1\n8,8,0\n9,9,0\npbrain-A.exe\npbrain-B.exe\n0\n")
    assert rec.names == ("pbrain-B.exe", "pbrain-A.exe")
    rec = R.read("Piskvorky 15x15, 0:0, 0\n8,8,0\nhomo-1\npbrain-B.exe\n0\n")
    assert rec.names == ("", "pbrain-B.exe")
    assert R.write_psq(rec).splitlines()[-3:] == ["homo-1", "pbrain-B.exe", "-1"]
    # People's names are not written: Piskvork would start them as brain programs.
    rec.names = ("You", "AI")
    assert R.write_psq(rec).splitlines()[-2:] == ["8,8,0", "-1"]
    with pytest.raises(R.RecordError, match="which player began: 0 or 1"):
        R.read("Piskvorky 15x15, 0:0, 2\n8,8,0\n")


@pytest.mark.parametrize("text, says", [
    ("Piskvorky 15x15, 0:0, 0\n8,8,0\n8,", "PSQ line 3: '8,' is not a move"),
    ("Piskvorky 15x15, 0:0, 0\n8,8,0\n9;9;0\n10,10,0\n-1\n", "PSQ line 3: '9;9;0' is not"),
    ("Piskvorky 15x15, 0:0, 0\n8,8,0\n16,1,0\n-1\n",
     "move 2 (column 16, row 1 from 1 at the top left): off the 15x15 board"),
    ("", "the input is empty"),
    (" \n\n", "the input is empty"),
    ("(;GM[4]SZ[15]" + "(;C[x]" * 5000 + ")" * 5001, "nested too deeply"),
    ('{"kind": "gomoku-save", "game": ' + "[" * 100000 + "]" * 100000 + "}", "nested too deeply"),
])
def test_damaged_records_are_refused_with_their_reason(text, says):
    with pytest.raises(R.RecordError, match=said(says)):
        R.read(text)


def test_a_rule_the_record_does_not_say(tmp_path, capsys):
    # Black's six does not win under exactly five; its PSQ does not say so.
    psq = R.write_psq(R.read("c8 a1 d8 a2 e8 a3 f8 a4 h8 b6 g8 a6", rule=rules.STANDARD))
    with pytest.raises(R.RecordError, match="as freestyle: the record does not say its rule"):
        R.read(psq)
    assert R.read(psq, rule=rules.STANDARD).winner is None
    f = tmp_path / "g.psq"
    f.write_text(psq)
    assert R.main([str(f), "--rule", "standard"]) == 0
    assert "does not say" not in capsys.readouterr().err
    f.write_text("Piskvorky 15x15, 0:0, 0\n8,8,0\n\n9,9,0\n")  # a blank line, as Piskvork
    assert R.main([str(f), "--to", "save"]) == 0                # skips
    out = capsys.readouterr()
    assert R.read(out.out).moves == [(7, 7), (8, 8)]
    assert "does not say its rule: written as freestyle" in out.err


def _converted(tmp_path, capsys, name, data):
    """data, written to a file of that name, converted to SGF by main() and read back."""
    f = tmp_path / name
    f.write_bytes(data)
    out = tmp_path / "out.sgf"
    assert R.main([str(f), "-o", str(out)]) == 0, capsys.readouterr().err
    return R.read(out.read_text(encoding="utf-8"))


def test_encodings_a_record_file_comes_in(tmp_path, capsys):
    sgf = "(;GM[4]SZ[15]PB[M\u00fcller]%s;B[hh];W[ii])"
    cases = ((b"\xef\xbb\xbf" + (sgf % "").encode(), "M\u00fcller"),
             ((sgf % "").encode("latin-1"), "M\u00fcller"),  # SGF's default charset
             ((sgf % "CA[GB2312]").replace("M\u00fcller", "\u9ed1").encode("gb2312"), "\u9ed1"),
             (b"\xef\xbb\xbfPiskvorky 15x15, 0:0, 0\n8,8,0\n", None))
    for data, black in cases:
        rec = _converted(tmp_path, capsys, "in", data)
        assert rec.moves[0] == (7, 7) and (black is None or rec.names[0] == black)
    f = tmp_path / "in"
    f.write_bytes(b"h8 \xff\xfe")
    assert R.main([str(f)]) == 2
    err = capsys.readouterr().err
    assert "not UTF-8 text" in err and "usage" not in err


def test_an_sgf_is_read_in_the_charset_its_ca_names(tmp_path, capsys):
    # CA[] was read only when the bytes were not UTF-8: a GBK name that happens to be UTF-8 too
    # was misread ("\u90d1\u4f1f", a common surname, as "\u05a3\u03b0"), and characters
    # that the programs writing a charset's name use beyond it were refused: GBK's in a
    # GB2312 file (Chinese sites), cp932's in a Shift_JIS one; Windows-1252's quotes in an
    # ISO-8859-1 file read as control characters.
    def sgf(ca, name, codec):
        return ("(;GM[4]FF[4]%sSZ[15]PB[%s];B[hh];W[ii])" % (ca, name)).encode(codec)

    cases = ((sgf("CA[GB2312]", "\u90d1\u4f1f", "gbk"), "\u90d1\u4f1f"),
             (sgf("CA[gb2312]", "\u738b\u5586", "gbk"), "\u738b\u5586"),
             (sgf("CA[Shift_JIS]", "\u9ad9\u6a4b\u2460\u30bd", "cp932"),
              "\u9ad9\u6a4b\u2460\u30bd"),  # a trail byte of "\u30bd" is "\\"
             (sgf("CA[ISO-8859-1]", "\u201cAnn\u201d", "cp1252"), "\u201cAnn\u201d"),
             (sgf("CA[EUC-KR]", "\uae40", "euc-kr"), "\uae40"),
             (sgf("CA[Big5]", "\u9673", "big5"), "\u9673"))
    for data, black in cases:
        rec = _converted(tmp_path, capsys, "in.sgf", data)
        assert rec.names[0] == black and rec.moves == [(7, 7), (8, 8)]
    # The first one's bytes read as UTF-8 as well: CA[] is followed, and the note says so.
    f, out = tmp_path / "in.sgf", tmp_path / "out.sgf"
    f.write_bytes(cases[0][0])
    assert R.main([str(f)]) == 0
    assert "the bytes also read as UTF-8" in capsys.readouterr().err
    # UTF-8 with a byte order mark is UTF-8, whatever CA[] says.
    f.write_bytes(b"\xef\xbb\xbf" + sgf("CA[GB2312]", "\u738b", "utf-8"))
    assert R.main([str(f), "-o", str(out)]) == 0
    assert R.read(out.read_text(encoding="utf-8")).names[0] == "\u738b"
    # UTF-8 under a Latin CA[] (a program's header kept) is read as UTF-8, said.
    f.write_bytes(sgf("CA[ISO-8859-1]", "M\u00fcller", "utf-8"))
    assert R.main([str(f), "-o", str(out)]) == 0
    assert "but the text is UTF-8" in capsys.readouterr().err
    assert R.read(out.read_text(encoding="utf-8")).names[0] == "M\u00fcller"
    # No CA[] and not UTF-8: SGF's default, said.
    f.write_bytes(sgf("", "M\u00fcller", "latin-1"))
    assert R.main([str(f), "-o", str(out)]) == 0
    assert "SGF's default" in capsys.readouterr().err
    # A charset unknown, one that is not a charset, or text that is not the one named: one
    # line each, nothing written.
    out.unlink()
    for data, says in ((sgf("CA[Klingon]", "x", "ascii"), "CA[Klingon] is not a charset this "
                        "knows"),
                       (sgf("CA[unicode_escape]", "\\\\u0041", "ascii"), "not a charset an SGF "
                        "file can be read in"),
                       (sgf("CA[UTF-8]", "\u00e9", "latin-1"), "CA[UTF-8], but not UTF-8 text"),
                       (sgf("CA[GB2312]", "\u00ff\u00fe", "latin-1"), "not CA[GB2312] text")):
        f.write_bytes(data)
        assert R.main([str(f), "-o", str(out)]) == 2
        err = capsys.readouterr().err
        assert says in err and len(err.splitlines()) == 1 and not out.exists(), err


def test_cli_writes_whole_files_or_nothing(tmp_path, capsys):
    src = tmp_path / "game.txt"
    src.write_text(WON + "\n")
    out = tmp_path / "game.psq"
    assert R.main([str(src), "--to", "psq", "-o", str(out)]) == 0
    assert R.read(out.read_text()).winner == BLACK
    assert sorted(os.listdir(tmp_path)) == ["game.psq", "game.txt"]  # no temporary left
    before = out.read_text()
    src.write_text("h8 h8\n")
    assert R.main([str(src), "--to", "psq", "-o", str(out)]) == 2
    assert "move 2 (h8): the point is taken" in capsys.readouterr().err
    assert out.read_text() == before and sorted(os.listdir(tmp_path)) == ["game.psq",
                                                                         "game.txt"]
    with pytest.raises(SystemExit):
        R.main([str(src), "--to", "psq", "--ai", "black"])
    src.write_text(WON + "\n")
    (tmp_path / "dir").mkdir()
    for bad in (tmp_path / "dir", tmp_path / "none" / "x.psq"):
        assert R.main([str(src), "--to", "psq", "-o", str(bad)]) == 2
        assert "cannot write %s" % bad in capsys.readouterr().err
    assert sorted(os.listdir(tmp_path)) == ["dir", "game.psq", "game.txt"]
    assert R.main([str(tmp_path / "gone.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_arena_reads_an_openings_file(tmp_path, capsys):
    lines = ["# two openings", "0,0, 1,1, 2,0", "", "0,0, 0,1"]
    assert arena.file_openings(lines) == (((0, 0), (1, 1), (2, 0)), ((0, 0), (0, 1)))
    for bad, says in ((["0,0, 0,0"], "line 1: move 2 (h8): the point is taken"),
                      (["", "0,0, 9,0"], "line 2: stone 2 (9,0) is off"),
                      (["0,0, 0,1, 1,0, 1,1, 2,0, 2,1, 3,0, 3,1, 4,0"], "line 1: the game is over"),
                      (["# none"], "no openings")):
        with pytest.raises(ValueError, match=said(says)):
            arena.file_openings(bad)
    f = tmp_path / "openings.txt"
    f.write_text("\n".join(lines) + "\n")
    arena.main(["greedy", "ours:easy", "--openings", str(f), "-v"])
    out = capsys.readouterr().out.splitlines()
    games = [ln for ln in out if ln.startswith("game ")]
    assert len(games) == 4  # two games an opening, colours swapped
    assert games[0].split(": ")[1].startswith("h8 i7 j8 ") and \
        games[3].split(": ")[1].startswith("h8 h7 ")
    f.write_text("0,0, 0,0\n")
    with pytest.raises(SystemExit):
        arena.main(["greedy", "greedy", "--openings", str(f)])
    assert "line 1: move 2 (h8): the point is taken" in capsys.readouterr().err


@pytest.mark.parametrize("root", ["RU[RIF]", "RU[Yamaguchi]", "RU[sakata]", "RU[TARANNIKOV]",
                                  "RU[Jonsson]", "RU[Taraguchi-10]", "RU[Soosyrv-8]",
                                  "RU[Soos\u00f5rv-8]", "RU[Soosorv-8]",
                                  "RU[Renju]", "GN[A-B(B) : RIF rule]", "RU[Swap2]GN[Yamaguchi]"])
def test_sgf_renju_named_by_its_opening_rule(root):
    # Renju records give the opening rule for the rule, in RU or in the game's name.
    rec = R.read("(;GM[4]SZ[15]%s;B[hh];W[ii])" % root)
    assert rec.rule == rules.RENJU and rec.said_rule


def test_sgf_rule_we_do_not_know_is_not_said(tmp_path, capsys):
    # Swap2 is played under freestyle and standard too: it does not say the rule.
    for ru in ("Swap2", "Gomoku", "Japanese"):
        rec = R.read("(;GM[4]SZ[15]RU[%s];B[hh])" % ru)
        assert (rec.rule, rec.said_rule) == (rules.FREESTYLE, False), ru
    rec = R.read("(;GM[4]SZ[15]RU[Swap2];B[hh])", rule=rules.STANDARD)
    assert (rec.rule, rec.said_rule) == (rules.STANDARD, True)
    assert R.read("(;GM[4]RU[exactly five];B[hh])").rule == rules.STANDARD
    assert R.read("(;GM[4]RU[Free-style];B[hh])").said_rule
    f = tmp_path / "g.sgf"
    f.write_text("(;GM[4]SZ[15]RU[Swap2];B[hh])")
    assert R.main([str(f)]) == 0
    assert "does not say its rule: written as freestyle" in capsys.readouterr().err


def test_an_sgf_as_renju_online_club_writes_it(tmp_path, capsys):
    # GM[5], a property of its own with digits, the opening rule in GN, an empty last node.
    f = tmp_path / "orc.sgf"
    f.write_text("(;GM[5]FF[4]SW[NO]5A[gg][hh]GN[Ann-Bob(B) : RIF rule]RE[W+Resign]PB[Bob]"
                 "PW[Ann]SZ[15]\n;B[hh];W[hg];B[jf];W[ig]C[ a comment]\n;B[ie];W[kg]\n;)\n---")
    out = tmp_path / "out.sgf"
    assert R.main([str(f), "-o", str(out)]) == 0
    assert "GM[5] read as GM[4]" in capsys.readouterr().err
    rec = R.read(out.read_text(encoding="utf-8"))
    assert (rec.rule, rec.names, len(rec.moves)) == (rules.RENJU, ("Bob", "Ann"), 6)
    assert (rec.winner, rec.reason) == (WHITE, "resignation")


def test_sgf_passes_that_end_the_game_are_dropped(tmp_path, capsys):
    # SGF's pass is [] or, up to 19x19, [tt]; the result says how the game ended.
    for tail in (";B[]", ";B[tt]", ";B[];W[tt]"):
        rec = R.read("(;GM[4]SZ[15]RE[W+R];B[hh];W[ii]%s)" % tail)
        assert rec.moves == [(7, 7), (8, 8)] and (rec.winner, rec.reason) == (WHITE,
                                                                              "resignation")
    assert R.read("(;GM[4]SZ[20];B[tt])").moves == [(19, 19)]  # a point on 20x20
    f = tmp_path / "g.sgf"
    f.write_text("(;GM[4]SZ[15]RU[renju];B[hh];W[];B[tt])")
    assert R.main([str(f), "--to", "moves"]) == 0
    out = capsys.readouterr()
    assert out.out == "h8\n" and "moves 2-3: passes, dropped" in out.err


def test_output_is_utf8_whatever_the_locale(tmp_path):
    # An ASCII locale (LC_ALL=C without Python's UTF-8 mode), as cp1252 on Windows, cannot
    # encode the name: the SGF says CA[UTF-8] and is written so.
    import subprocess

    src = tmp_path / "g.sgf"
    src.write_text("(;GM[4]SZ[15]RU[renju]PB[J\u00f6rg];B[hh])", encoding="utf-8")
    env = dict(os.environ, LC_ALL="C", PYTHONUTF8="0", PYTHONCOERCECLOCALE="0")
    env.pop("PYTHONIOENCODING", None)
    tool = os.path.join(ROOT, "tools", "records.py")
    for extra in ([], ["-o", str(tmp_path / "out.sgf")]):
        p = subprocess.run([sys.executable, tool, str(src)] + extra, env=env,
                           capture_output=True)
        assert p.returncode == 0, p.stderr
        data = p.stdout if not extra else (tmp_path / "out.sgf").read_bytes()
        assert "PB[J\u00f6rg]".encode("utf-8") in data


def test_a_failed_write_leaves_no_temporary_file(tmp_path, capsys):
    # A save's name with a lone surrogate (JSON allows "\ud800") has no UTF-8.
    d = json.loads(R.write_save(R.read("h8")))
    d["names"] = ["\ud800", "B"]
    src = tmp_path / "game.json"
    src.write_text(json.dumps(d))
    out = tmp_path / "out.sgf"
    assert R.main([str(src), "-o", str(out)]) == 2
    assert "cannot write %s" % out in capsys.readouterr().err
    assert sorted(os.listdir(tmp_path)) == ["game.json"]
    assert R.main([str(src)]) == 2
    assert "cannot write stdout" in capsys.readouterr().err


def test_an_openings_file_of_several_lines_needs_game(tmp_path, capsys):
    # One opening a line: read whole, the lines would make one game of two openings.
    text = "0,0, 1,1\n\n3,-3, 4,4, -4,5\n"
    with pytest.raises(R.RecordError, match=said("an openings file of 2 openings (lines 1, 3)")):
        R.read(text)
    assert names(R.read(text, game=3)) == "k11 l4 d3"
    assert names(R.read(text, game=1)) == "h8 i7"
    for line in (2, 4, 0):
        with pytest.raises(R.RecordError, match=said("no opening on line %d (of 3)" % line)):
            R.read(text, game=line)
    assert names(R.read("0,0, 1,1\n", game=1)) == "h8 i7"
    # "# ..." lines, which arena.py's openings files may hold, are no openings
    commented = "# two openings\n0,0, 1,1\n3,-3, 4,4, -4,5\n"
    assert names(R.read(commented, game=3)) == "k11 l4 d3"
    assert names(R.read("# one\n0,0, 1,1\n")) == "h8 i7"
    with pytest.raises(R.RecordError, match=said("no opening on line 1 (of 3)")):
        R.read(commented, game=1)
    with pytest.raises(R.RecordError, match=said("an openings file of 2 openings (lines 2, 3)")):
        R.read(commented)
    with pytest.raises(R.RecordError, match=said("--game is for tools/arena.py --verbose output, "
                                                 "openings files, SGF collections")):
        R.read("Piskvorky 15x15, 0:0, 0\n8,8,0\n", game=1)
    f = tmp_path / "openings.txt"
    f.write_text(text)
    assert R.main([str(f), "--to", "moves", "--game", "3"]) == 0
    assert capsys.readouterr().out == "k11 l4 d3\n"


def test_a_psq_in_a_windows_code_page(tmp_path, capsys):
    # Piskvork writes brains' file names in the system's ANSI code page (Czech cp1250's
    # "\u010dern\u00fd" reads as cp1252's "\u00e8ern\u00fd": the bytes cannot say which). 0x81
    # is not in Windows-1252: Latin-1 then.
    head = b"Piskvorky 15x15, 0:0, 0\r\n8,8,0\r\n9,9,0\r\n"
    for data, name in ((b"pbrain-\xe8ern\xfd.exe", "pbrain-\u00e8ern\u00fd.exe"),
                       (b"pbrain-\x81.exe", "pbrain-\x81.exe")):
        f = tmp_path / "g.psq"
        f.write_bytes(head + data + b"\r\nhomo-2\r\n-1\r\n")
        out = tmp_path / "out.psq"
        assert R.main([str(f), "--to", "psq", "-o", str(out)]) == 0
        assert "names read as Windows-1252" in capsys.readouterr().err
        rec = R.read(out.read_text(encoding="utf-8"))
        assert rec.moves == [(7, 7), (8, 8)] and rec.names == (name, "")


def test_an_sgf_collection_needs_game(tmp_path, capsys):
    # Sabaki saves several games to one file, one game tree after another, and ORC publishes
    # games so: such a file was read as its first game, the others dropped without a word.
    text = ("(;GM[4]FF[4]SZ[15]PB[Ann];B[hh];W[ii])\n"
            "(;GM[4]FF[4]SZ[15]PB[Bob];B[aa];W[bb](;B[cc])(;B[dd]))\n"
            "(;GM[4]FF[4]SZ[19]RU[renju];B[jj])\n")
    with pytest.raises(R.RecordError, match=said("an SGF collection of 3 games: --game N reads "
                                                 "game N")):
        R.read(text)
    assert names(R.read(text, game=1)) == "h8 i7" and R.read(text, game=1).names[0] == "Ann"
    rec = R.read(text, game=2)
    assert names(rec) == "a15 b14 c13" and rec.names[0] == "Bob"
    rec = R.read(text, game=3)
    assert (rec.size, rec.rule, names(rec)) == (19, rules.RENJU, "j10")
    for n in (0, 4):
        with pytest.raises(R.RecordError, match=said("no game %d in this SGF: it holds 3" % n)):
            R.read(text, game=n)
    # A damaged game after the one asked for is not read; before it, or unasked, it is said
    damaged = text + "(;B[hh];W[ii)\n"
    assert names(R.read(damaged, game=2)) == "a15 b14 c13"
    for n in (4, None):
        with pytest.raises(R.RecordError, match=said("an SGF collection whose game 4 is damaged "
                                                     "(SGF: property W is not closed)")):
            R.read(damaged, game=n)
    with pytest.raises(R.RecordError, match=said("an SGF collection whose game 2 is damaged "
                                                 "(SGF: the game tree is not closed)")):
        R.read("(;B[hh])(;W[ii]")
    # One game: --game 1 or none; text after the last tree is no game
    assert names(R.read("(;GM[4];B[hh]) saved by X\n")) == "h8"
    assert names(R.read("(;GM[4];B[hh])", game=1)) == "h8"
    f = tmp_path / "games.sgf"
    f.write_text(text)
    assert R.main([str(f), "--to", "moves"]) == 2
    assert "an SGF collection of 3 games" in capsys.readouterr().err
    assert R.main([str(f), "--to", "moves", "--game", "2"]) == 0
    assert capsys.readouterr().out == "a15 b14 c13\n"


def test_an_end_the_output_cannot_hold_is_said(tmp_path, capsys):
    # PSQ, openings and move lists hold moves only: a resignation (SGF's RE, a past game's own
    # end) was dropped without a word, and the game read back as unfinished.
    f = tmp_path / "g.sgf"
    f.write_text("(;GM[4]FF[4]SZ[15]RU[freestyle]RE[W+R];B[hh];W[ii])")
    for fmt in ("psq", "opening", "moves"):
        assert R.main([str(f), "--to", fmt]) == 0
        err = capsys.readouterr().err
        assert ("%s has no place for how the game ended (white won, resignation): written "
                "without it" % fmt) in err
    assert R.main([str(f), "--to", "sgf"]) == 0
    assert capsys.readouterr().err == ""
    # An end the moves make is in the moves: nothing to say
    f.write_text("(;GM[4]FF[4]SZ[15]RU[freestyle]RE[B+]%s)" % "".join(
        ";%s[%s]" % ("BW"[n % 2], m) for n, m in enumerate(
            "hh ai ih aj jh ak kh al lh".split())))
    assert R.main([str(f), "--to", "psq"]) == 0
    assert capsys.readouterr().err == ""


def test_huge_files_are_refused_before_they_take_the_memory(tmp_path, capsys, monkeypatch):
    # Read whole, line by line, node by node: 18 MB of PSQ took 540 MB of memory, a 15 MB SGF
    # 2.3 GB and 30 s, a larger one ran the machine out of memory with no word said.
    with pytest.raises(R.RecordError, match=said("larger than any record this reads but an SGF "
                                                 "collection (8 MB at most)")):
        R.read("Piskvorky 15x15, 0:0, 0\n" + "8,8,0\n" * (R.MAX_TEXT // 6))
    # More moves than the board has points is no game: said at once, not after the list
    with pytest.raises(R.RecordError, match=said("PSQ: more moves than the 15x15 board has "
                                                 "points")):
        R.read("Piskvorky 15x15, 0:0, 0\n" + "8,8,0\n" * 226)
    with pytest.raises(R.RecordError, match=said("more moves than the 5x5 board has points")):
        R.read("a1 " * 26, size=5)
    with pytest.raises(R.RecordError, match=said("SGF: more than 800 moves in one game")):
        R.read("(;GM[4]" + ";B[hh];W[ii]" * 401 + ")")
    # A library's variations and a collection's other games are not kept: a main line of
    # comments, and an SGF collection larger than any other record, read in little memory
    monkeypatch.setattr(R, "MAX_TEXT", 200000)  # (the real one takes seconds to fill)
    big = "(;GM[4]SZ[15]PB[Ann]%s;B[hh];W[ii](;B[kk])(;B[jj]%s))\n" % (
        ";C[a comment]" * 1000, ";C[x];W[aa]" * 10000)
    text = big * (R.MAX_TEXT // len(big) + 1)
    assert len(text) > R.MAX_TEXT
    with pytest.raises(R.RecordError, match="an SGF collection of %d games" % (
            R.MAX_TEXT // len(big) + 1)):
        R.read(text)
    rec = R.read(text, game=2)
    assert names(rec) == "h8 i7 k5" and rec.names[0] == "Ann"
    # The file itself: past 64 MB it is not read whole
    monkeypatch.setattr(R, "MAX_FILE", 1000)
    f = tmp_path / "big.sgf"
    f.write_text("(;GM[4];B[hh]C[%s])" % ("x" * 1000))
    assert R.main([str(f)]) == 2
    assert "larger than 0 MB: not a record file" in capsys.readouterr().err


def test_psq_names_stay_one_line_each():
    # An SGF name may hold a line break; in PSQ it made a third line, read as the second player
    rec = R.read("(;GM[4]FF[4]SZ[15]PB[pbrain-a\r\nb.exe]PW[pbrain-c.exe];B[hh];W[ii])")
    text = R.write_psq(rec)
    assert text.splitlines()[3:] == ["pbrain-a b.exe", "pbrain-c.exe", "-1"]
    assert R.read(text).names == ("pbrain-a b.exe", "pbrain-c.exe")


def test_psq_rule_from_the_gomocup_archives_line(tmp_path, capsys):
    # After the code the archives name the tournament: "1,Freestyle", "0,Freestyle15_1". Black
    # closes e8-j8, six in a row: a win in freestyle, a foul in Renju.
    game = "Piskvorky 15x15, 11:11, 0\n5,8,0\n1,1,0\n6,8,0\n1,2,0\n7,8,0\n1,3,0\n9,8,0\n" \
           "1,4,0\n10,8,0\n3,1,0\n8,8,0\nA.zip\nB.zip\n-1\n"
    rec = R.read(game)
    assert (rec.rule, rec.winner, rec.said_rule) == (rules.FREESTYLE, BLACK, False)
    rec = R.read(game + "2,Renju\n")
    assert (rec.rule, rec.winner, rec.reason, rec.said_rule) == (
        rules.RENJU, WHITE, "forbidden h8", True)
    assert rec.names == ("A.zip", "B.zip")
    assert R.read(game + "0,Standard\n").rule == rules.STANDARD
    assert R.read(game + "1,Freestyle15_1\n").said_rule
    assert R.read(game + "2,Renju\n", rule=rules.FREESTYLE).winner == BLACK  # --rule first
    assert not R.read(game + "1,Caro\n").said_rule  # a rule this game does not play
    # Without the players that line is no player's name
    rec = R.read("Piskvorky 15x15, 0:0, 0\n8,8,0\n-1\n1,Freestyle\n")
    assert rec.names == ("", "") and rec.said_rule
    f = tmp_path / "g.psq"
    f.write_text(game + "2,Renju\n")
    assert R.main([str(f), "--to", "sgf"]) == 0
    out = capsys.readouterr()
    assert "RU[renju]" in out.out and "RE[W+F]" in out.out and out.err == ""


def renlib(lines, version=(3, 4), comments=None, old_comments=None, labels=None, root=True):
    """A Renlib library of these lines (move lists) as RenLib writes one (CRenLibDoc::WriteNode):
    the header, the root, then each node in preorder, its point 16 * row + column + 1 from the
    top left, DOWN (0x80) when a later sibling follows, RIGHT (0x40) when it has no child.
    comments / old_comments: {line: text} on the line's last node (COMMENT 0x08, or the old
    form OLD_COMMENT 0x20, ended by a byte with its top bit set); labels: {line: [(point,
    text)]}, labels (NO_MOVE 0x02 with a board text: EXTENSION 0x01, then BOARD_TEXT) on points
    after the line, written before its moves."""
    b = Board(15)
    tree = {}
    for ln in lines:
        node = tree
        for name in ln.split():
            node = node.setdefault(name, {})
    out = bytearray(b"\xffRenLib\xff" + bytes(version) + b"\xff" * 10)

    def text(s, old=False):
        t = bytearray(s.encode("cp1252"))
        if old:
            t[-1] |= 0x80
        else:
            t.append(0)
        return t + b"\0" * (len(t) % 2)

    def put(pos, flags, after=b""):
        out.extend(bytes((pos, flags)) + after)

    def node(prefix, name, kids, sibling):
        line = " ".join(prefix + [name])
        x, y = b.xy(b.parse(name))
        flags = (0x80 if sibling else 0) | (0 if kids or (labels or {}).get(line) else 0x40)
        after = b""
        if line in (comments or {}):
            flags |= 0x08
            after = text(comments[line])
        elif line in (old_comments or {}):
            flags |= 0x20
            after = text(old_comments[line], True)
        put(16 * y + x + 1, flags, after)
        children(prefix + [name], kids)

    def children(prefix, kids):
        marks = (labels or {}).get(" ".join(prefix), [])
        for k, (point, label) in enumerate(marks):
            x, y = b.xy(b.parse(point))
            put(16 * y + x + 1, 0x02 | 0x01 | (0x80 if k + 1 < len(marks) or kids else 0)
                | 0x40, b"\x00\x01" + text(label))
        for k, name in enumerate(kids):
            node(prefix, name, kids[name], k + 1 < len(kids))

    if root:
        put(0, 0)
    else:
        del out[:]
    children([], tree)
    return bytes(out)


def test_renlib_libraries_read_line_by_line(tmp_path, capsys):
    # RenLib's libraries (.lib) were refused as "not UTF-8 text (byte 0)". One is a tree of
    # lines, read as RenLib orders them: the first is its main line; labels and comments (new
    # and old forms) are skipped; the rule is Renju unless --rule says.
    lines = ["h8 h9 i8 g10", "h8 h9 j10", "h8 i9 i8", "h8 g7"]
    lib = renlib(lines, comments={"h8 h9": "direct", "h8 i9 i8": "x" * 7},
                 old_comments={"h8 h9 j10": "old"}, labels={"h8 h9": [("j8", "a")],
                                                              "h8 h9 i8 g10": [("k8", "b")]})
    f = tmp_path / "openings.lib"
    f.write_bytes(lib)
    out = tmp_path / "out.sgf"
    assert R.main([str(f), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "read as Renju" in err and "--game N reads line N" in err
    rec = R.read(out.read_text(encoding="utf-8"))
    assert names(rec) == "h8 h9 i8 g10" and rec.rule == rules.RENJU
    for n, moves in enumerate(lines, 1):
        assert names(R.load(lib, game=n)) == moves
    with pytest.raises(R.RecordError, match=said("no line 5 in this Renlib library: it holds 4")):
        R.load(lib, game=5)
    with pytest.raises(R.RecordError, match=said("no line 0 in this Renlib library: it holds 4")):
        R.load(lib, game=0)
    assert R.load(lib, rule=rules.FREESTYLE).rule == rules.FREESTYLE
    # A library of one line says nothing of lines; RenLib before 3.0 wrote no header and no
    # root (read with --from renlib); file version 3.0 has the header but no root.
    one = renlib(["h8 h9 i8"])
    assert names(R.load(one)) == "h8 h9 i8" and not any("line" in s for s in R.load(one).notes)
    assert names(R.load(renlib(["h8 h9 i8"], root=False), "renlib")) == "h8 h9 i8"
    v30 = renlib(["h8 h9"], version=(3, 0), root=False)
    assert names(R.load(b"\xffRenLib\xff\x03\x00" + b"\xff" * 10 + v30)) == "h8 h9"
    # The rules apply: a Renju foul by black ends the line, and a move after it is refused.
    foul = "i8 a1 j8 a2 h9 a3 h10 a5 h8"
    assert R.load(renlib([foul])).reason == "forbidden h8"
    with pytest.raises(R.RecordError, match=said("move 10 (a6): the game was over after move 9 "
                                                 "(forbidden h8)")):
        R.load(renlib([foul + " a6"]))


@pytest.mark.parametrize("data, says", [
    (b"\x01\x02\x03", "not a Renlib library: it does not start with RenLib's header"),
    (b"", "no record: the input is empty"),
    (b"\xffRenLib\xff\x03\x05" + b"\xff" * 10 + b"\x00\x00\x78\x40",
     "a Renlib library of file version 3.5: this reads versions up to 3.4"),
    (b"\xffRenLib\xff\x03\x04\xff", "Renlib: truncated: the file ends inside its 20-byte header"),
    (b"\xffRenLib\xff\x03\x04" + b"\xff" * 10 + b"\x00\x00\x78\x00\x79",
     "Renlib: truncated: the file ends inside node 3 (byte 24)"),
    (b"\xffRenLib\xff\x03\x04" + b"\xff" * 10 + b"\x00\x00\x78\x01\x00",
     "Renlib: truncated: the file ends inside node 2 (byte 22)"),
    (b"\xffRenLib\xff\x03\x04" + b"\xff" * 10 + b"\x00\x00\x78\x08ab",
     "Renlib: truncated: the file ends inside node 2's text"),
    (b"\xffRenLib\xff\x03\x04" + b"\xff" * 10 + b"\x00\x00\x78\x00\x80\x40",
     "Renlib node 3 (byte 24): point byte 80 is off the 15x15 board: a damaged library"),
    (b"\xffRenLib\xff\x03\x04" + b"\xff" * 10 + b"\x00\x00\x78\x02\x79\x40",
     "Renlib: line 1 goes on from a label (node at byte 22), not a move: not supported"),
    (b"\xffRenLib\xff\x03\x04" + b"\xff" * 10 + b"\x00\x00", "a Renlib library with no moves"),
    (b"\xffRenLib\xff\x03\x04" + b"\xff" * 10 + b"\x00\x40\x78\x40",
     "a Renlib library with no moves"),
])
def test_a_renlib_file_not_read_is_said_and_nothing_written(tmp_path, capsys, data, says):
    f = tmp_path / "bad.lib"
    f.write_bytes(data)
    out = tmp_path / "out.sgf"
    assert R.main([str(f), "--from", "renlib", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.splitlines()) == 1 and not out.exists(), err
