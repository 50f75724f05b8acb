"""The words of the Laws the rules are written with, defined in the data: « suffisante » (18D), « licite »
(19A1, 19B1), the lowest sufficient bid (27B1(a)), whose call is in rotation (17C), what a constraint
on the opening lead forbids (26B, 50D)…

Each is a named expression over the board context and the host's game primitives (seats, the order
of bids, cards), called in the rules as an operator, ``{"legal": [seat, call]}``, and published in
the export with its parameters and its test vectors: another implementation evaluates it as it is
and writes no law by hand. The Python host keeps a native version of each for speed
(:mod:`fsm.bridge.context`); the corpus and these vectors are run both ways and must agree.
"""

from __future__ import annotations

from typing import Any

from fsm.bridge.context import CONTEXT
from fsm.engine import Definition
from fsm.laws.spec import field_of, var


def arg(name: str) -> dict[str, str]:
    """A parameter of the definition the expression stands in (read also from inside an array operation)."""
    return {"arg": name}


def define(
    name: str,
    params: tuple[str, ...],
    doc: str,
    law: str | None,
    expr: Any,
    examples: tuple[tuple[Any, dict[str, Any], Any], ...] = (),
) -> Definition:
    return CONTEXT.define(Definition(name, params, expr, doc, law, examples))


_STANDING = {"filter": [var("auction.calls"), {"==": [var("status"), "standing"]}]}
_LAST_BID = var("auction.last_bid")


def _calls(*made: tuple[str, str]) -> list[dict[str, Any]]:
    """``auction.calls`` for a test vector: these calls, standing, numbered from 1."""
    return [
        {"n": n, "seat": s, "call": c, "status": "standing", "law": None, "source": f"{s}:{c}", "artificial": False}
        for n, (s, c) in enumerate(made, 1)
    ]


