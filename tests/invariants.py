"""The invariants of a board's record, checked from outside the engine (never on its hot path).

``check(board)`` replays the board's log on a fresh board and checks, after every event:
- the calls: every call the board accepted is, exactly once, a call of the auction, a cancelled
  call with the law that cancelled it, the irregular call awaiting its ruling, or a call held while a
  choice or a judgement waits, and each of them is visible in ``snapshot()``;
- the cards: every card exposed or led is, exactly once, exposed, a penalty card, the opening lead
  or back in its hand with the law that sent it back (``returned_cards``), whatever lead, face-down
  lead, exposure, penalty card and return came one after the other; one that leaves the table is in
  ``returned_cards``;
- an irregularity stays until it is ruled: the irregular call on the table, or a pending ruling, is
  gone only after an event that records a ruling, or by the option holder's choice;
- when the Director comes, every pending irregularity he rules by coming is ruled, in order;
- an obligation to pass, a lead restriction or a penalty card ends only by a step that cites its law
  or a law that ends it (``ENDED_BY``);
- every unauthorized-information record names the call or card it comes from, and that call or card
  is in the record; every obligation, restriction and penalty card records its law;
- an accepted event fires a rule and leaves a trace in the snapshot, but for the acts that only
  inform (``INFORMING``) and a card led that goes back to the hand where it already was, which the
  log keeps.

``check_step`` (one event, before and after) and ``check_record`` (the record as it stands) are the
two halves, used one event at a time by tests/stacked.py. ``options_accepted`` checks that every
option offered is accepted by someone with some arguments.

The checker reads the table (``board.table``) beside the snapshot only to check that the snapshot
shows what the table holds: the calls awaiting a ruling, the cards on the table, the sources of the
records. The laws that may end an obligation, a restriction or a penalty card are stated here
(``ENDED_BY``), from the Laws, not read from the rules.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from fsm import Board, FsmError
from fsm.bridge.auction import CANCELLED, PENDING, STANDING, WITHDRAWN
from fsm.bridge.calls import Seat, Strain
from fsm.bridge.events import JUDGEMENTS
from fsm.engine.journal import Step

SEATS = ("N", "E", "S", "W")
CARDS = tuple(s + r for s in "SHDC" for r in "AKQJT98765432")
# The option holder's own events, whose point is to settle the irregularity on the table (27A1, 29A…).
# Acts that may leave what the board tells unchanged, the log keeping them: a question (20A, 20F), a
# review (20B), the Director called with nothing to rule (9B), a judgement under which nothing applies
# (21B1, 25A, 54C judged « non »).
INFORMING = ("review", "explain", "director", "judge")
SETTLING = ("accept", "refuse", "call", "substitute", "judge", "director", "withdraw", "lead", "face_lead", "spread")


@dataclass(frozen=True)
class Violation:
    kind: str
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.detail}"


def check(board: Board) -> list[Violation]:
    """Every invariant after every event of the board's log (replayed on a fresh board)."""
    record = board.record()
    fresh = Board(
        dealer=record["dealer"],
        vulnerable=record["vulnerable"],
        settings=record["settings"],
        cards_in_board=record["cards_in_board"],
    )
    out: list[Violation] = []
    opened: dict[str, int] = {}
    for entry in record["events"]:
        ((name, args),) = entry.items()
        before = fresh.snapshot()
        steps = fresh.apply(name, args)
        out += [
            Violation(v.kind, f"event {len(fresh.events)} ({name}): {v.detail}")
            for v in check_step(before, fresh, name, args, steps, opened)
        ]
        out += check_record(fresh)
    return out


# --- one event --------------------------------------------------------------------------------------
def _laws(steps: list[Step]) -> set[str]:
    return {law for s in steps for law in (s.law, *s.laws) if law}


def _cites(steps: list[Step], law: str) -> bool:
    """A step fired cites ``law`` itself, or a clause of it, or the clause it belongs to."""
    return any(c == law or c.startswith(law) or law.startswith(c) for c in _laws(steps))


