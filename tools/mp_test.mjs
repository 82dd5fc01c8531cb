#!/usr/bin/env node
// Run host_tests/core-style tests (plain functions named test_*) under the MicroPython VM.
//
//   node tools/mp_test.mjs [--heap BYTES] [paths...]     (default path: host_tests/core)
//
// Each test_*.py file gets a fresh VM (loading one takes ~10 ms). Its own directory and
// firmware/ are on sys.path. Tests run in definition order; each test is a separate
// runPython() call so the VM can collect garbage between tests. Prints a line per file,
// tracebacks for failures, then "N passed, N failed". Exit 1 on any failure (an import
// error counts as one failed test) or if no test passed.
import fs from 'node:fs';
import path from 'node:path';
import { REPO, createVM, parseHeapArg, pyStr, writeFd } from './mpvm.mjs';

const say = (s) => writeFd(1, Buffer.from(s + '\n'));

function findTests(p) {
  if (fs.statSync(p).isFile()) return [p];
  const found = [];
  for (const ent of fs.readdirSync(p, { withFileTypes: true })) {
    const q = path.join(p, ent.name);
    if (ent.isDirectory() && ent.name !== '__pycache__') found.push(...findTests(q));
    else if (ent.isFile() && /^test_.*\.py$/.test(ent.name)) found.push(q);
  }
  return found.sort();
}

const SETUP = (mod, rel) => `
import sys
_rel = ${pyStr(rel)}
_names = ''
try:
    _m = __import__(${pyStr(mod)})
    _names = ' '.join(n for n in dir(_m) if n.startswith('test_') and callable(getattr(_m, n)))
    _ok = 1
except BaseException as e:
    print('ERROR', _rel, '(import failed)')
    sys.print_exception(e, sys.stdout)
    _ok = 0

def _run(name):
    try:
        getattr(_m, name)()
        return 1
    except BaseException as e:
        print('FAIL', _rel + '::' + name)
        sys.print_exception(e, sys.stdout)
        return 0
`;

async function runFile(file, heap) {
  const rel = path.relative(REPO, file);
  const t0 = Date.now();
  let passed = 0, failed = 0;
  const { mp, flush } = await createVM({ heap, dirs: [path.dirname(file)] });
  // Everything below is synchronous: the VM must not be used after another one is loaded.
  try {
    mp.runPython(SETUP(path.basename(file, '.py'), rel));
    if (!mp.globals.get('_ok')) {
      failed = 1;
    } else {
      const names = mp.globals.get('_names').split(' ').filter(Boolean);
      // dir() order is arbitrary: use definition order from the source where we can see it.
      const src = fs.readFileSync(file, 'utf8');
      const inSource = [...src.matchAll(/^def\s+(test_\w+)\s*\(/gm)].map((m) => m[1]);
      const order = [...new Set(inSource)].filter((n) => names.includes(n));
      order.push(...names.filter((n) => !order.includes(n)).sort());
      for (const name of order) {
        try {
          mp.runPython(`_r = _run(${pyStr(name)})`);
          mp.globals.get('_r') ? passed++ : failed++;
        } catch (e) { // VM-level failure (e.g. wasm abort); the VM may be unusable now
          flush();
          say(`FAIL ${rel}::${name}\n${e.stack || e}`);
          failed++;
          break;
        }
      }
    }
  } catch (e) {
    flush();
    say(`ERROR ${rel}\n${e.stack || e}`);
    failed++;
  }
  flush();
  const secs = ((Date.now() - t0) / 1000).toFixed(2);
  say(`${failed ? 'FAIL' : 'ok  '} ${rel} (${passed} ok, ${failed} failing, ${secs}s)`);
  return { passed, failed };
}

const { heap, rest } = parseHeapArg(process.argv.slice(2));
const roots = rest.length ? rest.map((p) => path.resolve(p)) : [path.join(REPO, 'host_tests/core')];
let passed = 0, failed = 0;
for (const root of roots) {
  if (path.relative(REPO, root).startsWith('..') || !fs.existsSync(root)) {
    say(`ERROR ${root}: missing or outside the repo`);
    failed++;
    continue;
  }
  for (const file of findTests(root)) {
    const r = await runFile(file, heap);
    passed += r.passed;
    failed += r.failed;
  }
}
say(`${passed} passed, ${failed} failed`);
process.exitCode = failed || !passed ? 1 : 0;
