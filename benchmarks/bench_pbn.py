"""Games per second on a folder of PBN records: reading only, then reading and replaying.

Prints JSON; asserts nothing. The records are not part of the project: pass their folder
(default: ../shared/data/pbn beside the checkout). The baseline in the same run is a bare
split of every file into lines (the cost of touching the bytes at all).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from fsm.pbn import check, games, iter_pbn_files, read_text


def main() -> None:
    root = (
        Path(sys.argv[1])
        if len(sys.argv) > 1
        else Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "pbn"
    )
    if not root.exists():
        print(json.dumps({"skipped": f"no records at {root}"}))
        return
    files = list(iter_pbn_files([root]))
    t = time.perf_counter()
    lines = sum(len(read_text(f).splitlines()) for f in files)
    baseline = time.perf_counter() - t
    t = time.perf_counter()
    n_games = sum(1 for f in files for _ in games(f))
    read_only = time.perf_counter() - t
    t = time.perf_counter()
    report = check([root])
    full = time.perf_counter() - t
    summary = report.summary()
    print(json.dumps({
        "folder": str(root),
        "files": len(files),
        "games": n_games,
        "baseline_split_lines_s": round(baseline, 3),
        "lines": lines,
        "read_only_s": round(read_only, 2),
        "read_games_per_s": round(n_games / read_only),
        "read_and_replay_s": round(full, 2),
        "read_and_replay_games_per_s": round(n_games / full),
        "summary": summary,
    }, indent=1))  # fmt: skip


if __name__ == "__main__":
    main()
