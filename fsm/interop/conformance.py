"""The portable conformance corpus: every scenario as plain JSON, the ``calls:`` shorthand expanded
into single ``call`` events, and after each event the rules that fired and the full snapshot and
options the reference model gives, or the refusal with its law. Another implementation replays
the events and compares; it needs no YAML reader and no knowledge of who calls next.

Beside the scenarios, a random tier: sequences of events drawn from a seed, most of them what the
board offers at that moment (so irregularities come upon irregularities), some any event of a
player with any arguments (refused, with their law), answered by the reference model.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from fsm.bridge.errors import FsmError
from fsm.bridge.settings import CHOICES
from fsm.interop import version
from fsm.interop.export import to_json
from fsm.interop.randomplay import SEATS, random_event
from fsm.model.board import Board
from fsm.model.scenario import Scenario, board_for, corpus_files, file_name, load

FORMAT = "fsm-bridge-auction/conformance"
VERSION = 4
SEED = 2017  # the random tier's default seed: the same seed gives the same tier, file for file
RANDOM = 2000  # sequences in the random tier
PER_FILE = 100
VULNERABLE = ("None", "NS", "EW", "All")


def _expand(board: Board, entry: dict[str, Any]) -> list[dict[str, Any]]:
    """The single events a scenario entry makes: a ``calls:`` shorthand, one call at a time."""
    ((name, args),) = entry.items()
    if name != "calls":
        return [entry]
    out = []
    for token in str(args).split():
        if token.upper() == "AP":
            while board.state.startswith("auction"):
                out.append({"call": {"seat": board.next_caller().value, "call": "Pass"}})
                board.apply("call", out[-1]["call"])
            continue
        out.append({"call": {"seat": board.next_caller().value, "call": token}})
        board.apply("call", out[-1]["call"])
    return out


def _taken(board: Board, fired: list[Any]) -> dict[str, Any]:
    return {
        "event": board.events[-1],
        "fired": [step.rule for step in fired],
        "snapshot": board.snapshot(),
        "options": board.options(),
    }


def _refused(event: dict[str, Any], err: FsmError) -> dict[str, Any]:
    return {"event": event, "refused": {"law": err.law, "type": type(err).__name__}}


def random_sequence(seed: int) -> dict[str, Any]:
    """One sequence of the random tier, drawn from its seed: the board's set-up, then 4 to 30 events
    and the reference model's answer to each."""
    rng = random.Random(seed)
    settings = {name: rng.choice(values) for name, values in CHOICES.items()}
    setup: dict[str, Any] = {"dealer": SEATS[seed % 4], "vulnerable": rng.choice(VULNERABLE), "settings": settings,
             "cards_in_board": rng.random() < 0.1}  # fmt: skip
    board = Board(**setup)
    initial = {"snapshot": board.snapshot(), "options": board.options()}
    steps = []
    for _ in range(rng.randint(4, 30)):
        name, args = random_event(board, rng, junk=0)
        try:
            fired = board.apply(name, args)
        except FsmError as err:
            steps.append(_refused({name: args}, err))
        else:
            steps.append(_taken(board, fired))
    return {"id": f"random-{seed}", "seed": seed, "setup": setup, "initial": initial, "steps": steps}


def random_document(first: int, count: int) -> dict[str, Any]:
    """A file of the random tier: ``count`` sequences, seeds ``first`` onwards."""
    return {
        "format": FORMAT + "/random",
        "version": VERSION,
        "generator": f"fsm-bridge-auction {version()}",
        "sequences": [random_sequence(seed) for seed in range(first, first + count)],
    }


def scenario_document(s: Scenario) -> dict[str, Any]:
    """One scenario, expanded and with the reference model's answer after each event."""
    board = board_for(s)
    shadow = board_for(s)  # expands the shorthand on its own copy
    steps: list[dict[str, Any]] = []
    checkpoints: dict[str, Any] = {}
    for n, entry in enumerate(s.events, 1):
        ((name, args),) = entry.items()
        if name == "rejected":
            event = args["event"]
            try:
                board.apply(*next(iter(event.items())))
            except FsmError as err:
                steps.append(_refused(event, err))
            else:  # pragma: no cover - the corpus is green
                raise AssertionError(f"{s.id}: event {n} was expected to be refused")
        else:
            for single in _expand(shadow, entry) if name == "calls" else [entry]:
                ((ev, ev_args),) = single.items()
                fired = board.apply(ev, ev_args)
                steps.append(_taken(board, fired))
            if name != "calls":
                shadow.apply(name, args)
        if n in s.checkpoints:
            checkpoints[str(len(steps))] = s.checkpoints[n]
    return {
        "format": FORMAT,
        "version": VERSION,
        "generator": f"fsm-bridge-auction {version()}",
        "id": s.id,
        "file": Path(s.file).name,
        "title": s.title,
        "laws": s.laws,
        "setup": {"dealer": s.dealer, "vulnerable": s.vulnerable, "settings": board.settings.as_dict(),
                  "cards_in_board": s.cards_in_board},
        "initial": {"snapshot": board_for(s).snapshot(), "options": board_for(s).options()},
        "steps": steps,
        "expect": json.loads(json.dumps(s.expect, default=str)),
        "checkpoints": json.loads(json.dumps(checkpoints, default=str)),
        "notes": s.notes,
        "deal": s.deal,
    }  # fmt: skip


def export_corpus(
    folder: str | Path, files: list[Path] | None = None, sequences: int = RANDOM, seed: int = SEED
) -> list[Path]:
    """Write one JSON file per scenario, the random tier (``sequences`` sequences drawn from
    ``seed`` on, ``PER_FILE`` to a file under ``random/``) and ``index.json`` into ``folder``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    index = []
    written = []
    for path in files or corpus_files():
        for s in load(path):
            doc = scenario_document(s)
            name = f"{doc['file'].rsplit('.', 1)[0]}--{file_name(s.id)}.json"
            written.append(_write(folder / name, doc, indent=1))
            index.append({"id": s.id, "file": name, "family": doc["file"].rsplit(".", 1)[0], "laws": s.laws,
                          "title": s.title, "events": len(doc["steps"])})  # fmt: skip
    tier = []
    for first in range(seed, seed + sequences, PER_FILE):
        count = min(PER_FILE, seed + sequences - first)
        name = f"random/{first}.json"
        doc = random_document(first, count)
        written.append(_write(folder / name, doc))
        tier.append({"file": name, "seeds": [first, first + count - 1], "sequences": count,
                     "events": sum(len(x["steps"]) for x in doc["sequences"])})  # fmt: skip
    # The machine the answers come from, beside them: an interpreter of the export needs nothing else.
    (folder / "machine.json").write_text(to_json() + "\n", encoding="utf-8")
    written.append(folder / "machine.json")
    head = {"format": FORMAT + "/index", "version": VERSION, "generator": f"fsm-bridge-auction {version()}"}
    index_doc = {**head, "machine": "machine.json", "scenarios": index, "random": {"seed": seed, "files": tier}}
    written.append(_write(folder / "index.json", index_doc, indent=1))
    return written


def _write(path: Path, doc: dict[str, Any], indent: int | None = None) -> Path:
    """A scenario is written to be read by a person too; the random tier, large, compactly."""
    path.parent.mkdir(parents=True, exist_ok=True)
    separators = None if indent else (",", ":")
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=indent, separators=separators) + "\n", encoding="utf-8")
    return path
