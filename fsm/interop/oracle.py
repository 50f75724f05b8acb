"""The oracle: the reference model answering another program, one JSON line per input line.

``python -m fsm replay FILE`` (or standard input) reads a record (one JSON object
``{"dealer": …, "events": […]}``) or JSON lines: a first line ``{"new": {set-up}}`` setting the
board up, then one event per line (``{"call": {"seat": "N", "call": "1H"}}``), a later ``new``
starting another board. It writes one answer per line read (blank lines aside); each answer says
the input ``line`` it answers (``null`` for the events of a record) and ``n``, the event's number
on its board (0 for the set-up, ``null`` for a line that cannot be read):

- a set-up: ``{"line", "n": 0, "new", "ok": true, "version", "snapshot", "options"}``;
- an event taken: ``{"line", "n", "event", "ok": true, "steps", "snapshot", "options"}``;
- a line refused or unreadable: ``{"line", "n", "ok": false, "error": {"type", "law", "fr", "en",
  "key"}}``, with ``event`` or ``new`` when the line was one.

What an answer carries of the board (:class:`Answering`): the whole snapshot and options (the
default); with ``--diff``, after the set-up, a JSON Patch (RFC 6902) ``patch`` from the previous
answer's ``{"snapshot", "options"}`` to this one's, so that the output grows with what changed, not
with the record; with ``--keys``, only the snapshot keys named (``options`` among them or not).

Input is read by the project's one JSON policy (:mod:`fsm.bridge.jsontext`); a line longer than
:data:`MAX_LINE` characters, or not UTF-8, is answered with an error and skipped, and nothing any
line holds can stop the oracle: each line gets its answer and the next is read.

Exit codes, batch: 0 every event taken; 1 an event refused (not allowed now, or its arguments
cannot be read); 2 the input cannot be used: not readable, a line that is not JSON, no set-up
(``new``) before the first event, or a set-up that cannot be read; every other line is still
answered, and each problem is written on standard error with its line number. ``--serve``
always exits 0: its answers say everything.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from fsm.bridge import jsontext
from fsm.bridge.errors import FsmError, InputError
from fsm.model.board import Board

VERSION = 4  # the protocol: the shape of the answer lines
MAX_LINE = jsontext.MAX_LINE
SETUP_KEYS = ("dealer", "vulnerable", "settings", "cards_in_board")


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
    unknown = sorted(set(setup) - set(SETUP_KEYS))
    if unknown:
        name = jsontext.escape(unknown[0])
        raise InputError(f"clé inconnue « {name} »", f"unknown key '{name}'", key=unknown[0])
    return Board(
        dealer=setup.get("dealer", "N"),
        vulnerable=setup.get("vulnerable", "None"),
        settings=setup.get("settings"),
        cards_in_board=setup.get("cards_in_board", False),
    )


def _error(err: FsmError) -> dict[str, Any]:
    key = err.details.get("key")
    return {
        "type": type(err).__name__,
        "law": err.law,
        "fr": err.message_fr,
        "en": err.message_en,
        "key": key if isinstance(key, str) else None,
    }


def _no_board() -> InputError:
    return InputError(
        'aucune table : la première ligne doit être {"new": {…}}',
        'no board: the first line must be {"new": {...}}',
        key="new",
    )


def _pointer(path: tuple[str | int, ...]) -> str:
    """A JSON Pointer (RFC 6901)."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def patch(old: Any, new: Any, path: tuple[str | int, ...] = ()) -> list[dict[str, Any]]:
    """The JSON Patch (RFC 6902) that turns ``old`` into ``new``: a list's items are compared in
    place and the tail added or removed, so a list that grows by one costs one operation."""
    if type(old) is type(new) and old == new:  # compared in C: the common case, and the cheap one
        return []
    if type(old) is type(new) and isinstance(new, dict):
        ops = [{"op": "remove", "path": _pointer((*path, k))} for k in old if k not in new]
        for k, v in new.items():
            if k not in old:
                ops.append({"op": "add", "path": _pointer((*path, k)), "value": v})
            else:
                ops += patch(old[k], v, (*path, k))
        return ops
    if type(old) is type(new) and isinstance(new, list):
        if len(new) >= len(old) and new[: len(old)] == old:
            return [{"op": "add", "path": _pointer((*path, "-")), "value": v} for v in new[len(old) :]]
        ops = []
        for i in range(min(len(old), len(new))):
            ops += patch(old[i], new[i], (*path, i))
        ops += [{"op": "remove", "path": _pointer((*path, i))} for i in range(len(old) - 1, len(new) - 1, -1)]
        ops += [{"op": "add", "path": _pointer((*path, "-")), "value": v} for v in new[len(old) :]]
        return ops
    return [{"op": "replace", "path": _pointer(path), "value": new}]


