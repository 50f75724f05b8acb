// The board context the exported expressions read: one getter per variable of
// spec.context.variables, by its dotted name, giving the JSON value fsm.interop.view.data_view
// gives (mirrors fsm/bridge/context.py), and the setters of the decided variables.
(function (root) {
  'use strict';
  const NS = (root.FsmInterpreter = root.FsmInterpreter || {});
  const node = typeof module === 'object' && module.exports;
  const calls = node ? require('./calls.js') : NS.bridge.calls;
  const R = node ? require('./records.js') : NS.bridge.records;
  const { lho, rho, partner } = calls;

  const orNull = (value) => (value === undefined ? null : value);
  const tok = (call) => (call ? call.token : null);
  const partnerOf = (seat) => (seat !== null ? partner(seat) : null);

  // Where the player whose turn it was (turn) sits from the caller (seat): the operator `relation`.
  function relationOf(rec, seat, turn) {
    if (seat === turn) return 'IN_TURN';
    if (turn === rho(seat)) return 'RHO';
    if (turn === partner(seat)) return 'PARTNER';
    return R.hasCalled(rec, seat) ? 'LHO_PREV' : 'LHO_NOT_PREV';
  }

  function deferredItem(d) {
    return { offender: d.offender, law: d.law, original: d.original, call: d.original.split(':').slice(1).join(':'), waiting_for: d.waiting_for };
  }

  const obligationItem = (o) => ({ seat: o.seat, kind: o.kind, law: o.law, call: orNull(o.call), n: orNull(o.n) });
  // Each collection of the table as the context gives it: its items (`table.<name>`).
  const ITEMS = {
    obligations: obligationItem,
    obligations_at_end: obligationItem,
    deferred: deferredItem,
    pending: (p) => ({ law: p.law, source: p.source, judged_call: p.entry !== null, n: p.entry ? p.entry.n : null, awaits: p.awaits }),
    held: (h) => ({ n: h.entry.n, seat: h.entry.seat, source: R.token(h.entry), turn: h.turn }),
    unauthorized_information: (u) => ({ source: u.source, for: u.for.slice(), law: u.law }),
    lead_restrictions: (r) => ({ seat: r.seat, law: r.law, offender: r.offender, source: r.source }),
    penalty_cards: (p) => ({ seat: p.seat, card: p.card.pbn, kind: p.kind, law: p.law }),
    lead_constraints: (c) => (c.card
      ? { seat: c.seat, kind: c.kind, suit: c.suit, law: c.law, card: c.card.pbn }
      : { seat: c.seat, kind: c.kind, suit: c.suit, law: c.law }),
    exposed: (x) => ({ seat: x.seat, card: x.card.pbn, major: x.major, law: x.law }),
    returned_cards: (r) => ({ seat: r.seat, card: r.card.pbn, law: r.law }),
    reviews: (x) => x,
    sides_with_cards: (x) => x,
  };
  const items = (rec, name) => rec[name].map(ITEMS[name]);

  function leaderRestrictionSuits(rec) {
    const leader = R.openingLeader(rec);
    if (leader === null) return [];
    const out = [];
    // each suit once (the order of the first restriction that names it)
    for (const r of R.leadRestrictionsNow(rec)) if (r.seat === leader) for (const s of r.suits) if (!out.includes(s)) out.push(s);
    return out;
  }

  function nextCall(rec) {
    const irr = rec.irregularity;
    if (irr === null) return null;
    const s = R.standing(rec);
    for (let i = s.length - 1; i >= 0; i--) {
      if (s[i].seat === irr.entry.seat) return i + 1 < s.length ? s[i + 1].call.token : null;
    }
    return null;
  }

  const ev = (get) => (rec, e) => (e ? orNull(get(e)) : null);
  const irr = (get) => (rec) => (rec.irregularity !== null ? orNull(get(rec.irregularity)) : null);
  const lead = (get) => (rec) => (rec.opening_lead !== null ? get(rec.opening_lead) : null);

  const VARIABLES = {
    'event.name': ev((e) => e.name),
    'event.seat': ev((e) => e.seat),
    'event.call': ev((e) => tok(e.call)),
    'event.artificial': ev((e) => e.artificial),
    'event.specifies': ev((e) => (e.specifies ? e.specifies.slice() : null)),
    'event.comparable': ev((e) => e.comparable),
    'event.names': ev((e) => tok(e.names)),
    'event.cards': ev((e) => e.cards.map((c) => c.pbn)),
    'event.card': ev((e) => (e.card ? e.card.pbn : null)),
    'event.led': ev((e) => e.led),
    'event.face_down': ev((e) => e.face_down),
    'event.suit': ev((e) => e.suit),
    'call.kind': ev((e) => e.kind),
    'call.relation': (rec, e) => (e && e.kind !== null && e.kind !== undefined && e.seat !== null
      ? relationOf(rec, e.seat, R.turn(rec)) : null),
    'entry.seat': ev((e) => (e.entry ? e.entry.seat : null)),
    'entry.call': ev((e) => (e.entry ? e.entry.call.token : null)),
    'entry.n': ev((e) => (e.entry ? e.entry.n : null)),
    'irregularity.offender': irr((i) => i.entry.seat),
    'irregularity.offender_lho': irr((i) => lho(i.entry.seat)),
    'irregularity.call': irr((i) => i.entry.call.token),
    'irregularity.n': irr((i) => i.entry.n),
    'irregularity.kind': irr((i) => i.kind),
    'irregularity.turn': irr((i) => i.turn),
    'irregularity.relation': irr((i) => i.relation),
    'irregularity.director': irr((i) => i.director),
    'irregularity.replacement': irr((i) => tok(i.replacement && i.replacement.call)),
    'irregularity.held': irr((i) => tok(i.held && i.held.call)),
    'irregularity.denominations': irr((i) => R.denominations(i.original || i.entry)),
    'irregularity.family': irr((i) => (i.deferred ? i.deferred.law : null)),
    'irregularity.source': irr((i) => R.token(i.entry)),
    'irregularity.replacement_n': irr((i) => (i.replacement ? i.replacement.n : null)),
    'irregularity.held_n': irr((i) => (i.held ? i.held.n : null)),
    'irregularity.held_seat': irr((i) => (i.held ? i.held.seat : null)),
    'irregularity.held_source': irr((i) => (i.held ? R.token(i.held) : null)),
    'irregularity.original_n': irr((i) => (i.original ? i.original.n : null)),
    'irregularity.original_source': irr((i) => (i.original ? R.token(i.original) : null)),
    'irregularity.comparable': irr((i) => i.comparable),
    'irregularity.deferred': irr((i) => (i.deferred ? deferredItem(i.deferred) : null)),
    'irregularity.next_call': (rec) => nextCall(rec),
    'table.state': (rec) => rec.state,
    'table.period': (rec) => rec.state.split('.')[0],
    'table.presumed_declarer': (rec) => R.presumedDeclarer(rec),
    'table.presumed_dummy': (rec) => partnerOf(R.presumedDeclarer(rec)),
    'table.declarer': (rec) => R.declarer(rec),
    'table.dummy': (rec) => R.dummy(rec),
    'table.opening_leader': (rec) => R.openingLeader(rec),
    'table.leader_partner': (rec) => partnerOf(R.openingLeader(rec)),
    'table.lead.seat': lead((l) => l.seat),
    'table.lead.card': lead((l) => l.card.pbn),
    'table.lead.faced': lead((l) => l.faced),
    'table.rulings': (rec) => rec.rulings.slice(),
    'table.misinformation_ruled': (rec) => rec.misinformation_ruled,
    'table.must_accept_lead': (rec) => rec.must_accept_lead,
    'table.withdrawable.seat': (rec) => (rec.withdrawable ? rec.withdrawable.seat : null),
    'table.withdrawable.n': (rec) => (rec.withdrawable ? rec.withdrawable.n : null),
    'table.roles_swapped': (rec) => rec.roles_swapped,
    'table.reviews': (rec) => rec.reviews.slice(),
    'table.withdraw_law': (rec) => orNull(rec.withdraw_law),
    'table.sides_with_cards': (rec) => rec.sides_with_cards.slice(),
    'table.lead_restriction_suits': (rec) => leaderRestrictionSuits(rec),
    'table.first_pending': (rec) => {
      const first = rec.pending.find((p) => p.awaits === 'director');
      return first ? first.law : null;
    },
    'table.obligations_at_end': (rec) => items(rec, 'obligations_at_end'),
    'held.n': (rec) => (rec.held.length ? rec.held[0].entry.n : null),
    'held.seat': (rec) => (rec.held.length ? rec.held[0].entry.seat : null),
    'held.source': (rec) => (rec.held.length ? R.token(rec.held[0].entry) : null),
    'held.turn': (rec) => (rec.held.length ? rec.held[0].turn : null),
    'table.dealer': (rec) => rec.dealer,
    'auction.calls': (rec) => rec.entries.map(R.item),
    'auction.made': (rec) => rec.made,
  };
  for (const name of R.COLLECTIONS) {
    if (!(`table.${name}` in VARIABLES)) VARIABLES[`table.${name}`] = (rec) => items(rec, name);
  }

  // The variables the export declares, one getter each: `event.judgement.<key>` for every
  // judgement, `settings.<name>` for every setting, the others from the table above.
  function variables(spec) {
    const out = {};
    for (const v of spec.context.variables) {
      const name = v.name;
      if (name.startsWith('event.judgement.')) {
        const key = name.slice('event.judgement.'.length);
        out[name] = (rec, e) => (e && e.judgement && e.judgement[0] === key ? e.judgement[1] : null);
      } else if (name.startsWith('settings.')) {
        const key = name.slice('settings.'.length);
        out[name] = (rec) => orNull(rec.settings[key]);
      } else if (VARIABLES[name]) {
        out[name] = VARIABLES[name];
      } else if (v.expr === undefined || v.expr === null) { // one the data defines is the engine's
        throw new Error(`the host has no variable '${name}'`);
      }
    }
    return out;
  }

  // What a decision sets: the decided kind of a call, kept on the event (Python's event.kind).
  const SETTERS = { 'call.kind': (rec, e, value) => { e.kind = value; } };
  function setters(spec) {
    const out = {};
    for (const d of spec.decisions || []) {
      if (!SETTERS[d.name]) throw new Error(`the host cannot set '${d.name}'`);
      out[d.name] = SETTERS[d.name];
    }
    return out;
  }

  const api = { variables, setters, items, ITEMS, relationOf, deferredItem };
  if (typeof module === 'object' && module.exports) module.exports = api;
  NS.bridge = NS.bridge || {};
  NS.bridge.context = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
