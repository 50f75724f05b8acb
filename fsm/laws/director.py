"""Law 9B1: the Director may be called at any moment of the board.

Where an irregularity awaits him, the law family concerned says what he does (36–39, 27B, 29B,
25…). Everywhere else his coming changes nothing. These rules are tried after every other law's,
so that a specific rectification always comes first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsm.spec import LawModule, Rule, words

if TYPE_CHECKING:
    from fsm.board import Board, Event


@words("le Directeur est appelé à la table", "the Director is called to the table")
def note_director(board: Board, event: Event) -> None:
    """9B1: summoning the Director changes nothing by itself where nothing awaits rectification."""


PHASES = ("board", "auction", "clarification", "lead_out_of_turn", "passed_out", "play", "returned")

MODULE = LawModule(
    name="director",
    laws="9B1",
    rules=[
        Rule("director", phase, None, "9B1", "appel au Directeur", "the Director is called", actions=(note_director,))
        for phase in PHASES
    ],
)
