"""A scanner for French text the package shows: ``problems(text) -> list[str]``.

It finds what a French reader should never meet in a sentence: an API identifier (an event,
guard, action, holder or state name, an argument name such as ``comparable``), ``True``/
``False``/``None``, an English call (``Pass``, ``1NT``, ``4H``, ``Double``), a PBN card (``DK``),
an English word (the, and, bid, lead, Director, declarer, dummy…), « le Directeur » (the FFB
says « l'arbitre »), and a law cited twice in a row (``Loi 36 (36)``).

Two choices keep it from crying wolf:

- Some API names are also French words: the event ``refuse`` is the verb « refuse », ``expose``
  is « expose », the state ``clarification`` is « clarification ». Those are reported only
  where an identifier sits: joined to another word by ``_`` or ``.``, followed by ``=`` or ``(``,
  followed by a colon with no space (French puts a space before « : »), or between backticks.
  Every other API name is reported wherever it stands as a word.
- A single token between French quotes, « comme_ceci », is a quotation of what the user typed
  (an error naming the argument it could not read): it is not prose, and is left out.

``problems`` is written for any text; the integrator can feed it HTML pages (pass them through
:func:`html_text`) and notebook cells as well.
"""

from __future__ import annotations

import html
import re
from functools import cache
from html.parser import HTMLParser

# Words a French sentence of ours never needs, checked case-insensitively as whole words. Words
# that are French as well are left out: « a », « on », « as », « or », « an », « table »,
# « options », « rotation », « final », « face », « second », « replace », « change », « double »
# (« en double »; the call Double is caught with the English calls).
ENGLISH_WORDS = frozenset(
    """
    the and of with by for to is are be not may must when after before until his her its their
    who which what this that these those in at out from into no yes none
    bid bids bidding call calls called calling lead leads led leader lead's play played player players
    partner opponent offender director directors declarer dummy auction board state states turn
    card cards suit suits hand hands pass passes passed doubled redouble redoubled
    insufficient penalty accept accepts accepted refuses refused judge judges judged judgement
    review explanation withdraw withdraws withdrawn substitute substitutes contract pending
    waiting unintended intended law laws north east south west notrump
    """.split()  # noqa: SIM905 - a list of words reads better as words
)

# API names that are French words too: reported only where an identifier sits (see above).
FRENCH_TOO = frozenset({"refuse", "expose", "clarification", "second", "comparable", "table", "options", "final"})

_BOOLEANS = re.compile(r"\b(?:True|False|true|false|None|null)\b")
_CALLS = re.compile(r"\b(?:Pass|PASS|Double|Redouble|Dbl|Rdbl|NT|X|XX|AP)\b|\b[1-7](?:C|D|H|S|NT|N)X{0,2}\b")
_PBN_CARD = re.compile(r"\b[CDHS](?:[2-9TJQKA]|10)\b|[♠♥♦♣](?:K|Q|J|T)\b")
_SNAKE = re.compile(r"\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b")
_DOTTED = re.compile(r"\b[a-z]+(?:\.[a-z_]+)+\b")
_KEY_VALUE = re.compile(r"\b\w+=\S")
_DIRECTEUR = re.compile(r"\b[Dd]irecteur\b")
_TWICE = re.compile(r"\bLoi (\S+) \((?:Loi )?\1\)")
_WORD = re.compile(r"[A-Za-zÀ-ÿ_]+(?:'[A-Za-z]+)?")
_QUOTED_TOKEN = re.compile(r"«\s*[^\s«»]+\s*»")


@cache
def api_names() -> frozenset[str]:
    """Every identifier of the package's vocabulary: events, their arguments, registered guards,
    actions and holders, states (dotted and each part)."""
    from fsm.bridge.events import EVENTS, JUDGEMENTS
    from fsm.laws.spec import REGISTRY
    from fsm.model.machine import states

    names: set[str] = set(EVENTS) | set(JUDGEMENTS) | set(REGISTRY.by_name)
    names |= {a.name for spec in EVENTS.values() for a in spec.args}
    for state in states():
        names.add(state)
        names.update(state.split("."))
    return frozenset(names)