@dataclass(frozen=True)
class Answering:
    """What an answer carries of the board: everything, a patch from the previous answer, or some keys."""

    diff: bool = False
    keys: tuple[str, ...] | None = None  # snapshot keys, and "options" if the options are wanted

    @classmethod
    def parse(cls, diff: bool = False, keys: str | None = None) -> Answering:
        if diff and keys is not None:
            raise InputError("--diff ou --keys, pas les deux", "--diff or --keys, not both", key="keys")
        if keys is None:
            return cls(diff=diff)
        known = (*Board().snapshot(), "options")
        names = tuple(k.strip() for k in keys.split(",") if k.strip())
        wrong = [k for k in names if k not in known]
        if wrong or not names:
            what = jsontext.escape(wrong[0]) if wrong else ""
            raise InputError(
                f"clé inconnue « {what} » (connues : {', '.join(known)})",
                f"unknown key '{what}' (known: {', '.join(known)})",
                key="keys",
            )
        return cls(keys=names)


class Session:
    """Boards driven by JSON values: ``{"new": {set-up}}`` opens one, events go to the open one."""

    def __init__(self, board: Board | None = None, answering: Answering | None = None) -> None:
        self.board = board
        self.n = 0
        self.answering = answering or Answering()
        self.last: dict[str, Any] | None = None  # what the previous answer showed, for --diff

    def _state(self, answer: dict[str, Any], first: bool) -> dict[str, Any]:
        assert self.board is not None
        keys = self.answering.keys
        if keys is not None:
            answer["snapshot"] = self.board.snapshot([k for k in keys if k != "options"])
            if "options" in keys:
                answer["options"] = self.board.options()
            return answer
        now = {"snapshot": self.board.snapshot(), "options": self.board.options()}
        if self.answering.diff and not first and self.last is not None:
            answer["patch"] = patch(self.last, now)
        else:
            answer.update(now)
        if self.answering.diff:
            self.last = now
        return answer

    def answer(self, value: Any, line: int | None = None) -> dict[str, Any]:
        if isinstance(value, dict) and set(value) == {"new"}:
            self.n = 0
            self.last = None
            try:
                self.board = _board(value["new"])
            except FsmError as err:
                self.board = None  # the board before is closed: its events must not go on silently
                return {"line": line, "n": 0, "new": value["new"], "ok": False, "error": _error(err)}
            return self._state({"line": line, "n": 0, "new": value["new"], "ok": True, "version": versions()}, True)
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
        answer = {"line": line, "n": self.n, "event": self.board.events[-1], "ok": True,
                  "steps": [s.as_dict() for s in steps]}  # fmt: skip
        return self._state(answer, False)

    def line(self, text: str, number: int) -> dict[str, Any]:
        """The answer to one line of JSON text."""
        if len(text) > MAX_LINE:
            return unreadable(number, _too_long())
        try:
            value = jsontext.loads(text)
        except InputError as err:
            return unreadable(number, err)
        return self.answer(value, number)


def _too_long() -> InputError:
    return InputError(
        f"ligne de plus de {MAX_LINE} caractères", f"a line longer than {MAX_LINE} characters", key="line"
    )