# --- the record, read by number and in its order (25, 21B, 28B, 36A...) ------------------------------
_CALLS = var("auction.calls")
_IS_N = {"==": [var("n"), arg("n")]}
_IS_STANDING = {"==": [var("status"), "standing"]}
define(
    "call",
    ("n",),
    "the call numbered `n` as an item of `auction.calls` (`n`, `seat`, `call`, `status`, `law`, `source`, "
    "`artificial`); null if no call has that number, or for null",
    None,
    {"first": [_CALLS, _IS_N]},
    (
        ({"call": [1]}, {"auction.calls": []}, None),
        ({"call": [2]}, {"auction.calls": _calls(("N", "1H"), ("E", "1S"))}, _calls(("N", "1H"), ("E", "1S"))[1]),
    ),
)
define(
    "last_call",
    ("seat",),
    "25, 21B1: the seat's last standing call in the order of the record (the call a change of call replaces), "
    "as an item of `auction.calls`; null if the seat has no standing call, or for null",
    "25A1",
    {"last": [_CALLS, {"and": [_IS_STANDING, {"==": [var("seat"), arg("seat")]}]}]},
    (
        ({"last_call": ["N"]}, {"auction.calls": []}, None),
        ({"last_call": ["N"]}, {"auction.calls": _calls(("N", "1H"), ("E", "1S"))}, _calls(("N", "1H"))[0]),
    ),
)
define(
    "standing_after",
    ("n",),
    "25A6, 21B2: the numbers of the standing calls that come after the call numbered `n` in the order of the "
    "record, in that order, whatever that call's own status (the calls made over it); [] if no call has that number",
    "25A6",
    {"map": [{"filter": [{"after": [_CALLS, _IS_N]}, _IS_STANDING]}, var("n")]},
    (
        ({"standing_after": [1]}, {"auction.calls": []}, []),
        ({"standing_after": [1]}, {"auction.calls": _calls(("N", "1H"), ("E", "1S"), ("S", "Pass"))}, [2, 3]),
    ),
)
define(
    "standing_before",
    ("n",),
    "25A1, 21B1: the numbers of the standing calls that come before the call numbered `n` in the order of the "
    "record, the nearest first (the auction a new call would take its place in); [] if no call has that number",
    "25A1",
    {"map": [{"reverse": [{"filter": [{"before": [_CALLS, _IS_N]}, _IS_STANDING]}]}, var("n")]},
    (
        ({"standing_before": [3]}, {"auction.calls": _calls(("N", "1H"), ("E", "1S"), ("S", "Pass"))}, [2, 1]),
        ({"standing_before": [9]}, {"auction.calls": _calls(("N", "1H"))}, []),
    ),
)
define(
    "opponent_called_after",
    ("n", "seat"),
    "28B: an opponent of `seat` has a standing call after the call numbered `n` in the order of the record, "
    "whatever that call's own status; false if no call has that number, or for null",
    "28B",
    {
        "and": [
            {"!=": [arg("seat"), None]},
            {
                "some": [
                    {"after": [_CALLS, _IS_N]},
                    {"and": [_IS_STANDING, {"!=": [{"side": [var("seat")]}, {"side": [arg("seat")]}]}]},
                ]
            },
        ]
    },
    (
        ({"opponent_called_after": [1, "N"]}, {"auction.calls": _calls(("N", "1H"), ("S", "Pass"))}, False),
        ({"opponent_called_after": [1, "N"]}, {"auction.calls": _calls(("N", "1H"), ("E", "1S"), ("S", "Pass"))}, True),
    ),
)  # fmt: skip
define(
    "last_standing_like",
    ("seat", "call"),
    "36A, 37A, 38D: the number of the last standing call this seat made with this call, or null",
    "36A",
    {
        "first": [
            {
                "map": [
                    {
                        "last": [
                            _CALLS,
                            {
                                "and": [
                                    _IS_STANDING,
                                    {"==": [var("seat"), arg("seat")]},
                                    {"==": [var("call"), arg("call")]},
                                ]
                            },
                        ]
                    },
                    var("n"),
                ]
            }
        ]
    },
)
_PENDING_N = field_of({"first": [var("table.pending"), {"==": [var("law"), arg("law")]}]}, "n")
_PENDING = {"call": [_PENDING_N]}
define(
    "pending_call",
    ("law",),
    "36A, 37A, 38D: the number of the call the oldest irregularity of this law awaiting the Director concerns, "
    "as the auction now stands: that call if it still stands, else the last standing call by the same player "
    "with the same call; null if there is none (a later rectification withdrew it)",
    "36A",
    {
        "if": [
            {"==": [_PENDING, None]},
            None,
            {"==": [field_of(_PENDING, "status"), "standing"]},
            _PENDING_N,
            {"last_standing_like": [field_of(_PENDING, "seat"), field_of(_PENDING, "call")]},
        ]
    },
)
# 30C, 31: « sur la déclaration artificielle de son partenaire »: the last standing call that is not an
# opponent's pass.
_LAST_CALL_NOT_OPPONENTS_PASS = {
    "last": [
        _STANDING,
        {"!": [{"and": [{"==": [var("call"), "Pass"]}, {"!=": [{"side": [var("seat")]}, {"side": [arg("seat")]}]}]}]},
    ]
}
define(
    "over_partner_artificial",
    ("seat",),
    "30C, 31: a pass by this seat would be « sur la déclaration artificielle de son partenaire »: the last "
    "standing call that is not an opponent's pass is the partner's, and the Director said it is artificial",
    "30C",
    {
        "and": [
            {"!=": [arg("seat"), None]},
            {"==": [field_of(_LAST_CALL_NOT_OPPONENTS_PASS, "seat"), {"partner": [arg("seat")]}]},
            {"==": [field_of(_LAST_CALL_NOT_OPPONENTS_PASS, "artificial"), True]},
        ]
    },
)


