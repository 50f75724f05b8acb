'use strict';
// The interpreter's entry point: the machine export and the bridge host put together.
//   const { load } = require('./interpreter.js');        // or globalThis.FsmInterpreter.load
//   const it = load(spec);      // spec: python -m fsm export --format json (in a bundle built with --machine: load())
//   const board = it.board({dealer: 'N', vulnerable: 'None', settings: {...}, cards_in_board: false});
//   board.apply({call: {seat: 'N', call: '1H'}});         // the rules fired; throws IllegalEvent/InputError
//   board.snapshot(); board.options();
(function (root) {
  const NS = typeof require === 'function' ? null : root.FsmInterpreter;
  const machine = NS ? NS.machine : require('./engine/machine.js');
  const hostModule = () => (NS ? NS.host || (NS.bridge && NS.bridge.host) : require('./bridge/host.js'));

  /** spec: the machine export; left out, the one a bundle embeds (bundle.js --machine FILE). */
  function load(spec) {
    if (spec === undefined || spec === null) spec = root.FsmInterpreter && root.FsmInterpreter.spec;
    if (!spec) throw new Error('no machine: give the export (python -m fsm export --format json)');
    const host = hostModule().createHost(spec);
    const engine = new machine.Engine(spec, host);
    return { engine, host, board: (setup) => new machine.Board(engine, setup) };
  }

  const api = { load };
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  else (root.FsmInterpreter = root.FsmInterpreter || {}).load = load;
})(typeof globalThis !== 'undefined' ? globalThis : this);
