"""The oracle: the reference model answering another program, one JSON line per event.

``python -m fsm replay FILE`` (or standard input) reads a record (``{"dealer": …, "events": […]}``)
or JSON lines (one event per line, ``{"call": {"seat": "N", "call": "1H"}}``; a first line
``{"new": {set-up}}`` sets the board up) and writes, after each event, one line:
``{"n", "event", "ok": true, "steps", "snapshot", "options"}`` or, when the event is refused or
cannot be read, ``{"n", "event", "ok": false, "error": {"type", "law", "fr", "en", "key"}}``.

``--serve`` answers line by line as the lines come, flushing each answer, until the input ends:
a program drives the board event by event. ``{"new": {set-up}}`` starts a new board.

Exit codes: 0 every event accepted (always 0 with ``--serve``); 1 an event was refused; 2 the input
cannot be read as JSON or as a record.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import IO, Any

from fsm.bridge.errors import FsmError, InputError
from fsm.model.board import Board


def _board(setup: Any) -> Board:
    if not isinstance(setup, dict):
        raise InputError("« new » attend une table", "'new' takes a mapping", key="new")
    known = {"dealer", "vulnerable", "settings", "cards_in_board"}
    unknown = sorted(set(setup) - known)
    if unknown:
        raise InputError(f"clé inconnue « {unknown[0]} »", f"unknown key '{unknown[0]}'", key=unknown[0])
    return Board(
        dealer=setup.get("dealer", "N"),
        vulnerable=setup.get("vulnerable", "None"),
        settings=setup.get("settings"),
        cards_in_board=setup.get("cards_in_board", False),
    )


def _error(err: FsmError) -> dict[str, Any]:
    return {
        "type": type(err).__name__,
        "law": err.law,
        "fr": err.message_fr,
        "en": err.message_en,
        "key": err.details.get("key"),
    }


class Session:
    """One board driven by JSON values: events, or ``{"new": {set-up}}``."""

    def __init__(self) -> None:
        self.board = Board()
        self.n = 0
        self.refused = 0

    def answer(self, value: Any) -> dict[str, Any]:
        if isinstance(value, dict) and set(value) == {"new"}:
            try:
                self.board = _board(value["new"])
            except FsmError as err:
                return {"n": self.n, "new": value["new"], "ok": False, "error": _error(err)}
            self.n = 0
            return {"n": 0, "new": value["new"], "ok": True, "snapshot": self.board.snapshot(),
                    "options": self.board.options()}  # fmt: skip
        self.n += 1
        try:
            if not isinstance(value, dict) or len(value) != 1:
                raise InputError(
                    "un événement est une table à une seule clé", "an event is a mapping with one key", key="event"
                )
            ((name, args),) = value.items()
            steps = self.board.apply(name, args)
        except FsmError as err:
            self.refused += 1
            return {"n": self.n, "event": value, "ok": False, "error": _error(err)}
        return {
            "n": self.n,
            "event": self.board.events[-1],
            "ok": True,
            "steps": [s.as_dict() for s in steps],
            "snapshot": self.board.snapshot(),
            "options": self.board.options(),
        }


def read_record(text: str) -> tuple[dict[str, Any], list[Any]]:
    """A record (one JSON object with ``events``) or JSON lines (events, a ``new`` line first)."""
    stripped = text.strip()
    if stripped.startswith("{") and "\n{" not in stripped:
        data = json.loads(stripped)
        if isinstance(data, dict) and "events" in data:
            setup = {k: v for k, v in data.items() if k != "events"}
            events = data["events"]
            if not isinstance(events, list):
                raise InputError("« events » doit être une liste", "'events' must be a list", key="events")
            return setup, events
        return {}, [data]
    values = [json.loads(line) for line in stripped.splitlines() if line.strip()]
    if values and isinstance(values[0], dict) and set(values[0]) == {"new"}:
        return values[0]["new"], values[1:]
    return {}, values


def replay(text: str) -> Iterator[dict[str, Any]]:
    setup, events = read_record(text)
    session = Session()
    yield session.answer({"new": setup})
    for value in events:
        yield session.answer(value)


def serve(lines: Iterable[str], out: IO[str]) -> None:
    session = Session()
    for line in lines:
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as err:
            answer = {"n": session.n, "ok": False, "error": {"type": "InputError", "law": None,
                      "fr": f"JSON illisible : {err.msg}", "en": f"unreadable JSON: {err.msg}", "key": None}}  # fmt: skip
        else:
            answer = session.answer(value)
        out.write(json.dumps(answer, ensure_ascii=False) + "\n")
        out.flush()
