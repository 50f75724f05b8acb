"""Every paragraph accounted for (``docs/coverage.md``): each paragraph of Laws 17 to 39, and each clause
of Laws 40 to 54 the model cites, with the rules of the JSON export that cite it (as their law, among
their ``cites`` or in their effects), the other places of the export that cite it (decisions, triggers,
states, options, events, kinds of call), the scenarios whose ``laws`` name it, and, for a paragraph of
17 to 39 that nothing in the machine cites, the reason (``fsm/laws/coverage.yaml``: a definition, a
matter of play or score, the Director's judgement given as an input, how the events are given, or
not modelled). ``make docs`` writes the page; a test checks it is current and complete.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any, NamedTuple

from fsm.bridge import yamltext
from fsm.interop.export import to_dict
from fsm.laws import lawtext
from fsm.model.machine import LAW_REF
from fsm.model.scenario import corpus_files, load

PATH = Path(__file__).parent.parent.parent / "docs" / "coverage.md"
FIRST, LAST = 17, 39  # the Laws whose every paragraph is accounted for (the FFB's text, code2017.yaml)
CITED_UP_TO = 54  # and the clauses of 40 to this one that the model cites
HEADER = {"fr": "Loi", "en": "Law"}


def _number(ref: str) -> int:
    m = re.match(r"\d+", ref)
    return int(m.group()) if m else 0


def _key(ref: str) -> tuple[int, str]:
    return (_number(ref), ref)


def paragraphs() -> list[str]:
    """Every paragraph of Laws 17 to 39 in the FFB's order, its law's heading included."""
    return [ref for ref in lawtext.paragraphs() if FIRST <= _number(ref) <= LAST]


def leaves() -> list[str]:
    """The paragraphs with no sub-paragraph: those each of which must be accounted for."""
    refs = paragraphs()
    return [ref for ref in refs if not any(other != ref and lawtext.enclosing(other)[:1] == (ref,) for other in refs)]


@cache
def reasons() -> dict[str, Any]:
    """``fsm/laws/coverage.yaml``: the kinds of reason, and the reason of each paragraph no rule cites."""
    data = yamltext.load(files("fsm.laws").joinpath("coverage.yaml").read_text(encoding="utf-8"))
    return {"kinds": data["kinds"], "paragraphs": {str(k): v for k, v in data["paragraphs"].items()}}


def _laws_in(value: Any) -> Iterator[str]:
    """The law references a rule cites: its ``law`` and ``cites``, and the ``law`` of its effects where it
    is written out (an effect's law computed by an expression, choosing by the family, is not counted:
    the rules of each family cite their own)."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "law" and isinstance(v, str) and LAW_REF.match(v):
                yield v
            elif k == "cites":
                yield from v
            else:
                yield from _laws_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from _laws_in(v)


def _rows(rows: list[dict[str, Any]], name: str, path: str) -> Iterator[tuple[str, str]]:
    for i, row in enumerate(rows, 1):
        at = f"{path}{i}"
        yield row["law"], f"decision `{name}` row {at}"
        yield from _rows(row.get("rows", []), name, at + ".")


class Machine(NamedTuple):
    rules: dict[str, list[str]]  # reference -> ids of the rules that cite it
    elsewhere: dict[str, list[str]]  # reference -> the other places of the export that cite it


@cache
def machine() -> Machine:
    data = to_dict()
    rules: dict[str, list[str]] = defaultdict(list)
    for r in data["rules"]:
        for law in dict.fromkeys(_laws_in(r)):
            rules[law].append(r["id"])
    places: list[tuple[str, str]] = []
    for d in data["decisions"]:
        places.append((d["law"], f"decision `{d['name']}`"))
        places += _rows(d["rows"], d["name"], "")
    places += [(t["law"], f"trigger `{t['raise']}` in `{t['state']}`") for t in data["triggers"]]
    places += [(s["law"], f"state `{s['name']}`") for s in data["states"]]
    places += [
        (o["law"], f"option `{o['event']}` in `{state}`") for state, opts in data["options"].items() for o in opts
    ]
    places += [(e["law"], f"event `{e['name']}`") for e in data["events"]]
    places += [(k["law"], f"kind of call `{k['name']}`") for k in data["kinds"]]
    elsewhere: dict[str, list[str]] = defaultdict(list)
    for law, where in places:
        if where not in elsewhere[law]:
            elsewhere[law].append(where)
    return Machine(dict(rules), dict(elsewhere))