def check_step(
    before: dict[str, Any],
    board: Board,
    name: str,
    args: dict[str, Any],
    steps: list[Step],
    opened: dict[str, int] | None = None,
) -> list[Violation]:
    """The invariants of one accepted event: ``before`` is the snapshot before it; ``opened`` (kept
    by the caller from one event to the next) how many rulings the board had when each irregular
    call came to the table."""
    after = board.snapshot()
    out: list[Violation] = []
    new_rulings = list(after["rulings"])[len(before["rulings"]) :]
    if list(after["rulings"])[: len(before["rulings"])] != list(before["rulings"]):
        out.append(Violation("rulings rewritten", f"{before['rulings']} -> {after['rulings']}"))
    if not steps:
        out.append(Violation("accepted without a rule", f"{name} in {before['state']}"))
    elif after == before and name not in INFORMING and not _back_again(after, name, args):
        # the log keeps it; the lead decides whether the snapshot should
        out.append(Violation(f"accepted, snapshot unchanged: {name}", f"in {before['state']} ({steps[-1].rule})"))

    # an irregularity stays until it is ruled: a ruling recorded since it came, or its holder's choice
    irr, irr_after = before["irregularity"], after["irregularity"]
    # still there: a pending ruling now, or the first insufficient bid kept beside a second (27B4)
    original = board.table.irregularity.original if board.table.irregularity is not None else None
    moved = irr is not None and (
        any(p["source"] == irr["source"] for p in after["pending"])
        or (original is not None and original.token() == irr["source"])
    )
    if irr is not None and not moved and (irr_after is None or irr_after["source"] != irr["source"]):
        since = opened.get(irr["source"], len(before["rulings"])) if opened is not None else len(before["rulings"])
        if len(after["rulings"]) == since:
            kind = "irregularity settled without a ruling recorded" if name in SETTLING else "irregularity gone unruled"
            out.append(Violation(kind, f"{irr['source']} ({irr['law']}) by {name} {args} in {before['state']}"))
    if opened is not None:  # when each irregularity came: how many rulings the board had then
        still = {p["source"] for p in after["pending"]} | ({irr_after["source"]} if irr_after is not None else set())
        for source in [irr["source"]] if irr is not None else []:
            if source not in still:
                opened.pop(source, None)
        for source in [irr_after["source"]] if irr_after is not None else []:
            opened.setdefault(source, len(before["rulings"]))
        for p in after["pending"]:
            opened.setdefault(p["source"], len(before["rulings"]))
    gone = [p for p in before["pending"] if p not in after["pending"]]
    if gone and opened is not None and all(len(after["rulings"]) == opened.get(p["source"], -1) for p in gone):
        out.append(Violation("pending ruling gone unruled", f"{gone} by {name} in {before['state']}"))
    for p in gone if opened is not None else []:
        if irr_after is None or p["source"] != irr_after["source"]:
            opened.pop(p["source"], None)
    if name == "director" and before["pending"]:
        # the irregularities he rules by coming (36A, 37A, 38D); 30B1, 31B, 32B await his judgement
        left = [p for p in before["pending"] if p in after["pending"] and p["law"] in ("36", "37", "38")]
        waiting = board.engine.states[board.state].waiting
        if left and not waiting:
            out.append(
                Violation("Director came, pending left unruled", f"{left} in {before['state']} -> {after['state']}")
            )
        # a pending call cancelled by one of the new rulings (36A cancels every call after the first) is ruled by it
        cancelled_by = {e.token(): e.law for e in board.table.auction.entries if e.status == CANCELLED}
        # (38B: the bid above seven and every later call, a second bid above seven with them)
        ruled = [p["law"] for p in gone if p["source"] not in cancelled_by]
        it = iter(new_rulings)
        if not all(any(r == law or r.startswith(law) for r in it) for law in ruled):
            out.append(Violation("pending not ruled in order", f"pending {ruled}, rulings {new_rulings}"))

    # an obligation, a lead restriction, a penalty card ends only by a step citing the law that ends it
    # (ENDED_BY); an item is the same item whatever its suits or kind become (26B's suits shrink as the
    # offender names suits, 50B makes a minor penalty card major)
    for key, identity in IDENTITY.items():
        ended = Counter(map(identity, before[key])) - Counter(map(identity, after[key]))
        for item in before[key]:
            if not ended[identity(item)]:
                continue
            ended[identity(item)] -= 1
            law = item.get("law") or "24E"
            if key == "lead_restrictions" and after["declarer"] is not None:
                continue  # 26B needs the offender to defend: read from the declarer, not ended
            if key == "penalty_cards" and (item["seat"], item["card"]) in _visible(after):
                continue  # still on the table: led (50D), or an exposed card again while the auction is reopened
            if not any(_cites(steps, by) for by in (law[:2], *ENDED_BY[key])):
                out.append(Violation(f"{key[:-1].replace('_', ' ')} ended without its law", f"{item} by {name} in {before['state']} (cited {sorted(_laws(steps))})"))  # fmt: skip

    # a card that leaves the table goes back to the hand with the law that sent it back
    back = Counter(_visible(before) - _visible(after))
    if name == "lead" and after["lead"] is not None:
        back.pop((after["lead"]["seat"], after["lead"]["card"]), None)
    sent_back = Counter(map(_card, after["returned_cards"])) - Counter(map(_card, before["returned_cards"]))
    back.subtract(sent_back)
    lost = sorted(c for c, k in back.items() if k > 0)
    if lost:
        out.append(Violation("card gone from the table, not returned", f"{lost} by {name} in {before['state']}"))
    return out


