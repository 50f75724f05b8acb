"""Stacked irregularities: random event sequences in which all four players act at random moments,
so that a second irregularity often comes before the first is settled.

A sequence is a deal seed, a dealer and a list of *steps*; a step is three integers ``(roll, seat,
pick)`` that are resolved into an event against the board as it then stands (``resolve``): the roll
chooses the kind of act (a call in turn, an option holder's choice, a call out of turn, an
insufficient bid, an inadmissible double, a bid of eight, a change of call, cards exposed, a lead,
the Director, a judgement…), the seat who makes it (when the kind does not name him), and the pick
the rest (which call, which card, face down or not; half the leads and a third of the exposures
take a card that has been on the table before, face up still or back in the hand). Because steps are plain integers, hypothesis
shrinks a failing sequence to a short one with small numbers, and ``random.Random`` draws the same
steps for the survey (tests/survey_stacked.py). While the board is unsettled (an irregularity
awaits its option holder or the Director, or a ruling is pending) the rolls map to another table,
heavier on irregular acts: that is the stacking.

``run`` plays a sequence on the strict runner and returns what became of every event (accepted,
refused with its law, refused as an input error, a machine error, a foreign exception), checking
the record's invariants after every accepted event (tests/invariants.py). ``as_scenario`` writes a
sequence in the corpus format (docs/scenarios.md) for the lead to decide its expectations from the
Laws.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from fsm import Board, FsmError, IllegalEvent, InputError
from fsm.bridge.events import JUDGEMENTS
from fsm.engine.errors import SpecError
from fsm.engine.tables import ancestry

from . import invariants

SEATS = ("N", "E", "S", "W")
STRAINS = ("C", "D", "H", "S", "NT")
BIDS = tuple(f"{level}{strain}" for level in range(1, 8) for strain in STRAINS)  # in the order of 18B
BIDS_FROM = 5  # Call.rank of 1C
CARDS = tuple(s + r for s in "SHDC" for r in "AKQJT98765432")
# The acts at the table, the physical ones of the issue; review, explain and judge are not among them.
PHYSICAL = ("call", "substitute", "expose", "lead")
# The kinds of act whose point is an irregularity (a lead is one unless the opening leader makes it
# after the auction: see ``irregular``).
IRREGULAR = ("out_of_turn", "insufficient", "inadmissible", "eight", "change", "expose", "lead")

# (kind, weight out of 100) while nothing waits, and while an irregularity is unsettled. Roll 0 is
# the simplest act (the next caller calls), where shrinking ends.
SETTLED = (
    ("in_turn", 40), ("option", 12), ("out_of_turn", 10), ("insufficient", 8), ("inadmissible", 4),
    ("eight", 2), ("change", 5), ("expose", 6), ("lead", 6), ("face_lead", 2), ("director", 3), ("judge", 2),
)  # fmt: skip
UNSETTLED = (
    ("in_turn", 12), ("option", 22), ("out_of_turn", 14), ("insufficient", 10), ("inadmissible", 5),
    ("eight", 3), ("change", 6), ("expose", 8), ("lead", 8), ("face_lead", 2), ("director", 7), ("judge", 3),
)  # fmt: skip


def _table(weights: Sequence[tuple[str, int]]) -> tuple[str, ...]:
    out = tuple(kind for kind, weight in weights for _ in range(weight))
    assert len(out) == 100, len(out)
    return out


_SETTLED, _UNSETTLED = _table(SETTLED), _table(UNSETTLED)

Step = tuple[int, int, int]


def deal(seed: int) -> dict[str, tuple[str, ...]]:
    """Four hands of thirteen cards from a seed: a card is exposed or led only by the seat holding it."""
    cards = list(CARDS)
    random.Random(seed).shuffle(cards)
    return {seat: tuple(cards[13 * i : 13 * i + 13]) for i, seat in enumerate(SEATS)}


def unsettled(board: Board) -> bool:
    """An irregularity is not settled: a waiting state (an option holder or the Director awaited),
    an irregular call on the table, or a ruling pending."""
    table = board.table
    if table.irregularity is not None or table.pending:
        return True
    return any(board.engine.states[name].waiting for name in ancestry(board.state))


def offender(board: Board) -> str | None:
    """The offender of what is unsettled: the irregular call on the table, the first pending ruling,
    or the lead out of turn."""
    table = board.table
    if table.irregularity is not None:
        return table.irregularity.entry.seat.value
    if table.pending:
        return table.pending[0].source.split(":")[0]
    if board.state.startswith("lead_out_of_turn") and table.opening_lead is not None:
        return table.opening_lead.seat.value
    return None


def relation(board: Board, seat: str | None) -> str:
    """Where the actor sits from the offender of what is unsettled, and whether he holds an option."""
    if seat is None:
        return "Director"
    off = offender(board)
    if off is None:  # nothing unsettled: in turn or not
        return "in turn" if seat == board.next_caller().value else "not in turn"
    else:
        k = (SEATS.index(seat) - SEATS.index(off)) % 4
        where = ("offender", "offender's LHO", "offender's partner", "offender's RHO")[k]
    holds = any(o["seats"] and seat in o["seats"] for o in board.options() if o["event"] != "expose")
    return f"{where}, holder" if holds else where


# --- the calls ----------------------------------------------------------------------------------
def _last_rank(board: Board) -> int:
    last = board.auction.last_bid()
    # a bid of eight may stand until the Director cancels it (38): it counts as 7NT here
    return -1 if last is None else min(last.call.rank - BIDS_FROM, len(BIDS) - 1)


def sensible_call(board: Board, seat: str, pick: int) -> str:
    """A call a player might make in turn: a pass half the time, else a bid above the last, or a
    double or redouble when it is admissible."""
    from fsm import Seat

    s = Seat(seat)
    mode = pick % 8
    if mode < 4:
        return "Pass"
    if mode == 4 and board.auction.double_permitted(s):
        return "X"
    if mode == 5 and board.auction.redouble_permitted(s):
        return "XX"
    rank = _last_rank(board) + 1 + (pick // 8) % 4
    return BIDS[rank] if rank < len(BIDS) else "Pass"


def insufficient_bid(board: Board, pick: int) -> str:
    """A bid below the last bid (the lowest bid when there is none: then it is sufficient)."""
    last = _last_rank(board)
    return BIDS[pick % last] if last > 0 else BIDS[0]


def inadmissible_call(board: Board, seat: str, pick: int) -> str:
    from fsm import Seat

    s = Seat(seat)
    if not board.auction.double_permitted(s) and (pick % 2 == 0 or board.auction.redouble_permitted(s)):
        return "X"
    return "XX" if not board.auction.redouble_permitted(s) else "X"


def shown(board: Board) -> set[tuple[str, str]]:
    """The cards face up or led: exposed, penalty cards, the opening lead."""
    table = board.table
    out = {(x.seat.value, x.card.pbn()) for x in table.exposed}
    out |= {(p.seat.value, p.card.pbn()) for p in table.penalty_cards}
    if table.opening_lead is not None:
        out.add((table.opening_lead.seat.value, table.opening_lead.card.pbn()))
    return out


def been_shown(board: Board, seat: str) -> list[str]:
    """The seat's cards that have been on the table: face up or led now, or back in the hand with the
    law that sent them back. Shown or led again, each must still be in one place only."""
    out = {c for s, c in shown(board) if s == seat}
    out |= {r.card.pbn() for r in board.table.returned_cards if r.seat.value == seat}
    return sorted(out)


def leader(board: Board) -> str | None:
    seat = board.table.opening_leader()
    return seat.value if seat is not None else None


# --- a step resolved into an event ----------------------------------------------------------------
@dataclass
class Act:
    kind: str
    name: str
    args: dict[str, Any]
    stacked: bool = False  # an irregular act while another irregularity is unsettled


def resolve(board: Board, hands: dict[str, tuple[str, ...]], step: Step) -> Act:
    roll, seat_i, pick = step
    waiting = unsettled(board)
    kind = (_UNSETTLED if waiting else _SETTLED)[roll % 100]
    seat = SEATS[seat_i % 4]
    nxt = board.next_caller().value
    if kind == "in_turn":
        act = Act(kind, "call", {"seat": nxt, "call": sensible_call(board, nxt, pick)})
    elif kind == "option":
        act = _option(board, hands, pick) or Act(kind, "call", {"seat": nxt, "call": sensible_call(board, nxt, pick)})
    elif kind == "out_of_turn":
        if seat == nxt:
            seat = SEATS[(SEATS.index(seat) + 1 + pick % 3) % 4]
        act = Act(kind, "call", {"seat": seat, "call": sensible_call(board, seat, pick)})
    elif kind == "insufficient":
        act = Act(kind, "call", {"seat": nxt if pick % 3 else seat, "call": insufficient_bid(board, pick // 3)})
    elif kind == "inadmissible":
        who = nxt if pick % 3 else seat
        act = Act(kind, "call", {"seat": who, "call": inadmissible_call(board, who, pick // 3)})
    elif kind == "eight":
        act = Act(kind, "call", {"seat": nxt if pick % 3 else seat, "call": "8" + STRAINS[pick % 5]})
    elif kind == "change":
        last = board.auction.last_entry()
        who = last.seat.value if last is not None else seat
        name = "substitute" if pick % 3 == 0 else "call"
        act = Act(kind, name, {"seat": who, "call": sensible_call(board, who, pick // 3)})
    elif kind == "expose":
        visible = shown(board)
        hand = [c for c in hands[seat] if (seat, c) not in visible]
        again = been_shown(board, seat)
        count = 2 if pick % 5 == 0 and len(hand) > 1 else 1
        if again and pick % 3 == 2:  # a card shown before, still face up or back in the hand
            cards = [again[(pick // 3) % len(again)], *([hand[pick % len(hand)]] if count == 2 else [])]
        else:
            cards = [hand[(pick + 7 * i) % len(hand)] for i in range(count)] if hand else [hands[seat][0]]
        args: dict[str, Any] = {"seat": seat, "cards": sorted(set(cards))}
        if pick % 4 == 1:
            args["led"] = True
        act = Act(kind, "expose", args)
    elif kind == "lead":
        who = leader(board) if pick % 3 and leader(board) else seat
        assert who is not None
        # a card shown before: a penalty card may be led (50D), a card back in the hand led again
        again = been_shown(board, who)
        pool = again if again and pick % 2 else list(hands[who])
        act = Act(kind, "lead", {"seat": who, "card": pool[pick % len(pool)], "face_down": pick % 4 < 2})
    elif kind == "face_lead":
        lead = board.table.opening_lead
        act = Act(kind, "face_lead", {"seat": lead.seat.value if lead is not None else seat})
    elif kind == "director":
        act = Act(kind, "director", {})
    else:  # judge
        act = Act(kind, "judge", {JUDGEMENTS[pick % len(JUDGEMENTS)]: bool((pick // 4) % 2)})
    act.stacked = waiting and irregular(board, act)
    return act


def irregular(board: Board, act: Act) -> bool:
    """The act is one whose point is an irregularity (what the generator meant, not what the model
    ruled): a lead is irregular unless the opening leader makes it once the auction is over."""
    if act.kind == "lead":
        return not (board.state.startswith("clarification") and act.args["seat"] == leader(board))
    return act.kind in IRREGULAR


def _option(board: Board, hands: dict[str, tuple[str, ...]], pick: int) -> Act | None:
    """One of the options the board offers, by one of the seats it names."""
    options = [o for o in board.options() if o["event"] != "expose"]
    if not options:
        return None
    option = options[pick % len(options)]
    seats = option["seats"] or list(SEATS)
    seat = seats[(pick // 7) % len(seats)]
    name = option["event"]
    args: dict[str, Any] = {} if option["seats"] is None and name in ("director", "return_hands") else {"seat": seat}
    if name == "judge":
        args = {JUDGEMENTS[pick % len(JUDGEMENTS)]: bool((pick // 4) % 2)}
    elif name in ("call", "substitute"):
        args["call"] = sensible_call(board, seat, pick // 7)
    elif name == "lead":
        args.update(card=hands[seat][pick % 13], face_down=pick % 2 == 0)
    elif name in ("prohibit", "require"):
        args["suit"] = "SHDC"[pick % 4]
    elif name == "designate":  # 50D1: one of the leader's penalty cards (any card: a wrong one is refused)
        cards = [p["card"] for p in board.snapshot()["penalty_cards"]] or list(CARDS)
        args["card"] = cards[pick % len(cards)]
    return Act("option", name, args)


# --- a sequence played ------------------------------------------------------------------------------
ACCEPTED, REFUSED, INPUT, MACHINE, FOREIGN = "accepted", "refused", "input error", "machine error", "foreign"


@dataclass
class Outcome:
    """What became of one event."""

    act: Act
    status: str
    state: str  # the state the board was in when the event came
    relation: str  # the actor, seen from the offender of what was unsettled
    law: str | None = None
    error: str | None = None
    refused_by: str | None = None  # the rule that refused it, citing the law that forbids the act then
    violations: list[invariants.Violation] = field(default_factory=list)

    @property
    def event(self) -> dict[str, Any]:
        return {self.act.name: self.act.args}


@dataclass
class Played:
    deal_seed: int
    dealer: str
    steps: list[Step]
    board: Board
    outcomes: list[Outcome]
    replays: bool | None = None

    @property
    def stacked(self) -> bool:
        """A second irregularity came (was attempted) before the first was settled."""
        return any(o.act.stacked for o in self.outcomes)

    @property
    def stacked_accepted(self) -> bool:
        return any(o.act.stacked and o.status == ACCEPTED for o in self.outcomes)

    def events(self, upto: int | None = None) -> list[dict[str, Any]]:
        """Every event tried, refused ones included, as the corpus writes them."""
        return [o.event for o in self.outcomes[:upto]]


def run(
    deal_seed: int, dealer: int, steps: Sequence[Step], check: bool = True, options_at: int | None = None
) -> Played:
    """Play the steps on a strict board; check the invariants after every accepted event, and at
    ``options_at`` that every option offered is accepted by someone."""
    hands = deal(deal_seed)
    board = Board(dealer=SEATS[dealer % 4], runner="strict")
    outcomes: list[Outcome] = []
    opened: dict[str, int] = {}
    for i, step in enumerate(steps):
        act = resolve(board, hands, step)
        before = board.snapshot() if check else None
        out = Outcome(act, ACCEPTED, board.state, relation(board, act.args.get("seat")))
        if check and i == options_at:
            out.violations += invariants.options_accepted(board)
        try:
            steps_fired = board.apply(act.name, act.args)
        except IllegalEvent as err:
            out.status, out.law, out.error = REFUSED, err.law, str(err)
            out.refused_by = err.details.get("rule")  # type: ignore[assignment]
        except SpecError as err:
            out.status, out.error = MACHINE, str(err)
        except InputError as err:
            out.status, out.error = INPUT, str(err)
        except FsmError as err:  # pragma: no cover - every error of the project is one of the above
            out.status, out.error = MACHINE, f"{type(err).__name__}: {err}"
        except Exception as err:  # noqa: BLE001 - the point: a foreign exception is a finding
            out.status, out.error = FOREIGN, f"{type(err).__name__}: {err}"
            outcomes.append(out)
            break  # the board may be broken: the sequence ends here
        else:
            if check:
                assert before is not None
                out.violations += invariants.check_step(before, board, act.name, act.args, steps_fired, opened)
                out.violations += invariants.check_record(board, hands)
        if out.status != ACCEPTED and check and board.snapshot() != before:
            out.violations.append(invariants.Violation("refusal changed the board", f"{act.name} {act.args}"))
        outcomes.append(out)
    played = Played(deal_seed, dealer, list(steps), board, outcomes)
    if check:
        try:
            again = Board.replay(board.record())
            played.replays = again.snapshot() == board.snapshot() and again.options() == board.options()
        except Exception as err:  # noqa: BLE001
            played.replays = False
            outcomes[-1].violations.append(invariants.Violation("log does not replay", f"{type(err).__name__}: {err}"))
        else:
            if not played.replays:
                outcomes[-1].violations.append(invariants.Violation("log does not replay", "another board"))
    return played


# --- drawing sequences ------------------------------------------------------------------------------
STEP = st.tuples(st.integers(0, 99), st.integers(0, 3), st.integers(0, 2**12))
SEQUENCES = st.tuples(st.integers(0, 2**16), st.integers(0, 3), st.lists(STEP, min_size=3, max_size=40))


def draw(rng: random.Random, length: int | None = None) -> tuple[int, int, list[Step]]:
    """A sequence drawn with ``random`` (the survey), of the same form as ``SEQUENCES`` draws."""
    n = length if length is not None else rng.randint(3, 40)
    steps = [(rng.randrange(100), rng.randrange(4), rng.randrange(2**12 + 1)) for _ in range(n)]
    return rng.randrange(2**16 + 1), rng.randrange(4), steps


def shortest(deal_seed: int, dealer: int, steps: list[Step], holds: Any) -> list[Step]:
    """Greedy shrinking without hypothesis (the survey): drop steps, one then by halves, while
    ``holds(played)`` still holds."""
    best = list(steps)
    chunk = max(1, len(best) // 2)
    while chunk >= 1:
        i = 0
        changed = False
        while i < len(best):
            trial = best[:i] + best[i + chunk :]
            if trial and holds(run(deal_seed, dealer, trial)):
                best, changed = trial, True
            else:
                i += chunk
        if not changed:
            chunk //= 2
    return best


# --- a failing sequence as a scenario -----------------------------------------------------------------
def as_scenario(played: Played, ident: str, upto: int | None = None, finding: str = "") -> str:
    """The sequence in the corpus format (docs/scenarios.md), as YAML text: accepted events as events,
    refused ones as ``rejected`` with the law the model cited. The expectations are left for the
    lead to write from the Laws: what the model did is in the comments, not in ``expect``."""
    import yaml

    outcomes = played.outcomes[:upto]
    events: list[dict[str, Any]] = []
    for o in outcomes:
        if o.status == REFUSED:
            events.append({"rejected": {"event": o.event, "law": o.law}})
        elif o.status == ACCEPTED or o is outcomes[-1]:
            events.append(o.event)
    last = outcomes[-1] if outcomes else None
    scenario = {
        "id": ident,
        "title": {"fr": "À écrire d'après les Lois", "en": "To be written from the Laws"},
        "laws": [],
        "dealer": SEATS[played.dealer % 4],
        "deal": pbn_deal(deal(played.deal_seed)),
        "events": events,
        "expect": {},
        "notes": {"fr": "Séquence trouvée par tests/stacked.py ; attendus à écrire d'après les Lois.",
                  "en": "Sequence found by tests/stacked.py; expectations to be written from the Laws."},
    }  # fmt: skip
    text = yaml.safe_dump([scenario], allow_unicode=True, sort_keys=False, width=120)
    lines = [f"# {finding}"] if finding else []
    if last is not None:
        lines.append(f"# model: {last.status} in {last.state} ({last.relation}) law={last.law}")
        lines += [f"# invariant: {v.kind}: {v.detail}" for v in last.violations]
    return "\n".join(lines) + ("\n" if lines else "") + text


def pbn_deal(hands: dict[str, tuple[str, ...]]) -> str:
    def hand(cards: tuple[str, ...]) -> str:
        ranks = "AKQJT98765432"
        return ".".join("".join(sorted((c[1] for c in cards if c[0] == s), key=ranks.index)) for s in "SHDC")

    return "N:" + " ".join(hand(hands[s]) for s in SEATS)
