'use strict';
// The bridge auction under the Laws of Duplicate Bridge 2017, written from the Laws:
// the regular auction (Laws 17-22) and the classification of an irregular call by law family.
// Node's standard library only. Used by conformance.js; usable on its own:
//   const { Table } = require('./auction');
//   const t = new Table({ dealer: 'N' }); t.apply({ call: { seat: 'N', call: '1NT' } });

const SEATS = ['N', 'E', 'S', 'W']; // clockwise: each seat's LHO is the next one
const STRAINS = ['C', 'D', 'H', 'S', 'NT']; // rank order of denominations (Law 18E)

const lho = (seat) => SEATS[(SEATS.indexOf(seat) + 1) % 4];
const partner = (seat) => SEATS[(SEATS.indexOf(seat) + 2) % 4];
const rho = (seat) => SEATS[(SEATS.indexOf(seat) + 3) % 4];
const opponents = (a, b) => a !== b && partner(a) !== b;

/** A call in PBN: {kind: 'bid'|'pass'|'double'|'redouble', level, strain, text}, or null if unreadable. */
function parseCall(text) {
  if (text === 'Pass') return { kind: 'pass', text };
  if (text === 'X') return { kind: 'double', text };
  if (text === 'XX') return { kind: 'redouble', text };
  const m = /^([1-9][0-9]*)(C|D|H|S|NT)$/.exec(String(text));
  if (!m) return null;
  return { kind: 'bid', level: Number(m[1]), strain: m[2], text };
}

/** Law 18: a bid supersedes another when its level is higher, or its level equal and its denomination higher. */
function outranks(bid, other) {
  if (bid.level !== other.level) return bid.level > other.level;
  return STRAINS.indexOf(bid.strain) > STRAINS.indexOf(other.strain);
}

/** The relation of the player whose turn it was to the offender (whose turn it was, seen from the offender). */
function relation(offender, turn, offenderHasCalled) {
  if (turn === offender) return 'IN_TURN';
  if (turn === rho(offender)) return 'RHO';
  if (turn === partner(offender)) return 'PARTNER';
  // The turn was the offender's LHO's: either the offender has just called (a second call in a
  // row, Law 25), or he has not called yet (dealer's RHO calling first, Law 30/31/32).
  return offenderHasCalled ? 'LHO_PREV' : 'LHO_NOT_PREV';
}

// Each irregular call the program classifies: its law, the `kind` the snapshot reports, the state.
const IRREGULAR = {
  above_seven: { law: '38', kind: 'bid_above_seven', state: 'auction.bid_above_seven' },
  inadmissible: { law: '36', kind: 'inadmissible', state: 'auction.inadmissible_double.offered' },
  change: { law: '25', kind: 'change', state: 'auction.change_of_call' },
  pass_oor: { law: '30', kind: 'pass_out_of_rotation', state: 'auction.pass_out_of_rotation' },
  bid_oor: { law: '31', kind: 'bid_out_of_rotation', state: 'auction.bid_out_of_rotation' },
  double_oor: { law: '32', kind: 'double_out_of_rotation', state: 'auction.double_out_of_rotation' },
  insufficient: { law: '27', kind: 'insufficient', state: 'auction.insufficient_bid.offered' },
  after_final_pass: { law: '39', kind: 'after_final_pass', state: 'clarification.call_after_final_pass' },
};

/** Thrown for an event this program does not model in the current state. */
class Unmodeled extends Error {}
/** Thrown for an event the Laws do not allow here; `law` is the law that forbids it. */
class Refused extends Error {
  constructor(law, message) {
    super(message);
    this.law = law;
  }
}

class Table {
  constructor({ dealer, cards_in_board: cardsInBoard = false }) {
    this.dealer = dealer;
    this.cardsInBoard = cardsInBoard;
    this.sidesStarted = new Set(); // 17A: sides whose auction period has begun
    this.state = cardsInBoard ? 'board' : 'auction.calling';
    this.calls = []; // standing calls: {seat, call}
    this.irregularity = null;
    this.result = null; // {contract, declarer, dummy, opening_leader} once the auction has ended
  }

  // --- the auction as it stands -------------------------------------------------------
  turn() {
    if (this.calls.length === 0) return this.dealer; // 17B: the dealer calls first
    return lho(this.calls[this.calls.length - 1].seat); // 17C: then in rotation, clockwise
  }

  lastBid() {
    for (let i = this.calls.length - 1; i >= 0; i--) if (this.calls[i].call.kind === 'bid') return this.calls[i];
    return null;
  }

