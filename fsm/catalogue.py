"""The guard catalogue (``docs/guards.md``): every registered guard with its condition in words
and the laws of the rules that use it, written from the registry and the rules."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from fsm.machine import default_engine
from fsm.spec import REGISTRY, name_of

PATH = Path(__file__).parent.parent / "docs" / "guards.md"


def guards_markdown() -> str:
    engine = default_engine()
    used: dict[str, set[str]] = defaultdict(set)
    for rule in engine.rules:
        for g in rule.guards:
            used[name_of(g)].add(rule.law)
    lines = [
        "# The guard catalogue",
        "",
        "Every condition a rule may test, by its registered name (the name the JSON export and the",
        "SCXML use), in French and English, with the laws of the rules that test it. A guard reads",
        "the event and the table (the auction, obligations, the irregularity on the table, the",
        "pending irregularities, the lead). Written from the code by `make docs`; a test checks it.",
        "",
        "| guard | condition (fr) | condition (en) | rules' laws |",
        "|---|---|---|---|",
    ]
    for name, fn in sorted(REGISTRY.by_name.items()):
        if getattr(fn, "fsm_kind", None) != "guard" or name not in used:
            continue
        laws = ", ".join(sorted(used[name], key=lambda law: (int("".join(c for c in law[:2] if c.isdigit())), law)))
        lines.append(f"| `{name}` | {fn.fr} | {fn.en} | {laws} |")  # type: ignore[attr-defined]
    return "\n".join(lines) + "\n"


def write() -> Path:
    PATH.write_text(guards_markdown(), encoding="utf-8")
    return PATH
