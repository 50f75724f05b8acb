"""The built-in board that ``make demo`` narrates, in French, step by step."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fsm.model.board import Board
from fsm.model.machine import states
from fsm.teach.text import auction_grid, contract_label, describe_event, describe_options, describe_step, seat_name

GRAPHVIZ_HINT = (
    "Graphviz « dot » est introuvable : le diagramme reste en DOT (apt-get install graphviz) / "
    "Graphviz 'dot' not found: the diagram stays as DOT (apt-get install graphviz)"
)

# Dealer North. South's 1♦ is insufficient; West, his LHO, accepts it by calling (27A1).
# East named hearts first for his side, so East declares 4♥ (22A); South leads face down (41A).
DEMO_EVENTS: list[dict[str, Any]] = [
    {"call": {"seat": "N", "call": "1C"}},
    {"call": {"seat": "E", "call": "1H"}},
    {"call": {"seat": "S", "call": "1D"}},
    {"call": {"seat": "W", "call": "2H"}},
    {"call": {"seat": "N", "call": "Pass"}},
    {"call": {"seat": "E", "call": "4H"}},
    {"call": {"seat": "S", "call": "Pass"}},
    {"call": {"seat": "W", "call": "Pass"}},
    {"call": {"seat": "N", "call": "Pass"}},
    {"lead": {"seat": "S", "card": "DK", "face_down": True}},
    {"face_lead": {"seat": "S"}},
]


def narrate(out_dir: str | Path = "out", lang: str = "fr", render: bool = True) -> tuple[Board, list[str], Path | None]:
    board = Board(dealer="N", vulnerable="None")
    lines = [
        "Donne de démonstration : donneur Nord, personne vulnérable."
        if lang == "fr"
        else "Demo board: dealer North, nobody vulnerable.",
        "",
    ]
    for n, entry in enumerate(DEMO_EVENTS, 1):
        ((name, args),) = entry.items()
        steps = board.apply(name, args)
        lines.append(f"{n:>2}. {describe_event(name, board.events[-1][name], lang)}")
        for step in steps:
            lines.append(f"    {describe_step(step, lang)}")
        if board.irregularity:
            irr = board.irregularity
            lines.append(
                f"    Irrégularité en attente : {irr.entry.call.label('fr')} de {seat_name(irr.entry.seat)} (Loi {irr.law})"
                if lang == "fr"
                else f"    Pending irregularity: {irr.entry.call.label('en')} by {seat_name(irr.entry.seat, 'en')} (Law {irr.law})"
            )
        for option in describe_options(board, lang, own_state_only=True):
            lines.append(f"      • {option}")
    snap = board.snapshot()
    lines += ["", auction_grid(board, lang), ""]
    final = getattr(states()[snap["state"]], "fr" if lang == "fr" else "en")  # the state's label, not its name
    if lang == "fr":
        lines.append(
            f"Contrat {contract_label(snap['contract'])} joué par {seat_name(snap['declarer'])}, "
            f"entame de {seat_name(snap['opening_leader'])} ; état final : {final}."
        )
    else:
        lines.append(
            f"Contract {contract_label(snap['contract'], 'en')} played by {seat_name(snap['declarer'], 'en')}, "
            f"opening lead by {seat_name(snap['opening_leader'], 'en')}; final state: {final}."
        )
    path = None
    if render:
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        graph = board.diagram(lang)
        dot = out / "demo.dot"
        dot.write_text(graph.source, encoding="utf-8")
        path = dot
        try:
            path = Path(graph.render(out / "demo", format="svg", cleanup=True))
        except Exception as err:  # graphviz.ExecutableNotFound: narrate anyway, the DOT is written
            if type(err).__name__ != "ExecutableNotFound":
                raise
            lines += ["", GRAPHVIZ_HINT]
    return board, lines, path
