'use strict';
// Effects: what a rule's action changes, written as data and compiled once to a closure (mirror of
// fsm/engine/effects.py). An action is a list of effects run in order; an effect is
// {name: {param: value...}}. Three control forms are the engine's (`if`, `each`, `with`); every
// other effect is the host's, declared in the export (`effects.effects[]`: its parameters, their
// kind and default). Nothing here knows what the record or the event are.
(function (root) {
  const expr = typeof require === 'function' ? require('./expr.js') : root.FsmInterpreter.expr;
  const { ExpressionError, truthy } = expr;

  const CONTROL = ['if', 'each', 'with'];

  function isObject(v) { return v !== null && typeof v === 'object' && !Array.isArray(v); }

  function parts(eff) {
    if (!isObject(eff) || Object.keys(eff).length !== 1) {
      throw new ExpressionError(`not an effect: ${JSON.stringify(eff)}`);
    }
    const name = Object.keys(eff)[0];
    return [name, eff[name]];
  }

  /**
   * The effects a host gives its actions: `declared` is the export's `effects.effects` (name,
   * params with kind, required, default, choices), `run` the host's functions by name.
   */
  class EffectVocabulary {
    constructor(vocabulary, declared, run) {
      this.expressions = vocabulary;
      this.effects = Object.create(null);
      const missing = [];
      for (const d of declared || []) {
        const fn = run && run[d.name];
        if (typeof fn !== 'function') missing.push(d.name);
        else this.effects[d.name] = { name: d.name, params: d.params || [], fn };
      }
      if (missing.length) throw new ExpressionError(`the host lacks the effects: ${missing.join(', ')}`);
    }

    /** The closure (record, event) => undefined that runs the action. */
    compile(effects) {
      const run = this.list(effects, false);
      return (r, e) => run(r, e, null);
    }

    list(effects, inItem) {
      if (!Array.isArray(effects)) throw new ExpressionError(`an action is a list of effects, not ${JSON.stringify(effects)}`);
      const steps = effects.map((eff) => this.one(eff, inItem));
      return (r, e, it) => {
        for (const step of steps) step(r, e, it);
      };
    }

    one(eff, inItem) {
      const [name, args] = parts(eff);
      const v = this.expressions;
      if (CONTROL.includes(name)) return this.control(name, args, inItem);
      const spec = this.effects[name];
      if (spec === undefined) throw new ExpressionError(`unknown effect '${name}'`);
      if (!isObject(args)) throw new ExpressionError(`effect '${name}' takes an object of parameters, not ${JSON.stringify(args)}`);
      for (const key of Object.keys(args)) {
        if (!spec.params.some((p) => p.name === key)) throw new ExpressionError(`effect '${name}' has no parameter '${key}'`);
      }
      // each parameter: a function (r, e, it) => value, in the declared order
      const getters = spec.params.map((p) => {
        const kind = p.kind || 'expr';
        if (!Object.prototype.hasOwnProperty.call(args, p.name)) {
          if (p.required) throw new ExpressionError(`effect '${name}' needs '${p.name}'`);
          const dflt = p.default === undefined ? null : p.default;
          if (kind === 'expr' && dflt !== null && typeof dflt === 'object') {
            const f = v.node(dflt, false); // a default reads the context
            return f;
          }
          return () => dflt;
        }
        const value = args[p.name];
        if (kind === 'name') {
          if (!(p.choices || []).includes(value)) {
            throw new ExpressionError(`effect '${name}': '${p.name}' is one of ${(p.choices || []).join(', ')}, not ${JSON.stringify(value)}`);
          }
          return () => value;
        }
        if (kind === 'item') {
          const f = v.node(value, true);
          return () => f;
        }
        if (kind === 'fields') {
          if (!isObject(value)) throw new ExpressionError(`effect '${name}': '${p.name}' is an object of expressions`);
          const fields = Object.entries(value).map(([k, x]) => [k, v.node(x, inItem)]);
          return (r, e, it) => {
            const out = {};
            for (const [k, f] of fields) out[k] = f(r, e, it);
            return out;
          };
        }
        if (kind === 'expr' && value !== null && typeof value === 'object') return v.node(value, inItem);
        if (kind !== 'expr' && kind !== 'literal') throw new ExpressionError(`effect '${name}': unknown parameter kind '${kind}'`);
        return () => value;
      });
      const fn = spec.fn;
      return (r, e, it) => {
        const values = getters.map((g) => g(r, e, it));
        fn(r, e, ...values);
      };
    }

    control(name, args, inItem) {
      if (!Array.isArray(args) || args.length < 2 || args.length > (name === 'if' ? 3 : 2)) {
        throw new ExpressionError(`'${name}' takes ${name === 'if' ? '[condition, [effects], [effects]]' : '[value, [effects]]'}`);
      }
      const head = this.expressions.node(args[0], inItem);
      if (name === 'if') {
        const then = this.list(args[1], inItem);
        const otherwise = args.length === 3 ? this.list(args[2], inItem) : null;
        return (r, e, it) => {
          if (truthy(head(r, e, it))) then(r, e, it);
          else if (otherwise !== null) otherwise(r, e, it);
        };
      }
      const body = this.list(args[1], true);
      if (name === 'with') return (r, e, it) => body(r, e, head(r, e, it));
      return (r, e, it) => {
        const value = head(r, e, it);
        // Python's list(value or ()): a copy of the array, a string's characters, a dict's keys
        let items = [];
        if (truthy(value)) {
          if (Array.isArray(value)) items = value.slice();
          else if (typeof value === 'string') items = Array.from(value);
          else if (typeof value === 'object') items = Object.keys(value);
          else throw new TypeError(`'each' over a value that is not iterable: ${JSON.stringify(value)}`);
        }
        for (const x of items) body(r, e, x);
      };
    }
  }

  const api = { EffectVocabulary, CONTROL };
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  else (root.FsmInterpreter = root.FsmInterpreter || {}).effects = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
