// The board's record: the auction's entries (each call with its status and number) and the rest of
// the table (the irregularity on the table, the collections, the flags), with what is read from
// them. Mirrors fsm/bridge/auction.py, records.py and table.py; no law is decided here.
(function (root) {
  'use strict';
  const NS = (root.FsmInterpreter = root.FsmInterpreter || {});
  const calls = typeof module === 'object' && module.exports ? require('./calls.js') : NS.bridge.calls;
  const { lho, partner, side, SEATS, SUITS } = calls;

  // --- the record -----------------------------------------------------------------------------
  // The collections of the table (`table.<name>`), kept in their record form.
  const COLLECTIONS = ['obligations', 'deferred', 'pending', 'held', 'unauthorized_information', 'lead_restrictions',
    'penalty_cards', 'lead_constraints', 'exposed', 'returned_cards', 'reviews', 'sides_with_cards'];
  // The fields of the record a variable `table.<name>` reads as they are: their value on a fresh
  // board is the variable's `initial` in the export (the host's createHost gives them).
  const STORED = COLLECTIONS.concat(['rulings', 'misinformation_ruled', 'must_accept_lead', 'roles_swapped', 'withdraw_law']);

  // setup: {dealer, vulnerable, settings}; initial: every STORED field's value on a fresh board.
  function newRecord(setup, state, initial) {
    const rec = {
      state,
      raised: [],
      dealer: setup.dealer,
      vulnerable: setup.vulnerable,
      settings: { ...setup.settings },
      entries: [],
      made: 0,
      irregularity: null,
      obligations_at_end: [],
      deferred_at_end: [],
      exposed_at_end: [],
      withdrawable: null,
      opening_lead: null,
    };
    for (const name of STORED) rec[name] = initial[name];
    return rec;
  }

  const clone = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
  // Calls and cards are frozen values shared by every record: a copy keeps them as they are.
  function copy(value) {
    if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
    if (Array.isArray(value)) return value.map(copy);
    const out = {};
    for (const [k, v] of Object.entries(value)) out[k] = copy(v);
    return out;
  }
  function save(rec) {
    const out = {};
    for (const [k, v] of Object.entries(rec)) if (k !== 'raised') out[k] = copy(v);
    return out;
  }
  function restore(rec, saved) {
    for (const k of Object.keys(rec)) if (!(k in saved)) delete rec[k];
    Object.assign(rec, copy(saved));
    rec.raised = [];
  }

  // --- the auction ----------------------------------------------------------------------------
  const token = (e) => `${e.seat}:${e.call.token}`;
  // A call of the record as the context shows it (an item of `auction.calls`).
  const item = (x) => ({
    n: x.n, seat: x.seat, call: x.call.token, status: x.status, law: x.law === undefined ? null : x.law, source: token(x),
    artificial: !!x.artificial,
  });
  const standing = (rec) => rec.entries.filter((e) => e.status === 'standing');
  const removed = (rec) => rec.entries.filter((e) => e.status === 'cancelled' || e.status === 'withdrawn');

  function add(rec, entry) {
    rec.made += 1;
    const e = { ...entry, n: rec.made };
    rec.entries.push(e);
    return { ...e };
  }
  const indexOf = (rec, n) => rec.entries.findIndex((e) => e.n === n);
  function entry(rec, n) {
    const i = indexOf(rec, n);
    if (i < 0) throw new Error(`no call numbered ${n}`);
    return { ...rec.entries[i] };
  }
  function setStatus(rec, n, status, law) {
    const i = indexOf(rec, n);
    const e = rec.entries[i];
    rec.entries[i] = { ...e, status, law: law !== null && law !== undefined ? law : e.law };
    return { ...rec.entries[i] };
  }
  function drop(rec, n) {
    rec.entries.splice(indexOf(rec, n), 1);
  }
  function moveAfter(rec, n, after) {
    const moved = { ...rec.entries[indexOf(rec, n)], status: 'standing' };
    drop(rec, n);
    rec.entries.splice(indexOf(rec, after) + 1, 0, moved);
    return { ...moved };
  }
  function cancelFrom(rec, n, law) {
    const start = indexOf(rec, n);
    const out = [];
    for (let i = start; i < rec.entries.length; i++) {
      const e = rec.entries[i];
      if (e.status === 'standing' || e.status === 'pending' || i === start) {
        rec.entries[i] = { ...e, status: 'cancelled', law };
        out.push({ ...rec.entries[i] });
      }
    }
    return out;
  }

  // What a call specifies (the operator `denominations`): the Director's word, else the strain a natural bid names.
  function denominations(e) {
    if (e.specifies !== null && e.specifies !== undefined) return e.specifies.slice();
    if (e.call.isBid && e.call.strain !== null && !e.artificial) return [e.call.strain];
    return [];
  }

  function lastOf(list, test) {
    for (let i = list.length - 1; i >= 0; i--) if (test(list[i])) return list[i];
    return null;
  }
  const lastBid = (rec) => lastOf(standing(rec), (e) => e.call.isBid);
  const lastNonPass = (rec) => lastOf(standing(rec), (e) => !e.call.isPass);
  function trailing(rec) {
    const s = standing(rec);
    let n = 0;
    for (let i = s.length - 1; i >= 0 && s[i].call.isPass; i--) n++;
    return n;
  }
  function turn(rec) {
    const s = standing(rec);
    return s.length ? lho(s[s.length - 1].seat) : rec.dealer;
  }
  const hasCalled = (rec, seat) => standing(rec).some((e) => e.seat === seat);

  // The passes that follow the last call (a pass included: after the first pass when all are passes).
  function passesSinceLastCall(rec) {
    const s = standing(rec);
    const n = trailing(rec);
    if (n && n === s.length) return s.slice(1);
    return n ? s.slice(s.length - n) : [];
  }
  function anchor(rec) {
    const last = lastNonPass(rec);
    if (last !== null) return last.seat;
    const s = standing(rec);
    return s.length ? s[0].seat : null;
  }
  function rotationBreak(rec, seats) {
    let previous = anchor(rec);
    if (previous === null) return null;
    for (let i = 0; i < seats.length; i++) {
      if (seats[i] !== lho(previous)) return i;
      previous = seats[i];
    }
    return null;
  }
  function skippingPasses(rec) {
    let previous = anchor(rec);
    const out = [];
    for (const e of passesSinceLastCall(rec)) {
      if (previous !== null && e.seat !== lho(previous)) out.push(e);
      previous = e.seat;
    }
    return out;
  }
  function threePassesFollow(rec) {
    const n = trailing(rec);
    return (n === standing(rec).length ? n - 1 : n) >= 3;
  }
  const isDeprived = (rec) => rotationBreak(rec, passesSinceLastCall(rec).map((e) => e.seat)) !== null;
  function isPassedOut(rec) {
    const seats = new Set(standing(rec).map((e) => e.seat));
    // A double or redouble with no bid is not a pass: while it stands, nobody has passed out.
    return lastNonPass(rec) === null && SEATS.every((s) => seats.has(s)) && seats.size === 4 && !isDeprived(rec);
  }
  const isCompleted = (rec) => lastBid(rec) !== null && trailing(rec) >= 3;
  const isOver = threePassesFollow;

  function contract(rec) {
    if (isPassedOut(rec)) return 'Pass';
    if (!isCompleted(rec)) return null;
    const s = standing(rec);
    const bid = lastBid(rec);
    let suffix = '';
    for (const e of s.slice(s.findIndex((x) => x.n === bid.n) + 1)) {
      if (e.call.isDouble) suffix = 'X';
      else if (e.call.isRedouble) suffix = 'XX';
    }
    return bid.call.token + suffix;
  }
  // The presumed declarer (`table.presumed_declarer`): the first of the declaring side to name the contract's strain.
  function presumedDeclarer(rec) {
    if (!isCompleted(rec)) return null;
    const bid = lastBid(rec);
    for (const e of standing(rec)) {
      if (e.call.isBid && side(e.seat) === side(bid.seat) && e.call.strain === bid.call.strain) return e.seat;
    }
    return bid.seat;
  }
  function declarer(rec) {
    const seat = presumedDeclarer(rec);
    return seat !== null && rec.roles_swapped ? partner(seat) : seat;
  }
  const dummy = (rec) => { const d = declarer(rec); return d !== null ? partner(d) : null; };
  const openingLeader = (rec) => { const d = presumedDeclarer(rec); return d !== null ? lho(d) : null; };

  // --- the table's collections -----------------------------------------------------------------

  // The suits the offender did not specify in the standing calls (`table.lead_restriction_suits`).
  function suitsOpen(rec, offender) {
    const specified = new Set();
    for (const e of standing(rec)) if (e.seat === offender) for (const s of denominations(e)) specified.add(s);
    return SUITS.filter((s) => !specified.has(s));
  }
  // The restrictions in force: once there is a declarer, only for an offender who defends.
  function leadRestrictionsNow(rec) {
    const d = declarer(rec);
    const out = [];
    for (const r of rec.lead_restrictions) {
      if (d !== null && side(r.offender) === side(d)) continue;
      out.push({ seat: r.seat, law: r.law, suits: suitsOpen(rec, r.offender) });
    }
    return out;
  }

  const api = {
    COLLECTIONS, STORED, newRecord, save, restore, clone,
    token, item, standing, removed, add, entry, setStatus, drop, moveAfter, cancelFrom, denominations,
    lastBid, lastNonPass, trailing, turn, hasCalled,
    passesSinceLastCall, rotationBreak, skippingPasses, threePassesFollow, isDeprived, isPassedOut,
    isCompleted, isOver, contract, presumedDeclarer, declarer, dummy, openingLeader,
    suitsOpen, leadRestrictionsNow,
  };
  if (typeof module === 'object' && module.exports) module.exports = api;
  NS.bridge = NS.bridge || {};
  NS.bridge.records = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
