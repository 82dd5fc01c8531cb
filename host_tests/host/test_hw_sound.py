# Sound: tunes advance with the clock, stop, mute; a kit without a buzzer takes the same calls.
import machine

import hwfix
from hw import sound


def tones(s, pwm, until, step=5):
    # (time, frequency) at each change of what the speaker plays
    out = []
    last = None
    for t in range(0, until, step):
        s.update(t)
        f = pwm.tone()
        if f != last:
            out.append((t, f))
            last = f
    return out


def test_win_tune_plays_in_order_and_ends():
    hw, screen, p = hwfix.build("m5stack_core")
    pwm = machine.pwms[p["buzzer"]]
    hw.sound.play("win")
    assert hw.sound.busy()
    seq = tones(hw.sound, pwm, 1000)
    notes = sound.TUNES["win"]
    assert [f for t, f in seq] == list(notes[0::2]) + [0]
    assert [t for t, f in seq] == [0, 110, 220, 330, 590]
    assert not hw.sound.busy()


def test_rest_inside_a_tune_is_silent():
    hw, screen, p = hwfix.build("m5stack_core")
    pwm = machine.pwms[p["buzzer"]]
    hw.sound.play("refused")
    assert tones(hw.sound, pwm, 400) == [(0, 220), (90, 0), (130, 180), (270, 0)]


def test_stop_and_mute_silence_at_once():
    hw, screen, p = hwfix.build("pico_ili9341")
    pwm = machine.pwms[p["buzzer"]]
    hw.sound.play("loss")
    hw.poll(0)
    assert pwm.tone() == 392
    hw.sound.stop()
    assert pwm.tone() == 0 and not hw.sound.busy()
    hw.sound.play("loss")
    hw.poll(10)
    hw.sound.mute = True
    hw.poll(20)
    assert pwm.tone() == 0 and not hw.sound.busy()
    hw.sound.play("click")
    hw.poll(30)
    assert pwm.tone() == 0


def test_silent_kit_accepts_every_call():
    hw, screen, p = hwfix.build("pico_lcd_13")
    assert p["buzzer"] is None
    before = dict(machine.pwms)
    for name in sound.TUNES:
        hw.sound.play(name)
        for t in range(0, 1000, 20):
            hw.poll(t)
        assert not hw.sound.busy()
    hw.sound.stop()
    assert machine.pwms == before  # no PWM was created for it


def test_the_crash_screen_silences_the_buzzer(tmp_path, monkeypatch):
    # A failure in the middle of a note (the win tune as the end screen draws, a click while
    # the AI thinks) went on with the tune on the crash screen; and if that screen failed too
    # (a heap too full to draw it), the board stopped at its REPL with the note sounding until
    # the power went.
    import time

    import pytest

    import appfix
    from app import crash, ui

    monkeypatch.chdir(tmp_path)  # error.txt
    d = appfix.Driver("pico_ili9341")
    pwm = machine.pwms[d.profile["buzzer"]]
    d.hw.sound.play("win")
    d.run(20)
    assert pwm.tone() == 523
    heard = []

    def sleep_ms(ms):  # the message is up: what does the speaker play meanwhile?
        time.sleep(ms / 1000)
        heard.append(pwm.tone())
        if len(heard) == 70:
            machine.press(16)  # place

    monkeypatch.setattr(crash, "sleep_ms", sleep_ms)
    with pytest.raises(SystemExit):
        crash.report(d.hw, MemoryError("x"))
    assert set(heard) == {0}
    machine.release(16)
    d.hw.sound.play("win")
    d.run(20)
    assert pwm.tone() == 523

    def no_room(*args):
        raise MemoryError("memory allocation failed, allocating 1536 bytes")

    monkeypatch.setattr(ui, "Scratch", no_room)
    with pytest.raises(MemoryError):
        crash.report(d.hw, MemoryError("x"))
    assert pwm.tone() == 0
    # The failure was the PWM's own (a port's RuntimeError): the message still shows.
    monkeypatch.undo()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(crash, "sleep_ms", sleep_ms)
    del heard[:]

    def broken(*args):
        raise RuntimeError("PWM is inactive")

    d.hw.sound.play("win")
    monkeypatch.setattr(pwm, "duty_u16", broken)
    with pytest.raises(SystemExit):
        crash.report(d.hw, RuntimeError("PWM is inactive"))
    assert len(heard) >= 70


def test_every_note_is_a_frequency_both_ports_take():
    # A rest is the duty at 0, never freq(0): rp2's PWM divides by the frequency, esp32's
    # refuses anything under 1 Hz. The fake PWM holds every note to the ports' ranges.
    for kit in ("pico_ili9341", "m5stack_core"):
        hw, screen, p = hwfix.build(kit)
        pwm = machine.pwms[p["buzzer"]]
        for name, notes in sound.TUNES.items():
            hw.sound.play(name)
            tones(hw.sound, pwm, 2000)
            assert not hw.sound.busy()
        assert all(8 <= f <= 20000 for kind, f in pwm.history if kind == "freq")
        try:
            pwm.freq(0)
        except ValueError:
            pass
        else:
            assert False, "the fake PWM took freq(0)"
