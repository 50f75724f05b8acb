"""Writes the teaching notebooks and runs them: `make notebooks` (or `python notebooks/build.py [NAME ...]`).

The lessons and the choice of boards are in lessons.py; titles and notes come from the scenario corpus.
The notebooks are committed with their outputs, so that a forge shows the stages; what changes from one
run to the next (execution counts and times, widget identifiers, kernel versions) is stripped, and cell
ids are fixed, so that rebuilding unchanged sources leaves the files unchanged.
"""

from __future__ import annotations

import functools
import importlib
import os
import re
import sys
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from lessons import FAMILIES, TOUR, Family  # noqa: E402

from fsm.model.scenario import Scenario, corpus_files, find, load  # noqa: E402

METADATA = {
    "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
    "language_info": {"name": "python"},
}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
RICH = ("text/html", "image/svg+xml", "image/png", "text/markdown")


# --- what the colleagues' modules offer today --------------------------------------------------------
def _has(module: str, name: str) -> bool:
    try:
        return hasattr(importlib.import_module(module), name)
    except ImportError:
        return False


def features() -> dict[str, bool]:
    """The notebooks use the stepper, the quiz and the per-family board diagrams when they exist; until
    then they show the static stages (the build and the staleness test see the same modules)."""
    return {
        "stepper": _has("fsm.teach.stepper", "Stepper"),
        "quiz": _has("fsm.teach.quiz", "questions"),
        "quiz_widget": _has("fsm.teach.quiz", "questions") and _has("fsm.teach.stepper", "QuizWidget"),
        "board_view": _has("fsm.model.diagrams", "view_of"),
        "live": _has("fsm.teach.stepper", "LiveBoard"),
    }


def views() -> dict[str, str]:
    from fsm.model.diagrams import VIEWS

    return dict(VIEWS)


# --- the corpus, read once ---------------------------------------------------------------------------
@functools.cache
def _corpus() -> dict[str, Scenario]:
    found: dict[str, Scenario] = {}
    for path in corpus_files():
        for s in load(path):
            found.setdefault(s.id, s)  # the first of an id, as find() takes it
    return found


def scenario(sid: str) -> Scenario:
    """A scenario of the corpus: every file is read once per build, where find() reads them at each call."""
    return _corpus().get(sid) or find(sid)  # find() names an unknown id


@functools.cache
def _questions(sid: str) -> list[Any]:
    from fsm.teach.quiz import questions

    return questions(scenario(sid))


# --- Markdown ---------------------------------------------------------------------------------------
def english(text: str) -> str:
    """English beside the French, in a smaller paragraph (kept apart from the French for the scanner)."""
    return f'<small lang="en">{text}</small>'


def heading(level: int, fr: str, en: str) -> str:
    return f"{'#' * level} {fr}\n\n{english(en)}"


def _notes(s: Scenario) -> tuple[str, str]:
    notes: Any = s.notes or {}
    if isinstance(notes, str):  # older corpus files: one English string
        return "", " ".join(notes.split())
    return " ".join(notes.get("fr", "").split()), " ".join(notes.get("en", "").split())


def _laws(s: Scenario) -> str:
    return ", ".join(s.laws)


def board_title(s: Scenario, n: int) -> tuple[str, str]:
    fr = s.title.get("fr") or f"Loi {s.laws[0]}"
    en = s.title.get("en") or f"Law {s.laws[0]}"
    # a dash, not a colon: a title may hold one already (one « : » a sentence)
    return f"Donne commentée {n} — {fr}", f"Worked board {n} — {en}"


def board_cells(s: Scenario, n: int, feat: dict[str, bool]) -> list[Any]:
    fr, en = board_title(s, n)
    text = heading(2, fr, en) + f"\n\nLois citées : {_laws(s)}."
    notes_fr, notes_en = _notes(s)
    if notes_fr:
        text += f"\n\n{notes_fr}"
    if notes_en:
        text += f"\n\n{english(notes_en)}"
    cells = [new_markdown_cell(text)]
    if feat["stepper"]:
        cells.append(new_code_cell(f'Stepper("{s.id}")'))
        cells.append(
            new_markdown_cell(
                "Toutes les étapes à la suite, telles que les montre une page sans Python.\n\n"
                + english("Every stage at once, as a page without Python shows them.")
            )
        )
    code = f'for stage in walk("{s.id}"):\n    display(stage)'
    if feat["board_view"]:
        code += "\nstage.board.diagram()"
    cells.append(new_code_cell(code))
    return cells


def _in_view(law: str, view: str) -> bool:
    """Whether a law belongs to a family's view (« 27 », « 28-29 », « 41-54 »)."""
    number = int(re.match(r"\d+", law).group())  # type: ignore[union-attr]
    low, _, high = view.partition("-")
    return low.isdigit() and int(low) <= number <= int(high or low)


