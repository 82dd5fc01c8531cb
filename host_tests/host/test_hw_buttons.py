# Buttons: debounce, auto-repeat, long press and long-press aliases, driven by a fake clock.
import machine

import hwfix
from hw.buttons import LONG, PRESS, RELEASE, REPEAT, Buttons


def make(*keys):
    machine.reset_state()
    pins = [(machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP), a, lg) for n, a, lg in keys]
    return Buttons(pins, ticks=lambda: 0)


def run(b, until, start=0, step=10):
    out = []
    for t in range(start, until, step):
        out += [(t, a, k) for a, k in b.poll(t)]
    return out


def test_chatter_on_press_and_release_gives_one_press_and_one_release():
    # A tactile switch chatters for several ms as it closes and opens: a change counts when a
    # second reading agrees (a level read once between close readings is dropped), from its
    # first reading, and readings within the debounce time after that are the chatter's.
    b = make((5, "place", None))
    ev = []
    for t in range(0, 300, 3):
        if t < 12 or 150 <= t < 162:  # chatter: the level flips at every reading
            (machine.press if (t // 3) % 2 == 0 else machine.release)(5)
        elif t < 150:
            machine.press(5)
        else:
            machine.release(5)
        ev += [(t, a, k) for a, k in b.poll(t)]
    assert ev == [(15, "place", PRESS), (162, "place", RELEASE)]


def test_press_release_of_a_plain_key():
    b = make((5, "place", None))
    machine.press(5)
    ev = run(b, 100)
    assert ev == [(10, "place", PRESS)]  # the second reading agrees
    machine.release(5)
    ev = run(b, 200, 100)
    assert ev == [(110, "place", RELEASE)]


def test_a_quick_tap_read_once_counts():
    # While the AI thinks the keys are read about every 40 ms: a 60 ms tap is often read only
    # once. It counts (it was lost when a second reading had to confirm it).
    b = make((2, "right", None))
    ev = []
    for k in range(10):
        t0 = 1000 + 250 * k + 7 * k  # taps at varying phases against the 40 ms readings
        for t in range(t0 - t0 % 40, t0 + 250, 40):
            (machine.press if t0 <= t < t0 + 60 else machine.release)(2)
            ev += [k for a, k in b.poll(t)]
    assert ev.count(PRESS) == 10 and ev.count(RELEASE) == 10


def test_a_single_noisy_reading_is_no_press_nor_release():
    # The idle loop reads the keys every 10 ms or so. A pin read pressed once between two
    # released readings (a spike picked up by the wire, a key brushed) made a whole tap; read
    # released once on a held key it made a release and a second press. Both are dropped now.
    b = make((5, "place", None), (35, "right", "down"))
    ev = []
    for t in range(0, 1000, 10):
        for pin in (5, 35):
            glitch = t in (100, 300, 320, 700) if pin == 5 else t == 500
            (machine.press if glitch else machine.release)(pin)
        ev += b.poll(t)
    assert ev == []
    machine.press(5)
    for t in range(1000, 1300, 10):
        (machine.release if t in (1100, 1200) else machine.press)(5)
        ev += [(t, a, k) for a, k in b.poll(t)]
    assert ev == [(1010, "place", PRESS)]
    # A level read once when the readings around it are further apart than the debounce time
    # (while the AI thinks) cannot be told from a tap: it counts, as before (the quick tap
    # test above); the same ms read twice is no second reading.
    machine.release(5)
    b.poll(1400)
    b.poll(1410)
    machine.press(5)
    assert b.poll(2000) == ()
    b.sample(2000)  # the AI's clock read right after the poll
    assert b.poll(2000) == ()
    machine.release(5)
    assert b.poll(2040) == [("place", PRESS)]
    assert b.poll(2080) == [("place", RELEASE)]


def test_a_key_left_alone_for_a_week_still_presses():
    # The last counted change is kept to time the chatter after it; a week later the ticks
    # difference has wrapped negative, and the key read as still in its chatter (until 12.4
    # days). A negative difference counts as long ago.
    from hw.clock import TICKS_MASK, ticks_add

    b = make((5, "place", None))
    machine.press(5)
    b.poll(0)
    assert b.poll(10) == [("place", PRESS)]
    machine.release(5)
    b.poll(100)
    assert b.poll(110) == [("place", RELEASE)]
    week = ticks_add(100, 7 * 24 * 3600 * 1000 & TICKS_MASK)
    machine.press(5)
    b.poll(week)
    assert b.poll(ticks_add(week, 10)) == [("place", PRESS)]


def test_held_direction_repeats_and_does_not_send_long():
    b = make((2, "up", None))
    machine.press(2)
    ev = run(b, 1000)
    kinds = [(t, k) for t, a, k in ev]
    assert kinds[0] == (10, PRESS)
    reps = [t for t, k in kinds if k == REPEAT]
    assert reps[0] == 400  # first read pressed at 0, first repeat 400 ms later
    assert all(b - a == 120 for a, b in zip(reps, reps[1:]))
    assert len(reps) == 5 and LONG not in [k for t, k in kinds]


def test_a_tap_between_two_polls_is_kept_by_sample():
    # A tap that starts and ends between two polls (inside one long AI step): poll() alone sees
    # nothing; sample() readings in between keep it for the next poll, in order.
    b = make((5, "place", None), (6, "menu", None))
    assert b.poll(0) == ()
    machine.press(5)
    machine.release(5)
    assert b.poll(500) == ()  # the slow loop alone: lost
    for t in (600, 630):
        b.sample(t)
    machine.press(5)
    for t in (700, 730):
        b.sample(t)
    machine.release(5)
    for t in (800, 830):
        b.sample(t)
    machine.press(6)
    assert b.poll(900) == [("place", PRESS), ("place", RELEASE)]
    assert b.poll(930) == [("menu", PRESS)]  # its own reading, with the next
    assert b.poll(960) == ()
    b.sample(990)
    assert b.poll(990) == ()  # nothing seen twice


def test_slow_polling_does_not_burst_repeats():
    b = make((2, "up", None))
    machine.press(2)
    b.poll(0)
    b.poll(20)
    assert b.poll(3000) == [("up", REPEAT)]
    assert b.poll(3010) == ()
    assert b.poll(3120) == [("up", REPEAT)]


def test_long_press_of_a_plain_key_fires_once():
    b = make((17, "back", None))
    machine.press(17)
    ev = run(b, 2000)
    assert ev == [(10, "back", PRESS), (500, "back", LONG)]


def test_alias_key_short_press():
    b = make((35, "right", "down"))
    machine.press(35)
    assert run(b, 300) == []  # not yet known whether short or long
    machine.release(35)
    assert run(b, 400, 300) == [(310, "right", PRESS), (310, "right", RELEASE)]


def test_alias_key_long_press_becomes_the_alias_and_repeats():
    # Down on the two-key kit is a long press: it fires at 500 ms, then repeats 250 ms later
    # (the long press was the wait; it was 700 ms, then 400 more) and every 120 ms after.
    b = make((35, "right", "down"))
    machine.press(35)
    ev = run(b, 1100)
    assert ev[0] == (500, "down", PRESS)
    assert [t for t, a, k in ev[1:]] == [750, 870, 990]
    assert all(a == "down" and k == REPEAT for t, a, k in ev[1:])
    machine.release(35)
    assert run(b, 1200, 1100) == [(1110, "down", RELEASE)]


def test_two_keys_at_once():
    b = make((2, "up", None), (15, "place", None))
    machine.press(2)
    machine.press(15)
    assert b.poll(0) == ()
    assert sorted(b.poll(10)) == [("place", PRESS), ("up", PRESS)]
    assert b.poll(30) == ()


def test_kit_buttons_reach_hw_poll():
    hw, screen, p = hwfix.build("ttgo_tdisplay")
    machine.press(0)
    events = []
    for t in range(1000, 1100, 10):
        events += hw.poll(t)
    machine.release(0)
    for t in range(1100, 1200, 10):
        events += hw.poll(t)
    assert events == [("place", PRESS), ("place", RELEASE)]


def test_monotonic_clock_survives_a_ticks_wrap(monkeypatch):
    from hw import clock

    t = [(1 << 30) - 5]
    monkeypatch.setattr(clock, "ticks_ms", lambda: t[0])
    monkeypatch.setattr(clock, "_last", t[0])
    start = clock.monotonic_ms()
    t[0] = 7  # wrapped: 12 ms later
    assert clock.monotonic_ms() - start == 12
