// Runs build/emu2040/firmware.bin (tools/emu2040/setup.sh) on rp2040js with a ROMFS image:
//   node tools/emu2040/run.mjs FIRMWARE.bin IMAGE.rom
// The firmware goes at the start of flash (0x10000000) and the image 1 MB in (0x10100000), where
// the firmware mounts it as / and runs its main.py; UART0 is the console. Time is rp2040js's
// cycle count at 125 MHz plus the flash cache model below; time.ticks_*() read the RP2040 timer,
// which runs from that same simulated clock. Stops when the firmware exits (a breakpoint).
import { readFileSync } from 'fs';
import { dirname, join } from 'path';

const [fwPath, romPath] = process.argv.slice(2);
const lib = join(dirname(fwPath), 'node_modules', 'rp2040js', 'dist', 'esm');
const { RP2040 } = await import(join(lib, 'rp2040.js'));
const { SimulationClock } = await import(join(lib, 'clock', 'simulation-clock.js'));

const clock = new SimulationClock();
const mcu = new RP2040(clock);
const fw = readFileSync(fwPath);
mcu.flash.set(fw, 0);
mcu.flash.set(readFileSync(romPath), 0x100000);
mcu.uart[0].onByte = (b) => process.stdout.write(Buffer.from([b]));

// XIP cache (RP2040 datasheet 2.6.3): 16 KB, 2-way set associative, 8-byte lines. rp2040js reads
// flash as fast as SRAM; here a miss costs MISS cycles: the line fetched over QSPI at clk_sys / 2
// in continuous-read mode (8 clocks of address and mode bits, 4 wait, 16 of data: 56 cycles) and
// a few for the SSI. Code run from RAM (native .mpy code is loaded there) pays nothing.
const MISS = Number(process.env.XIP_MISS ?? 60);
const tags = new Int32Array(2048).fill(-1);
const lru = new Uint8Array(1024); // per set, the way used least recently
let penalty = 0;
let misses = 0;
let reads = 0;
function xip(addr) {
  if (addr >>> 28 !== 1) return;
  if (((addr >>> 24) & 3) >= 2) { // the uncached aliases
    penalty += MISS;
    misses++;
    return;
  }
  reads++;
  const line = (addr & 0xffffff) >>> 3;
  const set = line & 1023;
  const tag = line >>> 10;
  if (tags[2 * set] === tag) { lru[set] = 1; return; }
  if (tags[2 * set + 1] === tag) { lru[set] = 0; return; }
  const way = lru[set];
  tags[2 * set + way] = tag;
  lru[set] = way ^ 1;
  penalty += MISS;
  misses++;
}
if (MISS > 0) {
  const core = mcu.core;
  for (const name of ['readUint32', 'readUint16', 'readUint8']) {
    const read = core[name].bind(core);
    core[name] = (a) => { xip(a); return read(a); };
  }
}

const vectors = new DataView(fw.buffer, fw.byteOffset);
mcu.core.SP = vectors.getUint32(0, true);
// The C stack's high-water: the 16 KB below the initial SP painted, and at exit the lowest word
// the program changed there. The port's stack is the top of RAM, above its static heap.
const PAINT = 0x5ca1ab1e;
const top = mcu.core.SP - 0x20000000;
for (let a = top - 16384; a < top; a += 4) mcu.sramView.setUint32(a, PAINT, true);
mcu.core.PC = vectors.getUint32(4, true) & ~1;
let stopped = false;
let status = 0;
mcu.onBreak = () => { stopped = true; status = mcu.core.registers[0]; };
const cycleNanos = 1e9 / 125e6;
let cycles = 0;
const t0 = Date.now();
while (!stopped) {
  for (let i = 0; i < 100000 && !stopped; i++) {
    const c = mcu.core.executeInstruction() + penalty;
    penalty = 0;
    cycles += c;
    clock.tick(c * cycleNanos);
  }
}
const host = (Date.now() - t0) / 1000;
const secs = (cycles / 125e6).toFixed(3);
let low = top - 16384;
while (low < top && mcu.sramView.getUint32(low, true) === PAINT) low += 4;
process.stderr.write(`[emu2040] exit ${status}: ${cycles} cycles, ${secs} s at 125 MHz` +
  ` (${host.toFixed(0)} s here); flash cache ${misses} misses in ${reads} reads;` +
  ` C stack high-water ${low === top - 16384 ? 'over 16 KB' : (top - low) + ' bytes'}\n`);
process.exit(status);
