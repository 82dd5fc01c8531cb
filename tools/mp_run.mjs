#!/usr/bin/env node
// Run a repo script under the MicroPython WebAssembly VM, like `micropython script.py`.
//
//   node tools/mp_run.mjs [--heap BYTES] [--mem] script.py [args...]
//
// firmware/ and the script's directory (copied into the VM under /repo) are on sys.path,
// sys.argv = [script.py, args...], cwd is the VM copy of the current directory when that is
// inside the repo. Files the script writes stay in the VM's memory. Exit status: 0, 1 after
// an uncaught exception (traceback on stderr), or the code given to sys.exit().
// stdout/stderr are forwarded line by line (pending partial lines are flushed before every
// stdin read, so prompts show up).
//
// Findings for @micropython/micropython-webassembly-pyscript 1.27.0 (checked by hand):
//
// stdin
// - With the port's default stdin device, sys.stdin.readline() only works if the data is
//   already in the pipe: a read that would block raises OSError(29) (EIO).
// - input() never returns in this port (spins at 100% CPU, even with data waiting).
// - So this tool passes its own blocking reader of fd 0 as loadMicroPython's `stdin` option:
//   sys.stdin.readline() and `for line in sys.stdin` then work line by line as lines arrive
//   ('' at EOF; stdin closed or /dev/null = EOF), and builtins.input is replaced by a
//   readline-based version (EOFError at EOF). sys.stdin.read(n) waits for n bytes or EOF.
//   Use sys.stdin.readline() in portable code; it is also what works on the boards.
// - The VM also has a module `mp_stdin` (not on boards): mp_stdin.read() returns the text
//   available now (waiting for some) and mp_stdin.readline() one line, both '' at EOF,
//   without the port's byte-per-call overhead. tools/pbrain.py uses mp_stdin.read().
// - mp_host.uptime_ms() (not on boards) is the Node process's age in ms: ticks_ms() starts
//   with the VM, some 0.3 s after the process.
// - os has no read() in this port.
//
// heap
// - gc.mem_alloc() works. gc.mem_free() works but adds 128 MiB ("max new split"), so
//   heap total = gc.mem_alloc() + gc.mem_free() - 128*1024*1024.
//   micropython.mem_info() works (prints "GC: total: T, used: U, free: F, max new split: S").
//   No mem_peak (MICROPY_MEM_STATS is off).
// - The heap is NOT fixed at --heap: it is a split heap that grows automatically (in new
//   chunks, up to the 2 GiB wasm memory limit). --heap only sets the first chunk.
// - Garbage is only reclaimed when control returns to JS: inside one runPython() call,
//   gc.collect() and automatic collections just set a "pending" flag (the port can't scan
//   the wasm stack). Measured: 2000 x bytearray(5000) then gc.collect() in one call ->
//   mem_alloc 10,049,504, heap total 64,000 -> 16,378,880; in the next call mem_alloc = 976.
//   So for the whole run of a script, gc.mem_alloc() counts everything allocated since the
//   start (live + garbage) and the heap only grows; a long run that allocates ~2 GiB in
//   total dies with MemoryError. A live-heap high-water can't be measured inside one call;
//   a benchmark should drive each step (e.g. one search) as its own runPython() call
//   from JS: live heap = gc.mem_alloc() at the start of the next call, and the delta of
//   gc.mem_alloc() across a step = bytes it allocated (an upper bound on its peak).
// - Empty heap chunks are given back at that top-level collection, so the heap total seen
//   by a later call is not the maximum either.
// - --mem prints, on stderr at exit, the heap total at the end of the script (the most it
//   grew to) and the bytes the script allocated (never freed during the run).
import fs from 'node:fs';
import path from 'node:path';
import { REPO, createVM, parseHeapArg, pyStr, vmPath, writeFd } from './mpvm.mjs';

const die = (msg) => { writeFd(2, Buffer.from(`mp_run: ${msg}\n`)); process.exit(2); };

let args = process.argv.slice(2), heap, mem = false;
for (;;) {
  if (args[0] === '--mem') { mem = true; args.shift(); continue; }
  if (args[0]?.startsWith('--heap')) {
    try { ({ heap, rest: args } = parseHeapArg(args)); } catch (e) { die(e.message); }
    continue;
  }
  break;
}
if (!args.length) die('usage: node tools/mp_run.mjs [--heap BYTES] [--mem] script.py [args...]');
const script = path.resolve(args[0]);
if (path.relative(REPO, script).startsWith('..')) die(`${args[0]} is outside the repo`);
if (!fs.existsSync(script)) die(`${args[0]}: no such file`);

const cwdIn = !path.relative(REPO, process.cwd()).startsWith('..');
const PRELUDE = `
import sys, builtins, os
sys.argv.clear()
sys.argv.extend(${JSON.stringify([args[0], ...args.slice(1)])})
${cwdIn ? `os.chdir(${pyStr(vmPath(process.cwd()))})` : ''}

def _input(prompt=''):
    if prompt:
        sys.stdout.write(prompt)
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line[:-1] if line[-1:] == '\\n' else line

builtins.input = _input

def _main(path):
    import gc
    global _alloc, _total
    a0 = gc.mem_alloc()
    try:
        with open(path) as f:
            code = compile(f.read(), path, 'exec')
        exec(code, {'__name__': '__main__', '__file__': path})
        rc = 0
    except SystemExit as e:
        rc = e.args[0] if e.args else None
        if rc is None:
            rc = 0
        elif not isinstance(rc, int):
            print(rc, file=sys.stderr)
            rc = 1
    except BaseException as e:
        sys.print_exception(e, sys.stderr)
        rc = 1
    _alloc = gc.mem_alloc() - a0
    _total = gc.mem_alloc() + gc.mem_free() - 128 * 1024 * 1024  # the most it grew to
    return rc
`;

const { mp, flush } = await createVM({ heap, dirs: [path.dirname(script)], stdin: true });
let rc = 1;
try {
  if (cwdIn) mp.FS.mkdirTree(vmPath(process.cwd()));
  mp.runPython(PRELUDE);
  mp.runPython(`_rc = _main(${pyStr(vmPath(script))})`);
  rc = mp.globals.get('_rc');
  if (mem) {
    flush();
    writeFd(2, Buffer.from(`mp_run: heap grew to ${mp.globals.get('_total')} bytes, ` +
      `allocated by the run ${mp.globals.get('_alloc')} bytes (never freed during the run)\n`));
  }
} catch (e) {
  flush();
  writeFd(2, Buffer.from(`mp_run: VM error: ${e.stack || e}\n`));
  rc = 1;
}
flush();
process.exitCode = rc;
