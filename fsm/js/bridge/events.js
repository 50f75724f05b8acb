// Reading an event from its JSON form ({name: {arguments}}) by the export's event declarations
// (spec.events: each argument's name, type and whether it is required): mirrors fsm/bridge/events.py.
(function (root) {
  'use strict';
  const NS = (root.FsmInterpreter = root.FsmInterpreter || {});
  const calls = typeof module === 'object' && module.exports ? require('./calls.js') : NS.bridge.calls;
  const { inputError, pyRepr, pyStr } = calls;

  const quoted = (names) => names.map((n) => `« ${n} »`).join(', ');

  // argument type -> (name, raw value, lang) -> [typed value, its log form]
  function items(name, value) {
    if (typeof value === 'string') return value.split(/\s+/).filter((x) => x !== '');
    if (Array.isArray(value)) return value.slice();
    throw inputError(`l'argument « ${name} » doit être une liste ou un texte`, `argument '${name}' must be a list or a text`, { key: name });
  }
  const PARSERS = {
    seat: (name, value, lang) => { const s = calls.parseSeat(value, lang); return [s, s]; },
    call: (name, value, lang) => { const c = calls.parseCall(value, lang); return [c, c.token]; },
    bool: (name, value) => {
      if (typeof value === 'boolean') return [value, value];
      throw inputError(
        `l'argument « ${name} » doit valoir « true » ou « false », pas « ${pyRepr(value)} »`,
        `argument '${name}' must be true or false, not '${pyRepr(value)}'`, { key: name });
    },
    strains: (name, value, lang) => {
      const parsed = items(name, value).map((s) => calls.parseStrain(pyStr(s), lang));
      return [parsed, parsed.slice()];
    },
    cards: (name, value, lang) => {
      const parsed = items(name, value).map((c) => calls.parseCard(c, lang));
      if (!parsed.length) throw inputError(`« ${name} » est vide`, `'${name}' is empty`, { key: name });
      const logged = parsed.map((c) => c.pbn);
      const twice = parsed.find((c, i) => logged.indexOf(c.pbn) !== i);
      if (twice !== undefined) {
        const label = (lang) => '♣♦♥♠'['CDHS'.indexOf(twice.suit)]
          + ({ T: '10', ...(lang === 'fr' ? { K: 'R', Q: 'D', J: 'V' } : {}) }[twice.rank] || twice.rank);
        throw inputError(`« ${name} » nomme deux fois ${label('fr')}`, `'${name}' names ${label('en')} twice`, { key: name });
      }
      return [parsed, logged];
    },
    card: (name, value, lang) => { const c = calls.parseCard(value, lang); return [c, c.pbn]; },
    suit: (name, value, lang) => {
      const s = calls.parseStrain(pyStr(value), lang);
      if (s === 'NT') throw inputError(`« ${name} » doit être une couleur`, `'${name}' must be a suit`, { key: name });
      return [s, s];
    },
  };

  // A fresh event: every field Python's Event has, at its default.
  function blank(name, args) {
    return {
      name, args, seat: null, call: null, artificial: false, specifies: null, comparable: null,
      judgement: null, cards: [], card: null, led: false, face_down: false, suit: null, names: null,
      entry: null, kind: null, follow: null,
    };
  }

  function missing(name, key) {
    return inputError(`« ${name} » demande l'argument « ${key} »`, `'${name}' needs the argument '${key}'`, { key });
  }

  function createReader(spec) {
    const decls = new Map(spec.events.map((e) => [e.name, e]));
    const players = spec.events.filter((e) => !e.internal).map((e) => e.name);

    function make(decl, raw, lang) {
      const name = decl.name;
      for (const a of decl.args) {
        if (a.required && !decl.one_of && raw[a.name] === undefined) throw missing(name, a.name);
      }
      const args = {};
      const ev = blank(name, args);
      let key = null;
      let value = null;
      try {
        if (decl.one_of) {
          const given = decl.args.filter((a) => raw[a.name] !== undefined);
          if (given.length !== 1) {
            const names = decl.args.map((a) => a.name);
            throw inputError(`« ${name} » prend exactement un argument parmi ${quoted(names)}`,
              `'${name}' takes exactly one argument among ${names.join(', ')}`, { key: name });
          }
          key = given[0].name;
          value = raw[key];
          const [typed, logged] = PARSERS[given[0].type](key, value, lang);
          args[key] = logged;
          ev.judgement = [key, typed];
        } else {
          for (const a of decl.args) {
            if (raw[a.name] === undefined) continue;
            key = a.name;
            value = raw[key];
            const [typed, logged] = PARSERS[a.type](key, value, lang);
            ev[a.name] = typed;
            args[a.name] = logged;
          }
        }
      } catch (err) {
        if (err.type === 'InputError') {
          if (key !== null && (err.key === null || err.key === undefined)) err.key = key;
          throw err;
        }
        if (err.type === 'Unreadable' || err instanceof TypeError) {
          throw inputError(`l'argument « ${key} » de « ${name} » est illisible : ${pyRepr(value)}`,
            `argument '${key}' of '${name}' cannot be read: ${pyRepr(value)}`, { key });
        }
        throw err;
      }
      // the log says how the act was made: an argument left out is logged as the export says
      for (const a of decl.args) if (a.logged !== undefined && !(a.name in args)) args[a.name] = a.logged;
      return ev;
    }

    // {name: args} -> event; throws an InputError as the Python does
    function read(json, lang) {
      let name;
      let raw;
      if (json !== null && typeof json === 'object' && !Array.isArray(json) && Object.keys(json).length === 1) {
        [[name, raw]] = Object.entries(json);
      } else {
        name = json;
        raw = null;
      }
      const decl = typeof name === 'string' ? decls.get(name) : undefined;
      if (!decl || decl.internal) {
        throw inputError(`événement inconnu « ${name} » (connus : ${quoted(players)})`,
          `unknown event '${name}' (known: ${players.join(', ')})`, { key: pyStr(name) });
      }
      if (raw === null || raw === undefined) return make(decl, {}, lang);
      if (typeof raw !== 'object' || Array.isArray(raw)) {
        throw inputError(`les arguments de « ${name} » sont une table`, `the arguments of '${name}' must be a mapping`, { key: name });
      }
      const given = {};
      for (const [k, v] of Object.entries(raw)) if (v !== null && v !== undefined) given[k] = v;
      const unknown = Object.keys(given).filter((k) => !decl.args.some((a) => a.name === k)).sort();
      if (unknown.length) {
        throw inputError(`« ${name} » ne prend pas l'argument « ${unknown[0]} »`, `'${name}' takes no argument '${unknown[0]}'`, { key: unknown[0] });
      }
      return make(decl, given, lang);
    }

    return { read, decls };
  }

  // An event the machine raises itself (auction_ends, call_stands: with the entry that took its place).
  function internal(name, entry = null) {
    const ev = blank(name, {});
    ev.entry = entry;
    return ev;
  }

  // The `call` event that makes an auction entry again (a call held, then made).
  function callEvent(entry) {
    const ev = blank('call', { seat: entry.seat, call: entry.call.token });
    ev.seat = entry.seat;
    ev.call = entry.call;
    ev.artificial = entry.artificial;
    ev.specifies = entry.specifies;
    return ev;
  }

  // The same event, to be routed afresh (its decided kind and follow-up forgotten).
  function again(event) {
    return { ...event, kind: null, follow: null };
  }

  // A Director's judgement handed on as a `judge` event.
  function judgement(key, value) {
    const ev = blank('judge', { [key]: value });
    ev.judgement = [key, value];
    return ev;
  }

  const api = { createReader, internal, callEvent, again, judgement, blank };
  if (typeof module === 'object' && module.exports) module.exports = api;
  NS.bridge = NS.bridge || {};
  NS.bridge.events = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