define(
    "sufficient",
    ("call",),
    "18D: the call is a bid that ranks above the last standing bid (any bid when none was made)",
    "18D",
    {
        "and": [
            {">": [{"level": [arg("call")]}, 0]},
            {"or": [{"==": [_LAST_BID, None]}, {">": [{"rank": [arg("call")]}, {"rank": [_LAST_BID]}]}]},
        ]
    },
    (
        ({"sufficient": ["2C"]}, {"auction.last_bid": "1NT"}, True),
        ({"sufficient": ["1NT"]}, {"auction.last_bid": "1NT"}, False),
        ({"sufficient": ["1C"]}, {"auction.last_bid": None}, True),
        ({"sufficient": ["X"]}, {"auction.last_bid": None}, False),
        ({"sufficient": [None]}, {"auction.last_bid": None}, False),
    ),
)
define(
    "insufficient",
    ("call",),
    "18D: the call is a bid that does not rank above the last standing bid (never a pass, double or redouble)",
    "18D",
    {"and": [{">": [{"level": [arg("call")]}, 0]}, {"!": [{"sufficient": [arg("call")]}]}]},
    (
        ({"insufficient": ["1NT"]}, {"auction.last_bid": "1NT"}, True),
        ({"insufficient": ["X"]}, {"auction.last_bid": "1NT"}, False),
        ({"insufficient": ["2C"]}, {"auction.last_bid": "1NT"}, False),
    ),
)
define(
    "lowest_sufficient",
    ("call",),
    "27B1(a): the bid is sufficient and the same denomination one level lower would not be",
    "27B1(a)",
    {
        "and": [
            {"sufficient": [arg("call")]},
            {
                "or": [
                    {"==": [{"level": [arg("call")]}, 1]},
                    {
                        "and": [
                            {"!=": [_LAST_BID, None]},
                            {"<=": [{"-": [{"rank": [arg("call")]}, 5]}, {"rank": [_LAST_BID]}]},
                        ]
                    },
                ]
            },
        ]
    },
    (
        ({"lowest_sufficient": ["2H"]}, {"auction.last_bid": "1NT"}, True),
        ({"lowest_sufficient": ["3H"]}, {"auction.last_bid": "1NT"}, False),
        ({"lowest_sufficient": ["2NT"]}, {"auction.last_bid": "1NT"}, True),
        ({"lowest_sufficient": ["2C"]}, {"auction.last_bid": None}, False),
        ({"lowest_sufficient": ["1C"]}, {"auction.last_bid": None}, True),
    ),
)
define(
    "denominations",
    ("call", "specifies", "artificial"),
    "what a call specifies (27B1(a), 29C, 26B): `specifies` when the Director gave it; else the denomination "
    "of a bid that is not artificial; else none",
    "27B1(a)",
    {
        "if": [
            {"!=": [arg("specifies"), None]},
            arg("specifies"),
            {"and": [{">": [{"level": [arg("call")]}, 0]}, {"!": [arg("artificial")]}]},
            [{"strain": [arg("call")]}],
            [],
        ]
    },
    (
        ({"denominations": ["2H", None, False]}, {}, ["H"]),
        ({"denominations": ["2C", None, True]}, {}, []),
        ({"denominations": ["2C", ["D", "S"], True]}, {}, ["D", "S"]),
        ({"denominations": ["Pass", None, False]}, {}, []),
    ),
)
define(
    "same_set",
    ("a", "b"),
    "the two arrays hold the same elements, whatever their order and repetitions",
    None,
    {
        "and": [
            {"!=": [arg("a"), None]},
            {"!=": [arg("b"), None]},
            {"none": [arg("a"), {"!": [{"in": [var(""), arg("b")]}]}]},
            {"none": [arg("b"), {"!": [{"in": [var(""), arg("a")]}]}]},
        ]
    },
    (
        ({"same_set": [["H", "S"], ["S", "H", "S"]]}, {}, True),
        ({"same_set": [["H"], ["H", "S"]]}, {}, False),
        ({"same_set": [[], []]}, {}, True),
        ({"same_set": [None, []]}, {}, False),
    ),
)
# 19A1, 19B1: the last standing call other than a pass, which a double or a redouble is made over.
_LAST_NON_PASS = {"last": [_STANDING, {"!=": [var("call"), "Pass"]}]}
_OPPONENTS_CALL = {"!=": [{"side": [field_of(_LAST_NON_PASS, "seat")]}, {"side": [arg("seat")]}]}
define(
    "legal",
    ("seat", "call"),
    "18, 19: the call is one the Laws allow this seat now: no bid above seven, no double unless the last "
    "standing call other than a pass is an opponent's bid (19A1), no redouble unless it is an opponent's "
    "double (19B1)",
    "19A1",
    {
        "and": [
            {"!=": [arg("seat"), None]},
            {"!=": [arg("call"), None]},
            {"<=": [{"level": [arg("call")]}, 7]},
            {
                "if": [
                    {"==": [arg("call"), "X"]},
                    {
                        "and": [
                            {"!=": [_LAST_NON_PASS, None]},
                            {">": [{"level": [field_of(_LAST_NON_PASS, "call")]}, 0]},
                            _OPPONENTS_CALL,
                        ]
                    },
                    {"==": [arg("call"), "XX"]},
                    {"and": [{"==": [field_of(_LAST_NON_PASS, "call"), "X"]}, _OPPONENTS_CALL]},
                    True,
                ]
            },
        ]
    },
    (
        ({"legal": ["S", "X"]}, {"auction.calls": _calls(("W", "1H"), ("N", "Pass"))}, True),
        ({"legal": ["S", "X"]}, {"auction.calls": _calls(("N", "1H"), ("E", "Pass"))}, False),
        ({"legal": ["S", "X"]}, {"auction.calls": _calls(("W", "1H"), ("N", "X"), ("E", "Pass"))}, False),
        ({"legal": ["S", "XX"]}, {"auction.calls": _calls(("N", "1H"), ("E", "X"))}, True),
        ({"legal": ["S", "XX"]}, {"auction.calls": _calls(("N", "1H"))}, False),
        ({"legal": ["S", "X"]}, {"auction.calls": []}, False),
        ({"legal": ["S", "8C"]}, {"auction.calls": []}, False),
        ({"legal": ["S", "7NT"]}, {"auction.calls": []}, True),
    ),
)
define(
    "has_called",
    ("seat",),
    "the seat has a call standing in the auction",
    None,
    {
        "and": [
            {"!=": [arg("seat"), None]},
            {
                "some": [
                    var("auction.calls"),
                    {"and": [{"==": [var("seat"), arg("seat")]}, {"==": [var("status"), "standing"]}]},
                ]
            },
        ]
    },
    (
        ({"has_called": ["N"]}, {"auction.calls": _calls(("N", "1H"))}, True),
        ({"has_called": ["S"]}, {"auction.calls": _calls(("N", "1H"))}, False),
    ),
)
define(
    "relation",
    ("seat", "turn"),
    "where `turn` (the player whose turn it was) sits from `seat` (the caller), the choice of Laws 28 to 32: "
    "`IN_TURN` (the same seat), `RHO` (the caller skipped him), `PARTNER`, `LHO_PREV` (his LHO, and the caller "
    "has a call standing: he calls again right after his own call), `LHO_NOT_PREV` (his LHO, and the caller "
    "has not called yet)",
    None,
    {
        "if": [
            {"or": [{"==": [arg("seat"), None]}, {"==": [arg("turn"), None]}]},
            None,
            {"==": [arg("seat"), arg("turn")]},
            "IN_TURN",
            {"==": [arg("turn"), {"rho": [arg("seat")]}]},
            "RHO",
            {"==": [arg("turn"), {"partner": [arg("seat")]}]},
            "PARTNER",
            {"has_called": [arg("seat")]},
            "LHO_PREV",
            "LHO_NOT_PREV",
        ]
    },
    (
        ({"relation": ["N", "N"]}, {"auction.calls": []}, "IN_TURN"),
        ({"relation": ["N", "W"]}, {"auction.calls": []}, "RHO"),
        ({"relation": ["N", "S"]}, {"auction.calls": []}, "PARTNER"),
        ({"relation": ["N", "E"]}, {"auction.calls": []}, "LHO_NOT_PREV"),
        ({"relation": ["N", "E"]}, {"auction.calls": _calls(("N", "1H"))}, "LHO_PREV"),
    ),
)
define(
    "partner_silent",
    ("seat",),
    "25A4, 21B1: the seat has a call standing and its partner has no standing call after its last one",
    "25A4",
    {
        "and": [
            {"!=": [{"last_call": [arg("seat")]}, None]},
            {
                "none": [
                    {"standing_after": [field_of({"last_call": [arg("seat")]}, "n")]},
                    {"==": [field_of({"call": [var("")]}, "seat"), {"partner": [arg("seat")]}]},
                ]
            },
        ]
    },
)
_MINE = {"filter": [var("table.obligations"), {"==": [var("seat"), arg("seat")]}]}
define(
    "must_pass",
    ("seat",),
    "the seat is required to pass at this turn (an obligation of kind `pass_next_turn` or `pass_rest`)",
    None,
    {"some": [_MINE, {"in": [var("kind"), ["pass_next_turn", "pass_rest"]]}]},
    (
        ({"must_pass": ["S"]}, {"table.obligations": [{"seat": "S", "kind": "pass_rest", "law": "27B2"}]}, True),
        ({"must_pass": ["N"]}, {"table.obligations": [{"seat": "S", "kind": "pass_rest", "law": "27B2"}]}, False),
        (
            {"must_pass": ["S"]},
            {"table.obligations": [{"seat": "S", "kind": "fulfilled_pass_next_turn", "law": "30A", "n": 3}]},
            False,
        ),
    ),
)
define(
    "must_repeat",
    ("seat",),
    "31A1, 32A1: the call the seat must repeat, or null",
    "31A1",
    {"first": [{"map": [{"filter": [_MINE, {"==": [var("kind"), "repeat_call"]}]}, var("call")]}]},
    (
        ({"must_repeat": ["E"]}, {"table.obligations": [{"seat": "E", "kind": "repeat_call", "law": "31A1", "call": "1S"}]}, "1S"),
        ({"must_repeat": ["W"]}, {"table.obligations": [{"seat": "E", "kind": "repeat_call", "law": "31A1", "call": "1S"}]}, None),
    ),
)  # fmt: skip
define(
    "deferred_law",
    ("seat",),
    "the law whose judgement this seat's next call awaits (30B1, 31A2, 31B, 32A2, 32B), or null",
    "30B1",
    {
        "first": [
            {
                "map": [
                    {
                        "filter": [
                            var("table.deferred"),
                            {
                                "and": [
                                    {"==": [var("waiting_for"), arg("seat")]},
                                    {"==": [var("offender"), arg("seat")]},
                                ]
                            },
                        ]
                    },
                    var("law"),
                ]
            }
        ]
    },
    (
        (
            {"deferred_law": ["E"]},
            {
                "table.deferred": [
                    {"offender": "E", "law": "30B1", "original": "E:Pass", "call": "Pass", "waiting_for": "E"}
                ]
            },
            "30B1",
        ),
        (
            {"deferred_law": ["W"]},
            {
                "table.deferred": [
                    {"offender": "E", "law": "30B1", "original": "E:Pass", "call": "Pass", "waiting_for": "E"}
                ]
            },
            None,
        ),
    ),
)
_BEFORE = {"first": [{"standing_before": [arg("n")]}]}
define(
    "in_rotation",
    ("n",),
    "17C: the standing call numbered `n` was made at its maker's turn: right after the standing call before it "
    "(the dealer's, if it is the first); false if it is not standing",
    "17C",
    {
        "and": [
            {"==": [field_of({"call": [arg("n")]}, "status"), "standing"]},
            {
                "==": [
                    field_of({"call": [arg("n")]}, "seat"),
                    {
                        "if": [
                            {"==": [_BEFORE, None]},
                            var("table.dealer"),
                            {"lho": [field_of({"call": [_BEFORE]}, "seat")]},
                        ]
                    },
                ]
            },
        ]
    },
)
define(
    "penalty_cards_held",
    ("seat",),
    "50B: the number of penalty cards this seat holds",
    "50B",
    {"count": [var("table.penalty_cards"), {"==": [var("seat"), arg("seat")]}]},
    (
        (
            {"penalty_cards_held": ["W"]},
            {"table.penalty_cards": [{"seat": "W", "card": "SK", "kind": "major", "law": "50B"},
                                     {"seat": "W", "card": "H3", "kind": "major", "law": "50B"}]},
            2,
        ),
    ),
)  # fmt: skip
define(
    "restricts_lead",
    ("kind", "suit", "card"),
    "26B, 50D2: a constraint of this kind on this suit forbids leading this card (a prohibited suit, or "
    "another suit than the one required)",
    "26B",
    {
        "or": [
            {"and": [{"==": [arg("kind"), "prohibit"]}, {"==": [{"suit": [arg("card")]}, arg("suit")]}]},
            {"and": [{"==": [arg("kind"), "require"]}, {"!=": [{"suit": [arg("card")]}, arg("suit")]}]},
        ]
    },
    (
        ({"restricts_lead": ["prohibit", "H", "HK"]}, {}, True),
        ({"restricts_lead": ["require", "H", "HK"]}, {}, False),
        ({"restricts_lead": ["require", "H", "S2"]}, {}, True),
        ({"restricts_lead": ["designate", None, "S2"]}, {}, False),
    ),
)
_CONSTRAINTS = {"filter": [var("table.lead_constraints"), {"==": [var("seat"), arg("seat")]}]}
define(
    "lead_restricted",
    ("seat", "card"),
    "26B, 50D2: a constraint declarer set on this seat's lead forbids this card",
    "26B",
    {"some": [_CONSTRAINTS, {"restricts_lead": [var("kind"), var("suit"), arg("card")]}]},
)
# 50D1: a lead restriction takes precedence over the penalty card; a designated card it forbids binds no lead
# (the card stays on the table for the next legal opportunity).
_BROKEN = {
    "first": [
        _CONSTRAINTS,
        {
            "if": [
                {"!=": [var("kind"), "designate"]},
                {"restricts_lead": [var("kind"), var("suit"), arg("card")]},
                {
                    "and": [
                        {"!=": [var("card"), None]},
                        {"!=": [arg("card"), var("card")]},
                        {"!": [{"lead_restricted": [arg("seat"), var("card")]}]},
                    ]
                },
            ]
        },
    ]
}
define(
    "breaks_constraint",
    ("seat", "card"),
    "26B, 50D2, 50D1: the law of a constraint declarer set for this seat's lead that this card breaks (a "
    "prohibited suit, another suit than the one required, another card than the penalty card designated, "
    "unless a lead restriction forbids that card: 50D1), or null",
    "50D1",
    {
        "if": [
            {"or": [{"==": [arg("seat"), None]}, {"==": [arg("card"), None]}]},
            None,
            field_of(_BROKEN, "law"),
        ]
    },
    (
        (
            {"breaks_constraint": ["W", "HK"]},
            {"table.lead_constraints": [{"seat": "W", "kind": "prohibit", "suit": "H", "law": "26B"}]},
            "26B",
        ),
        (
            {"breaks_constraint": ["W", "SK"]},
            {"table.lead_constraints": [{"seat": "W", "kind": "prohibit", "suit": "H", "law": "26B"}]},
            None,
        ),
        (
            {"breaks_constraint": ["W", "S2"]},
            {"table.lead_constraints": [{"seat": "W", "kind": "designate", "suit": "H", "law": "50D1", "card": "HK"}]},
            "50D1",
        ),
        (
            {"breaks_constraint": ["W", "S2"]},
            {"table.lead_constraints": [{"seat": "W", "kind": "prohibit", "suit": "H", "law": "26B"},
                                        {"seat": "W", "kind": "designate", "suit": "H", "law": "50D1", "card": "HK"}]},
            None,
        ),
    ),
)  # fmt: skip


