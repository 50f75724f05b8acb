"""The law's own words: fsm.laws.lawtext quotes the FFB's French text of the 2017 Laws 17 to 39.

Expected words are copied from the FFB text, not from the module's output."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from fsm.bridge.context import CONTEXT
from fsm.bridge.events import EVENTS
from fsm.laws import lawtext
from fsm.model.machine import modules, rules, states
from tests.french_scan import problems

LAWS = Path(lawtext.__file__).parent  # the law modules sit beside the Laws' words


def cited() -> set[str]:
    """Every reference the model cites: rules (their law and cites), options, states, events,
    and the law strings the law modules hand to obligations, restrictions and UI records."""
    refs = {law for r in rules() for law in r.laws}
    refs |= {s.law for s in states().values()}
    refs |= {o.law for m in modules() for opts in m.options.values() for o in opts}
    refs |= {e.law for e in EVENTS.values()}
    refs |= {d.law for d in CONTEXT.definitions.values() if d.law}
    for source in LAWS.glob("*.py"):
        if source.name == "definitions.py":  # its test vectors hold calls (« 1C »), not laws: read above
            continue
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
    assert lawtext.cite("72C") == "Loi 72C — Principes généraux"  # our title: the summary's law


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


# --- Laws outside 17 to 39: summaries in our own words, never the FFB's text ---------------------

REQUIRED = ["40", "41", "41A", "41B", "41C", "41D", "47E", "47E1", "47E2", "50B", "50C", "50D1", "50D2", "50E", "51",
            "54", "54A", "54B", "54C", "54D", "54E"]  # fmt: skip


def _outside() -> list[str]:
    return sorted(r for r in cited() if not 17 <= _law(r) <= 39)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_cited_ref_outside_17_to_39_has_a_summary_and_a_titled_citation(lang):
    refs = sorted(set(_outside()) | set(REQUIRED))
    assert [r for r in refs if not lawtext.summary(r, lang)] == []
    assert [r for r in refs if " — " not in lawtext.cite(r, lang)] == []
    assert [r for r in refs if lawtext.words(r, lang) != (lawtext.summary(r, lang), True)] == []


def test_required_refs_have_their_own_entry():
    # a required reference is summarised in its own right, not through the law enclosing it
    entries = lawtext._summaries()
    assert [r for r in REQUIRED if not {"fr", "en"} <= set(entries.get(r, {}))] == []


def test_summaries_are_french_and_say_l_arbitre():
    for ref, entry in lawtext._summaries().items():
        if "fr" in entry:
            assert problems(entry["fr"]) == [], ref
            assert "Directeur" not in entry["fr"] and "directeur" not in entry["fr"], ref
        assert "Directeur" not in entry.get("en", ""), ref  # « Directeur » is never a word of ours
        assert set(entry) <= {"title", "fr", "en"}, ref
        assert ("fr" in entry) == ("en" in entry), ref


def test_a_summary_is_not_given_for_laws_17_to_39():
    assert lawtext.summary("27B1(a)") is None and lawtext.summary("27", "en") is None
    assert lawtext.words("27B1(a)") == (lawtext.text("27B1(a)"), False)
    # in English the only words of 17 to 39 the package holds are the FFB's French ones
    assert lawtext.words("27B1(a)", "en") == (lawtext.text("27B1(a)"), False)
    assert lawtext.words("75B") is None and lawtext.words("foo") is None


def test_a_paragraph_without_a_summary_falls_back_to_its_parent():
    assert lawtext.summary("54D1") == lawtext.summary("54D")
    assert lawtext.summary("54F") == lawtext.summary("54")
    assert lawtext.summary("50D2(a)", "en") == lawtext.summary("50D2", "en")
    assert lawtext.summary("9B") is None  # Law 9 has a title, no summary of its own


def test_cite_in_english_and_french():
    assert lawtext.cite("54D") == "Loi 54D — Entame hors tour face visible"
    assert lawtext.cite("54D", "en") == "Law 54D — Faced Opening Lead Out of Turn"
    assert lawtext.cite("50D2") == "Loi 50D2 — Carte pénalisée"
    assert lawtext.cite("27B1(a)", "en") == "Law 27B1(a) — Insufficient Bid"  # the Laws' English title
    assert lawtext.cite("75B") == "Loi 75B"


# What the Laws say, checked in our words (the model rules the same: fsm/laws/lead.py).
@pytest.mark.parametrize(
    ("ref", "lang", "said"),
    [
        ("54", "fr", ["le déclarant choisit", "accepter l'entame", "devenir le mort", "carte pénalisée majeure"]),
        ("54", "en", ["accept the lead", "become dummy", "major penalty card"]),
        ("54A", "fr", ["il devient le mort", "étaler toute sa main"]),
        ("54B", "fr", ["accepter l'entame", "deuxième carte", "main du déclarant", "renonce"]),
        ("54B", "en", ["accept the lead", "second card", "declarer's hand", "revoke"]),
        ("54C", "fr", ["doit", "accepter l'entame", "reste déclarant"]),
        ("54D", "fr", ["refuser", "carte pénalisée majeure", "50D"]),
        ("54E", "fr", ["camp du déclarant", "Loi 24"]),
        ("50D2", "fr", ["exiger", "interdire", "couleur de la carte pénalisée", "tant que ce joueur garde la main",
                        "reprise"]),
        ("50D2", "en", ["require", "forbid", "penalty card's suit", "picked up"]),
        ("50D1", "fr", ["première occasion légale", "le déclarant désigne"]),
        ("50B", "fr", ["mineure", "majeure", "honneur", "deux cartes pénalisées ou plus", "toutes sont majeures"]),
        ("50B", "en", ["minor", "major", "two or more penalty cards", "all of them are major"]),
        ("50E", "fr", ["autorisée pour le camp non fautif", "non autorisée pour le partenaire du fautif"]),
        ("50E", "en", ["authorized information for the non-offending side", "unauthorized for the offender's partner"]),
        ("41A", "fr", ["face cachée", "arbitre", "47E", "54"]),
        ("41B", "fr", ["le mort présumé ne le peut pas"]),
        ("41C", "fr", ["le mort étale"]),
        ("47E1", "fr", ["sans rectification", "ne peut pas être acceptée"]),
        ("72C", "fr", ["pouvait savoir", "marque ajustée"]),
        ("16C", "fr", ["autorisée pour le camp non fautif", "non autorisée"]),
    ],
)  # fmt: skip
def test_summaries_say_what_the_laws_say(ref, lang, said):
    words = lawtext.summary(ref, lang)
    assert words is not None
    assert [s for s in said if s not in words] == []


def test_summary_sentences_are_few():
    for ref, entry in lawtext._summaries().items():
        for lang in ("fr", "en"):
            if lang in entry:
                assert 1 <= entry[lang].count(". ") + 1 <= 4, (ref, lang)


def test_the_summaries_ship_with_the_package():
    from importlib.resources import files

    assert files("fsm.laws").joinpath("summaries.yaml").is_file()
    pyproject = (Path(__file__).parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    assert '"laws/*.yaml"' in pyproject


def test_the_summaries_are_read_on_first_use_only():
    code = (
        "import fsm, fsm.model.machine, fsm.laws.lawtext as L, fsm.teach.pages, fsm.teach.quiz;"
        "fsm.model.machine.default_engine(); assert L._summaries.cache_info().currsize == 0;"
        "L.summary('54D'); L.cite('54'); assert L._summaries.cache_info().misses == 1"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --- the faces mark a summary as one -----------------------------------------------------------


def test_the_sheet_marks_a_summary():
    from fsm.teach.sheets import MISSING, _words

    fr = _words(["54D", "27A1"], "fr")
    assert "<b>Loi 54D — Entame hors tour face visible (résumé)</b>" in fr
    assert "<b>Loi 27A1 — Enchère insuffisante</b>" in fr and "27A1 — Enchère insuffisante (résumé)" not in fr
    en = _words(["54D"], "en")
    assert "<b>Law 54D — Faced Opening Lead Out of Turn (summary)</b>" in en and "major penalty card" in en
    assert MISSING["fr"] not in _words(sorted(set(_outside()) | set(REQUIRED)), "fr")


def test_the_page_marks_a_summary_and_quotes_only_the_ffb():
    from fsm.teach.pages import page
    from tests.french_scan import french_html_text

    shown = page("54D-refused-declarer-requires-the-suit")
    assert '<span lang="fr">Loi 54D — Entame hors tour face visible (résumé)</span>' in shown
    assert '<span lang="en">Law 54D — Faced Opening Lead Out of Turn (summary)</span>' in shown
    assert '<div class="lawtext summary"><span lang="fr">Le déclarant peut refuser' in shown
    # our words are never quoted as the law's: where the notes quote them, « résumé » says whose they are
    quoted = [m.start() for m in re.finditer("« Le déclarant peut refuser", shown)]
    assert all("résumé" in shown[max(0, i - 60) : i] for i in quoted)
    assert "Declarer may refuse the lead out of turn" not in french_html_text(shown)


def test_the_quiz_explanation_marks_a_summary():
    from fsm.teach.quiz import law_words, questions

    assert law_words("54B") == "(résumé) " + lawtext.summary("54B")
    assert law_words("54B", "en") == "(summary) " + lawtext.summary("54B", "en")
    assert law_words("27A1", "en") == lawtext.text("27A1")
    q = next(q for q in questions("54B-declarer-accepts") if q.law == "54B")
    assert "\n(résumé) Le déclarant peut accepter" in q.explanation["fr"]
    assert "\n(summary) Declarer may accept" in q.explanation["en"]


def test_the_stepper_cites_the_summarised_law_s_title():
    from fsm.teach.stepper import Stepper

    for lang, cited_as in (("fr", "Loi 54D — Entame hors tour face visible"), ("en", "Law 54D — Faced Opening Lead")):
        s = Stepper("54D-refused-declarer-requires-the-suit", lang=lang)
        shown = []
        while not s.next.disabled:
            s.next.click()
            shown.append(s.html.value)
        assert any(cited_as in page for page in shown), lang
