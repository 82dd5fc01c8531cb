# Screenshots of the main screens for the reference kit and the smallest two-key kit, written
# as PNGs for people to look at (APP_SHOTS=folder; by default the test's own temporary folder).
import os

import appfix


def _shots(kit, out):
    def shot(name):
        d.screen.to_png(os.path.join(out, "%s_%s.png" % (kit, name)))

    d = appfix.Driver(kit)
    shot("1_menu")
    d.new_game("pnp", rule="renju", opening="swap+5th")
    for _ in range(3):
        d.press("place")
        if d.app.game.temp:
            d.press("right")
            d.press("place")
    shot("2_question")
    d = appfix.Driver(kit)
    d.new_game("pnp", rule="renju")
    play = d.app.game
    g = play.s.game
    b = g.board
    for n in ("h8", "h9", "i9", "i10", "j10", "k11", "g8", "f8", "i7", "j6"):
        g.play(b.parse(n))
    play.changed()
    shot("3_game")
    for n in ("g10", "j8", "f10", "k8", "e10", "l8", "d10", "m8", "h10"):
        g.play(b.parse(n))
    play.changed()
    shot("4_over")
    return d


def test_screenshots(tmp_path):
    out = os.environ.get("APP_SHOTS", str(tmp_path))
    os.makedirs(out, exist_ok=True)
    for kit in ("pico_lcd_13", "ttgo_tdisplay", "m5stack_core"):
        d = _shots(kit, out)
        assert d.app.game.s.game.over()
        for name in ("1_menu", "2_question", "3_game", "4_over"):
            assert os.path.getsize(os.path.join(out, "%s_%s.png" % (kit, name))) > 500



def test_the_game_screen_texts_fit_on_every_kit():
    # Clocks, results and the questions' answers whole on every panel and board size it shows
    # (320x240's side panel of 10 characters showed "Yo 0:00", "P 19:59" and "<Play whit").
    from app import layout
    from app.status import Status
    from test_app_monkey import KITS

    assert len(KITS) == 8
    for kit in KITS:
        d = appfix.Driver(kit)
        disp = d.hw.display
        for n in layout.sizes(disp.width, disp.height):
            L = layout.fit(disp.width, disp.height, n)
            st = Status(disp, L, d.app.scratch)
            st.reset(d.app.theme)
            for name in ("You", "AI", "P1", "P2"):
                st.clock(0, name, 1, (19 * 60 + 59) * 1000, True, 0)
                assert st.clocks[0].text.split() == [name, "19:59"], (kit, n)
                st.clock(1, name + " lost", 2, None, False, -1)
                assert st.clocks[1].text.strip() == name + " lost", (kit, n)
            for text, option in (("P2: swap colours?", "Keep white"),
                                 ("P2: swap colours?", "Take black"),
                                 ("P2: swap2", "Play white"), ("P2: swap2", "Put 2 more"),
                                 ("White wins: resignation", "New game")):
                st.message(text, option)
                opt = "<%s>" % option
                if L.side:
                    rows = [f.text for f in st.lines if f.text]
                    assert " ".join(rows[:-1]) == text and rows[-1] == opt, (kit, n, rows)
                else:
                    assert st.wide.text.endswith(" " + opt), (kit, n, st.wide.text)


def _contrast(a, b):
    """WCAG contrast ratio of two (r, g, b) colours."""
    def lum(c):
        v = [x / 255 for x in c]
        v = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in v]
        return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]

    la, lb = sorted((lum(a), lum(b)))
    return (lb + 0.05) / (la + 0.05)


def _label_games():
    """(kit, board size, driver with a new game of that size) for every kit and board size."""
    from app import layout
    from test_app_monkey import KITS

    for kit in KITS:
        disp = appfix.Driver(kit).hw.display
        sizes = layout.sizes(disp.width, disp.height)
        for n in sizes:
            d = appfix.Driver(kit)
            d.new_game("pnp", **({"size": "%dx%d" % (n, n)} if len(sizes) > 1 else {}))
            yield kit, n, d


