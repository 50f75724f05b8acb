#!/usr/bin/env node
'use strict';
// Replays the portable conformance corpus (python -m fsm export --corpus DIR) on the generic
// interpreter of the exported machine (engine/ + bridge/host.js) and compares, at every step, the
// rules fired, the snapshot, the options and the law of a refusal, and the initial snapshot and
// options of each scenario:
//   node fsm/js/conformance.js CORPUS_DIR [--machine FILE] [--verbose] [--all] [--only ID] [--ignore KEY]...
// The machine is FILE, else the one index.json names (`machine`), else CORPUS_DIR/machine.json.
// index.json lists the scenarios (`scenarios[].file`) and the tiers of sequences (`random.files[].file`,
// each file a `sequences` array of scenarios in the same step format). Ends with one line `N passed, N failed,
// N skipped`; exit 0 when none failed or was skipped, 1 otherwise, 2 when nothing could be run.

const fs = require('node:fs');
const path = require('node:path');
const { Engine, Board } = require('./engine/machine.js');

/** JSON with object keys sorted, so that two equal values print the same. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value === undefined ? null : value);
}

function same(a, b) { return canonical(a) === canonical(b); }

/**
 * The files an index lists, in order: `scenarios[].file`, then the files of every tier (an
 * object of the index with `files[].file`, as `random`), an entry naming a folder or another
 * index.json being followed. Paths are relative to the index.
 */
function listed(indexFile, seen = new Set()) {
  const real = path.resolve(indexFile);
  if (seen.has(real)) return [];
  seen.add(real);
  const dir = path.dirname(real);
  const index = JSON.parse(fs.readFileSync(real, 'utf8'));
  const entries = [];
  if (Array.isArray(index)) entries.push(...index);
  else {
    for (const [key, value] of Object.entries(index)) {
      if (key === 'scenarios' && Array.isArray(value)) entries.push(...value);
      else if (Array.isArray(value) && (key === 'indexes' || key === 'tiers')) entries.push(...value);
      else if (value && typeof value === 'object' && Array.isArray(value.files)) entries.push(...value.files);
    }
  }
  const out = [];
  for (const entry of entries) {
    const file = typeof entry === 'string' ? entry : entry && (entry.file || entry.index || entry.path);
    if (!file) continue;
    const full = path.resolve(dir, file);
    if (fs.existsSync(full) && fs.statSync(full).isDirectory()) {
      const sub = path.join(full, 'index.json');
      if (fs.existsSync(sub)) out.push(...listed(sub, seen));
    } else if (path.basename(full) === 'index.json' || (entry && entry.index)) {
      out.push(...listed(full, seen));
    } else {
      out.push({ file: full, id: (entry && entry.id) || path.basename(file, '.json') });
    }
  }
  return out;
}

/** The scenarios a file holds: itself, or each of its `sequences` (a random tier's file). */
function scenariosOf(doc, fallbackId) {
  if (doc && Array.isArray(doc.sequences)) {
    return doc.sequences.map((s, i) => ({ id: s.id || `${fallbackId}#${i + 1}`, scenario: s }));
  }
  return [{ id: (doc && doc.id) || fallbackId, scenario: doc }];
}

/** Compares what is expected with what is got; pushes one failure per differing key. */
const IGNORED = new Set(); // --ignore KEY (repeatable): a debugging aid; an ignored key counts as a skip

function compare(failures, where, key, expected, actual) {
  if (key === 'snapshot' && expected && actual && typeof expected === 'object' && typeof actual === 'object') {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const k of keys) {
      if (IGNORED.has(`snapshot.${k}`)) continue;
      if (!same(expected[k], actual[k])) failures.push({ ...where, key: `snapshot.${k}`, expected: expected[k] === undefined ? '(absent)' : expected[k], actual: actual[k] === undefined ? '(absent)' : actual[k] });
    }
    return;
  }
  if (IGNORED.has(key)) return;
  if (!same(expected, actual)) failures.push({ ...where, key, expected, actual });
}

function known(err) { return err !== null && typeof err === 'object' && (err.type === 'IllegalEvent' || err.type === 'InputError'); }

