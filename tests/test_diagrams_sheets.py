"""The printable sheets: A4 pages, one PDF per law family, the law's own words beside each question
of its tree, nothing printed smaller than 12 pt."""

import os
import re

import pytest

from fsm.cli import main
from fsm.laws.lawtext import text
from fsm.model.diagrams import VIEWS
from fsm.teach.sheets import TREE_WIDTH, _questions, browser, question_tree, sheet_html
from tests.svgmeasure import measure

A4 = (595.28, 841.89)


def test_sheet_quotes_the_law_beside_each_question():
    page = sheet_html("27", "fr")
    assert text("27A1") in page and text("27B2") in page
    assert "font-size: 12pt" in page and "size: A4 landscape" in page


@pytest.mark.parametrize("view", list(VIEWS))
def test_each_question_fits_its_column_at_12_pt(view, need_dot):
    for source, branches in _questions(view).items():
        width, _, smallest = measure(question_tree(source, branches, "fr").pipe(format="svg", encoding="utf-8"))
        assert width <= TREE_WIDTH and smallest >= 12, (view, source, width, smallest)


def media_boxes(pdf: bytes) -> list[tuple[float, float]]:
    boxes = re.findall(rb"/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    return [(float(x1) - float(x0), float(y1) - float(y0)) for x0, y0, x1, y1 in boxes]


def test_pdf_pages_are_a4(tmp_path, need_dot):
    if browser() is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Chromium is missing in CI: the set-up (make setup) must install it")
        pytest.skip("Chromium not installed")
    assert main(["diagram", "--pdf", "--view", "27", "--out", str(tmp_path)]) == 0
    boxes = media_boxes((tmp_path / "27.pdf").read_bytes())
    assert boxes
    for w, h in boxes:
        assert abs(max(w, h) - A4[1]) < 1.5 and abs(min(w, h) - A4[0]) < 1.5, (w, h)
