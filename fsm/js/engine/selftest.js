#!/usr/bin/env node
'use strict';
// The engine on a toy machine and a toy host (no bridge): node fsm/js/engine/selftest.js
const assert = require('node:assert/strict');
const { Vocabulary } = require('./expr.js');
const { Engine, Board } = require('./machine.js');
const { IllegalEvent, InputError } = require('./errors.js');

let passed = 0;
function test(name, fn) {
  try {
    fn();
    passed += 1;
  } catch (err) {
    process.stderr.write(`FAIL ${name}: ${err.stack}\n`);
    process.exitCode = 1;
  }
}

// --- expressions -------------------------------------------------------------------------
const context = {
  builtins: { var: '', ctx: '', '==': '', count: '' },
  variables: [{ name: 'a.n' }, { name: 'a.list' }, { name: 'a.null' }, { name: 'a.s' }, { name: 'a.nested' }],
  operators: [{ name: 'twice', args: ['x'] }, { name: 'add', args: ['x', 'y'] }],
};
const vars = { 'a.n': () => 3, 'a.list': () => [{ k: 1, v: 'x' }, { k: 2, v: 'y' }, { k: 3, v: 'x' }], 'a.null': () => null, 'a.s': () => 'hello', 'a.nested': () => [{ x: { y: 5 } }, { x: 1 }] };
const ops = { twice: (r, e, x) => (x === null ? null : 2 * x), add: (r, e, x, y) => x + y };
const V = new Vocabulary(context, { variables: vars, operators: ops });
const ev = (x) => V.compile(x)(null, null);

test('constants and arrays', () => {
  assert.equal(ev(1), 1);
  assert.deepEqual(ev([1, { var: 'a.n' }]), [1, 3]);
  assert.equal(ev({ var: 'a.n' }), 3);
  assert.equal(ev({ var: ['a.null', 7] }), 7);
});
test('truth is Python\'s', () => {
  assert.equal(ev({ '!': [[]] }), true);
  assert.equal(ev({ '!!': [{ var: 'a.list' }] }), true);
  assert.equal(ev({ '!': [0] }), true);
  assert.equal(ev({ '!': '' }), true);
  assert.equal(ev({ and: [1, 0, 2] }), 0);
  assert.equal(ev({ or: [0, '', 'z'] }), 'z');
  assert.equal(ev({ or: [0, ''] }), '');
  assert.equal(ev({ and: [] }), true);
});
test('equality and order', () => {
  assert.equal(ev({ '==': [1, true] }), true);
  assert.equal(ev({ '==': [null, 0] }), false);
  assert.equal(ev({ '==': [[1, 'a'], [1, 'a']] }), true);
  assert.equal(ev({ '!=': ['1', 1] }), true);
  assert.equal(ev({ '<': [{ var: 'a.null' }, 3] }), false);
  assert.equal(ev({ '>': [{ var: 'a.n' }, 2] }), true);
  assert.equal(ev({ '<': [1, { var: 'a.n' }, 5] }), true);
  assert.equal(ev({ '<=': [1, 1, 0] }), false);
  assert.equal(ev({ '<': ['a', 'b'] }), true);
});
test('in, cat, if', () => {
  assert.equal(ev({ in: ['ell', { var: 'a.s' }] }), true);
  assert.equal(ev({ in: [2, [1, 2]] }), true);
  assert.equal(ev({ in: [2, { var: 'a.null' }] }), false);
  assert.equal(ev({ cat: ['a', null, true, 3] }), 'atrue3');
  assert.equal(ev({ if: [false, 1, 0, 2, 3] }), 3);
  assert.equal(ev({ if: [false, 1] }), null);
});
test('array operations: var reads the item, ctx the context', () => {
  assert.equal(ev({ count: [{ var: 'a.list' }] }), 3);
  assert.equal(ev({ count: [{ var: 'a.null' }] }), 0);
  assert.equal(ev({ count: [{ var: 'a.list' }, { '==': [{ var: 'v' }, 'x'] }] }), 2);
  assert.deepEqual(ev({ map: [{ var: 'a.list' }, { var: 'k' }] }), [1, 2, 3]);
  assert.deepEqual(ev({ filter: [{ var: 'a.list' }, { '==': [{ var: 'k' }, { ctx: 'a.n' }] }] }), [{ k: 3, v: 'x' }]);
  assert.deepEqual(ev({ first: [{ var: 'a.list' }, { '==': [{ var: 'v' }, 'y'] }] }), { k: 2, v: 'y' });
  assert.equal(ev({ first: [{ var: 'a.null' }] }), null);
  assert.equal(ev({ all: [[], true] }), false);
  assert.equal(ev({ all: [[1, 2], { var: '' }] }), true);
  assert.equal(ev({ none: [[0, ''], { var: '' }] }), true);
  assert.equal(ev({ some: [[[1], [2, 3]], { some: [{ var: '' }, { '==': [{ var: '' }, 3] }] }] }), true);
  assert.deepEqual(ev({ map: [{ var: 'a.nested' }, { var: 'x.y' }] }), [5, null]);
  assert.deepEqual(ev({ map: [{ var: 'a.nested' }, { var: ['x.y', 9] }] }), [5, 9]);
  assert.throws(() => ev({ map: [[{ x: { y: 5 } }], { var: 'x.y' }] })); // an object in an expression is an operation
});
test('host operators', () => {
  assert.equal(ev({ twice: { var: 'a.n' } }), 6);
  assert.equal(ev({ add: [1, 2] }), 3);
  assert.deepEqual(ev({ map: [[1, 2], { twice: { var: '' } }] }), [2, 4]);
  assert.throws(() => ev({ add: [1] }));
  assert.throws(() => ev({ nope: [1] }));
  assert.throws(() => ev({ var: 'no.such' }));
});