def _back_again(after: dict[str, Any], name: str, args: dict[str, Any]) -> bool:
    """A card led that goes back to the hand where it already was, under the same law (41A: the leader's
    partner puts the same card face down twice): one card, one record; the log keeps the act."""
    return name == "lead" and any(r["seat"] == args.get("seat") and r["card"] == args.get("card") for r in after["returned_cards"])  # fmt: skip


# What makes two records the same record from one event to the next.
IDENTITY = {
    "obligations": lambda o: (o["seat"], o["kind"], o["law"]),
    "lead_restrictions": lambda r: (r["seat"], r["law"]),
    "penalty_cards": lambda p: (p["seat"], p["card"]),
}
# Besides the law an item records (its family: 27B3 is lifted under 27B1), the laws that end one:
# - an obligation to pass: the end of the auction (22), its violation ruled or standing (37A, 37B),
#   the cancellation of the calls it came from (36A, 38B);
# - a 26B lead restriction: every clause that says « La Loi 26B ne s’applique pas » or « Les
#   restrictions d’attaque de la Loi 26B ne s’appliquent pas » (25A1, 27B1(a), 28B, 30B1(b)(i),
#   31A2(a), 32A2(a), 36A, 37A, 38D), a comparable call (23A) and a repeated call with no
#   rectification (31A1, 32A1);
# - a penalty card: played or picked up (50D), its lead out of turn refused (54D).
ENDED_BY: dict[str, tuple[str, ...]] = {
    "obligations": ("22", "37", "36A", "38B"),
    "lead_restrictions": ("23A", "25A1", "27B1", "28B", "30B1", "31A", "32A", "36A", "37A", "38D"),
    "penalty_cards": ("50D", "54D"),
}


def _card(item: dict[str, Any]) -> tuple[str, str]:
    return (item["seat"], item["card"])


def _visible(snap: dict[str, Any]) -> set[tuple[str, str]]:
    """The cards on the table: exposed, penalty cards, the opening lead (a penalty card led stays one
    until the lead is faced in turn and accepted: 41A, 54D may yet send it back)."""
    out = {(x["seat"], x["card"]) for x in snap["exposed_cards"]} | {
        (p["seat"], p["card"]) for p in snap["penalty_cards"]
    }
    if snap["lead"] is not None:
        out.add((snap["lead"]["seat"], snap["lead"]["card"]))
    return out


# --- the record as it stands ------------------------------------------------------------------------
def _logged_calls(board: Board) -> Counter[str]:
    return Counter(
        f"{args['seat']}:{args['call']}"
        for e in board.events
        for name, args in e.items()
        if name in ("call", "substitute")
    )


def _logged_cards(board: Board) -> set[tuple[str, str]]:
    out: set[tuple[str, str]] = set()
    for e in board.events:
        for name, args in e.items():
            if name == "expose":
                out |= {(args["seat"], c) for c in args["cards"]}
            elif name == "lead":
                out.add((args["seat"], args["card"]))
    return out


