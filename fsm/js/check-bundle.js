#!/usr/bin/env node
'use strict';
// Loads dist/fsm-interpreter.js in a bare `vm` context (no require, no module: as a classic
// <script> of a file:// page) and replays scenarios of the corpus with it.
//   node fsm/js/check-bundle.js CORPUS_DIR [--machine FILE] [--bundle FILE] [--scenarios N]
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

function main(argv) {
  const args = argv.slice(2);
  const flag = (name, dflt) => {
    const i = args.indexOf(name);
    if (i < 0) return dflt;
    const v = args[i + 1];
    args.splice(i, 2);
    return v;
  };
  const bundleFile = flag('--bundle', path.join(__dirname, 'dist', 'fsm-interpreter.js'));
  const machineArg = flag('--machine', null);
  const count = Number(flag('--scenarios', '1'));
  const dir = args[0];
  if (!dir) {
    process.stderr.write('usage: node check-bundle.js CORPUS_DIR [--machine FILE] [--bundle FILE] [--scenarios N]\n');
    return 2;
  }
  const index = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8'));
  const machineFile = machineArg || path.join(dir, typeof index.machine === 'string' ? index.machine : 'machine.json');
  const scenarios = index.scenarios.slice(0, count).map((s) => fs.readFileSync(path.join(dir, s.file), 'utf8'));
  const sandbox = { SPEC: fs.readFileSync(machineFile, 'utf8'), SCENARIOS: scenarios };
  const context = vm.createContext(sandbox);
  vm.runInContext(fs.readFileSync(bundleFile, 'utf8'), context, { filename: bundleFile });
  const result = vm.runInContext(`(function () {
    if (typeof require !== 'undefined' || typeof module !== 'undefined') throw new Error('not a bare context');
    const canonical = (v) => Array.isArray(v) ? '[' + v.map(canonical).join(',') + ']'
      : v !== null && typeof v === 'object' ? '{' + Object.keys(v).sort().map((k) => JSON.stringify(k) + ':' + canonical(v[k])).join(',') + '}'
      : JSON.stringify(v === undefined ? null : v);
    const it = FsmInterpreter.load(JSON.parse(SPEC));
    const out = [];
    for (const text of SCENARIOS) {
      const s = JSON.parse(text);
      const board = it.board(s.setup);
      const bad = [];
      if (canonical(board.snapshot()) !== canonical(s.initial.snapshot)) bad.push('initial snapshot');
      if (canonical(board.options()) !== canonical(s.initial.options)) bad.push('initial options');
      s.steps.forEach((step, i) => {
        let fired = null, law = null;
        try { fired = board.apply(step.event).map((x) => x.rule); } catch (err) { if (!err || !err.type) throw err; law = err.law; }
        if (step.refused) { if (law !== step.refused.law) bad.push('step ' + (i + 1) + ' refusal'); return; }
        if (law !== null) { bad.push('step ' + (i + 1) + ' refused ' + law); return; }
        if (canonical(fired) !== canonical(step.fired)) bad.push('step ' + (i + 1) + ' fired');
        if (canonical(board.snapshot()) !== canonical(step.snapshot)) bad.push('step ' + (i + 1) + ' snapshot');
        if (canonical(board.options()) !== canonical(step.options)) bad.push('step ' + (i + 1) + ' options');
      });
      out.push({ id: s.id, steps: s.steps.length, bad });
    }
    return JSON.stringify(out);
  })()`, context);
  let failed = 0;
  for (const r of JSON.parse(result)) {
    if (r.bad.length) failed += 1;
    process.stdout.write(`${r.bad.length ? 'FAIL' : 'ok'} ${r.id} (${r.steps} steps)${r.bad.length ? `: ${r.bad.join(', ')}` : ''}\n`);
  }
  process.stdout.write(`bundle ${path.basename(bundleFile)}: ${failed ? 'FAILED' : 'ok'}\n`);
  return failed ? 1 : 0;
}

process.exitCode = main(process.argv);
