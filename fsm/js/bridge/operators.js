// The bridge operators of the expressions (spec.context.operators), each (record, event, ...args)
// -> JSON value, as their definitions in the export say (mirrors fsm/bridge/context.py).
(function (root) {
  'use strict';
  const NS = (root.FsmInterpreter = root.FsmInterpreter || {});
  const node = typeof module === 'object' && module.exports;
  const calls = node ? require('./calls.js') : NS.bridge.calls;
  const R = node ? require('./records.js') : NS.bridge.records;
  const C = node ? require('./context.js') : NS.bridge.context;
  const { lho, rho, partner, side, callOf, cardOf } = calls;

  const nil = (x) => x === null || x === undefined;
  // JsonLogic's truth (as Python's): null, false, 0, "" and [] are false.
  const truthy = (x) => !(nil(x) || x === false || x === 0 || x === '' || (Array.isArray(x) && x.length === 0));
  const seatOp = (fn) => (rec, e, seat) => (nil(seat) ? null : fn(seat));

  const OPERATORS = {
    lho: seatOp(lho),
    rho: seatOp(rho),
    partner: seatOp(partner),
    side: seatOp(side),
    over_partner_artificial: (rec, e, seat) => {
      if (nil(seat)) return false;
      const s = R.standing(rec);
      for (let i = s.length - 1; i >= 0; i--) {
        const x = s[i];
        if (x.call.isPass && side(x.seat) !== side(seat)) continue;
        return x.seat === partner(seat) && x.artificial;
      }
      return false;
    },
    level: (rec, e, call) => { const c = callOf(call); return c ? c.level : null; },
    rank: (rec, e, call) => { const c = callOf(call); return c ? c.rank : null; },
    suit: (rec, e, card) => { const c = cardOf(card); return c ? c.suit : null; },
    honour: (rec, e, card) => { const c = cardOf(card); return c !== null && c.honour; },
    strain: (rec, e, call) => { const c = callOf(call); return c && c.isBid ? c.strain : null; },
    pending_call: (rec, e, law) => {
      const p = rec.pending.find((x) => x.law === law);
      if (!p || p.entry === null) return null;
      const s = R.standing(rec);
      if (s.some((x) => x.n === p.entry.n)) return p.entry.n;
      const same = s.filter((x) => x.seat === p.entry.seat && x.call.token === p.entry.call.token);
      return same.length ? same[same.length - 1].n : null;
    },
    last_call: (rec, e, seat) => {
      if (nil(seat)) return null;
      const s = R.standing(rec);
      for (let i = s.length - 1; i >= 0; i--) {
        const x = s[i];
        if (x.seat === seat) return R.item(x);
      }
      return null;
    },
    call: (rec, e, n) => {
      if (nil(n)) return null;
      const x = rec.entries.find((y) => y.n === n);
      return x ? R.item(x) : null;
    },
    standing_after: (rec, e, n) => {
      const i = rec.entries.findIndex((x) => x.n === n);
      return i < 0 ? [] : rec.entries.slice(i + 1).filter((y) => y.status === 'standing').map((y) => y.n);
    },
    opponent_called_after: (rec, e, n, seat) => {
      if (nil(n) || nil(seat)) return false;
      const i = rec.entries.findIndex((x) => x.n === n);
      return i >= 0 && rec.entries.slice(i + 1).some((y) => y.status === 'standing' && side(y.seat) !== side(seat));
    },
    standing_before: (rec, e, n) => {
      const i = rec.entries.findIndex((x) => x.n === n);
      return i < 0 ? [] : rec.entries.slice(0, i).filter((y) => y.status === 'standing').map((y) => y.n).reverse();
    },
  };

  function operators(spec) {
    const out = {};
    for (const op of spec.context.operators) {
      if (!OPERATORS[op.name]) throw new Error(`the host has no operator '${op.name}'`);
      out[op.name] = OPERATORS[op.name];
    }
    return out;
  }

  const api = { operators, OPERATORS, truthy };
  if (typeof module === 'object' && module.exports) module.exports = api;
  NS.bridge = NS.bridge || {};
  NS.bridge.operators = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
