"""Laws 17, 18, 19, 20, 22: the board on the table, calls in rotation, the end of the auction.

A regular call in turn stays in ``auction.calling``; the call that ends the auction opens the
clarification period (22A, 17D1) or passes the board out (22B, 17D2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from fsm.auction import STANDING, Entry
from fsm.laws import parties
from fsm.laws.classify import KIND_GUARDS, CallKind
from fsm.rulings import PASS_NEXT_TURN, REPEAT_CALL, Obligation
from fsm.spec import LawModule, Option, Rule, StateSpec, words

if TYPE_CHECKING:
    from fsm.board import Board, Event


# --- guards ---------------------------------------------------------------------------
@words("par un camp qui n'a pas encore sorti ses cartes", "by a side that has not taken its cards yet")
def side_still_in_board(board: Board, event: Event) -> bool:
    assert event.seat is not None
    return event.seat.side not in board.sides_with_cards


# --- actions --------------------------------------------------------------------------
@words("le camp sort ses cartes de l'étui", "the side takes its cards out of the board")
def take_side_cards(board: Board, event: Event) -> None:
    assert event.seat is not None
    board.sides_with_cards = (*board.sides_with_cards, event.seat.side)


# Other law modules register here what a call in rotation settles for them (31A, 25A6…),
# and what the end of the auction settles (24D, 24E).
AFTER_CALL: list[Callable[[Board, Entry], None]] = []
AT_END: list[Callable[[Board], None]] = []


@words("la déclaration est enregistrée", "the call is recorded")
def record_call(board: Board, event: Event) -> None:
    """Record a call in rotation."""
    assert event.seat is not None and event.call is not None
    stand(board, Entry(event.seat, event.call, STANDING, artificial=event.artificial, specifies=event.specifies))


def stand(board: Board, entry: Entry) -> None:
    """A call takes its place in the auction; the obligations it fulfils end (30A, 24B, 31A1…)."""
    board.auction.entries.append(entry)
    board.obligations = [o for o in board.obligations if not _fulfilled(o, entry)]
    for hook in AFTER_CALL:
        hook(board, entry)


def _fulfilled(o: Obligation, entry: Entry) -> bool:
    if o.seat is not entry.seat:
        return False
    if o.kind == PASS_NEXT_TURN:
        return entry.call.is_pass
    if o.kind == REPEAT_CALL:
        return entry.call.pbn() == o.call
    return False


@words(
    "un contre qui nomme mal l'enchère vaut pour l'enchère faite",
    "a double naming the wrong bid counts for the bid made",
)
def misnamed_double(board: Board, event: Event) -> None:
    """19A3 / 19B3: the double or redouble is of the bid as made; Law 16 may apply."""
    assert event.call is not None
    last = board.auction.last_bid()
    if event.names is not None and last is not None and event.names.pbn() != last.call.pbn():
        board.rulings.append("19A3" if event.call.is_double else "19B3")


@words("fin des annonces : les obligations de passer cessent", "end of the auction: obligations to pass end")
def end_auction(board: Board, event: Event) -> None:
    """Obligations to pass last "until the end of the auction" at most; so do deferred judgements."""
    board.obligations = []
    board.deferred = []
    board.withdrawable = None
    for hook in AT_END:
        hook(board)


@words("les mains sont remises dans l'étui", "the hands are returned to the board")
def hands_returned(board: Board, event: Event) -> None:
    """17D2: the auction period of a passed-out board ends here."""


@words("trois passes consécutifs en rotation après une enchère", "three consecutive passes in rotation after a bid")
def passes_in_rotation(board: Board, event: Event) -> bool:
    auction = board.auction
    seats = [e.seat for e in auction.passes_since_last_call()]
    return auction.is_completed() and auction.rotation_break(seats) is None


@words("les quatre joueurs ont passé", "all four players have passed")
def all_four_passed(board: Board, event: Event) -> bool:
    return board.auction.is_passed_out()


MODULE = LawModule(
    name="normal",
    laws="17, 18, 19, 20, 22",
    states=[
        StateSpec("board", "17A", "Cartes dans l'étui", "Cards in the board"),
        StateSpec("auction", "17", "Période des annonces", "Auction period"),
        StateSpec("auction.calling", "17C", "Déclarations en rotation", "Calls in rotation", initial=True),
        StateSpec("passed_out", "22B", "Donne passée", "Passed out"),
        StateSpec("returned", "17D2", "Mains remises dans l'étui", "Hands returned to the board", final=True),
        StateSpec("play", "17D1", "Jeu de la carte", "Play period", final=True),
    ],
    rules=[
        Rule(
            "take_cards", "board", "auction", "17A",
            "un camp sort ses cartes : la période des annonces commence",
            "a side takes its cards: the auction period begins",
            actions=(take_side_cards,),
        ),
        Rule(
            "take_cards", "auction", None, "17A",
            "l'autre camp sort ses cartes", "the other side takes its cards",
            (side_still_in_board,), (take_side_cards,),
        ),
        Rule("call", "auction.calling", None, "17C", "déclaration à son tour", "call in rotation",
             (KIND_GUARDS[CallKind.REGULAR],), (misnamed_double, record_call)),
        Rule("auction_ends", "auction.calling", "clarification", "22A", "fin des annonces", "the auction ends",
             (passes_in_rotation,), (end_auction,)),
        Rule("auction_ends", "auction.calling", "passed_out", "22B", "donne passée", "passed out",
             (all_four_passed,), (end_auction,)),
        Rule(
            "return_hands", "passed_out", "returned", "17D2",
            "les mains retournent dans l'étui", "the hands go back into the board",
            actions=(hands_returned,),
        ),
    ],
    options={
        "board": [
            Option("take_cards", parties.everyone, "17A", "un camp sort ses cartes de l'étui", "a side takes its cards out of the board"),
        ],
        "auction.calling": [
            Option("call", parties.turn_seat, "17C", "déclare à son tour", "calls in turn"),
            Option("review", parties.turn_seat, "20B", "demande un rappel des annonces à son tour", "asks for a review of the auction at his turn"),
        ],
        "passed_out": [
            Option("return_hands", None, "17D2", "les quatre mains retournent dans l'étui", "the four hands go back into the board"),
        ],
    },
)  # fmt: skip


# --- 20: review and explanation during the auction -------------------------------------
@words("à son tour, sans obligation de passer", "at his own turn, not required to pass")
def own_turn_not_barred(board: Board, event: Event) -> bool:
    return event.seat is board.auction.turn() and board.must_pass(event.seat) is None


@words("la demande est notée", "the request is noted")
def note_request(board: Board, event: Event) -> None:
    """20B/20F1: the answer is given at the table; the board's data does not change."""


MODULE.rules += [
    Rule("review", "auction.calling", None, "20B", "rappel des annonces à son tour", "review of the auction at one's turn", (own_turn_not_barred,), (note_request,)),
    Rule("explain", "auction.calling", None, "20F1", "explication à son tour", "explanation at one's turn", (own_turn_not_barred,), (note_request,)),
]  # fmt: skip
MODULE.options["auction.calling"].append(
    Option(
        "explain",
        parties.turn_seat,
        "20F1",
        "demande une explication à son tour",
        "asks for an explanation at his turn",
    )
)
