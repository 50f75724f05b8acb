"""Speed and memory of the auction machine, each beside a floor or peer measured in the same run.

- the cost of one call of a regular 20-call auction: through ``Board.call`` (the public path), through
  the bare compiled dispatch (``fsm.model.machine.dispatch`` on a ``Table``, the event parsed beforehand),
  and, as peers, a bare ``transitions`` Machine self-transition, a bare ``HierarchicalMachine``
  trigger and a dict-table FSM written here (a dict lookup and the minimal legality of a call);
- import and engine build time, each in a fresh interpreter, beside ``import transitions``;
- memory per board; 10,000 boards created one after another (first thousand against last thousand);
- one board of 1,000 and of 50,000 events: the cost of an event, and of replaying one;
- the kinds of event a board can repeat (calls after a pass-out or after the final pass, 16C records,
  reviews, the Director, irregular calls and their rectifications), ``MIXES``: their cost as the
  record grows is the growth section's (bench_growth.py: each event, ``options()`` and ``snapshot()``
  at each step, and ``Board.replay``; median, mean and 99th percentile).

Run ``python benchmarks/run.py --only machine``; ``python benchmarks/bench_machine.py`` does the same.
"""

from __future__ import annotations

import gc
import statistics
import subprocess
import time
import tracemalloc
from typing import Any

from common import PYTHON, per_call_us, row

AUCTION = "Pass 1C 1H X 2H 3C 3H Pass Pass 4C 4H Pass Pass X Pass Pass 5C Pass Pass Pass".split()  # noqa: SIM905 - reads as an auction
SEATS = "NESW"
CALLS = [(SEATS[i % 4], call) for i, call in enumerate(AUCTION)]  # dealer North, every call in turn
RANK = {f"{level}{s}": level * 5 + i for level in range(1, 8) for i, s in enumerate(("C", "D", "H", "S", "NT"))}


# --- per call -----------------------------------------------------------------------------------
def _board(runner: str):  # noqa: ANN202
    from fsm import Board

    return lambda: (Board(dealer="N", runner=runner).call, CALLS)


def _dispatch():  # noqa: ANN202
    from fsm import Seat
    from fsm.bridge.events import parse_event
    from fsm.bridge.table import Table
    from fsm.model.machine import default_engine, dispatch, initial_state

    engine = default_engine()

    def prepare() -> tuple:
        table = Table(Seat("N"), initial_state(False))
        events = [parse_event("call", {"seat": seat, "call": call}) for seat, call in CALLS]
        return dispatch, [(engine, table, event) for event in events]

    return prepare


def _transitions(hierarchical: bool):  # noqa: ANN202
    from transitions import Machine
    from transitions.extensions import HierarchicalMachine

    class Model:
        pass

    model = Model()
    if hierarchical:
        machine = HierarchicalMachine(
            model=model,
            states=[{"name": "auction", "children": ["calling"]}],
            initial="auction_calling",
            auto_transitions=False,
        )
        machine.add_transition("call", "auction_calling", "auction_calling")
    else:
        Machine(model=model, states=["calling"], initial="calling", auto_transitions=False).add_transition(
            "call", "calling", "calling"
        )
    return lambda: (model.call, [()] * len(AUCTION))


class DictFSM:
    """The pure-Python floor of an auction machine: (state, event) looked up in a dict, the handler
    checks the call in the fewest steps (rotation, sufficiency, double and redouble) and names the next state."""

    def __init__(self) -> None:
        self.state, self.turn, self.rank, self.bid_side, self.doubled, self.passes = "calling", 0, -1, -1, 0, 0

    def fire(self, event: str, seat: str, call: str) -> None:
        self.state = TABLE[(self.state, event)](self, seat, call)

    def call(self, seat: str, call: str) -> str:
        side = self.turn % 2
        if seat != SEATS[self.turn % 4]:
            raise ValueError("out of rotation")
        if call == "Pass":
            self.passes += 1
        elif call == "X":
            if self.bid_side in (-1, side) or self.doubled:
                raise ValueError("double not admissible")
            self.doubled, self.passes = 1, 0
        elif call == "XX":
            if self.doubled != 1 or self.bid_side != side:
                raise ValueError("redouble not admissible")
            self.doubled, self.passes = 2, 0
        else:
            if RANK[call] <= self.rank:
                raise ValueError("insufficient")
            self.rank, self.bid_side, self.doubled, self.passes = RANK[call], side, 0, 0
        self.turn += 1
        return "ended" if self.passes == (3 if self.rank >= 0 else 4) else "calling"


