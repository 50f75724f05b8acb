"""The event vocabulary, declared once: each event's name, arguments and their types, the law
that governs it, and its French and English words.

This table drives the validation of an event's arguments into a typed :class:`Event`, the
``Board`` methods (one per event, written as typed source into fsm/bridge/makers.py by ``make docs``), the words of the narrations, the exported machine and the
README's event table. It knows no law beyond the one each event answers to.
"""

from __future__ import annotations

import keyword
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fsm.bridge.calls import Call, Card, Lang, Seat, Strain, parse_call, parse_card, parse_seat, parse_strain
from fsm.bridge.errors import InputError, quoted

if TYPE_CHECKING:
    from fsm.bridge.auction import Entry
    from fsm.bridge.records import Classification


@dataclass(frozen=True)
class Arg:
    """One argument: its name, its type (``seat``, ``call``, ``bool``, ``strains``, ``cards``,
    ``card``, ``suit``), whether it is required, what it means, and the value the log writes when it
    is left out (``logged``; ``None``: the log leaves it out too)."""

    name: str
    type: str
    required: bool = False
    en: str = ""
    logged: Any = None
    # (law, fr, en): the refusal when the rule that takes the event never reads this argument. A
    # Director's judgement given with a call must bear on something that call decides, never be dropped.
    unread: tuple[str, str, str] | None = None


@dataclass(frozen=True)
class EventSpec:
    """One event of the vocabulary.

    ``law`` is the law that answers when the state offers no rule for it at all; an option
    holder's event (``by_state``) is answered by the state's own law instead. ``one_of`` events
    take exactly one of their arguments (``judge``). ``internal`` events are raised by the machine
    itself, never by a player, and never logged.
    """

    name: str
    args: tuple[Arg, ...]
    law: str
    fr: str
    en: str
    meaning: str
    by_state: bool = False
    one_of: bool = False
    internal: bool = False

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(a.name for a in self.args if a.required)

    @property
    def optional(self) -> tuple[str, ...]:
        return tuple(a.name for a in self.args if not a.required)


SEAT = Arg("seat", "seat", True, "the player who makes the event")
JUDGEMENTS = ("comparable", "unintended", "could_see_dummy", "misinformation")
# 23A: the Director judges comparable the call that settles a consequence awaiting (30B1, 31B, 32B), or
# the replacement of an insufficient bid (27B1(b)), or the new call of a change (25B); nothing else.
CARRIED = Arg(
    "comparable",
    "bool",
    unread=(
        "23A",
        "le jugement « comparable » ne porte sur rien que cette déclaration décide : il ne se joint qu'à la "
        "déclaration que l'arbitre doit juger comparable (celle du fautif qui règle une conséquence en attente, "
        "le remplacement d'une enchère insuffisante, le changement de déclaration), et sinon se donne quand il "
        "est attendu",
        "the 'comparable' judgement bears on nothing this call decides: it goes only with the call the Director "
        "must judge comparable (the offender's call settling a consequence awaiting, the replacement of an "
        "insufficient bid, the change of call); otherwise it is given when it is awaited",
    ),
)

