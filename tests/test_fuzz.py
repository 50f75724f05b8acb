"""Random event sequences, valid, invalid and junk, against the properties every board keeps:
only the project's errors escape; a refused event changes nothing; the record replays to the same
board and round-trips through JSON; what ``options()`` lists is accepted, and what is accepted was
listed or is taken by the state whatever its options (``takes``); no board plays a contract above
seven; and, the boards running on the strict runner, no two rules of one state ever hold at once.

`make test` runs a small budget; `make deep` runs 100,000 sequences in shards (as `make fuzz` does in
one process, FSM_FUZZ_EXAMPLES=100000)."""

from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from fsm import Board, FsmError, IllegalEvent, InputError
from fsm.bridge.events import JUDGEMENTS
from fsm.engine.tables import ancestry

from .randomplay import CALLS, CARDS, SEATS, SUITS, arguments, random_event

EXAMPLES = int(os.environ.get("FSM_FUZZ_EXAMPLES", "150"))
DEEP_EXAMPLES, DEEP_SHARDS = 100_000, 20  # `make deep`: each shard draws its own sequences (not derandomized)


def taken_whenever(board: Board) -> set[str]:
    """The events the board's state takes whatever its options say (a call or a lead out of turn
    is the point, the Director may come at any moment): the states' ``takes``, docs/model.md."""
    return {e for name in ancestry(board.state) for e in board.engine.states[name].takes}


def accepted_by_someone(board: Board, option: dict, rng: random.Random) -> bool:
    """Some seat the option names accepts its event with some arguments."""
    seats = option["seats"] if option["seats"] is not None else SEATS
    name = option["event"]
    if name == "judge":  # every judgement, both ways
        tries = [{key: value} for key in JUDGEMENTS for value in (True, False)]
    elif name == "lead":
        tries = [{"seat": s, "card": c, "face_down": f} for s in seats for c in CARDS for f in (True, False)]
    elif name == "designate":  # 50D1: declarer names one of the leader's penalty cards
        tries = [{"seat": s, "card": c} for s in seats for c in CARDS]
    elif name in ("prohibit", "require"):
        tries = [{"seat": s, "suit": suit} for s in seats for suit in SUITS]
    elif name in ("call", "substitute"):
        tries = [{"seat": s, "call": c} for s in seats for c in CALLS]
    else:
        tries = [arguments(name, rng.choice(seats), rng) for _ in range(8)]
    for args in tries:
        try:
            board.copy().apply(option["event"], args)
            return True
        except FsmError:
            continue
    return False


def listed(options: list[dict], name: str, seat: str | None) -> bool:
    return any(o["event"] == name and (o["seats"] is None or seat in o["seats"]) for o in options)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=EXAMPLES <= 150)
@given(st.integers(0, 3), st.randoms(use_true_random=False), st.integers(5, 60))
def test_random_events_keep_every_property(dealer, rng, length):
    keep_every_property(dealer, rng, length)


@pytest.mark.deep
@pytest.mark.parametrize("shard", range(DEEP_SHARDS))  # shards, so that `make deep` spreads them on every core
@settings(max_examples=DEEP_EXAMPLES // DEEP_SHARDS, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 3), st.randoms(use_true_random=False), st.integers(5, 60))
def test_100000_random_sequences_keep_every_property(shard, dealer, rng, length):
    keep_every_property(dealer, rng, length)


def keep_every_property(dealer: int, rng: random.Random, length: int) -> None:
    board = Board(dealer=SEATS[dealer], runner="strict")  # and no two rules of one state ever hold at once
    check_options_at = rng.randrange(length)
    for step in range(length):
        before = (board.snapshot(), board.options(), len(board.events), len(board.trace))
        taken = taken_whenever(board)
        name, args = random_event(board, rng)
        note(f"{step + 1}. {name} {args}")
        if step == check_options_at:
            for option in before[1]:
                assert option["seats"] != [], f"an option nobody may take: {option}"
                assert accepted_by_someone(board, option, rng), f"listed but refused: {option}"
        try:
            board.apply(name, args)
        except InputError as err:
            assert err.details.get("key"), "an input error names the argument"
            assert (board.snapshot(), board.options(), len(board.events), len(board.trace)) == before
            continue
        except IllegalEvent as err:
            assert err.law, "every refusal names a law"
            assert (board.snapshot(), board.options(), len(board.events), len(board.trace)) == before
            continue
        seat = args.get("seat") if isinstance(args, dict) else None
        assert name in taken or listed(before[1], name, seat), f"{name} {args} accepted but neither listed nor taken"
        snap = board.snapshot()
        assert snap["turn"] in (None, *SEATS), "one player, or nobody, is on turn"
        if snap["contract"] not in (None, "Pass"):
            assert int(snap["contract"][0]) <= 7 or not snap["state"].startswith(("play", "lead_out")), snap
    record = json.loads(json.dumps(board.record()))
    assert record == board.record(), "the record round-trips through JSON"
    again = Board.replay(record)
    assert again.snapshot() == board.snapshot() and again.options() == board.options()
    assert [s.rule for s in again.trace] == [s.rule for s in board.trace]
