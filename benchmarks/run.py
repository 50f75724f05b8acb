"""Every benchmark in one run: each figure beside its floor or peer, measured in the same run, and its target.

    python benchmarks/run.py [FOLDER] [--json] [--out out/bench.json] [--only machine,pbn,diagrams,pages]

FOLDER holds the PBN records for the check (default: ../shared/data/pbn beside the checkout).
Prints a table (or, with --json, the JSON) and writes the full JSON to --out. Asserts nothing: a
target missed is a "no" in the table, never a failure (no timed assertions, in tests or here).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from pathlib import Path
from typing import Any

import bench_diagrams
import bench_machine
import bench_pages
import bench_pbn

SECTIONS = ("machine", "pbn", "diagrams", "pages")


def _number(value: float | None, unit: str = "") -> str:
    if value is None:
        return "—"
    text = f"{value:,.0f}" if abs(value) >= 100 else f"{value:.3g}" if abs(value) < 1 else f"{value:.1f}"
    return f"{text} {unit}".rstrip()


def table(rows: list[dict[str, Any]]) -> str:
    head = ("figure", "value", "floor/peer", "ratio", "target", "met?")
    lines = []
    for r in rows:
        if r["value"] is None:
            lines.append((r["figure"], r["note"], "", "", "", ""))
            continue
        peer = f"{r['peer']}: {_number(r['peer_value'], r['unit'])}" if r["peer"] else ""
        ratio = "" if r["ratio"] is None else f"{r['ratio']:,.0f}×" if r["ratio"] >= 100 else f"{r['ratio']:.2f}×"
        met = {True: "yes", False: "NO", None: ""}[r["met"]]
        lines.append((r["figure"], _number(r["value"], r["unit"]), peer, ratio, r["target"], met))
    widths = [max(len(line[i]) for line in [head, *lines]) for i in range(len(head))]
    out = [" | ".join(c.ljust(w) for c, w in zip(head, widths, strict=True)).rstrip()]
    out.append("-+-".join("-" * w for w in widths))
    out += [" | ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip() for line in lines]
    notes = [f"  {r['figure']} / {r['peer']}: {r['note']}" for r in rows if r["value"] is not None and r["note"]]
    return "\n".join(out + (["", "notes:", *notes] if notes else []))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", nargs="?", type=Path, default=bench_pbn.DEFAULT_FOLDER, help="the PBN records")
    parser.add_argument("--json", action="store_true", help="print the JSON instead of the table")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "out" / "bench.json")
    parser.add_argument("--only", default=",".join(SECTIONS), help=f"some of {','.join(SECTIONS)}")
    parser.add_argument("--check-repeats", type=int, default=3, help="runs of each child process (pbn, pages)")
    parser.add_argument("--call-repeats", type=int, default=200, help="auctions timed for each per-call figure")
    args = parser.parse_args(argv)
    wanted = [s for s in args.only.split(",") if s]
    unknown = sorted(set(wanted) - set(SECTIONS))
    if unknown:
        parser.error(f"unknown section {unknown[0]!r} (known: {', '.join(SECTIONS)})")

    result: dict[str, Any] = {
        "python": platform.python_version(), "platform": platform.platform(), "cores": os.cpu_count(),
        "load_average_at_start": os.getloadavg(), "sections": {}, "rows": [],
    }  # fmt: skip
    for name in SECTIONS:
        if name not in wanted:
            continue
        print(f"measuring {name}…", file=sys.stderr, flush=True)
        if name == "machine":
            data, rows = bench_machine.measure(args.call_repeats)
        elif name == "pbn":
            data, rows = bench_pbn.measure(args.folder.resolve(), args.check_repeats)
        elif name == "diagrams":
            data, rows = bench_diagrams.measure()
        else:
            data, rows = bench_pages.measure(args.check_repeats)
        result["sections"][name] = data
        result["rows"] += rows

    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1, default=str) + "\n")
    if args.json:
        print(json.dumps(result, indent=1, default=str))
    else:
        # other work on the machine skews the figures: the load says how busy it was
        load = ", ".join(f"{x:.2f}" for x in result["load_average_at_start"])
        print(f"Python {result['python']}, {result['cores']} cores, load {load} at start; medians of several runs")
        print(f"full JSON: {args.out}")
        print(table(result["rows"]))


if __name__ == "__main__":
    main()
