// What a board tells after an event (mirrors fsm/model/board.py Board.snapshot): the export's
// `snapshot` lists its keys in order; a key with an `expr` is that expression over the context
// (event null), evaluated with the engine's expression evaluator; the others are the host's
// primitives below, each as its `doc` in the export says.
(function (root) {
  'use strict';
  const NS = (root.FsmInterpreter = root.FsmInterpreter || {});
  const node = typeof module === 'object' && module.exports;
  const calls = node ? require('./calls.js') : NS.bridge.calls;
  const R = node ? require('./records.js') : NS.bridge.records;
  const expr = node ? require('../engine/expr.js') : NS.expr;
  const { lho } = calls;

  // The keys no variable gives: read from the record (kinds: the export's `kinds`, by name).
  function primitives(kinds) {
    function irregularity(irr) {
      const kind = kinds.get(irr.kind);
      if (!kind) throw new Error(`the export's kinds have no '${irr.kind}'`);
      const out = { law: kind.law, kind: irr.kind, source: R.token(irr.entry), turn: irr.turn, relation: irr.relation };
      if (irr.replacement) out.replacement = R.token(irr.replacement);
      if (irr.original) out.original = R.token(irr.original);
      if (irr.held) out.held = R.token(irr.held);
      return out;
    }
    return {
      dealer: (rec) => rec.dealer,
      vulnerable: (rec) => rec.vulnerable,
      auction: (rec) => R.standing(rec).map(R.token),
      cancelled: (rec) => R.removed(rec).map(R.token),
      contract: (rec) => R.contract(rec),
      opening_leader: (rec) => { const d = R.declarer(rec); return d !== null ? lho(d) : null; },
      irregularity: (rec) => (rec.irregularity ? irregularity(rec.irregularity) : null),
      lead: (rec) => (rec.opening_lead
        ? { seat: rec.opening_lead.seat, card: rec.opening_lead.card.pbn, faced: rec.opening_lead.faced } : null),
      // An obligation fulfilled (kind fulfilled_...) is kept out of force and out of the snapshot.
      obligations: (rec) => rec.obligations.filter((o) => !o.kind.startsWith('fulfilled_'))
        .map((o) => ({ seat: o.seat, kind: o.kind, law: o.law })),
      lead_restrictions: (rec) => R.leadRestrictionsNow(rec),
      exposed_cards: (rec) => rec.exposed.map((x) => ({ seat: x.seat, card: x.card.pbn, law: x.law })),
      unauthorized_information: (rec) => rec.unauthorized_information.map((u) => ({ source: u.source, for: u.for.slice(), law: u.law })),
      pending: (rec) => rec.pending.map((p) => ({ law: p.law, source: p.source })),
      held: (rec) => rec.held.map((h) => R.token(h.entry)),
    };
  }

  // host: {variables, operators, setters}, as the engine's vocabulary takes them.
  function createSnapshot(spec, host) {
    const vocabulary = new expr.Vocabulary(spec.context, host);
    const own = primitives(new Map(spec.kinds.map((k) => [k.name, k])));
    const keys = spec.snapshot.map((s) => {
      if (s.expr !== undefined) return [s.key, vocabulary.compile(s.expr)];
      if (!own[s.key]) throw new Error(`the host has no snapshot key '${s.key}'`);
      return [s.key, own[s.key]];
    });
    return function snapshot(rec) {
      const out = {};
      for (const [key, get] of keys) {
        const value = get(rec, null);
        out[key] = value === undefined ? null : value;
      }
      return out;
    };
  }

  const api = { createSnapshot };
  if (typeof module === 'object' && module.exports) module.exports = api;
  NS.bridge = NS.bridge || {};
  NS.bridge.snapshot = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
