"""The classroom pages (``python -m fsm teach``): one page, and every page of the corpus with its index.

- one page in a fresh process (``teach ID``: the interpreter, the corpus read, the page and its
  trees drawn), beside the floor of any command: ``python -m fsm --version``;
- one page again in this process (``pages.page``: the law view drawn already), beside the same page
  made first in this process;
- ``teach --all`` in a fresh process, on the cores this process may use, beside ``teach --all --jobs 1``
  (one process) measured in the same run; the pages of both are compared byte for byte;
- the size of what ``teach --all`` writes.

Run ``python benchmarks/run.py --only pages``; ``python benchmarks/bench_pages.py`` does the same.
"""

from __future__ import annotations

import filecmp
import tempfile
import time
from pathlib import Path
from typing import Any

from common import PYTHON, child_median, median_ms, row

from fsm.teach import pages

PAGE = "27B2-design-example"  # the README's example page: a law view drawn, seven stages, a quiz


def _same(one: Path, other: Path) -> bool:
    names = sorted(p.name for p in one.iterdir())
    if names != sorted(p.name for p in other.iterdir()):
        return False
    _, mismatch, errors = filecmp.cmpfiles(one, other, names, shallow=False)
    return not mismatch and not errors


def measure(repeat: int = 3) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    teach = [PYTHON, "-m", "fsm", "teach"]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        floor, _ = child_median([PYTHON, "-m", "fsm", "--version"], repeat)
        cold, _ = child_median([*teach, PAGE, "--out", str(root / "one")], repeat)
        start = time.perf_counter()
        pages.page(PAGE)  # the first in this process: the corpus read, the law view drawn
        first_ms = (time.perf_counter() - start) * 1e3
        warm_ms = median_ms(lambda: pages.page(PAGE), max(5, repeat))
        one_job, _ = child_median([*teach, "--all", "--jobs", "1", "--out", str(root / "jobs1")], repeat)
        every, _ = child_median([*teach, "--all", "--out", str(root / "jobs")], repeat)
        written = list((root / "jobs").iterdir())
        data = {
            "page": PAGE,
            "jobs": pages.default_jobs(),
            "version_floor": floor,
            "one_page_fresh_process": cold,
            "one_page_first_in_process_ms": first_ms,
            "one_page_again_in_process_ms": warm_ms,
            "teach_all_jobs_1": one_job,
            "teach_all": every,
            "files": len(written),
            "total_mb": sum(p.stat().st_size for p in written) / 1e6,
            "same_pages_jobs_1_and_n": _same(root / "jobs1", root / "jobs"),
        }
    jobs = data["jobs"]
    same = "the same files, byte for byte" if data["same_pages_jobs_1_and_n"] else "FILES DIFFER between jobs 1 and n"
    rows = [
        row("teach one page, fresh process, wall", cold["wall_s"] * 1e3, "ms", "python -m fsm --version", floor["wall_s"] * 1e3,
            ("max", 1000)),
        row("teach one page, again in process", warm_ms, "ms", "the same page, first in process", first_ms),
        row(f"teach --all (jobs {jobs}), wall", every["wall_s"], "s", "teach --all --jobs 1, wall", one_job["wall_s"],
            ("max", 15), note=same),
        row(f"teach --all (jobs {jobs}), CPU", every["cpu_s"], "s", "teach --all --jobs 1, CPU", one_job["cpu_s"]),
        row(f"teach --all (jobs {jobs}), peak RSS (largest process)", every["peak_rss_mb"], "MB",
            "teach --all --jobs 1", one_job["peak_rss_mb"]),
        row("teach --all, written", data["total_mb"], "MB", note=f"{data['files']} files (pages and index)"),
    ]  # fmt: skip
    return data, rows


if __name__ == "__main__":
    import run

    run.main(["--only", "pages"])
