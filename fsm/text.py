"""French and English words for what the board shows: events, states, options, steps.

The law modules carry the labels of their own states and rules; this module only assembles
sentences from them, for the demo, the notebooks and the CLI.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from fsm.calls import Seat, parse_call, parse_card
from fsm.events import EVENTS
from fsm.machine import states

if TYPE_CHECKING:
    from fsm.auction import Entry
    from fsm.board import Board, Step

LAW = {"fr": "Loi", "en": "Law"}


def state_label(state: str, lang: str = "fr") -> str:
    spec = states()[state]
    return f"{getattr(spec, lang)} ({LAW[lang]} {spec.law})"


def seat_name(seat: str | Seat, lang: str = "fr") -> str:
    return Seat(seat).name_in("fr" if lang == "fr" else "en")


def describe_args(args: dict[str, Any], lang: str) -> str:
    parts = []
    if "call" in args:
        parts.append(parse_call(args["call"]).label(lang))  # type: ignore[arg-type]
    if "card" in args:
        face = {"fr": " (face cachée)", "en": " (face down)"}[lang] if args.get("face_down") else ""
        parts.append(parse_card(args["card"]).label(lang) + face)  # type: ignore[arg-type]
    if "cards" in args:
        parts.append(" ".join(parse_card(c).label(lang) for c in args["cards"]))  # type: ignore[arg-type]
    if "suit" in args:
        parts.append(args["suit"])
    for key in ("comparable", "unintended", "could_see_dummy", "misinformation"):
        if key in args:
            parts.append(f"{key}={'oui' if args[key] and lang == 'fr' else args[key]}")
    return " ".join(parts)


def describe_event(name: str, args: dict[str, Any], lang: str = "fr") -> str:
    who = seat_name(args["seat"], lang) + " " if "seat" in args else ""
    verb = EVENTS[name].fr if lang == "fr" else EVENTS[name].en
    what = describe_args(args, lang)
    return f"{who}{verb}{(' ' + what) if what else ''}".strip()


def describe_step(step: Step, lang: str = "fr") -> str:
    arrow = "→"
    return f"{LAW[lang]} {step.law} {arrow} {state_label(step.target, lang)}"


def describe_options(board: Board, lang: str = "fr", own_state_only: bool = False) -> list[str]:
    """One sentence per option; ``own_state_only`` leaves out those every state of a phase shares."""
    lines = []
    for opt in board.options(own_state_only):
        seats = opt["seats"]
        if seats is None:
            who = {"fr": "Directeur / table", "en": "Director / table"}[lang]
        elif not seats:
            continue
        else:
            who = ", ".join(seat_name(s, lang) for s in seats)
        lines.append(
            f"{who} : {opt[lang]} ({LAW[lang]} {opt['law']})"
            if lang == "fr"
            else f"{who}: {opt[lang]} ({LAW[lang]} {opt['law']})"
        )
    return lines


def grid_rows(board: Board, cell: Callable[[Entry], str]) -> list[list[str]]:
    """The auction laid out as rows of four columns N E S W, each call written by ``cell``."""
    seats = list(Seat)
    rows: list[list[str]] = [[""] * 4]
    last = seats.index(board.dealer) - 1
    for e in board.auction.entries:
        col = seats.index(e.seat)
        if col <= last:
            rows.append([""] * 4)
        last = col
        rows[-1][col] = cell(e)
    return [r for r in rows if any(r)]


def auction_grid(board: Board, lang: str = "fr") -> str:
    """The auction as a text grid N E S O, cancelled calls between tildes, pending ones in brackets."""
    from fsm.auction import CANCELLED, PENDING, WITHDRAWN

    def cell(e: Entry) -> str:
        text = e.call.label(lang)  # type: ignore[arg-type]
        if e.status in (CANCELLED, WITHDRAWN):
            return f"~{text}~"
        return f"[{text}]" if e.status == PENDING else text

    header = "  ".join(f"{s.label('fr' if lang == 'fr' else 'pbn'):<9}" for s in Seat)
    return "\n".join([header] + ["  ".join(f"{c:<9}" for c in r) for r in grid_rows(board, cell)])