  /** The last call other than a pass: 19A1 and 19B1 allow only passes since the call doubled. */
  lastNonPass() {
    for (let i = this.calls.length - 1; i >= 0; i--) if (this.calls[i].call.kind !== 'pass') return this.calls[i];
    return null;
  }

  /** 19A1: a double of the last preceding bid, made by an opponent, with only passes since. */
  doublePermitted(seat) {
    const last = this.lastNonPass();
    return last !== null && last.call.kind === 'bid' && opponents(seat, last.seat);
  }

  /** 19B1: a redouble of the last double, made by an opponent, with only passes since. */
  redoublePermitted(seat) {
    const last = this.lastNonPass();
    return last !== null && last.call.kind === 'double' && opponents(seat, last.seat);
  }

  /** 18B: sufficient when it supersedes the last bid (any bid opens the auction). */
  sufficient(bid) {
    const last = this.lastBid();
    return last === null || outranks(bid, last.call);
  }

  hasCalled(seat) {
    return this.calls.some((c) => c.seat === seat);
  }

  /** 25A: a player may change his last call until his partner has called since. */
  mayChange(seat) {
    let own = -1;
    this.calls.forEach((c, i) => {
      if (c.seat === seat) own = i;
    });
    return own >= 0 && this.calls.slice(own + 1).every((c) => c.seat !== partner(seat));
  }

  /** 30C: the last call that is not an opponent's pass is partner's, and it was artificial. */
  overPartnersArtificialCall(seat) {
    for (let i = this.calls.length - 1; i >= 0; i--) {
      const c = this.calls[i];
      if (c.call.kind === 'pass' && opponents(seat, c.seat)) continue;
      return c.seat === partner(seat) && c.artificial === true;
    }
    return false;
  }

  // --- classification of a call made in the auction ----------------------------------
  /** The irregularity a call is, or null for a regular call. */
  classify(seat, call, artificial) {
    const turn = this.turn();
    const rel = relation(seat, turn, this.hasCalled(seat));
    let key = null;
    if (call.kind === 'bid' && call.level > 7) key = 'above_seven'; // 18A, 38: whoever makes it
    else if (call.kind === 'double' && !this.doublePermitted(seat)) key = 'inadmissible'; // 19A1 -> 36
    else if (call.kind === 'redouble' && !this.redoublePermitted(seat)) key = 'inadmissible'; // 19B1 -> 36
    else if (rel === 'LHO_PREV') key = 'change'; // 25: a second call before the LHO has called
    else if (rel !== 'IN_TURN') {
      if (call.kind === 'pass') key = artificial || this.overPartnersArtificialCall(seat) ? 'bid_oor' : 'pass_oor'; // 30; 30C → 31
      else if (call.kind === 'bid') key = 'bid_oor'; // 31 (an insufficient bid out of rotation too, 27A2)
      else key = 'double_oor'; // 32
    } else if (call.kind === 'bid' && !this.sufficient(call)) key = 'insufficient'; // 18D -> 27
    return key === null ? null : { key, turn, relation: rel };
  }

  holdIrregular(key, seat, call, turn, rel) {
    const spec = IRREGULAR[key];
    this.irregularity = { law: spec.law, kind: spec.kind, source: `${seat}:${call.text}`, turn, relation: rel };
    this.state = spec.state;
  }

  // --- the end of the auction (22) ------------------------------------------------------
  checkEnd() {
    const n = this.calls.length;
    const passes = (k) => n >= k && this.calls.slice(n - k).every((c) => c.call.kind === 'pass');
    if (n === 4 && passes(4)) {
      // 22B: all four players pass; the board is passed out
      this.state = 'passed_out';
      this.result = { contract: 'Pass', declarer: null, dummy: null, opening_leader: null };
    } else if (n >= 4 && passes(3) && this.lastBid() !== null) {
      // 22A: three passes in rotation after a bid (or a double or redouble of it)
      this.state = 'clarification.face_down_lead';
      this.result = this.contract();
    }
  }

  contract() {
    const bid = this.lastBid();
    let risk = '';
    for (const c of this.calls.slice(this.calls.indexOf(bid) + 1)) {
      if (c.call.kind === 'double') risk = 'X';
      if (c.call.kind === 'redouble') risk = 'XX';
    }
    // Declarer: the first player of the declaring side to name the contract's denomination.
    const side = [bid.seat, partner(bid.seat)];
    const first = this.calls.find(
      (c) => c.call.kind === 'bid' && c.call.strain === bid.call.strain && side.includes(c.seat),
    );
    const declarer = first.seat;
    return {
      contract: `${bid.call.level}${bid.call.strain}${risk}`,
      declarer,
      dummy: partner(declarer),
      opening_leader: lho(declarer), // 41A: declarer's LHO leads
    };
  }