/** Replays one scenario; returns {failures, skipped}. */
function runScenario(engine, scenario, id, all) {
  const failures = [];
  if (!scenario || !Array.isArray(scenario.steps) || !scenario.setup) {
    return { failures, skipped: 'not a scenario of the corpus (no setup or steps)' };
  }
  let board;
  try {
    board = new Board(engine, scenario.setup);
  } catch (err) {
    failures.push({ scenario: id, step: 0, key: 'setup', expected: 'a board', actual: String(err && err.stack) });
    return { failures };
  }
  if (scenario.initial) {
    compare(failures, { scenario: id, step: 0 }, 'snapshot', scenario.initial.snapshot, board.snapshot());
    compare(failures, { scenario: id, step: 0 }, 'options', scenario.initial.options, board.options());
  }
  if (failures.length && !all) return { failures };
  for (let i = 0; i < scenario.steps.length; i++) {
    const step = scenario.steps[i];
    const where = { scenario: id, step: i + 1, event: step.event };
    let fired = null;
    let error = null;
    try {
      fired = board.apply(step.event).map((s) => s.rule);
    } catch (err) {
      if (!known(err)) {
        failures.push({ ...where, key: 'error', expected: step.refused ? { refused: step.refused } : 'accepted', actual: String(err && err.stack) });
        return { failures };
      }
      error = err;
    }
    const before = failures.length;
    if (step.refused !== undefined) {
      if (error === null) compare(failures, where, 'refused', step.refused, { accepted: fired });
      else {
        compare(failures, where, 'refused.law', step.refused.law, error.law);
        if (step.refused.type !== undefined) compare(failures, where, 'refused.type', step.refused.type, error.type);
      }
    } else if (error !== null) {
      compare(failures, where, 'refused', 'accepted', { type: error.type, law: error.law, en: error.en });
    } else {
      if (step.fired !== undefined) compare(failures, where, 'fired', step.fired, fired);
      if (step.snapshot !== undefined) compare(failures, where, 'snapshot', step.snapshot, board.snapshot());
      if (step.options !== undefined) compare(failures, where, 'options', step.options, board.options());
    }
    if (failures.length > before && !all) return { failures };
  }
  return { failures };
}

function main(argv) {
  const args = argv.slice(2);
  const flag = (name) => {
    const i = args.indexOf(name);
    if (i < 0) return null;
    const value = args[i + 1];
    args.splice(i, 2);
    return value;
  };
  const machineFile = flag('--machine');
  for (let k = flag('--ignore'); k !== null; k = flag('--ignore')) IGNORED.add(k);
  const only = flag('--only');
  const verbose = args.includes('--verbose');
  const all = args.includes('--all');
  const dir = args.find((a) => !a.startsWith('--'));
  if (!dir) {
    process.stderr.write('usage: node conformance.js CORPUS_DIR [--machine FILE] [--verbose] [--all] [--only ID]\n');
    return 2;
  }
  let specFile = machineFile;
  if (!specFile) {
    let named = 'machine.json';
    try {
      const index = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8'));
      if (index && typeof index.machine === 'string') named = index.machine;
    } catch (err) { /* reported below, when the index is read */ }
    specFile = path.join(dir, named);
  }
  let engine;
  let files;
  try {
    if (!fs.existsSync(specFile)) throw new Error(`no machine: ${specFile} (give --machine FILE)`);
    const spec = JSON.parse(fs.readFileSync(specFile, 'utf8'));
    const { createHost } = require('./bridge/host.js');
    engine = new Engine(spec, createHost(spec));
    files = listed(path.join(dir, 'index.json'));
  } catch (err) {
    process.stderr.write(`cannot run: ${err && err.stack ? err.stack : err}\n`);
    return 2;
  }
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const { file, id: listedId } of files) {
    let docs;
    try {
      docs = scenariosOf(JSON.parse(fs.readFileSync(file, 'utf8')), listedId);
    } catch (err) {
      failed += 1;
      process.stdout.write(`FAIL ${JSON.stringify({ scenario: listedId, step: null, key: 'file', expected: 'a scenario', actual: String(err.message) })}\n`);
      continue;
    }
    for (const { id, scenario } of docs) {
      if (only && id !== only) continue;
      const { failures, skipped: why } = runScenario(engine, scenario, id, all);
      if (why) {
        skipped += 1;
        process.stdout.write(`SKIP ${JSON.stringify({ scenario: id, reason: why })}\n`);
      } else if (failures.length) {
        failed += 1;
        for (const f of failures) process.stdout.write(`FAIL ${JSON.stringify(f)}\n`);
      } else if (IGNORED.size) {
        skipped += 1; // passed, but not every key was compared
        if (verbose) process.stdout.write(`ok (keys ignored) ${id}\n`);
      } else {
        passed += 1;
        if (verbose) process.stdout.write(`ok ${id}\n`);
      }
    }
  }
  process.stdout.write(`${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  return failed || skipped ? 1 : passed ? 0 : 2;
}

process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode || 0); // the reader stopped (| head)
  throw err;
});
process.exitCode = main(process.argv);
