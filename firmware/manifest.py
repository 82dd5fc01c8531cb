# Freeze the game into your own MicroPython build: include("<checkout>/firmware/manifest.py") in the
# board manifest. main.py and the kit profile (/kit.json) stay on the filesystem.
metadata(description="Gomoku console: rules, game flow, AI and hardware layer", version="0.1.0")
# not ai/patgen.py: it builds ai/pattab.py on the host (tools/deploy.py leaves it out too)
package("ai", files=["__init__.py", "engine.py", "eval.py", "lines.py", "opening.py",
                     "overlines.py", "pattab.py", "patterns.py", "player.py", "scan.py",
                     "search.py"])
package("app")
package("gomoku")
package("hw")
module("overlay.py")  # imported by all of them
