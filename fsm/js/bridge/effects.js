// The effects the rules' actions are written with (spec.effects.effects): each a primitive change
// of the record, given its parameters' values by name (mirrors fsm/bridge/effects.py). The laws
// they record (a cancelling law, an obligation's law...) come to them as parameter values.
(function (root) {
  'use strict';
  const NS = (root.FsmInterpreter = root.FsmInterpreter || {});
  const node = typeof module === 'object' && module.exports;
  const calls = node ? require('./calls.js') : NS.bridge.calls;
  const R = node ? require('./records.js') : NS.bridge.records;
  const C = node ? require('./context.js') : NS.bridge.context;
  const E = node ? require('./events.js') : NS.bridge.events;
  const errors = node ? require('../engine/errors.js') : NS.errors;
  const { partner, side, SEATS, parseCall, parseCard } = calls;
  const { truthy } = node ? require('../engine/expr.js') : NS.expr;

  const nil = (x) => x === null || x === undefined;

  // Python's == on JSON values: objects whatever the order of their keys.
  function same(a, b) {
    if (a === b) return true;
    if (nil(a) || nil(b)) return nil(a) && nil(b);
    if (Array.isArray(a) || Array.isArray(b)) {
      return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
    }
    if (typeof a === 'object' && typeof b === 'object') {
      const ka = Object.keys(a);
      return ka.length === Object.keys(b).length && ka.every((k) => k in b && same(a[k], b[k]));
    }
    return false;
  }
  const get = (x, k) => (x !== null && typeof x === 'object' && !nil(x[k]) ? x[k] : null);

  function addUI(rec, source, seats, law) {
    rec.unauthorized_information.push({ source, for: seats.slice(), law });
  }
  const raiseStands = (rec, entry) => rec.raised.push(E.internal('call_stands', entry));
  const toDeferred = (x) => ({ offender: x.offender, law: x.law, original: x.original, waiting_for: x.waiting_for });

  // How a record of each collection is made from its item's fields (table.<name>[]).
  const MAKERS = {
    obligations: (rec, x) => ({ seat: x.seat, kind: x.kind, law: x.law, call: get(x, 'call'), n: get(x, 'n') }),
    deferred: (rec, x) => toDeferred(x),
    pending: (rec, x) => ({
      law: x.law, source: x.source, entry: nil(get(x, 'n')) ? null : R.entry(rec, x.n), awaits: get(x, 'awaits') || 'director',
    }),
    held: (rec, x) => ({ entry: R.entry(rec, x.n), turn: get(x, 'turn') }),
    unauthorized_information: (rec, x) => ({ source: x.source, for: Array.from(x.for), law: x.law }),
    lead_restrictions: (rec, x) => ({ seat: x.seat, law: x.law, offender: x.offender, source: x.source }),
    penalty_cards: (rec, x) => ({ seat: x.seat, card: parseCard(x.card), kind: x.kind, law: x.law }),
    lead_constraints: (rec, x) => {
      const c = { seat: x.seat, kind: x.kind, suit: calls.parseStrain(x.suit), law: x.law };
      if (!nil(get(x, 'card'))) c.card = parseCard(x.card); // a `designate` constraint names its card
      return c;
    },
    exposed: (rec, x) => ({ seat: x.seat, card: parseCard(x.card), major: truthy(x.major), law: x.law }),
    returned_cards: (rec, x) => ({ seat: x.seat, card: parseCard(x.card), law: x.law }),
    reviews: (rec, x) => x,
    sides_with_cards: (rec, x) => x,
  };

  const ENTRY_FIELDS = ['entry', 'replacement', 'held', 'original'];

  // Each effect: (record, event, params by name).
  const EFFECTS = {
    call(rec, e, p) {
      const who = nil(p.seat) ? e.seat : p.seat;
      const made = nil(p.call)
        ? { seat: who, call: e.call, status: p.status, artificial: e.artificial, specifies: e.specifies, law: p.law }
        : { seat: who, call: parseCall(p.call), status: p.status, artificial: false, specifies: null, law: p.law };
      const entry = R.add(rec, made);
      if (p.status === 'standing') raiseStands(rec, entry);
      if (!nil(p.into)) rec.irregularity[p.into] = entry;
    },
    status(rec, e, p) {
      R.setStatus(rec, p.n, p.status, p.law);
    },
    stand(rec, e, p) {
      raiseStands(rec, R.setStatus(rec, p.n, 'standing', null));
    },
    remake(rec, e, p) {
      const entry = R.entry(rec, p.n);
      R.drop(rec, p.n);
      e.follow = E.callEvent(entry);
    },
    move_after(rec, e, p) {
      R.moveAfter(rec, p.n, p.after);
    },
    // every call cancelled is unauthorized information, under the rule's `ui_law`
    cancel_from(rec, e, p) {
      const o = p.offender;
      const irregular = new Set(rec.entries.filter((x) => x.status === 'pending').map((x) => x.n)
        .concat(rec.pending.filter((q) => q.entry).map((q) => q.entry.n)));
      const cancelled = R.cancelFrom(rec, p.n, p.law);
      for (const x of cancelled) {
        const told = [o, partner(o)].concat(irregular.has(x.n) ? [partner(x.seat)] : []);
        addUI(rec, R.token(x), [...new Set(told)].filter((s) => s !== x.seat), p.ui_law);
      }
      const gone = new Set(cancelled.map((x) => x.n));
      rec.held = rec.held.filter((h) => !gone.has(h.entry.n));
      if (rec.irregularity && gone.has(rec.irregularity.entry.n)) rec.irregularity = null;
    },
    cancel_deprived_passes(rec, e, p) {
      const passes = R.passesSinceLastCall(rec);
      const first = R.rotationBreak(rec, passes.map((x) => x.seat));
      const sides = new Set(R.skippingPasses(rec).map((x) => side(x.seat)));
      const offenders = SEATS.filter((s) => sides.has(side(s)));
      for (const x of passes.slice(first)) {
        const cancelled = R.setStatus(rec, x.n, 'cancelled', p.law);
        addUI(rec, R.token(cancelled), offenders.filter((s) => s !== x.seat), p.ui_law);
      }
    },
    irregularity(rec, e, p) {
      let kind = p.kind;
      let turn = p.turn;
      let relation = null;
      if (nil(kind)) { // the event's classification, as the table stands before the call is added
        kind = e.kind;
        turn = R.turn(rec);
        relation = C.relationOf(rec, e.seat, turn);
      }
      let entry;
      if (nil(p.n)) {
        entry = R.add(rec, { seat: e.seat, call: e.call, status: 'pending', artificial: e.artificial, specifies: e.specifies, law: null });
      } else {
        entry = R.entry(rec, p.n);
        if (p.status === 'pending') entry = R.setStatus(rec, p.n, 'pending', null);
      }
      if (relation === null) relation = C.relationOf(rec, entry.seat, turn);
      rec.irregularity = {
        entry, kind, turn, relation, director: truthy(p.director), replacement: null, original: null,
        deferred: truthy(p.deferred) ? toDeferred(p.deferred) : null, comparable: null, held: null,
      };
    },
    set(rec, e, p) {
      const field = p.field;
      const value = p.value;
      if (field === 'irregularity') { rec.irregularity = null; return; }
      const dot = field.indexOf('.');
      const owner = field.slice(0, dot);
      const name = field.slice(dot + 1);
      if (owner === 'irregularity') {
        rec.irregularity[name] = ENTRY_FIELDS.includes(name)
          ? (nil(value) ? null : R.entry(rec, value))
          : (name === 'director' ? truthy(value) : (nil(value) ? null : value));
      } else if (name === 'withdrawable') {
        rec.withdrawable = nil(value) ? null : R.entry(rec, value);
      } else if (name === 'opening_lead') {
        const lead = nil(p.fields) ? value : p.fields;
        rec.opening_lead = nil(lead) ? null : { seat: lead.seat, card: parseCard(lead.card), faced: truthy(lead.faced) };
      } else if (typeof rec[name] === 'boolean') {
        rec[name] = truthy(value);
      } else {
        rec[name] = calls.pyStr(value);
      }
    },
    append(rec, e, p) {
      const to = p.to;
      const item = nil(p.fields) ? p.value : p.fields;
      if (!nil(p.unless_same)) {
        for (const x of C.items(rec, to)) {
          if (p.unless_same.length === 0 ? same(x, item) : p.unless_same.every((k) => same(get(x, k), get(item, k)))) return;
        }
      }
      rec[to].push(MAKERS[to](rec, item));
    },
    remove(rec, e, p) {
      const name = p.from;
      const records = rec[name];
      if (!records.length) return;
      const items = C.items(rec, name);
      if (!nil(p.where)) {
        rec[name] = records.filter((r, i) => !truthy(p.where(rec, e, items[i])));
      } else {
        const i = items.findIndex((x) => same(x, p.value));
        if (i >= 0) rec[name] = records.slice(0, i).concat(records.slice(i + 1));
      }
    },
    update(rec, e, p) {
      const name = p.in;
      const items = C.items(rec, name);
      const out = rec[name].map((r, i) => (truthy(p.where(rec, e, items[i]))
        ? MAKERS[name](rec, { ...items[i], [p.field]: p.value(rec, e, items[i]) }) : r));
      rec[name] = out;
    },
    set_aside(rec) {
      rec.obligations_at_end = rec.obligations;
      rec.deferred_at_end = rec.deferred;
      rec.obligations = [];
      rec.deferred = [];
    },
    reopen(rec) {
      if (R.isOver(rec)) {
        rec.obligations = rec.obligations_at_end.concat(rec.obligations);
        rec.deferred = rec.deferred_at_end.concat(rec.deferred);
        rec.obligations_at_end = [];
        rec.deferred_at_end = [];
      }
    },
    unsettle_exposed(rec) {
      if (R.isOver(rec)) {
        const kept = rec.exposed_at_end;
        const settled = (x) => kept.some((k) => k.seat === x.seat && k.card.pbn === x.card.pbn);
        rec.penalty_cards = rec.penalty_cards.filter((p) => !settled(p));
        rec.returned_cards = rec.returned_cards.filter((r) => !settled(r));
        rec.exposed = kept.concat(rec.exposed.filter((x) => !settled(x)));
        rec.exposed_at_end = [];
        rec.lead_constraints = [];
      }
    },
    keep_exposed(rec) {
      const kept = rec.exposed_at_end;
      const known = (x) => kept.some((k) => k.seat === x.seat && k.card.pbn === x.card.pbn);
      rec.exposed_at_end = kept.concat(rec.exposed.filter((x) => !known(x)));
    },
    again(rec, e) {
      e.follow = E.again(e);
    },
    follow(rec, e, p) {
      e.follow = E.judgement(p.key, p.value);
    },
    refuse(rec, e, p) {
      throw new errors.IllegalEvent(calls.pyStr(p.fr), calls.pyStr(p.en), calls.pyStr(p.law));
    },
  };

  // The effects the export declares, each taking its values in the declared order of its params.
  function effects(spec) {
    const out = {};
    for (const decl of spec.effects.effects) {
      const run = EFFECTS[decl.name];
      if (!run) throw new Error(`the host has no effect '${decl.name}'`);
      const names = decl.params.map((p) => p.name);
      out[decl.name] = (rec, e, ...values) => {
        const p = {};
        names.forEach((n, i) => { p[n] = values[i] === undefined ? null : values[i]; });
        run(rec, e, p);
      };
    }
    return out;
  }

  const api = { effects, EFFECTS, MAKERS, same };
  if (typeof module === 'object' && module.exports) module.exports = api;
  NS.bridge = NS.bridge || {};
  NS.bridge.effects = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
