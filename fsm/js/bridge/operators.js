// The bridge operators of the expressions (spec.context.operators), each (record, event, ...args)
// -> JSON value, as their definitions in the export say (mirrors fsm/bridge/context.py).
(function (root) {
  'use strict';
  const NS = (root.FsmInterpreter = root.FsmInterpreter || {});
  const node = typeof module === 'object' && module.exports;
  const calls = node ? require('./calls.js') : NS.bridge.calls;
  const R = node ? require('./records.js') : NS.bridge.records;
  const C = node ? require('./context.js') : NS.bridge.context;
  const { lho, rho, partner, side, callOf, cardOf, makeCall } = calls;

  const nil = (x) => x === null || x === undefined;
  // JsonLogic's truth (as Python's): null, false, 0, "" and [] are false.
  const truthy = (x) => !(nil(x) || x === false || x === 0 || x === '' || (Array.isArray(x) && x.length === 0));
  const seatOp = (fn) => (rec, e, seat) => (nil(seat) ? null : fn(seat));

  const OPERATORS = {
    lho: seatOp(lho),
    rho: seatOp(rho),
    partner: seatOp(partner),
    side: seatOp(side),
    relation: (rec, e, seat, turn) => (nil(seat) || nil(turn) ? null : C.relationOf(rec, seat, turn)),
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
    sufficient: (rec, e, call) => { const c = callOf(call); return c !== null && c.isBid && R.isSufficient(rec, c); },
    insufficient: (rec, e, call) => { const c = callOf(call); return c !== null && c.isBid && !R.isSufficient(rec, c); },
    lowest_sufficient: (rec, e, call) => {
      const c = callOf(call);
      if (c === null || !c.isBid || !R.isSufficient(rec, c)) return false;
      return c.level === 1 || !R.isSufficient(rec, makeCall('bid', c.level - 1, c.strain));
    },
    denominations: (rec, e, call, specifies, artificial) => {
      if (!nil(specifies)) return Array.from(specifies);
      const c = callOf(call);
      if (c !== null && c.isBid && c.strain !== null && !truthy(artificial)) return [c.strain];
      return [];
    },
    same_set: (rec, e, a, b) => {
      if (nil(a) || nil(b)) return false;
      const sa = new Set(Array.from(a).map((x) => JSON.stringify(x)));
      const sb = new Set(Array.from(b).map((x) => JSON.stringify(x)));
      return sa.size === sb.size && [...sa].every((x) => sb.has(x));
    },
    legal: (rec, e, seat, call) => {
      const c = callOf(call);
      return c !== null && !nil(seat) && R.allows(rec, seat, c);
    },
    has_called: (rec, e, seat) => !nil(seat) && R.hasCalled(rec, seat),
    partner_silent: (rec, e, seat) => !nil(seat) && R.partnerSilent(rec, seat),
    must_pass: (rec, e, seat) => !nil(seat) && R.mustPass(rec, seat) !== null,
    must_repeat: (rec, e, seat) => {
      if (nil(seat)) return null;
      const o = R.mustRepeat(rec, seat);
      return o !== null ? (nil(o.call) ? null : o.call) : null;
    },
    deferred_law: (rec, e, seat) => {
      if (nil(seat)) return null;
      const d = R.deferredFor(rec, seat);
      return d !== null ? d.law : null;
    },
    in_rotation: (rec, e, n) => {
      const s = R.standing(rec);
      for (let i = 0; i < s.length; i++) {
        if (s[i].n === n) return s[i].seat === (i ? lho(s[i - 1].seat) : rec.dealer);
      }
      return false;
    },
    breaks_constraint: (rec, e, seat, card) => {
      const c = cardOf(card);
      if (c === null || nil(seat)) return null;
      const mine = rec.lead_constraints.filter((k) => k.seat === seat);
      const restricts = (k, x) => (k.kind === 'prohibit' && x.suit === k.suit) || (k.kind === 'require' && x.suit !== k.suit);
      for (const k of mine) {
        if (k.kind !== 'designate') {
          if (restricts(k, c)) return k.law;
        } else if (c.pbn !== k.card.pbn && !mine.some((r) => restricts(r, k.card))) {
          // a restriction on the designated card itself comes first: that card binds no lead
          return k.law;
        }
      }
      return null;
    },
    penalty_cards_held: (rec, e, seat) => rec.penalty_cards.filter((p) => p.seat === seat).length,
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