def quiz_picks(f: Family) -> list[tuple[str, int]]:
    """Three questions of the family's own laws, of different kinds and laws, the arbitre's rulings
    and the players' options first: not three times the same question, nor the same answer."""
    rank = {"ruling": 0, "player": 1, "law": 2, "fact": 3}
    pool = [(sid, i, q) for sid in dict.fromkeys(f.quiz + f.boards) for i, q in enumerate(_questions(sid))]
    own = [p for p in pool if _in_view(p[2].law, f.fallback)] or pool
    picks: list[tuple[str, int]] = []
    laws: set[str] = set()
    answers: set[int] = set()
    for strict in (2, 1, 0):  # a new kind and a new answer position, then a new kind, then any
        kinds: set[str] = set()
        for sid, i, q in sorted(own, key=lambda p: rank[p[2].kind]):
            if len(picks) == 3 or (sid, i) in picks or q.law in laws or (strict and q.kind in kinds):
                continue
            if strict == 2 and q.answer in answers:
                continue
            picks.append((sid, i))
            laws.add(q.law)
            kinds.add(q.kind)
            answers.add(q.answer)
    return picks


def question_text(sid: str, index: int, n: int) -> str:
    """The question as a page without Python shows it: the prompt, the choices, the answer folded
    with the reason of each choice."""
    q = _questions(sid)[index]
    choices = "\n".join(f"{i}. {c.fr}" for i, c in enumerate(q.choices, 1))
    answer = q.choices[q.answer]
    lines = [line.strip().replace("*", "\\*") for line in q.explanation["fr"].splitlines() if line.strip()]
    law = "\n\n".join(lines[1:])
    reasons = "\n".join(f"- {i}. {c.why['fr']}" for i, c in enumerate(q.choices, 1))
    return (
        heading(3, f"Question {n}", f"Question {n}")
        + f"\n\n{q.prompt['fr']} **{q.ask['fr']}**\n\n"
        + english(f"{q.prompt['en']} {q.ask['en']}")
        + f"\n\n{choices}\n\n<details><summary>La réponse</summary>\n\n"
        + f"**{q.answer + 1}. {answer.fr}** ({q.cite.get('fr') or f'Loi {answer.law}'})\n\n{law}\n\n{reasons}\n\n</details>"
    )


def quiz_cells(f: Family, feat: dict[str, bool]) -> list[Any]:
    if not feat["quiz"]:
        return []
    widget = "Cliquez une réponse, ou dépliez" if feat["quiz_widget"] else "Dépliez"
    cells = [
        new_markdown_cell(
            heading(2, "Questions", "Questions")
            + "\n\nChaque question arrête la donne au moment de la décision : à vous de la prendre. "
            + f"{widget} la réponse sous la question : elle cite la loi et dit pourquoi chaque choix est juste ou faux.\n\n"
            + english(
                "Each question stops the board at the moment of the decision: yours to make. The answer, folded "
                "below each question, cites the law and says why each choice is right or wrong."
            )
        )
    ]
    for n, (sid, index) in enumerate(quiz_picks(f), 1):
        cells.append(new_markdown_cell(question_text(sid, index, n)))
        if feat["quiz_widget"]:
            cells.append(new_code_cell(f'QuizWidget(questions("{sid}")[{index}])'))
    return cells


def imports(feat: dict[str, bool]) -> str:
    lines = ["from IPython.display import display", ""]
    lines.append("from fsm.model.diagrams import law_view")
    if feat["quiz_widget"]:
        lines.append("from fsm.teach.quiz import questions")
    names = [n for n, on in (("QuizWidget", feat["quiz_widget"]), ("Stepper", feat["stepper"])) if on]
    if names:
        lines.append(f"from fsm.teach.stepper import {', '.join(names)}")
    lines.append("from fsm.teach.teaching import walk")
    return "\n".join(lines)


def law_texts(refs: tuple[str, ...]) -> str:
    """The FFB's 2017 words of the family's laws, folded; for a law the text does not hold (41, 54),
    our summary, headed as one so that no reader takes it for the FFB's words."""
    try:
        from fsm.laws import lawtext
    except ImportError:
        return ""
    parts, ours = [], []
    for ref in refs:
        words = lawtext.text(ref)
        if not words:
            summary = lawtext.summary(ref)
            if summary:
                head = f"{lawtext.cite(ref)} ({lawtext.SUMMARY['fr']})"
                ours.append(f"<details><summary>{head}</summary>\n\n{summary}\n\n</details>")
            continue
        body = "\n\n".join(line.strip().replace("*", "\\*") for line in words.splitlines() if line.strip())
        parts.append(f"<details><summary>{lawtext.cite(ref)}</summary>\n\n{body}\n\n</details>")
    out = "\n\n**Le texte de la FFB (2017).**\n\n" + "\n\n".join(parts) if parts else ""
    if ours:
        out += "\n\n**Résumé en nos propres mots (pas le texte de la FFB).**\n\n" + "\n\n".join(ours)
    return out


