"""Printable A4 sheets: one PDF per law family, in at most two pages: the family's decision tree,
drawn compact (each question with its branches: the law, the event and where the board goes), then
the words of every law the tree cites, each printed once: the FFB's words of Laws 17 to 39, our
summary of a law outside them, marked as one (:mod:`fsm.laws.lawtext`).

The page is A4 landscape (842 × 595 pt), text 10 pt (the sheet is read on paper, at arm's length):
the tree in three columns, the laws' words in three columns below it. A paragraph whose enclosing
paragraph is cited too is not printed apart: the enclosing one holds its words (27B holds 27B1(a)),
and its heading names the paragraphs it answers for. The page is laid out in HTML and printed to PDF
by Chromium, which wraps every line: nothing is cut.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from html import escape
from pathlib import Path

from fsm.laws import lawtext
from fsm.laws.lawtext import LAW, SUMMARY, cite, words
from fsm.laws.spec import Rule
from fsm.model.diagrams import TITLES, VIEWS, _leaf, event_words, view_rules
from fsm.model.labels import FONT
from fsm.model.machine import states

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
FONTSIZE, TITLE_FONTSIZE = 10, 14  # points: the smallest text of a sheet, and its title
MISSING = {"fr": "(texte non repris ici)", "en": "(text not included)"}
HEADINGS = {"tree": ("Arbre de décision", "Decision tree"), "laws": ("Les textes cités", "The laws cited")}


class BrowserMissing(RuntimeError):
    """No Chromium to print the sheets with."""


def _questions(view: str) -> dict[str, list[Rule]]:
    """The view's rules by the state they leave from, in the order the law module declares them."""
    out: dict[str, list[Rule]] = {}
    for rule in view_rules(view):
        out.setdefault(rule.source, []).append(rule)
    return out


def _branch_lines(branches: list[Rule], lang: str) -> list[tuple[str, str]]:
    """Each branch as (law, « event → where the board goes »), a branch said twice said once (two
    rules that differ by a condition only read alike here: the law's words below tell them apart)."""
    out = []
    for rule in branches:
        target = _leaf(rule.target) if rule.dest else rule.source
        out.append((rule.law, f"{event_words(rule.event, lang)} → {getattr(states()[target], lang)}"))
    return list(dict.fromkeys(out))


def question_html(source: str, branches: list[Rule], lang: str) -> str:
    """One question of the tree, its branches hanging from it."""
    spec = states()[source]
    kind = "wait" if spec.waiting else "ask"
    items = "".join(f"<li><b>{escape(law)}</b> {_red(said)}</li>" for law, said in _branch_lines(branches, lang))
    head = f"{escape(getattr(spec, lang))} <small>({LAW[lang]} {escape(spec.law)})</small>"
    return f"<div class='q'><div class='{kind}'>{_red(head, escaped=True)}</div><ul>{items}</ul></div>"


def _red(text: str, escaped: bool = False) -> str:
    return re.sub("([♥♦])", r'<span class="red">\1</span>', text if escaped else escape(text))


def _number(ref: str) -> tuple[int, str]:
    m = re.match(r"\d+", ref)
    return (int(m.group()) if m else 0, ref)


def printed(laws: list[str], lang: str) -> list[tuple[str, list[str]]]:
    """The paragraphs a sheet prints for the laws it cites, each once, in the Code's order: the
    paragraph whose words are quoted, and the cited references it answers for. A cited paragraph
    inside another cited one (27B1(a) in 27B) is read in the enclosing one's words; two references
    that fall back to the same words (54D1 and 54D) are one."""
    keys: dict[str, list[str]] = {}
    for ref in sorted(dict.fromkeys(laws), key=_number):
        keys.setdefault(lawtext.quoted(ref, lang) or ref, []).append(ref)
    out: dict[str, list[str]] = {}
    for key, refs in sorted(keys.items(), key=lambda kv: _number(kv[0])):
        ffb = lawtext.text(key) is not None  # the FFB's words of a paragraph hold its sub-paragraphs'
        outer = next((k for k in lawtext.enclosing(key) if k in keys), None) if ffb else None
        while outer is not None and outer not in out:  # its enclosing paragraph is printed already?
            outer = next((k for k in lawtext.enclosing(outer) if k in keys), None)
        out.setdefault(outer or key, []).extend(refs)
    return [(key, list(dict.fromkeys(refs))) for key, refs in out.items()]


