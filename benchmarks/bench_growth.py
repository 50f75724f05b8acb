"""The cost of each step as a board's record grows: every cost must be flat in the record's length.

For each mix of events a board can repeat (``bench_machine.MIXES``, and the stacked mix: calls out of
rotation with a call held while the first awaits its option holder, the held call then ruled), a
board of ``size`` events for each of three probes, timed at every step:

- ``event``: the event itself (``Board.call``, ``accept``…);
- ``options``: ``Board.options()`` after each event, what a user interface asks at every step;
- ``snapshot``: ``Board.snapshot()`` after each event. It returns the standing and cancelled calls, the
  rulings and the unauthorized information, which grow with some mixes: its cost must be proportional
  to what it returns, not to the history, so beside its cost per step comes its cost per item
  returned (the items of its lists, one more for the mapping itself);

each timed in CPU time of this process (on a shared machine, wall time counts the other work too),
summed up over the first ``window`` steps and over the last: the median, the mean and the 99th
percentile (a median hides a slow step in ten), the best of ``repeat`` boards (the least disturbed by
the machine). Then ``Board.replay`` of the board's record at ``window`` events and at ``size``
events: the cost of one event replayed. Each figure at ``size`` events is set beside the same
figure at ``window`` events: the goal is ≤ 1.2×.

A full collection of Python's cyclic garbage collector walks every live object (some 20 ms at 8,000
events): it comes each time the heap has grown by a quarter, so its cost per event stays flat, but a
window of 500 events that happens to hold one shows it in its mean (not in its median or p99).

Run ``python benchmarks/run.py --only growth`` (``--growth-mixes stacked,ui`` for some of them).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from bench_machine import MIXES
from common import row

PROBES = ("event", "options", "snapshot")
STATS = ("median", "mean", "p99")
GOAL = 1.2


def _stacked(board: Any, i: int) -> None:
    """Calls out of rotation, each with a call held while it awaits its option holder (9B2), the held
    call then ruled: remade when the option holder accepts (and accepted in turn), cancelled when he
    calls over it at his turn (28B, 16C2), one cycle in two. The bids alternate 1D and 1C, so that the
    auction never ends."""
    table = board.table
    irr = table.irregularity
    if irr is None:  # the partner of the player whose turn it is bids out of rotation
        board.cycles = getattr(board, "cycles", 0) + 1
        last = table.auction.last_bid()
        turn = table.auction.turn()
        board.call(turn.partner, "1C" if last is not None and last.call.token == "1D" else "1D")
    elif irr.entry.call.is_bid and not table.held and irr.held is None:  # the player after him calls: held
        board.call(table.auction.turn().lho, "Pass")
    elif table.held and board.cycles % 2:  # the option holder calls over it at his turn: 28B
        board.call(irr.entry.seat.lho, "Pass")
    else:
        board.accept(irr.entry.seat.lho)


GROWTH_MIXES: dict[str, tuple[str, str, Any]] = {
    **MIXES,
    "stacked": (
        "calls out of rotation, a call held while each awaits, then ruled (9B2, 28B)",
        "1C",
        _stacked,
    ),
}


def _stats(stamps: list[float]) -> dict[str, float]:
    ordered = sorted(stamps)
    return {
        "median": statistics.median(ordered) * 1e6,
        "mean": statistics.fmean(ordered) * 1e6,
        "p99": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1e6,
    }


def one_board(mix: str, size: int, window: int, probe: str) -> dict[str, Any]:
    """One board of ``size`` events of ``mix``, ``probe`` timed at every step, and its record at
    ``window``. Each probe has a board of its own: a snapshot that returns thousands of items churns
    the memory, and the event after it would be timed cold (its cost alone is flat)."""
    from fsm import Board

    _what, before, event = GROWTH_MIXES[mix]
    board = Board()
    board.calls(before)
    stamps: list[float] = []
    clock = time.process_time  # the CPU time of this process: the other work of a shared machine does not count
    items: list[int] = []
    early = None
    for i in range(size):
        if probe == "event":
            start = clock()
            event(board, i)
            stamps.append(clock() - start)
        elif probe == "options":
            event(board, i)
            start = clock()
            board.options()
            stamps.append(clock() - start)
        else:
            event(board, i)
            start = clock()
            snap = board.snapshot()
            stamps.append(clock() - start)
            items.append(1 + sum(len(v) for v in snap.values() if isinstance(v, list)))
        if i == window - 1:
            early = board.record()
    return {"stamps": stamps, "items": items, "early": early, "late": board.record()}


def _replay_us(record: dict[str, Any]) -> float:
    from fsm import Board

    start = time.process_time()
    Board.replay(record)
    return (time.process_time() - start) / len(record["events"]) * 1e6


def measure(
    size: int = 8_000,
    window: int = 500,
    repeat: int = 3,
    mixes: tuple[str, ...] | None = None,
    probes: tuple[str, ...] = PROBES,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    out: dict[str, Any] = {"size": size, "window": window, "repeat": repeat, "mixes": {}}
    rows = []
    for mix in mixes or tuple(GROWTH_MIXES):
        what = GROWTH_MIXES[mix][0]
        best: dict[str, dict[str, dict[str, float]]] = {}
        replay: dict[str, float] = {}
        per_item: dict[str, float] = {}
        returned = 0
        for _ in range(repeat):
            for probe in probes:
                run = one_board(mix, size, window, probe)
                if probe == "snapshot":
                    returned = run["items"][-1]
                    for where, part in (("first", slice(0, window)), ("last", slice(size - window, size))):
                        us = sum(run["stamps"][part]) * 1e6 / sum(run["items"][part])
                        per_item[where] = min(per_item.get(where, us), us)
                for where, part in (("first", run["stamps"][:window]), ("last", run["stamps"][-window:])):
                    got = _stats(part)
                    slot = best.setdefault(probe, {}).setdefault(where, got)
                    for k, v in got.items():
                        slot[k] = min(slot[k], v)
            for where in ("early", "late"):
                us = _replay_us(run[where])
                replay[where] = min(replay.get(where, us), us)
        out["mixes"][mix] = {
            "what": what, "probes": best, "replay_us_per_event": replay, "snapshot_items": returned,
            "snapshot_us_per_item": per_item,
        }  # fmt: skip
        for probe in probes:
            for stat in STATS:
                note = (
                    f"{what}; the last snapshot returned {returned:,} items"
                    if probe == "snapshot" and stat == "median"
                    else ""
                )
                rows.append(row(f"{mix}: {probe} {stat}, events {size - window:,}–{size:,}", best[probe]["last"][stat],
                                "µs", f"events 0–{window}", best[probe]["first"][stat], ("ratio", GOAL), note=note))  # fmt: skip
        if "snapshot" in probes:
            rows.append(row(f"{mix}: snapshot per item returned, events {size - window:,}–{size:,}", per_item["last"],
                            "µs", f"events 0–{window}", per_item["first"], ("ratio", GOAL)))  # fmt: skip
        rows.append(row(f"{mix}: Board.replay per event, {size:,} events", replay["late"], "µs",
                        f"{window} events", replay["early"], ("ratio", GOAL)))  # fmt: skip
    return out, rows


if __name__ == "__main__":
    import run

    run.main(["--only", "growth"])
