#!/usr/bin/env bash
# Runs the desktop simulator (tools/sim.py) in the project's .venv, creating it on first use.
# Usage: tools/sim.sh [--board KIT] [--term | --headless] [...]   (tools/sim.sh --help)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

. "$repo/tools/venv.sh"
exec "$repo/.venv/bin/python" "$repo/tools/sim.py" "$@"
