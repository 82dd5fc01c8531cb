# Freeze the game into your own MicroPython build: include("<checkout>/firmware/manifest.py") in the
# board manifest. main.py and the kit profile (/kit.json) stay on the filesystem.
metadata(description="Gomoku console: rules, game flow, AI and hardware layer", version="0.1.0")
package("ai")
package("app")
package("gomoku")
package("hw")
module("overlay.py")  # imported by all of them
