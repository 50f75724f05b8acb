'use strict';
// Expressions: JsonLogic over a host's context, compiled once to closures (mirror of
// fsm/engine/expr.py). An expression is JSON: a constant, an array of expressions, or an object
// with one key, the operator. The builtins are JsonLogic's plus `count`, `first` and `ctx`; every
// other operator is the host's. Truth, equality and order are Python's, as the reference has them.
// Nothing here knows what the record or the event are.
(function (root) {
  const errors = typeof require === 'function' ? require('./errors.js') : root.FsmInterpreter.errors;

  const ARRAY_OPS = ['some', 'all', 'none', 'filter', 'map', 'after', 'before'];
  const BUILTINS = new Set(['var', 'ctx', '==', '!=', '!', '!!', 'and', 'or', 'if', '<', '<=', '>', '>=',
    'in', 'some', 'all', 'none', 'filter', 'map', 'cat', 'count', 'first', 'last', '+', '-', 'arg', 'after', 'before', 'reverse']);
  const SELECT_OPS = ['count', 'first', 'last', 'reverse'];

  class ExpressionError extends errors.SpecError {
    constructor(message) { super(message, message, null); }
  }

  // --- Python's values ---------------------------------------------------------------------
  function isObject(v) { return v !== null && typeof v === 'object' && !Array.isArray(v); }

  /** Python's truth: None, False, 0, '', [] and {} are false. */
  function truthy(v) {
    if (v === null || v === undefined || v === false) return false;
    if (v === true) return true;
    if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
    if (typeof v === 'string') return v.length > 0;
    if (Array.isArray(v)) return v.length > 0;
    if (typeof v === 'object') return Object.keys(v).length > 0;
    return Boolean(v);
  }

  function numeric(v) { return typeof v === 'number' || typeof v === 'boolean'; }

  /** Python's ==: True == 1, deep equality of lists and dicts, None only equals None. */
  function equal(a, b) {
    if (a === undefined) a = null;
    if (b === undefined) b = null;
    if (a === b) return true;
    if (a === null || b === null) return false;
    if (numeric(a) && numeric(b)) return Number(a) === Number(b);
    if (typeof a === 'string' || typeof b === 'string') return false;
    if (Array.isArray(a)) {
      if (!Array.isArray(b) || a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) if (!equal(a[i], b[i])) return false;
      return true;
    }
    if (Array.isArray(b)) return false;
    if (isObject(a) && isObject(b)) {
      const ka = Object.keys(a);
      if (ka.length !== Object.keys(b).length) return false;
      for (const k of ka) if (!Object.prototype.hasOwnProperty.call(b, k) || !equal(a[k], b[k])) return false;
      return true;
    }
    return false;
  }

  /** Python's order of two values (numbers, strings, lists); other mixes are a TypeError there. */
  function order(a, b) {
    if (numeric(a) && numeric(b)) return Number(a) < Number(b) ? -1 : Number(a) > Number(b) ? 1 : 0;
    if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.min(a.length, b.length); i++) {
        if (!equal(a[i], b[i])) return order(a[i], b[i]);
      }
      return a.length - b.length < 0 ? -1 : a.length > b.length ? 1 : 0;
    }
    throw new TypeError(`cannot order ${JSON.stringify(a)} and ${JSON.stringify(b)}`);
  }

  const COMPARE = {
    '<': (a, b) => order(a, b) < 0,
    '<=': (a, b) => order(a, b) <= 0,
    '>': (a, b) => order(a, b) > 0,
    '>=': (a, b) => order(a, b) >= 0,
  };

  /** Python's `x in whole`. */
  function member(x, whole) {
    if (whole === null || whole === undefined) return false;
    if (Array.isArray(whole)) return whole.some((y) => equal(x, y));
    if (typeof whole === 'string') {
      if (typeof x !== 'string') throw new TypeError(`'in <string>' requires a string, not ${JSON.stringify(x)}`);
      return whole.includes(x);
    }
    if (isObject(whole)) return typeof x === 'string' && Object.prototype.hasOwnProperty.call(whole, x);
    throw new TypeError(`argument of type ${typeof whole} is not iterable`);
  }

  /** What an array operation iterates: None as nothing, a string's characters, a dict's keys. */
  function sequence(v) {
    if (v === null || v === undefined) return [];
    if (Array.isArray(v)) return v;
    if (typeof v === 'string') return Array.from(v);
    if (isObject(v)) return Object.keys(v);
    throw new TypeError(`not iterable: ${JSON.stringify(v)}`);
  }

  function length(v) {
    if (!truthy(v)) return 0;
    if (Array.isArray(v)) return v.length;
    if (typeof v === 'string') return Array.from(v).length;
    if (isObject(v)) return Object.keys(v).length;
    throw new TypeError(`object has no len(): ${JSON.stringify(v)}`);
  }

  /** Python's _text: the `cat` of one value. */
  function text(v) {
    if (typeof v === 'string') return v;
    if (v === null || v === undefined) return '';
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (typeof v === 'number') return String(v);
    return JSON.stringify(v);
  }

  function field(item, key) {
    if (item === null || item === undefined) return null;
    if (isObject(item) && Object.prototype.hasOwnProperty.call(item, key)) {
      const v = item[key];
      return v === undefined ? null : v;
    }
    return null;
  }

  function itemPath(path) {
    if (path === '') return (it) => (it === undefined ? null : it);
    const keys = path.split('.');
    return (it) => {
      for (const k of keys) it = field(it, k);
      return it;
    };
  }

  function operation(expr) {
    if (isObject(expr)) {
      const keys = Object.keys(expr);
      if (keys.length === 1) {
        const op = keys[0];
        const args = expr[op];
        return [op, Array.isArray(args) ? args : [args]];
      }
    }
    return null;
  }

  function nil(v) { return v === undefined ? null : v; }

  // --- the vocabulary -------------------------------------------------------------------
  /**
   * The variables and operators a host gives its expressions, checked against the export's
   * `context` (every declared name must be given, with the declared arity).
   */
  class Vocabulary {
    constructor(context, host) {
      this.variables = Object.create(null);
      this.operators = Object.create(null);
      this.setters = Object.create(null);
      const missing = [];
      for (const v of context.variables || []) {
        if (v.expr !== undefined && v.expr !== null) { // defined in the data: compiled at its first reading
          let compiled = null;
          this.variables[v.name] = (r, e) => (compiled || (compiled = this.compile(v.expr)))(r, e);
          continue;
        }
        const get = host.variables && host.variables[v.name];
        if (typeof get !== 'function') missing.push(`variable ${v.name}`);
        else this.variables[v.name] = get;
      }
      for (const op of context.operators || []) {
        const fn = host.operators && host.operators[op.name];
        if (typeof fn !== 'function') missing.push(`operator ${op.name}`);
        else this.operators[op.name] = { fn, arity: (op.args || []).length, pure: !!op.pure };
      }
      for (const [name, set] of Object.entries(host.setters || {})) this.setters[name] = set;
      // The definitions of the data: each compiled at every call, its frame that call's own.
      this.definitions = Object.create(null);
      for (const d of context.definitions || []) {
        if (this.operators[d.name] !== undefined || BUILTINS.has(d.name) || this.definitions[d.name] !== undefined) {
          throw new ExpressionError(`definition '${d.name}' declared twice`);
        }
        const params = Object.create(null);
        (d.params || []).forEach((p, i) => { params[p] = i; });
        node(this, d.expr, false, { params, frame: new Array((d.params || []).length).fill(null) });
        this.definitions[d.name] = { params, arity: (d.params || []).length, expr: d.expr };
      }
      for (const name of Object.keys(context.builtins || {})) {
        if (!BUILTINS.has(name)) missing.push(`builtin ${name} (the interpreter does not know it)`);
      }
      if (missing.length) throw new ExpressionError(`the host lacks: ${missing.join(', ')}`);
    }

    /** The closure (record, event) => value. */
    compile(expr) {
      const f = node(this, expr, false, null);
      return (r, e) => f(r, e, null);
    }

    /** The closure (record, event, item) => value (inItem: `var` reads the item). */
    node(expr, inItem) { return node(this, expr, inItem, null); }
  }

  function contextVar(v, args) {
    if (!args.length) throw new ExpressionError("'var' needs a name");
    const name = String(args[0]);
    const get = v.variables[name];
    if (get === undefined) throw new ExpressionError(`unknown variable '${name}'`);
    if (args.length > 1 && args[1] !== null && args[1] !== undefined) {
      const dflt = args[1];
      return (r, e) => {
        const x = get(r, e);
        return x === null || x === undefined ? dflt : x;
      };
    }
    return (r, e) => nil(get(r, e));
  }

  /** A definition called: its arguments valued where the call stands, then its expression with them. */
  function call(v, name, subs) {
    const d = v.definitions[name];
    if (subs.length !== d.arity) throw new ExpressionError(`'${name}' takes ${d.arity} argument(s), not ${subs.length}`);
    const frame = new Array(d.arity).fill(null);
    const body = node(v, d.expr, false, { params: d.params, frame });
    return (r, e, it) => {
      const values = subs.map((s) => nil(s(r, e, it)));
      const saved = frame.slice();
      for (let i = 0; i < values.length; i++) frame[i] = values[i];
      try { return body(r, e, null); } finally { for (let i = 0; i < saved.length; i++) frame[i] = saved[i]; }
    };
  }

  function node(v, expr, inItem, scope) {
    const opn = operation(expr);
    if (opn === null) {
      if (Array.isArray(expr)) {
        const items = expr.map((x) => node(v, x, inItem, scope));
        return (r, e, it) => items.map((f) => f(r, e, it));
      }
      if (isObject(expr)) throw new ExpressionError(`not an expression: ${JSON.stringify(expr)}`);
      const c = expr === undefined ? null : expr;
      return () => c;
    }
    const [op, args] = opn;
    if (op === 'var' && inItem) {
      const read = itemPath(args.length ? String(args[0]) : '');
      if (args.length > 1 && args[1] !== null && args[1] !== undefined) {
        const dflt = args[1];
        return (r, e, it) => {
          const x = read(it);
          return x === null ? dflt : x;
        };
      }
      return (r, e, it) => read(it);
    }
    if (op === 'var' || op === 'ctx') {
      const get = contextVar(v, args);
      return (r, e) => get(r, e);
    }
    if (op === 'arg') {
      if (scope === null || args.length !== 1 || !(String(args[0]) in scope.params)) {
        throw new ExpressionError(`'arg' reads a parameter of the definition it stands in, not ${JSON.stringify(args)}`);
      }
      const frame = scope.frame;
      const i = scope.params[String(args[0])];
      return () => frame[i];
    }
    if (ARRAY_OPS.includes(op) || SELECT_OPS.includes(op)) return array(v, op, args, inItem, scope);
    const subs = args.map((a) => node(v, a, inItem, scope));
    if (v.definitions[op] !== undefined) return call(v, op, subs);
    return combine(v, op, subs);
  }

  function array(v, op, args, inItem, scope) {
    if (!args.length) throw new ExpressionError(`'${op}' takes an array and a predicate`);
    const source = node(v, args[0], inItem, scope);
    if (op === 'count' && args.length === 1) return (r, e, it) => length(source(r, e, it));
    if (op === 'first' && args.length === 1) {
      return (r, e, it) => {
        const s = sequence(source(r, e, it));
        return s.length ? nil(s[0]) : null;
      };
    }
    if (op === 'reverse' && args.length === 1) return (r, e, it) => sequence(source(r, e, it)).slice().reverse();
    if (op === 'last' && args.length === 1) {
      return (r, e, it) => {
        const s = sequence(source(r, e, it));
        return s.length ? nil(s[s.length - 1]) : null;
      };
    }
    if (args.length !== 2) throw new ExpressionError(`'${op}' takes an array and a predicate`);
    const test = node(v, args[1], true, scope);
    switch (op) {
      case 'some': return (r, e, it) => sequence(source(r, e, it)).some((x) => truthy(test(r, e, x)));
      case 'none': return (r, e, it) => !sequence(source(r, e, it)).some((x) => truthy(test(r, e, x)));
      case 'all': return (r, e, it) => {
        const items = sequence(source(r, e, it));
        return items.length > 0 && items.every((x) => truthy(test(r, e, x)));
      };
      case 'filter': return (r, e, it) => sequence(source(r, e, it)).filter((x) => truthy(test(r, e, x)));
      case 'map': return (r, e, it) => sequence(source(r, e, it)).map((x) => test(r, e, x));
      case 'first': return (r, e, it) => {
        for (const x of sequence(source(r, e, it))) if (truthy(test(r, e, x))) return nil(x);
        return null;
      };
      case 'after': case 'before': return (r, e, it) => {
        const s = sequence(source(r, e, it));
        const i = s.findIndex((x) => truthy(test(r, e, x)));
        return i < 0 ? [] : op === 'after' ? s.slice(i + 1) : s.slice(0, i);
      };
      case 'last': return (r, e, it) => {
        const s = sequence(source(r, e, it));
        for (let i = s.length - 1; i >= 0; i--) if (truthy(test(r, e, s[i]))) return nil(s[i]);
        return null;
      };
      default: // count with a predicate
        return (r, e, it) => sequence(source(r, e, it)).filter((x) => truthy(test(r, e, x))).length;
    }
  }

  function chain(subs, conjunction) {
    if (subs.length === 1) return subs[0];
    return (r, e, it) => {
      let value = conjunction;
      for (const s of subs) {
        value = s(r, e, it);
        if (truthy(value) !== conjunction) return value;
      }
      return value;
    };
  }

  function combine(v, op, subs) {
    const n = subs.length;
    if (['==', '!=', '<', '<=', '>', '>=', 'in'].includes(op) && n < 2) {
      throw new ExpressionError(`'${op}' takes two arguments`);
    }
    const [a, b, c] = subs;
    switch (op) {
      case '==': return (r, e, it) => equal(a(r, e, it), b(r, e, it));
      case '!=': return (r, e, it) => !equal(a(r, e, it), b(r, e, it));
      case '!':
      case '!!':
        if (n !== 1) throw new ExpressionError(`'${op}' takes one argument`);
        return op === '!' ? (r, e, it) => !truthy(a(r, e, it)) : (r, e, it) => truthy(a(r, e, it));
      case 'and':
      case 'or':
        if (!n) return () => op === 'and'; // Python: an empty chain gives the conjunction's unit
        return chain(subs, op === 'and');
      case 'cat': return (r, e, it) => subs.map((s) => text(s(r, e, it))).join('');
      case '+': case '-': {
        if (op === '-' && n !== 1 && n !== 2) throw new ExpressionError("'-' takes one or two arguments");
        return (r, e, it) => {
          const xs = subs.map((s) => s(r, e, it));
          if (xs.some((x) => typeof x !== 'number')) return null;
          if (op === '+') return xs.reduce((a, x) => a + x, 0);
          return xs.length === 1 ? -xs[0] : xs[0] - xs[1];
        };
      }
      case 'if': {
        const pairs = [];
        for (let i = 0; i + 1 < n; i += 2) pairs.push([subs[i], subs[i + 1]]);
        const otherwise = n % 2 ? subs[n - 1] : null;
        return (r, e, it) => {
          for (const [cond, then] of pairs) if (truthy(cond(r, e, it))) return then(r, e, it);
          return otherwise !== null ? otherwise(r, e, it) : null;
        };
      }
      case '<': case '<=': case '>': case '>=': {
        const cmp = COMPARE[op];
        const safe = (x, y) => x !== null && x !== undefined && y !== null && y !== undefined && cmp(x, y);
        if (n === 3 && (op === '<' || op === '<=')) {
          return (r, e, it) => safe(a(r, e, it), b(r, e, it)) && safe(b(r, e, it), c(r, e, it));
        }
        return (r, e, it) => safe(a(r, e, it), b(r, e, it));
      }
      case 'in': return (r, e, it) => {
        const whole = b(r, e, it);
        return whole !== null && whole !== undefined && member(a(r, e, it), whole);
      };
      default: {
        const host = v.operators[op];
        if (host === undefined) throw new ExpressionError(`unknown operator '${op}'`);
        if (n !== host.arity) {
          throw new ExpressionError(`'${op}' takes ${host.arity} argument(s), not ${n}`);
        }
        const fn = host.fn;
        return (r, e, it) => nil(fn(r, e, ...subs.map((s) => s(r, e, it))));
      }
    }
  }

  const api = { Vocabulary, ExpressionError, truthy, equal, order, operation, BUILTINS };
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  else (root.FsmInterpreter = root.FsmInterpreter || {}).expr = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
