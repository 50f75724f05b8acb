"""The invariant checker (tests/invariants.py) can fail: for each violation it can report, a record
broken on purpose, and that very violation reported. Each test first checks the same board unbroken
(nothing reported), so that what is reported comes from the break.

A record is broken the way a faulty engine would break it: a field of the table changed behind the
engine's back, a snapshot that hides or rewrites what the table holds, a step lost by the journal, an
option offered that nobody may take."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from fsm import Board
from fsm.bridge.auction import PENDING

from . import invariants

pytestmark = pytest.mark.record_broken  # conftest.py: these boards are not checked after the test


class Doctored:
    """The board as a faulty engine would show it: ``snapshot()`` edited by ``edit``, ``options()``
    replaced by ``options``; everything else is the board's own."""

    def __init__(self, board: Board, edit: Callable[[dict[str, Any]], None] | None = None, options=None) -> None:
        self._board, self._edit, self._options = board, edit, options

    def __getattr__(self, name: str) -> Any:
        return getattr(self._board, name)

    def snapshot(self) -> dict[str, Any]:
        snap = copy.deepcopy(self._board.snapshot())
        if self._edit is not None:
            self._edit(snap)
        return snap

    def options(self) -> list[dict[str, Any]]:
        return self._options if self._options is not None else self._board.options()


def kinds(found: list[invariants.Violation]) -> list[str]:
    return [v.kind for v in found]


def step(board: Board, name: str, args: dict[str, Any], edit=None, opened=None, lose_steps=False) -> list[str]:
    """The violations ``check_step`` reports for one event applied to ``board``, its snapshot after the
    event edited by ``edit`` (None: the board unbroken)."""
    before = board.snapshot()
    steps = board.apply(name, args)
    shown = board if edit is None else Doctored(board, edit)
    return kinds(invariants.check_step(before, shown, name, args, [] if lose_steps else steps, opened))  # type: ignore[arg-type]


def record(board: Board, edit=None, hands=None) -> list[str]:
    shown = board if edit is None else Doctored(board, edit)
    return kinds(invariants.check_record(shown, hands))  # type: ignore[arg-type]


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(snap: dict[str, Any]) -> None:
        snap[key] = value

    return edit


def _at_a_call_after_the_pass_out() -> Board:
    board = Board()
    board.calls("Pass Pass Pass Pass")
    board.call("S", "1C")  # 39A: cancelled
    return board


def _insufficient_bid_offered() -> Board:
    board = Board()
    board.calls("1H 1D")  # East's 1D: insufficient (27), South to choose
    return board


def _inadmissible_redouble_called_over() -> Board:
    board = Board()
    board.calls("1H")
    board.call("E", "XX")  # no double to redouble (19B1): inadmissible
    board.call("S", "Pass")  # his LHO calls over it: pending, ruled when the Director comes (36A)
    return board


def _barred_player_called_over() -> Board:
    board = Board(dealer="N")
    board.call("E", "Pass")  # at North's turn, his RHO's: East passes at his next turn (30A)
    board.refuse("S")
    board.call("N", "1H")
    board.call("E", "2C")  # the barred player bids
    board.call("S", "Pass")  # his LHO calls over it: pending, ruled when the Director comes (37A)
    return board


def _26B_during_the_auction() -> Board:
    board = Board(dealer="N")
    board.call("N", "1H")
    board.substitute("N", "8H")
    board.judge(unintended=False)
    board.director()  # 25B2, 38B: both of North's side barred (38C), South restricted (26B)
    return board


def _major_penalty_card_on_lead() -> Board:
    board = Board(dealer="N")
    board.call("N", "1S")
    board.expose("W", ["DK"])  # 24B: an honour; West defends: a major penalty card (24E)
    board.calls("Pass 4S Pass Pass Pass")
    return board


def _exposed_card() -> Board:
    board = Board(dealer="N")
    board.call("N", "1S")
    board.expose("E", ["SK"])
    return board


# --- check_step: one event ----------------------------------------------------------------------
def test_rulings_rewritten():
    assert step(_at_a_call_after_the_pass_out(), "call", {"seat": "W", "call": "1D"}) == []
    found = step(_at_a_call_after_the_pass_out(), "call", {"seat": "W", "call": "1D"}, _set("rulings", ["39B", "39A"]))
    assert found == ["rulings rewritten"]