SPECS: tuple[EventSpec, ...] = (
    EventSpec("take_cards", (SEAT,), "17A", "sort ses cartes", "takes his cards",
              "17A: that side's auction period begins (only for a board built with `cards_in_board=True`)"),
    EventSpec("call", (SEAT, Arg("call", "call", True), Arg("artificial", "bool"), Arg("specifies", "strains"),
                       CARRIED, Arg("names", "call")), "17D1", "déclare", "calls",
              "any call made at the table; the machine classifies it. `names` is the bid a double or redouble "
              "named, if not the one made (19A3/B3)"),
    EventSpec("substitute", (SEAT, Arg("call", "call", True), Arg("artificial", "bool"), Arg("specifies", "strains"),
                             CARRIED), "25", "remplace sa déclaration par", "replaces his call with",
              "the player replaces his own last call (25), until the end of the auction period: after the final pass "
              "until the lead is faced, after a pass-out until the hands are back in the board (25A5, 22B, 17D2)"),
    EventSpec("director", (), "9B1", "appelle l'arbitre", "calls the Director",
              "the Director is at the table; allowed at any moment; rectifies 36–39 and what the LHO called over "
              "(36A, 37A, 38D, 36C)"),
    EventSpec("withdraw", (SEAT,), "25A6", "reprend sa déclaration", "withdraws his call",
              "the LHO takes back the call he made over a changed call (25A6, 21B2)"),
    EventSpec("accept", (SEAT,), "29A", "accepte", "accepts",
              "the option holder accepts (27A1, 27B4, 29A, 25B; declarer in 54)", by_state=True),
    EventSpec("refuse", (SEAT,), "29A", "n'accepte pas", "refuses",
              "the option holder refuses (27B, 29B, 25B2; declarer in 54D)", by_state=True),
    EventSpec("judge", tuple(Arg(j, "bool") for j in JUDGEMENTS), "12", "l'arbitre juge", "the Director judges",
              "a Director's judgement (one at a time)",
              by_state=True, one_of=True),
    EventSpec("expose", (SEAT, Arg("cards", "cards", True), Arg("led", "bool")), "24", "expose", "exposes",
              "24: cards exposed during the auction"),
    EventSpec("lead", (SEAT, Arg("card", "card", True), Arg("face_down", "bool", logged=False)), "41A", "entame", "leads",
              "41A face-down lead, or a faced lead (in turn, out of turn 54, by the declaring side 54E); "
              "`face_down` is false by default"),
    EventSpec("face_lead", (SEAT,), "41C", "retourne son entame", "faces his lead",
              "41C: the face-down lead is faced; the auction period ends (17D1)"),
    EventSpec("spread", (SEAT,), "54A", "étale son jeu", "spreads his hand",
              "54A: declarer spreads his hand and becomes dummy"),
    EventSpec("prohibit", (SEAT, Arg("suit", "suit", True)), "26B", "interdit", "prohibits",
              "declarer prohibits a suit for the opening lead (26B, 50D2)"),
    EventSpec("require", (SEAT, Arg("suit", "suit", True)), "50D2", "exige", "requires",
              "declarer requires a suit for the opening lead (50D2)"),
    EventSpec("designate", (SEAT, Arg("card", "card", True)), "50D1", "désigne la carte pénalisée à jouer",
              "designates the penalty card to be played",
              "50D1: declarer designates which of the opening leader's two or more penalty cards he must lead"),
    EventSpec("leave_penalty_card", (SEAT,), "50D2", "laisse la carte pénalisée", "leaves the penalty card",
              "50D2: declarer leaves the retracted lead as a major penalty card"),
    EventSpec("review", (SEAT,), "20", "demande un rappel des annonces", "asks for a review of the auction",
              "20: at one's own turn unless required to pass (20B); before the lead, the leader (20C2) and the "
              "leader's partner and presumed declarer (41B); not dummy"),
    EventSpec("explain", (SEAT,), "20", "demande une explication", "asks for an explanation",
              "20F1 at one's own turn unless required to pass; 41B in the clarification period"),
    EventSpec("return_hands", (), "17D2", "les mains retournent dans l'étui", "the hands go back into the board",
              "17D2: after a pass-out"),
    # raised by the machine itself
    EventSpec("auction_ends", (), "22", "fin des annonces ?", "end of the auction?",
              "three passes after a bid, or four passes: the auction would end (22A, 22B; 17D3)", internal=True),
    EventSpec("release_held", (), "9B2", "une déclaration retenue est examinée", "a held call is ruled on",
              "the irregularity it waited for is settled: the oldest call held meanwhile is ruled (28B), or made "
              "afresh", internal=True),
    EventSpec("call_stands", (), "17C", "une déclaration est acquise", "a call stands",
              "a call takes its place in the auction: what waited for it is settled (30A, 31A, 32A, 25A6…)",
              internal=True),
)  # fmt: skip
EVENTS: dict[str, EventSpec] = {s.name: s for s in SPECS}
PLAYER_EVENTS: tuple[str, ...] = tuple(s.name for s in SPECS if not s.internal)