# --- the auction as the standing calls tell it (17C, 22, 17D3): variables the data defines -----------
def derive(name: str, law: str | None, expr: Any) -> None:
    CONTEXT.derive(name, expr, law)


_LAST_STANDING = {"last": [_STANDING]}
_LNP = {"last": [_STANDING, {"!=": [var("call"), "Pass"]}]}  # the last standing call that is not a pass
derive(
    "auction.last_bid",
    "18A",
    field_of({"last": [_STANDING, {">": [{"level": [var("call")]}, 0]}]}, "call"),
)
derive(
    "auction.turn",
    "17C",
    {"if": [{"==": [_LAST_STANDING, None]}, var("table.dealer"), {"lho": [field_of(_LAST_STANDING, "seat")]}]},
)
# The passes that close the auction: those after the last bid, double or redouble, or, when every call is a
# pass, those after the first pass (17D3 « une déclaration », a pass included).
_ANCHOR_N = {"if": [{"==": [_LNP, None]}, field_of({"first": [_STANDING]}, "n"), field_of(_LNP, "n")]}
_CLOSING = {"standing_after": [_ANCHOR_N]}
define(
    "trailing_passes",
    (),
    "22, 17D3: how many passes stand after the last bid, double or redouble (every standing call when all are passes)",
    "22A",
    {"if": [{"==": [_LNP, None]}, {"count": [_STANDING]}, {"count": [{"standing_after": [field_of(_LNP, "n")]}]}]},
    (
        ({"trailing_passes": []}, {"auction.calls": _calls(("N", "1H"), ("E", "Pass"), ("S", "Pass"))}, 2),
        ({"trailing_passes": []}, {"auction.calls": _calls(("N", "Pass"), ("E", "Pass"))}, 2),
        ({"trailing_passes": []}, {"auction.calls": _calls(("N", "1H"), ("E", "X"))}, 0),
        ({"trailing_passes": []}, {"auction.calls": []}, 0),
    ),
)
derive(
    "auction.three_passes_follow",
    "22",
    {"and": [{"some": [_STANDING, True]}, {">=": [{"count": [_CLOSING]}, 3]}]},
)
derive(
    "auction.completed", "22A", {"and": [{"!=": [var("auction.last_bid"), None]}, {">=": [{"trailing_passes": []}, 3]}]}
)
# 17D3: a pass that follows the last call but not at its turn (its maker is not the LHO of the call before it).
_PREVIOUS_SEAT = field_of({"call": [{"first": [{"standing_before": [var("")]}]}]}, "seat")
derive(
    "auction.deprived",
    "17D3",
    {"some": [_CLOSING, {"!=": [field_of({"call": [var("")]}, "seat"), {"lho": [_PREVIOUS_SEAT]}]}]},
)
derive(
    "auction.passed_out",
    "22B",
    {
        "and": [
            {"==": [_LNP, None]},
            {"same_set": [{"map": [_STANDING, var("seat")]}, ["N", "E", "S", "W"]]},
            {"!": [var("auction.deprived")]},
        ]
    },
)