def test_accepted_without_a_rule():
    assert step(Board(), "call", {"seat": "N", "call": "1H"}) == []
    assert step(Board(), "call", {"seat": "N", "call": "1H"}, lose_steps=True) == ["accepted without a rule"]


def test_accepted_with_the_snapshot_unchanged():
    board = Board()
    before = board.snapshot()
    assert step(board, "call", {"seat": "N", "call": "1H"}, lambda snap: (snap.clear(), snap.update(before))) == [
        "accepted, snapshot unchanged: call"
    ]


def test_irregularity_settled_without_a_ruling_recorded():
    assert step(_insufficient_bid_offered(), "accept", {"seat": "S"}) == []  # 27A1 recorded
    assert step(_insufficient_bid_offered(), "accept", {"seat": "S"}, _set("rulings", [])) == [
        "irregularity settled without a ruling recorded"
    ]


def test_irregularity_gone_unruled():
    review = {"seat": "S"}  # a question (20B), no choice of South's: the insufficient bid still awaits it
    assert step(_insufficient_bid_offered(), "review", review) == []
    assert step(_insufficient_bid_offered(), "review", review, _set("irregularity", None)) == [
        "irregularity gone unruled"
    ]


def test_pending_ruling_gone_unruled():
    call = {"seat": "W", "call": "Pass"}
    assert step(_inadmissible_redouble_called_over(), "call", call, opened={"E:XX": 0}) == []
    found = step(_inadmissible_redouble_called_over(), "call", call, _set("pending", []), opened={"E:XX": 0})
    assert found == ["pending ruling gone unruled"]


def test_director_came_pending_left_unruled():
    assert step(_inadmissible_redouble_called_over(), "director", {}) == []
    left = [{"law": "36", "source": "E:XX"}]
    found = step(_inadmissible_redouble_called_over(), "director", {}, _set("pending", left))
    assert found == ["Director came, pending left unruled"]


def test_pending_not_ruled_in_order():
    assert step(_barred_player_called_over(), "director", {}) == []  # 37A: the calls stand
    found = step(_barred_player_called_over(), "director", {}, _set("rulings", ["30A", "36A"]))
    assert found == ["pending not ruled in order"]


def test_an_obligation_ended_without_its_law():
    board = Board(dealer="N")
    board.call("E", "Pass")
    board.refuse("S")  # 30A: East passes at his next turn
    expose = {"seat": "W", "cards": ["C2"]}
    assert step(board.copy(), "expose", expose) == []
    assert step(board.copy(), "expose", expose, _set("obligations", [])) == ["obligation ended without its law"]


def test_a_lead_restriction_ended_without_its_law():
    call = {"seat": "E", "call": "Pass"}
    assert step(_26B_during_the_auction(), "call", call) == []
    found = step(_26B_during_the_auction(), "call", call, _set("lead_restrictions", []))
    assert found == ["lead restriction ended without its law"]


def test_a_penalty_card_ended_without_its_law():
    review = {"seat": "N"}
    assert step(_major_penalty_card_on_lead(), "review", review) == []
    found = step(_major_penalty_card_on_lead(), "review", review, _set("penalty_cards", []))
    # the card leaves the table as well, with no law sending it back
    assert found == ["penalty card ended without its law", "card gone from the table, not returned"]


def test_a_card_gone_from_the_table_not_returned():
    call = {"seat": "E", "call": "Pass"}
    assert step(_exposed_card(), "call", call) == []
    assert step(_exposed_card(), "call", call, _set("exposed_cards", [])) == ["card gone from the table, not returned"]


# --- check_record: the record as it stands ------------------------------------------------------------
def _entry(board: Board, token: str):
    return next(e for e in board.table.auction.entries if e.token() == token)


def test_a_call_accepted_then_lost_from_the_record():
    board = Board()
    board.calls("1H Pass")
    assert record(board) == []
    board.table.auction.drop(_entry(board, "E:Pass"))
    assert record(board) == ["call accepted, then lost from the record"]


