"""Every diagram is readable where it is shown: 12 pt or more at the size it is made for, a law
family's tree and a board's path within a notebook's width, the overview on one 1920 × 1080
screen with one arrow per pair of states; hearts and diamonds in red."""

import re

import pytest

from fsm import Board
from fsm.model.diagrams import VIEWS, law_view, question_parts, question_view, view_rules, whole_machine
from fsm.model.labels import RED
from fsm.model.overview import overview
from tests.svgmeasure import edges, measure

NOTEBOOK = 750  # points: 1000 px at 96 dpi
SCREEN = (1440, 810)  # points: 1920 × 1080 px


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("view", list(VIEWS))
def test_each_view_fits_a_notebook_at_12_pt(view, lang, need_dot):
    width, _, smallest = measure(law_view(view, lang).pipe(format="svg", encoding="utf-8"))
    assert width <= NOTEBOOK and smallest >= 12, (width, smallest)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("view", list(VIEWS))
def test_each_question_of_a_view_fits_one_screen_at_12_pt(view, lang, need_dot):
    """A tall tree split by branch: each question (or state its entries start from) and its
    branches on one 1920 × 1080 screen at natural size."""
    for part in question_parts(view):
        width, height, smallest = measure(question_view(view, part, lang).pipe(format="svg", encoding="utf-8"))
        assert width <= SCREEN[0] and height <= SCREEN[1] and smallest >= 12, (part.slug, width, height, smallest)


@pytest.mark.parametrize("view", list(VIEWS))
def test_the_questions_of_a_view_draw_every_branch_once(view):
    """No branch lost in the split: each rule of the view is a note of exactly one question's drawing,
    below the question it starts from, and the file names are distinct."""
    drawn: list[str] = []
    for part in question_parts(view):
        source = question_view(view, part, "fr").source
        notes = re.findall(r"^\s*(branch_\d+) \[", source, flags=re.M)
        assert notes and all((part.source, n) in edges(source) for n in notes), part.slug
        drawn += notes
    assert sorted(drawn) == sorted(f"branch_{n}" for n in range(len(view_rules(view))))
    slugs = [p.slug for p in question_parts(view)]
    assert len(set(slugs)) == len(slugs) and all(re.fullmatch(r"\d+-[a-z0-9-]+", s) for s in slugs)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_overview_fits_one_screen_at_12_pt(lang, need_dot):
    width, height, smallest = measure(overview(lang).pipe(format="svg", encoding="utf-8"))
    assert width <= SCREEN[0] and height <= SCREEN[1] and smallest >= 12, (width, height, smallest)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_overview_has_one_arrow_per_pair_of_states_and_no_loop(lang):
    pairs = [frozenset(e) for e in edges(overview(lang).source)]
    assert pairs and all(len(p) == 2 for p in pairs), "a loop on a state"
    assert len(pairs) == len(set(pairs)), "two arrows between the same states"


def test_overview_groups_states_by_period():
    source = overview("fr").source
    for period in ("Les annonces", "Les irrégularités des annonces", "La période de clarification"):
        assert period in source


def test_detailed_machine_labels_are_12_pt(need_dot):
    assert measure(whole_machine("fr").pipe(format="svg", encoding="utf-8"))[2] >= 12


def test_hearts_and_diamonds_are_red(need_dot):
    board = Board(dealer="N")
    board.calls("1H 2D Pass Pass Pass")  # the path names each call: 1♥, 2♦
    svg = board.diagram("fr").pipe(format="svg", encoding="utf-8")
    for suit in ("♥", "♦"):
        assert re.search(rf'<text[^>]*fill="{RED}"[^>]*>{suit}</text>', svg), suit
    assert not re.search(r'<text[^>]*fill="(?!#c00000)[^"]*"[^>]*>[♥♦]</text>', svg)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_38D_branch_draws_the_38C_obligation(lang):
    """38C (the offending side passes to the end of the auction) applies whether or not the LHO called
    over the bid above seven; 38D only takes away 26B and 72C. Both languages draw it on each branch
    where the Director's ruling reopens the auction."""
    law, director, reopened = {
        "fr": ("Loi", "appelle l'arbitre", "→ Déclarations en rotation"),
        "en": ("Law", "calls the Director", "→ Calls in rotation"),
    }[lang]
    lines = law_view("36-39", lang).source.splitlines()
    for clause in ("38B", "38D"):
        drawn = [x for x in lines if f"<B>{law} {clause}</B>" in x and director in x and reopened in x]
        assert drawn and all("(38C)" in x for x in drawn), (clause, drawn)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_overview_has_no_two_labels_over_each_other(lang, need_dot):
    """Each text's box estimated from its x, y, font size and length (a little wide): no two texts of
    different labels meet, a cluster's title and an arrow's words among them (« L'entame hors tour »)."""
    from tests.svgmeasure import overlaps, text_boxes

    svg = overview(lang).pipe(format="svg", encoding="utf-8")
    assert len(text_boxes(svg)) > 50
    assert overlaps(svg) == []
