"""The printable quizzes (``python -m fsm quiz --pdf``): one A4 sheet per law family, the questions
numbered with their choices lettered and no answer, then the answer key on a page of its own."""

from __future__ import annotations

import re
from html import escape

import pytest

from fsm.cli import main
from fsm.teach import quizsheet
from fsm.teach.quiz import FAMILIES, bank
from fsm.teach.sheets import pages
from tests.test_diagrams_sheets import need_chromium

KEY = "<section class='key'>"


@pytest.fixture(scope="module")
def pool():
    return bank()


def _parts(page: str) -> tuple[str, str]:
    body = page[page.index("<body>") :]
    assert body.count(KEY) == 1
    return body.split(KEY)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_answer_before_the_key_and_the_key_after_a_page_break(pool, lang):
    yes = "Oui :" if lang == "fr" else "Yes:"
    for family in quizsheet.families(pool):
        page = quizsheet.sheet_html(family, lang, pool)
        assert re.search(r"section\.key \{ break-before: page; \}", page)
        questions, key = _parts(page)
        asked = [q for q in pool if q.family == family]
        assert asked and questions.count("<li class='question'") == len(asked) == key.count("<li class='answer'")
        assert yes not in questions and "class='right'" not in questions and "data-" not in questions
        for n, q in enumerate(asked, 1):
            for c in q.choices:
                assert c.why[lang] not in questions  # no reason before the key
                assert quizsheet._red(c.why[lang]) in key
            assert f"<b>{n}. {quizsheet.LETTERS[q.answer]}</b> — {escape(q.citation(lang))}</p>" in key
        assert key.count(yes) >= len(asked)  # the right choice's reason, once a question at least


def test_every_family_yields_a_sheet_and_every_question_is_on_one(pool):
    assert quizsheet.families(pool)[: len(FAMILIES)] == list(FAMILIES)
    assert {q.family for q in pool} <= set(quizsheet.families(pool))
    total = sum(quizsheet.sheet_html(f, "fr", pool).count("<li class='question'") for f in quizsheet.families(pool))
    assert total == len(pool)
    for family in FAMILIES:
        assert "<li class='question'" in quizsheet.sheet_html(family, "fr", pool), family


def test_choices_are_lettered(pool):
    page = quizsheet.sheet_html("27", "fr", pool)
    assert "<b>A.</b>" in page and "<b>D.</b>" in page and "Quiz — Loi 27" in page and "Corrigé — Loi 27" in page
    assert "Lois 28 à 32" in quizsheet.sheet_html("28-32", "fr", pool)
    assert "Answer key — Laws 28 to 32" in quizsheet.sheet_html("28-32", "en", pool)


def test_the_key_starts_on_a_page_of_its_own(tmp_path, pool):
    """The questions of a family printed alone take fewer pages than with the key: the key starts on
    a new page (the questions of Law 22 fill less than one)."""
    need_chromium()
    assert main(["quiz", "--pdf", "--family", "22", "--out", str(tmp_path)]) == 0
    whole = pages((tmp_path / "22.pdf").read_bytes())
    alone = tmp_path / "alone.html"
    alone.write_text(quizsheet.sheet_html("22", "fr", pool, key=False), encoding="utf-8")
    asked = pages(quizsheet.print_pdf(alone, tmp_path / "alone.pdf", tmp_path / "profile").read_bytes())
    assert whole >= 2 and asked == 1 and whole == asked + 1


def test_the_command(tmp_path, monkeypatch, capsys):
    assert main(["quiz", "--html", "--family", "27", "--lang", "en", "--out", str(tmp_path)]) == 0
    assert "Answer key" in (tmp_path / "27.html").read_text(encoding="utf-8")
    assert capsys.readouterr().out.strip() == str(tmp_path / "27.html")
    assert main(["quiz", "--html", "--family", "99", "--out", str(tmp_path)]) == 2
    assert "famille inconnue" in capsys.readouterr().err
    assert main(["quiz", "--out", str(tmp_path)]) == 2  # neither --pdf nor --html
    monkeypatch.setattr(quizsheet, "browser", lambda: None)
    assert main(["quiz", "--pdf", "--family", "27", "--out", str(tmp_path / "x")]) == 2
    assert "Chromium" in capsys.readouterr().err


def test_one_set_of_family_names_for_the_quizzes_and_the_trees(tmp_path, capsys):
    # the tree's 41-54 is the quizzes of Laws 41, 47E, 50 and 54; the quizzes' 28-32 takes the tree's 28-29
    assert main(["quiz", "--html", "--family", "41-54", "--out", str(tmp_path / "q")]) == 0
    assert sorted(p.name for p in (tmp_path / "q").iterdir()) == ["41.html", "47E.html", "50.html", "54.html"]
    assert main(["quiz", "--html", "--family", "28-29", "--out", str(tmp_path / "r")]) == 0
    assert [p.name for p in (tmp_path / "r").iterdir()] == ["28-32.html"]
    assert main(["diagram", "--view", "35-39", "--format", "dot", "--out", str(tmp_path / "v")]) == 0
    assert (tmp_path / "v.dot").read_text(encoding="utf-8").startswith("digraph")
    # a range over several trees is named, not guessed; a name that is none is refused
    assert main(["diagram", "--view", "28-32", "--format", "dot", "--out", str(tmp_path / "w")]) == 2
    assert "28-29, 30, 31, 32" in capsys.readouterr().err
    assert main(["quiz", "--html", "--family", "99", "--out", str(tmp_path / "x")]) == 2
