"""The quizzes as a club teacher reads them (issue 41, item 6): what can be checked mechanically.

- at most one « which seat » question (every choice a seat) at each stage of a board;
- never three or more choices that are one sentence said with another seat;
- no two questions of one quiz offering the same choices;
- no right choice told apart by a word (four letters or more, not a stop word) that every wrong
  choice lacks and that the prompt or the question holds;
- every wrong choice's reason says why on this board, never « c'est l'issue d'un autre cas »;
- a keyed answer speaks of a face-down card only on a board that has one;
- who is declarer is cited to the Definitions, not to Law 22A;
- the Law 27 and Law 54 quizzes ask about consequences (who is barred and until when, what declarer
  may forbid or require, what becomes of a card).

:func:`faults` is the checker; its own tests below feed it questions built to break each rule.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from fsm.teach.quiz import CONSEQUENCES, DEFINITIONS, FAMILIES, Choice, Question, bank

SEATS = {"fr": ("Nord", "Est", "Sud", "Ouest"), "en": ("North", "East", "South", "West")}
STOP = {
    "fr": set(
        [
            "avec",
            "dans",
            "elle",
            "elles",
            "est",
            "être",
            "leur",
            "leurs",
            "mais",
            "même",
            "pour",
            "sans",
            "sont",
            "cette",
            "ceci",
            "cela",
            "ces",
            "son",
            "sa",
            "ses",
            "qui",
            "que",
            "quoi",
            "dont",
            "tout",
            "toute",
            "tous",
            "toutes",
            "plus",
            "moins",
            "aussi",
            "alors",
            "encore",
            "donc",
            "comme",
            "entre",
            "avant",
            "après",
            "depuis",
            "jusqu",
            "fait",
            "faire",
            "peut",
            "doit",
            "reste",
        ]
    ),
    "en": set(
        [
            "with",
            "from",
            "that",
            "this",
            "these",
            "those",
            "their",
            "there",
            "then",
            "than",
            "into",
            "onto",
            "only",
            "also",
            "when",
            "what",
            "which",
            "whom",
            "whose",
            "will",
            "would",
            "shall",
            "must",
            "have",
            "been",
            "being",
            "does",
            "done",
            "each",
            "every",
            "more",
            "less",
            "still",
        ]
    ),
}
# Every prompt names the seats, the calls and, for a ruling, the Director: no tell in them.
SEAT_WORDS = {w.lower() for names in SEATS.values() for w in names} | set(
    [
        "déclaration",
        "déclarations",
        "enchère",
        "enchères",
        "passe",
        "passer",
        "contre",
        "surcontre",
        "arbitre",
        "call",
        "calls",
        "bid",
        "bids",
        "pass",
        "double",
        "redouble",
        "director",
    ]
)
_WORD = re.compile(r"[A-Za-zÀ-ÿœŒ]+(?:['’][A-Za-zÀ-ÿ]+)?")
_ELIDED = re.compile(r"^(?:[dlnsjmtc]|qu)['’]", re.I)
AUCTION = re.compile(r"^(?:Donneur|Dealer) ?: [^.]*\.(?: (?:Enchères|Calls) ?: [^.]*\.)?")
HIDDEN = re.compile(r"face[- ](?:cachée|down)", re.I)
OTHER_CASE = re.compile(r"issue d'un autre cas|follows another case", re.I)


def _words(text: str, lang: str) -> set[str]:
    out = set()
    for w in _WORD.findall(text):
        w = re.sub(r"['’]s$", "", _ELIDED.sub("", w)).lower()  # « d'Est », "East's": the word itself
        if len(w) >= 4 and w not in STOP[lang] and w not in SEAT_WORDS:
            out.add(w)
    return out


def _text(c: Choice, lang: str) -> str:
    return str(getattr(c, lang))


def _seat_free(text: str, lang: str) -> str:
    return re.sub(rf"\b(?:{'|'.join(SEATS[lang])})\b", "·", text).strip()


def faults(quiz: list[Question], lang: str) -> list[str]:
    """What a teacher would send back in one quiz, one line a fault (empty: none)."""
    found: list[str] = []
    seat_questions = Counter(
        (q.scenario, q.stage) for q in quiz if all(_text(c, lang) in SEATS[lang] for c in q.choices)
    )
    found += [f"{sid}@{stage}: {n} seat questions" for (sid, stage), n in seat_questions.items() if n > 1]
    offered: dict[frozenset[str], str] = {}
    for q in quiz:
        where = f"{q.scenario}@{q.stage} {q.law}"
        texts = [_text(c, lang) for c in q.choices]
        same = Counter(_seat_free(t, lang) for t in texts if _seat_free(t, lang) not in ("", "·"))
        found += [f"{where}: {n} choices differ only by a seat" for t, n in same.items() if n >= 3]
        key = frozenset(texts)
        if key in offered:
            found.append(f"{where}: same choices as {offered[key]}")
        offered.setdefault(key, where)
        right = q.choices[q.answer]
        others = set().union(*(_words(t, lang) for i, t in enumerate(texts) if i != q.answer))
        # the auction is in every prompt, its calls too: a tell is a word of what has just happened
        shown = _words(AUCTION.sub("", q.prompt[lang]) + " " + q.ask[lang], lang)
        tells = (_words(_text(right, lang), lang) - others) & shown
        found += [f"{where}: the right choice alone says « {w} », as the prompt does" for w in sorted(tells)]
        found += [f"{where}: « {c.why[lang]} »" for c in q.choices if OTHER_CASE.search(c.why.get(lang, ""))]
        if HIDDEN.search(_text(right, lang)) and not HIDDEN.search(q.prompt[lang]):
            found.append(f"{where}: the keyed answer speaks of a face-down card the board does not have")
        if q.topic == "declarer" and (q.citation(lang) != DEFINITIONS[lang] or "22A" in q.explanation[lang]):
            found.append(f"{where}: declarer cited to {q.citation(lang)}")
    return found


@pytest.fixture(scope="module")
def quizzes() -> dict[str, list[Question]]:
    out: dict[str, list[Question]] = {}
    for q in bank():
        out.setdefault(q.family, []).append(q)
    return out


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_quiz_passes_the_checker(quizzes, lang):
    assert set(FAMILIES) <= set(quizzes)
    assert {family: faults(quiz, lang) for family, quiz in quizzes.items() if faults(quiz, lang)} == {}


@pytest.mark.parametrize("family", ["27", "54"])
def test_the_law_27_and_54_quizzes_ask_about_consequences(quizzes, family):
    asked = {q.topic for q in quizzes[family] if q.topic in CONSEQUENCES}
    assert asked == {"27": {"obligation"}, "54": {"card"}}[family]


def test_the_54D_refusal_asks_what_becomes_of_the_card_and_what_declarer_may_require():
    from fsm.teach.quiz import questions

    qs = {q.topic: q for q in questions("54D-refused-declarer-requires-the-suit") if q.stage == 3}
    card, options = qs["card"], qs["options"]
    # 54D: a lead out of turn declarer does not accept is a major penalty card (♥K, an honour: 50B)
    assert card.ask["fr"] == "Que devient la carte ♥R d'Ouest ?"
    assert card.choices[card.answer].fr == "♥R devient une carte pénalisée majeure" and card.law == "54D"
    assert {c.fr for c in card.choices} == {
        "♥R devient une carte pénalisée majeure",
        "♥R devient une carte pénalisée mineure",
        "♥R retourne dans la main d'Ouest, sans être pénalisée",
    }
    # 50D2: East on lead, his partner West holding a major penalty card: require or forbid hearts
    assert options.law == "50D2"
    assert options.choices[options.answer].fr == (
        "Il peut exiger ou interdire l'entame à cœur (la carte est reprise), ou laisser ♥R pénalisée"
    )
    # then the card is picked up (50D2), once declarer requires hearts
    later = next(q for q in questions("54D-refused-declarer-requires-the-suit") if q.topic == "card" and q.stage == 4)
    assert later.choices[later.answer].fr == "♥R retourne dans la main d'Ouest, sans être pénalisée"


def test_a_wrong_choice_says_why_on_this_board():
    from fsm.teach.quiz import questions

    q = next(q for q in questions("27B4-second-insufficient-bid-accepted") if q.kind == "law" and q.law == "27B4")
    wrong = [c for c in q.choices if c is not q.choices[q.answer]]
    # East replaces 1♦ by 1♣ over North's 1♥: 1♣ is still insufficient (27B4), not 27B1 or 27B2
    assert all(c.why["fr"].startswith("Non : 1♣ ne surenchérit pas 1♥ ; ") for c in wrong)
    assert all(c.why["en"].startswith("No: 1♣ does not supersede 1♥; ") for c in wrong)


def test_the_lead_out_of_turn_is_said_by_what_it_leaves_not_by_a_face_down_card_that_was_not():
    from fsm.teach.quiz import questions

    q = next(q for q in questions("25A4-25A5-refusals-after-the-final-pass") if q.kind == "law" and q.law == "54")
    assert q.choices[q.answer].fr == "Le déclarant choisit d'accepter l'entame ou non"
    assert not any("hors tour" in c.fr or "face cachée" in c.fr for c in q.choices)


def test_declarer_is_cited_to_the_definitions():
    from fsm.teach.quiz import questions

    q = next(q for q in questions("27B2-design-example") if q.topic == "declarer")
    assert q.citation("fr") == "Définitions, « Déclarant »" and q.citation("en") == "Definitions, 'Declarer'"
    assert q.explanation["fr"].splitlines()[0] == "Nord (Définitions, « Déclarant »)"


# --- the checker's own tests: one question built to break each rule --------------------------------
def _q(choices: list[str], answer: int = 0, prompt: str = "Donneur : Nord.", stage: int = 1, why: str = "Non : x.",
       topic: str = "", sid: str = "s") -> Question:  # fmt: skip
    made = [Choice(t, t, "27B", {"fr": "Oui : x." if i == answer else why, "en": "x"}) for i, t in enumerate(choices)]
    return Question(sid, stage, {"fr": prompt, "en": prompt}, made, answer, {"fr": "", "en": ""}, "27B",
                    ask={"fr": "Que décide l'arbitre ?", "en": "?"}, topic=topic)  # fmt: skip


SEAT_CHOICES = ["Nord", "Est", "Sud", "Ouest"]


def test_the_checker_finds_each_fault():
    two_seat_questions = [_q(SEAT_CHOICES), _q(SEAT_CHOICES[::-1])]
    assert faults(two_seat_questions, "fr") == ["s@1: 2 seat questions", "s@1 27B: same choices as s@1 27B"]
    repeated = [_q([f"{s} n'accepte pas l'enchère" for s in SEAT_CHOICES])]
    assert faults(repeated, "fr") == ["s@1 27B: 4 choices differ only by a seat"]
    tell = [_q(["Entame hors tour", "Entame refusée", "Jeu normal"], prompt="Donneur : Nord. Une entame hors tour.")]
    assert faults(tell, "fr") == [
        "s@1 27B: the right choice alone says « hors », as the prompt does",
        "s@1 27B: the right choice alone says « tour », as the prompt does",
    ]
    other_case = [_q(["A", "B", "C"], why="Non : c'est l'issue d'un autre cas (Loi 19A3).")]
    assert faults(other_case, "fr") == ["s@1 27B: « Non : c'est l'issue d'un autre cas (Loi 19A3). »"] * 2
    never_was = [_q(["L'entame face cachée lui revient", "B", "C"])]
    assert faults(never_was, "fr") == ["s@1 27B: the keyed answer speaks of a face-down card the board does not have"]
    declarer = [_q(SEAT_CHOICES, topic="declarer")]
    assert faults(declarer, "fr") == ["s@1 27B: declarer cited to Loi 27B"]
    fine = [_q(SEAT_CHOICES), _q(["Ouest doit passer", "Est doit passer", "Personne"], stage=2)]
    assert faults(fine, "fr") == []
