"""Printable quizzes: one A4 sheet per law family, the questions first, the answer key after a page
break, so that the teacher hands out the questions and keeps the key (``python -m fsm quiz --pdf``).

The questions are those of the corpus's bank (:func:`fsm.teach.quiz.bank`), grouped by family
(:data:`fsm.teach.quiz.FAMILIES`, then any other family the bank holds): each numbered, its choices
lettered A, B, C, D, with no law and no reason beside them (the law is part of the answer). The
key, on a page of its own (``break-before: page``), gives each question's right letter, the law it
rules by and the one-line reason of every choice. The page is laid out in HTML and printed to PDF by
Chromium, as the law families' sheets are (:mod:`fsm.teach.sheets`).
"""

from __future__ import annotations

import re
import tempfile
from html import escape
from pathlib import Path

from fsm.laws.lawtext import LAW
from fsm.teach.quiz import FAMILIES, Question, bank
from fsm.teach.sheets import FONT, BrowserMissing, browser, print_pdf

__all__ = ["LETTERS", "families", "sheet_html", "write", "BrowserMissing"]

LETTERS = "ABCDEFGH"
FONTSIZE = 11  # points
WORDS = {
    "quiz": ("Quiz", "Quiz"),
    "key": ("Corrigé", "Answer key"),
    "name": ("Nom :", "Name:"),
    "answer": ("Réponse :", "Answer:"),
    "count": ("questions", "questions"),
}


def families(pool: list[Question] | None = None) -> list[str]:
    """The families a quiz sheet is printed for: :data:`FAMILIES`, then any other family of the bank."""
    held = [q.family for q in (bank() if pool is None else pool)]
    return list(FAMILIES) + sorted(set(held) - set(FAMILIES), key=lambda f: (int(re.match(r"\d+", f)[0]), f))  # type: ignore[index]


def family_title(family: str, lang: str) -> str:
    """« Loi 27 », « Lois 28 à 32 » / "Law 27", "Laws 28 to 32"."""
    if "-" in family:
        first, last = family.split("-")
        return f"Lois {first} à {last}" if lang == "fr" else f"Laws {first} to {last}"
    return f"{LAW[lang]} {family}"


def _red(text: str) -> str:
    return re.sub("([♥♦])", r'<span class="red">\1</span>', escape(text))


def _lines(text: str) -> str:
    return "<br>".join(_red(line) for line in text.split("\n"))


def _question(n: int, q: Question, lang: str) -> str:
    choices = "".join(f"<li><b>{LETTERS[i]}.</b> {_red(getattr(c, lang))}</li>" for i, c in enumerate(q.choices))
    return (
        f"<li class='question' value='{n}'><p class='ask'><b>{n}. {_red(q.ask[lang])}</b></p>"
        f"<p class='prompt'>{_lines(q.prompt[lang])}</p><ol class='choices'>{choices}</ol></li>"
    )


def _key(n: int, q: Question, lang: str) -> str:
    reasons = "".join(f"<li><b>{LETTERS[i]}.</b> {_red(c.why.get(lang, ''))}</li>" for i, c in enumerate(q.choices))
    right = LETTERS[q.answer]
    return (
        f"<li class='answer' value='{n}'><p><b>{n}. {right}</b> — {escape(q.citation(lang))}</p>"
        f"<ol class='reasons'>{reasons}</ol></li>"
    )


def _questions(family: str, pool: list[Question] | None) -> list[Question]:
    return [q for q in (bank() if pool is None else pool) if q.family == family]


def sheet_html(family: str, lang: str = "fr", pool: list[Question] | None = None, key: bool = True) -> str:
    """The quiz of one family as an HTML page for A4 portrait: the questions, then (``key``) the
    answer key on a page of its own."""
    n = 0 if lang == "fr" else 1
    asked = _questions(family, pool)
    title = f"{WORDS['quiz'][n]} — {family_title(family, lang)}"
    questions = "".join(_question(i, q, lang) for i, q in enumerate(asked, 1))
    answers = "".join(_key(i, q, lang) for i, q in enumerate(asked, 1))
    part = (
        f"<section class='key'><h1>{WORDS['key'][n]} — {family_title(family, lang)}</h1><ol>{answers}</ol></section>"
        if key
        else ""
    )
    return f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{escape(title)}</title><style>
@page {{ size: A4 portrait; margin: 14mm 15mm; }}
body {{ font-family: {FONT}, "Liberation Sans", Arial, sans-serif; font-size: {FONTSIZE}pt; line-height: 1.25;
  margin: 0; overflow-wrap: anywhere; }}
h1 {{ font-size: 15pt; margin: 0 0 4pt 0; }}
.name {{ margin: 0 0 8pt 0; }}
ol {{ list-style: none; margin: 0; padding: 0; }}
p {{ margin: 0; }}
.red {{ color: #c00000; }}
li.question {{ break-inside: avoid; margin: 0 0 9pt 0; }}
.prompt {{ margin: 2pt 0; }}
.choices li, .reasons li {{ margin: 1pt 0 0 12pt; }}
section.key {{ break-before: page; }}
li.answer {{ break-inside: avoid; margin: 0 0 6pt 0; }}
</style></head><body><h1>{escape(title)}</h1>
<p class="name">{WORDS["name"][n]} ______________________ ({len(asked)} {WORDS["count"][n]})</p>
<ol class="questions">{questions}</ol>{part}</body></html>
"""


def write(out: str | Path, lang: str = "fr", chosen: list[str] | None = None, pdf: bool = True) -> list[Path]:
    """One quiz per family, ``<out>/<family>.pdf`` (``pdf``; raises BrowserMissing without
    Chromium) or ``<out>/<family>.html``."""
    if pdf and browser() is None:
        raise BrowserMissing("chromium")
    pool = bank()
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        for family in chosen or families(pool):
            page = (Path(tmp) if pdf else folder) / f"{family}.html"
            page.write_text(sheet_html(family, lang, pool), encoding="utf-8")
            written.append(print_pdf(page, (folder / f"{family}.pdf").resolve(), f"{tmp}/profile") if pdf else page)
    return written