def test_a_call_in_the_record_nobody_made():
    board = Board()
    board.calls("1H")
    assert record(board) == []
    made = _entry(board, "N:1H")
    board.table.auction.add(made._replace(seat=made.seat.lho, n=made.n + 1))  # East's 1H, never logged
    assert record(board) == ["call in the record that nobody made, without a law"]


def test_an_irregularity_naming_a_call_not_in_the_record():
    board = _insufficient_bid_offered()
    assert record(board) == []
    irr = board.table.irregularity
    board.table.irregularity = dataclasses.replace(irr, replacement=irr.entry._replace(n=99))
    assert record(board) == ["irregularity names a call not in the record"]


def test_a_call_cancelled_without_its_law():
    board = Board()
    board.calls("1H Pass")
    assert record(board) == []
    board.table.auction.set_status(_entry(board, "E:Pass"), "cancelled")  # a standing call has no law
    assert record(board) == ["call cancelled without its law"]


def test_a_pending_call_awaiting_nothing():
    board = Board()
    board.calls("1H Pass")
    assert record(board) == []
    board.table.auction.set_status(_entry(board, "E:Pass"), PENDING)
    assert record(board) == ["pending call awaiting nothing"]


def test_a_call_of_unknown_status():
    board = Board()
    board.calls("1H Pass")
    assert record(board) == []
    board.table.auction.set_status(_entry(board, "E:Pass"), "mislaid")
    assert record(board) == ["call of unknown status"]


def test_calls_not_in_the_snapshot():
    board = Board()
    board.calls("1H Pass")
    assert record(board) == []
    assert record(board, _set("auction", ["N:1H"])) == ["calls: not in the snapshot"]


def test_a_card_in_two_places():
    board = _exposed_card()
    assert record(board) == []
    shown = board.table.exposed[0]
    board.table.penalty_cards = (*board.table.penalty_cards, _penalty_card(shown))
    assert record(board) == ["card in two places"]


def _penalty_card(exposure):
    """A penalty card of the exposed card ``exposure`` (taken from a board that has one, then moved)."""
    card = _major_penalty_card_on_lead().table.penalty_cards[0]
    return dataclasses.replace(card, seat=exposure.seat, card=exposure.card)


def test_a_card_shown_by_no_event():
    board = _exposed_card()
    assert record(board) == []
    other = Board(dealer="N")
    other.call("N", "1C")  # Law 24 applies from the first call (the default reading)
    other.expose("W", ["HA"])
    board.table.exposed = (*board.table.exposed, other.table.exposed[0])  # West's ♥A: never exposed here
    assert record(board) == ["card shown by no event"]


def test_a_card_not_in_the_hand_of_the_seat_that_shows_it():
    board = _exposed_card()  # East's ♠K
    hands = {"N": (), "E": ("SQ",), "S": (), "W": ("SK",)}
    assert record(board, hands={**hands, "E": ("SK",)}) == []
    assert record(board, hands=hands) == ["card not in the hand of the seat that shows it"]


def _with_unauthorized_information(**changes) -> Board:
    board = _26B_during_the_auction()  # the 8H withdrawn: UI to South (16C)
    (ui,) = board.table.unauthorized_information
    board.table.unauthorized_information = (dataclasses.replace(ui, **changes),)
    return board


def test_unauthorized_information_without_its_law():
    assert record(_with_unauthorized_information()) == []
    assert record(_with_unauthorized_information(law="")) == ["unauthorized information without its law"]


def test_unauthorized_information_from_nothing_in_the_record():
    assert record(_with_unauthorized_information(source="N:7NT")) == [
        "unauthorized information from nothing in the record"
    ]


def test_unauthorized_information_for_nobody():
    assert record(_with_unauthorized_information(for_seats=())) == ["unauthorized information for nobody"]


def test_a_lead_restriction_from_nothing_in_the_record():
    board = _26B_during_the_auction()
    assert record(board) == []
    (r,) = board.table.lead_restrictions
    board.table.lead_restrictions = (dataclasses.replace(r, source="N:7NT"),)
    assert record(board) == ["lead restriction from nothing in the record"]


def test_an_obligation_without_its_law():
    board = _26B_during_the_auction()
    assert record(board) == []
    board.table.obligations = tuple(dataclasses.replace(o, law="") for o in board.table.obligations)
    assert record(board) == ["obligation without its law", "obligation without its law"]


