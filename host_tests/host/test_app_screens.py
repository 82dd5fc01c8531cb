# Screenshots of the main screens for the reference kit and the smallest two-key kit, written
# as PNGs for people to look at (APP_SHOTS=folder; default /tmp/brief/shots).
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


def test_screenshots():
    out = os.environ.get("APP_SHOTS", "/tmp/brief/shots")
    os.makedirs(out, exist_ok=True)
    for kit in ("pico_lcd_13", "ttgo_tdisplay", "m5stack_core"):
        d = _shots(kit, out)
        assert d.app.game.s.game.over()
        assert os.path.getsize(os.path.join(out, kit + "_4_over.png")) > 500
