'use strict';
// Decision tables and triggers (mirror of fsm/engine/decisions.py). A decision sets one variable
// of the context for an event offered in a state (or a state inside it), before any rule is
// asked: the first row whose condition holds decides, its outcome or what its own rows decide;
// rows none of which holds decide nothing and the rows after their parent are tried. A trigger
// raises an internal event in a state once an event has been handled, when its condition holds.
// The `specialize` hint of the export is an optimisation only, and is ignored here.
(function (root) {
  const expr = typeof require === 'function' ? require('./expr.js') : root.FsmInterpreter.expr;
  const { ExpressionError, truthy } = expr;

  function table(rows, vocabulary) {
    const compiled = rows.map((row) => {
      const when = row.when === undefined || row.when === null ? null : vocabulary.compile(row.when);
      const sub = Array.isArray(row.rows) && row.rows.length ? table(row.rows, vocabulary) : null;
      const then = row.then === undefined ? null : row.then;
      if ((sub === null) === (then === null)) {
        throw new ExpressionError(`decision row ${JSON.stringify(row.law)}: needs an outcome or rows, not both`);
      }
      return { when, sub, then };
    });
    return (r, e) => {
      for (const row of compiled) {
        if (row.when !== null && !truthy(row.when(r, e))) continue;
        if (row.sub === null) return row.then;
        const found = row.sub(r, e);
        if (found !== null) return found;
      }
      return null;
    };
  }

  /** A decision of the export compiled: {name, state, event, decide: (r, e) => outcome}. */
  function compileDecision(d, vocabulary) {
    const last = d.rows[d.rows.length - 1];
    if (!last || (last.when !== undefined && last.when !== null) || last.then === undefined || last.then === null) {
      throw new ExpressionError(`decision '${d.name}': the last row must always hold and have an outcome`);
    }
    const set = vocabulary.setters[d.name];
    if (typeof set !== 'function') {
      throw new ExpressionError(`decision '${d.name}': the context has no variable of that name it may set`);
    }
    return { name: d.name, state: d.state, event: d.event, decide: table(d.rows, vocabulary), set };
  }

  /** A trigger of the export compiled: {state, raises, when: (r, e) => value}. */
  function compileTrigger(t, vocabulary) {
    return { state: t.state, raises: t.raise, when: vocabulary.compile(t.when) };
  }

  const api = { compileDecision, compileTrigger };
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  else (root.FsmInterpreter = root.FsmInterpreter || {}).decisions = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