@dataclass(init=False)
class Event:
    """One event, its arguments parsed; ``args`` is its normalised, JSON-able form for the log.

    Only the fields given are set on the instance; the others read their default from the class.
    One event is made at every step, and most set two or three of these eighteen fields.
    """

    name: str
    args: dict[str, Any]
    seat: Seat | None = None
    call: Call | None = None
    artificial: bool = False
    specifies: tuple[Strain, ...] | None = None
    comparable: bool | None = None
    judgement: tuple[str, bool] | None = None
    cards: tuple[Card, ...] = ()
    card: Card | None = None
    led: bool = False
    face_down: bool = False
    suit: Strain | None = None
    names: Call | None = None  # 19A3/19B3: the bid a double or redouble named, if not the one made
    entry: Entry | None = None  # call_stands: the call that took its place
    classification: Classification | None = None  # not set by the dispatch: see fsm.bridge.context.classification_of
    kind: str | None = None  # a call during the auction: its kind, as the decision table `call.kind` decided
    follow: Event | None = None  # an event the machine handles next (acceptance by calling…)

    def __init__(self, name: str, args: dict[str, Any], **given: Any) -> None:
        self.name = name
        self.args = args
        for key, value in given.items():
            if key not in _EVENT_FIELDS:
                raise TypeError(f"Event has no field '{key}'")
            setattr(self, key, value)

    def again(self) -> Event:
        """The same event, to be routed afresh from the state the board has reached."""
        return Event(**{**vars(self), "classification": None, "kind": None, "follow": None})

    def as_log(self) -> dict[str, Any]:
        # The arguments are the event's own, made afresh when it was read, and the step that
        # fired holds the same: the log shares them (Board.record copies them for the caller).
        return {self.name: self.args}


_new_event = object.__new__  # an internal event sets its three fields itself, with no argument handling
_EVENT_FIELDS = frozenset(f.name for f in fields(Event)) - {"name", "args"}


def _bool(name: str, value: Any, lang: Lang | None) -> tuple[bool, bool]:
    if isinstance(value, bool):
        return value, value
    raise InputError(
        f"l'argument « {name} » doit valoir « true » ou « false », pas « {value!r} »",
        f"argument '{name}' must be true or false, not '{value!r}'",
        key=name,
    )


def _items(name: str, value: Any) -> list[Any]:
    if isinstance(value, str):
        return value.split()
    if isinstance(value, (list, tuple)):
        return list(value)
    raise InputError(
        f"l'argument « {name} » doit être une liste ou un texte",
        f"argument '{name}' must be a list or a text",
        key=name,
    )


def _strains(name: str, value: Any, lang: Lang | None) -> tuple[tuple[Strain, ...], list[str]]:
    parsed = tuple(parse_strain(str(s), lang) for s in _items(name, value))
    return parsed, [s.value for s in parsed]


def _cards(name: str, value: Any, lang: Lang | None) -> tuple[tuple[Card, ...], list[str]]:
    parsed = tuple(parse_card(c, lang) for c in _items(name, value))
    if not parsed:
        raise InputError(f"« {name} » est vide", f"'{name}' is empty", key=name)
    logged = [c.pbn() for c in parsed]
    if len(set(logged)) < len(logged):  # one card shown is one card (50B): « S5 S5 » is a slip, not two cards
        twice = next(c for c in parsed if parsed.count(c) > 1)
        raise InputError(
            f"« {name} » nomme deux fois {twice.label('fr')}", f"'{name}' names {twice.label('en')} twice", key=name
        )
    return parsed, logged


def _suit(name: str, value: Any, lang: Lang | None) -> tuple[Strain, str]:
    suit = parse_strain(str(value), lang)
    if not suit.is_suit:
        raise InputError(f"« {name} » doit être une couleur", f"'{name}' must be a suit", key=name)
    return suit, suit.value