def unreadable(number: int | None, err: FsmError) -> dict[str, Any]:
    """The answer to a line that cannot be read: it changes nothing."""
    return {"line": number, "n": None, "ok": False, "error": _error(err)}


def safe(session: Session, text: str | None, number: int | None, value: Any = None) -> dict[str, Any]:
    """The answer to a line (or to a record's event ``value``), whatever happens: a fault of the
    model is answered as one (``InternalError``, exit code 3 in batch), and its board is closed."""
    try:
        return session.line(text, number or 0) if text is not None else session.answer(value, number)
    except Exception as err:  # noqa: BLE001 - one line must never stop the others being answered
        session.board = None
        detail = jsontext.escape(f"{type(err).__name__}: {err}")[:200]
        return {"line": number, "n": None, "ok": False, "error": {
            "type": "InternalError", "law": None, "key": "new",
            "fr": f"erreur interne du modèle, table fermée ({detail})",
            "en": f"internal error of the model, board closed ({detail})"}}  # fmt: skip


def _record(text: str) -> dict[str, Any] | None:
    """The record the whole text is, if it is one JSON object with ``events``."""
    try:
        data = jsontext.loads(text)
    except InputError:
        return None
    return data if isinstance(data, dict) and "events" in data else None


def replay(text: str, answering: Answering | None = None) -> Iterator[dict[str, Any]]:
    """One answer per input line (or per event of a record), the set-up first."""
    record = _record(text)
    session = Session(answering=answering)
    if record is not None:
        events = record["events"]
        yield safe(session, None, None, {"new": {k: v for k, v in record.items() if k != "events"}})
        if not isinstance(events, list):
            yield unreadable(
                None, InputError("« events » doit être une liste", "'events' must be a list", key="events")
            )
            return
        for value in events:
            yield safe(session, None, None, value)
        return
    for number, raw in enumerate(jsontext.lines(text), 1):
        if raw.strip():
            yield safe(session, raw, number)


def unusable(answer: dict[str, Any]) -> bool:
    """Whether an answer says the input itself cannot be used (exit code 2), not an event refused."""
    if answer["ok"]:
        return False
    return answer["n"] is None or answer["n"] == 0 or answer["error"]["key"] == "new"  # no board to take it


def problem(answer: dict[str, Any]) -> str:
    """One line for standard error: where, and what (control characters shown, not sent to the terminal)."""
    where = f"ligne {answer['line']} / line {answer['line']}" if answer["line"] else "enregistrement / record"
    err = answer["error"]
    law = f" (Loi {err['law']} / Law {err['law']})" if err.get("law") else ""
    return jsontext.escape(f"{where}: {err['fr']} / {err['en']}{law}")


def _read_lines(stream: IO[bytes]) -> Iterator[tuple[int, str | FsmError]]:
    """Each line of a byte stream, decoded, or the reason it cannot be: never more than
    :data:`MAX_LINE` characters held (UTF-8 takes at most four bytes a character)."""
    limit = 4 * MAX_LINE + 2
    for number in itertools.count(1):
        raw = stream.readline(limit)
        if not raw:
            return
        if not raw.endswith(b"\n") and len(raw) >= limit:
            while True:  # the rest of the line, dropped without being kept
                more = stream.readline(limit)
                if not more or more.endswith(b"\n"):
                    break
            yield number, _too_long()
            continue
        if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            yield (
                number,
                InputError(
                    f"la ligne n'est pas en UTF-8 (octet {err.start + 1})",
                    f"the line is not UTF-8 (byte {err.start + 1})",
                    key="line",
                ),
            )
            continue
        yield number, text.rstrip("\r\n")


def serve(stream: IO[bytes], out: IO[str], answering: Answering | None = None) -> None:
    """Answer each line as it comes, flushing each answer, until the input ends."""
    session = Session(answering=answering)
    for number, text in _read_lines(stream):
        if isinstance(text, FsmError):
            answer = unreadable(number, text)
        elif not text.strip():
            continue
        else:
            answer = safe(session, text, number)
        out.write(jsontext.dumps(answer) + "\n")
        out.flush()
