#!/usr/bin/env bash
# Runs the desktop simulator (tools/sim.py) in the project's .venv, creating it on first use.
# Usage: tools/sim.sh [--board KIT] [--term | --headless] [...]   (tools/sim.sh --help)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

if [ ! -x "$repo/.venv/bin/python" ]; then
    python3 -m venv "$repo/.venv"
fi
# Same stamp as tools/test.sh: reinstall only when requirements-dev.txt changed.
if ! cmp -s "$repo/requirements-dev.txt" "$repo/.venv/.requirements-dev.installed"; then
    "$repo/.venv/bin/python" -m pip install -q --disable-pip-version-check \
        -r "$repo/requirements-dev.txt"
    cp "$repo/requirements-dev.txt" "$repo/.venv/.requirements-dev.installed"
fi
exec "$repo/.venv/bin/python" "$repo/tools/sim.py" "$@"