@cache
def scenarios() -> dict[str, list[str]]:
    """Reference -> ids of the scenarios of the corpus whose ``laws`` name it."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in corpus_files():
        for s in load(path):
            for law in dict.fromkeys(map(str, s.laws)):
                found[law].append(s.id)
    return dict(found)


def status(ref: str) -> str:
    """How a leaf paragraph is accounted for: ``rule``, ``machine`` (cited elsewhere in the export
    only), or the kind of its reason; ``missing`` when it is not."""
    m = machine()
    if ref in m.rules:
        return "rule"
    if ref in m.elsewhere:
        return "machine"
    reason = reasons()["paragraphs"].get(ref)
    return str(reason["kind"]) if reason else "missing"


def _ids(ids: list[str]) -> str:
    return ", ".join(f"`{i}`" for i in ids)


def _entry(ref: str, leaf: bool) -> list[str]:
    m, sc = machine(), scenarios()
    title = lawtext.heading(ref)
    head = f"### {ref}" + (f" — {title}" if title else "")
    lines = [head, ""]
    if ref in m.rules:
        lines.append(f"- règles / rules ({len(m.rules[ref])}): {_ids(m.rules[ref])}")
    if ref in m.elsewhere:
        lines.append(f"- ailleurs dans la machine / elsewhere in the machine: {', '.join(m.elsewhere[ref])}")
    if ref in sc:
        lines.append(f"- scénarios / scenarios ({len(sc[ref])}): {_ids(sc[ref])}")
    reason = reasons()["paragraphs"].get(ref)
    if reason:
        kind = reasons()["kinds"][reason["kind"]]
        lines += [f"- raison / reason ({kind['fr']} / {kind['en']}): {reason['fr']}", f"  / {reason['en']}"]
    if len(lines) == 2:
        lines.append(
            "- cité par ses sous-paragraphes / cited through its sub-paragraphs"
            if not leaf
            else "- **non justifié / not accounted for**"
        )
    return [*lines, ""]


def counts() -> dict[str, int]:
    """The leaf paragraphs of 17 to 39 by how they are accounted for."""
    out: dict[str, int] = defaultdict(int)
    for ref in leaves():
        out[status(ref)] += 1
    return dict(out)


def markdown() -> str:
    leaf = set(leaves())
    kinds = reasons()["kinds"]
    by = counts()
    sc = scenarios()
    scenario_only = sum(1 for r in leaf if status(r) not in ("rule", "machine") and r in sc)
    lines = [
        "# Couverture des Lois / Coverage of the Laws",
        "",
        "Every paragraph of Laws 17 to 39 (the FFB's text, `fsm/laws/code2017.yaml`), and every clause of",
        "Laws 40 to 54 the model cites, with what accounts for it: the rules of the machine that cite it",
        "(as their law, among the other clauses they apply, `cites`, or in their effects: an obligation's",
        "law, a refusal's), the other places of the machine export that cite it (a row of a decision",
        "table, a trigger, a state, an option, an event, a kind of call), the scenarios of the corpus whose",
        "`laws` name it, and, for a paragraph of 17 to 39 that nothing in the machine cites, the reason",
        "(`fsm/laws/coverage.yaml`, our words, checked against the Law's text). A paragraph with",
        "sub-paragraphs is accounted for through them. Written from the code by `make docs`; a test",
        "checks it is current and that every paragraph without sub-paragraphs is accounted for.",
        "",
        "## Résumé / Summary",
        "",
        f"{len(leaf)} paragraphs without sub-paragraphs in Laws 17 to 39:",
        "",
        "| comment / how | paragraphes / paragraphs |",
        "|---|---|",
        f"| cités par une règle / cited by a rule | {by.get('rule', 0)} |",
        f"| cités ailleurs dans la machine seulement / cited elsewhere in the machine only | {by.get('machine', 0)} |",
    ]
    for kind, words in kinds.items():
        lines.append(f"| raison / reason: {words['fr']} / {words['en']} | {by.get(kind, 0)} |")
    if by.get("missing"):
        lines.append(f"| **non justifiés / not accounted for** | {by['missing']} |")
    lines += [
        "",
        f"Of those the machine does not cite, {scenario_only} are named by scenarios all the same.",
        "",
        "| loi / law | paragraphes / paragraphs | règle / rule | machine | raison / reason |",
        "|---|---|---|---|---|",
    ]
    for law in [r for r in paragraphs() if r.isdigit()]:
        mine = [r for r in leaves() if _number(r) == int(law)]
        st = [status(r) for r in mine]
        why = ", ".join(f"{r} ({status(r)})" for r in mine if status(r) not in ("rule", "machine")) or "—"
        lines.append(f"| {law} | {len(mine)} | {st.count('rule')} | {st.count('machine')} | {why} |")
    not_modelled = [r for r in leaves() if status(r) == "not_modelled"]
    lines += ["", "Non modélisés / not modelled: " + (", ".join(not_modelled) or "—") + ".", ""]
    for law in [r for r in paragraphs() if r.isdigit()]:
        fr, en = lawtext.cite(law, "fr"), lawtext.cite(law, "en")
        lines += [f"## {fr} / {en}", ""]
        for ref in [r for r in paragraphs() if _number(r) == int(law)]:
            lines += _entry(ref, ref in leaf)
    m = machine()
    beyond = sorted({r for r in [*m.rules, *m.elsewhere] if LAST < _number(r) <= CITED_UP_TO}, key=_key)
    lines += [
        "## Lois 40 à 54 citées / Laws 40 to 54 cited",
        "",
        "The clauses of Laws 40 to 54 the machine cites; their words are our summaries",
        "(`fsm/laws/summaries.yaml`, marked « résumé » / summary wherever they are shown).",
        "",
    ]
    for ref in beyond:
        lines += [f"### {lawtext.cite(ref, 'fr')} / {lawtext.cite(ref, 'en')}", "", *_entry(ref, True)[2:]]
    return "\n".join(lines).rstrip() + "\n"


def write() -> Path:
    PATH.write_text(markdown(), encoding="utf-8")
    return PATH
