#!/usr/bin/env bash
# The project's single test command (README and CI): CPython pytest over host_tests/,
# then host_tests/core again under the MicroPython VM. Installs what it needs first.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo="$(pwd)"

. tools/venv.sh
# (npm ci and the VM's own start fail on an older Node with errors that do not say why)
if ! node -e 'process.exit(+process.versions.node.split(".")[0] < 20 ? 1 : 0)'; then
    echo "Node.js 20 or newer is needed (node here: $(node --version 2>&1))." >&2
    exit 1
fi
# npm ci writes node_modules/.package-lock.json; -nt is also true when that is missing.
if [ tools/package-lock.json -nt tools/node_modules/.package-lock.json ]; then
    npm ci --prefix tools --no-audit --no-fund --loglevel=error
fi

rc=0
.venv/bin/python -m pytest -q || rc=1
node tools/mp_test.mjs host_tests/core || rc=1
exit $rc