def family_notebook(f: Family, feat: dict[str, bool]) -> nbformat.NotebookNode:
    known = views()
    shown = [v for v in f.views if v in known] or [f.fallback]
    cells = [
        new_markdown_cell(heading(1, *f.title)),
        new_markdown_cell(
            heading(2, "La leçon", "The lesson") + f"\n\n{f.lesson}\n\n{english(f.lesson_en)}" + law_texts(f.texts)
        ),
        new_markdown_cell(
            heading(2, "L'arbre de décision", "The decision tree")
            + "\n\nChaque question de l'arbre dit qui choisit ; chaque branche, la loi qui s'applique.\n\n"
            + english("Each question in the tree says who chooses; each branch, the law that applies.")
        ),
        new_code_cell(imports(feat) + "\n\n" + "\n".join(f'display(law_view("{v}"))' for v in shown)),
    ]
    for n, sid in enumerate(f.boards, 1):
        cells += board_cells(scenario(sid), n, feat)
    cells += quiz_cells(f, feat)
    return new_notebook(cells=cells, metadata=METADATA)


def tour(feat: dict[str, bool]) -> nbformat.NotebookNode:
    t = TOUR
    cells = [
        new_markdown_cell(heading(1, *t["title"])),
        new_markdown_cell(f"{t['intro']}\n\n{english(t['intro_en'])}"),
    ]
    first = True
    for key in ("regular", "irregular"):
        s = scenario(t[key])
        fr, en = t[f"{key}_text"]
        title = s.title.get("fr") or fr
        cells.append(new_markdown_cell(heading(2, title, s.title.get("en") or en) + f"\n\n{fr}\n\n{english(en)}"))
        stepper = "from fsm.teach.stepper import Stepper\n" if feat["stepper"] else ""
        head = (
            f"from IPython.display import display\n\n{stepper}from fsm.teach.teaching import walk\n\n" if first else ""
        )
        if feat["stepper"]:
            cells.append(new_code_cell(f'{head}Stepper("{s.id}")'))
            head = ""
        cells.append(new_code_cell(f'{head}for stage in walk("{s.id}"):\n    display(stage)'))
        first = False
    if feat["live"]:
        cells.append(
            new_markdown_cell(
                heading(2, "À vous de jouer", "Your turn")
                + "\n\nUne donne vierge : les boutons sont les options du moment ; chaque clic fait avancer la donne.\n\n"
                + english("A fresh board: the buttons are the current options; each click moves the board on.")
            )
        )
        cells.append(new_code_cell('from fsm.teach.stepper import LiveBoard\n\nLiveBoard(lang="fr")'))
    items = "\n".join(f'- [{f.title[0]}]({f.name}.ipynb) — <small lang="en">{f.title[1]}</small>' for f in FAMILIES)
    cells.append(new_markdown_cell(heading(2, "Les carnets", "The notebooks") + "\n\n" + items))
    return new_notebook(cells=cells, metadata=METADATA)


def notebooks(feat: dict[str, bool] | None = None) -> dict[str, nbformat.NotebookNode]:
    """Every notebook's cells, without outputs."""
    feat = features() if feat is None else feat
    out = {"00_visite": tour(feat)}
    for f in FAMILIES:
        out[f.name] = family_notebook(f, feat)
    for nb in out.values():
        for i, cell in enumerate(nb.cells):
            cell["id"] = f"cell-{i}"  # stable ids: rebuilding leaves the files unchanged
    return out


# --- running and stripping --------------------------------------------------------------------------
ADDRESS = re.compile(r" at 0x[0-9a-f]+")


def execute(nb: nbformat.NotebookNode, timeout: int = 300) -> nbformat.NotebookNode:
    """Run a notebook top to bottom in a fresh kernel, from the notebooks folder."""
    from nbclient import NotebookClient

    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(HERE)}})
    client.execute(env={**os.environ, "PYTHONHASHSEED": "0"})
    return nb


def strip(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Keep what a reader sees; drop what changes from run to run. A widget's live view needs a kernel
    anyway, so its identifiers go and its static fallback (HTML) stays."""
    nb.metadata = nbformat.from_dict(METADATA)
    for cell in nb.cells:
        cell.metadata = nbformat.from_dict({})
        if cell.cell_type != "code":
            continue
        cell.execution_count = None
        outputs = []
        for out in cell.outputs:
            if "execution_count" in out:
                out.execution_count = None
            out.pop("transient", None)
            if "data" in out:
                data = {k: v for k, v in out.data.items() if k != WIDGET_VIEW}
                if any(k in data for k in RICH):
                    data.pop("text/plain", None)  # a repr, often with a memory address
                if not data:
                    continue
                if "text/plain" in data:
                    data["text/plain"] = ADDRESS.sub("", "".join(data["text/plain"]))
                out.data = nbformat.from_dict(data)
                out.metadata = nbformat.from_dict({})
            outputs.append(out)
        cell.outputs = outputs
    return nb


def main(names: list[str]) -> None:
    for name, nb in notebooks().items():
        if names and name not in names:
            continue
        nbformat.write(strip(execute(nb)), HERE / f"{name}.ipynb")
        print(f"notebooks/{name}.ipynb")
    wanted = set(notebooks())
    for path in HERE.glob("*.ipynb"):
        if path.stem not in wanted:  # a notebook no longer built (renamed or split)
            path.unlink()
            print(f"removed notebooks/{path.name}")


if __name__ == "__main__":
    main(sys.argv[1:])