TABLE = {("calling", "call"): DictFSM.call}


def per_call(repeat: int) -> dict[str, float]:
    def dict_fsm() -> tuple:
        return DictFSM().fire, [("call", seat, call) for seat, call in CALLS]

    return {
        "board_call_us": per_call_us(_board("compiled"), repeat),
        "board_call_transitions_runner_us": per_call_us(_board("transitions"), repeat),
        "bare_dispatch_us": per_call_us(_dispatch(), repeat),
        "transitions_machine_us": per_call_us(_transitions(False), repeat),
        "transitions_hierarchical_us": per_call_us(_transitions(True), repeat),
        "dict_fsm_us": per_call_us(dict_fsm, repeat),
    }


# --- start-up -----------------------------------------------------------------------------------
def _fresh(code: str, repeat: int) -> list[list[float]]:
    """Numbers printed by ``code`` in ``repeat`` fresh interpreters (nothing imported or cached before)."""
    runs = [
        subprocess.run([PYTHON, "-c", code], capture_output=True, text=True, check=True).stdout for _ in range(repeat)
    ]
    return [[float(x) for x in out.split()] for out in runs]


def startup(repeat: int = 7) -> dict[str, float]:
    fsm_runs = _fresh(
        "import time; t0 = time.perf_counter(); import fsm; t1 = time.perf_counter();"
        "from fsm.model.machine import default_engine; default_engine(); t2 = time.perf_counter();"
        "print((t1 - t0) * 1e3, (t2 - t1) * 1e3)",
        repeat,
    )
    transitions_runs = _fresh(
        "import time; t0 = time.perf_counter(); import transitions; print((time.perf_counter() - t0) * 1e3)", repeat
    )
    return {
        "import_fsm_ms": statistics.median(r[0] for r in fsm_runs),
        "build_engine_ms": statistics.median(r[1] for r in fsm_runs),
        "import_and_build_ms": statistics.median(r[0] + r[1] for r in fsm_runs),
        "import_transitions_ms": statistics.median(r[0] for r in transitions_runs),
    }


# --- memory, many boards, long boards -----------------------------------------------------------
def _traced_bytes(make: Any, n: int) -> float:
    gc.collect()
    tracemalloc.start()
    kept = [make() for _ in range(n)]
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del kept
    return size / n


def memory(n: int = 1000) -> dict[str, float]:
    from fsm import Board

    def played() -> Board:
        board = Board()
        for seat, call in CALLS:
            board.call(seat, call)
        return board

    class Plain:  # the floor: an object with three empty containers
        def __init__(self) -> None:
            self.a, self.b, self.c = [], [], {}

    return {
        "bytes_per_new_board": _traced_bytes(Board, n),
        "bytes_per_board_after_20_calls": _traced_bytes(played, n),
        "bytes_per_plain_object": _traced_bytes(Plain, n),
    }


def creation_scaling(total: int = 10_000) -> dict[str, float]:
    """Creating a board and making one call must cost as much for the last thousand as for the first."""
    from fsm import Board

    boards, stamps = [], []
    for _ in range(total):
        start = time.perf_counter()
        board = Board()
        board.call("N", "1NT")
        boards.append(board)
        stamps.append(time.perf_counter() - start)
    return {"first_1000_ms": sum(stamps[:1000]) * 1e3, "last_1000_ms": sum(stamps[-1000:]) * 1e3}


def long_board(sizes: tuple[int, ...] = (1_000, 50_000)) -> dict[str, float]:
    """Cost per event as a board's history grows: an event must cost the same at 50,000 as at 1,000.

    The events are those a long board can repeat: a review of the auction at one's turn, and the
    Director called while nothing awaits him; the board is mid-auction, with an irregularity ruled.
    """
    from fsm import Board

    out = {}
    for size in sizes:
        board = Board()
        board.calls("1H Pass")
        board.call("W", "2C")  # a bid out of rotation, accepted: the board has a ruling to carry
        board.accept("N")
        seat = board.auction.turn()
        stamps = []
        for i in range(size):
            start = time.perf_counter()
            if i % 2:
                board.director()
            else:
                board.review(seat)
            stamps.append(time.perf_counter() - start)
        out[f"us_per_event_at_{size}"] = statistics.median(stamps[-500:]) * 1e6
        start = time.perf_counter()
        Board.replay(board.record())
        out[f"replay_us_per_event_at_{size}"] = (time.perf_counter() - start) / size * 1e6
    return out


