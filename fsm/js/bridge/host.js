// The bridge host: what the generic engine (engine/) needs from the board, built from the export
// (spec): the context's variables and operators, the effects, the record, reading events, the
// snapshot. See HOST.md.
(function (root) {
  'use strict';
  const NS = (root.FsmInterpreter = root.FsmInterpreter || {});
  const node = typeof module === 'object' && module.exports;
  const B = node
    ? {
      calls: require('./calls.js'), events: require('./events.js'), records: require('./records.js'),
      context: require('./context.js'), operators: require('./operators.js'), effects: require('./effects.js'),
      snapshot: require('./snapshot.js'),
    }
    : NS.bridge;
  const errors = node ? require('../engine/errors.js') : NS.errors;

  function createHost(spec) {
    const variables = B.context.variables(spec);
    const setters = B.context.setters(spec);
    const operators = B.operators.operators(spec);
    const reader = B.events.createReader(spec);
    const snapshot = B.snapshot.createSnapshot(spec, { variables, operators, setters });

    // Each field of the record on a fresh board: the `initial` of its variable `table.<field>`.
    // A board whose cards are still in the board starts otherwise where the variable says so
    // (`initial_cards_in_board`).
    const fresh = new Map();
    const boxed = new Map();
    for (const v of spec.context.variables) {
      if (v.initial === undefined || !v.name.startsWith('table.')) continue;
      const field = v.name.slice('table.'.length);
      fresh.set(field, v.initial);
      boxed.set(field, v.initial_cards_in_board !== undefined ? v.initial_cards_in_board : v.initial);
    }
    // The set-up (spec.setup): a missing key takes its default; a vulnerability not among its
    // choices is refused (fsm/model/board.py); the dealer is read as any seat.
    const SETUP = new Map(spec.setup.map((s) => [s.name, s]));
    const given = (setup, key) => (setup[key] === undefined || setup[key] === null ? SETUP.get(key).default : setup[key]);
    const lacking = B.records.STORED.filter((name) => !fresh.has(name));
    if (lacking.length) throw new Error(`the export gives no initial value for ${lacking.map((n) => `table.${n}`).join(', ')}`);

    // The settings (spec.settings): a missing one takes its default; an unknown one, or a value
    // not among its choices (Python's ==: true == 1), is refused (fsm/bridge/settings.py).
    const SETTINGS = new Map(spec.settings.map((s) => [s.name, s]));
    const pyEq = (a, b) => ((typeof a === 'number' || typeof a === 'boolean') && (typeof b === 'number' || typeof b === 'boolean')
      ? Number(a) === Number(b) : B.effects.same(a, b));
    const quoted = (names) => names.map((n) => `« ${B.calls.pyStr(n)} »`).join(', ');
    function readSettings(raw) {
      const out = {};
      for (const s of spec.settings) out[s.name] = s.default;
      for (const [key, value] of Object.entries(raw || {})) {
        const s = SETTINGS.get(key);
        if (!s) {
          const known = spec.settings.map((x) => x.name);
          throw new errors.InputError(`réglage inconnu « ${key} » (connus : ${quoted(known)})`,
            `unknown setting '${key}' (known: ${known.join(', ')})`, null, key);
        }
        if (!s.choices.some((c) => pyEq(value, c))) {
          const str = B.calls.pyStr(value);
          throw new errors.InputError(`valeur « ${str} » impossible pour « ${key} » (${quoted(s.choices)})`,
            `value '${str}' not allowed for '${key}' (${s.choices.map(B.calls.pyStr).join(', ')})`, null, key);
        }
        out[key] = value;
      }
      return out;
    }

    function newRecord(setup) {
      const inBoard = Boolean(given(setup, 'cards_in_board'));
      const start = spec.initial[inBoard ? 'cards_in_board' : 'default'];
      const vulnerable = given(setup, 'vulnerable');
      const choices = SETUP.get('vulnerable').choices;
      if (!choices.includes(vulnerable)) {
        const str = B.calls.pyStr(vulnerable);
        throw new errors.InputError(`vulnérabilité « ${str} » inconnue (${quoted(choices)})`,
          `unknown vulnerability '${str}' (${choices.join(', ')})`, null, 'vulnerable');
      }
      let dealer;
      try {
        dealer = B.calls.parseSeat(given(setup, 'dealer'));
      } catch (err) {
        if (err.type === 'InputError' && err.key === null) err.key = 'dealer';
        throw err;
      }
      const settings = readSettings(setup.settings);
      const initial = {};
      for (const name of B.records.STORED) {
        const value = JSON.parse(JSON.stringify((inBoard ? boxed : fresh).get(name)));
        initial[name] = Array.isArray(value) && B.effects.MAKERS[name] ? value.map((x) => B.effects.MAKERS[name](null, x)) : value;
      }
      return B.records.newRecord({ dealer, vulnerable, settings }, start, initial);
    }

    return {
      variables,
      setters,
      operators,
      effects: B.effects.effects(spec),
      newRecord,
      readEvent: (record, json) => reader.read(json),
      internal: (name) => B.events.internal(name),
      ruled: (record, law) => { record.rulings.push(law); },
      save: (record) => B.records.save(record),
      restore: (record, saved) => B.records.restore(record, saved),
      snapshot,
      seatValue: (seat) => seat,
    };
  }

  const api = { createHost };
  if (typeof module === 'object' && module.exports) module.exports = api;
  else NS.host = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
