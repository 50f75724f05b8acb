"""A teaching page printed (the browser's print, Chromium's --print-to-pdf): an A4 handout with the
title, the set-up, the notes, the four hands at the start, the auction as it ends, each stage's
event and laws, and the words of the laws applied, each once; no buttons, options, quiz or tree.

Every scenario prints on one page (`make deep` prints the corpus), nothing cut, no words under
8 pt: the handout quotes only the paragraphs applied, the laws every board applies by number, the
last rounds of a long regular auction. The sample below holds the pages with the most laws."""

from __future__ import annotations

import json
import os
import re
import subprocess

import pytest

from fsm.laws.lawtext import text
from fsm.teach import pages
from fsm.teach.handout import quoted_once
from fsm.teach.sheets import pages as pdf_pages
from fsm.teach.sheets import print_pdf
from tests.conftest import BROWSER, CHROMIUM
from tests.test_diagrams_sheets import need_chromium

SAMPLE = ["27B2-design-example", "36C-after-a-lead-out-of-turn-refused", "54D-refused-declarer-requires-the-suit",
          "25A6-LHO-withdraws-his-call", "21B2-window-closes-when-another-player-calls",
          "31B-offender-insufficient-at-his-turn-27B1a-then-judged", "22A-longest-legal-auction",
          "25A5-change-reopens-the-auction-and-24D-24E-are-settled-anew"]  # fmt: skip


def test_the_page_carries_its_print_rules_and_a_hidden_handout():
    page = pages.page("27B2-design-example")
    assert "<style media='print'>" in page and "size: A4 portrait" in page
    handout = page[page.index("<div class='handout' hidden>") :]
    handout = handout[: handout.index('<h2><span lang="fr">Arbre')]
    assert handout.count("<li value=") == 7  # each event
    assert handout.count(text("27B2").split("\n")[0][:60]) == 2  # the FFB words once a language
    for rule in (".bar", ".quiz", ".tree"):
        assert re.search(rf"\{rule}[ ,]", page.split("<style media='print'>")[1].split("</style>")[0])


@pytest.mark.parametrize("name", SAMPLE)
def test_a_page_prints_on_one_a4_page(tmp_path, name):
    need_chromium()
    (path,) = pages.write([name], tmp_path)
    assert pdf_pages(print_pdf(path, tmp_path / "page.pdf", tmp_path / "profile").read_bytes()) == 1


def test_the_handout_quotes_the_paragraph_applied_and_cites_routine_laws_by_number():
    quoted, numbers = quoted_once(["17C", "22A", "20F1", "27B", "27B1(a)", "31", "31B", "54D1", "54D"], "fr")
    assert [key for key, _ in quoted] == ["27B1(a)", "31B", "54D"] and numbers == ["17C", "20F1", "22A"]
    handout = pages.page("31B-offender-insufficient-at-his-turn-27B1a-then-judged")
    assert text("27B1(a)")[:60] in handout and text("27B")[:60] not in handout.split("class='handout'")[1]


def test_a_page_about_a_routine_law_quotes_it():
    """Law 20 is applied on most boards and cited by number there; a page about Law 20 quotes it."""
    quoted, numbers = quoted_once(["17C", "20F1", "20B"], "fr", taught=["20B", "20F1"])
    assert [key for key, _ in quoted] == ["20B", "20F1"] and numbers == ["17C"]
    printed = pages.page("20-review-rights").split("class='handout'")[1]
    assert text("20B")[:50] in printed


def test_a_long_regular_auction_prints_its_last_rounds():
    page = pages.page("22A-longest-legal-auction")
    assert "<tr class='fold' hidden><td colspan='4'>…</td></tr>" in page and "<tr class='early'>" in page
    assert "tr.early { display: none; }" in page


@pytest.mark.deep
def test_every_page_prints_on_one_page_and_nothing_is_cut(chromium, teaching_pages):
    """Every scenario's page (not the teacher's own board, tableau.html, nor the index)."""
    names = sorted(str(p) for p in teaching_pages.glob("*.html") if p.name not in ("index.html", "tableau.html"))
    done = subprocess.run(
        ["node", str(BROWSER / "print.mjs"), *names],
        capture_output=True, text=True, cwd=BROWSER, timeout=1800, env={**os.environ, "CHROMIUM": CHROMIUM},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert len(seen) == len(names)
    assert not {n: s for n, s in seen.items() if s["cut"] or s["small"] or s["pages"] != 1}
