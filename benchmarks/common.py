"""What every benchmark module shares: timing, child processes measured by the kernel, and table rows."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

PYTHON = sys.executable


def median_ms(fn: Callable[[], Any], repeat: int) -> float:
    """Median wall time of ``fn()`` over ``repeat`` runs, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3


def per_call_us(prepare: Callable[[], tuple[Callable[..., Any], list[tuple]]], repeat: int) -> float:
    """Median over ``repeat`` runs of the mean cost of one call, in microseconds.

    ``prepare()`` returns a function and the argument tuples of one run; it is called outside the
    timed region, so that building a board or parsing events is not counted."""
    times = []
    for _ in range(repeat):
        fn, calls = prepare()
        start = time.perf_counter()
        for args in calls:
            fn(*args)
        times.append((time.perf_counter() - start) / len(calls))
    return statistics.median(times) * 1e6


# Linux keeps the largest resident set across exec, counting the memory of the process that forked:
# a child started from this (large) process would report this process's memory as its own. So each
# child is started by a small launcher interpreter, which reaps it and reports what the kernel says.
LAUNCHER = """
import json, os, subprocess, sys, time
start = time.perf_counter()
child = subprocess.Popen(sys.argv[1:], stderr=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
wall = time.perf_counter() - start
print(json.dumps([os.waitstatus_to_exitcode(status), wall, usage.ru_utime, usage.ru_stime, usage.ru_maxrss]), file=sys.stderr)
"""


def run_child(argv: list[str]) -> dict[str, Any]:
    """One child process, measured when it is reaped: CPU (user + system) of the child and of every
    worker it waited for (``os.wait4``), wall time, and the peak resident set of the largest of them."""
    with tempfile.TemporaryFile() as out:
        done = subprocess.run([PYTHON, "-S", "-c", LAUNCHER, *argv], stdout=out, stderr=subprocess.PIPE, check=True)
        out.seek(0)
        stdout = out.read()
    code, wall, user, system, maxrss = json.loads(done.stderr.splitlines()[-1])
    return {
        "exit": code,
        "wall_s": wall,
        "cpu_user_s": user,
        "cpu_system_s": system,
        "cpu_s": user + system,
        "peak_rss_mb": maxrss / 1024,  # kilobytes on Linux
        "stdout": stdout,
    }


def child_median(argv: list[str], repeat: int) -> tuple[dict[str, Any], list[bytes]]:
    """``run_child`` ``repeat`` times: the median of each time, the largest peak memory, and every run's output."""
    runs = [run_child(argv) for _ in range(repeat)]
    keys = ("wall_s", "cpu_user_s", "cpu_system_s", "cpu_s")
    summary: dict[str, Any] = {k: statistics.median(r[k] for r in runs) for k in keys}
    summary["peak_rss_mb"] = max(r["peak_rss_mb"] for r in runs)
    summary["exit"] = sorted({r["exit"] for r in runs})
    summary["repeats"] = repeat
    return summary, [r["stdout"] for r in runs]


def row(
    figure: str,
    value: float | None,
    unit: str,
    peer: str = "",
    peer_value: float | None = None,
    target: tuple[str, float] | None = None,
    target_text: str = "",
    note: str = "",
) -> dict[str, Any]:
    """One line of the table. ``target`` is ``("max", x)``: value ≤ x, or ``("ratio", k)``: value ≤ k × peer;
    ``target_text`` says it in words when the default (``≤ x unit``, ``≤ k× peer``) would not."""
    ratio = value / peer_value if value is not None and peer_value else None
    met = None
    if target is not None and value is not None:
        kind, bound = target
        if kind == "max":
            met = value <= bound
        elif ratio is not None:
            met = ratio <= bound
        target_text = target_text or (f"≤ {bound:g} {unit}" if kind == "max" else f"≤ {bound:g}× peer")
    return {
        "figure": figure, "value": value, "unit": unit, "peer": peer, "peer_value": peer_value,
        "ratio": ratio, "target": target_text, "met": met, "note": note,
    }  # fmt: skip


def skipped(figure: str, why: str) -> dict[str, Any]:
    return row(figure, None, "", note=why)