// --- a toy machine: a door that opens (compound state), a decided kind, a trigger, an internal
// event raised by an effect, a follow-up event, an effect that refuses ------------------------
const spec = {
  version: 7,
  initial: { default: 'closed', cards_in_board: 'locked' },
  context: {
    builtins: { var: '' },
    variables: [{ name: 'event.who' }, { name: 'knock.kind' }, { name: 'door.knocks' }, { name: 'door.log' }],
    operators: [],
  },
  effects: {
    control: {},
    effects: [
      { name: 'log', params: [{ name: 'what', kind: 'expr', required: true }, { name: 'extra', kind: 'expr', required: false, default: { var: 'door.knocks' } }] },
      { name: 'knocked', params: [] },
      { name: 'ring', params: [] },
      { name: 'then', params: [{ name: 'event', kind: 'literal', required: true }] },
      { name: 'refuse', params: [{ name: 'law', kind: 'expr', required: true }] },
      { name: 'drop', params: [{ name: 'where', kind: 'item', required: false, default: null }] },
    ],
  },
  decisions: [{ name: 'knock.kind', state: 'closed', event: 'knock', law: '1', fr: '', en: '', outcomes: ['loud', 'soft'],
    rows: [{ law: '1A', when: { '==': [{ var: 'event.who' }, 'N'] }, rows: [{ law: '1A1', when: false, then: 'never' }] },
      { law: '1B', when: { '==': [{ var: 'event.who' }, 'N'] }, then: 'loud' }, { law: '1C', then: 'soft' }] }],
  triggers: [{ state: 'closed', when: { '==': [{ var: 'door.knocks' }, 3] }, raise: 'bell' }],
  events: [
    { name: 'knock', law: '2', fr: 'frappe', en: 'knocks', by_state: false, internal: false },
    { name: 'open', law: '3', fr: 'ouvre', en: 'opens', by_state: true, internal: false },
    { name: 'bell', law: '4', fr: 'sonne', en: 'rings', by_state: false, internal: true },
    { name: 'echo', law: '5', fr: 'écho', en: 'echo', by_state: false, internal: true },
    { name: 'shout', law: '6', fr: 'crie', en: 'shouts', by_state: false, internal: false },
  ],
  states: [
    { name: 'closed', law: '10', fr: 'fermée', en: 'closed', initial: false, waiting: false },
    { name: 'locked', law: '11', fr: 'verrouillée', en: 'locked', initial: false, waiting: true },
    { name: 'open', law: '12', fr: 'ouverte', en: 'open', initial: false },
    { name: 'open.wide', law: '12A', fr: 'grande ouverte', en: 'wide open', initial: true },
    { name: 'open.ajar', law: '12B', fr: 'entrouverte', en: 'ajar', initial: false },
  ],
  rules: [
    { id: 'closed--knock[loud]->closed', event: 'knock', source: 'closed', dest: null, law: '2A', cites: [], ruling: true,
      guards: [{ name: 'loud', test: { '==': [{ var: 'knock.kind' }, 'loud'] } }],
      actions: [{ name: 'a', effects: [{ log: { what: 'loud' } }, { knocked: {} }, { ring: {} }] }] },
    { id: 'closed--knock[soft]->closed', event: 'knock', source: 'closed', dest: null, law: '2B', cites: ['9'],
      guards: [{ name: 'soft', test: { '==': [{ var: 'knock.kind' }, 'soft'] } }],
      actions: [{ name: 'b', effects: [{ if: [{ '==': [{ var: 'event.who' }, 'S'] }, [{ log: { what: 'S' } }], [{ log: { what: 'other', extra: 0 } }]] }, { knocked: {} }] }] },
    { id: 'closed--echo[]->closed', event: 'echo', source: 'closed', dest: null, law: '5A', cites: [],
      guards: [{ name: 'few', test: { '<': [{ var: 'door.knocks' }, 2] } }],
      actions: [{ name: 'c', effects: [{ log: { what: 'echo' } }, { knocked: {} }] }] },
    { id: 'closed--bell[]->open', event: 'bell', source: 'closed', dest: 'open', law: '4A', cites: [], guards: [],
      actions: [{ name: 'd', effects: [{ each: [{ var: 'door.log' }, [{ log: { what: { var: '' } } }]] }, { with: [7, [{ log: { what: { var: '' } } }]] }] }] },
    { id: 'open--shout[]->open.ajar', event: 'shout', source: 'open', dest: 'open.ajar', law: '6A', cites: [], guards: [],
      actions: [{ name: 'e', effects: [{ then: { event: 'knock' } }] }] },
    { id: 'open.ajar--knock[]->open.ajar', event: 'knock', source: 'open.ajar', dest: null, law: '2C', cites: [], guards: [],
      actions: [{ name: 'f', effects: [{ refuse: { law: '2C1' } }] }] },
    { id: 'open--knock[]->closed', event: 'knock', source: 'open', dest: 'closed', law: '2D', cites: [], guards: [],
      actions: [{ name: 'g', effects: [{ drop: { where: { '==': [{ var: '' }, 'echo'] } } }, { knocked: {} }] }] },
    { id: 'locked--open[x]->open', event: 'open', source: 'locked', dest: 'open', law: '3A', cites: [], guards: [{ name: 'x', test: false }], actions: [] },
    { id: 'locked--open[y]->open', event: 'open', source: 'locked', dest: 'open', law: '3B', cites: [], guards: [{ name: 'y', test: false }], actions: [] },
  ],
  holders: [{ name: 'north', test: { if: [{ '<': [{ var: 'door.knocks' }, 2] }, ['N'], []] } }],
  options: {
    closed: [{ event: 'knock', holder: 'north', law: '2', fr: 'f', en: 'k' }, { event: 'knock', holder: null, law: '2', fr: 'f', en: 'k' }],
    open: [{ event: 'shout', holder: null, law: '6', fr: 'c', en: 's' }],
  },
};

