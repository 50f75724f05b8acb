'use strict';
// The rule interpreter (mirror of fsm/engine/machine.py and fsm/engine/tables.py): the export's
// states, rules, options, decisions and triggers, run on a host's record. Dispatch semantics:
// - an event is first decided on: the decision tables for this event in the current state or an
//   enclosing one set their variables, in the order given (only where some rule takes the event);
// - it is offered to the rules of the current state, then of each enclosing state, child first;
//   the first rule whose guards all hold fires: the state changes (entering a compound state
//   enters its initial child, down to a leaf), then its actions run;
// - the internal events the actions raised are each offered again and again until no rule takes
//   them, in the order raised; then the follow-up event (`event.follow`) is routed like the first;
// - when nothing is left, the first trigger of the state reached whose condition holds raises its
//   internal event, which is settled in turn; a follow-up event an internal event's rule hands on
//   is routed once they are settled, and the triggers are asked again after it;
// - an external event no rule takes is refused with the law that answers; on any error the record
//   is put back as it was.
// The engine knows no word of its host: states, events, variables and effects are all the spec's.
(function (root) {
  const load = (file, name) => (typeof require === 'function' ? require(file) : root.FsmInterpreter[name]);
  const errors = load('./errors.js', 'errors');
  const expr = load('./expr.js', 'expr');
  const effects = load('./effects.js', 'effects');
  const decisions = load('./decisions.js', 'decisions');
  const { truthy } = expr;
  const { IllegalEvent, SpecError } = errors;

  const SETTLE_LIMIT = 32; // an internal event taken more often than this is a loop in the rules
  const ROUTE_LIMIT = 1024; // events routed for one event from outside: more is a loop of follow-ups

  /** The state and its ancestors, child first: the order in which their rules are tried. */
  function ancestry(state) {
    const parts = state.split('.');
    const out = [];
    for (let i = parts.length; i > 0; i--) out.push(parts.slice(0, i).join('.'));
    return out;
  }

  function parentOf(name) {
    const i = name.lastIndexOf('.');
    return i < 0 ? null : name.slice(0, i);
  }

  /** The event's arguments a rule's guards and actions read (`{"var": "event.x"}`). */
  function readsOf(rule) {
    const found = new Set();
    const walk = (x) => {
      if (Array.isArray(x)) {
        for (const y of x) walk(y);
      } else if (x !== null && typeof x === 'object') {
        const v = x.var;
        const name = Array.isArray(v) ? v[0] : v;
        if (typeof name === 'string' && name.startsWith('event.')) found.add(name.slice('event.'.length));
        for (const y of Object.values(x)) walk(y);
      }
    };
    walk((rule.guards || []).map((g) => g.test));
    walk((rule.actions || []).map((a) => a.effects));
    return found;
  }

  function isIllegal(err) { return err !== null && typeof err === 'object' && err.type === 'IllegalEvent'; }

  class Engine {
    /** spec: the machine export (format 7); host: createHost(spec) (see HOST.md). */
    constructor(spec, host) {
      if (!spec || !(spec.version >= 7)) {
        throw new SpecError('export de format inconnu', `unknown export format version: ${spec && spec.version} (7 or later expected)`);
      }
      this.spec = spec;
      this.host = host;
      const problems = [];
      const attempt = (what, fn) => {
        try {
          return fn();
        } catch (err) {
          problems.push(`${what}: ${err.message}`);
          return null;
        }
      };
      this.vocabulary = new expr.Vocabulary(spec.context, host);
      this.effectVocabulary = new effects.EffectVocabulary(this.vocabulary, spec.effects.effects, host.effects);
      this.states = new Map(spec.states.map((s) => [s.name, s]));
      this.events = new Map(spec.events.map((e) => [e.name, e]));
      this.leafOf = new Map();
      for (const s of spec.states) this.leafOf.set(s.name, this.enter(s.name));
      const holders = new Map();
      for (const h of spec.holders) {
        const f = attempt(`holder ${h.name}`, () => this.vocabulary.compile(h.test));
        holders.set(h.name, f);
      }
      this.rules = spec.rules.map((r) => {
        for (const n of [r.source, r.dest]) {
          if (n !== null && n !== undefined && !this.states.has(n)) problems.push(`rule ${r.id}: unknown state ${n}`);
        }
        if (!this.events.has(r.event)) problems.push(`rule ${r.id}: unknown event ${r.event}`);
        return {
          reads: readsOf(r),
          id: r.id,
          event: r.event,
          source: r.source,
          dest: r.dest === undefined ? null : r.dest,
          law: r.law,
          laws: [r.law, ...(r.cites || [])],
          ruling: !!r.ruling,
          guards: r.guards.map((g) => ({
            name: g.name, fr: g.fr, en: g.en,
            test: attempt(`rule ${r.id}, guard ${g.name}`, () => this.vocabulary.compile(g.test)),
          })),
          actions: r.actions.map((a) => attempt(`rule ${r.id}, action ${a.name}`, () => this.effectVocabulary.compile(a.effects))),
        };
      });
      this.options = new Map();
      for (const [state, opts] of Object.entries(spec.options)) {
        if (!this.states.has(state)) problems.push(`options of an unknown state ${state}`);
        this.options.set(state, opts.map((o) => {
          if (o.holder !== null && o.holder !== undefined && !holders.has(o.holder)) {
            problems.push(`option ${state}/${o.event}: unknown holder ${o.holder}`);
          }
          return { event: o.event, holder: o.holder === null || o.holder === undefined ? null : holders.get(o.holder),
            law: o.law, fr: o.fr, en: o.en };
        }));
      }
      this.decisions = (spec.decisions || []).map((d) => attempt(`decision ${d.name}`, () => decisions.compileDecision(d, this.vocabulary)));
      this.triggers = (spec.triggers || []).map((t) => attempt(`trigger ${t.state}`, () => decisions.compileTrigger(t, this.vocabulary)));
      for (const s of Object.values(spec.initial || {})) if (!this.states.has(s)) problems.push(`unknown initial state ${s}`);
      if (problems.length) {
        throw new SpecError('machine invalide', `invalid machine: ${problems.join('; ')}`, null, { problems });
      }
      this.routes = new Map();
    }

    /** The leaf entering `state` reaches: a compound state enters its initial child, down to a leaf. */
    enter(state) {
      for (;;) {
        const kid = this.spec.states.find((s) => parentOf(s.name) === state && s.initial);
        if (!kid) return state;
        state = kid.name;
      }
    }

    leaf(state) {
      const l = this.leafOf.get(state);
      return l === undefined ? state : l;
    }

    /** {candidates, decide, triggers} for a state and an event, worked out once. */
    route(state, event) {
      const key = `${state}\u0000${event}`;
      let route = this.routes.get(key);
      if (route === undefined) {
        const up = ancestry(state);
        const candidates = [];
        for (const n of up) for (const r of this.rules) if (r.source === n && r.event === event) candidates.push(r);
        const decide = this.decisions.filter((d) => d.event === event && up.includes(d.state));
        route = { candidates, decide };
        this.routes.set(key, route);
      }
      return route;
    }

    /** The rules for `event` from `state` or any of its ancestors, child first. */
    candidates(state, event) { return this.route(state, event).candidates; }

    /** The trigger of the state: the event the first that holds raises, or null. */
    triggered(record, event) {
      const up = ancestry(record.state);
      for (const t of this.triggers) if (up.includes(t.state) && truthy(t.when(record, event))) return t.raises;
      return null;
    }

    /** Set what the decisions for this event in the record's state decide. */
    decide(record, event) {
      const route = this.route(record.state, event.name);
      if (!route.candidates.length) return;
      for (const d of route.decide) d.set(record, event, d.decide(record, event));
    }

    /** Offer one event: the rule that fired, or null when no rule takes it. */
    fire(record, event) {
      const route = this.route(record.state, event.name);
      if (!route.candidates.length) return null;
      for (const d of route.decide) d.set(record, event, d.decide(record, event));
      for (const rule of route.candidates) {
        let holds = true;
        for (const g of rule.guards) {
          if (!truthy(g.test(record, event))) {
            holds = false;
            break;
          }
        }
        if (!holds) continue;
        if (rule.dest !== null) record.state = this.leaf(rule.dest);
        try {
          for (const act of rule.actions) act(record, event);
        } catch (err) {
          if (isIllegal(err)) {
            err.details = err.details || {};
            if (err.details.rule === undefined) err.details.rule = rule.id;
          }
          throw err;
        }
        return rule;
      }
      return null;
    }

    step(event, source, record, rule) {
      return { event: event.name, args: event.args, source, target: record.state, law: rule.law, laws: rule.laws, rule: rule.id };
    }

    /** Route one event and everything it sets off; the journal of its steps. */
    dispatch(record, event, undo = true) {
      const saved = undo ? this.host.save(record) : null;
      const steps = [];
      try {
        let current = event;
        const handed = []; // follow-up events internal events' rules handed on, in order
        let routed = 0;
        while (current) {
          while (current) {
            routed += 1;
            if (routed > ROUTE_LIMIT) throw new Error(`events handed on endlessly from ${event.name} in ${record.state}`);
            current.follow = null;
            const source = record.state;
            const rule = this.fire(record, current);
            if (rule === null) throw this.refusal(record, current);
            if (current === event) this.checkRead(rule, event);
            if (rule.ruling) this.host.ruled(record, rule.law);
            steps.push(this.step(current, source, record, rule));
            if (record.raised.length) this.settle(record, steps, handed);
            current = current.follow || (handed.length ? handed.shift() : null);
          }
          const raised = this.triggered(record, event);
          if (raised !== null) {
            record.raised.push(this.host.internal(raised));
            this.settle(record, steps, handed);
            current = handed.length ? handed.shift() : null;
          }
        }
      } catch (err) {
        if (undo) this.host.restore(record, saved);
        throw err;
      }
      return steps;
    }

    /** Refuse an argument given that the rule taking the event never reads (its `unread`): it would be dropped. */
    checkRead(rule, event) {
      const decl = this.events.get(event.name);
      for (const arg of (decl && decl.args) || []) {
        if (!arg.unread) continue;
        const value = event.args ? event.args[arg.name] : undefined;
        if (value !== undefined && value !== null && !rule.reads.has(arg.name)) {
          throw new IllegalEvent(arg.unread.fr, arg.unread.en, arg.unread.law,
            { event: event.name, argument: arg.name, rule: rule.id });
        }
      }
    }

    /** Offer each internal event raised until no rule takes it, in the order raised; a follow-up
     * event one of their rules hands on joins `handed`, routed once they are settled. */
    settle(record, steps, handed) {
      const raised = record.raised;
      while (raised.length) {
        const event = raised.shift();
        let taken = 0;
        for (;;) {
          const source = record.state;
          event.follow = null;
          const rule = this.fire(record, event);
          if (rule === null) break;
          if (event.follow) handed.push(event.follow);
          taken += 1;
          if (taken > SETTLE_LIMIT) throw new Error(`internal event ${event.name} is taken endlessly in ${record.state}`);
          if (rule.ruling) this.host.ruled(record, rule.law);
          steps.push(this.step(event, source, record, rule));
        }
      }
    }

    /**
     * The refusal of an event no rule takes here, citing the law that answers: the law the
     * state's rules for this event share, when they share one; otherwise the state's own law for
     * an option holder's event (or in a waiting state with no rule for the event), and the event's
     * own law for the others.
     */
    refusal(record, event) {
      const spec = this.states.get(record.state) || { law: null, fr: record.state, en: record.state, waiting: false };
      const decl = this.events.get(event.name) || { law: null, fr: event.name, en: event.name, by_state: false };
      const candidates = this.candidates(record.state, event.name);
      const laws = new Set(candidates.map((r) => r.law));
      let law;
      if (laws.size === 1) law = [...laws][0];
      else if (decl.by_state || (spec.waiting && !candidates.length)) law = spec.law;
      else law = decl.law;
      if (!candidates.length) {
        return new IllegalEvent(
          `${decl.fr} : impossible ici, à l'étape « ${spec.fr} »`,
          `${decl.en}: not possible here, at the step '${spec.en}'`,
          law, { event: event.name, state: record.state });
      }
      // the rule that came nearest: the most guards holding before one fails (ties: by law, then id)
      const held = (rule) => {
        let n = 0;
        for (const g of rule.guards) {
          if (!truthy(g.test(record, event))) break;
          n += 1;
        }
        return n;
      };
      let best = null;
      for (const rule of candidates) {
        const key = [held(rule), rule.law === law ? 1 : 0, rule.id];
        if (best === null || key[0] > best.key[0] || (key[0] === best.key[0] && (key[1] > best.key[1]
          || (key[1] === best.key[1] && key[2] > best.key[2])))) best = { rule, key };
      }
      const failing = best.key[0] < best.rule.guards.length ? best.rule.guards[best.key[0]] : null;
      const needFr = failing ? ` ; condition non remplie : ${failing.fr}` : '';
      const needEn = failing ? `; condition not met: ${failing.en}` : '';
      return new IllegalEvent(
        `« ${decl.fr} » est refusé ici, à l'étape « ${spec.fr} »${needFr}`,
        `${decl.en}: refused here, at the step '${spec.en}'${needEn}`,
        law, { event: event.name, state: record.state, nearest: best.rule.id });
    }

    /**
     * The options of the current state and its ancestors (child first), each with who may take
     * it now as its holder says (null: an option with no holder, or a holder giving true); an option whose holder is
     * nobody now is left out: [{event, seats, law, fr, en}].
     */
    offered(record, ownStateOnly = false) {
      const out = [];
      const up = ancestry(record.state);
      for (const name of ownStateOnly ? up.slice(0, 1) : up) {
        for (const opt of this.options.get(name) || []) {
          let seats = null;
          if (opt.holder !== null) {
            const got = opt.holder(record, null);
            // true: offered now to no seat (the Director's), as an option with no holder
            if (got !== true) {
              seats = (truthy(got) ? Array.from(got) : []).map((s) => this.host.seatValue(s));
              if (!seats.length) continue;
            }
          }
          out.push({ event: opt.event, seats, law: opt.law, fr: opt.fr, en: opt.en });
        }
      }
      return out;
    }

    /** A new record, its state entered down to a leaf. */
    newRecord(setup) {
      const record = this.host.newRecord(setup);
      record.state = this.leaf(record.state);
      if (!Array.isArray(record.raised)) record.raised = [];
      return record;
    }
  }

  /** One board: a record run by the engine, read and answered in JSON (as fsm.model.board.Board). */
  class Board {
    constructor(engine, setup) {
      this.engine = engine;
      this.host = engine.host;
      this.record = engine.newRecord(setup);
      this.events = [];
    }

    /** Apply one event given as JSON ({name: {args}}); the journal of its steps. Throws an
     * IllegalEvent or InputError (with its `law`), the board left exactly as it was. */
    apply(json) {
      const event = this.host.readEvent(this.record, json);
      const steps = this.engine.dispatch(this.record, event);
      this.events.push(json);
      return steps;
    }

    snapshot() { return this.host.snapshot(this.record); }

    options(ownStateOnly = false) { return this.engine.offered(this.record, ownStateOnly); }

    get state() { return this.record.state; }
  }

  const api = { Engine, Board, ancestry, SETTLE_LIMIT };
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  else (root.FsmInterpreter = root.FsmInterpreter || {}).machine = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
