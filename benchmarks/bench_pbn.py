"""``fsm check`` on a folder of real PBN records, beside a pure-Python floor and endplay's parser.

The records are not part of the project: pass their folder (default: ../shared/data/pbn beside the
checkout); without it the section says "skipped" and the run goes on.

Every figure is a child process measured by the kernel when it is reaped (``os.wait4``): CPU (user +
system, of the child and the workers it waited for), wall time, and the peak resident set of the
largest of them (with ``--jobs 2``: the parent or one worker, not their sum).
- ``python -m fsm check --json --jobs N`` for N = 1 and 2: reading and replaying every auction;
- the floor (pbn_baselines.py floor): read, split, tokenise, check each call minimally, contract
  and declarer; what any checker must do at least;
- endplay's ``parsers.pbn.load`` alone (pbn_baselines.py endplay): its CPU is the parse's, measured
  inside the child without the import of endplay. It gives up on some files (counted): per game, the
  comparison is over the games it did return.

Run ``python benchmarks/run.py --only pbn [FOLDER]``; ``python benchmarks/bench_pbn.py [FOLDER]`` does the same.
"""

from __future__ import annotations

import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from common import PYTHON, child_median, row, skipped

HERE = Path(__file__).resolve().parent
DEFAULT_FOLDER = HERE.parent.parent / "shared" / "data" / "pbn"


def _reader_alone(root: Path) -> dict[str, float]:
    """fsm's reader alone, in this process: how much of the check is reading."""
    from fsm.interop.pbn import games, iter_pbn_files

    files = list(iter_pbn_files([root]))
    start, cpu = time.perf_counter(), time.process_time()
    count = sum(1 for f in files for _ in games(f))
    return {"games": count, "wall_s": time.perf_counter() - start, "cpu_s": time.process_time() - cpu}


def measure(root: Path, repeat: int = 3) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    if not root.is_dir():
        why = f"skipped: no records at {root}"
        return {"skipped": why}, [skipped("fsm check on PBN records", why)]
    check = [PYTHON, "-m", "fsm", "check", "--json", "--jobs"]
    one, out_one = child_median([*check, "1", str(root)], repeat)
    two, out_two = child_median([*check, "2", str(root)], repeat)
    try:
        summary, summary_two = json.loads(out_one[-1])["summary"], json.loads(out_two[-1])["summary"]
    except (ValueError, KeyError):  # the check broke: say so, measure the rest
        why = f"check failed (exit {one['exit']}, {two['exit']} with --jobs 1, 2)"
        return {"check_jobs_1": one, "check_jobs_2": two, "error": why}, [skipped("fsm check on PBN records", why)]
    floor, out_floor = child_median([PYTHON, str(HERE / "pbn_baselines.py"), "floor", str(root)], repeat)
    floor["counts"] = json.loads(out_floor[-1])
    peer, out_peer = child_median([PYTHON, str(HERE / "pbn_baselines.py"), "endplay", str(root)], repeat)
    try:
        parses = [json.loads(out) for out in out_peer]
    except ValueError:  # endplay itself broke down: the peer is unavailable, the rest goes on
        parses = [{"unavailable": f"its child process failed (exit {peer['exit']})"}]
    endplay = parses[-1]  # the counts; the parse's CPU is the median of the runs
    for key in ("parse_cpu_s", "ok_files_cpu_s"):
        if key in endplay:
            endplay[key] = statistics.median(p[key] for p in parses)
    data = {
        "folder": str(root),
        "cores": os.cpu_count(),
        "check_jobs_1": one,
        "check_jobs_2": two,
        "same_summary_jobs_1_and_2": summary == summary_two,
        "summary": summary,
        "reader_alone": _reader_alone(root),
        "floor": floor,
        "endplay": {**endplay, "child": peer},
    }

    games, counts = summary["games"], floor["counts"]
    calls = max(counts["calls"], 1)
    alike = (
        f"floor read {counts['games']:,} games, {counts['complete']:,} complete auctions, {counts['agree']:,} agreeing with"
        f" the record; check {games:,}, {summary['complete_auctions']:,}, {summary['agree']:,}"
    )
    rows = [
        row("check --jobs 1, CPU", one["cpu_s"], "s", "pure-Python floor, CPU", floor["cpu_s"], ("ratio", 2), "≤ 2× floor", alike),
        row("check --jobs 1, wall", one["wall_s"], "s", "pure-Python floor, wall", floor["wall_s"]),
        row("check --jobs 2, wall", two["wall_s"], "s", "check --jobs 1, wall", one["wall_s"], ("ratio", 0.6), "≤ 0.6× jobs 1"),
        row("check --jobs 2, CPU", two["cpu_s"], "s", "check --jobs 1, CPU", one["cpu_s"]),
        row("check --jobs 1, peak RSS", one["peak_rss_mb"], "MB", "pure-Python floor", floor["peak_rss_mb"], ("max", 100)),
        row("check --jobs 2, peak RSS (largest process)", two["peak_rss_mb"], "MB", "pure-Python floor", floor["peak_rss_mb"], ("max", 100)),
        row("fsm.interop.pbn reader alone (in process), CPU", data["reader_alone"]["cpu_s"], "s", "pure-Python floor, CPU", floor["cpu_s"]),
        row("check --jobs 1, CPU per call, reading apart", (one["cpu_s"] - data["reader_alone"]["cpu_s"]) / calls * 1e6, "µs",
            "pure-Python floor, CPU per call, reading included", floor["cpu_s"] / calls * 1e6),
    ]  # fmt: skip
    if "unavailable" in endplay:
        rows.append(skipped("check --jobs 1 CPU vs endplay parse", f"endplay unavailable: {endplay['unavailable']}"))
    else:
        faster = "≥ 2× faster: ratio ≤ 0.5"
        lost = f"endplay gave up on {endplay['failed_files']} of {endplay['files']} files, returned {endplay['games']:,} games"
        rows += [
            row("check --jobs 1, CPU", one["cpu_s"], "s", "endplay parse, CPU", endplay["parse_cpu_s"], ("ratio", 0.5), faster, lost),
            row("check --jobs 1, CPU per game", one["cpu_s"] / games * 1e6, "µs", "endplay parse per game returned",
                endplay["ok_files_cpu_s"] / endplay["games"] * 1e6 if endplay["games"] else None, ("ratio", 0.5), faster),
        ]  # fmt: skip
    return data, rows


if __name__ == "__main__":
    import sys

    import run

    run.main(["--only", "pbn", *sys.argv[1:]])