_KEPT = 4096  # at most this many texts are kept by each parser below: junk input does not fill the memory


def _remembering(own: type, parse: Callable[[Any, Lang | None], Any], log: Callable[[Any], str]) -> Any:
    """A parser that remembers the texts it has read (most events name one of a few dozen seats and
    calls), and takes a value of its own type as it is."""
    known: dict[tuple[str, Lang | None], tuple[Any, str]] = {}

    def read(name: str, value: Any, lang: Lang | None) -> tuple[Any, str]:
        if type(value) is own:
            return value, log(value)
        if type(value) is not str:
            typed = parse(value, lang)
            return typed, log(typed)
        key = (value, lang)
        got = known.get(key)
        if got is None:
            typed = parse(value, lang)
            got = (typed, log(typed))
            if len(known) < _KEPT:
                known[key] = got
        return got

    return read


_seat = _remembering(Seat, parse_seat, lambda seat: seat._value_)
_call = _remembering(Call, parse_call, lambda call: call.token)


def _card(name: str, value: Any, lang: Lang | None) -> tuple[Card, str]:
    card = parse_card(value, lang)
    return card, card.pbn()


# argument type -> parser (name, raw value, language) -> (typed value, its log form)
PARSERS: dict[str, Callable[[str, Any, Lang | None], tuple[Any, Any]]] = {
    "seat": _seat,
    "call": _call,
    "bool": _bool,
    "strains": _strains,
    "cards": _cards,
    "card": _card,
    "suit": _suit,
}


def _missing(name: str, key: str) -> InputError:
    return InputError(f"« {name} » demande l'argument « {key} »", f"'{name}' needs the argument '{key}'", key=key)


def _unreadable(name: str, key: str | None, value: Any) -> InputError:
    return InputError(
        f"l'argument « {key} » de « {name} » est illisible : {value!r}",
        f"argument '{key}' of '{name}' cannot be read: {value!r}",
        key=key,
    )


def _one_of(name: str, declared: list[str]) -> InputError:
    return InputError(
        f"« {name} » prend exactement un argument parmi {quoted(declared)}",
        f"'{name}' takes exactly one argument among {', '.join(declared)}",
        key=name,
    )


# --- the typed code written from the declarations (fsm/bridge/makers.py) ----------------------------------
MAKERS_PATH = Path(__file__).parent / "makers.py"

# How a Board method's argument is typed, by the declared type of the argument.
_TYPED = {
    "seat": "Seat | str",
    "call": "Call | str",
    "bool": "bool",
    "strains": "str | Sequence[Strain | str]",
    "cards": "str | Sequence[Card | str]",
    "card": "Card | str",
    "suit": "Strain | str",
}


