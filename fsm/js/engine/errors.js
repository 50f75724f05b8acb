'use strict';
// The engine's errors (mirror of fsm/engine/errors.py): each speaks French and English and,
// where a rule forbids, names its law. Nothing here knows the host.
(function (root) {
  class FsmError extends Error {
    constructor(fr, en, law, details) {
      const pFr = law ? `Loi ${law} : ` : '';
      const pEn = law ? `Law ${law}: ` : '';
      super(`${pFr}${fr} / ${pEn}${en}`);
      this.fr = fr;
      this.en = en;
      this.law = law === undefined ? null : law;
      this.details = details || {};
    }
  }
  /** An event the record's state does not allow; the record is left as it was. */
  class IllegalEvent extends FsmError {
    get type() { return 'IllegalEvent'; }
  }
  /** Text or arguments that cannot be read. */
  class InputError extends FsmError {
    constructor(fr, en, law, key, details) {
      super(fr, en, law, details);
      this.key = key === undefined ? null : key;
    }
    get type() { return 'InputError'; }
  }
  /** Tables that cannot make a machine (an unknown operator, variable, effect...). */
  class SpecError extends FsmError {
    get type() { return 'SpecError'; }
  }
  const api = { FsmError, IllegalEvent, InputError, SpecError };
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  else (root.FsmInterpreter = root.FsmInterpreter || {}).errors = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
