"""The built-in board that ``make demo`` narrates, in French, step by step."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fsm.laws.lawtext import LAW
from fsm.model.board import Board
from fsm.model.machine import states
from fsm.teach.teaching import is_routine
from fsm.teach.text import auction_grid, contract_label, describe_event, describe_step, held, option_sentence, seat_name

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


LEGEND = {
    "fr": [
        "Après chaque événement : + une option qui s'ouvre, • une option qui passe à un autre joueur,",
        "− celles qui se ferment. Les options de routine sont écrites en entier une fois, puis nommées",
        "par leur loi quand elles se ferment ou se rouvrent : rappel des annonces, explications,",
        "carte exposée, déclaration non intentionnelle.",
    ],
    "en": [
        "After each event: + an option that opens, • an option that passes to another player,",
        "− those that close. The routine options (review of the auction, explanations, a card exposed,",
        "an unintended call) are written out once, then named by their law when they close or open again.",
    ],
}
CLOSED = {"fr": "− fermées : ", "en": "− closed: "}
REOPENED = {"fr": "+ rouvertes : ", "en": "+ open again: "}


def _key(opt: dict[str, Any]) -> tuple[str, str, str]:
    return (opt["event"], opt["law"], opt["en"])


def option_changes(
    before: dict[tuple[str, str, str], dict[str, Any]],
    now: dict[tuple[str, str, str], dict[str, Any]],
    shown: set[tuple[str, str, str]],
    lang: str = "fr",
) -> list[str]:
    """What an event changed in the options open at the table, in lines.

    An option that opens is written out with its holders, unless it was written out before and is
    routine or the arbitre's: those are only named by their law, on one line, as are the options
    that close. An option still open is written again only if it passed to other players and is
    not routine (whose turn it is to call, for instance).
    """
    lang = "fr" if lang == "fr" else "en"
    lines: list[str] = []
    reopened: list[str] = []
    for key, opt in now.items():
        if key not in before:
            if key in shown and (opt["seats"] is None or is_routine(opt)):
                reopened.append(opt["law"])
            else:
                lines.append(f"+ {option_sentence(opt, lang)}")
        elif opt["seats"] != before[key]["seats"] and not is_routine(opt):
            lines.append(f"• {option_sentence(opt, lang)}")
    if reopened:
        lines.append(REOPENED[lang] + _laws(reopened, lang))
    closed = [opt["law"] for key, opt in before.items() if key not in now]
    if closed:
        lines.append(CLOSED[lang] + _laws(closed, lang))
    return lines


def _laws(refs: list[str], lang: str) -> str:
    """``Lois 17C, 20B`` (each law once), ``Loi 41C`` for one."""
    unique = list(dict.fromkeys(refs))
    return f"{LAW[lang]}{'s' if len(unique) > 1 else ''} {', '.join(unique)}"


def narrate(out_dir: str | Path = "out", lang: str = "fr", render: bool = True) -> tuple[Board, list[str], Path | None]:
    board = Board(dealer="N", vulnerable="None")
    lines = [
        "Donne de démonstration : donneur Nord, personne vulnérable."
        if lang == "fr"
        else "Demo board: dealer North, nobody vulnerable.",
        "",
    ]
    lines += [*LEGEND["fr" if lang == "fr" else "en"], ""]
    before: dict[tuple[str, str, str], dict[str, Any]] = {}  # the options open after the previous event
    shown: set[tuple[str, str, str]] = set()  # the options already written out once
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
        now = {_key(opt): opt for opt in board.options() if held(opt)}
        lines += [f"      {line}" for line in option_changes(before, now, shown, lang)]
        shown |= now.keys()
        before = now
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
