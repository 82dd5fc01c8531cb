# Non-blocking buzzer tunes on a PWM pin; a kit without a buzzer gets the same API, silent.
from hw.clock import ticks_add, ticks_diff

# Tunes: flat tuples of (frequency Hz or 0 for a rest, duration ms).
TUNES = {
    "click": (1800, 25),
    "blip": (1200, 15),
    "refused": (220, 90, 0, 40, 180, 140),
    "win": (523, 110, 659, 110, 784, 110, 1047, 260),
    "loss": (392, 160, 330, 160, 262, 320),
}


class Sound:
    def __init__(self, pwm=None, volume=50):
        # pwm: machine.PWM-like object (freq(), duty_u16()), or None for a silent kit.
        self.pwm = pwm
        self._duty = volume * 32768 // 100  # 50 % duty is the loudest square wave
        self.mute = False
        self._tune = None
        self._pos = 0
        self._until = 0
        self._started = False

    def busy(self):
        return self._tune is not None

    def play(self, name):
        self._tune = TUNES[name]
        self._pos = 0
        self._started = False

    def stop(self):
        self._tune = None
        self._tone(0)

    def _tone(self, freq):
        pwm = self.pwm
        if pwm is None:
            return
        if freq and not self.mute:
            pwm.freq(freq)
            pwm.duty_u16(self._duty)
        else:
            pwm.duty_u16(0)

    def update(self, now):
        tune = self._tune
        if tune is None:
            return
        if self.mute:
            self.stop()
            return
        if self._started and ticks_diff(now, self._until) < 0:
            return
        if self._started:
            self._pos += 2
        if self._pos >= len(tune):
            self.stop()
            return
        self._started = True
        self._until = ticks_add(now, tune[self._pos + 1])
        self._tone(tune[self._pos])
