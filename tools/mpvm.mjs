// Shared helpers for running repo code under the MicroPython WebAssembly VM
// (@micropython/micropython-webassembly-pyscript). Used by mp_test.mjs and mp_run.mjs.
//
// Things about this port that shape the code below (verified with v1.27.0):
// - loadMicroPython() sets globalThis.Module and its JS<->Python proxy code uses that global,
//   so only the most recently loaded VM may be used. Load a VM, use it synchronously, drop it.
// - The wasm FS is an in-memory MEMFS (no NODEFS in this build), so repo files are copied in.
//   The VM sees the repo at /repo (e.g. /repo/firmware), so tracebacks show repo paths.
// - Garbage is only reclaimed when control returns to JS (see mp_run.mjs header), so callers
//   should split long work into several runPython() calls where they can.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// Imported here, not statically, so that a checkout without tools/node_modules says what to
// run instead of Node's ERR_MODULE_NOT_FOUND stack trace.
let loadMicroPython;
try {
  ({ loadMicroPython } = await import('@micropython/micropython-webassembly-pyscript'));
} catch (e) {
  if (e.code !== 'ERR_MODULE_NOT_FOUND') throw e;
  process.stderr.write('the MicroPython VM is not installed: run `npm ci --prefix tools` once ' +
                       '(bash tools/test.sh does it too)\n');
  process.exit(2);
}

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const VM_REPO = '/repo';
export const DEFAULT_HEAP = 1024 * 1024;
const SKIP_DIRS = new Set(['.git', '.venv', 'node_modules', '__pycache__', '.pytest_cache', '.hypothesis']);

// Host path -> path inside the VM (only meaningful for paths inside the repo).
export function vmPath(hostPath) {
  const rel = path.relative(REPO, path.resolve(hostPath));
  return rel ? `${VM_REPO}/${rel.split(path.sep).join('/')}` : VM_REPO;
}

// Synchronous write that survives a non-blocking fd (EAGAIN) and a closed reader (EPIPE).
export function writeFd(fd, buf) {
  let off = 0;
  while (off < buf.length) {
    try {
      off += fs.writeSync(fd, buf, off, buf.length - off);
    } catch (e) {
      if (e.code === 'EAGAIN') { sleepMs(1); continue; }
      if (e.code === 'EPIPE') return;
      throw e;
    }
  }
}

const sleepCell = new Int32Array(new SharedArrayBuffer(4));
function sleepMs(ms) { Atomics.wait(sleepCell, 0, 0, ms); }

// Byte sink that forwards whole lines to fd (the port hands us one byte per call).
function lineSink(fd) {
  let pending = [];
  const sink = (bytes) => {
    for (const b of bytes) {
      pending.push(b);
      if (b === 10) sink.flush();
    }
  };
  sink.flush = () => {
    if (pending.length) { writeFd(fd, Buffer.from(pending)); pending = []; }
  };
  return sink;
}

// Blocking reader of the process's fd 0. A read returns whatever is available (a pipe read
// returns as soon as a line arrives), so line protocols work interactively. `beforeBlock`
// runs before each real read so prompts get flushed first. Gives:
//   getChar  - for emscripten's Module.stdin (behind sys.stdin): a byte, or null at EOF
//   read     - mp_stdin.read(): the text available now (waits for some), '' at EOF
//   readline - mp_stdin.readline(): one line with its '\n', '' at EOF
function stdinSource(beforeBlock) {
  const buf = Buffer.alloc(65536);
  let pos = 0, end = 0, eof = false;
  const fill = () => {
    while (pos >= end) {
      if (eof) return false;
      beforeBlock();
      try {
        end = fs.readSync(0, buf, 0, buf.length, null);
        pos = 0;
        if (end === 0) eof = true;
      } catch (e) {
        if (e.code === 'EAGAIN') { sleepMs(2); continue; } // fd 0 set non-blocking by someone
        if (e.code === 'EOF' || e.code === 'EBADF') { eof = true; continue; }
        throw e;
      }
    }
    return true;
  };
  const decoder = new TextDecoder();
  return {
    getChar: () => (fill() ? buf[pos++] : null),
    read: () => {
      let s = '';
      while (!s && fill()) { s = decoder.decode(buf.subarray(pos, end), { stream: true }); pos = end; }
      return s;
    },
    readline: () => {
      const parts = [];
      while (fill()) {
        const nl = buf.indexOf(10, pos);
        const stop = nl >= 0 && nl < end ? nl + 1 : end;
        parts.push(Buffer.from(buf.subarray(pos, stop)));
        pos = stop;
        if (stop !== end || buf[stop - 1] === 10) break;
      }
      return Buffer.concat(parts).toString('utf8');
    },
  };
}

