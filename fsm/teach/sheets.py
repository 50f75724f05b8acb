"""Printable A4 sheets: one PDF per law family, each question of its decision tree drawn with its
branches and, beside it, the FFB's words of the laws those branches apply (:mod:`fsm.laws.lawtext`), or
our summary of a law outside 17 to 39, marked as one.

The page is A4 landscape (842 × 595 pt), text 12 pt or more: each question is drawn at its natural
size (a branch says its law, its event and where the board goes; its conditions are the law's
words beside it). The page is laid out in HTML and printed to PDF by Chromium, which breaks the
pages between questions.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from html import escape
from pathlib import Path

import graphviz

from fsm.laws.lawtext import LAW, SUMMARY, cite, words
from fsm.laws.spec import Rule
from fsm.model.diagrams import TITLES, VIEWS, _leaf, event_words, view_rules
from fsm.model.labels import FONT, FONTSIZE, TITLE_FONTSIZE, html, line
from fsm.model.machine import states

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
TREE_WIDTH = 520  # points: the drawing's column; the law's words take the rest of the page
MISSING = {"fr": "(texte non repris ici)", "en": "(text not included)"}
QUESTION_WIDTH, BRANCH_WIDTH = 30, 36


class BrowserMissing(RuntimeError):
    """No Chromium to print the sheets with."""


def _questions(view: str) -> dict[str, list[Rule]]:
    """The view's rules by the state they leave from, in the order the law module declares them."""
    out: dict[str, list[Rule]] = {}
    for rule in view_rules(view):
        out.setdefault(rule.source, []).append(rule)
    return out


def question_tree(source: str, branches: list[Rule], lang: str) -> graphviz.Digraph:
    """One question and its branches: law, event and where the board goes, 12 pt."""
    spec = states()[source]
    dot = graphviz.Digraph("sheet", graph_attr={"rankdir": "LR", "nodesep": "0.08", "ranksep": "0.3",
                                                "fontname": FONT, "margin": "0"},
                           node_attr={"fontname": FONT, "fontsize": str(FONTSIZE), "shape": "box",
                                      "style": "rounded,filled", "fillcolor": "#e6f4e6"},
                           edge_attr={"color": "#777777"})  # fmt: skip
    fill = "#fff4d6" if spec.waiting else "#e8f1fb"
    dot.node("q", html(f"{getattr(spec, lang)} ({LAW[lang]} {spec.law})", width=QUESTION_WIDTH, bold_first=True),
             fillcolor=fill)  # fmt: skip
    for n, rule in enumerate(branches):
        target = _leaf(rule.target) if rule.dest else rule.source
        said = html(rule.law, f"{event_words(rule.event, lang)} → {getattr(states()[target], lang)}",
                    width=BRANCH_WIDTH, bold_first=True)  # fmt: skip
        dot.node(f"b{n}", said, shape="note")
        dot.edge("q", f"b{n}")
    return dot


def _words(laws: list[str], lang: str) -> str:
    parts = []
    for ref in laws:
        said, ours = words(ref, lang) or (None, False)
        head = f"{cite(ref, lang)} ({SUMMARY[lang]})" if ours else cite(ref)  # our words: never taken for the FFB's
        parts.append(f"<p><b>{escape(head)}</b><br>{escape(said) if said else MISSING[lang]}</p>")
    return "".join(parts)


def sheet_html(view: str, lang: str = "fr") -> str:
    """The sheet of one law family, as an HTML page printed on A4 landscape."""
    title = TITLES[view][0 if lang == "fr" else 1]
    rows = []
    for source, branches in _questions(view).items():
        svg = question_tree(source, branches, lang).pipe(format="svg", encoding="utf-8")
        svg = svg[svg.index("<svg") :]
        laws = list(dict.fromkeys(r.law for r in branches))
        rows.append(f'<tr><td class="tree">{svg}</td><td class="law">{_words(laws, lang)}</td></tr>')
    return f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{escape(title)}</title><style>
@page {{ size: A4 landscape; margin: 12mm; }}
body {{ font-family: {FONT}, Arial, sans-serif; font-size: {FONTSIZE}pt; margin: 0; }}
h1 {{ font-size: {TITLE_FONTSIZE}pt; margin: 0 0 6pt 0; }}
table {{ border-collapse: collapse; width: 100%; }}
tr {{ break-inside: avoid; border-top: 1px solid #999; }}
td {{ vertical-align: top; padding: 4pt; }}
td.tree {{ width: {TREE_WIDTH}pt; }}
td.law p {{ margin: 0 0 4pt 0; }}
</style></head><body><h1>{line(title)}</h1><table>{"".join(rows)}</table></body></html>
"""


def browser() -> str | None:
    return next((found for name in BROWSERS if (found := shutil.which(name))), None)


def write_pdf(out: str | Path, lang: str = "fr", views: list[str] | None = None) -> list[Path]:
    """One PDF per law family, ``<out>/<view>.pdf``; raises BrowserMissing without Chromium."""
    exe = browser()
    if exe is None:
        raise BrowserMissing("chromium")
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        for view in views or list(VIEWS):
            page = Path(tmp) / f"{view}.html"
            page.write_text(sheet_html(view, lang), encoding="utf-8")
            pdf = (folder / f"{view}.pdf").resolve()
            subprocess.run(
                [exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                 f"--user-data-dir={tmp}/profile", f"--print-to-pdf={pdf}", page.as_uri()],
                check=True, capture_output=True, timeout=120,
            )  # fmt: skip
            written.append(pdf)
    return written
