"""The conformance scenario format, version 2 (docs/scenarios.md): load, validate, run, compare.

A scenario is a board's set-up, a list of events, and what the board must tell afterwards
(``expect``) and along the way (``checkpoints``): keys of the snapshot, and (version 2) the laws the
event's steps apply (``steps``) and options the board offers then (``options``). Other
implementations run the same files.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from fsm.bridge import jsontext, yamltext
from fsm.bridge.calls import SEAT_NAMES, parse_card, parse_seat
from fsm.bridge.deal import DealError, Hands, holds, parse_deal
from fsm.bridge.errors import FsmError, ScenarioError
from fsm.bridge.events import EVENTS
from fsm.model.board import Board

FORMAT_VERSION = 2  # docs/scenarios.md: a reader of this version reads every file written for it
SNAPSHOT_KEYS = tuple(Board().snapshot())
# Beside the snapshot's keys, what an expectation may state of the event itself (format 2).
STEP_KEYS = ("steps", "options")
MULTISET_KEYS = {
    "obligations", "lead_restrictions", "penalty_cards", "unauthorized_information", "pending", "reviews", "exposed_cards",
}  # fmt: skip
TOP_KEYS = {
    "id", "title", "laws", "dealer", "vulnerable", "settings", "cards_in_board",
    "events", "expect", "checkpoints", "source", "notes", "deal",
    # informational only
    "description", "tags", "comment", "author", "references",
}  # fmt: skip
CORPUS = Path(__file__).parent.parent / "scenarios"


@dataclass
class Scenario:
    id: str
    file: str
    events: list[dict[str, Any]]
    dealer: str = "N"
    vulnerable: str = "None"
    settings: dict[str, Any] = field(default_factory=dict)
    cards_in_board: bool = False
    expect: dict[str, Any] = field(default_factory=dict)
    checkpoints: dict[int, dict[str, Any]] = field(default_factory=dict)
    title: dict[str, str] = field(default_factory=dict)
    laws: list[str] = field(default_factory=list)
    source: str | None = None
    notes: dict[str, str] = field(default_factory=dict)
    deal: str | None = None


def hands(s: Scenario) -> Hands | None:
    """The scenario's deal by seat letter (N/E/S/W), then suit letter (S/H/D/C): ranks, highest
    first; ``None`` when the scenario gives no deal."""
    return parse_deal(s.deal) if s.deal else None


@dataclass
class Result:
    scenario: Scenario
    ok: bool
    message: str = ""

    def line(self) -> str:
        status = "PASS" if self.ok else "FAIL"
        text = f"{status} {self.scenario.file}::{self.scenario.id}"
        return f"{text}: {self.message}" if self.message else text


# --- loading -----------------------------------------------------------------------
def _fail(file: str, scenario: str | None, key: str, fr: str, en: str, line: int | None = None) -> ScenarioError:
    place = key != "-" and not key.startswith("ligne") and not key.startswith("octet")
    where = f"{file}" + (f", scénario « {scenario} »" if scenario else "") + (f", clé « {key} »" if place else "")
    where_en = f"{file}" + (f", scenario '{scenario}'" if scenario else "") + (f", key '{key}'" if place else "")
    if not place and key != "-":  # a line and column, or a byte: where in the file
        where += f", {key}"
        where_en += ", " + key.replace("ligne", "line").replace("colonne", "column").replace("octet", "byte")
    if line is not None:
        where += f", ligne {line}"
        where_en += f", line {line}"
    return ScenarioError(f"{where} : {fr}", f"{where_en}: {en}", file=file, scenario=scenario, key=key, line=line)


MAX_BYTES = 4_000_000  # the whole shipped corpus is a few hundred kilobytes
MAX_DEPTH = 32  # events and expectations nest five or six levels deep


_StrictLoader = yamltext.StrictLoader  # a key given twice, or that is a list, is an error
_FastLoader = yamltext.FastLoader  # the same on libyaml: the corpus read four times faster


def _check_shape(text: str, file: str, loader: type[Any] = _StrictLoader) -> None:
    """Before anything is built: no alias (anchors are no part of the format) and a bounded depth."""
    depth = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.AliasEvent):
            line = event.start_mark.line + 1 if event.start_mark else "?"
            raise _fail(file, None, f"ligne {line}", "les alias YAML (*nom) ne sont pas permis",
                        "YAML aliases (*name) are not allowed")  # fmt: skip
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                line = event.start_mark.line + 1 if event.start_mark else "?"
                raise _fail(file, None, f"ligne {line}", f"imbrication au-delà de {MAX_DEPTH} niveaux",
                            f"nested deeper than {MAX_DEPTH} levels")  # fmt: skip
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1


def _read(path: Path, file: str) -> Any:
    try:
        if not path.is_file():
            what = ("un dossier", "a folder") if path.is_dir() else ("introuvable ou spécial", "missing or not a file")
            raise _fail(file, None, "-", f"pas un fichier : {what[0]}", f"not a file: {what[1]}")
        if path.stat().st_size > MAX_BYTES:
            raise _fail(file, None, "-", f"plus de {MAX_BYTES} octets", f"larger than {MAX_BYTES} bytes")
        raw = path.read_bytes()
    except OSError as err:
        raise _fail(file, None, "-", f"illisible ({err.strerror})", f"unreadable ({err.strerror})") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise _fail(
            file, None, f"octet {err.start}", "le fichier n'est pas en UTF-8", "the file is not UTF-8"
        ) from None
    if path.suffix == ".json":
        try:
            return jsontext.loads(text)
        except FsmError as err:
            raise _fail(file, None, "-", err.message_fr, err.message_en) from None
    try:
        if yaml.__with_libyaml__:
            try:
                _check_shape(text, file, _FastLoader)
                return yaml.load(text, Loader=_FastLoader)  # noqa: S506 - a SafeLoader
            except Exception:  # noqa: S110 - said again below, in the Python parser's words
                pass
        _check_shape(text, file)
        return yaml.load(text, Loader=_StrictLoader)  # noqa: S506 - a SafeLoader
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        where = f"ligne {mark.line + 1}, colonne {mark.column + 1}" if mark else "-"
        problem = err.problem or err.context or "?"
        raise _fail(file, None, where, f"YAML invalide : {problem}", f"invalid YAML: {problem}") from None
    except yaml.YAMLError as err:
        raise _fail(file, None, "-", f"YAML invalide : {err}", f"invalid YAML: {err}") from None


def load(path: str | Path) -> list[Scenario]:
    """Read one YAML or JSON file: one scenario, or a list under ``scenarios:``.

    The file is read with limits (size, nesting depth, no YAML alias) and strict types (a text is
    not a boolean, a key is given once); every error names the file, and the scenario and key or
    the line and column.
    """
    path = Path(path)
    file = str(path)
    try:  # the key is the text itself: a file rewritten within the clock's tick is read afresh
        key = (file, path.read_bytes()) if path.is_file() and path.stat().st_size <= MAX_BYTES else None
    except OSError:
        key = None  # _read says why
    known = _LOADED.get(key) if key is not None else None
    if known is None:
        known = _load(path, file)
        if key is not None:
            if len(_LOADED) >= _LOADED_MAX:
                _LOADED.clear()
            _LOADED[key] = known
    return copy.deepcopy(known)  # the caller's own: a scenario read again is never one changed by another


# The scenarios of each file read, by path and text: a lesson looks up scenarios by id many times
# (find), and reading YAML costs fifty times as much as copying what it gave.
_LOADED: dict[tuple[str, bytes], list[Scenario]] = {}
_LOADED_MAX = 64


def _load(path: Path, file: str) -> list[Scenario]:
    data = _read(path, file)
    if isinstance(data, dict) and "scenarios" in data:
        items = data["scenarios"]
    elif isinstance(data, list):
        items = data
    else:
        items = [data]
    if not isinstance(items, list) or not items:
        raise _fail(file, None, "scenarios", "aucun scénario", "no scenario")
    scenarios = [_parse(file, i, item) for i, item in enumerate(items, 1)]
    seen: set[str] = set()
    for s in scenarios:
        if s.id in seen:
            raise _fail(file, s.id, "id", "identifiant en double", "duplicate id")
        seen.add(s.id)
    return scenarios


def _parse(file: str, index: int, item: Any) -> Scenario:
    if not isinstance(item, dict):
        raise _fail(file, f"#{index}", "-", "un scénario doit être une table", "a scenario must be a mapping")
    sid = item.get("id")
    if not isinstance(sid, str) or not sid.strip():
        raise _fail(
            file, f"#{index}", "id", "identifiant manquant ou qui n'est pas un texte", "missing id, or not a text"
        )
    for key in item:
        if key not in TOP_KEYS:
            raise _fail(file, sid, str(key), "clé inconnue", "unknown key")
    events = item.get("events")
    if not isinstance(events, list) or not events:
        raise _fail(file, sid, "events", "liste d'événements manquante ou vide", "missing or empty event list")
    for n, ev in enumerate(events, 1):
        _check_event(file, sid, n, ev)
    expect = item.get("expect") or {}
    checkpoints_raw = item.get("checkpoints") or {}
    if not isinstance(expect, dict):
        raise _fail(file, sid, "expect", "doit être une table", "must be a mapping")
    _check_expect(file, sid, "expect", expect, events[-1])
    if not isinstance(checkpoints_raw, dict):
        raise _fail(file, sid, "checkpoints", "doit être une table", "must be a mapping")
    checkpoints: dict[int, dict[str, Any]] = {}
    for k, v in checkpoints_raw.items():
        try:
            number = int(k)
        except (TypeError, ValueError, OverflowError):  # .inf, .nan, a list: no event's number
            number = 0
        if not 1 <= number <= len(events):
            raise _fail(file, sid, f"checkpoints.{k}", "numéro d'événement hors limites", "event number out of range")
        if not isinstance(v, dict):
            raise _fail(file, sid, f"checkpoints.{k}", "doit être une table", "must be a mapping")
        _check_expect(file, sid, f"checkpoints.{k}", v, events[number - 1])
        checkpoints[number] = v
    settings = item.get("settings") or {}
    if not isinstance(settings, dict):
        raise _fail(file, sid, "settings", "doit être une table", "must be a mapping")
    title = item.get("title") or {}
    if isinstance(title, str):
        title = {"fr": title, "en": title}
    if not _words(title):
        raise _fail(file, sid, "title", "un texte, ou une table fr/en de textes", "a text, or a fr/en mapping of texts")
    # An older file's notes are one English text; the corpus gives both languages.
    notes = item.get("notes") or {}
    if isinstance(notes, str):
        notes = {"en": notes}
    if not _words(notes):
        raise _fail(file, sid, "notes", "un texte, ou une table fr/en de textes", "a text, or a fr/en mapping of texts")
    for key in ("dealer", "vulnerable", "source", "deal"):
        if key in item and not isinstance(item[key], str):
            raise _fail(file, sid, key, "doit être un texte", "must be a text")
    if not isinstance(item.get("cards_in_board", False), bool):
        raise _fail(file, sid, "cards_in_board", "doit valoir « true » ou « false »", "must be true or false")
    laws = item.get("laws") or []
    if not isinstance(laws, list) or not all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in laws):
        raise _fail(file, sid, "laws", "une liste de références de lois", "a list of law references")
    return Scenario(
        id=sid,
        file=file,
        events=events,
        dealer=str(item.get("dealer", "N")),
        vulnerable=str(item.get("vulnerable", "None")),
        settings=settings,
        cards_in_board=item.get("cards_in_board", False),
        expect=expect,
        checkpoints=checkpoints,
        title=title,
        laws=[str(x) for x in laws],
        source=item.get("source"),
        notes=notes,
        deal=_check_deal(file, sid, item.get("deal"), events),
    )


def _words(value: Any) -> bool:
    """A table of texts keyed by language (fr, en)."""
    return isinstance(value, dict) and all(k in ("fr", "en") and isinstance(v, str) for k, v in value.items())


def _check_deal(file: str, sid: str, deal: str | None, events: list[dict[str, Any]]) -> str | None:
    """A complete deal, holding every card the events lead or expose in the hand of the seat that does."""
    if deal is None:
        return None
    try:
        dealt = parse_deal(deal)
    except DealError as err:
        raise _fail_deal(file, sid, deal, err.fr, err.en) from None
    for n, entry in enumerate(events, 1):
        ((name, args),) = entry.items()
        if name not in ("lead", "expose") or not isinstance(args, dict):
            continue  # a refused event moves no card
        try:
            seat = parse_seat(args.get("seat")).value
            cards = [parse_card(c).pbn() for c in ([args.get("card")] if name == "lead" else args.get("cards") or [])]
        except FsmError:
            continue  # the board refuses it when the scenario runs, with its own message
        for card in cards:
            if not holds(dealt, seat, card):
                fr_seat, en_seat = SEAT_NAMES["fr"][seat], SEAT_NAMES["en"][seat]
                raise _fail_deal(
                    file, sid, deal,
                    f"l'événement {n} ({name}) montre {card}, qui n'est pas dans la main de {fr_seat} selon la donne",
                    f"event {n} ({name}) shows {card}, which the deal does not give to {en_seat}",
                )  # fmt: skip
    return deal


def _fail_deal(file: str, sid: str, deal: str, fr: str, en: str) -> ScenarioError:
    """A bad deal, named by the line that gives it, the file being read once more only then."""
    return _fail(file, sid, "deal", f"donne invalide : {fr}", f"invalid deal: {en}", _line_of(file, sid, deal))


def _line_of(file: str, sid: str, deal: str) -> int | None:
    """The line of the deal's text after the line of the scenario's id (YAML or JSON alike)."""
    try:
        lines = Path(file).read_text(encoding="utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    start = next((i for i, text in enumerate(lines) if sid in text and "id" in text), 0)
    needle = deal.split()[0] if deal.split() else deal
    for i in range(start, len(lines)):
        if "deal" in lines[i] and needle in lines[i]:
            return i + 1
    return None


def _check_event(file: str, sid: str, n: int, ev: Any) -> None:
    key = f"events.{n}"
    if not isinstance(ev, dict) or len(ev) != 1:
        raise _fail(file, sid, key, "un événement est une table à une seule clé", "an event is a mapping with one key")
    ((name, args),) = ev.items()
    if name == "calls":
        if not isinstance(args, str):
            raise _fail(file, sid, key, "« calls » attend une chaîne", "'calls' takes a string")
        return
    if name == "rejected":
        if not isinstance(args, dict) or "event" not in args:
            raise _fail(
                file, sid, key, "« rejected » attend « event » et « law »", "'rejected' takes 'event' and 'law'"
            )
        extra = set(args) - {"event", "law"}
        if extra:
            raise _fail(file, sid, f"{key}.{sorted(map(str, extra))[0]}", "clé inconnue", "unknown key")
        _check_event(file, sid, n, args["event"])
        return
    if name not in EVENTS or EVENTS[name].internal:
        raise _fail(file, sid, key, f"événement inconnu « {name} »", f"unknown event '{name}'")
    if args is not None and not isinstance(args, dict):
        raise _fail(file, sid, f"{key}.{name}", "les arguments sont une table", "arguments must be a mapping")


def _check_expect(file: str, sid: str, where: str, expect: dict[str, Any], event: Any = None) -> None:
    for key in expect:
        if key not in SNAPSHOT_KEYS and key not in STEP_KEYS:
            raise _fail(file, sid, f"{where}.{key}", "clé absente de l'instantané", "not a snapshot key")
    steps = expect.get("steps")
    if steps is not None:
        if not isinstance(steps, list) or not all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in steps):
            raise _fail(file, sid, f"{where}.steps", "une liste de références de lois", "a list of law references")
        # One event, one list: a shorthand's calls or a refusal have no single step to compare with.
        name = next(iter(event)) if isinstance(event, dict) and len(event) == 1 else None
        if name in ("calls", "rejected"):
            raise _fail(file, sid, f"{where}.steps", f"sans objet après « {name} »", f"meaningless after '{name}'")
    options = expect.get("options")
    if options is not None and not (
        isinstance(options, list)
        and all(
            isinstance(o, dict)
            and set(o) == {"event", "law", "seats"}
            and isinstance(o["event"], str)
            and isinstance(o["law"], (str, int))
            and (o["seats"] is None or isinstance(o["seats"], list))
            and all(s in ("N", "E", "S", "W") for s in o["seats"] or ())
            for o in options
        )
    ):
        raise _fail(
            file,
            sid,
            f"{where}.options",
            "une liste de tables « event », « law », « seats » (sièges N, E, S, O)",
            "a list of mappings event, law, seats (seats N, E, S, W)",
        )


# --- running -------------------------------------------------------------------------
def _norm(value: Any) -> Any:
    if isinstance(value, dict):
        out = {str(k): _norm(v) for k, v in value.items()}
        for key in ("suits", "for"):
            if isinstance(out.get(key), list):
                out[key] = sorted(out[key])
        return out
    if isinstance(value, (list, tuple)):
        return [_norm(v) for v in value]
    if isinstance(value, bool) or value is None:
        return value
    return str(value)


def offered(options: list[dict[str, Any]], event: str, law: str) -> list[str] | None:
    """The seats offered ``event`` under ``law``, over every option that offers it, in table order;
    ``None`` when it is offered to no seat (the Director acts, a card is reported), ``[]`` when it is
    not offered."""
    matching = [o for o in options if o["event"] == event and str(o["law"]) == law]
    if matching and all(o["seats"] is None for o in matching):
        return None
    seats = {s for o in matching for s in o["seats"] or ()}
    return [s for s in ("N", "E", "S", "W") if s in seats]


def compare(
    expected: dict[str, Any],
    snapshot: dict[str, Any],
    steps: list[Any] | None = None,
    options: list[dict[str, Any]] | None = None,
) -> str | None:
    """The first differing key, as a message; ``None`` when everything expected holds.

    ``steps`` are what the event did (each with its ``law``), ``options`` what the board offers now:
    compared when the expectation states them."""
    for key, want in expected.items():
        if key == "steps":
            got = [str(step.law) for step in steps or []]
            if [str(x) for x in want] != got:
                return f"steps: expected laws {json.dumps([str(x) for x in want])}, got {json.dumps(got)}"
            continue
        if key == "options":
            for item in want:
                seats = offered(options or [], item["event"], str(item["law"]))
                want_seats = None if item["seats"] is None else sorted(item["seats"])
                if (None if seats is None else sorted(seats)) != want_seats:
                    return (
                        f"options: {item['event']} ({item['law']}) expected for {json.dumps(item['seats'])}, "
                        f"offered to {json.dumps(seats)}"
                    )
            continue
        want_n, got_n = _norm(want), _norm(snapshot.get(key))
        if key in MULTISET_KEYS and isinstance(want_n, list) and isinstance(got_n, list):
            same = sorted(map(json.dumps, want_n)) == sorted(map(json.dumps, got_n))
        else:
            same = want_n == got_n
        if not same:
            return (
                f"{key}: expected {json.dumps(want_n, ensure_ascii=False)}, got {json.dumps(got_n, ensure_ascii=False)}"
            )
    return None


def apply_event(board: Board, entry: dict[str, Any]) -> list[Any]:
    """Apply one entry of a scenario; the steps it fired."""
    ((name, args),) = entry.items()
    if name == "calls":
        return board.calls(args)
    return board.apply(name, args)


def _check(expected: dict[str, Any], board: Board, steps: list[Any]) -> str | None:
    options = board.options() if "options" in expected else None
    return compare(expected, board.snapshot(), steps, options)


def board_for(s: Scenario, engine: Any = None) -> Board:
    return Board(
        dealer=s.dealer, vulnerable=s.vulnerable, settings=s.settings, cards_in_board=s.cards_in_board, engine=engine
    )


def run(s: Scenario, engine: Any = None) -> Result:
    """Play the scenario and compare; never raises for a board error, which is a failure.

    ``engine`` runs it on another machine (a reloaded spec) instead of the package's.
    """
    try:
        board = board_for(s, engine)
    except FsmError as err:
        return Result(s, False, f"set-up: {err}")
    steps: list[Any] = []
    for n, entry in enumerate(s.events, 1):
        ((name, args),) = entry.items()
        steps = []
        if name == "rejected":
            before = board.snapshot()
            ((ev_name, _),) = args["event"].items()
            try:
                apply_event(board, args["event"])
            except Exception as err:
                if not isinstance(err, FsmError):
                    return Result(s, False, f"event {n}: internal error {type(err).__name__}: {err}")
                want = args.get("law")
                if want is not None and str(want) != str(err.law):
                    return Result(s, False, f"event {n}: {ev_name} refused under law {err.law}, expected {want}")
                if board.snapshot() != before:
                    return Result(s, False, f"event {n}: the refused {ev_name} changed the board")
            else:
                return Result(s, False, f"event {n}: {ev_name} was accepted, expected a refusal")
        else:
            try:
                steps = apply_event(board, entry)
            except FsmError as err:
                return Result(s, False, f"event {n} ({name}): {err}")
            except Exception as err:  # an engine bug is a failure with its name, never a traceback
                return Result(s, False, f"event {n} ({name}): internal error {type(err).__name__}: {err}")
        if n in s.checkpoints:
            diff = _check(s.checkpoints[n], board, steps)
            if diff:
                return Result(s, False, f"after event {n}: {diff}")
    diff = _check(s.expect, board, steps)
    return Result(s, diff is None, diff or "")


def play(s: Scenario) -> Board:
    """The board a scenario leaves (for notebooks, diagrams and the demo); refused events are skipped."""
    board = board_for(s)
    for entry in s.events:
        if "rejected" not in entry:
            apply_event(board, entry)
    return board


def file_name(text: str) -> str:
    """A file name made from a scenario id: no folder, no parent, nothing hidden."""
    return re.sub(r"[^A-Za-z0-9._-]+|\.{2,}", "_", text).strip("._") or "_"


def corpus_files() -> list[Path]:
    return sorted(CORPUS.glob("*.yaml"))


def iter_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The scenario files named or found in the folders named; a path that is neither a file nor a
    readable folder is yielded as it is, so that loading it reports it by name."""
    for p in map(Path, paths):
        if p.is_dir():
            try:
                found = sorted(x for x in p.rglob("*") if x.suffix in (".yaml", ".yml", ".json"))
            except OSError:
                yield p
                continue
            yield from found
        else:
            yield p


def find(scenario_id: str, paths: Iterable[str | Path] | None = None) -> Scenario:
    for path in iter_files(paths or corpus_files()):
        for s in load(path):
            if s.id == scenario_id:
                return s
    raise ScenarioError(f"scénario « {scenario_id} » introuvable", f"scenario '{scenario_id}' not found", key="id")