def _label_ink(d, s, x0, y0, w, h):
    """(pixels of the label's ink on screen in the w x h strip at x0, y0; pixels label s has in
    the board view's font)."""
    from app import ui

    L = d.app.game.view.L
    want = ui.Scratch(2 * 40 * L.cell).view(40, L.cell)
    want.fill(0)
    if L.big:
        want.text(s, 0, 0, 1)
    else:
        ui.tiny(want, s, 0, 0, 1)
    need = sum(want.pixel(x, y) == 1 for x in range(40) for y in range(L.cell))
    ink = appfix.rgb(d.app.theme.grid)
    got = sum(appfix.close(d.pixel(x0 + x, y0 + y), ink) for x in range(w) for y in range(h))
    return got, need


def test_row_labels_are_whole_on_every_kit():
    # Two-digit row numbers in the 3x5 font began a pixel left of their strip, so the 1 of 10
    # to 19 lost its left column and read "L0" to "L9" (the 240x135 and 320x240 kits).
    for kit, n, d in _label_games():
        L = d.app.game.view.L
        for y in (0, n - 10, n - 1):  # "15" or "19", "10", "1"
            s = str(n - y)
            got, need = _label_ink(d, s, L.bx - L.lw, L.by + y * L.cell, L.lw, L.cell)
            assert got == need, (kit, n, s, got, need)


def test_column_labels_are_the_point_names_letters():
    # The columns are lettered as Renju names points, I included (H, I, J: the labels skipped
    # I as on Go boards); each label is its column's letter in the names the game shows.
    for kit, n, d in _label_games():
        L = d.app.game.view.L
        b = d.app.game.s.game.board
        assert b.name(b.idx(8, n - 1)) == "i1"
        for x in (7, 8, 9, n - 1):  # H I J, and O or S
            s = b.name(b.idx(x, 0))[0].upper()
            got, need = _label_ink(d, s, L.bx + x * L.cell, L.by + n * L.cell, L.cell, L.lh)
            assert got == need, (kit, n, s, got, need)