function toyHost() {
  return {
    variables: {
      'event.who': (r, e) => (e ? e.args.who || null : null),
      'knock.kind': (r, e) => e.kind || null,
      'door.knocks': (r) => r.knocks,
      'door.log': (r) => r.log.slice(),
    },
    setters: { 'knock.kind': (r, e, v) => { e.kind = v; } },
    operators: {},
    effects: {
      log: (r, e, what, extra) => { r.log.push(`${what}:${extra}`); },
      knocked: (r) => { r.knocks += 1; },
      ring: (r) => { r.raised.push({ name: 'echo', args: {}, follow: null }); },
      then: (r, e, name) => { e.follow = { name, args: { who: 'S' }, follow: null }; },
      refuse: (r, e, law) => { throw new IllegalEvent('non', 'no', law); },
      drop: (r, e, where) => { r.log = r.log.filter((x) => !where(r, e, x.split(':')[0])); },
    },
    newRecord: (setup) => ({ state: setup.cards_in_board ? 'locked' : 'closed', raised: [], knocks: 0, log: [], rulings: [] }),
    readEvent: (r, json) => {
      const [name] = Object.keys(json);
      if (!spec.events.some((x) => x.name === name && !x.internal)) throw new InputError('?', '?', null, name);
      return { name, args: json[name] || {}, follow: null };
    },
    internal: (name) => ({ name, args: {}, follow: null }),
    ruled: (r, law) => r.rulings.push(law),
    save: (r) => JSON.stringify(r),
    restore: (r, saved) => Object.assign(r, JSON.parse(saved), { raised: [] }),
    snapshot: (r) => ({ state: r.state, knocks: r.knocks, log: r.log, rulings: r.rulings }),
    seatValue: (s) => s,
  };
}