# --- the cost of an event as the board's history grows, for each kind of event a board can repeat ---
def _insufficient_cycle(board: Any, i: int) -> None:
    """An insufficient bid at its maker's turn (27), accepted by his LHO (27A1), who then bids over
    it: three events that leave one more accepted bid and one more bid standing, again and again."""
    step = i % 3
    if step == 0:
        board.call(board.auction.turn(), "1C")
    elif step == 1:
        board.accept(board.irregularity.entry.seat.lho)
    else:
        board.call(board.auction.turn(), "1D")


def _late_call(calls: str) -> Any:
    return lambda board, i: board.call(calls[i % len(calls)], "2C")


def _ruled_late_call(board: Any, i: int) -> None:
    """A defender bids after the final pass and the Director rules: cancelled, a 16C record, 26B (39C)."""
    if i % 2:
        board.director()
    else:
        board.call("EW"[i // 2 % 2], "2C")


MIXES: dict[str, tuple[str, str, Any]] = {
    # name: (what it is, the calls before, one event of the mix)
    "pass_out": ("calls after a pass-out (39A, each cancelled)", "Pass Pass Pass Pass", _late_call("NESW")),
    "final_pass": (
        "calls after the final pass (39: each a ruling, cancelled)",
        "1H Pass Pass Pass",
        _late_call("NESW"),
    ),
    "ui": (
        "a defender's bid after the final pass, then the Director (39C: 16C, 26B)",
        "1H Pass Pass Pass",
        _ruled_late_call,
    ),
    "reviews": ("reviews of the auction at one's turn (20B)", "1H Pass", lambda board, i: board.review("S")),
    "director": ("the Director called, nothing awaiting him", "1H Pass", lambda board, i: board.director()),
    "irregular": ("insufficient bids accepted, then bid over (27, 27A1)", "1H", _insufficient_cycle),
}


# --- the section --------------------------------------------------------------------------------
def measure(repeat: int = 200) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    calls, start, mem = per_call(repeat), startup(), memory()
    scaling, long = creation_scaling(), long_board()
    data = {"per_call": calls, "startup": start, "memory": mem, "create_10000_boards": scaling, "long_board": long}
    board = calls["board_call_us"]
    rows = [
        row("per call: Board.call", board, "µs", "bare compiled dispatch", calls["bare_dispatch_us"], ("max", 5)),
        row("per call: Board.call", board, "µs", "transitions Machine self-transition", calls["transitions_machine_us"]),
        row("per call: Board.call", board, "µs", "transitions HierarchicalMachine trigger", calls["transitions_hierarchical_us"]),
        row("per call: Board.call", board, "µs", "dict-table FSM", calls["dict_fsm_us"]),
        row("per call: bare compiled dispatch", calls["bare_dispatch_us"], "µs", "dict-table FSM", calls["dict_fsm_us"]),
        row("per call: Board.call, transitions runner", calls["board_call_transitions_runner_us"], "µs", "Board.call", board),
        row("import fsm + default_engine()", start["import_and_build_ms"], "ms", "import transitions", start["import_transitions_ms"], ("max", 100)),
        row("import fsm", start["import_fsm_ms"], "ms", "import transitions", start["import_transitions_ms"]),
        row("default_engine() build", start["build_engine_ms"], "ms"),
        row("memory per new board", mem["bytes_per_new_board"], "B", "plain object, 3 containers", mem["bytes_per_plain_object"]),
        row("memory per board after 20 calls", mem["bytes_per_board_after_20_calls"], "B", "plain object, 3 containers", mem["bytes_per_plain_object"]),
        row("10,000 boards: last 1,000 created", scaling["last_1000_ms"], "ms", "first 1,000", scaling["first_1000_ms"]),
    ]  # fmt: skip
    first, last = (f"at {n:,} events" for n in (1_000, 50_000))
    rows += [
        row(f"long board: µs per event {last}", long["us_per_event_at_50000"], "µs", first, long["us_per_event_at_1000"]),
        row(f"long board: replay µs per event {last}", long["replay_us_per_event_at_50000"], "µs", first, long["replay_us_per_event_at_1000"]),
    ]  # fmt: skip
    return data, rows


if __name__ == "__main__":
    import run

    run.main(["--only", "machine"])