function* walk(dir) {
  for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(ent.name)) continue;
    const p = path.join(dir, ent.name);
    if (ent.isDirectory()) yield* walk(p);
    else if (ent.isFile()) yield p;
  }
}

const fileCache = new Map();
function readCached(p) {
  let data = fileCache.get(p);
  if (!data) { data = fs.readFileSync(p); fileCache.set(p, data); }
  return data;
}

// Copy host directories (recursively, skipping caches/venvs/node_modules) into the VM FS.
export function copyTrees(mp, hostDirs) {
  for (const dir of hostDirs) {
    if (!fs.existsSync(dir)) continue;
    mp.FS.mkdirTree(vmPath(dir));
    for (const file of walk(dir)) {
      mp.FS.mkdirTree(vmPath(path.dirname(file)));
      mp.FS.writeFile(vmPath(file), readCached(file));
    }
  }
}

// Python string literal for a JS string.
export const pyStr = (s) => JSON.stringify(s);

// Fresh VM with the repo's firmware/ plus `dirs` copied in, and sys.path =
// [*dirs, firmware, <port defaults>]. With stdin: true, fd 0 is readable through sys.stdin
// and through the module mp_stdin. The module mp_host has uptime_ms(), the Node process's age.
// Returns { mp, flush } — call flush() when done.
export async function createVM({ heap = DEFAULT_HEAP, dirs = [], stdin = false } = {}) {
  const out = lineSink(1), err = lineSink(2);
  const flush = () => { out.flush(); err.flush(); };
  const opts = { heapsize: heap, stdout: out, stderr: err, linebuffer: false };
  // Without a real reader, stdin is empty (EOF) rather than the port's default TTY device.
  const src = stdin ? stdinSource(flush) : null;
  opts.stdin = src ? src.getChar : () => null;
  const mp = await loadMicroPython(opts);
  if (src) mp.registerJsModule('mp_stdin', { read: src.read, readline: src.readline });
  // The Node process's age in ms (performance.now() counts from its start): a script's time
  // from being spawned (tools/pbrain.py's first move), which the VM's ticks_ms() cannot give.
  mp.registerJsModule('mp_host', { uptime_ms: () => Math.floor(performance.now()) });
  const firmware = path.join(REPO, 'firmware');
  copyTrees(mp, [firmware, ...dirs]);
  const front = [...dirs.map(vmPath), vmPath(firmware)].map(pyStr).join(', ');
  mp.runPython(`import sys\nsys.path[:0] = [${front}]\ndel sys`);
  return { mp, flush };
}

// Parse "--heap BYTES" (also --heap=BYTES, with optional k/m suffix) off the front of argv.
export function parseHeapArg(argv) {
  let heap = DEFAULT_HEAP;
  const rest = [...argv];
  while (rest.length && rest[0].startsWith('--heap')) {
    const a = rest.shift();
    const v = a.includes('=') ? a.split('=')[1] : rest.shift();
    const m = /^(\d+)([kKmM]?)$/.exec(v ?? '');
    if (!m) throw new Error(`bad --heap value: ${v}`);
    heap = Number(m[1]) * ({ k: 1024, m: 1048576 }[m[2].toLowerCase()] ?? 1);
  }
  return { heap, rest };
}