def _maker_source(spec: EventSpec) -> list[str]:
    """The function that checks and types one event's arguments, as :mod:`dataclasses` would write
    it: one parameter per declared argument (``None`` when not given, so that a missing one is
    refused in French and English like any bad input), each checked by the parser of its type,
    with no look-up of the declaration at each event. The log form lists the arguments in their
    declared order. An argument that cannot be read is refused with its name; a missing one too,
    in the declared order."""
    names = [a.name for a in spec.args]
    assert all(n.isidentifier() and not keyword.iskeyword(n) and n not in ("lang", "ev", "args") for n in names)
    params = "".join(f"{n}: Any = None, " for n in names)
    lines = [
        f"def make_{spec.name}({params}lang: Lang | None = None) -> Event:",
        f'    """The ``{spec.name}`` event, its arguments checked and typed."""',
    ]
    for a in spec.args:
        if a.required:
            lines += [f"    if {a.name} is None:", f"        raise _missing({spec.name!r}, {a.name!r})"]
    lines += [
        "    ev = _new(Event)",
        f"    ev.name = {spec.name!r}",
        "    args: dict[str, Any] = {}",
        "    ev.args = args",
    ]
    if names:
        lines += ["    key: str | None = None", "    value: Any = None", "    try:"]
    if spec.one_of:
        pairs = "".join(f"({n!r}, {n}), " for n in names)
        lines += [
            f"        given = [(k, v) for k, v in ({pairs}) if v is not None]",
            "        if len(given) != 1:",
            f"            raise _one_of({spec.name!r}, {names!r})",
            "        key, value = given[0]",
            f"        typed, args[key] = PARSERS[_{spec.name}_types[key]](key, value, lang)",
            "        ev.judgement = (key, typed)",
        ]
    for a in [] if spec.one_of else spec.args:
        body = [f"key, value = {a.name!r}, {a.name}", f"ev.{a.name}, args[{a.name!r}] = _p_{a.type}(key, value, lang)"]
        if a.required:
            lines += [f"        {line}" for line in body]
        else:
            lines += [f"        if {a.name} is not None:"] + [f"            {line}" for line in body]
    if names:
        lines += [
            "    except InputError as err:",
            "        if key is not None:",
            "            err.details.setdefault('key', key)",
            "        raise",
            "    except (TypeError, ValueError, AttributeError, KeyError):",
            f"        raise _unreadable({spec.name!r}, key, value) from None",
        ]
    for a in spec.args:  # the log says how the act was made: a lead is face up unless said otherwise
        if a.logged is not None:
            lines.append(f"    args.setdefault({a.name!r}, {a.logged!r})")
    lines.append("    return ev")
    if spec.one_of:
        types = ", ".join(f"{a.name!r}: {a.type!r}" for a in spec.args)
        lines = [f"_{spec.name}_types = {{{types}}}  # the declared type of each argument", "", "", *lines]
    return lines


def _method_source(spec: EventSpec) -> list[str]:
    """A ``Board`` method for one declared event, typed: the declared arguments go straight to
    the event's checked constructor."""
    params = ["*"] if spec.one_of else []
    for a in spec.args:
        typed = _TYPED[a.type]
        params.append(f"{a.name}: {typed}" if a.required and not spec.one_of else f"{a.name}: {typed} | None = None")
    if not spec.one_of:
        params.append("*")
    params.append("lang: Lang | None = None")
    given = "".join(f"{a.name}, " for a in spec.args)
    meaning = spec.meaning.replace("\\", "\\\\").replace('"', "'")
    return [
        f"    def {spec.name}(self, {', '.join(params)}) -> list[Step]:",
        f'        """The ``{spec.name}`` event: {meaning}"""',
        f"        return self._run(make_{spec.name}({given}lang=lang))",
    ]


def makers_source() -> str:
    """fsm/bridge/makers.py as the declarations write it (``make docs`` writes it; a test checks it is current)."""
    player = [s for s in SPECS if not s.internal]
    types = sorted({a.type for s in player for a in s.args if not s.one_of})
    out = [
        '"""Written from the event declarations of :mod:`fsm.bridge.events` by ``make docs``: do not edit.',
        "",
        "The checked constructor of each player event (``make_call``…, and :data:`MAKERS` by name), and",
        "the typed methods the ``Board`` has for them (:class:`EventMethods`). Written once as source",
        "rather than made at import: a type checker reads them, and nothing is executed from text.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from collections.abc import Callable, Sequence",
        "from typing import Any",
        "",
        "from fsm.bridge.calls import Call, Card, Lang, Seat, Strain",
        "from fsm.bridge.events import PARSERS, Event, InputError, _missing, _one_of, _unreadable, reading",
        "from fsm.engine.journal import Step",
        "",
        "_new = object.__new__",
        *[f"_p_{t} = PARSERS[{t!r}]" for t in types],
    ]
    for spec in player:
        out += ["", "", *_maker_source(spec)]
    out += ["", "", "MAKERS: dict[str, Callable[..., Event]] = {"]
    out += [f"    {s.name!r}: make_{s.name}," for s in player]
    out += ["}", "reading(MAKERS)", "", ""]
    out += [
        "class EventMethods:",
        '    """One method per player event, each returning the steps it fired."""',
        "",
        "    def _run(self, event: Event) -> list[Step]:",
        "        raise NotImplementedError",
    ]
    for spec in player:
        out += ["", *_method_source(spec)]
    return "\n".join(out) + "\n"


