"""The portable conformance corpus: every scenario as plain JSON, the ``calls:`` shorthand expanded
into single ``call`` events, and after each event the full snapshot the reference model gives, or
the refusal with its law. Another implementation replays the events and compares; it needs no
YAML reader and no knowledge of who calls next.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fsm.bridge.errors import FsmError
from fsm.interop import version
from fsm.model.board import Board
from fsm.model.scenario import Scenario, board_for, corpus_files, file_name, load

FORMAT = "fsm-bridge-auction/conformance"
VERSION = 2


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
                steps.append({"event": event, "refused": {"law": err.law}})
            else:  # pragma: no cover - the corpus is green
                raise AssertionError(f"{s.id}: event {n} was expected to be refused")
        else:
            for single in _expand(shadow, entry) if name == "calls" else [entry]:
                ((ev, ev_args),) = single.items()
                fired = board.apply(ev, ev_args)
                steps.append(
                    {
                        "event": board.events[-1],
                        "fired": [step.rule for step in fired],
                        "snapshot": board.snapshot(),
                        "options": board.options(),
                    }
                )
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


def export_corpus(folder: str | Path, files: list[Path] | None = None) -> list[Path]:
    """Write one JSON file per scenario and ``index.json`` into ``folder``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    index = []
    written = []
    for path in files or corpus_files():
        for s in load(path):
            doc = scenario_document(s)
            name = f"{doc['file'].rsplit('.', 1)[0]}--{file_name(s.id)}.json"
            (folder / name).write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            written.append(folder / name)
            index.append({"id": s.id, "file": name, "family": doc["file"].rsplit(".", 1)[0], "laws": s.laws,
                          "title": s.title, "events": len(doc["steps"])})  # fmt: skip
    (folder / "index.json").write_text(
        json.dumps({"format": FORMAT + "/index", "version": VERSION, "scenarios": index}, ensure_ascii=False, indent=1)
        + "\n",
        encoding="utf-8",
    )
    return [*written, folder / "index.json"]