def check_record(board: Board, hands: dict[str, tuple[str, ...]] | None = None) -> list[Violation]:
    """The invariants of the record as it stands (``hands``: the deal, when the cards come from one)."""
    table, snap = board.table, board.snapshot()
    out: list[Violation] = []
    entries = table.auction.entries

    # every call accepted is, exactly once, somewhere, and visible
    made = Counter(e.token() for e in entries)
    logged = _logged_calls(board)
    lost = logged - made
    if lost:
        out.append(Violation("call accepted, then lost from the record", str(dict(lost))))
    by_law = Counter(e.token() for e in entries if e.law)  # a call the Law makes (38C, 28A) names its law
    unlogged = (made - logged) - by_law
    if unlogged:
        out.append(Violation("call in the record that nobody made, without a law", str(dict(unlogged))))
    irr = table.irregularity
    refs: dict[int, str] = {}
    if irr is not None:
        for what in ("entry", "replacement", "held", "original"):
            e = getattr(irr, what)
            if e is not None:
                refs[e.n] = what
                if not table.auction.has(e.n):
                    out.append(Violation("irregularity names a call not in the record", f"{what} {e.token()}"))
    pending_n = {p.entry.n for p in table.pending if p.entry is not None}
    pending_n |= {h.entry.n for h in table.held}  # held while a ruling waits (9B2): the snapshot's `held`
    visible = Counter(snap["auction"]) + Counter(snap["cancelled"]) + Counter(snap["held"])
    if snap["irregularity"] is not None:
        visible[snap["irregularity"]["source"]] += 1
        for what in ("replacement", "original", "held"):
            if what in snap["irregularity"]:
                visible[snap["irregularity"][what]] += 1
    for e in entries:
        if e.status in (CANCELLED, WITHDRAWN):
            if not e.law:
                out.append(Violation("call cancelled without its law", e.token()))
        elif e.status == PENDING:
            if e.n not in refs and e.n not in pending_n:
                out.append(Violation("pending call awaiting nothing", e.token()))
        elif e.status != STANDING:
            out.append(Violation("call of unknown status", f"{e.token()} {e.status}"))
    # each call visible: the irregularity's source and held call may be a call also standing or cancelled
    shown = Counter(e.token() for e in entries if e.status in (STANDING, CANCELLED, WITHDRAWN))
    shown += Counter(e.token() for e in entries if e.status == PENDING and e.n in refs)
    if shown - visible:
        out.append(Violation("calls: not in the snapshot", str(dict(shown - visible))))

    # every card shown is, exactly once, in one place (exposed, a penalty card, the opening lead, or
    # back in its hand with the law that sent it back), and was shown by an accepted event
    places: Counter[tuple[str, str]] = Counter()
    places.update((x.seat.value, x.card.pbn()) for x in table.exposed)
    places.update((p.seat.value, p.card.pbn()) for p in table.penalty_cards)
    places.update((r.seat.value, r.card.pbn()) for r in table.returned_cards)
    lead = table.opening_lead
    if lead is not None and not any(p.seat == lead.seat and p.card == lead.card for p in table.penalty_cards):
        places[(lead.seat.value, lead.card.pbn())] += 1  # a penalty card led: one card, until the lead stands
    twice = sorted(c for c, k in places.items() if k > 1)
    if twice:
        out.append(
            Violation(
                "card in two places",
                f"{twice} exposed={snap['exposed_cards']} penalty={snap['penalty_cards']} lead={snap['lead']} "
                f"returned={snap['returned_cards']}",
            )
        )
    # the snapshot shows each place as the table holds it
    for key, held in (("exposed_cards", table.exposed), ("penalty_cards", table.penalty_cards), ("returned_cards", table.returned_cards)):  # fmt: skip
        if Counter(map(_card, snap[key])) != Counter((x.seat.value, x.card.pbn()) for x in held):
            out.append(Violation(f"cards: {key} not as the table holds them", str(snap[key])))
    cards = _logged_cards(board)
    phantom = [c for c in places if c not in cards]
    if phantom:
        out.append(Violation("card shown by no event", str(phantom)))
    if hands is not None:
        foreign = [c for c in places if c[1] not in hands[c[0]]]
        if foreign:
            out.append(Violation("card not in the hand of the seat that shows it", str(foreign)))

    # every record names its law, and what it comes from is in the record
    tokens = {e.token() for e in entries} | {f"{s}:{c}" for s, c in cards}
    for u in snap["unauthorized_information"]:
        if not u["law"]:
            out.append(Violation("unauthorized information without its law", str(u)))
        if u["source"] not in tokens:
            out.append(Violation("unauthorized information from nothing in the record", str(u)))
        if not u["for"]:
            out.append(Violation("unauthorized information for nobody", str(u)))
    for r in table.lead_restrictions:
        if r.source not in tokens:
            out.append(Violation("lead restriction from nothing in the record", f"{r.source} ({r.law})"))
    for key in ("obligations", "lead_constraints"):
        for item in snap[key]:
            if not item.get("law"):
                out.append(Violation(f"{key[:-1]} without its law", str(item)))
    for p in table.penalty_cards:
        if not p.law:
            out.append(Violation("penalty card without its law", str(p)))
    for p in snap["pending"]:
        if p["source"] not in tokens:
            out.append(Violation("pending ruling of nothing in the record", str(p)))
    out += _indexes(table.auction)
    return out


