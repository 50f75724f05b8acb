"""Random events for a board: mostly what ``options()`` offers, with arguments of every kind,
and now and then an event nobody offered or arguments no event takes. The fuzz and thread tests
play them, and the portable corpus's random tier is made of them."""

from __future__ import annotations

import contextlib
import random
from typing import Any

from fsm.bridge.events import EVENTS, JUDGEMENTS, PLAYER_EVENTS
from fsm.model.board import Board

SEATS = ["N", "E", "S", "W"]
CALLS = ["Pass", "Pass", "Pass", "1C", "1D", "1H", "1S", "1NT", "2C", "2H", "3NT", "4S", "7NT", "X", "XX", "8C"]
CARDS = ["SA", "SK", "S2", "HQ", "H5", "DT", "D3", "CJ", "C4"]
SUITS = ["S", "H", "D", "C"]
JUNK: list[Any] = [None, 3, -1, 2.5, "", "ZZ", [], ["N"], {"a": 1}, True, "1X", "Contre-moi", "\x00"]


def arguments(name: str, seat: str | None, rng: random.Random) -> dict[str, Any]:
    args: dict[str, Any] = {}
    for arg in EVENTS[name].args:
        if arg.name == "seat":
            args["seat"] = seat or rng.choice(SEATS)
        elif arg.type == "call":
            if arg.required or rng.random() < 0.05:
                args[arg.name] = rng.choice(CALLS)
        elif arg.type == "card":
            args[arg.name] = rng.choice(CARDS)
        elif arg.type == "cards":
            args[arg.name] = rng.sample(CARDS, rng.choice([1, 1, 2]))
        elif arg.type == "suit":
            args[arg.name] = rng.choice(SUITS)
        elif arg.type == "strains" and rng.random() < 0.1:
            args[arg.name] = rng.sample(SUITS, rng.choice([1, 2]))
        elif arg.type == "bool" and not EVENTS[name].one_of and rng.random() < 0.3:
            args[arg.name] = rng.random() < 0.5
    if EVENTS[name].one_of:
        args[rng.choice(JUDGEMENTS)] = rng.random() < 0.5
    return args


def random_event(board: Board, rng: random.Random, junk: float = 0.05) -> tuple[str, Any]:
    """An event for this board: offered (most of the time), any event, or junk."""
    roll = rng.random()
    if roll < junk:
        name = rng.choice([*PLAYER_EVENTS, "no_such_event"])
        if name == "no_such_event" or rng.random() < 0.5:
            return name, {rng.choice(["seat", "call", "card", "cards", "suit", "comparable", "x"]): rng.choice(JUNK)}
        args = arguments(name, None, rng)
        if args:
            args[rng.choice(list(args))] = rng.choice(JUNK)
        return name, args
    options = board.options()
    if roll < 0.2 or not options:
        name = rng.choice(PLAYER_EVENTS)
        return name, arguments(name, None, rng)
    option = rng.choice(options)
    seats = option["seats"]
    return option["event"], arguments(option["event"], rng.choice(seats) if seats else None, rng)


def play(seed: int, length: int) -> list[tuple[str, Any]]:
    """A reproducible sequence of events for a board with dealer from the seed."""
    rng = random.Random(seed)
    board = Board(dealer=SEATS[seed % 4])
    out = []
    for _ in range(length):
        name, args = random_event(board, rng)
        out.append((name, args))
        with contextlib.suppress(Exception):  # only the sequence matters here; the tests judge the errors
            board.apply(name, args)
    return out
