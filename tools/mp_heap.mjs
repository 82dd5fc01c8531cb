#!/usr/bin/env node
// Live-heap driver for the MicroPython WebAssembly VM: runs a repo script, then calls the
// heap_step() it defined, each call as its own top-level runPython(), until it returns a falsy
// value.
//
//   node tools/mp_heap.mjs [--heap BYTES] [--with DIR] script.py [args...]
//
// --with DIR puts a built firmware tree (tools/deploy.py's build/KIT: the .mpy files mpy-cross
// made for the board) in front of firmware/ on sys.path, so the modules take the RAM they take
// when a board loads them, not what compiling their source in the VM takes (about 1 KB more for
// the AI, 1.5 KB for the app). The VM cannot load native code: a native .mpy fails to import and
// its module falls back as on a board without it (ai.vlines -> ai.lines).
//
// The port reclaims garbage only when control returns to JS (see mp_run.mjs), so inside one
// long call gc.mem_alloc() counts garbage too; at the start of each heap_step() call it is the
// live heap. The script does its own sampling and reporting (tools/bench_ai.py --heap).
//
// This port keeps Python frames on a "pystack" that the collector scans, and a new frame's unused
// value-stack slots still hold whatever earlier calls left there: stale pointers that keep garbage
// alive (figures moved by 2 KB with an unrelated edit of the script). So before each heap_step()
// tools/stackscrub.py fills the whole pystack with frames of None locals.
import fs from 'node:fs';
import path from 'node:path';
import { REPO, createVM, parseHeapArg, pyStr, vmPath, writeFd } from './mpvm.mjs';

const die = (msg) => { writeFd(2, Buffer.from(`mp_heap: ${msg}\n`)); process.exit(2); };
let args = process.argv.slice(2), heap;
if (args[0]?.startsWith('--heap')) {
  try { ({ heap, rest: args } = parseHeapArg(args)); } catch (e) { die(e.message); }
}
const dirs = [];
if (args[0] === '--with') {
  const dir = path.resolve(args[1] ?? '');
  if (!args[1] || !fs.existsSync(dir)) die(`--with needs a directory (tools/deploy.py --kit NAME --dry-run builds build/NAME)`);
  if (path.relative(REPO, dir).startsWith('..')) die(`${args[1]} is outside the repo`);
  dirs.push(dir);
  args = args.slice(2);
}
if (!args.length) die('usage: node tools/mp_heap.mjs [--heap BYTES] [--with DIR] script.py [args...]');
const script = path.resolve(args[0]);
if (path.relative(REPO, script).startsWith('..')) die(`${args[0]} is outside the repo`);
dirs.push(path.dirname(script));
const tools = path.join(REPO, 'tools');  // for stackscrub.py
if (!dirs.includes(tools)) dirs.push(tools);
const { mp, flush } = await createVM({ heap, dirs });
const vmScript = vmPath(script);
try {
  mp.runPython(`import sys\nsys.argv.clear()\nsys.argv.extend(${JSON.stringify(args)})\n` +
    `__file__ = ${pyStr(vmScript)}`);
  mp.runPython(fs.readFileSync(script, 'utf8'));
  mp.runPython('from stackscrub import fill as _mp_heap_fill');
  for (let n = 0; ; n++) {
    mp.runPython('_mp_heap_fill()');
    mp.runPython('_more = heap_step()');
    if (!mp.globals.get('_more')) break;
  }
} catch (e) {
  flush();
  die(e.message);
}
flush();