def _identifier_at(text: str, start: int, end: int) -> bool:
    """Whether the word at ``text[start:end]`` sits where an identifier would."""
    before = text[start - 1] if start > 0 else ""
    after = text[end : end + 2]
    # A full stop ends a French sentence; it makes an identifier only when a name follows it.
    dotted = after[:1] == "." and after[1:2].isalnum()
    return (before != "" and before in "_.`") or (after[:1] != "" and after[:1] in "_`=(:") or dotted


def problems(text: str) -> list[str]:
    """What a French reader should not meet in ``text``, one message per finding (empty: clean)."""
    found: list[str] = []
    prose = _QUOTED_TOKEN.sub("« … »", text)
    for pattern, what in (
        (_BOOLEANS, "booléen"),
        (_CALLS, "déclaration en anglais"),
        (_PBN_CARD, "carte en PBN ou en anglais"),
        (_SNAKE, "identifiant"),
        (_DOTTED, "nom d'état"),
        (_KEY_VALUE, "clé=valeur"),
        (_DIRECTEUR, "« Directeur » (la FFB dit « l'arbitre »)"),
        (_TWICE, "loi citée deux fois"),
    ):
        for m in pattern.finditer(prose):
            found.append(f"{what} : « {m.group(0)} » dans « {_around(prose, m.start(), m.end())} »")
    api = api_names()
    for m in _WORD.finditer(prose):
        word = m.group(0)
        if word in api and (word not in FRENCH_TOO or _identifier_at(prose, m.start(), m.end())):
            found.append(f"nom d'API : « {word} » dans « {_around(prose, m.start(), m.end())} »")
        elif word.lower() in ENGLISH_WORDS:
            found.append(f"mot anglais : « {word} » dans « {_around(prose, m.start(), m.end())} »")
    return list(dict.fromkeys(found))


def _around(text: str, start: int, end: int, width: int = 40) -> str:
    return text[max(0, start - width) : end + width].replace("\n", " ")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self.skip += 1
        self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self.skip -= 1
        self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


class _FrenchText(_Text):
    """Leaves out what a bilingual page shows only in English (an element with ``lang="en"``), and
    a scenario's id, a reference printed as code (``<code class="id">``), like a file name."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0  # open elements since the English one began, 0 outside it

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth or ("lang", "en") in attrs or ("class", "id") in attrs:
            self.depth += 1
            self.skip += self.depth == 1
        super().handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        super().handle_endtag(tag)
        if self.depth:
            self.depth -= 1
            self.skip -= self.depth == 0


def french_html_text(page: str) -> str:
    """The text a French reader sees in a bilingual HTML page: its English parts left out."""
    parser = _FrenchText()
    parser.feed(page)
    return html.unescape("".join(parser.parts))


def html_text(page: str) -> str:
    """The text a reader sees in an HTML fragment or page (no tags, no style, entities read)."""
    parser = _Text()
    parser.feed(page)
    return html.unescape("".join(parser.parts))


_DOT_LABEL = re.compile(r'\blabel=("(?:[^"\\]|\\.)*"|<(?:[^<>]|<[^<>]*>)*>|[^\s\]]+)')


def dot_labels(source: str) -> list[str]:
    """The label texts of a DOT source (what the drawing shows), escapes read."""
    labels = []
    for m in _DOT_LABEL.finditer(source):
        raw = m.group(1)
        if raw.startswith('"'):
            raw = raw[1:-1].replace('\\"', '"').replace("\\n", "\n").replace("\\l", "\n").replace("\\r", "\n")
        elif raw.startswith("<"):
            raw = html_text(raw[1:-1])
        labels.append(raw)
    return labels
