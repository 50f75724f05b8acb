"""Every benchmark in one run: each figure beside its floor or peer, measured in the same run, and its target.

    python benchmarks/run.py [FOLDER] [--json] [--out out/bench.json] [--only machine,growth,pbn,diagrams,pages]
                             [--growth-mixes stacked,ui] [--growth-probes event,options] [--growth-size 8000]
                             [--baseline out/before.json]

FOLDER holds the PBN records for the check (default: ../shared/data/pbn beside the checkout).
Prints a table (or, with --json, the JSON) and writes the full JSON to --out. Asserts nothing: a
target missed is a "no" in the table, never a failure (no timed assertions, in tests or here).
--baseline names the JSON of an earlier run (another commit's, say): each figure is printed beside
its value there, so that a change is measured by one command run twice.
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
import bench_growth
import bench_machine
import bench_pages
import bench_pbn

SECTIONS = ("machine", "growth", "pbn", "diagrams", "pages")


def _number(value: float | None, unit: str = "") -> str:
    if value is None:
        return "—"
    text = f"{value:,.0f}" if abs(value) >= 100 else f"{value:.3g}" if abs(value) < 1 else f"{value:.1f}"
    return f"{text} {unit}".rstrip()


def _ratio(value: float | None) -> str:
    return "" if value is None else f"{value:,.0f}×" if value >= 100 else f"{value:.2f}×"


def table(rows: list[dict[str, Any]], baseline: list[dict[str, Any]] | None = None) -> str:
    """The rows as a text table; with ``baseline`` (the rows of an earlier run), each figure's value
    and ratio there beside this run's."""
    before = {(r["figure"], r["peer"]): r for r in baseline or []}
    head: tuple[str, ...] = ("figure", "value", "floor/peer", "ratio", "target", "met?")
    if baseline is not None:
        head += ("baseline value", "baseline ratio", "met?")
    lines = []
    for r in rows:
        if r["value"] is None:
            lines.append((r["figure"], r["note"], *[""] * (len(head) - 2)))
            continue
        peer = f"{r['peer']}: {_number(r['peer_value'], r['unit'])}" if r["peer"] else ""
        met = {True: "yes", False: "NO", None: ""}
        line: tuple[str, ...] = (
            r["figure"],
            _number(r["value"], r["unit"]),
            peer,
            _ratio(r["ratio"]),
            r["target"],
            met[r["met"]],
        )
        if baseline is not None:
            b = before.get((r["figure"], r["peer"]))
            line += ("—", "", "") if b is None else (_number(b["value"], b["unit"]), _ratio(b["ratio"]), met[b["met"]])
        lines.append(line)
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
    parser.add_argument("--growth-size", type=int, default=8_000, help="events on each board of the growth section")
    parser.add_argument("--growth-repeats", type=int, default=3, help="boards of each mix (the best is kept)")
    parser.add_argument("--growth-mixes", default="", help=f"some of {','.join(bench_growth.GROWTH_MIXES)}")
    parser.add_argument("--growth-probes", default=",".join(bench_growth.PROBES), help="some of event,options,snapshot")
    parser.add_argument("--baseline", type=Path, help="the JSON of an earlier run, printed beside this one")
    args = parser.parse_args(argv)
    wanted = [s for s in args.only.split(",") if s]
    unknown = sorted(set(wanted) - set(SECTIONS))
    if unknown:
        parser.error(f"unknown section {unknown[0]!r} (known: {', '.join(SECTIONS)})")
    mixes = tuple(m for m in args.growth_mixes.split(",") if m)
    unknown = sorted(set(mixes) - set(bench_growth.GROWTH_MIXES))
    if unknown:
        parser.error(f"unknown mix {unknown[0]!r} (known: {', '.join(bench_growth.GROWTH_MIXES)})")

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
        elif name == "growth":
            probes = tuple(p for p in args.growth_probes.split(",") if p in bench_growth.PROBES) or bench_growth.PROBES
            data, rows = bench_growth.measure(
                args.growth_size, repeat=args.growth_repeats, mixes=mixes or None, probes=probes
            )
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
        baseline = json.loads(args.baseline.read_text())["rows"] if args.baseline else None
        if baseline is not None:
            print(f"baseline: {args.baseline}")
        print(table(result["rows"], baseline))


if __name__ == "__main__":
    main()
