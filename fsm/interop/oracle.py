"""The oracle: the reference model answering another program, one JSON line per input line.

``python -m fsm replay FILE`` (or standard input) reads a record (one JSON object
``{"dealer": …, "events": […]}``) or JSON lines: a first line ``{"new": {set-up}}`` setting the
board up, then one event per line (``{"call": {"seat": "N", "call": "1H"}}``), a later ``new``
starting another board. It writes one answer per line read (blank lines aside); each answer says
the input ``line`` it answers (``null`` for the events of a record) and ``n``, the event's number
on its board (0 for the set-up, ``null`` for a line that is not JSON):

- a set-up: ``{"line", "n": 0, "new", "ok": true, "version", "snapshot", "options"}``;
- an event taken: ``{"line", "n", "event", "ok": true, "steps", "snapshot", "options"}``;
- a line refused or unreadable: ``{"line", "n", "ok": false, "error": {"type", "law", "fr", "en",
  "key"}}``, with ``event`` or ``new`` when the line was one.

``version`` gives the oracle's protocol version, the formats it speaks (machine export, portable
corpus, scenario) and the package's version. ``--serve`` answers each line as it comes, flushing
each answer, until the input ends. The schema ``oracle`` describes every answer line.

Exit codes, batch: 0 every event taken; 1 an event refused (not allowed now, or its arguments
cannot be read); 2 the input cannot be used: not readable, a line that is not JSON, no set-up
(``new``) before the first event, or a set-up that cannot be read; every other line is still
answered, and each problem is written on standard error with its line number. ``--serve``
always exits 0: its answers say everything.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import IO, Any

from fsm.bridge.errors import FsmError, InputError
from fsm.model.board import Board

VERSION = 2  # the protocol: the shape of the answer lines


def versions() -> dict[str, Any]:
    """The oracle's protocol version, the formats it speaks and the package's version."""
    from fsm.interop import conformance, export, version
    from fsm.model.scenario import FORMAT_VERSION

    return {
        "oracle": VERSION,
        "machine": export.VERSION,
        "corpus": conformance.VERSION,
        "scenario": FORMAT_VERSION,
        "package": version(),
    }


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


def _unreadable(msg: str) -> dict[str, Any]:
    return {"type": "InputError", "law": None, "fr": f"JSON illisible : {msg}", "en": f"unreadable JSON: {msg}",
            "key": None}  # fmt: skip


def _no_board() -> InputError:
    return InputError(
        'aucune table : la première ligne doit être {"new": {…}}',
        'no board: the first line must be {"new": {...}}',
        key="new",
    )


class Session:
    """Boards driven by JSON values: ``{"new": {set-up}}`` opens one, events go to the open one."""

    def __init__(self, board: Board | None = None) -> None:
        self.board = board
        self.n = 0

    def answer(self, value: Any, line: int | None = None) -> dict[str, Any]:
        if isinstance(value, dict) and set(value) == {"new"}:
            self.n = 0
            try:
                self.board = _board(value["new"])
            except FsmError as err:
                self.board = None  # the board before is closed: its events must not go on silently
                return {"line": line, "n": 0, "new": value["new"], "ok": False, "error": _error(err)}
            return {"line": line, "n": 0, "new": value["new"], "ok": True, "version": versions(),
                    "snapshot": self.board.snapshot(), "options": self.board.options()}  # fmt: skip
        self.n += 1
        try:
            if self.board is None:
                raise _no_board()
            if not isinstance(value, dict) or len(value) != 1:
                raise InputError(
                    "un événement est une table à une seule clé", "an event is a mapping with one key", key="event"
                )
            ((name, args),) = value.items()
            steps = self.board.apply(name, args)
        except FsmError as err:
            return {"line": line, "n": self.n, "event": value, "ok": False, "error": _error(err)}
        return {
            "line": line,
            "n": self.n,
            "event": self.board.events[-1],
            "ok": True,
            "steps": [s.as_dict() for s in steps],
            "snapshot": self.board.snapshot(),
            "options": self.board.options(),
        }

    def line(self, text: str, number: int) -> dict[str, Any]:
        """The answer to one line of JSON text."""
        try:
            value = json.loads(text)
        except json.JSONDecodeError as err:
            return {"line": number, "n": None, "ok": False, "error": _unreadable(err.msg)}
        return self.answer(value, number)


def _record(text: str) -> dict[str, Any] | None:
    """The record the whole text is, if it is one JSON object with ``events``."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return None
    return data if isinstance(data, dict) and "events" in data else None


def replay(text: str) -> Iterator[dict[str, Any]]:
    """One answer per input line (or per event of a record), the set-up first."""
    record = _record(text)
    session = Session()
    if record is not None:
        events = record["events"]
        yield session.answer({"new": {k: v for k, v in record.items() if k != "events"}})
        if not isinstance(events, list):
            yield {"line": None, "n": None, "ok": False,
                   "error": _error(InputError("« events » doit être une liste", "'events' must be a list",
                                              key="events"))}  # fmt: skip
            return
        for value in events:
            yield session.answer(value)
        return
    for number, raw in enumerate(text.splitlines(), 1):
        if raw.strip():
            yield session.line(raw, number)


def unusable(answer: dict[str, Any]) -> bool:
    """Whether an answer says the input itself cannot be used (exit code 2), not an event refused."""
    if answer["ok"]:
        return False
    return answer["n"] is None or answer["n"] == 0 or answer["error"]["key"] == "new"  # no board to take it


def problem(answer: dict[str, Any]) -> str:
    """One line for standard error: where, and what."""
    where = f"ligne {answer['line']} / line {answer['line']}" if answer["line"] else "enregistrement / record"
    err = answer["error"]
    law = f" (Loi {err['law']} / Law {err['law']})" if err.get("law") else ""
    return f"{where}: {err['fr']} / {err['en']}{law}"


def serve(lines: Iterable[str], out: IO[str]) -> None:
    session = Session()
    for number, raw in enumerate(lines, 1):
        if raw.strip():
            out.write(json.dumps(session.line(raw, number), ensure_ascii=False) + "\n")
            out.flush()