def test_a_lead_constraint_without_its_law():
    board = _major_penalty_card_on_lead()
    board.require("N", "D")  # 50D2: declarer requires the diamond lead
    assert record(board) == []
    board.table.lead_constraints = tuple(dataclasses.replace(c, law="") for c in board.table.lead_constraints)
    assert record(board) == ["lead_constraint without its law"]


def test_a_penalty_card_without_its_law():
    board = _major_penalty_card_on_lead()
    assert record(board) == []
    board.table.penalty_cards = tuple(dataclasses.replace(p, law="") for p in board.table.penalty_cards)
    assert record(board) == ["penalty card without its law"]


def test_a_pending_ruling_of_nothing_in_the_record():
    board = _inadmissible_redouble_called_over()
    assert record(board) == []
    (p,) = board.table.pending
    board.table.pending = (dataclasses.replace(p, source="E:7NT"),)
    assert record(board) == ["pending ruling of nothing in the record"]


# --- options_accepted ------------------------------------------------------------------------------------
def test_an_option_nobody_may_take():
    board = Board()
    assert invariants.options_accepted(board) == []
    offered = [{**o, "seats": []} if o["event"] == "call" else o for o in board.options()]
    found = invariants.options_accepted(Doctored(board, options=offered))  # type: ignore[arg-type]
    assert kinds(found) == ["option nobody may take"]


def test_an_option_offered_then_refused():
    board = Board()
    assert invariants.options_accepted(board) == []
    offered = [*board.options(), {"event": "accept", "seats": ["S"], "law": "27A1", "words": {}}]  # nothing to accept
    found = invariants.options_accepted(Doctored(board, options=offered))  # type: ignore[arg-type]
    assert kinds(found) == ["option offered, then refused"]


# --- every report has its test ---------------------------------------------------------------------------
def test_every_violation_the_checker_can_report_is_shown_here():
    """Each ``Violation(kind, …)`` of tests/invariants.py (an f-string kind: any text where it has a
    field; a kind chosen beforehand: each of its choices) is asserted by a test of this file: a new
    invariant comes with a record broken to show it."""
    import ast
    import re
    from pathlib import Path

    def texts(node: ast.AST) -> list[str]:
        """The kinds an expression may give, as patterns."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [re.escape(node.value)]
        if isinstance(node, ast.JoinedStr):
            return ["".join(re.escape(v.value) if isinstance(v, ast.Constant) else ".+" for v in node.values)]
        if isinstance(node, ast.IfExp):
            return texts(node.body) + texts(node.orelse)
        return []

    tree = ast.parse((Path(__file__).parent / "invariants.py").read_text(encoding="utf-8"))
    chosen = {  # kind = "…" if … else "…"
        n.targets[0].id: texts(n.value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Name)
    }
    reported = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "Violation" and n.args:
            first = n.args[0]
            reported += chosen.get(first.id, []) if isinstance(first, ast.Name) else texts(first)
    assert len(reported) >= 29
    here = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    shown = {n.value for n in ast.walk(here) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    assert [kind for kind in reported if not any(re.fullmatch(kind, s) for s in shown)] == []


@pytest.mark.parametrize(
    "key,report",
    [
        ("exposed_cards", "cards: exposed_cards not as the table holds them"),
        ("penalty_cards", "cards: penalty_cards not as the table holds them"),
        ("returned_cards", "cards: returned_cards not as the table holds them"),
    ],
)
def test_the_cards_shown_not_as_the_table_holds_them(key, report):
    board = _major_penalty_card_on_lead() if key == "penalty_cards" else _exposed_card()
    if key == "returned_cards":
        board = Board(dealer="N")
        board.lead("E", "H4", face_down=True)  # during the auction: back to the hand (24)
    assert record(board) == []
    held = board.snapshot()[key]
    assert held, key
    assert record(board, _set(key, [*held, held[0]])) == [report]


def test_an_index_of_the_auction_that_differs_from_its_record():
    from fsm.bridge.calls import Seat

    board = Board()
    board.calls("1H 1S")
    assert record(board) == []
    board.auction._last[Seat.E] = None  # noqa: SLF001 - the index corrupted on purpose
    assert set(record(board)) == {"an index of the auction differs from its record"}
