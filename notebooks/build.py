"""Writes the teaching notebooks from the scenario corpus: `python notebooks/build.py`.

The notebooks are committed without outputs; the test suite runs them top to bottom.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from fsm.scenario import find

HERE = Path(__file__).parent

FAMILIES = [
    ("27_enchere_insuffisante", "27", "Loi 27 : l'enchère insuffisante / Law 27: the insufficient bid",
     "L'adversaire de gauche peut accepter l'enchère insuffisante (27A1). Sinon le fautif la remplace : par la plus "
     "petite enchère suffisante de même dénomination (27B1(a)), par une déclaration comparable (27B1(b)), ou "
     "autrement, et son partenaire passe jusqu'à la fin des annonces (27B2, 27B3, 27B4).",
     ["27A1-LHO-accepts-by-calling", "27B1a-lowest-sufficient-same-strain", "27B1a-artificial-bid-specifying-the-same-suit",
      "27B2-design-example", "27B3-non-comparable-double-literal-bar", "27B4-second-insufficient-bid-refused",
      "27C-replacement-before-ruling-stands"]),
    ("28-32_hors_tour", "28-32", "Lois 28 à 32 : les déclarations hors tour / Laws 28 to 32: calls out of rotation",
     "L'adversaire de gauche du fautif peut accepter en déclarant (29A). Le joueur dont c'était le tour peut déclarer "
     "avant toute rectification (28B). Sinon la déclaration est annulée (29B) et la suite dépend de qui devait parler.",
     ["29A-seed001-example2", "28B-seed001-example1", "30A-pass-at-RHO-turn-refused", "30B1-pass-at-partner-turn-comparable",
      "31A1-RHO-passes-offender-repeats", "31A2b-RHO-doubles-offender-not-comparable", "31B-bid-at-partner-turn-partner-free",
      "32A1-double-at-RHO-turn-repeated", "17D3-seed003-passes-after-a-skipped-player",
      "17D3-after-an-opening-pass", "30C-pass-over-partner-artificial-call-is-31",
      "29A-partner-calls-in-turn-before-the-LHO-chooses-held-then-refused"]),
    ("25_changements", "25", "Lois 21 et 25 : les changements de déclaration / Laws 21 and 25: changes of call",
     "Une déclaration non intentionnelle peut être remplacée tant que le partenaire n'a pas déclaré (25A). Un "
     "changement d'avis peut être accepté par l'adversaire de gauche (25B1), sinon il est annulé (25B2).",
     ["25A-unintended-substitution", "25A6-LHO-withdraws-his-call", "25B1-change-of-mind-accepted-by-LHO",
      "25B2-change-of-mind-refused", "21B1-call-changed-after-misinformation",
      "22B-passed-out-board-reopened-by-25A", "25A-change-makes-LHO-bid-insufficient-accepted"]),
    ("36-39_inadmissibles", "36-39", "Lois 36 à 39 : les déclarations inadmissibles / Laws 36 to 39: inadmissible calls",
     "Aucune ne peut être acceptée : le Directeur rectifie. Si l'adversaire de gauche a déclaré avant, la Loi prévoit "
     "d'autres suites (36A, 37A, 38D, 39B).",
     ["36B-inadmissible-double-in-turn", "36A-LHO-called-before-the-ruling", "37B-barred-player-bids",
      "38-bid-of-eight-in-turn", "39C-defender-bids-after-the-final-pass",
      "38A-no-faced-lead-to-a-contract-of-eight", "36C-noticed-during-a-lead-out-of-turn"]),
    ("24_cartes_exposees", "24", "Loi 24 : cartes exposées pendant les annonces / Law 24: cards exposed during the auction",
     "Une carte basse : pas d'autre rectification (24A) ; un honneur, une carte attaquée ou plusieurs cartes : le "
     "partenaire passe à son prochain tour (24B, 24C). En défense, elles deviennent pénalisées (24E).",
     ["24A-single-low-card", "24B-honour-exposed", "24D-declaring-side-takes-its-cards-back"]),
    ("41-54_entame", "41-54", "Lois 41 et 54 : l'entame / Laws 41 and 54: the opening lead",
     "L'entame se fait face cachée (41A). Une entame hors tour face visible laisse au déclarant le choix : étaler "
     "(54A), accepter (54B) ou refuser (54D, puis 50D2).",
     ["17D1-lead-face-down-then-faced", "54A-declarer-spreads-and-becomes-dummy", "54C-declarer-could-see-dummy",
      "54D-refused-declarer-requires-the-suit", "26B-restricted-opening-leader",
      "50D2-the-leader-waits-for-declarer"]),
]  # fmt: skip

SETUP = "from IPython.display import display\n\nfrom fsm.diagrams import law_view\nfrom fsm.teaching import walk"


def family_notebook(title: str, view: str, intro: str, ids: list[str]) -> nbformat.NotebookNode:
    cells = [new_markdown_cell(f"# {title}\n\n{intro}"), new_code_cell(SETUP)]
    cells.append(new_markdown_cell("## L'arbre de décision / The decision tree"))
    cells.append(new_code_cell(f'law_view("{view}")'))
    for sid in ids:
        s = find(sid)
        name = s.title.get("fr") or sid
        text = f"## {name}\n\nScénario `{sid}` — {LAWS(s)}"
        if s.notes.get("fr"):
            text += f"\n\n> {s.notes['fr'].strip()}"
        cells.append(new_markdown_cell(text))
        cells.append(new_code_cell(f'for stage in walk("{sid}"):\n    display(stage)\nstage.board.diagram()'))
    return new_notebook(cells=cells, metadata={"language_info": {"name": "python"}})


def LAWS(s) -> str:  # noqa: ANN001, N802
    return "Lois " + ", ".join(s.laws) if s.laws else ""


def tour() -> nbformat.NotebookNode:
    cells = [
        new_markdown_cell(
            "# Visite guidée / A tour\n\nUne donne régulière puis la donne de démonstration, pas à pas : à chaque "
            "événement, la grille des annonces, la loi appliquée, l'état atteint et les options de chacun."
        ),
        new_code_cell("from IPython.display import display\n\nfrom fsm import Board\nfrom fsm.teaching import walk"),
        new_code_cell(
            'board = Board(dealer="N")\nboard.calls("1D 1H 2H Pass 3D Pass 4H Pass Pass Pass")\n'
            'snap = board.snapshot()\nsnap["contract"], snap["declarer"], snap["opening_leader"]'
        ),
        new_markdown_cell("Le Sud déclare : l'Est a nommé les cœurs le premier, mais il est de l'autre camp (22A)."),
        new_code_cell("board.options()"),
        new_code_cell("board.diagram()"),
        new_markdown_cell("## Une enchère insuffisante acceptée / An insufficient bid accepted"),
        new_code_cell('for stage in walk("27A1-LHO-accepts-by-calling"):\n    display(stage)'),
    ]
    return new_notebook(cells=cells, metadata={"language_info": {"name": "python"}})


def notebooks() -> dict[str, nbformat.NotebookNode]:
    out = {"00_visite": tour()}
    for name, view, title, intro, ids in FAMILIES:
        out[name] = family_notebook(title, view, intro, ids)
    for nb in out.values():
        for i, cell in enumerate(nb.cells):
            cell["id"] = f"cell-{i}"  # stable ids: rebuilding leaves the files unchanged
    return out


def main() -> None:
    for name, nb in notebooks().items():
        nbformat.write(nb, HERE / f"{name}.ipynb")


if __name__ == "__main__":
    main()
