'use strict';
// The expression language's test vectors (fsm/interop/vectors.json) and the definitions' examples of an
// export (context.definitions[].examples), each evaluated over a context of plain values with the host's
// pure operators: `node fsm/js/vectors.js MACHINE.json [VECTORS.json]` prints one line per vector that
// differs and exits 1 if any does.
const fs = require('fs');
const path = require('path');
const { Vocabulary, equal } = require('./engine/expr.js');
const { OPERATORS } = require('./bridge/operators.js');

const spec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const file = process.argv[3] || path.join(__dirname, '..', 'interop', 'vectors.json');
const vectors = JSON.parse(fs.readFileSync(file, 'utf8')).vectors
  .concat(...spec.context.definitions.map((d) => d.examples.map((x) => ({ expr: x.expr, context: x.context, value: x.value }))));

const names = new Set(spec.context.variables.map((v) => v.name));
for (const x of vectors) for (const k of Object.keys(x.context)) names.add(k);
const variables = {};
for (const name of names) variables[name] = (r) => (Object.prototype.hasOwnProperty.call(r, name) ? r[name] : null);
const operators = {};
for (const o of spec.context.operators) {
  operators[o.name] = o.pure ? OPERATORS[o.name] : () => { throw new Error(`the operator '${o.name}' reads the board`); };
}
const context = { variables: [...names].map((name) => ({ name })), operators: spec.context.operators, definitions: spec.context.definitions };
const v = new Vocabulary(context, { variables, operators });

let wrong = 0;
for (const x of vectors) {
  let got;
  try { got = v.compile(x.expr)(x.context, null); } catch (err) { got = `error: ${err.message}`; }
  if (!equal(got, x.value) || typeof got !== typeof x.value) {
    wrong += 1;
    console.log(`${JSON.stringify(x.expr)} over ${JSON.stringify(x.context)}: ${JSON.stringify(got)}, not ${JSON.stringify(x.value)}`);
  }
}
console.log(`${vectors.length - wrong} of ${vectors.length} vectors agree`);
process.exit(wrong ? 1 : 0);
