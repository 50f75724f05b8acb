"""The printed handout of a teaching page: what the page prints on one A4 sheet (its print
stylesheet, ``pages_assets/print.css``, shows this block and hides the stepper).

The page shows one stage at a time, each with the words of the laws it applied: printed one after
the other, the same law would be quoted at every stage that applies it, and a paragraph again
inside its enclosing one. The handout lists each stage's event with the laws it applied, then the
words of those laws once each (:func:`fsm.teach.sheets.printed`: 25A1 is read in 25A's words when
both are applied), the FFB's between « », our summaries marked « résumé ».
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

from fsm.laws.lawtext import LAW, SUMMARY, cite, words
from fsm.teach.sheets import printed
from fsm.teach.teaching import Stage

HEADINGS = {"events": ("La donne, étape par étape", "The board, stage by stage"),
            "laws": ("Les lois appliquées", "The laws applied")}  # fmt: skip


def _red(text: str) -> str:
    return re.sub("([♥♦])", r'<span class="red">\1</span>', escape(text))


def _both(fr: str, en: str) -> str:
    """Markup in French and in English, one shown at a time (as the page shows every text)."""
    return f'<span lang="fr">{fr}</span><span lang="en">{en}</span>'


def _laws(stage: Stage) -> list[str]:
    return list(dict.fromkeys(law for step in stage.steps for law in step.laws))


def _law(key: str, refs: list[str], lang: str) -> str:
    said, ours = words(key, lang) or (None, False)
    head = f"{cite(key, lang)} ({SUMMARY[lang]})" if ours else cite(key, lang)
    others = [r for r in refs if r != key]
    also = f" <small>({escape(', '.join(others))})</small>" if others else ""
    body = "" if not said else f"<div class='lawtext'>{_red(said) if ours else '« ' + _red(said) + ' »'}</div>"
    return f"<li><b>{escape(head)}</b>{also}{body}</li>"


def handout(stages: Sequence[tuple[Stage, Stage]]) -> str:
    """The block the page prints: each stage's event and laws, then the laws' words, once each;
    hidden on the screen."""
    events = "".join(
        f"<li value='{fr.number}'>"
        + _both(
            _red(fr.text) + (f" <small>({LAW['fr']} {escape(', '.join(_laws(fr)))})</small>" if _laws(fr) else ""),
            _red(en.text) + (f" <small>({LAW['en']} {escape(', '.join(_laws(en)))})</small>" if _laws(en) else ""),
        )
        + "</li>"
        for fr, en in stages
    )
    applied = [law for fr, _ in stages for law in _laws(fr)]
    laws = _both(*("".join(_law(key, refs, lang) for key, refs in printed(applied, lang)) for lang in ("fr", "en")))
    return (
        "<div class='handout' hidden>"
        f"<h2>{_both(*HEADINGS['events'])}</h2><ol class='events'>{events}</ol>"
        f"<h2>{_both(*HEADINGS['laws'])}</h2><ul class='laws-once'>{laws}</ul></div>"
    )
