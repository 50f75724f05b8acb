"""What each teaching notebook says: the lesson (French, then English), the worked boards, the quiz boards.

Each law family declares the lessons of its views beside its module (fsm/laws/<family>.yaml, read
through fsm.laws.registry); this file keeps what belongs to no family, the guided tour. The lessons
follow the FFB's 2017 French text of the Laws; where the FFB's 2007 commentaries teach otherwise,
the lesson says what 2017 changed. The boards are scenario ids of the corpus (fsm/scenarios).
"""

from __future__ import annotations

from typing import NamedTuple


class Family(NamedTuple):
    """One notebook. The worked boards come fifth (``family[4]``), as the corpus's tests read them."""

    name: str  # the notebook's file name
    views: tuple[str, ...]  # the decision-tree views to draw, if the diagrams hold them; else `fallback`
    fallback: str  # the view drawn when ``views`` names none the diagrams hold: the family's own view
    title: tuple[str, str]  # French, English
    boards: tuple[str, ...]  # worked boards, shown in the stepper
    lesson: str  # French, Markdown
    lesson_en: str  # English, one paragraph
    quiz: tuple[str, ...]  # one question from each
    texts: tuple[str, ...] = ()  # the laws whose FFB text is folded under the lesson (fsm.laws.lawtext)


def _families() -> list[Family]:
    """One notebook per view with a lesson, as the law families declare them (fsm/laws/<family>.yaml)."""
    from fsm.laws.registry import lessons

    return [
        Family(lesson.notebook, (view.name,), view.name, lesson.title, lesson.boards, lesson.fr, lesson.en,
               lesson.quiz, lesson.texts)
        for view, lesson in lessons()
    ]  # fmt: skip


FAMILIES = _families()

TOUR = {
    "title": ("Visite guidée", "A guided tour"),
    "intro": """\
Ces carnets montrent, donne par donne, ce que les Lois du bridge de 2017 (texte de la FFB) font des
irrégularités des annonces et de l'entame. Chaque carnet traite une famille de lois : la leçon, l'arbre de
décision, deux ou trois donnes commentées pas à pas, et trois questions.

**Comment lire une étape.** La grille des annonces a les colonnes Nord, Est, Sud, Ouest. Une déclaration
barrée a été annulée ou retirée (la loi est indiquée à côté) ; une déclaration entre crochets attend une
décision. Sous la grille : la loi appliquée, l'état de la donne, et ce que chacun peut faire.""",
    "intro_en": "These notebooks show, board by board, what the 2017 Laws (FFB text) make of irregularities in the "
    "auction and at the opening lead. Each notebook covers one family of laws: the lesson, the decision tree, two "
    "or three worked boards step by step, and three questions. The grid has columns North, East, South, West; a "
    "struck-through call was cancelled or withdrawn (its law beside it); a call in brackets awaits a decision.",
    "regular": "22A-trap-opponent-named-strain-first",
    "regular_text": (
        "Une donne sans irrégularité : le déclarant est le joueur du camp du contrat qui a nommé la dénomination le "
        "premier (22A), même si un adversaire l'a nommée avant lui.",
        "A board without irregularity: declarer is the player of the contract's side who first named its strain "
        "(22A), even if an opponent named it earlier.",
    ),
    "irregular": "27A1-LHO-accepts-by-calling",
    "irregular_text": (
        "Une irrégularité : l'adversaire de gauche accepte une enchère insuffisante en déclarant (27A1).",
        "An irregularity: the LHO accepts an insufficient bid by calling over it (27A1).",
    ),
}
