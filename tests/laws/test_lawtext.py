"""The law's own words: fsm.laws.lawtext quotes the FFB's French text of the 2017 Laws 17 to 39.

Expected words are copied from the FFB text, not from the module's output."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from fsm.bridge.events import EVENTS
from fsm.laws import lawtext
from fsm.model.machine import modules, rules, states

LAWS = Path(lawtext.__file__).parent  # the law modules sit beside the Laws' words


def cited() -> set[str]:
    """Every reference the model cites: rules (their law and cites), options, states, events,
    and the law strings the law modules hand to obligations, restrictions and UI records."""
    refs = {law for r in rules() for law in r.laws}
    refs |= {s.law for s in states().values()}
    refs |= {o.law for m in modules() for opts in m.options.values() for o in opts}
    refs |= {e.law for e in EVENTS.values()}
    for source in LAWS.glob("*.py"):
        refs |= set(re.findall(r'"(\d{1,2}[A-G][0-9a-z()]*)"', source.read_text(encoding="utf-8")))
    return refs


def _law(ref: str) -> int:
    m = re.match(r"\d+", ref)
    assert m, ref
    return int(m.group())


def test_cited_refs_within_17_to_39_have_text_and_title():
    inside = sorted(r for r in cited() if 17 <= _law(r) <= 39)
    assert {"27B1(a)", "30B1(b)(ii)", "25A6", "17D3", "38C"} <= set(inside)
    assert [r for r in inside if not lawtext.text(r)] == []
    assert [r for r in inside if not lawtext.title(r)] == []


def test_cited_refs_outside_17_to_39_are_none():
    outside = sorted(r for r in cited() if not 17 <= _law(r) <= 39)
    assert {"16C", "41C", "50D2", "54A", "72C", "9B1"} <= set(outside)
    assert [r for r in outside if lawtext.text(r) is not None or lawtext.title(r) is not None] == []
    assert lawtext.cite("72C") == "Loi 72C"


def test_27B1a_in_the_ffb_words():
    # The FFB says « l'enchère suffisante la moins forte », not « la plus petite enchère suffisante ».
    assert lawtext.text("27B1(a)") == (
        "si l’enchère insuffisante est remplacée par l’enchère suffisante la moins forte spécifiant la même "
        "dénomination que celle de la déclaration retirée, les annonces continuent sans autre conséquence. "
        "Les Lois 26B et 16C ne s’appliquent pas mais voir D ci-dessous."  # the FFB's stray « ) » left out
    )


def test_typography_is_the_ffb_s():
    assert lawtext.text("19A2") == (
        "En contrant, un joueur ne doit pas énoncer le nombre de levées ou la dénomination. "
        "L’unique forme correcte est le seul mot « Contre »."
    )


def test_line_wrapping_undone():
    # 37B2 is wrapped over five lines in the FFB page; its words read as two sentences' lines.
    assert lawtext.text("37B2") == (
        "la déclaration inadmissible doit être remplacée par un Passe, les annonces continuent et chaque "
        "membre du camp fautif doit passer jusqu’à la fin des annonces.\n"
        "La Loi 72C peut être appliquée. Les restrictions d’attaque de la Loi 26B peuvent être appliquées."
    )


@pytest.mark.parametrize(
    ("ref", "expected"),
    [
        ("25A", "Déclaration non intentionnelle"),
        ("25B", "Déclaration intentionnelle"),
        ("25B2", "Déclaration intentionnelle"),  # a paragraph: its section's title
        ("27", "Enchère insuffisante"),
        ("27B1(a)", "Enchère insuffisante non acceptée"),
        ("37", "Action en violation de l'obligation de passer"),
        ("38", "Enchère au-dessus du palier de 7"),
        ("22A", "Fin des annonces"),  # 22A has no title of its own: the law's
        ("18F", "Autres procédures"),  # the footnote's star is not part of the title
    ],
)
def test_titles(ref, expected):
    assert lawtext.title(ref) == expected


def test_cite_names_the_law_title():
    assert lawtext.cite("27B1(a)") == "Loi 27B1(a) — Enchère insuffisante"
    assert lawtext.cite("25B") == "Loi 25B — Changements de déclaration légaux ou illégaux"


def test_a_section_holds_its_paragraphs_in_order():
    words = lawtext.text("27B")
    assert words is not None
    assert words.startswith("Si une enchère insuffisante, faite à son tour, n’est pas acceptée (voir A)")
    heads = [line[:3] for line in words.splitlines()[1:]]
    assert heads == ["1. ", "(b)", "2. ", "3. ", "4. "]
    assert lawtext.text("20F5(b)").endswith(
        "(i) pour un joueur de la défense, à la fin du jeu ;\n"
        "(ii) pour le déclarant ou le mort, après le dernier Passe des annonces."
    )
    law27 = lawtext.text("27")
    assert law27 is not None and law27.startswith("A. Enchère insuffisante acceptée\n1. Toute enchère insuffisante")
    assert [line for line in law27.splitlines() if re.match(r"[A-D]\. ", line)] == [
        "A. Enchère insuffisante acceptée", "B. Enchère insuffisante non acceptée",
        "C. Remplacement prématuré", "D. Le camp non fautif a subi un dommage",
    ]  # fmt: skip


def test_law_35_keeps_its_numbered_list():
    assert lawtext.text("35").splitlines() == [
        "Les déclarations suivantes sont inadmissibles :",
        "1. un Contre ou un Surcontre interdit par la Loi 19. La Loi 36 s’applique.",
        "2. une enchère, un Contre ou Surcontre par un joueur obligé de passer. La Loi 37 s’applique.",
        "3. une enchère au dessus du palier de sept. La Loi 38 s’applique.",
        "4. une déclaration après le Passe final. La Loi 39 s’applique.",
    ]


def test_a_missing_sub_paragraph_falls_back_to_its_parent():
    assert lawtext.text("27B5") == lawtext.text("27B")
    assert lawtext.text("25A7") == lawtext.text("25A")
    assert lawtext.text("30B1(b)(iii)") == lawtext.text("30B1(b)")
    assert (
        lawtext.text("33B")
        == lawtext.text("33")
        == (
            "Une déclaration faite simultanément avec celle du joueur dont c'était le tour de déclarer "
            "est considérée comme une déclaration consécutive."
        )
    )


@pytest.mark.parametrize("ref", ["16C", "40", "75B", "", "foo", "Loi 27", "27(a)", "2B", "127"])
def test_unknown_refs_give_none(ref):
    assert lawtext.text(ref) is None
    assert lawtext.title(ref) is None


def test_the_text_is_read_on_first_use_only():
    code = (
        "import fsm, fsm.model.machine, fsm.laws.lawtext as L; fsm.model.machine.default_engine();"
        "assert L._code.cache_info().currsize == 0; L.text('27'); L.text('25B');"
        "assert L._code.cache_info().misses == 1"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
