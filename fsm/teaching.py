"""Stepping through a board for teaching: a generator of stages, each shown as the auction grid,
the laws applied, the state reached and every player's options (French first, English too).

In a notebook, ``for stage in walk("27B2-design-example"): display(stage)`` shows the board event by
event; ``stage.board.diagram()`` draws where the table stands on the machine.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from fsm.auction import CANCELLED, PENDING, WITHDRAWN, Entry
from fsm.board import Board, Step
from fsm.calls import SEATS
from fsm.errors import FsmError
from fsm.scenario import Scenario, board_for, find
from fsm.text import LAW, calls_text, describe_event, describe_options, grid_rows, state_label

# The options a teacher hides: open at every step whatever the irregularity (a review or an
# explanation, 20 and 41B; a card exposed, 24; an unintended call replaced, 25A).
ROUTINE_FAMILIES = ("20", "24")
ROUTINE_EVENTS = ("review", "explain")


def is_routine(option: dict[str, Any]) -> bool:
    """An option of ``board.options()`` that is the « bruit » of every step: Laws 20, 24 and 25A
    (and the review and explanation rights, which 41B cites after the final pass)."""
    law = str(option.get("law", ""))
    family = re.match(r"\d+", law)
    if option.get("event") in ROUTINE_EVENTS or (family is not None and family.group() in ROUTINE_FAMILIES):
        return True
    return law.startswith("25A")


TITLES = {
    "fr": ("Événement", "Lois appliquées", "État", "Options"),
    "en": ("Event", "Laws applied", "State", "Options"),
}


@dataclass
class Stage:
    """One event of a board and where it left the table (frozen at that moment); ``board`` is the
    board itself, which goes on with the next stages."""

    number: int
    text: str
    steps: list[Step]
    board: Board
    snapshot: dict[str, Any]
    state: str
    grid: str
    options: list[str]
    refused: str | None = None
    lang: str = "fr"
    options_data: list[dict[str, Any]] = field(default_factory=list)  # board.options() at that moment

    def _repr_html_(self) -> str:
        t = TITLES[self.lang]
        laws = ", ".join(f"{LAW[self.lang]} {s.law}" for s in self.steps) or "—"
        parts = [f"<p><b>{self.number}. {html.escape(self.text)}</b></p>"]
        if self.refused:
            parts.append(f"<p style='color:#b00'>{html.escape(self.refused)}</p>")
        parts.append(
            f"<p>{t[1]} : {html.escape(laws)} — {t[2]} : {html.escape(state_label(self.state, self.lang))}</p>"
        )
        parts.append(self.grid)
        options = self.options
        if options:
            items = "".join(f"<li>{html.escape(o)}</li>" for o in options)
            parts.append(f"<p>{t[3]} :</p><ul>{items}</ul>")
        return "\n".join(parts)

    def __str__(self) -> str:
        laws = ", ".join(s.law for s in self.steps)
        return f"{self.number}. {self.text} [{laws}] → {self.state}"


def grid_html(board: Board, lang: str = "fr") -> str:
    """The auction grid: N E S O columns; cancelled and withdrawn calls struck through, with the
    law that removed them; a call awaiting a decision in brackets."""

    def cell(e: Entry) -> str:
        text = html.escape(e.call.label(lang))  # type: ignore[arg-type]
        if e.status in (CANCELLED, WITHDRAWN):
            return f"<s>{text}</s> <small>({e.law})</small>"
        return f"[{text}]" if e.status == PENDING else text

    head = "".join(f"<th>{s.label('fr' if lang == 'fr' else 'pbn')}</th>" for s in SEATS)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in grid_rows(board, cell))
    return f"<table><tr>{head}</tr>{body}</table>"


def walk(scenario: Scenario | str, lang: str = "fr") -> Iterator[Stage]:
    """Play a scenario of the corpus (or one given) event by event; a refused event is shown refused."""
    s = find(scenario) if isinstance(scenario, str) else scenario
    board = board_for(s)
    for n, entry in enumerate(s.events, 1):
        ((name, args),) = entry.items()
        refused = None
        steps: list[Step] = []
        if name == "rejected":
            ((name, args),) = args["event"].items()
            try:
                steps = board.apply(name, args)
            except FsmError as err:
                refused = err.message_fr if lang == "fr" else err.message_en
                refused = f"{LAW[lang]} {err.law} : {refused}" if err.law else refused
        elif name == "calls":
            steps = board.calls(args)
        else:
            steps = board.apply(name, args)
        if name == "calls":
            text = ("enchères : " if lang == "fr" else "calls: ") + calls_text(args, lang)
        elif refused:
            text = describe_event(name, args, lang)
        else:
            text = describe_event(name, board.events[-1][name], lang)
        yield Stage(
            n, text, steps, board, board.snapshot(), board.state, grid_html(board, lang),
            describe_options(board, lang), refused, lang, board.options(),
        )  # fmt: skip
