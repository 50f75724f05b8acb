"""PBN reading and checking on a folder of records: throughput, CPU, wall time and peak memory.

Prints JSON; asserts nothing. The records are not part of the project: pass their folder
(default: ../shared/data/pbn beside the checkout); without it the benchmark says so and stops.

- ``baseline``: a bare split of every file into lines (the cost of touching the bytes at all);
- ``read_only``: the reader alone, in this process (games per second, MB per second);
- ``check_jobs_1`` and ``check_jobs_2``: ``python -m fsm check --json --jobs N`` in a child process:
  reading and replaying every auction. CPU is the child's and its workers' (``os.wait4``), peak
  memory the largest resident set among them (``ru_maxrss``), throughput games per wall second.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from fsm.pbn import games, iter_pbn_files


def _check(root: Path, jobs: int) -> dict:
    """One ``check`` run in a child process, measured by the kernel when it is reaped."""
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-m", "fsm", "check", "--json", "--jobs", str(jobs), str(root)],
            stdout=out,
            stderr=subprocess.DEVNULL,
        )
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - start
        out.seek(0)
        summary = json.loads(out.read())["summary"]
    games_count = summary["games"]
    return {
        "exit": child.returncode,
        "wall_s": round(wall, 2),
        "cpu_user_s": round(usage.ru_utime, 2),
        "cpu_system_s": round(usage.ru_stime, 2),
        "peak_rss_mb": round(usage.ru_maxrss / 1024, 1),  # kilobytes on Linux
        "games_per_wall_s": round(games_count / wall),
        "summary": summary,
    }


def main() -> None:
    root = (
        Path(sys.argv[1])
        if len(sys.argv) > 1
        else Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "pbn"
    )
    if not root.is_dir():
        print(json.dumps({"skipped": f"no records at {root}"}))
        return
    files = list(iter_pbn_files([root]))
    size = sum(f.stat().st_size for f in files)

    start = time.perf_counter()
    lines = sum(len(f.read_bytes().splitlines()) for f in files)
    baseline = time.perf_counter() - start

    start = time.perf_counter()
    cpu = time.process_time()
    n_games = sum(1 for f in files for _ in games(f))
    read_only = time.perf_counter() - start
    read_cpu = time.process_time() - cpu

    one = _check(root, 1)
    two = _check(root, 2)
    summary = one.pop("summary")
    same = summary == two.pop("summary")
    print(json.dumps({
        "folder": str(root),
        "files": len(files),
        "megabytes": round(size / 1e6, 2),
        "lines": lines,
        "games": n_games,
        "cores": os.cpu_count(),
        "baseline_split_lines_s": round(baseline, 3),
        "read_only": {
            "wall_s": round(read_only, 2), "cpu_s": round(read_cpu, 2),
            "games_per_s": round(n_games / read_only), "mb_per_s": round(size / 1e6 / read_only, 1),
        },
        "check_jobs_1": one,
        "check_jobs_2": two,
        "speedup_jobs_2": round(one["wall_s"] / two["wall_s"], 2),
        "same_summary_jobs_1_and_2": same,
        "summary": summary,
    }, indent=1))  # fmt: skip


if __name__ == "__main__":
    main()
