"""A teaching page printed (the browser's print, Chromium's --print-to-pdf): an A4 handout with the
title, the set-up, the notes, the four hands at the start, the auction as it ends, each stage's
event and laws, and the words of the laws applied, each once; no buttons, options, quiz or tree.

Goal: one page per scenario. The sample below prints on one page; every page of the corpus prints
on two at most (`make deep`), most on one (53 of 327 still take two, those that apply whole laws
such as 25 or 30 beside others)."""

from __future__ import annotations

import json
import os
import re
import subprocess

import pytest

from fsm.laws.lawtext import text
from fsm.teach import pages
from fsm.teach.sheets import pages as pdf_pages
from fsm.teach.sheets import print_pdf
from tests.conftest import BROWSER, CHROMIUM
from tests.test_diagrams_sheets import need_chromium

SAMPLE = ["27B2-design-example", "36C-after-a-lead-out-of-turn-refused", "54D-refused-declarer-requires-the-suit",
          "25A6-LHO-withdraws-his-call", "21B2-window-closes-when-another-player-calls"]  # fmt: skip


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


@pytest.mark.deep
def test_every_page_prints_on_two_pages_at_most_and_nothing_is_cut(chromium, teaching_pages):
    names = sorted(str(p) for p in teaching_pages.glob("*.html") if p.name != "index.html")
    done = subprocess.run(
        ["node", str(BROWSER / "print.mjs"), *names],
        capture_output=True, text=True, cwd=BROWSER, timeout=1800, env={**os.environ, "CHROMIUM": CHROMIUM},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert len(seen) == len(names)
    assert not {n: s for n, s in seen.items() if s["cut"] or not 1 <= s["pages"] <= 2}
    assert sum(s["pages"] == 1 for s in seen.values()) >= 0.8 * len(names)