def formatted_makers() -> str:
    """:func:`makers_source` as the project's formatter lays it out (ruff, a test dependency)."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--stdin-filename", str(MAKERS_PATH), "-"],
        input=makers_source(), capture_output=True, text=True, check=True, cwd=MAKERS_PATH.parents[2],
    )  # fmt: skip
    return done.stdout


_EVENT_PARSERS: dict[str, Callable[[dict[str, Any] | None, Lang | None], Event]] = {}


def _compile(spec: EventSpec, make: Callable[..., Event]) -> Callable[[dict[str, Any] | None, Lang | None], Event]:
    """An event read from a mapping (a log, a scenario, the oracle): its keys checked against the
    declaration, then its values by the event's maker."""
    name = spec.name
    declared = {a.name: a for a in spec.args}
    keys = frozenset(declared)

    def parse(raw: dict[str, Any] | None, lang: Lang | None) -> Event:
        if raw is None:
            return make(lang=lang)
        if not isinstance(raw, dict):
            raise InputError(
                f"les arguments de « {name} » sont une table", f"the arguments of '{name}' must be a mapping", key=name
            )
        if None in raw.values():  # an argument given as None is an argument not given
            raw = {k: v for k, v in raw.items() if v is not None}
        if not raw.keys() <= keys:
            unknown = sorted(str(k) for k in raw if k not in declared)
            raise InputError(
                f"« {name} » ne prend pas l'argument « {unknown[0]} »", f"'{name}' takes no argument '{unknown[0]}'",
                key=unknown[0],
            )  # fmt: skip
        return make(**raw, lang=lang)

    return parse


def reading(makers: dict[str, Callable[..., Event]]) -> None:
    """Hand the player events' constructors to :func:`parse_event` (fsm/bridge/makers.py does, when loaded)."""
    _EVENT_PARSERS.update({s.name: _compile(s, makers[s.name]) for s in SPECS if not s.internal})


def parse_event(name: str, raw: dict[str, Any] | None, lang: Lang | None = None) -> Event:
    """Validate and type one event from its declaration; the log form keeps PBN tokens whatever ``lang`` was used.

    The constructors are fsm/bridge/makers.py's, loaded with the package (:mod:`fsm` imports the board)."""
    parse = _EVENT_PARSERS.get(name) if isinstance(name, str) else None
    if parse is None:
        raise InputError(
            f"événement inconnu « {name} » (connus : {quoted(PLAYER_EVENTS)})",
            f"unknown event '{name}' (known: {', '.join(PLAYER_EVENTS)})",
            key=str(name),
        )
    return parse(raw, lang)


def call_event(entry: Entry) -> Event:
    """The ``call`` event that makes this auction entry again (a replacement held, then made)."""
    args = {"seat": entry.seat.value, "call": entry.call.pbn()}
    return Event("call", args, seat=entry.seat, call=entry.call, artificial=entry.artificial, specifies=entry.specifies)


def internal(name: str, entry: Entry | None = None) -> Event:
    """An event the machine raises itself (``auction_ends``, ``call_stands``)."""
    event = _new_event(Event)
    event.name, event.args, event.entry = name, {}, entry
    return event


def markdown_table() -> str:
    """The README's event table, written from the declarations."""
    lines = ["| event | arguments | meaning |", "|---|---|---|"]
    for spec in SPECS:
        if spec.internal:
            continue
        required = ", ".join(f"`{a}`" for a in spec.required)
        optional = ", ".join(f"`{a}`" for a in spec.optional)
        if spec.one_of:
            args = "exactly one of " + optional
        else:
            args = ", ".join(x for x in (required, f"optional {optional}" if optional else "") if x) or "—"
        lines.append(f"| `{spec.name}` | {args} | {spec.meaning} |")
    return "\n".join(lines)
