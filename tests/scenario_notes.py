"""What a scenario's notes must hold: the reasoning from the Laws that decides it.

Each corpus scenario has notes in French and English, and its French notes quote the Laws: at least one
passage in « » that is, word for word, in the FFB's 2017 text of Laws 17 to 39 (fsm/laws/code2017.yaml),
in a paragraph the notes name; or, for the laws outside 17 to 39, in our summary of a paragraph the notes
name (fsm/laws/summaries.yaml), with « résumé » just before the quote so that no reader takes our words for
the law's. A long quote may skip words with « … » or « […] »: each piece must be found, in order, in one
paragraph. ``python tests/scenario_notes.py [file…]`` lists the scenarios that fall short.
"""

from __future__ import annotations

import re
import sys
from functools import cache
from pathlib import Path

from fsm.bridge import yamltext
from fsm.model.scenario import Scenario, corpus_files, load

LAWS = Path(__file__).resolve().parents[1] / "fsm" / "laws"
_QUOTE = re.compile(r"«\s*(.*?)\s*»", re.S)
_CUT = re.compile(r"\s*(?:\[…\]|\[\.\.\.\]|…|\.\.\.)\s*")
_REF = re.compile(r"(?<![\w])(\d{1,2}[A-Z]?\d?(?:\([a-z]+\))*)")
_SUMMARY = re.compile(r"\brésumé\b", re.I)  # the word, not « présumé »
SUMMARY_MARK = 60  # how far before a quote of a summary the word « résumé » must be
MIN_WORDS = 4  # a quote shorter than this proves nothing (« Passe », « la Loi 16C »)


def _norm(text: str) -> str:
    text = text.replace("’", "'").replace("\u00a0", " ").replace("\u202f", " ")
    return re.sub(r"\s+", " ", text).strip().lower()


def _texts(name: str, field: str) -> dict[str, str]:
    data = yamltext.load((LAWS / name).read_text(encoding="utf-8"))
    out = {}
    for key, entry in data.items():
        if isinstance(entry, dict):
            value = entry.get(field)
            if isinstance(value, dict):  # a summary's title is a mapping; its words are `fr`
                continue
            if value:
                out[str(key)] = _norm(str(value))
    return out


@cache
def code() -> dict[str, str]:
    """The FFB's text of Laws 17-39, each paragraph normalised, by reference."""
    return _texts("code2017.yaml", "text")


@cache
def summaries() -> dict[str, str]:
    """Our French summaries of the laws outside 17-39, by reference."""
    return _texts("summaries.yaml", "fr")


def _found_in(quote: str, paragraph: str) -> bool:
    pieces = [p.strip(" .,;:") for p in _CUT.split(_norm(quote)) if p.strip(" .,;:")]
    at = 0
    for piece in pieces:
        at = paragraph.find(piece, at)
        if at < 0:
            return False
        at += len(piece)
    return bool(pieces)


def _named(ref: str, notes: str) -> bool:
    """Whether the notes name the paragraph or one enclosing it (27B1(a) is named by « 27B1 » or « 27B »)."""
    names = set(_REF.findall(notes))
    return any(ref == n or ref.startswith(n) and len(n) >= len(re.match(r"\d+", ref).group()) for n in names)


def quotes(s: Scenario) -> list[str]:
    """The paragraphs the French notes quote word for word and name, as « 27B1 » or « résumé 54D »."""
    notes = (s.notes or {}).get("fr", "")
    found = []
    for match in _QUOTE.finditer(notes):
        quote = match.group(1)
        if len(_norm(quote).split()) < MIN_WORDS:
            continue
        for ref, paragraph in code().items():
            if _named(ref, notes) and _found_in(quote, paragraph):
                found.append(ref)
        # our words are marked as such right where they are quoted: « résumé de la Loi 54D : « … » »
        if _SUMMARY.search(notes[max(0, match.start() - SUMMARY_MARK) : match.start()]):
            for ref, paragraph in summaries().items():
                if _named(ref, notes) and _found_in(quote, paragraph):
                    found.append(f"résumé {ref}")
    return found


def unmarked(s: Scenario) -> list[str]:
    """The quotes of our summaries with no « résumé » just before them: a reader would take them for the law's."""
    notes = (s.notes or {}).get("fr", "")
    out = []
    for match in _QUOTE.finditer(notes):
        quote = match.group(1)
        if len(_norm(quote).split()) < MIN_WORDS or any(_found_in(quote, p) for p in code().values()):
            continue
        ours = any(_found_in(quote, p) for p in summaries().values())
        if ours and not _SUMMARY.search(notes[max(0, match.start() - SUMMARY_MARK) : match.start()]):
            out.append(quote)
    return out


def shortfalls(paths: list[Path] | None = None) -> list[str]:
    """Each scenario whose notes are missing, untranslated or quote no law they name."""
    out = []
    for path in paths or corpus_files():
        for s in load(path):
            notes = s.notes or {}
            if set(notes) != {"fr", "en"} or not all(str(v).strip() for v in notes.values()):
                out.append(f"{path.name}::{s.id}: no notes in French and English")
            elif not quotes(s):
                out.append(f"{path.name}::{s.id}: the French notes quote no paragraph they name, word for word")
            elif unmarked(s):
                out.append(f"{path.name}::{s.id}: our summary quoted without « résumé » before it: {unmarked(s)[0]}")
    return out


if __name__ == "__main__":
    found = shortfalls([Path(p) for p in sys.argv[1:]] or None)
    print("\n".join(found))
    print(f"{len(found)} scenario(s) fall short")
    sys.exit(1 if found else 0)
