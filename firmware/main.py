# Device entry point: hardware first while the heap is still whole, then the app's loop.
import gc

gc.collect()
from hw import kit  # noqa: E402

hw = kit.setup()
del kit
from overlay import drop  # noqa: E402

drop("hw.kit")  # boot-only code: its RAM goes back to the game
from app import app  # noqa: E402

app.run(hw)
