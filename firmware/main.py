# Device entry point: hardware first while the heap is still whole, then the app's loop.
import gc

gc.collect()
from hw import kit  # noqa: E402

hw = kit.setup()
del kit
from overlay import drop  # noqa: E402

drop("hw.kit")  # boot-only code: its RAM goes back to the game
from app import app  # noqa: E402

try:
    app.run(hw)
except KeyboardInterrupt:
    hw.sound.stop()  # nothing moves a tune on at the REPL: a note would sound on
    raise  # Ctrl-C from a connected computer: back to the REPL
except Exception as e:  # a bug or an exhausted heap: tell the player, never just freeze
    from app import crash

    crash.report(hw, e)