def _words(laws: list[str], lang: str) -> str:
    """The words of the laws cited, each paragraph once: its heading (« résumé » beside our words,
    never taken for the FFB's), the other paragraphs it answers for, then its words."""
    parts = []
    for key, refs in printed(laws, lang):
        said, ours = words(key, lang) or (None, False)
        head = f"{cite(key, lang)} ({SUMMARY[lang]})" if ours else cite(key, lang)
        others = [r for r in refs if r != key]
        also = f" <small>({escape(', '.join(others))})</small>" if others else ""
        # the FFB's words between « », as the pages quote them: a quotation, never our own prose
        body = (_red(said) if ours else f"« {_red(said)} »") if said else MISSING[lang]
        parts.append(
            f"<div class='law'><p class='head'><b>{escape(head)}</b>{also}</p><p class='words'>{body}</p></div>"
        )
    return "".join(parts)


def cited(view: str) -> list[str]:
    """The laws a view's branches apply (a question's own law, a state of the board, is named in its
    box: a law family's sheet quotes the laws its branches rule by)."""
    return list(dict.fromkeys(r.law for branches in _questions(view).values() for r in branches))


def sheet_html(view: str, lang: str = "fr") -> str:
    """The sheet of one law family, as an HTML page printed on A4 landscape."""
    title = TITLES[view][0 if lang == "fr" else 1]
    n = 0 if lang == "fr" else 1
    tree = "".join(question_html(source, branches, lang) for source, branches in _questions(view).items())
    return f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{escape(title)}</title><style>
@page {{ size: A4 landscape; margin: 8mm; }}
body {{ font-family: {FONT}, "Liberation Sans", Arial, sans-serif; font-size: {FONTSIZE}pt; line-height: 1.15;
  margin: 0; overflow-wrap: anywhere; }}
h1 {{ font-size: {TITLE_FONTSIZE}pt; margin: 0 0 3pt 0; }}
h2 {{ font-size: 11pt; margin: 5pt 0 3pt 0; border-bottom: 1px solid #999; break-after: avoid; }}
small {{ font-size: {FONTSIZE}pt; color: #333; }}
.red {{ color: #c00000; }}
.tree, .laws {{ column-count: 3; column-gap: 5mm; }}
.q {{ break-inside: avoid; margin: 0 0 4pt 0; }}
.q > div {{ border: 1px solid #557; border-radius: 4pt; padding: 1pt 4pt; font-weight: bold; }}
.q > .ask {{ background: #e8f1fb; }}
.q > .wait {{ background: #fff4d6; }}
.q ul {{ list-style: none; margin: 0 0 0 7pt; padding: 0; border-left: 1px solid #777; }}
.q li {{ position: relative; padding: 1pt 0 0 10pt; }}
.q li::before {{ content: ""; position: absolute; left: 0; top: 0.75em; width: 7pt; border-top: 1px solid #777; }}
.law {{ margin: 0 0 4pt 0; }}
.law p {{ margin: 0; }}
.law .head {{ break-after: avoid; }}
.law .words {{ white-space: pre-line; }}
</style></head><body><h1>{escape(title)}</h1>
<h2>{HEADINGS["tree"][n]}</h2><div class="tree">{tree}</div>
<h2>{HEADINGS["laws"][n]}</h2><div class="laws">{_words(cited(view), lang)}</div></body></html>
"""


def browser() -> str | None:
    return next((found for name in BROWSERS if (found := shutil.which(name))), None)


def print_pdf(page: Path, pdf: Path, profile: str | Path) -> Path:
    """One HTML file printed to PDF by headless Chromium, as its own ``@page`` rule says."""
    exe = browser()
    if exe is None:
        raise BrowserMissing("chromium")
    subprocess.run(
        [exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
         f"--user-data-dir={profile}", f"--print-to-pdf={pdf}", page.resolve().as_uri()],
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    return pdf


def pages(pdf: bytes) -> int:
    """The pages of a PDF Chromium printed: its page objects (no PDF library needed)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def write_pdf(out: str | Path, lang: str = "fr", views: list[str] | None = None) -> list[Path]:
    """One PDF per law family, ``<out>/<view>.pdf``; raises BrowserMissing without Chromium."""
    if browser() is None:
        raise BrowserMissing("chromium")
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        for view in views or list(VIEWS):
            page = Path(tmp) / f"{view}.html"
            page.write_text(sheet_html(view, lang), encoding="utf-8")
            written.append(print_pdf(page, (folder / f"{view}.pdf").resolve(), f"{tmp}/profile"))
    return written