def test_stones_stand_out_from_the_board_in_every_theme():
    # The dark theme's black stones had no outline: near-black on its slate board, 1.5:1 (the
    # wood theme outlines its white stones for the same reason).
    from app import theme as T

    for theme in (0, 1):
        d = appfix.Driver("pico_lcd_13")
        d.app.theme = T.make(theme)
        d.new_game("pnp")
        d.play("h8", "h9")
        t = d.app.theme
        v = d.app.game.view
        c = v.L.cell
        r = (c - 2) // 2
        for name in ("h8", "h9"):
            x, y = v.origin(v.board.parse(name))
            edge = d.pixel(x + c // 2 - r, y + c // 2)  # the stone's outermost pixel
            assert _contrast(edge, appfix.rgb(t.board)) >= 3, (theme, name, edge)


def test_marks_on_the_board_stand_out_from_it_in_every_theme():
    # What is drawn straight on the board, not on a stone: the grid and the labels in its
    # colour (dark theme 2.98:1), the cursor, Renju's forbidden cross and the ring on hints and
    # proposals (wood 2.6:1 both): at least 3:1 (WCAG's least for graphics), and the grid's
    # ink is what the screen shows on a line.
    from app import theme as T

    for theme in (0, 1):
        d = appfix.Driver("pico_lcd_13")
        d.app.theme = T.make(theme)
        d.new_game("pnp")
        t = d.app.theme
        v = d.app.game.view
        board = appfix.rgb(t.board)
        for name in ("grid", "cursor", "forbid", "mark"):
            ink = appfix.rgb(getattr(t, name))
            assert _contrast(ink, board) >= 3, (theme, name, ink)
        x, y = v.origin(v.board.parse("a1"))
        shown = {d.pixel(x + i, y + v.L.cell // 2) for i in range(v.L.cell)}
        assert appfix.rgb(t.grid) in shown, (theme, shown)  # the grid is drawn in that ink


def test_the_winning_five_stands_out_from_the_board_and_keeps_its_stones_seen():
    # The wood theme's light green behind the five was as bright as the wood (1.09:1): seen by
    # its hue alone, which red-green colour blindness does not tell. Against the board at least
    # 3:1 (WCAG's least for graphics), and the stones on it still stand out (at least 2.5:1).
    from app import theme as T

    for theme in (0, 1):
        d = appfix.Driver("pico_lcd_13")
        d.app.theme = T.make(theme)
        d.new_game("pnp")
        d.play("h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8")
        t = d.app.theme
        v = d.app.game.view
        assert d.app.game.s.game.over()
        board = appfix.rgb(t.board)
        for name in ("h8", "j8"):
            i = v.board.parse(name)
            behind = d.pixel(*d.cell_corner(i))
            assert behind == appfix.rgb(t.win), (theme, name, behind)
            assert _contrast(behind, board) >= 3, (theme, name, behind)
            assert _contrast(d.pixel(*d.stone_px(i)), behind) >= 2.5, (theme, name)
        assert d.pixel(*d.cell_corner(v.board.parse("h9"))) == board  # white's four: not won
        for ink in (t.black, t.white):
            assert _contrast(appfix.rgb(ink), appfix.rgb(t.win)) >= 2.5, (theme, ink)


def test_clock_rows_show_both_stone_icons_in_every_theme():
    # The black stone beside the name of the player not to move was near-black on the wood
    # theme's near-black status row, outlined in dark brown (1.9:1): next to invisible. (On
    # the highlighted row its fill stands out: 3.4:1 in wood, 2.6:1 on the dark theme's blue.)
    from app import theme as T
    from app.layout import ROW_H

    for kit in ("pico_lcd_13", "ttgo_tdisplay"):
        for theme in (0, 1):
            d = appfix.Driver(kit)
            d.app.theme = T.make(theme)
            d.new_game("pnp")
            st = d.app.game.status
            t = d.app.theme
            for p, colour in ((0, 1), (1, 2)):
                st.clock(p, "P1", colour, 0, False, -1)
                f = st.clocks[p]
                y = f.y + (ROW_H - 8) // 2 + 3  # the icon's middle row
                seen = max(_contrast(d.pixel(f.x + x, y), appfix.rgb(t.bg)) for x in (0, 3))
                assert seen >= 3, (kit, theme, p)


def test_the_crash_screen_shows_the_whole_message(monkeypatch, tmp_path):
    # The error's text was cut at 24 characters whatever the panel's width: a C stack overflow
    # said "maximum recursion depth " (its "exceeded" gone), an exhausted heap lost its size.
    import machine
    from app import crash
    from app.layout import ROW_H

    monkeypatch.chdir(tmp_path)  # error.txt
    for kit, err, rows in (
            ("pico_lcd_13", RuntimeError("maximum recursion depth exceeded"),
             ["maximum recursion depth", "exceeded"]),
            ("ttgo_tdisplay", MemoryError("memory allocation failed, allocating 1536 bytes"),
             ["memory allocation failed,", "allocating 1536 bytes"]),
            ("m5stack_core", MemoryError("memory allocation failed, allocating 1536 bytes"),
             ["memory allocation failed, allocating", "1536 bytes"]),
            ("ttgo_tdisplay", OSError("x" * 70), ["x" * 29, "x" * 29, "x" * 12])):
        d = appfix.Driver(kit)
        waits = []

        def sleep_ms(ms):
            waits.append(ms)
            if len(waits) == 70:
                machine.press(next(int(k) for k, v in d.profile["buttons"].items()
                                   if v == "place" or v[0] == "place"))

        monkeypatch.setattr(crash, "sleep_ms", sleep_ms)
        monkeypatch.setattr(crash, "_GRACE_MS", 0)
        try:
            crash.report(d.hw, err)
        except SystemExit:
            pass
        white = crash.rgb(255, 255, 255)
        ys = [y for y in range(d.screen.height - 8)
              if appfix.shows_text(d.screen, 4, y, rows[0], white)]
        assert ys, (kit, rows[0])
        for k, text in enumerate(rows):
            assert appfix.shows_text(d.screen, 4, ys[0] + k * ROW_H, text, white), (kit, text)
        y = ys[0] + len(rows) * ROW_H
        assert appfix.shows_text(d.screen, 4, y, "Saved games are kept.", white), kit
