"""The printed handout of a teaching page: what the page prints on one A4 sheet (its print
stylesheet, ``pages_assets/print.css``, shows this block and hides the stepper).

The page shows one stage at a time, each with the words of the laws it applied: printed one after
the other, the same law would be quoted at every stage that applies it, and a paragraph again
inside its enclosing one. The handout lists each stage's event with the laws it applied, then the
words of those laws once each (:func:`quoted_once`), the FFB's between « », our summaries marked
« résumé »: only the paragraph applied (27B1(a), not the whole of 27B when both are applied), and
the laws every board applies (:data:`ROUTINE`: calls in rotation, reviews and explanations, the end
of the auction, the opening lead) by their number only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from typing import Any

from fsm.laws import lawtext
from fsm.laws.lawtext import LAW, SUMMARY, cite, words
from fsm.teach.teaching import Stage

HEADINGS = {"events": ("La donne, étape par étape", "The board, stage by stage"),
            "laws": ("Les lois appliquées", "The laws applied")}  # fmt: skip
# the laws every board applies, listed by their number only: calls in rotation (17C), reviews and
# explanations (20), the end of the auction (22A), the opening lead face down then faced (41A, 41C)
ROUTINE = ("17C", "20", "22A", "41A", "41C")
ROUTINE_WORDS = {"fr": "Appliquées à chaque donne, citées sans leur texte :",
                 "en": "Applied on every board, cited without their words:"}  # fmt: skip


def _red(text: str) -> str:
    return re.sub("([♥♦])", r'<span class="red">\1</span>', escape(text))


def _both(fr: str, en: str) -> str:
    """Markup in French and in English, one shown at a time (as the page shows every text)."""
    return f'<span lang="fr">{fr}</span><span lang="en">{en}</span>'


def _owed(snapshot: dict[str, Any] | None) -> set[str]:
    """The laws of the obligations a snapshot shows."""
    return {o["law"] for o in (snapshot or {}).get("obligations") or ()}


def _laws(stage: Stage, before: dict[str, Any] | None = None) -> list[str]:
    """The laws a stage applied, each step's with the paragraphs its rule cites; but an obligation
    fulfilled (``call_stands``: a pass, a repeated call) cites every law that makes one, and of those
    only the law of the obligation the board showed before the stage is this board's."""
    owed = _owed(before)
    return list(
        dict.fromkeys(
            law
            for step in stage.steps
            for law in step.laws
            if law == step.law or step.event != "call_stands" or law in owed
        )
    )


def _law(key: str, refs: list[str], lang: str, titled: bool = True) -> str:
    """A paragraph quoted: its citation (with the law's title unless the paragraph before it is of
    the same law), the other applied references it answers for, its words."""
    said, ours = words(key, lang) or (None, False)
    named = cite(key, lang) if titled else f"{LAW[lang]} {key}"
    head = f"{named} ({SUMMARY[lang]})" if ours else named
    others = [r for r in refs if r != key]
    also = f" <small>({escape(', '.join(others))})</small>" if others else ""
    body = "" if not said else f"<div class='lawtext'>{_red(said) if ours else '« ' + _red(said) + ' »'}</div>"
    return f"<li><b>{escape(head)}</b>{also}{body}</li>"


def _number(ref: str) -> tuple[int, str]:
    m = re.match(r"\d+", ref)
    return (int(m.group()) if m else 0, ref)


def routine(ref: str) -> bool:
    """A law every board applies (:data:`ROUTINE`), or a paragraph of one: 20F1, 41C."""
    return any(r in ROUTINE for r in (ref, *lawtext.enclosing(ref)))


def _cited_only(ref: str, taught: Sequence[str]) -> bool:
    """A routine law is cited by number only, unless the scenario is about it (a page on Law 20
    quotes Law 20)."""
    return routine(ref) and not any(ref.startswith(t) or t.startswith(ref) for t in taught)


def quoted_once(
    laws: list[str], lang: str, taught: Sequence[str] = ()
) -> tuple[list[tuple[str, list[str]]], list[str]]:
    """The paragraphs the handout quotes, each once, in the Code's order, with the applied
    references each answers for; then the routine references, cited by number only. Only the
    paragraph applied is quoted: a paragraph that encloses another applied one (27B beside
    27B1(a), 31 beside 31B) is not quoted, its applied paragraphs are; two references that fall
    back to the same words (54D1 and 54D), or paragraphs of the same words, are one."""
    applied = sorted(dict.fromkeys(laws), key=_number)
    keys: dict[str, list[str]] = {}
    for ref in applied:
        if not _cited_only(ref, taught):
            keys.setdefault(lawtext.quoted(ref, lang) or ref, []).append(ref)
    inner = {outer for key in keys for outer in lawtext.enclosing(key)}
    out: dict[str, list[str]] = {}
    same: dict[str, str] = {}  # paragraphs of the same words are one (30B1(b)(ii), 31A2(b), 32A2(b))
    for key, refs in sorted(keys.items(), key=lambda kv: _number(kv[0])):
        if key not in inner:
            said = (words(key, lang) or (key, False))[0]
            out.setdefault(same.setdefault(said, key), []).extend(refs)
    return list(out.items()), [ref for ref in applied if _cited_only(ref, taught)]


def _quoted(applied: list[str], lang: str, taught: Sequence[str]) -> str:
    out, numbers = quoted_once(applied, lang, taught)
    laws = [_number(key)[0] for key, _ in out]
    items = "".join(_law(key, refs, lang, i == 0 or laws[i - 1] != laws[i]) for i, (key, refs) in enumerate(out))
    if numbers:
        items += f"<li class='routine'>{escape(ROUTINE_WORDS[lang])} {escape(', '.join(numbers))}</li>"
    return items


def handout(stages: Sequence[tuple[Stage, Stage]], taught: Sequence[str] = ()) -> str:
    """The block the page prints: each stage's event and laws, then the laws' words, once each
    (``taught``: the laws the scenario is about, quoted even when every board applies them);
    hidden on the screen."""
    befores = [None, *(fr.snapshot for fr, _ in stages[:-1])]
    each = [_laws(fr, before) for (fr, _), before in zip(stages, befores, strict=True)]
    events = "".join(
        f"<li value='{fr.number}'>"
        + _both(
            _red(fr.text) + (f" <small>({LAW['fr']} {escape(', '.join(laws))})</small>" if laws else ""),
            _red(en.text) + (f" <small>({LAW['en']} {escape(', '.join(laws))})</small>" if laws else ""),
        )
        + "</li>"
        for (fr, en), laws in zip(stages, each, strict=True)
    )
    applied = [law for laws in each for law in laws]
    laws = _both(*(_quoted(applied, lang, taught) for lang in ("fr", "en")))
    return (
        "<div class='handout' hidden>"
        f"<h2>{_both(*HEADINGS['events'])}</h2><ol class='events'>{events}</ol>"
        f"<h2>{_both(*HEADINGS['laws'])}</h2><ul class='laws-once'>{laws}</ul></div>"
    )
