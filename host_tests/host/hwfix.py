# Shared helpers for the hardware tests: a fresh fake board per test, no real init delays.
import machine
import vpanel
from hw import kit, panel

panel.sleep_ms = lambda ms: None  # controller delays cost wall time only on the host


def build(name, rotation=None, levels=None, **kw):
    """Fresh fake board with the kit's virtual panel attached; returns (hw, screen, profile).
    levels: GPIO -> level the board's own wiring holds it at (else 1)."""
    machine.reset_state()
    machine.levels.update(levels or {})
    p = dict(kit.load_profile(name))
    machine.set_port(p["mcu"])
    if rotation is not None and rotation != p["rotation"]:
        if (rotation ^ p["rotation"]) & 1:
            p["width"], p["height"] = p["height"], p["width"]
        p["rotation"] = rotation
    screen = vpanel.attach(p)
    return kit.setup(profile=p, **kw), screen, p
