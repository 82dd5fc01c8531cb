# The app's live heap on the emulated Pico, native build included: tools/bench_app.py's
# hard-AI game (the hardware fakes for pins and panel, the board's own framebuf), read between
# the app's loop passes after a collection, as the VM run reads it.
#
#   python3 tools/emu2040/emu.py --ram --add tools/fakes --add tools/bench_app.py \
#       tools/emu2040/app_heap.py --heap [--rule renju] [--size 19]
#
# --ram: modules load into RAM as from a board's littlefs, and the app's saves have somewhere
# to go (ramfs.py). Each reading on a scrubbed C stack, as bench_ai.py's board loop reads its
# own: a stale word there would pin garbage (stackscrub.py, which emu.py puts in the image).
import sys

sys.path.insert(0, "fakes")  # emu.py --add tools/fakes puts them beside this script
import vpanel  # noqa: E402

vpanel.KEEP_RAM = False  # the panel's 150 KB RAM model does not fit beside the app
import bench_app  # noqa: E402  (defines heap_step() from sys.argv's --heap)
from stackscrub import steps  # noqa: E402

steps(bench_app.heap_step)
import framebuf  # noqa: E402

print("framebuf: %s" % getattr(framebuf, "__file__", "built in"))