test('the toy machine', () => {
  const engine = new Engine(spec, toyHost());
  const b = new Board(engine, { cards_in_board: false });
  assert.deepEqual(b.options(), [{ event: 'knock', seats: ['N'], law: '2', fr: 'f', en: 'k' }, { event: 'knock', seats: null, law: '2', fr: 'f', en: 'k' }]);
  let steps = b.apply({ knock: { who: 'N' } });
  assert.deepEqual(steps.map((s) => s.rule), ['closed--knock[loud]->closed', 'closed--echo[]->closed']);
  assert.deepEqual(b.snapshot(), { state: 'closed', knocks: 2, log: ['loud:0', 'echo:1'], rulings: ['2A'] });
  assert.deepEqual(b.options().map((o) => o.seats), [null]);
  steps = b.apply({ knock: { who: 'E' } }); // the third knock: the trigger rings the bell, the door opens
  assert.deepEqual(steps.map((s) => s.rule), ['closed--knock[soft]->closed', 'closed--bell[]->open']);
  assert.equal(b.state, 'open.wide');
  assert.deepEqual(b.snapshot().log, ['loud:0', 'echo:1', 'other:0', 'loud:0:3', 'echo:1:3', 'other:0:3', '7:3']);
  assert.deepEqual(steps[1], { event: 'bell', args: {}, source: 'closed', target: 'open.wide', law: '4A', laws: ['4A'], rule: 'closed--bell[]->open' });
  const before = JSON.stringify(b.snapshot());
  // shout sends the door ajar, and its follow-up knock is refused there by an effect: all undone
  assert.throws(() => b.apply({ shout: {} }), (err) => err.type === 'IllegalEvent' && err.law === '2C1' && err.details.rule === 'open.ajar--knock[]->open.ajar');
  assert.equal(JSON.stringify(b.snapshot()), before);
  assert.equal(b.state, 'open.wide');
  // knock from open.wide: the rule of the enclosing state
  steps = b.apply({ knock: { who: 'W' } });
  assert.deepEqual(steps.map((s) => s.rule), ['open--knock[]->closed']);
  assert.deepEqual(b.snapshot().log, ['loud:0', 'other:0', 'loud:0:3', 'other:0:3', '7:3']);
  // refusals: the event's law (no rule), the state's law (by_state), the shared law of the rules
  assert.throws(() => b.apply({ shout: {} }), (err) => err.law === '6');
  assert.throws(() => b.apply({ open: {} }), (err) => err.law === '10');
  assert.throws(() => b.apply({ nothing: {} }), (err) => err.type === 'InputError');
  const locked = new Board(engine, { cards_in_board: true });
  assert.throws(() => locked.apply({ open: {} }), (err) => err.law === '11' && err.details.nearest === 'locked--open[y]->open');
  assert.throws(() => locked.apply({ knock: {} }), (err) => err.law === '11');
});

test('a follow-up handed on by an internal event is routed, then the triggers asked again', () => {
  const handing = JSON.parse(JSON.stringify(spec));
  handing.rules.find((r) => r.event === 'bell').actions[0].effects.push({ then: { event: 'knock' } });
  const b = new Board(new Engine(handing, toyHost()), { cards_in_board: false });
  b.apply({ knock: { who: 'N' } });
  const steps = b.apply({ knock: { who: 'E' } }); // the bell opens the door, and its knock closes it again
  assert.deepEqual(steps.map((s) => s.rule), ['closed--knock[soft]->closed', 'closed--bell[]->open', 'open--knock[]->closed']);
  assert.equal(b.state, 'closed');
  assert.equal(b.snapshot().knocks, 4); // four knocks: the trigger (three) does not ring again
});

test('a machine that names what the host lacks is refused', () => {
  const host = toyHost();
  delete host.effects.ring;
  assert.throws(() => new Engine(spec, host), /ring/);
  const bad = JSON.parse(JSON.stringify(spec));
  bad.rules[0].guards[0].test = { var: 'no.such' };
  assert.throws(() => new Engine(bad, toyHost()), /no\.such/);
});

process.stdout.write(`${passed} passed\n`);
