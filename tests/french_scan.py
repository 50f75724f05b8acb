"""A scanner for French text the package shows: ``problems(text) -> list[str]``.

It finds what a French reader should never meet in a sentence: an API identifier (an event,
guard, action, holder or state name, an argument name such as ``comparable``), ``True``/
``False``/``None``, an English call (``Pass``, ``1NT``, ``4H``, ``Double``), a PBN card (``DK``),
an English word (the, and, bid, lead, Director, declarer, dummy…), « le Directeur » (the FFB
says « l'arbitre »), and a law cited twice in a row (``Loi 36 (36)``).

It also finds what reads as broken French, each kind a teacher met once (:func:`sentence_problems`):
a holder and a colon followed by « ou si » or « ou » (an option cut from the one before it), a
sentence that starts with a bare verb and so has no subject (« Appelle l'arbitre »), two « : » in
one sentence, « ; » or « : » without a space on each side (French puts one before and one after;
the package writes an ordinary space, as everywhere else), « Ailleurs, d'ici », parentheses that do
not balance, and « refuse l'enchère » where the 2017 Laws say the left-hand opponent « n'accepte
pas ».

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
# A sentence opened by an option cut from the one before: « Nord : ou si… », « … : ou interdire ».
_OR_AFTER_COLON = re.compile(r"(?:^|:\s*)[Oo]u\b(?! bien)")
# Verbs an option, a choice or an event is made of, as they stand with no subject: the third person
# (« Appelle l'arbitre », « Accepte le changement ») and the infinitive and imperative forms. « Passe »
# is the call (« Passe hors tour », « Passe Passe 4♥ »): it is a verb only when what follows makes it
# one (« Passe à son tour », « Passe jusqu'à la fin »). Nouns spelt as a verb are left out for the same
# reason: « Entame face cachée posée », « Demande d'explication », « Juge », « Statue », « Sort ».
BARE_VERBS = frozenset(
    """
    appelle appeler appelez accepte accepter acceptez refuse refuser refusez remplace remplacer remplacez
    reprend reprendre reprenez déclare déclarer déclarez entamer entamez étale étaler étalez
    exige exiger exigez interdit interdire interdisez laisse laisser laissez désigne désigner désignez
    demander demandez retourne retourner retournez change changer changez sortir sortez
    juger jugez statuer statuez annule annuler annulez rectifie rectifier rectifiez
    peut doit passer passez
    """.split()  # noqa: SIM905 - a list of words reads better as words
)
_BARE_PASSE = re.compile(r"^Passe (?:à son|à leur|jusqu|son tour|en)\b")
_FIRST_WORD = re.compile(r"^(?:N'|n'|L'|l')?([A-Za-zÀ-ÿ]+)")
_GLUED = re.compile(r"[;:](?=[^\s/\d)»\]])|(?<=[\w»)\]])[;:?!](?=\s|$)")
_AILLEURS = re.compile(r"\bAilleurs, d'ici\b")
_REFUSE = re.compile(
    r"\brefusen?t?\b(?= (?:l'|l’|la |le |les |sa |son |cette |ce )\S*(?:enchère|déclaration|changement|contre|surcontre|passe|Passe|Contre|Surcontre|entame))"
)
# Where one sentence ends and the next begins: a full stop (not the FFB's « Adv. G »), a line, a list item (html_text puts each block on its own line; a diagram marks its
# items with « • »), a dash between the fields of a heading (« Donneur : Nord — Vulnérabilité : … »).
_SENTENCE_END = re.compile(r"(?<!Adv\.)(?<=[.!?])\s+(?=[A-ZÀ-Ý«0-9])|\n+|\s*•\s*| — ")
_NUMBERED = re.compile(r"^\d+\.\s*")
# A quotation (of the Laws, mostly) is its own sentence: its colons are not the sentence's, and the
# colon that introduces it is the one French uses for a quotation.
_QUOTATION = re.compile(r"[ \t]*:?[ \t]*«[^«»]*»")
_PARENTHESIS = re.compile(r"[ \t]*\([^()]*\)")

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
    found += sentence_problems(prose)
    api = api_names()
    for m in _WORD.finditer(prose):
        word = m.group(0)
        if word in api and (word not in FRENCH_TOO or _identifier_at(prose, m.start(), m.end())):
            found.append(f"nom d'API : « {word} » dans « {_around(prose, m.start(), m.end())} »")
        elif word.lower() in ENGLISH_WORDS:
            found.append(f"mot anglais : « {word} » dans « {_around(prose, m.start(), m.end())} »")
    return list(dict.fromkeys(found))


def sentences(text: str) -> list[str]:
    """The sentences of a text, each without its number (« 3. Nord déclare » is a stage's)."""
    return [_NUMBERED.sub("", part.strip()) for part in _SENTENCE_END.split(text) if part.strip()]


def sentence_problems(text: str) -> list[str]:
    """What reads as broken French in ``text``, sentence by sentence."""
    found: list[str] = []

    def add(what: str, where: str) -> None:
        found.append(f"{what} : « {where[:120]} »")

    for pattern, what in (
        (_GLUED, "« ; » ou « : » sans espace de part et d'autre"),
        (_AILLEURS, "« Ailleurs, d'ici »"),
        (_REFUSE, "« refuse » : l'adversaire de gauche « n'accepte pas »"),
    ):
        for m in pattern.finditer(text):
            add(what, _around(text, m.start(), m.end()))
    if not _balanced(text):
        add("parenthèses déséquilibrées", text)
    for sentence in sentences(_unquoted(text)):  # a quotation's sentences are its own, as are its colons
        if sentence.count(" : ") >= 2:
            add("deux « : » dans une phrase", sentence)
    for sentence in sentences(text):
        if _OR_AFTER_COLON.search(sentence):
            add("option coupée de la précédente (« ou » après un titulaire)", sentence)
        first = _FIRST_WORD.match(sentence)
        if first and sentence[:1].isupper() and (first.group(1).lower() in BARE_VERBS or _BARE_PASSE.match(sentence)):
            add("phrase sans sujet (verbe nu)", sentence)
    return found


def _unquoted(sentence: str) -> str:
    """The sentence with its quotations (nested ones too) and the colons that introduce them left out,
    and its parentheses too: « (24A : pas d'autre rectification) » is an aside of its own."""
    while True:
        shorter = _PARENTHESIS.sub(" ‹…›", _QUOTATION.sub(" ‹…›", sentence))
        if shorter == sentence:
            return sentence
        sentence = shorter


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


def _around(text: str, start: int, end: int, width: int = 40) -> str:
    return text[max(0, start - width) : end + width].replace("\n", " ")


# Elements that start a line: their text is one sentence apart from the next element's (``g``: a
# drawing's node or edge, whose <text> lines wrap one text).
_BLOCKS = frozenset(
    [
        "p",
        "div",
        "li",
        "ul",
        "ol",
        "tr",
        "td",
        "th",
        "table",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "section",
        "header",
        "main",
        "button",
        "title",
        "label",
        "g",
    ]
)


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self.skip += 1
        self.parts.append("\n" if tag in _BLOCKS else " ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self.skip -= 1
        self.parts.append("\n" if tag in _BLOCKS else " ")

    def handle_data(self, data: str) -> None:
        if not self.skip:  # a line break in the source is a space to the reader; blocks make the lines
            self.parts.append(data.replace("\n", " "))


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
            # a line break in a label wraps one text: its lines are read as one sentence
            raw = raw[1:-1].replace('\\"', '"').replace("\\n", " ").replace("\\l", " ").replace("\\r", " ")
        elif raw.startswith("<"):
            raw = html_text(raw[1:-1])
        labels.append(raw)
    return labels
