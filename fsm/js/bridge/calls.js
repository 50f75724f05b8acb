// Seats, strains, calls and cards: reading and printing their PBN tokens (mirrors fsm/bridge/calls.py).
// No law here: the rotation of the seats, the order of the strains and the ranks of the cards.
(function (root) {
  'use strict';
  const NS = (root.FsmInterpreter = root.FsmInterpreter || {});

  const SEATS = ['N', 'E', 'S', 'W'];
  const at = (seat, k) => SEATS[(SEATS.indexOf(seat) + k) % 4];
  const lho = (seat) => at(seat, 1);
  const partner = (seat) => at(seat, 2);
  const rho = (seat) => at(seat, 3);
  const side = (seat) => (SEATS.indexOf(seat) % 2 === 0 ? 'NS' : 'EW');
  const isSeat = (value) => typeof value === 'string' && SEATS.includes(value);

  const STRAINS = ['C', 'D', 'H', 'S', 'NT'];
  const SUITS = STRAINS.slice(0, 4);
  const SYMBOLS = { '♣': 'C', '♦': 'D', '♥': 'H', '♠': 'S', '♤': 'S', '♡': 'H', '♢': 'D', '♧': 'C' };
  const FR_SUIT = { T: 'C', K: 'D', CA: 'D', CO: 'H', C: 'H', P: 'S' };
  const RANKS = '23456789TJQKA';
  const HONOURS = 'AKQJT';

  // Python's str() and repr() of a JSON value, as the Python messages print them.
  function pyStr(value) {
    if (value === null || value === undefined) return 'None';
    if (value === true) return 'True';
    if (value === false) return 'False';
    if (typeof value === 'string') return value;
    return pyRepr(value);
  }
  function pyRepr(value) {
    if (typeof value === 'string') {
      const q = value.includes("'") && !value.includes('"') ? '"' : "'";
      const body = value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t');
      return q + (q === "'" ? body.replace(/'/g, "\\'") : body) + q;
    }
    if (Array.isArray(value)) return '[' + value.map(pyRepr).join(', ') + ']';
    if (value !== null && typeof value === 'object') {
      return '{' + Object.entries(value).map(([k, v]) => pyRepr(k) + ': ' + pyRepr(v)).join(', ') + '}';
    }
    if (typeof value === 'number' && Number.isInteger(value)) return String(value);
    return pyStr(value);
  }

  // The error the Python raises for input it cannot read (fsm.engine.errors.InputError): its
  // `key` names the argument (set by the event reader when the parser does not say it).
  const errors = typeof module === 'object' && module.exports ? require('../engine/errors.js') : NS.errors;
  function inputError(fr, en, details) {
    const key = details && details.key !== undefined ? details.key : null;
    return new errors.InputError(fr, en, null, key, details || {});
  }
  // A value Python's parsers fail on with a TypeError/ValueError (read as « illisible » by the event reader).
  function unreadable() {
    const err = new Error('unreadable');
    err.type = 'Unreadable';
    return err;
  }

  const strip = (text) => text.replace(/^\s+|\s+$/g, '');

  function parseSeat(text, lang) {
    if (isSeat(text)) return text;
    const token = strip(pyStr(text));
    const aliases = {
      N: 'N', E: 'E', S: 'S', W: 'W', NORTH: 'N', EAST: 'E', SOUTH: 'S', WEST: 'W',
      NORD: 'N', EST: 'E', SUD: 'S', OUEST: 'W',
    };
    if (lang === 'fr') { aliases.O = 'W'; delete aliases.W; }
    const key = token.toUpperCase();
    if (Object.prototype.hasOwnProperty.call(aliases, key)) return aliases[key];
    throw inputError(`« ${token} » n'est pas une place (N, E, S, O)`, `'${token}' is not a seat (N, E, S, W)`, { token });
  }

  function parseStrain(text, lang) {
    const token = strip(text);
    if (Object.prototype.hasOwnProperty.call(SYMBOLS, token)) return SYMBOLS[token];
    const key = token.toUpperCase();
    if (lang === 'fr') {
      if (key === 'SA' || key === 'NT') return 'NT';
      if (Object.prototype.hasOwnProperty.call(FR_SUIT, key)) return FR_SUIT[key];
    } else {
      if (key === 'NT' || key === 'N') return 'NT';
      if (SUITS.includes(key)) return key;
    }
    throw inputError(`« ${token} » n'est pas une dénomination`, `'${token}' is not a denomination`, { token });
  }

  // A call: kind, level, strain, its rank (the operator `rank`: -1 for no bid) and its PBN token.
  const TOKENS = { pass: 'Pass', double: 'X', redouble: 'XX' };
  const KNOWN = new Map();
  function makeCall(kind, level = 0, strain = null) {
    const bid = kind === 'bid';
    const token = bid ? `${level}${strain}` : TOKENS[kind];
    if (KNOWN.has(token)) return KNOWN.get(token);
    const call = Object.freeze({
      kind, level, strain, token,
      isBid: bid, isPass: kind === 'pass', isDouble: kind === 'double', isRedouble: kind === 'redouble',
      rank: bid ? level * 5 + STRAINS.indexOf(strain) : -1,
    });
    KNOWN.set(token, call);
    return call;
  }
  const PASS = makeCall('pass');
  const DOUBLE = makeCall('double');
  const REDOUBLE = makeCall('redouble');
  const WORDS = {
    en: { PASS, P: PASS, X: DOUBLE, XX: REDOUBLE, DOUBLE, DBL: DOUBLE, REDOUBLE, RDBL: REDOUBLE },
    fr: { PASSE: PASS, P: PASS, X: DOUBLE, XX: REDOUBLE, CONTRE: DOUBLE, SURCONTRE: REDOUBLE },
  };
  const isCall = (value) => value !== null && typeof value === 'object' && typeof value.rank === 'number' && 'token' in value;

  function parseCall(text, lang) {
    if (isCall(text)) return text;
    const token = strip(pyStr(text));
    const words = WORDS[lang === 'fr' ? 'fr' : 'en'];
    const upper = token.toUpperCase();
    if (Object.prototype.hasOwnProperty.call(words, upper)) return words[upper];
    const match = /^(\d+)\s*([\s\S]+)$/.exec(token);
    if (match) {
      const level = parseInt(match[1], 10);
      let strain = null;
      try { strain = parseStrain(match[2], lang); } catch (err) { if (err.type !== 'InputError') throw err; }
      if (strain !== null && level >= 1) return makeCall('bid', level, strain);
    }
    throw inputError(`« ${token} » n'est pas une déclaration`, `'${token}' is not a call`, { token });
  }

  // A card: its suit, its rank letter (T for the ten) and its PBN token (`SK`).
  const isCard = (value) => value !== null && typeof value === 'object' && typeof value.suit === 'string' && 'pbn' in value;
  const makeCard = (suit, rank) => Object.freeze({ suit, rank, pbn: suit + rank, honour: HONOURS.includes(rank) });
  const FR_RANKS = { V: 'J', D: 'Q', R: 'K', A: 'A' };

  function parseCard(text, lang) {
    if (isCard(text)) return text;
    const token = strip(pyStr(text));
    const body = token.toUpperCase();
    let suit = null;
    let rankText = '';
    const head = Array.from(token)[0] || '';
    if (Object.prototype.hasOwnProperty.call(SYMBOLS, head)) {
      suit = SYMBOLS[head];
      rankText = token.slice(head.length).toUpperCase();
    } else if (lang === 'fr' && 'TKCP'.includes(body.slice(0, 1))) {
      if (body === '') throw unreadable(); // Python: _FR_SUIT[''] is a KeyError
      suit = FR_SUIT[body[0]];
      rankText = body.slice(1);
    } else if (lang !== 'fr' && 'CDHS'.includes(body.slice(0, 1))) {
      if (body === '') throw unreadable(); // Python: Strain('') is a ValueError
      suit = body[0];
      rankText = body.slice(1);
    }
    if (rankText === '10') rankText = 'T';
    // R, D, V are no English rank: a French player's king, queen and jack are read in either language
    if (Object.prototype.hasOwnProperty.call(FR_RANKS, rankText)) rankText = FR_RANKS[rankText];
    if (suit === null || rankText.length !== 1 || !RANKS.includes(rankText)) {
      throw inputError(
        `« ${token} » n'est pas une carte : une couleur (♠ ♥ ♦ ♣, ou S H D C) puis une hauteur (A R D V 10 9 … 2, ou A K Q J T)`,
        `'${token}' is not a card: a suit (♠ ♥ ♦ ♣, or S H D C) then a rank (A K Q J T 9 … 2, or the French R D V and 10)`,
        { token },
      );
    }
    return makeCard(suit, rankText);
  }

  // Tokens from JSON values (null stays null): what the context's operators take.
  const callOf = (value) => (value === null || value === undefined ? null : parseCall(value));
  const cardOf = (value) => (value === null || value === undefined ? null : parseCard(value));

  const api = {
    SEATS, STRAINS, SUITS, lho, rho, partner, side, isSeat,
    pyStr, pyRepr, inputError, unreadable,
    parseSeat, parseStrain, parseCall, parseCard, makeCall, callOf, cardOf, isCall, isCard,
    PASS, DOUBLE, REDOUBLE,
  };
  if (typeof module === 'object' && module.exports) module.exports = api;
  NS.bridge = NS.bridge || {};
  NS.bridge.calls = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
