"""The board context the guards' expressions read, and the bridge operators they may use.

Each variable is a value of the board (the table record) or of the event being handled, under a
dotted name, with its JSON type and meaning; each operator is a piece of bridge arithmetic that
plain JsonLogic makes awkward (the seat to the left, whether a bid is sufficient...). Another
implementation builds the same context from its own board and implements the same operators
from their definitions (docs/expressions.md, written from these tables), and then evaluates the
exported expressions as they are.

Values are JSON values: seats ``"N" "E" "S" "W"``, sides ``"NS" "EW"``, calls as PBN tokens
(``"1H"``, ``"Pass"``, ``"X"``, ``"XX"``), cards as PBN tokens (``"SK"``, ``"HT"``), strains
``"C" "D" "H" "S" "NT"``, laws as their clause (``"27B2"``). A value that does not exist now
(no irregularity on the table, no declarer yet) is ``null``. Seats and strains are Python
``str`` enumerations, equal to their letters, so the Python getters hand them over as they are.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from fsm.bridge.auction import Entry, Relation, relation
from fsm.bridge.calls import Call, Card, Seat, parse_call, parse_card
from fsm.bridge.records import REPEAT_CALL, CallKind, Classification, LeadConstraint, Obligation
from fsm.bridge.table import restricted_by, suits_open
from fsm.engine.expr import Vocabulary

if TYPE_CHECKING:
    from fsm.bridge.events import Event
    from fsm.bridge.table import Table

CONTEXT = Vocabulary()
# FSM_NATIVE=0: every definition of the law data evaluated from its expression, not the host's version of it.
CONTEXT.use_natives = os.environ.get("FSM_NATIVE", "1") != "0"
var = CONTEXT.variable
op = CONTEXT.operator
# The host's own versions of definitions of the law data (fsm/laws/definitions.py), equal to them.
native = CONTEXT.native

_CALLS: dict[str, Call] = {}
_CARDS: dict[str, Card] = {}


def _once(cache: dict[str, Any], parse: Any, kind: type, token: Any) -> Any:
    """A call or card from its token, parsed once per token (an operator is asked at every event)."""
    if token is None or isinstance(token, kind):
        return token
    value = cache.get(token)
    if value is None:
        value = cache[token] = parse(token)
    return value


def as_call(token: Any) -> Call | None:
    found = _CALLS.get(token) if type(token) is str else None  # the common case, in one look-up
    return found if found is not None else _once(_CALLS, parse_call, Call, token)  # type: ignore[no-any-return]


def as_card(token: Any) -> Card | None:
    found = _CARDS.get(token) if type(token) is str else None
    return found if found is not None else _once(_CARDS, parse_card, Card, token)  # type: ignore[no-any-return]


_SEATS = {s.value: s for s in Seat}


def _seat(value: Any) -> Seat | None:
    """A seat from its letter (a seat is its own letter: found in one look-up, not by the enumeration)."""
    if value is None or type(value) is Seat:
        return value  # type: ignore[no-any-return]
    return _SEATS[value]


def _token(call: Call | None) -> str | None:
    return call.token if call is not None else None


# --- the event ---------------------------------------------------------------------------------
var("event.name", "string", "the event's name (`call`, `accept`, `call_stands`...)")(lambda t, e: e.name)
var("event.seat", "seat|null", "the player who makes the event (null for the Director's events)")(lambda t, e: e.seat)
var("event.call", "call|null", "the call made, substituted or replaced")(
    lambda t, e: e.call.token if e.call is not None else None  # read by most guards: no call of its own
)
var("event.artificial", "boolean", "the Director's word that the call is artificial")(lambda t, e: e.artificial)
var("event.specifies", "strain[]|null", "the Director's word on the denominations the call specifies")(
    lambda t, e: list(e.specifies) if e.specifies is not None else None
)
var("event.comparable", "boolean|null", "the judgement « comparable » the call carries, if any")(
    lambda t, e: e.comparable
)
var("event.names", "call|null", "the bid a double or redouble named, if not the last bid (19A3, 19B3)")(
    lambda t, e: e.names.token if e.names is not None else None  # asked at every regular call
)
var("event.cards", "card[]", "the cards exposed (24)")(lambda t, e: [c.pbn() for c in e.cards])
var("event.card", "card|null", "the card led")(lambda t, e: e.card.pbn() if e.card is not None else None)
var("event.led", "boolean", "the exposed card was led prematurely (24B)")(lambda t, e: e.led)
var("event.face_down", "boolean", "the lead is made face down (41A)")(lambda t, e: e.face_down)
var("event.suit", "strain|null", "the suit declarer names (26B, 50D2)")(lambda t, e: e.suit)


def _judgement(key: str) -> None:
    def get(t: Table, e: Event) -> Any:
        j = e.judgement
        return j[1] if j is not None and j[0] == key else None

    var(f"event.judgement.{key}", "boolean|null", f"the Director's judgement `{key}`, if that is the one given")(get)


for _key in ("comparable", "unintended", "could_see_dummy", "misinformation"):
    _judgement(_key)

_KINDS = {k.name.lower(): k for k in CallKind}


# Keyed by the letters of the seat and relation, whose hash is the text's own (an enumeration member's
# hash is a Python call): a classification is made at every call.
_CLASSIFICATIONS: dict[tuple[str, str, str], Classification] = {}


def classification_of(t: Table, e: Event) -> Classification:
    """The classification of the call the event makes, as the table stands before it is recorded:
    the kind decided (docs/decisions.md), whose turn it was, and the relation. Worked out only for
    a call that becomes an irregularity on the table: a regular call needs its kind alone."""
    kind, seat, turn = e.kind, e.seat, t.auction.turn()
    assert kind is not None and seat is not None
    rel = Relation.IN_TURN if seat is turn else _relation_of(t, seat, turn)
    key = (kind, turn._value_, rel._value_)
    found = _CLASSIFICATIONS.get(key)  # a named tuple of three constants: made once, shared
    if found is None:
        found = _CLASSIFICATIONS[key] = Classification(_KINDS[kind], turn, rel)
    return found


def _decided(t: Table, e: Event, kind: str) -> None:
    e.kind = kind


def _call_relation(t: Table, e: Event) -> str | None:
    seat = e.seat
    if e.kind is None or seat is None:
        return None
    return _relation_of(t, seat, t.auction.turn()).value


var(
    "call.kind",
    "string|null",
    "the kind of irregularity the call is: what the decision table `call.kind` decided (docs/decisions.md)",
    set=_decided,
)(lambda t, e: e.kind)
var(
    "call.relation",
    "string|null",
    "where the player whose turn it was sits from the caller of a classified call (see `relation`)",
)(_call_relation)
var("entry.seat", "seat|null", "`call_stands`: the player whose call took its place in the auction")(
    lambda t, e: e.entry.seat if e.entry is not None else None
)
var("entry.call", "call|null", "`call_stands`: the call that took its place")(
    lambda t, e: e.entry.call.token if e.entry is not None else None
)
var("entry.n", "integer|null", "`call_stands`: that call's number (its order among all the calls made)")(
    lambda t, e: e.entry.n if e.entry is not None else None
)


# --- the irregularity on the table ---------------------------------------------------------------
def _irr(name: str, type_: str, doc: str):  # type: ignore[no-untyped-def]
    def register(fn: Any) -> Any:
        def get(t: Table, e: Event) -> Any:
            irr = t.irregularity
            return fn(irr) if irr is not None else None

        return var(f"irregularity.{name}", type_, doc)(get)

    return register


_irr("offender", "seat|null", "the player who made the irregular call")(lambda i: i.entry.seat)
_irr("offender_lho", "seat|null", "the offender's left-hand opponent")(lambda i: i.entry.seat.lho)
_irr("call", "call|null", "the irregular call (after a 25 or 21B change: the new call)")(lambda i: i.entry.call.token)
_irr("n", "integer|null", "the irregular call's number")(lambda i: i.entry.n)
_irr("kind", "string|null", "its kind: the `call.kind` it was classified as")(
    lambda i: i.classification.kind.name.lower()
)
_irr("turn", "seat|null", "the player whose turn it was")(lambda i: i.classification.turn)
_irr("relation", "string|null", "where that player sat from the offender: `IN_TURN` `RHO` `PARTNER` `LHO_NOT_PREV` `LHO_PREV`")(
    lambda i: i.classification.relation.value
)  # fmt: skip
_irr("director", "boolean|null", "the Director is at the table for it")(lambda i: i.director)
_irr("replacement", "call|null", "a replacement made before the ruling (27C) or awaiting a judgement (23A)")(
    lambda i: i.replacement.call.token if i.replacement is not None else None
)
_irr("held", "call|null", "a call made before the option holder chose, held until then (29A, 23A)")(
    lambda i: i.held.call.token if i.held is not None else None
)
_irr("denominations", "strain[]|null", "the denominations the first insufficient bid specified (27B1(a))")(
    lambda i: list((i.original or i.entry).denominations())
)
_irr("family", "string|null", "the law whose judgement the call on the table settles (30B1, 31A2, 31B, 32A2, 32B)")(
    lambda i: i.deferred.law if i.deferred is not None else None
)


_irr("source", "string|null", "the irregular call with its maker, `N:1H`")(lambda i: i.entry.token())
_irr("replacement_n", "integer|null", "the number of the replacement held (27C, 23A)")(
    lambda i: i.replacement.n if i.replacement is not None else None
)
_irr("held_n", "integer|null", "the number of the call held (29A, 23A)")(
    lambda i: i.held.n if i.held is not None else None
)
_irr("held_seat", "seat|null", "who made the call held")(lambda i: i.held.seat if i.held is not None else None)
_irr("held_source", "string|null", "the call held with its maker")(
    lambda i: i.held.token() if i.held is not None else None
)
_irr("original_n", "integer|null", "27B4: the number of the first insufficient bid, when a second is offered")(
    lambda i: i.original.n if i.original is not None else None
)
_irr("original_source", "string|null", "27B4: the first insufficient bid with its maker")(
    lambda i: i.original.token() if i.original is not None else None
)
_irr("comparable", "boolean|null", "25B: the judgement « comparable » the substituted call carried")(
    lambda i: i.comparable
)
_irr("deferred", "object|null", "the deferred consequence the judged call settles (as an item of `table.deferred`)")(
    lambda i: _deferred_item(i.deferred) if i.deferred is not None else None
)


def _deferred_item(d: Any) -> dict[str, Any]:
    return {
        "offender": d.offender,
        "law": d.law,
        "original": d.original,
        "call": d.original.split(":", 1)[1],
        "waiting_for": d.waiting_for,
    }


def _next_call(t: Table, e: Event) -> str | None:
    irr = t.irregularity
    if irr is None:
        return None
    standing = t.auction.standing()
    seat = irr.entry.seat
    for i in range(len(standing) - 1, -1, -1):
        if standing[i].seat is seat:
            return standing[i + 1].call.token if i + 1 < len(standing) else None
    return None


var(
    "irregularity.next_call",
    "call|null",
    "the standing call made right after the offender's last standing call (what his LHO called over it)",
)(_next_call)


# --- the table -----------------------------------------------------------------------------------
var("table.state", "string", "the control state")(lambda t, e: t.state)
var("table.period", "string", "the period: the first part of the state (`auction`, `clarification`, `play`...)")(
    lambda t, e: t.state.split(".", 1)[0]
)
var("table.presumed_declarer", "seat|null", "the declarer the auction names (22A), whatever 54A does later")(
    lambda t, e: t.auction.declarer()
)
var("table.presumed_dummy", "seat|null", "the presumed declarer's partner")(lambda t, e: _partner(t.auction.declarer()))
var("table.declarer", "seat|null", "declarer, after a 54A swap if any")(lambda t, e: t.declarer())
var("table.dummy", "seat|null", "dummy, after a 54A swap if any")(lambda t, e: t.dummy())
var("table.opening_leader", "seat|null", "the presumed declarer's LHO (41A)")(lambda t, e: t.opening_leader())
var("table.leader_partner", "seat|null", "the opening leader's partner")(lambda t, e: _partner(t.opening_leader()))
var("table.lead.seat", "seat|null", "who made the opening lead on the table (face down or faced)")(
    lambda t, e: t.opening_lead.seat if t.opening_lead is not None else None
)
var("table.lead.card", "card|null", "the card of the opening lead on the table")(
    lambda t, e: t.opening_lead.card.pbn() if t.opening_lead is not None else None
)
var("table.lead.faced", "boolean|null", "the opening lead on the table is faced")(
    lambda t, e: t.opening_lead.faced if t.opening_lead is not None else None
)
var("table.rulings", "string[]", "the laws of the rectifications and acceptances ruled so far")(
    lambda t, e: tuple(t.rulings)
)
var("table.misinformation_ruled", "boolean", "misinformation was judged (21B1) before the new call")(
    lambda t, e: t.misinformation_ruled
)
var("table.must_accept_lead", "boolean", "declarer must accept the lead out of turn (54C)")(
    lambda t, e: t.must_accept_lead
)
var("table.withdrawable.seat", "seat|null", "the LHO who may still take back his call (25A6, 21B2)")(
    lambda t, e: t.withdrawable.seat if t.withdrawable is not None else None
)
var("table.withdrawable.n", "integer|null", "the number of the call he may take back")(
    lambda t, e: t.withdrawable.n if t.withdrawable is not None else None
)
var("table.roles_swapped", "boolean", "54A: declarer spread his hand and became dummy")(lambda t, e: t.roles_swapped)
var("table.reviews", "string[]", "the laws under which the Director may adjust the score after play (72C, 23C, 27D)")(
    lambda t, e: tuple(t.reviews)
)
var("settings.partner_bar_27B3_27B4", "string", "`literal`, or `lifted_by_27B1`: a 27B1 replacement frees partner")(
    lambda t, e: t.settings.partner_bar_27B3_27B4
)
var("settings.lead_restriction_after_forced_repeat", "boolean", "30A, 31A1: 26B follows a forced repeat")(
    lambda t, e: t.settings.lead_restriction_after_forced_repeat
)
var(
    "settings.law24_during",
    "string",
    "`auction_period`: Law 24 covers a card exposed until the lead is faced (FFB); `auction`: until the final pass",
)(lambda t, e: t.settings.law24_during)
var(
    "settings.law24_from",
    "string",
    "`first_call`: a card shown before the first call of the auction goes back to the hand, Law 16 (WBF Laws "
    "Committee, 2017); `cards_taken`: Law 24 applies from the moment the side takes its cards (17A)",
)(lambda t, e: t.settings.law24_from)
var("table.withdraw_law", "string", "the law of the last change of call: `25A6` or `21B2`")(lambda t, e: t.withdraw_law)
var("table.sides_with_cards", "string[]", "the sides that have taken their cards out of the board (17A)")(
    lambda t, e: tuple(t.sides_with_cards)
)


def leader_restriction_suits(t: Table, e: Event | None = None) -> list[str]:
    """26B: the suits declarer may prohibit to the opening leader, each once (those of every offender
    whose restriction binds him and who defends), read from the index of the restrictions."""
    leader = t.opening_leader()
    if leader is None:
        return []
    declarer = t.declarer()
    out: list[str] = []
    for offender in restricted_by(t, leader):
        if declarer is not None and offender.side == declarer.side:
            continue  # the offender became declarer or dummy: 26B needs him to defend
        out += [s.value for s in suits_open(t, offender) if s.value not in out]
    return out


var(
    "table.lead_restriction_suits",
    "strain[]",
    "the suits declarer may prohibit to the opening leader (26B: those the offender did not specify), each once",
)(leader_restriction_suits)

var(
    "table.exposed",
    "object[]",
    "the cards exposed during the auction (24)",
    items={
        "seat": "seat",
        "card": "card",
        "major": "boolean: an honour, a card led, or one of several",
        "law": "string: 24, or 54E (a lead attempted by the declaring side)",
    },
)(lambda t, e: [{"seat": x.seat, "card": x.card.pbn(), "major": x.major, "law": x.law} for x in t.exposed])
var(
    "table.penalty_cards",
    "object[]",
    "the penalty cards (24E, 54D, 49)",
    items={"seat": "seat", "card": "card", "kind": "`major` or `minor`", "law": "string"},
)(lambda t, e: [{"seat": p.seat, "card": p.card.pbn(), "kind": p.kind, "law": p.law} for p in t.penalty_cards])
var(
    "table.returned_cards",
    "object[]",
    "the cards shown at the table (exposed, penalty cards, leads) that went back to the hand, and the law that "
    "sent each back (24, 22B, 24D, 41A, 47E1, 48A, 50D2, 54, 54E, 25A5, 21B1, 25B1, 36A, 38B)",
    items={"seat": "seat", "card": "card", "law": "string"},
)(lambda t, e: [{"seat": r.seat, "card": r.card.pbn(), "law": r.law} for r in t.returned_cards])
var(
    "table.lead_constraints",
    "object[]",
    "what declarer required or prohibited for the opening lead (26B, 50D2), or the penalty card he designated (50D1)",
    items={
        "seat": "seat",
        "kind": "`require`, `prohibit` or `designate`",
        "suit": "strain",
        "law": "string",
        "card": "card: the penalty card designated (`designate` only)",
    },
    optional=("card",),
)(
    lambda t, e: [
        {"seat": c.seat, "kind": c.kind, "suit": c.suit, "law": c.law, **({"card": c.card.pbn()} if c.card else {})}
        for c in t.lead_constraints
    ]
)


def _obligation_items(obligations: tuple[Obligation, ...]) -> list[dict[str, Any]]:
    return [{"seat": o.seat, "kind": o.kind, "law": o.law, "call": o.call, "n": o.n} for o in obligations]


var(
    "table.obligations",
    "object[]",
    "the obligations in force (to pass, or to repeat a call), and those fulfilled by their maker's last call",
    items={
        "seat": "seat",
        "kind": "`pass_next_turn`, `pass_rest` or `repeat_call`; `fulfilled_pass_next_turn` or "
        "`fulfilled_repeat_call` once fulfilled, until its maker calls again (25A, 21B1 may withdraw that call)",
        "law": "string",
        "call": "call|null: the call to repeat",
        "n": "integer|null: the number of the call that fulfilled it",
    },
)(lambda t, e: _obligation_items(t.obligations) if t.obligations else [])
var(
    "table.obligations_at_end",
    "object[]",
    "22: the obligations kept aside when the auction ended, in force again if a change reopens it (25A5, 21B1); "
    "[] while the auction goes on",
    items={
        "seat": "seat",
        "kind": "as in `table.obligations`",
        "law": "string",
        "call": "call|null",
        "n": "integer|null",
    },
)(lambda t, e: _obligation_items(t.obligations_at_end))
var(
    "table.deferred",
    "object[]",
    "consequences that wait for a later call (30B1, 31A, 31B, 32A, 32B)",
    items={
        "offender": "seat",
        "law": "string: the family",
        "original": "string: the cancelled call with its maker, `E:1S`",
        "call": "call: that call",
        "waiting_for": "seat: whose call decides",
    },
)(lambda t, e: [_deferred_item(d) for d in t.deferred] if t.deferred else [])
var(
    "table.pending",
    "object[]",
    "irregularities awaiting the Director, oldest first (36A, 37A, 38D; 30B1, 31, 32 after the auction)",
    items={
        "law": "string",
        "source": "string: the call, `N:1H`",
        "judged_call": "boolean: a judged call awaits",
        "n": "integer|null: the number of the call concerned",
        "awaits": "`director`: ruled when he comes (36A, 37A, 38D); `judgement`: his judgement (30B1, 31B, 32B)",
    },
)(
    lambda t, e: [
        {
            "law": p.law,
            "source": p.source,
            "judged_call": p.entry is not None,
            "n": p.entry.n if p.entry else None,
            "awaits": p.awaits,
        }
        for p in t.pending
    ]
)
var(
    "table.held",
    "object[]",
    "calls made while a ruling waited, by a player whose call was none of the choices then open (9B2), oldest first",
    items={
        "n": "integer: the call's number",
        "seat": "seat",
        "source": "string: the call, `N:1H`",
        "turn": "seat|null: whose turn it was when it was made",
    },
)(lambda t, e: [{"n": h.entry.n, "seat": h.entry.seat, "source": h.entry.token(), "turn": h.turn} for h in t.held])
var("held.n", "integer|null", "the oldest call held while a ruling waited: its number")(
    lambda t, e: t.held[0].entry.n if t.held else None
)
var("held.seat", "seat|null", "the oldest call held while a ruling waited: who made it")(
    lambda t, e: t.held[0].entry.seat if t.held else None
)
var("held.source", "string|null", "the oldest call held while a ruling waited, with its maker, `N:1H`")(
    lambda t, e: t.held[0].entry.token() if t.held else None
)
var("held.turn", "seat|null", "the oldest call held while a ruling waited: whose turn it was when it was made")(
    lambda t, e: t.held[0].turn if t.held else None
)
var(
    "table.unauthorized_information",
    "object[]",
    "16C: withdrawn calls and exposed cards, and the seats for which each is unauthorized",
    items={"source": "string: the call or card, `N:1H`, `N:SK`", "for": "seat[]", "law": "string"},
)(lambda t, e: [{"source": u.source, "for": list(u.for_seats), "law": u.law} for u in t.unauthorized_information])
var(
    "table.lead_restrictions",
    "object[]",
    "26B: the offender's partner may be prohibited a suit at his first turn to lead",
    items={"seat": "seat: the restricted player", "law": "string", "offender": "seat", "source": "string: the call"},
)(
    lambda t, e: [
        {"seat": r.seat, "law": r.law, "offender": r.offender, "source": r.source} for r in t.lead_restrictions
    ]
)
# The irregularities the Director rules by coming (36A, 37A, 38D); the others in `table.pending` await
# his judgement of comparability (30B1, 31B, 32B), given by his `judge` event.
var(
    "table.first_pending",
    "string|null",
    "the law of the oldest irregularity the Director rules when he comes (36A, 37A, 38D), if any",
)(lambda t, e: next((p.law for p in t.pending if p.awaits == "director"), None))


def _partner(seat: Seat | None) -> Seat | None:
    return seat.partner if seat is not None else None


# --- the auction ---------------------------------------------------------------------------------
var("auction.turn", "seat", "whose turn it is to call: the seat after the last standing call (17C)")(
    lambda t, e: t.auction.turn()
)
var("table.dealer", "seat", "the dealer, from the set-up")(lambda t, e: t.dealer)
var("auction.last_bid", "call|null", "the last standing bid")(
    lambda t, e: b.call.token if (b := t.auction.last_bid()) is not None else None
)
var("auction.completed", "boolean", "a bid followed by three passes (22A)")(lambda t, e: t.auction.is_completed())
var("auction.passed_out", "boolean", "four passes, each in rotation (22B)")(lambda t, e: t.auction.is_passed_out())
var("auction.three_passes_follow", "boolean", "a call (a pass included) followed by three passes (17D3, 22)")(
    lambda t, e: t.auction.three_passes_follow_a_call()
)
var("auction.deprived", "boolean", "one of the passes that follow the last call skipped a player (17D3)")(
    lambda t, e: t.auction.is_deprived()
)


var(
    "auction.calls",
    "object[]",
    "every call made, in the order of the record, whatever its status",
    items={
        "n": "integer: its number",
        "seat": "seat",
        "call": "call",
        "status": "`standing`, `pending`, `cancelled` or `withdrawn`",
        "law": "string|null: the law that cancelled or withdrew it",
        "source": "string: the call with its maker, `N:1H`",
        "artificial": "boolean: the Director said the call is artificial (30C, 31)",
    },
)(lambda t, e: [_item(x) for x in t.auction.entries])
var("auction.made", "integer", "how many calls were made: the number of the last call made, whatever its status")(
    lambda t, e: t.auction.made
)


def _item(x: Entry) -> dict[str, Any]:
    """A call of the record as an item of `auction.calls`."""
    return {
        "n": x.n,
        "seat": x.seat,
        "call": x.call.token,
        "status": x.status,
        "law": x.law,
        "source": x.token(),
        "artificial": x.artificial,
    }


@native("call", ("n",))
def _call_numbered(t: Table, e: Event, n: Any) -> dict[str, Any] | None:
    if n is None or not t.auction.has(n):
        return None
    return _item(t.auction.entry(n))


# --- operators ------------------------------------------------------------------------------------
@op("lho", ("seat",), "the seat to the left (the next to call); null for null", (({"lho": "N"}, "", "E"),), pure=True)
def _lho(t: Table, e: Event, seat: Any) -> Seat | None:
    return _seat(seat).lho if seat is not None else None  # type: ignore[union-attr]


@op("rho", ("seat",), "the seat to the right; null for null", (({"rho": "N"}, "", "W"),), pure=True)
def _rho(t: Table, e: Event, seat: Any) -> Seat | None:
    return _seat(seat).rho if seat is not None else None  # type: ignore[union-attr]


@op("partner", ("seat",), "the partner's seat; null for null", (({"partner": "N"}, "", "S"),), pure=True)
def _partner_op(t: Table, e: Event, seat: Any) -> Seat | None:
    return _seat(seat).partner if seat is not None else None  # type: ignore[union-attr]


@op("side", ("seat",), "the seat's side, `NS` or `EW`; null for null", (({"side": "W"}, "", "EW"),), pure=True)
def _side(t: Table, e: Event, seat: Any) -> str | None:
    return _seat(seat).side if seat is not None else None  # type: ignore[union-attr]


def _relation_of(t: Table, seat: Seat, turn: Seat) -> Relation:
    return relation(seat, turn, seat is not turn and t.auction.has_called(seat))


@native("relation", ("seat", "turn"))
def _relation(t: Table, e: Event, seat: Any, turn: Any) -> str | None:
    if seat is None or turn is None:
        return None
    return _relation_of(t, _seat(seat), _seat(turn)).value  # type: ignore[arg-type]


@native("over_partner_artificial", ("seat",))
def _over_partner_artificial(t: Table, e: Event, seat: Any) -> bool:
    if seat is None:
        return False
    s = _seat(seat)
    assert s is not None
    for x in reversed(t.auction.standing()):
        if x.call.is_pass and x.seat.side != s.side:
            continue
        return x.seat is s.partner and x.artificial
    return False


@op(
    "level",
    ("call",),
    "the level of a bid (1 to 7, or more for a bid of eight), 0 for a pass, double or redouble, null for null",
    (({"level": "4H"}, "", 4), ({"level": "XX"}, "", 0)),
    pure=True,
)
def _level(t: Table, e: Event, call: Any) -> int | None:
    c = as_call(call)
    return c.level if c is not None else None


@op(
    "rank",
    ("call",),
    "18B: the order of bids, level × 5 + strain (C 0, D 1, H 2, S 3, NT 4); -1 for a call that is no bid",
    (({"rank": "1C"}, "", 5), ({"rank": "1NT"}, "", 9), ({"rank": "Pass"}, "", -1)),
    pure=True,
)
def _rank(t: Table, e: Event, call: Any) -> int | None:
    c = as_call(call)
    return c.rank if c is not None else None


@op("suit", ("card",), "the suit of a card; null for null", (({"suit": "HT"}, "", "H"),), pure=True)
def _suit(t: Table, e: Event, card: Any) -> str | None:
    c = as_card(card)
    return c.suit if c is not None else None


@op(
    "honour",
    ("card",),
    "24B: a card of honour rank (ace, king, queen, jack or ten)",
    (({"honour": "HT"}, "", True), ({"honour": "S9"}, "", False)),
    pure=True,
)
def _honour(t: Table, e: Event, card: Any) -> bool:
    c = as_card(card)
    return c is not None and c.is_honour


@op(
    "strain",
    ("call",),
    "18B: the denomination of a bid (`C`, `D`, `H`, `S`, `NT`); null for a pass, double or redouble, or for null",
    (({"strain": "4H"}, "", "H"), ({"strain": "X"}, "", None)),
    pure=True,
)
def _strain(t: Table, e: Event, call: Any) -> str | None:
    c = as_call(call)
    return c.strain.value if c is not None and c.is_bid and c.strain is not None else None


@native("sufficient", ("call",))
def _sufficient(t: Table, e: Event, call: Any) -> bool:
    c = as_call(call)
    return c is not None and c.is_bid and t.auction.is_sufficient(c)


@native("insufficient", ("call",))
def _insufficient(t: Table, e: Event, call: Any) -> bool:
    c = as_call(call)
    return c is not None and c.is_bid and not t.auction.is_sufficient(c)


@native("lowest_sufficient", ("call",))
def _lowest_sufficient(t: Table, e: Event, call: Any) -> bool:
    c = as_call(call)
    if c is None or not c.is_bid or not t.auction.is_sufficient(c):
        return False
    return c.level == 1 or not t.auction.is_sufficient(Call("bid", c.level - 1, c.strain))


@native("denominations", ("call", "specifies", "artificial"))
def _denominations(t: Table, e: Event, call: Any, specifies: Any, artificial: Any) -> list[str]:
    if specifies is not None:
        return list(specifies)
    c = as_call(call)
    if c is not None and c.is_bid and c.strain is not None and not artificial:
        return [c.strain]
    return []


@native("same_set", ("a", "b"))
def _same_set(t: Table, e: Event, a: Any, b: Any) -> bool:
    return a is not None and b is not None and set(a) == set(b)


@native("legal", ("seat", "call"))
def _legal(t: Table, e: Event, seat: Any, call: Any) -> bool:
    c, s = as_call(call), _seat(seat)
    return c is not None and s is not None and t.auction.allows(s, c)


@native("has_called", ("seat",))
def _has_called(t: Table, e: Event, seat: Any) -> bool:
    return seat is not None and t.auction.has_called(_seat(seat))  # type: ignore[arg-type]


@native("partner_silent", ("seat",))
def _partner_silent(t: Table, e: Event, seat: Any) -> bool:
    return seat is not None and t.auction.partner_silent_since_own_call(_seat(seat))  # type: ignore[arg-type]


@native("must_pass", ("seat",))
def _must_pass(t: Table, e: Event, seat: Any) -> bool:
    return seat is not None and t.must_pass(_seat(seat)) is not None  # type: ignore[arg-type]


@native("must_repeat", ("seat",))
def _must_repeat(t: Table, e: Event, seat: Any) -> str | None:
    if seat is None:
        return None
    o = t.must_repeat(_seat(seat))  # type: ignore[arg-type]
    return o.call if o is not None and o.kind == REPEAT_CALL else None


@native("deferred_law", ("seat",))
def _deferred_law(t: Table, e: Event, seat: Any) -> str | None:
    if seat is None:
        return None
    d = t.deferred_for(_seat(seat))  # type: ignore[arg-type]
    return d.law if d is not None else None


@native("in_rotation", ("n",))
def _in_rotation(t: Table, e: Event, n: Any) -> bool:
    if n is None or not t.auction.is_standing(n):
        return False
    before = t.auction.standing_just_before(n)
    return t.auction.entry(n).seat is (before.seat.lho if before is not None else t.dealer)


@native("breaks_constraint", ("seat", "card"))
def _breaks_constraint(t: Table, e: Event, seat: Any, card: Any) -> str | None:
    c = as_card(card)
    if c is None or seat is None:
        return None
    mine = [k for k in t.lead_constraints if k.seat == seat]

    def restricts(k: LeadConstraint, x: Card) -> bool:
        return (k.kind == "prohibit" and x.suit is k.suit) or (k.kind == "require" and x.suit is not k.suit)

    for k in mine:
        if k.kind != "designate":
            if restricts(k, c):
                return k.law
        # 50D1: a lead restriction takes precedence over the penalty card; a designated card it
        # forbids binds no lead (the card stays on the table for the next legal opportunity)
        elif k.card is not None and c != k.card and not any(restricts(r, k.card) for r in mine):
            return k.law
    return None


@native("penalty_cards_held", ("seat",))
def _penalty_cards_held(t: Table, e: Event, seat: Any) -> int:
    return sum(1 for p in t.penalty_cards if p.seat == seat)


@native("pending_call", ("law",))
def _pending_call(t: Table, e: Event, law: Any) -> int | None:
    p = next((p for p in t.pending if p.law == law), None)
    if p is None or p.entry is None:
        return None
    if t.auction.is_standing(p.entry.n):
        return p.entry.n
    for x in reversed(t.auction.standing()):  # the last such call: searched from the end
        if x.seat is p.entry.seat and x.call == p.entry.call:
            return x.n
    return None


# --- the calls a change of call concerns (25, 21B) --------------------------------------------
@native("last_call", ("seat",))
def _last_call(t: Table, e: Event, seat: Any) -> dict[str, Any] | None:
    if seat is None:
        return None
    x = t.auction.last_call_of(Seat(seat))
    return _item(x) if x is not None else None


@native("standing_after", ("n",))
def _standing_after(t: Table, e: Event, n: Any) -> list[int]:
    return [y.n for y in t.auction.standing_after(n)]


@native("standing_before", ("n",))
def _standing_before(t: Table, e: Event, n: Any) -> list[int]:
    return [y.n for y in t.auction.standing_before(n)]


@native("opponent_called_after", ("n", "seat"))
def _opponent_called_after(t: Table, e: Event, n: Any, seat: Any) -> bool:
    return n is not None and seat is not None and t.auction.opponent_called_after(n, _seat(seat))  # type: ignore[arg-type]