  // --- events ---------------------------------------------------------------------------
  /** Applies one event `{name: args}`; throws Refused or Unmodeled, leaving the table unchanged. */
  apply(event) {
    const [name] = Object.keys(event);
    const args = event[name] || {};
    if (this.irregularity !== null) throw new Unmodeled(`${name} after an irregular call`);
    const handler = this[`on_${name}`];
    if (typeof handler !== 'function') throw new Unmodeled(`event ${name}`);
    handler.call(this, args);
  }

  on_take_cards({ seat }) {
    // 17A: a side's auction period begins when either partner takes his cards out of the board.
    const side = ['N', 'S'].includes(seat) ? 'NS' : 'EW';
    if (!this.cardsInBoard || this.sidesStarted.has(side)) throw new Refused('17A', 'that side has begun');
    if (this.state !== 'board' && this.state !== 'auction.calling') throw new Unmodeled('take_cards now');
    this.sidesStarted.add(side);
    this.state = 'auction.calling';
  }

  on_call({ seat, call: text, artificial = false }) {
    const call = parseCall(text);
    if (call === null) throw new Unmodeled(`call ${text}`);
    if (this.state === 'clarification.face_down_lead') {
      // 39: a call after the final pass, before the opening lead; the player to lead is the turn.
      const turn = this.result.opening_leader;
      this.holdIrregular('after_final_pass', seat, call, turn, relation(seat, turn, this.hasCalled(seat)));
      return;
    }
    if (this.state === 'passed_out') return; // 39A: cancelled; nothing else changes
    // 17A: no side's auction period has begun while the cards are still in the board.
    if (this.state === 'board') throw new Refused('17A', 'no cards taken from the board yet');
    if (this.state !== 'auction.calling') throw new Unmodeled(`call in ${this.state}`);
    const irregular = this.classify(seat, call, artificial);
    if (irregular !== null) {
      this.holdIrregular(irregular.key, seat, call, irregular.turn, irregular.relation);
      return;
    }
    this.calls.push({ seat, call, artificial }); // 19A3/19B3: a double naming the wrong bid doubles the right one
    this.checkEnd();
  }

  on_substitute({ seat, call: text }) {
    const call = parseCall(text);
    if (call === null || this.state !== 'auction.calling') throw new Unmodeled(`substitute in ${this.state}`);
    if (!this.hasCalled(seat)) throw new Refused('25', 'no call to change');
    if (!this.mayChange(seat)) throw new Refused('25A4', 'partner has called since'); // 25A4
    const turn = this.turn();
    this.holdIrregular('change', seat, call, turn, relation(seat, turn, this.hasCalled(seat)));
  }

  on_return_hands() {
    if (this.state === 'passed_out') this.state = 'returned'; // 17D2
    else if (this.state === 'auction.calling' || this.state === 'board') throw new Refused('17D2', 'not passed out');
    else throw new Unmodeled(`return_hands in ${this.state}`);
  }

  on_lead() {
    if (this.state === 'auction.calling' || this.state === 'board') throw new Refused('41A', 'the auction has not ended');
    throw new Unmodeled(`lead in ${this.state}`);
  }

  on_face_lead() {
    if (this.state === 'auction.calling' || this.state === 'board') throw new Refused('41C', 'no lead to face');
    throw new Unmodeled(`face_lead in ${this.state}`);
  }

  /** The snapshot keys this program models, with the names and values of the exported snapshot. */
  snapshot() {
    const r = this.result || { contract: null, declarer: null, dummy: null, opening_leader: null };
    let turn = null;
    if (this.irregularity !== null) turn = this.irregularity.turn;
    else if (this.state === 'board' || this.state === 'auction.calling') turn = this.turn();
    else if (this.state === 'clarification.face_down_lead') turn = r.opening_leader;
    return {
      state: this.state,
      turn,
      auction: this.calls.map((c) => `${c.seat}:${c.call.text}`),
      contract: r.contract,
      declarer: r.declarer,
      dummy: r.dummy,
      opening_leader: r.opening_leader,
      irregularity: this.irregularity === null ? null : { ...this.irregularity },
    };
  }
}

module.exports = { Table, Refused, Unmodeled, parseCall, relation, SEATS, lho, rho, partner };
