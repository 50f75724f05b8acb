// The host's game primitives the expressions call (spec.context.operators), each (record, event, ...args)
// -> JSON value: seats, the order of bids, cards. Everything the Laws decide is a definition of the
// export (spec.context.definitions), which the engine evaluates.
(function (root) {
  'use strict';
  const NS = (root.FsmInterpreter = root.FsmInterpreter || {});
  const node = typeof module === 'object' && module.exports;
  const calls = node ? require('./calls.js') : NS.bridge.calls;
  const { lho, rho, partner, side, callOf, cardOf } = calls;

  const nil = (x) => x === null || x === undefined;
  const seatOp = (fn) => (rec, e, seat) => (nil(seat) ? null : fn(seat));

  const OPERATORS = {
    lho: seatOp(lho),
    rho: seatOp(rho),
    partner: seatOp(partner),
    side: seatOp(side),
    level: (rec, e, call) => { const c = callOf(call); return c ? c.level : null; },
    rank: (rec, e, call) => { const c = callOf(call); return c ? c.rank : null; },
    suit: (rec, e, card) => { const c = cardOf(card); return c ? c.suit : null; },
    honour: (rec, e, card) => { const c = cardOf(card); return c !== null && c.honour; },
    strain: (rec, e, call) => { const c = callOf(call); return c && c.isBid ? c.strain : null; },
  };

  function operators(spec) {
    const out = {};
    for (const op of spec.context.operators) {
      if (!OPERATORS[op.name]) throw new Error(`the host has no operator '${op.name}'`);
      out[op.name] = OPERATORS[op.name];
    }
    return out;
  }

  const api = { operators, OPERATORS };
  if (typeof module === 'object' && module.exports) module.exports = api;
  NS.bridge = NS.bridge || {};
  NS.bridge.operators = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
