"""The effects the rules' actions are written with: what an action may change on the board record.

Each effect is a primitive change of the record the snapshot describes (a call added, its status
changed, an irregularity opened, a record appended to a collection or removed from it, a field
set), with its parameters; its values are expressions over the context of :mod:`fsm.bridge.context`.
An action is a list of them (with the engine's ``if``, ``each`` and ``with``): the Python runs
them through :mod:`fsm.engine.effects`, the export publishes them, and another implementation
applies the same list to its own board (docs/effects.md, written from these tables).

Calls are named by their number (``n``), their identity across status changes; seats, cards,
calls and strains are the context's JSON values.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from fsm.bridge.auction import PENDING, STANDING, Entry, relation
from fsm.bridge.calls import Seat, Strain
from fsm.bridge.context import CONTEXT, as_call, as_card, classification_of
from fsm.bridge.errors import IllegalEvent
from fsm.bridge.events import Event, call_event, internal
from fsm.bridge.growing import plus
from fsm.bridge.records import (
    CallKind,
    Classification,
    Deferred,
    Exposure,
    Held,
    Irregularity,
    Lead,
    LeadConstraint,
    LeadRestriction,
    Obligation,
    PenaltyCard,
    Pending,
    Returned,
    UnauthorizedInformation,
)
from fsm.engine.effects import EffectVocabulary, Param

if TYPE_CHECKING:
    from fsm.bridge.table import Table

EFFECTS = EffectVocabulary(CONTEXT)
effect = EFFECTS.effect

STATUSES = ("standing", "pending", "cancelled", "withdrawn")


def _entry(table: Table, n: Any) -> Entry:
    return table.auction.entry(n)  # a rule names only calls on the record


def _seats(values: Any) -> tuple[Seat, ...]:
    return tuple(Seat(s) for s in values)


def _raise_stands(table: Table, entry: Entry) -> None:
    table.raise_event(internal("call_stands", entry))


# --- calls -----------------------------------------------------------------------------------------
@effect(
    "call",
    "A call is added at the end of the record with the given status (a standing call raises "
    "`call_stands`). Without `call`, it is the event's call, with what the Director said of it "
    "(artificial, the denominations it specifies). With `into`, the irregularity on the table "
    "keeps it as that field.",
    (
        Param("status", "its status", kind="name", choices=STATUSES),
        Param("seat", "who made it; null: the event's player", None),
        Param("call", "the call; null: the event's", None),
        Param("law", "the law that cancelled it, if it is added cancelled", None),
        Param("into", "the irregularity's field that keeps it", None, "name", ("entry", "replacement", "held")),
    ),
    ({"call": {"status": "standing"}}, {"call": {"status": "pending", "into": "replacement"}}),
)
def _call(table: Table, event: Event, status: str, seat: Any, call: Any, law: Any, into: Any) -> None:
    who = event.seat if seat is None else Seat(seat)
    assert who is not None
    if call is None:
        assert event.call is not None
        entry = Entry(who, event.call, status, event.artificial, event.specifies, law)
    else:
        entry = Entry(who, as_call(call), status, law=law)  # type: ignore[arg-type]
    entry = table.auction.add(entry)
    if status == STANDING:
        table.raised.append(internal("call_stands", entry))  # as Table.raise_event, one call fewer per call
    if into is not None:
        irr = table.irregularity
        assert irr is not None
        changes: dict[str, Any] = {into: entry}
        table.irregularity = replace(irr, **changes)


@effect(
    "status",
    "The call numbered `n` gets a new status, and the law that gave it (kept if none is given). "
    "Nothing is raised: a call that stands again this way is not a new call.",
    (
        Param("n", "the call's number"),
        Param("status", "its new status", kind="name", choices=STATUSES),
        Param("law", "the law", None),
    ),
    ({"status": {"n": {"var": "irregularity.n"}, "status": "cancelled", "law": "29B"}},),
)
def _status(table: Table, event: Event, n: Any, status: str, law: Any) -> None:
    table.auction.set_status(_entry(table, n), status, law)


@effect(
    "stand",
    "The call numbered `n` stands where it was made, and `call_stands` is raised for it.",
    (Param("n", "the call's number"),),
    ({"stand": {"n": {"var": "irregularity.n"}}},),
)
def _stand(table: Table, event: Event, n: Any) -> None:
    _raise_stands(table, table.auction.set_status(_entry(table, n), STANDING))


@effect(
    "remake",
    "The call numbered `n` leaves the record and is made afresh: once this event is over, it is "
    "handled as a new call event by the same player (a call held until a ruling).",
    (Param("n", "the call's number"),),
)
def _remake(table: Table, event: Event, n: Any) -> None:
    entry = _entry(table, n)
    table.auction.drop(entry)
    event.follow = call_event(entry)


@effect(
    "move_after",
    "The call numbered `n` leaves its place and stands right after the call numbered `after` "
    "(25A, 25B1, 21B1: the new call takes the place of the one it replaces).",
    (Param("n", "the call that moves"), Param("after", "the call it follows")),
)
def _move_after(table: Table, event: Event, n: Any, after: Any) -> None:
    table.auction.move_after(_entry(table, n), _entry(table, after))


@effect(
    "cancel_from",
    "The call numbered `n` and every call made after it that stands or awaits a ruling are cancelled "
    "under `law` (36A, 38B); each is unauthorized information under `ui_law` (16C) for `offender` and "
    "his partner, except for its own maker, and, if it awaited a ruling itself, for its maker's partner. "
    "A held call among them is no longer held, and the "
    "irregularity on the table, if its call is among them, is gone with it.",
    (
        Param("n", "the first call cancelled"),
        Param("law", "the law"),
        Param("offender", "the offender"),
        Param("ui_law", "the law that makes each cancelled call unauthorized information"),
    ),
)
def _cancel_from(table: Table, event: Event, n: Any, law: str, offender: Any, ui_law: str) -> None:
    o = Seat(offender)
    irregular = {e.n for e in table.auction.entries if e.status == PENDING}  # on the table, or held
    irregular |= {p.entry.n for p in table.pending if p.entry is not None}  # called over, awaiting him
    cancelled = table.auction.cancel_from(_entry(table, n), law)
    for e in cancelled:
        # a later call that was itself irregular (awaiting its ruling) is also UI for its maker's partner
        told = (o, o.partner, *((e.seat.partner,) if e.n in irregular else ()))
        _add_ui(table, e.token(), tuple(dict.fromkeys(s for s in told if s is not e.seat)), ui_law)
    gone = {e.n for e in cancelled}
    table.held = tuple(h for h in table.held if h.entry.n not in gone)
    if table.irregularity is not None and table.irregularity.entry.n in gone:
        table.irregularity = None


@effect(
    "cancel_deprived_passes",
    "17D3: the passes that follow the last call are cancelled from the first one that skipped a player "
    "(the turn goes back to him); each is unauthorized information under `ui_law` (16C) for the members "
    "of every side one of whose passes skipped a player, except for its own maker.",
    (
        Param("law", "the law that cancels them"),
        Param("ui_law", "the law that makes each cancelled pass unauthorized information"),
    ),
)
def _cancel_deprived_passes(table: Table, event: Event, law: str, ui_law: str) -> None:
    auction = table.auction
    passes = auction.passes_since_last_call()
    first = auction.rotation_break([e.seat for e in passes])
    assert first is not None
    sides = {e.seat.side for e in auction.skipping_passes()}
    offenders = tuple(s for s in Seat if s.side in sides)
    for entry in passes[first:]:
        cancelled = auction.set_status(entry, "cancelled", law)
        _add_ui(table, cancelled.token(), tuple(s for s in offenders if s is not entry.seat), ui_law)


def _add_ui(table: Table, source: str, seats: tuple[Seat, ...], law: str) -> None:
    table.unauthorized_information = plus(table.unauthorized_information, UnauthorizedInformation(source, seats, law))


# --- the irregularity on the table ------------------------------------------------------------------
@effect(
    "irregularity",
    "An irregular call is on the table, awaiting an option holder or the Director. Without `n`, the "
    "event's call is added as `pending`; with `n`, that call is the one (made `pending` unless `status` "
    "is `standing`). Without `kind`, it is what the event's call was classified as; with it, the kind "
    "and `turn` (whose turn it was) give the classification, and the relation is worked out.",
    (
        Param("n", "an existing call's number; null: the event's call", None),
        Param("status", "the existing call's status", "pending", "name", ("pending", "standing")),
        Param("kind", "the kind (a `call.kind`); null: the event's classification", None),
        Param("turn", "whose turn it was, with `kind`", None),
        Param("director", "the Director is at the table", False),
        Param("deferred", "the deferred consequence it settles (an item of `table.deferred`)", None),
    ),
    ({"irregularity": {}},),
)
def _irregularity(
    table: Table, event: Event, n: Any, status: str, kind: Any, turn: Any, director: Any, deferred: Any
) -> None:
    classification = classification_of(table, event) if kind is None else None  # before the call is added
    if n is None:
        assert event.seat is not None and event.call is not None
        entry = table.auction.add(
            Entry(event.seat, event.call, PENDING, artificial=event.artificial, specifies=event.specifies)
        )
    else:
        entry = _entry(table, n)
        if status == PENDING:
            entry = table.auction.set_status(entry, PENDING)
    if classification is None:
        t = Seat(turn)
        classification = Classification(
            CallKind[str(kind).upper()], t, relation(entry.seat, t, table.auction.has_called(entry.seat))
        )
    table.irregularity = Irregularity(
        entry, classification, director=bool(director), deferred=_deferred(deferred) if deferred else None
    )


def _deferred(item: dict[str, Any]) -> Deferred:
    return Deferred(Seat(item["offender"]), item["law"], item["original"], Seat(item["waiting_for"]))


_ENTRY_FIELDS = ("entry", "replacement", "held", "original")
_SCALARS: dict[str, Callable[[Any], Any]] = {
    "irregularity.director": bool,
    "irregularity.comparable": lambda v: v,
    "table.misinformation_ruled": bool,
    "table.must_accept_lead": bool,
    "table.roles_swapped": bool,
    "table.withdraw_law": str,
}
SETTABLE = (
    "irregularity",
    *(f"irregularity.{f}" for f in _ENTRY_FIELDS),
    *_SCALARS,
    "table.withdrawable",
    "table.opening_lead",
)


@effect(
    "set",
    "A field of the record gets a value: `irregularity` (null: the irregularity is over), the "
    "irregularity's calls `entry` `replacement` `held` `original` (a call's number, or null), "
    "`table.withdrawable` (a call's number, or null), `table.opening_lead` (`{seat, card, faced}`, "
    "or null), and the flags and words of the record.",
    (
        Param("field", "the field", kind="name", choices=SETTABLE),
        Param("value", "its value", None),
        Param("fields", "for `table.opening_lead`: the lead's fields", None, "fields"),
    ),
    ({"set": {"field": "irregularity", "value": None}}, {"set": {"field": "irregularity.director", "value": True}}),
)
def _set(table: Table, event: Event, field: str, value: Any, fields: Any) -> None:
    if field == "irregularity":
        assert value is None
        table.irregularity = None
        return
    owner, _, name = field.partition(".")
    if owner == "irregularity":
        irr = table.irregularity
        assert irr is not None
        if name in _ENTRY_FIELDS:
            value = _entry(table, value) if value is not None else None
        else:
            value = _SCALARS[field](value)
        changes: dict[str, Any] = {name: value}
        table.irregularity = replace(irr, **changes)
    elif name == "withdrawable":
        table.withdrawable = _entry(table, value) if value is not None else None
    elif name == "opening_lead":
        lead = fields if fields is not None else value
        table.opening_lead = (
            Lead(Seat(lead["seat"]), as_card(lead["card"]), bool(lead["faced"])) if lead is not None else None  # type: ignore[arg-type]
        )
    else:
        setattr(table, name, _SCALARS[field](value))


# --- the collections of the record -------------------------------------------------------------------
def _pending(table: Table, x: dict[str, Any]) -> Pending:
    n = x.get("n")
    return Pending(x["law"], x["source"], _entry(table, n) if n is not None else None, x.get("awaits") or "director")


# Each collection: how a record is made from its fields (the items of ``table.<name>``).
_MAKERS: dict[str, Any] = {
    "obligations": lambda t, x: Obligation(Seat(x["seat"]), x["kind"], x["law"], x.get("call"), x.get("n")),
    "deferred": lambda t, x: _deferred(x),
    "pending": _pending,
    "held": lambda t, x: Held(_entry(t, x["n"]), Seat(x["turn"]) if x.get("turn") is not None else None),
    "unauthorized_information": lambda t, x: UnauthorizedInformation(x["source"], _seats(x["for"]), x["law"]),
    "lead_restrictions": lambda t, x: LeadRestriction(Seat(x["seat"]), x["law"], Seat(x["offender"]), x["source"]),
    "penalty_cards": lambda t, x: PenaltyCard(Seat(x["seat"]), as_card(x["card"]), x["kind"], x["law"]),  # type: ignore[arg-type]
    "lead_constraints": lambda t, x: LeadConstraint(
        Seat(x["seat"]), x["kind"], Strain(x["suit"]), x["law"], as_card(x.get("card"))
    ),
    "exposed": lambda t, x: Exposure(Seat(x["seat"]), as_card(x["card"]), bool(x["major"]), x["law"]),  # type: ignore[arg-type]
    "returned_cards": lambda t, x: Returned(Seat(x["seat"]), as_card(x["card"]), x["law"]),  # type: ignore[arg-type]
    "reviews": lambda t, x: x,
    "sides_with_cards": lambda t, x: x,
}
COLLECTIONS = tuple(_MAKERS)
_READ = {name: CONTEXT.variables[f"table.{name}"].get for name in COLLECTIONS}


def _items(table: Table, name: str) -> list[Any]:
    return list(_READ[name](table, None))


@effect(
    "append",
    "A record is added at the end of a collection of the record (`table.<to>`): `fields` gives it "
    "field by field (an item of that collection), `value` whole (a law in `reviews`, a side in "
    "`sides_with_cards`). With `unless_same`, nothing is added when an item already has the same "
    "values of those fields (or, for a plain value, the same value).",
    (
        Param("to", "the collection", kind="name", choices=COLLECTIONS),
        Param("fields", "the new item's fields", None, "fields"),
        Param("value", "the new item, whole", None),
        Param("unless_same", "the fields that make two items the same", None, "literal"),
    ),
    (
        {"append": {"to": "obligations", "fields": {"seat": "S", "kind": "pass_rest", "law": "27B2"}}},
        {"append": {"to": "reviews", "value": "72C", "unless_same": []}},
    ),
)
def _append(table: Table, event: Event, to: str, fields: Any, value: Any, unless_same: Any) -> None:
    item = fields if fields is not None else value
    if unless_same is not None:
        for x in _items(table, to):
            if (x == item) if not unless_same else all(x.get(k) == item.get(k) for k in unless_same):
                return
    setattr(table, to, plus(getattr(table, to), _MAKERS[to](table, item)))


@effect(
    "remove",
    "Items leave a collection of the record: every item for which `where` holds (`var` reads the "
    "item, `ctx` the context), or the first item equal to `value` (nothing if none is).",
    (
        Param("from", "the collection", kind="name", choices=COLLECTIONS),
        Param("where", "which items leave", None, "item"),
        Param("value", "the item that leaves", None),
    ),
    ({"remove": {"from": "obligations", "where": {"==": [{"var": "kind"}, "pass_next_turn"]}}},),
)
def _remove(table: Table, event: Event, name: str, where: Any, value: Any) -> None:
    records = getattr(table, name)
    if not records:
        return
    items = _items(table, name)
    if where is not None:
        kept = tuple(r for r, x in zip(records, items, strict=True) if not where(table, event, x))
    else:
        i = next((i for i, x in enumerate(items) if x == value), None)
        kept = records if i is None else records[:i] + records[i + 1 :]
    setattr(table, name, kept)


@effect(
    "update",
    "A field of every item of a collection for which `where` holds gets the value `value` "
    "(both read on the item, `var`, and the context, `ctx`).",
    (
        Param("in", "the collection", kind="name", choices=COLLECTIONS),
        Param("where", "which items change", kind="item"),
        Param("field", "the field", kind="literal"),
        Param("value", "its new value, read on the item", kind="item"),
    ),
    (
        {
            "update": {
                "in": "penalty_cards",
                "where": {">=": [{"penalty_cards_held": [{"var": "seat"}]}, 2]},
                "field": "kind",
                "value": "major",
            }
        },
    ),
)
def _update(table: Table, event: Event, name: str, where: Any, field: str, value: Any) -> None:
    records = getattr(table, name)
    out = []
    for r, x in zip(records, _items(table, name), strict=True):
        if where(table, event, x):
            r = _MAKERS[name](table, {**x, field: value(table, event, x)})
        out.append(r)
    setattr(table, name, tuple(out))


# --- the end of the auction -------------------------------------------------------------------------
@effect(
    "set_aside",
    "22: the obligations and deferred consequences in force end with the auction; they are kept aside "
    "(`obligations_at_end`, `deferred_at_end`) in case a change of call reopens it (25A5, 21B1).",
)
def _set_aside(table: Table, event: Event) -> None:
    table.obligations_at_end = table.obligations
    table.deferred_at_end = table.deferred
    table.obligations = ()
    table.deferred = ()


@effect(
    "reopen",
    "25A5, 21B1: if the auction is over, the obligations and deferred consequences kept aside when it "
    "ended are in force again, before those in force now.",
)
def _reopen(table: Table, event: Event) -> None:
    if table.auction.is_over():
        table.obligations = (*table.obligations_at_end, *table.obligations)
        table.deferred = (*table.deferred_at_end, *table.deferred)
        table.obligations_at_end = ()
        table.deferred_at_end = ()


@effect(
    "unsettle_exposed",
    "25A5, 21B1: if the auction is over and a change reopens it, the cards settled at its end (24D, 24E) "
    "are exposed cards of the auction again, to be settled when it ends, and the lead constraints "
    "declarer chose (26B, 50D) lapse with the lead they were for.",
)
def _unsettle_exposed(table: Table, event: Event) -> None:
    if table.auction.is_over():
        kept = table.exposed_at_end
        settled = {(x.seat, x.card) for x in kept}
        table.penalty_cards = tuple(p for p in table.penalty_cards if (p.seat, p.card) not in settled)
        table.returned_cards = tuple(r for r in table.returned_cards if (r.seat, r.card) not in settled)
        table.exposed = (*kept, *(x for x in table.exposed if (x.seat, x.card) not in settled))
        table.exposed_at_end = ()
        table.lead_constraints = ()


@effect(
    "keep_exposed",
    "24D, 24E: the exposed cards, about to be settled at the end of the auction, are kept aside "
    "(`exposed_at_end`) in case a change of call reopens it (25A5, 21B1).",
)
def _keep_exposed(table: Table, event: Event) -> None:
    kept = {(x.seat, x.card) for x in table.exposed_at_end}
    table.exposed_at_end = (*table.exposed_at_end, *(x for x in table.exposed if (x.seat, x.card) not in kept))


# --- what happens next -------------------------------------------------------------------------------
@effect(
    "again",
    "Once this event is over, the same event is handled afresh from the state the board has reached "
    "(an acceptance by calling: the LHO's call is then dealt with).",
)
def _again(table: Table, event: Event) -> None:
    event.follow = event.again()


@effect(
    "follow",
    "Once this event is over, the Director's judgement `key` = `value` is handled as a `judge` event.",
    (Param("key", "the judgement", kind="literal"), Param("value", "its value", kind="literal")),
)
def _follow(table: Table, event: Event, key: str, value: Any) -> None:
    event.follow = Event("judge", {key: value}, judgement=(key, value))


@effect(
    "refuse",
    "The event is refused under `law`, with its reason in French and English; the board is left as it was.",
    (Param("law", "the law"), Param("fr", "the reason in French"), Param("en", "the reason in English")),
)
def _refuse(table: Table, event: Event, law: Any, fr: Any, en: Any) -> None:
    raise IllegalEvent(str(fr), str(en), law=str(law))


# --- writing actions --------------------------------------------------------------------------------
# Small builders the law modules write their effect lists with; what they build is plain JSON.
def e_call(status: str, **params: Any) -> dict[str, Any]:
    return {"call": {"status": status, **params}}


def e_status(n: Any, status: str, law: str | None = None) -> dict[str, Any]:
    return {"status": {"n": n, "status": status, **({"law": law} if law is not None else {})}}


def e_stand(n: Any) -> dict[str, Any]:
    return {"stand": {"n": n}}


def e_set(field: str, value: Any = None, **fields: Any) -> dict[str, Any]:
    return {"set": {"field": field, "fields": fields}} if fields else {"set": {"field": field, "value": value}}


def e_append(to: str, value: Any = None, unless_same: list[str] | None = None, **fields: Any) -> dict[str, Any]:
    """An item added to ``table.<to>``: given field by field, every field its collection declares is given
    (a nullable one left out is written null), but those it declares optional; or given whole (``value``)."""
    body: dict[str, Any] = {"to": to}
    if fields:
        declared = CONTEXT.variables[f"table.{to}"]
        for name, doc in declared.items.items():
            if name not in fields and name not in declared.optional:
                if "|null" not in doc.partition(":")[0]:
                    raise ValueError(f"append to '{to}' leaves out the declared field '{name}'")
                fields[name] = None
        unknown = set(fields) - set(declared.items)
        if unknown:
            raise ValueError(f"append to '{to}' gives fields it does not declare: {sorted(unknown)}")
        body["fields"] = fields
    else:
        body["value"] = value
    if unless_same is not None:
        body["unless_same"] = unless_same
    return {"append": body}


def e_remove(collection: str, where: Any = None, value: Any = None) -> dict[str, Any]:
    return {"remove": {"from": collection, **({"where": where} if where is not None else {"value": value})}}


def e_if(condition: Any, then: list[Any], otherwise: list[Any] | None = None) -> dict[str, Any]:
    return {"if": [condition, then] + ([otherwise] if otherwise is not None else [])}


def e_each(array: Any, effects: list[Any]) -> dict[str, Any]:
    return {"each": [array, effects]}


def e_with(value: Any, effects: list[Any]) -> dict[str, Any]:
    return {"with": [value, effects]}


def e_lead_back(law: str) -> list[dict[str, Any]]:
    """The opening lead, if one is on the table, goes back to its hand under ``law`` (kept in ``returned``);
    a penalty card led stays face up on the table (a penalty card until the lead stands, 41A, 54D; an
    exposed card again if the auction is reopened, 25A5, 21B1)."""
    seat, card = {"ctx": "table.lead.seat"}, {"ctx": "table.lead.card"}  # ctx: also inside a `with`
    this = {"and": [{"==": [{"var": "seat"}, seat]}, {"==": [{"var": "card"}, card]}]}
    face_up = {"or": [{"some": [{"ctx": "table.penalty_cards"}, this]}, {"some": [{"ctx": "table.exposed"}, this]}]}
    return [
        e_if({"and": [{"!=": [seat, None]}, {"!": face_up}]}, e_back_to_hand(seat, card, law)),
        e_set("table.opening_lead", None),
    ]


def e_out_of_hand(seat: Any, card: Any = None, cards: Any = None) -> dict[str, Any]:
    """``card`` (or each of ``cards``) of ``seat`` leaves the hand for the table (exposed, led, a penalty
    card): if it had gone back to the hand before, it is no longer among ``returned_cards``, for a card
    is in one place only. ``seat``, ``card`` and ``cards`` are read on the context (``ctx``)."""
    which = {"==": [{"var": "card"}, card]} if cards is None else {"in": [{"var": "card"}, cards]}
    return e_remove("returned_cards", {"and": [{"==": [{"var": "seat"}, seat]}, which]})


def e_back_to_hand(seat: Any, card: Any, law: Any) -> list[dict[str, Any]]:
    """``card`` of ``seat`` goes back to the hand under ``law``: one record in ``returned_cards``, the
    latest law's, however often it went back (``seat`` and ``card`` read on the context, ``ctx``)."""
    return [e_out_of_hand(seat, card), e_append("returned_cards", seat=seat, card=card, law=law)]


def e_ui(source: Any, seats: Any, law: str = "16C") -> dict[str, Any]:
    """16C: ``source`` (a call or card with its maker) is unauthorized information for ``seats``."""
    return e_append("unauthorized_information", source=source, law=law, **{"for": seats})


def e_review(*laws: str) -> list[dict[str, Any]]:
    """72C, 23C, 27D: the Director may adjust the score after play (each law once)."""
    return [e_append("reviews", law, unless_same=[]) for law in laws]


def e_refuse(law: Any, fr: Any, en: Any) -> dict[str, Any]:
    return {"refuse": {"law": law, "fr": fr, "en": en}}


CLOSE = e_set("irregularity", None)
AGAIN: dict[str, Any] = {"again": {}}
