"""The printable sheets: A4 pages, one PDF per law family in at most two pages, the family's tree
drawn compact, then the words of the laws its branches apply, each paragraph printed once.

The sheets used to draw each question at 12 pt beside its laws' words, which took up to 18 pages
(Laws 21 and 25) and printed a law as many times as questions cited it. Text is now 10 pt, still
read comfortably on paper at arm's length, so that each family fits two pages; the tree and the
law's words are HTML that the browser wraps: no line can run out of its column and be cut."""

import os
import re
from html import escape

import pytest

from fsm.cli import main
from fsm.laws.lawtext import text, words
from fsm.model.diagrams import VIEWS
from fsm.teach.sheets import _questions, _red, browser, cited, pages, printed, sheet_html

A4 = (595.28, 841.89)


def need_chromium():
    if browser() is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Chromium is missing in CI: the set-up (make setup) must install it")
        pytest.skip("Chromium not installed")


def test_sheet_quotes_the_law_once_in_10_pt_or_more():
    page = sheet_html("27", "fr")
    assert page.count(_red(text("27B"))) == 1 and text("27A1") in page
    assert "size: A4 landscape" in page
    sizes = [float(s) for s in re.findall(r"font-size: ([\d.]+)pt", page)]
    assert sizes and min(sizes) >= 10


def test_a_paragraph_inside_another_cited_one_is_read_there():
    laws = dict(printed(["27B", "27B1(a)", "27B2", "27A1", "54D", "54D1", "23A"], "fr"))
    assert laws["27B"] == ["27B", "27B1(a)", "27B2"] and "27B1(a)" not in laws
    assert laws["54D"] == ["54D", "54D1"]  # 54D1 has no summary of its own: it is 54D's
    assert list(laws) == ["23A", "27A1", "27B", "54D"]  # the Code's order


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("view", list(VIEWS))
def test_every_law_cited_is_printed_exactly_once(view, lang):
    page = sheet_html(view, lang)
    heads = re.findall(r"<p class='head'><b>([^<]+)</b>", page)
    assert heads and len(heads) == len(set(heads)), heads
    for ref in cited(view):
        said, _ = words(ref, lang) or ("", False)
        assert said and page.count(_red(said)) == 1, (view, ref)
    for block in re.findall(r"<ul>(.*?)</ul>", page):  # a question's branches, each said once
        lines = re.findall(r"<li>(.*?)</li>", block)
        assert len(lines) == len(set(lines)), lines
    assert page.count("<div class='q'>") == len(_questions(view))


def media_boxes(pdf: bytes) -> list[tuple[float, float]]:
    boxes = re.findall(rb"/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    return [(float(x1) - float(x0), float(y1) - float(y0)) for x0, y0, x1, y1 in boxes]


def test_pdf_pages_are_a4(tmp_path):
    need_chromium()
    assert main(["diagram", "--pdf", "--view", "27", "--out", str(tmp_path)]) == 0
    boxes = media_boxes((tmp_path / "27.pdf").read_bytes())
    assert boxes
    for w, h in boxes:
        assert abs(max(w, h) - A4[1]) < 1.5 and abs(min(w, h) - A4[0]) < 1.5, (w, h)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("view", list(VIEWS))
def test_each_family_prints_on_two_pages_at_most(tmp_path, view, lang):
    need_chromium()
    assert main(["diagram", "--pdf", "--view", view, "--lang", lang, "--out", str(tmp_path)]) == 0
    assert 1 <= pages((tmp_path / f"{view}.pdf").read_bytes()) <= 2


def test_a_summary_is_marked_and_never_quoted_as_the_ffb_s():
    page = sheet_html("41-54", "fr")
    assert "Loi 54D — Entame hors tour face visible (résumé)" in page
    assert escape("« " + (words("54D") or ("", 0))[0]) not in page
