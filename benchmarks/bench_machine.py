"""Speed and memory of the auction machine, each against a baseline measured in the same run.

Prints JSON; asserts nothing. Run with `make bench` (or `.venv/bin/python benchmarks/bench_machine.py`).
- per-call cost of a regular 20-call auction through a Board, with each runner (the compiled
  dispatch and the transitions machine), against the framework's floor
  (a bare transitions Machine, one state, one self-transition) and a pure-Python floor
  (a minimal dict-based legality check written for the purpose);
- import and build time (the engine: validated tables and the compiled dispatch); memory per board;
- 10,000 boards created one after another: first thousand against last thousand;
- one board of 1,000 and of 50,000 events: the cost of an event, and of replaying one.
"""

from __future__ import annotations

import gc
import json
import statistics
import subprocess
import sys
import time
import tracemalloc

AUCTION = [
    "Pass",
    "1C",
    "1H",
    "X",
    "2H",
    "3C",
    "3H",
    "Pass",
    "Pass",
    "4C",
    "4H",
    "Pass",
    "Pass",
    "X",
    "Pass",
    "Pass",
    "5C",
    "Pass",
    "Pass",
    "Pass",
]
assert len(AUCTION) == 20


def per_call_fsm(repeat: int, runner: str = "compiled") -> float:
    from fsm import Board

    times = []
    for _ in range(repeat):
        board = Board(dealer="N", runner=runner)
        t = time.perf_counter()
        for call in AUCTION:
            board.call(board.auction.turn(), call)
        times.append((time.perf_counter() - t) / len(AUCTION))
    assert board.contract() == "5C"
    return statistics.median(times) * 1e6


def per_call_bare_transitions(repeat: int) -> float:
    from transitions import Machine

    class Model:
        pass

    model = Model()
    Machine(model=model, states=["calling"], initial="calling", auto_transitions=False).add_transition(
        "call", "calling", "calling"
    )
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        for _call in AUCTION:
            model.call()
        times.append((time.perf_counter() - t) / len(AUCTION))
    return statistics.median(times) * 1e6


RANK = {f"{lvl}{s}": lvl * 5 + i for lvl in range(1, 8) for i, s in enumerate(["C", "D", "H", "S", "NT"])}


def per_call_dict_floor(repeat: int) -> float:
    """Just the legality of a call in turn: sufficiency and when a double may be made."""

    def run() -> None:
        state = {"last": -1, "last_side": None, "doubled": 0, "passes": 0, "turn": 0}
        for call in AUCTION:
            side = state["turn"] % 2
            if call == "Pass":
                state["passes"] += 1
            elif call == "X":
                assert state["last_side"] not in (None, side) and state["doubled"] == 0
                state["doubled"], state["passes"] = 1, 0
            elif call == "XX":
                assert state["doubled"] == 1
                state["doubled"], state["passes"] = 2, 0
            else:
                assert RANK[call] > state["last"]
                state.update(last=RANK[call], last_side=side, doubled=0, passes=0)
            state["turn"] += 1

    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        run()
        times.append((time.perf_counter() - t) / len(AUCTION))
    return statistics.median(times) * 1e6


def import_and_build() -> dict[str, float]:
    code = (
        "import time; t=time.perf_counter(); import fsm; t1=time.perf_counter();"
        "from fsm.machine import default_engine; default_engine(); t2=time.perf_counter();"
        "import transitions; print((t1-t)*1e3, (t2-t1)*1e3)"
    )
    runs = [
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
        for _ in range(5)
    ]
    base = [
        subprocess.run([sys.executable, "-c", "import time; t=time.perf_counter(); import transitions; print((time.perf_counter()-t)*1e3)"],
                       capture_output=True, text=True, check=True).stdout
        for _ in range(5)
    ]  # fmt: skip
    return {
        "import_ms": statistics.median(float(r[0]) for r in runs),
        "build_machine_ms": statistics.median(float(r[1]) for r in runs),
        "baseline_import_transitions_ms": statistics.median(float(b) for b in base),
    }


def memory_per_board(n: int = 1000) -> dict[str, float]:
    from fsm import Board

    def measure(fill: bool) -> float:
        gc.collect()
        tracemalloc.start()
        boards = []
        for _ in range(n):
            b = Board()
            if fill:
                for call in AUCTION:
                    b.call(b.auction.turn(), call)
            boards.append(b)
        size, _ = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return size / n

    baseline_obj = _plain_object_bytes(n)
    return {
        "bytes_per_new_board": measure(False),
        "bytes_per_board_after_20_calls": measure(True),
        "baseline_bytes_per_plain_object_with_dict": baseline_obj,
    }


def _plain_object_bytes(n: int) -> float:
    class Plain:
        def __init__(self) -> None:
            self.a, self.b, self.c = [], [], {}

    gc.collect()
    tracemalloc.start()
    objs = [Plain() for _ in range(n)]
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del objs
    return size / n


def creation_scaling(total: int = 10_000) -> dict[str, float]:
    from fsm import Board

    boards = []
    stamps = []
    for _ in range(total):
        t = time.perf_counter()
        b = Board()
        b.call("N", "1NT")
        boards.append(b)
        stamps.append(time.perf_counter() - t)
    first = sum(stamps[:1000]) * 1e3
    last = sum(stamps[-1000:]) * 1e3
    return {"first_1000_ms": first, "last_1000_ms": last, "last_over_first": last / first}


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
            t = time.perf_counter()
            if i % 2:
                board.director()
            else:
                board.review(seat)
            stamps.append(time.perf_counter() - t)
        out[f"us_per_event_at_{size}"] = statistics.median(stamps[-500:]) * 1e6
        t = time.perf_counter()
        Board.replay(board.record())
        out[f"replay_us_per_event_at_{size}"] = (time.perf_counter() - t) / size * 1e6
    first, last = sizes[0], sizes[-1]
    out["last_over_first"] = out[f"us_per_event_at_{last}"] / out[f"us_per_event_at_{first}"]
    return out


def main() -> None:
    repeat = 200
    fsm_us = per_call_fsm(repeat)
    transitions_us = per_call_fsm(repeat, "transitions")
    bare_us = per_call_bare_transitions(repeat)
    floor_us = per_call_dict_floor(repeat)
    result = {
        "python": sys.version.split()[0],
        "per_call_us": {
            "fsm_board_compiled": round(fsm_us, 2),
            "fsm_board_transitions_runner": round(transitions_us, 2),
            "baseline_bare_transitions": round(bare_us, 2),
            "baseline_dict_legality": round(floor_us, 3),
            "fsm_over_bare_transitions": round(fsm_us / bare_us, 1),
        },
        "startup": {k: round(v, 2) for k, v in import_and_build().items()},
        "memory": {k: round(v) for k, v in memory_per_board().items()},
        "create_10000_boards": {k: round(v, 3) for k, v in creation_scaling().items()},
        "long_board": {k: round(v, 2) for k, v in long_board().items()},
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
