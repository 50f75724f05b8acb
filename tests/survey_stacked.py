"""A survey of stacked irregularities (not collected by pytest): plays random sequences of
tests/stacked.py and writes a report in Markdown of
(a) the refusals of physical acts (a call, a substituted call, cards exposed, a lead), grouped by
    state, event, where the actor sits from the offender of what is unsettled, and the law cited;
(b) the invariant violations (tests/invariants.py), grouped by kind;
(c) the foreign exceptions, the machine errors and the logs that do not replay;
each group with its count and one shortest example (shrunk by dropping steps).

    PYTHONPATH=. python -m tests.survey_stacked [--sequences 5000] [--seed 0] [--out /work/stacked-report.md]
      [--scenarios DIR]   (also writes each shortest example as a scenario for the lead, docs/scenarios.md)
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests import stacked
from tests.stacked import ACCEPTED, FOREIGN, MACHINE, PHYSICAL, REFUSED, Outcome, Played

Key = tuple[str, ...]
FINAL = ("play", "returned")  # the board's final states: the auction period is over


def describe(o: Outcome) -> str:
    """An event in a few words, with what became of it."""
    a = o.act.args
    if o.act.name in ("call", "substitute"):
        text = f"{o.act.name} {a['seat']} {a['call']}"
    elif o.act.name == "expose":
        text = f"expose {a['seat']} {' '.join(a['cards'])}" + (" led" if a.get("led") else "")
    elif o.act.name == "lead":
        text = f"lead {a['seat']} {a['card']}" + (" face down" if a.get("face_down") else "")
    elif o.act.name == "judge":
        ((k, v),) = a.items()
        text = f"judge {k}={v}"
    else:
        text = " ".join([o.act.name, *(str(v) for v in a.values())])
    if o.status == REFUSED:
        return f"~~{text}~~ ({o.law})"
    if o.status != ACCEPTED:
        return f"**{text}** ({o.status})"
    return text


def example(p: Played, upto: int) -> str:
    return f"dealer {stacked.SEATS[p.dealer % 4]}: " + "; ".join(describe(o) for o in p.outcomes[:upto])


def reason(o: Outcome) -> str:
    """The English half of the refusal, past the state's name: the condition the nearest rule needed."""
    text = (o.error or "").split(" / ", 1)[-1]
    return text.split(": ", 2)[-1][:160].replace("|", "/")


class Group:
    def __init__(self) -> None:
        self.count = 0
        self.best: tuple[Played, int] | None = None  # the sequence and how many of its events show it
        self.outcome: Outcome | None = None

    def add(self, p: Played, upto: int, o: Outcome) -> None:
        self.count += 1
        if self.best is None or upto < self.best[1]:
            self.best, self.outcome = (p, upto), o


def first(p: Played, match: Callable[[Outcome], bool]) -> int | None:
    """How many events of the sequence up to the first that matches."""
    return next((i + 1 for i, o in enumerate(p.outcomes) if match(o)), None)


def refusal_key(o: Outcome) -> Key:
    return (o.state, o.act.name, o.relation, o.law or "")


