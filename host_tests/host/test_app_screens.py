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
    for n in ("h8", "h9", "j9", "j10", "k10", "l11", "g8", "f8", "j7", "k6"):
        g.play(b.parse(n))
    play.changed()
    shot("3_game")
    for n in ("g10", "k8", "f10", "l8", "e10", "m8", "d10", "n8", "h10"):
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

