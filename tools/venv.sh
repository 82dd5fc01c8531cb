# The project's .venv, for tools/sim.sh and tools/test.sh (sourced; $repo is the checkout):
# made on first use, its packages installed again only when requirements-dev.txt changed.
if [ ! -x "$repo/.venv/bin/python" ] || [ ! -f "$repo/.venv/.requirements-dev.installed" ]; then
    # An older python3 made the venv, then pip stopped at "No matching distribution found for
    # pytest==..." (the pinned packages want a newer Python), which does not say why.
    if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
        echo "Python 3.11 or newer is needed (python3 here: $(python3 --version 2>&1))." >&2
        exit 1
    fi
    # python3 -m venv that fails half way (Debian's python3 without python3-venv has no
    # ensurepip) leaves .venv/bin/python without pip: every later run stopped at "No module
    # named pip", also once the package was installed as the failure said. A first run
    # stopped during ensurepip (Ctrl-C, a CI job's time limit) leaves the same, with no marker
    # of a finished install: venv again over it puts pip in.
    python3 -m venv "$repo/.venv" || { rm -rf "$repo/.venv"; exit 1; }
fi
if ! cmp -s "$repo/requirements-dev.txt" "$repo/.venv/.requirements-dev.installed"; then
    "$repo/.venv/bin/python" -m pip install -q --disable-pip-version-check \
        -r "$repo/requirements-dev.txt"
    cp "$repo/requirements-dev.txt" "$repo/.venv/.requirements-dev.installed"
fi