def survey(sequences: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    refusals: dict[Key, Group] = {}
    violations: dict[Key, Group] = {}
    errors: dict[Key, Group] = {}
    status: Counter[str] = Counter()
    stacked_n = stacked_ok = events = 0
    start = time.time()
    for _ in range(sequences):
        deal_seed, dealer, steps = stacked.draw(rng)
        p = stacked.run(deal_seed, dealer, steps, options_at=rng.randrange(len(steps)))
        stacked_n += p.stacked
        stacked_ok += p.stacked_accepted
        events += len(p.outcomes)
        for i, o in enumerate(p.outcomes):
            status[o.status] += 1
            if o.status == REFUSED and o.act.name in PHYSICAL:
                refusals.setdefault(refusal_key(o), Group()).add(p, i + 1, o)
            if o.status in (FOREIGN, MACHINE):
                errors.setdefault((o.status, (o.error or "")[:120]), Group()).add(p, i + 1, o)
            for v in o.violations:
                violations.setdefault((v.kind,), Group()).add(p, i + 1, o)
    return {
        "sequences": sequences, "events": events, "status": status, "stacked": stacked_n,
        "stacked_accepted": stacked_ok, "seconds": time.time() - start,
        "refusals": refusals, "violations": violations, "errors": errors,
    }  # fmt: skip


def shrink(group: Group, holds: Callable[[Outcome], bool]) -> tuple[Played, int]:
    """The group's shortest example, shrunk further by dropping steps while some event still shows it."""
    assert group.best is not None
    p, upto = group.best
    steps = stacked.shortest(p.deal_seed, p.dealer, p.steps[:upto], lambda q: first(q, holds) is not None)
    q = stacked.run(p.deal_seed, p.dealer, steps)
    n = first(q, holds)
    return (q, n) if n is not None else (p, upto)


def report(result: dict[str, Any], scenarios: Path | None) -> str:
    n = result["sequences"]
    lines = [
        "# Stacked irregularities: survey",
        "",
        f"{n} sequences, {result['events']} events, {result['seconds']:.0f} s. Events: {dict(result['status'])}.",
        "",
        f"A second irregular act came before the first irregularity was settled in {result['stacked']} sequences "
        f"({result['stacked'] / n:.0%}); the board accepted one in {result['stacked_accepted']} "
        f"({result['stacked_accepted'] / n:.0%}).",
        "",
        "Actor: where the player sits from the offender of what is unsettled (the irregular call on the table, "
        "the first pending ruling, the lead out of turn); `holder`: he holds one of the state's options. "
        "In the examples, ~~struck~~ events were refused (law cited).",
        "",
        "## (a) Refusals of physical acts",
        "",
        "In short, by state, event and law (every actor together; *final*: the board's auction period is over):",
        "",
        "| # | state | event | law | actors (count) |",
        "|---:|---|---|---|---|",
    ]
    summary: dict[Key, Counter[str]] = {}
    for (state, event, actor, law), group in result["refusals"].items():
        summary.setdefault((state, event, law), Counter())[actor] += group.count
    for (state, event, law), actors in sorted(summary.items(), key=lambda kv: -sum(kv[1].values())):
        final = " *final*" if state.split(".")[0] in FINAL else ""
        who = ", ".join(f"{a} ({c})" for a, c in actors.most_common())
        lines.append(f"| {sum(actors.values())} | `{state}`{final} | {event} | {law} | {who} |")
    lines += [
        "",
        "In full, with the actor, and a shortest example of each:",
        "",
        "| # | state | event | actor | law | the nearest rule needed | shortest example |",
        "|---:|---|---|---|---|---|---|",
    ]
    written = 0

    def scenario(q: Played, upto: int, ident: str, finding: str) -> None:
        nonlocal written
        if scenarios is None:
            return
        scenarios.mkdir(parents=True, exist_ok=True)
        (scenarios / f"{ident}.yaml").write_text(stacked.as_scenario(q, ident, upto, finding), encoding="utf-8")
        written += 1

    for k, (key, group) in enumerate(sorted(result["refusals"].items(), key=lambda kv: -kv[1].count)):
        q, upto = shrink(group, lambda o, key=key: o.status == REFUSED and refusal_key(o) == key)
        state, event, actor, law = key
        o = q.outcomes[upto - 1]
        lines.append(f"| {group.count} | `{state}` | {event} | {actor} | {law} | {reason(o)} | {example(q, upto)} |")
        scenario(q, upto, f"stacked-refusal-{k + 1:03d}", f"refused: {key}")
    lines += ["", "## (b) Invariant violations", "", "| # | kind | detail | shortest example |", "|---:|---|---|---|"]
    for k, (key, group) in enumerate(sorted(result["violations"].items(), key=lambda kv: -kv[1].count)):
        q, upto = shrink(group, lambda o, key=key: any(v.kind == key[0] for v in o.violations))
        detail = next(v.detail for v in q.outcomes[upto - 1].violations if v.kind == key[0])
        lines.append(f"| {group.count} | {key[0]} | {detail[:200].replace('|', '/')} | {example(q, upto)} |")
        scenario(q, upto, f"stacked-invariant-{k + 1:03d}", f"invariant: {key[0]}")
    lines += ["", "## (c) Foreign exceptions and machine errors", ""]
    if not result["errors"]:
        lines.append("None.")
    else:
        lines += ["| # | kind | error | shortest example |", "|---:|---|---|---|"]
        for key, group in sorted(result["errors"].items(), key=lambda kv: -kv[1].count):
            q, upto = shrink(group, lambda o, key=key: (o.status, (o.error or "")[:120]) == key)
            lines.append(f"| {group.count} | {key[0]} | {key[1].replace('|', '/')} | {example(q, upto)} |")
    if scenarios is not None:
        lines += ["", f"{written} scenarios written to {scenarios} (expectations to be written from the Laws)."]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sequences", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("/work/stacked-report.md"))
    parser.add_argument("--scenarios", type=Path, default=None)
    args = parser.parse_args()
    result = survey(args.sequences, args.seed)
    text = report(result, args.scenarios)
    args.out.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
