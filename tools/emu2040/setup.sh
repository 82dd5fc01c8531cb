#!/bin/bash
# Builds an emulated Pico for timing the AI on Cortex-M0+ machine code without a board:
# MicroPython 1.25 (Debian's source package; no pico-sdk needed) as a bare-metal port for
# rp2040js (npm), made from MicroPython's qemu port by port.diff: UART0 for the console, the
# RP2040 timer for `time`, Thumb (armv6m) native code and viper, the rp2 port's interpreter
# options (computed goto, -O2 for vm/map/mpz), and a ROMFS image in flash mounted as / at boot.
# Everything lands in build/emu2040; tools/emu2040/emu.py runs scripts on it. Not part of CI
# (an emulated second takes about 4-5 s here). Needs root for apt (Debian bookworm or later).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$ROOT/build/emu2040"
VER=1.25.0
mkdir -p "$OUT"
cd "$OUT"

if ! command -v arm-none-eabi-gcc >/dev/null || [ ! -d /usr/lib/arm-none-eabi/newlib ]; then
    apt-get update -qq
    apt-get install -y -qq gcc-arm-none-eabi libnewlib-arm-none-eabi
fi
if [ ! -d "micropython-$VER" ]; then
    if ! ls micropython_$VER*.orig.tar.xz >/dev/null 2>&1; then
        # MicroPython's source is packaged from Debian trixie on: enable its source index.
        if ! apt-cache showsrc micropython 2>/dev/null | grep -q "^Version: $VER"; then
            cat > /etc/apt/sources.list.d/emu2040-trixie-src.sources <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
            apt-get update -qq
        fi
        apt-get source --download-only "micropython=$VER+ds-1"
    fi
    tar xf micropython_$VER*.orig.tar.xz
fi
SRC="$OUT/micropython-$VER"
if [ ! -d "$SRC/ports/emu2040" ]; then
    cp -r "$SRC/ports/qemu" "$SRC/ports/emu2040.tmp"
    rm -rf "$SRC/ports/emu2040.tmp/boards/"* "$SRC/ports/emu2040.tmp/test-frzmpy" \
        "$SRC/ports/emu2040.tmp/mcu/rv32" "$SRC/ports/emu2040.tmp/mcu/arm/"*.ld
    (cd "$SRC/ports/emu2040.tmp" && patch -s -p1 < "$ROOT/tools/emu2040/port.diff")
    mv "$SRC/ports/emu2040.tmp" "$SRC/ports/emu2040"
fi
make -s -C "$SRC/mpy-cross" -j2 >/dev/null
make -s -C "$SRC/ports/emu2040" -j2 >/dev/null
arm-none-eabi-objcopy -O binary "$SRC/ports/emu2040/build-RP2040EMU/firmware.elf" firmware.bin
cp "$SRC/mpy-cross/build/mpy-cross" mpy-cross
[ -f package.json ] || echo '{"private": true, "type": "module"}' > package.json
[ -d node_modules/rp2040js ] || npm install --silent --no-audit --no-fund rp2040js@1.4.1
echo "emu2040 ready in $OUT: firmware.bin $(stat -c %s firmware.bin) bytes, MicroPython $VER"
