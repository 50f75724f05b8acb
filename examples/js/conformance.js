#!/usr/bin/env node
'use strict';
// Runs the portable conformance corpus (python -m fsm export --corpus DIR) against auction.js:
//   node examples/js/conformance.js DIR
// Scenarios of the families `regular` and `classification` only. Each step's event is replayed and
// the snapshot keys this program models are compared with the exported snapshot. A scenario whose
// events go beyond the model is compared up to that event, and the rest is skipped.

const fs = require('node:fs');
const path = require('node:path');
const { Table, Refused, Unmodeled } = require('./auction');

const FAMILIES = new Set(['regular', 'classification']);
const KEYS = ['state', 'turn', 'auction', 'contract', 'declarer', 'dummy', 'opening_leader', 'irregularity'];

/** JSON with object keys sorted, so that two equal values print the same. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value === undefined ? null : value);
}

function describe(event) {
  const [name] = Object.keys(event);
  const args = event[name] || {};
  if (name === 'call' || name === 'substitute') return `${name} ${args.seat}:${args.call}`;
  return args.seat ? `${name} ${args.seat}` : name;
}

/** Replays one scenario; returns {failures, skippedAt (step number or null), reason, stepsSkipped}. */
function runScenario(scenario) {
  const table = new Table(scenario.setup);
  const failures = [];
  const steps = scenario.steps;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const where = `step ${i + 1} (${describe(step.event)})`;
    let refusal = null;
    try {
      table.apply(step.event);
    } catch (err) {
      if (err instanceof Unmodeled) {
        return { failures, skippedAt: i + 1, reason: err.message, stepsSkipped: steps.length - i };
      }
      if (!(err instanceof Refused)) throw err;
      refusal = err;
    }
    if (step.refused !== undefined) {
      if (refusal === null) failures.push({ where, key: 'refused', expected: step.refused, actual: 'accepted' });
      else if (step.refused.law !== refusal.law) {
        failures.push({ where, key: 'refused.law', expected: step.refused.law, actual: refusal.law });
      }
    } else if (refusal !== null) {
      failures.push({ where, key: 'refused', expected: 'accepted', actual: { law: refusal.law } });
    } else {
      const actual = table.snapshot();
      for (const key of KEYS) {
        if (!(key in step.snapshot)) {
          failures.push({ where, key, expected: '(key missing from the export)', actual: actual[key] });
        } else if (canonical(step.snapshot[key]) !== canonical(actual[key])) {
          failures.push({ where, key, expected: step.snapshot[key], actual: actual[key] });
        }
      }
    }
    if (failures.length > 0) return { failures, skippedAt: null };
  }
  return { failures, skippedAt: null };
}

function main(argv) {
  const args = argv.slice(2);
  const verbose = args.includes('--verbose');
  const dir = args.find((a) => !a.startsWith('--'));
  if (!dir) {
    process.stderr.write('usage: node conformance.js [--verbose] CORPUS_DIR\n');
    return 2;
  }
  const index = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8'));
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let stepsSkipped = 0;
  const reasons = new Map();
  for (const entry of index.scenarios) {
    if (!FAMILIES.has(entry.family)) continue;
    const scenario = JSON.parse(fs.readFileSync(path.join(dir, entry.file), 'utf8'));
    const result = runScenario(scenario);
    if (result.failures.length > 0) {
      failed++;
      for (const f of result.failures) {
        console.log(
          `FAIL ${scenario.id} ${f.where} ${f.key}: expected ${canonical(f.expected)}, actual ${canonical(f.actual)}`,
        );
      }
    } else if (result.skippedAt !== null) {
      skipped++;
      stepsSkipped += result.stepsSkipped;
      const reason = result.reason;
      reasons.set(reason, (reasons.get(reason) || 0) + 1);
      if (verbose) {
        console.log(`SKIP ${scenario.id} from step ${result.skippedAt}: ${reason}`);
      }
    } else {
      passed++;
    }
  }
  if (skipped > 0) {
    const why = [...reasons.entries()].map(([r, n]) => `${n}x ${r}`).join('; ');
    console.log(
      `${skipped} scenarios compared up to an event this program does not model ` +
        `(${stepsSkipped} steps not compared): ${why}`,
    );
  }
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = main(process.argv);
