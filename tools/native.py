#!/usr/bin/env python3
# Native builds of the firmware modules written in MicroPython's viper subset (ai/lines.py):
# the same source with `# @micropython.viper` turned into the decorator and each
# `name = value  # viper: T` line casting the value to the native type T (ptr8, ptr16, ptr32,
# int), lines the plain build runs as ordinary assignments. tools/deploy.py compiles them for
# the kit's CPU; ai.eval imports the native module first and falls back to the plain one.
#
#   python tools/native.py OUTDIR    writes the native sources (vlines.py) into OUTDIR, to run
#                                    them under the MicroPython unix port (tools/bench_ai.py
#                                    --native, host_tests/host/test_native.py)
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NATIVE = {"ai/lines.py": "ai/vlines"}  # firmware module -> its native build's module path
_CAST = re.compile(r"^(\s*)(\w+) = (.+?)  # viper: (\w+)$")


def source(text):
    """The native build's source of a module of NATIVE."""
    out = []
    for line in text.split("\n"):
        if line.strip() == "# @micropython.viper":
            line = line.replace("# @", "@")
        else:
            m = _CAST.match(line)
            if m:
                line = "%s%s = %s(%s)" % (m.group(1), m.group(2), m.group(4), m.group(3))
        out.append(line)
    return "\n".join(out)


def write(outdir):
    """Write each native source into outdir under its module's base name; returns the paths."""
    os.makedirs(outdir, exist_ok=True)
    paths = []
    for rel, mod in sorted(NATIVE.items()):
        with open(os.path.join(ROOT, "firmware", rel)) as f:
            text = source(f.read())
        path = os.path.join(outdir, mod.rsplit("/", 1)[-1] + ".py")
        with open(path, "w") as f:
            f.write(text)
        paths.append(path)
    return paths


USAGE = "usage: python tools/native.py OUTDIR   (writes the native sources, vlines.py, into OUTDIR)"

if __name__ == "__main__":
    if sys.argv[1:] in (["-h"], ["--help"]):
        print(USAGE)
        sys.exit(0)
    if len(sys.argv) != 2 or sys.argv[1].startswith("-"):  # "--help" was taken for OUTDIR
        print(USAGE)
        sys.exit(2)
    for p in write(sys.argv[1]):
        print(p)