def _indexes(auction: Any) -> list[Violation]:
    """What the auction reads from the indexes it keeps (each seat's last standing call, the
    denominations named, the calls removed, the standing calls around a call) is what its record
    says, recomputed here from every call."""
    entries = auction.entries
    standing = [e for e in entries if e.status == STANDING]
    found = {
        "standing": (list(auction.standing()), standing),
        "removed": (auction.removed(), [e for e in entries if e.status in (CANCELLED, WITHDRAWN)]),
    }
    for seat in Seat:
        own = [e for e in standing if e.seat is seat]
        found[f"last call of {seat.value}"] = (auction.last_call_of(seat), own[-1] if own else None)
        named = {s for e in own for s in e.denominations()}
        found[f"denominations named by {seat.value}"] = ({s for s in Strain if auction.names(seat, s)}, named)
    for i, x in enumerate(entries):
        after = [e for e in entries[i + 1 :] if e.status == STANDING]
        found[f"standing after {x.n}"] = (auction.standing_after(x.n), after)
        found[f"standing before {x.n}"] = (
            auction.standing_before(x.n),
            [e for e in reversed(entries[:i]) if e.status == STANDING],
        )
        for seat in Seat:
            found[f"opponent of {seat.value} after {x.n}"] = (
                auction.opponent_called_after(x.n, seat),
                any(e.seat.side != seat.side for e in after),
            )
    return [
        Violation("an index of the auction differs from its record", f"{k}: {a} ≠ {b}")
        for k, (a, b) in found.items()
        if a != b
    ]


# --- the options ---------------------------------------------------------------------------------------
def options_accepted(board: Board) -> list[Violation]:
    """Every option offered is accepted by one of its seats with some arguments (on a copy)."""
    from fsm.interop.randomplay import CALLS

    out = []
    calls = sorted({*CALLS, *(f"{lv}{s}" for lv in range(1, 8) for s in ("C", "D", "H", "S", "NT"))})
    for option in board.options():
        seats = option["seats"] if option["seats"] is not None else list(SEATS)
        name = option["event"]
        if option["seats"] == []:
            out.append(Violation("option nobody may take", str(option)))
            continue
        if name == "judge":
            tries: list[dict[str, Any]] = [{k: v} for k in JUDGEMENTS for v in (True, False)]
        elif name == "lead":
            tries = [{"seat": s, "card": c, "face_down": f} for s in seats for c in CARDS for f in (True, False)]
        elif name == "expose":
            tries = [{"seat": s, "cards": [c]} for s in seats for c in CARDS[:3]]
        elif name == "designate":  # 50D1: declarer names one of the defender's penalty cards
            tries = [{"seat": s, "card": c} for s in seats for c in CARDS]
        elif name in ("prohibit", "require"):
            tries = [{"seat": s, "suit": suit} for s in seats for suit in "SHDC"]
        elif name in ("call", "substitute"):
            tries = [{"seat": s, "call": c} for s in seats for c in calls]
        elif name in ("director", "return_hands"):
            tries = [{}]
        else:
            tries = [{"seat": s} for s in seats]
        for args in tries:
            try:
                board.copy().apply(name, args)
                break
            except FsmError:
                continue
        else:
            out.append(Violation("option offered, then refused", f"{name} by {seats} in {board.state}"))
    return out
