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
