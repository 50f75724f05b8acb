"""The words of the Laws: the FFB's French text of the 2017 Laws 17 to 39, the laws of the
auction, so that a diagram, a printed sheet or a quiz can quote the law it cites.

A reference is read as law, section letter, paragraph number, then lettered and roman
sub-paragraphs: ``27``, ``27B``, ``27B1``, ``27B1(a)``, ``30B1(b)(i)``. The text is loaded on
first use, once: ``import fsm`` does not read it. Laws the model cites outside 17 to 39 (16C,
41, 50, 54, 72C…) are not in the text: :func:`text` and :func:`title` answer ``None`` for them.
For those, :func:`summary` gives a summary in our own words, French or English
(``summaries.yaml``): not the FFB's text, and every face that shows one marks it so
(:data:`SUMMARY`). :func:`words` answers either, saying which.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

__all__ = [
    "LAW",
    "SUMMARY",
    "text",
    "title",
    "cite",
    "summary",
    "words",
    "quoted",
    "enclosing",
    "paragraphs",
    "heading",
]

LAW = {"fr": "Loi", "en": "Law"}  # the word before a law's number, « Loi 27B1 »: every module writes it from here
# the mark beside a summary, so that no reader takes our words for the law's: every face writes it from here
SUMMARY = {"fr": "résumé", "en": "summary"}

_REF = re.compile(r"(\d{1,2})([A-Z]?)(\d?)((?:\([a-z]+\))*)")
_PART = re.compile(r"\([a-z]+\)")


def _load(name: str) -> dict[str, dict[str, Any]]:
    from importlib.resources import files  # both slow to import: only when a law's words are first asked for

    from fsm.bridge import yamltext

    source = files("fsm.laws").joinpath(name).read_text(encoding="utf-8")
    return {str(k): v or {} for k, v in yamltext.load(source).items()}


@cache
def _code() -> dict[str, dict[str, Any]]:
    return _load("code2017.yaml")


@cache
def _summaries() -> dict[str, dict[str, Any]]:
    return _load("summaries.yaml")


@cache
def _chain(ref: str) -> tuple[str, ...]:
    """The reference and the ones enclosing it, most specific first: 27B1(a), 27B1, 27B, 27."""
    m = _REF.fullmatch(ref.strip())
    if m is None:
        return ()
    law, letter, number, subs = m.groups()
    if number and not letter or subs and not number:
        return ()
    parts = [law, letter, number, *_PART.findall(subs)]
    return tuple("".join(parts[:i]) for i in range(len(parts), 0, -1) if parts[i - 1])


def _children(ref: str) -> list[str]:
    return [k for k in _code() if k != ref and _chain(k)[1:2] == (ref,)]


def _label(ref: str) -> str:
    """How the FFB numbers a paragraph within its parent: ``B.``, ``1.``, ``(a)``."""
    tail = ref[len(_chain(ref)[1]) :]
    return tail if tail.startswith("(") else f"{tail}."


def _words(ref: str) -> str:
    entry = _code()[ref]
    lines = [entry["text"]] if "text" in entry else []
    for child in _children(ref):
        head = " ".join(filter(None, (_label(child), _code()[child].get("title"))))
        body = _words(child)
        if "title" in _code()[child] or not body:
            lines += [head, body] if body else [head]
        else:
            lines.append(f"{head} {body}")
    return "\n".join(lines)


def _found(ref: str) -> str | None:
    return next((r for r in _chain(ref) if r in _code()), None)


@cache
def text(ref: str) -> str | None:
    """The FFB words of ``ref``, with its sub-paragraphs; a paragraph the text does not have
    falls back to the one enclosing it (27B5 → 27B). ``None`` outside Laws 17 to 39."""
    found = _found(ref)
    return None if found is None else _words(found) or None


def title(ref: str) -> str | None:
    """The FFB title of the section ``ref`` belongs to (25B → « Déclaration intentionnelle »),
    else of its law (22A → « Fin des annonces »). ``None`` outside Laws 17 to 39."""
    found = _found(ref)
    if found is None:
        return None
    return next((_code()[r]["title"] for r in _chain(found) if "title" in _code().get(r, {})), None)


@cache
def summary(ref: str, lang: str = "fr") -> str | None:
    """Our summary of ``ref`` in ``lang`` (``"fr"`` or ``"en"``), for a law outside 17 to 39; a
    paragraph without one falls back to the one enclosing it (54D1 → 54D → 54). ``None`` for
    Laws 17 to 39 (the FFB's words stand there) and for a reference no summary covers."""
    if _found(ref) is not None:
        return None
    entries = _summaries()
    return next((entries[r][lang] for r in _chain(ref) if lang in entries.get(r, {})), None)


def words(ref: str, lang: str = "fr") -> tuple[str, bool] | None:
    """What a face shows of ``ref``, and whether it is our summary: the FFB's French words for
    Laws 17 to 39 (in either language, the only text of them the package holds), else the
    summary in ``lang``. ``None`` when the package has neither."""
    said = text(ref)
    if said is not None:
        return said, False
    ours = summary(ref, lang)
    return None if ours is None else (ours, True)


def quoted(ref: str, lang: str = "fr") -> str | None:
    """The paragraph whose words :func:`words` shows for ``ref``: itself, or the one enclosing it
    it falls back to (27B5 → 27B, 54D1 → 54D). ``None`` when the package has neither."""
    found = _found(ref)
    if found is not None:
        return found
    return next((r for r in _chain(ref) if lang in _summaries().get(r, {})), None)


def enclosing(ref: str) -> tuple[str, ...]:
    """The paragraphs enclosing ``ref``, nearest first: 27B1(a) → 27B1, 27B, 27."""
    return _chain(ref)[1:]


def paragraphs() -> tuple[str, ...]:
    """Every reference the FFB text of Laws 17 to 39 has, in its order: 17, 17A, ..., 39C."""
    return tuple(_code())


def heading(ref: str) -> str | None:
    """The FFB's title of ``ref`` itself (29C → « Déclaration hors tour artificielle »), ``None`` when it
    has none of its own (17D1) or is not in the text."""
    return _code().get(ref, {}).get("title")


def cite(ref: str, lang: str = "fr") -> str:
    """A one-line citation with the law's title: « Loi 27B1(a) — Enchère insuffisante ». The FFB's
    title for Laws 17 to 39 (in English, the Laws' English title: "Law 27B1(a) — Insufficient Bid"), ours beside the summaries
    (« Loi 54D — Entame hors tour face visible », "Law 54D — Faced Opening Lead Out of Turn")."""
    chain = _chain(ref)
    law_title = None
    if chain and chain[-1] in _code() and lang == "fr":
        law_title = _code()[chain[-1]].get("title")
    elif chain:
        law_title = _summaries().get(chain[-1], {}).get("title", {}).get(lang)
    law = f"{LAW[lang]} {ref.strip()}"
    return f"{law} — {law_title}" if law_title else law
