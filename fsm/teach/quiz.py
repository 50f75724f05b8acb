"""Quiz questions drawn from a scenario, asked the way a teacher sets them.

Each question stops the board at the moment of a decision and shows what the table knows then:
the dealer, the calls so far, what has just happened, and, for a ruling, the judgement the
arbitre has made (a judgement is an input of the model, never its output). The decision itself and
its consequence are never in the prompt. Four kinds:

- ``ruling``, « Que décide l'arbitre ? »: the arbitre is called or gives his judgement; the choices
  are the consequences of each branch the Laws give from this state (:meth:`Rule.outcome_text`),
  and wrong rulings from neighbouring laws (``distractors.yaml``: another clause, the 2007 Code the
  older commentaries still teach);
- ``law``, « Que prévoient les Lois ? »: an act at the table (a call, a card shown, a lead) that the
  Laws classify or rectify by themselves; the choices are the branches of that act from this state;
- ``player``, « Qui peut maintenant faire ce choix : « … » ? »: a player's option, said once in the
  question; the choices are the seats, one of its holders right;
- ``fact``, « Qui est le déclarant ? », « Pour qui l'information est-elle non autorisée ? », and
  the consequences (:data:`CONSEQUENCES`): « Qui doit passer, et jusqu'à quand ? », « Quelle
  restriction d'entame ? », « Que devient la carte ♥R d'Ouest ? », « Que peut maintenant exiger ou
  interdire le déclarant ? »: what the board's snapshot holds once the Laws have acted.

A ruling of the arbitre and a player's option are never in the same list. Every choice carries a
one-line reason, right or wrong, citing its law; a wrong one says why on this board (« 1♣ ne
surenchérit pas 1♥ », the condition the branch needs and the board lacks). At each stage of a board
at most one question has seats for choices (who declares, not also who leads); who must pass is not
asked again right after the ruling that said it. The keyed answer is what the model rules: the event
the scenario makes next (or the snapshot it leaves); :func:`bank` gathers the questions of the corpus,
no two of one family offering the same choices, with no law taking more than a quarter of it.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from fsm.bridge.calls import SEATS, Seat, parse_call, parse_card
from fsm.bridge.errors import FsmError
from fsm.engine.tables import condition_of
from fsm.laws import lawtext
from fsm.laws.lawtext import LAW
from fsm.model.board import Board, Step
from fsm.model.scenario import Scenario, apply_event, board_for, corpus_files, find, load
from fsm.teach.teaching import OBLIGATIONS, capital, is_routine
from fsm.teach.text import (
    JUDGEMENT_WORDS,
    _judgement,
    calls_text,
    contract_label,
    describe_event,
    seat_name,
    state_label,
    suit_name,
)

QUESTION = {"fr": "Que décide l'arbitre ?", "en": "What does the Director rule?"}
ASK = {
    "ruling": QUESTION,
    "law": {"fr": "Que prévoient les Lois ?", "en": "What do the Laws provide?"},
    "player": {"fr": "Lequel de ces choix est permis maintenant ?", "en": "Which of these is allowed now?"},
    "declarer": {"fr": "Qui est le déclarant ?", "en": "Who is declarer?"},
    "leader": {"fr": "Qui fait l'entame ?", "en": "Who makes the opening lead?"},
    "unauthorized": {
        "fr": "Pour qui l'information que donne cette action retirée, ou cette carte exposée, est-elle non autorisée ?",
        "en": "For whom is the information from this withdrawn action, or this exposed card, unauthorized?",
    },
    "obligation": {"fr": "Qui doit passer, et jusqu'à quand ?", "en": "Who must pass, and for how long?"},
    "restriction": {
        "fr": "Quelle restriction d'entame le déclarant peut-il imposer ?",
        "en": "What lead restriction may declarer impose?",
    },
    "options": {
        "fr": "Que peut maintenant exiger ou interdire le déclarant ?",
        "en": "What may declarer now require or forbid?",
    },
}
RULINGS = ("judge", "director")  # the arbitre's own events
ASKED = ("review", "explain")  # routine rights, worth one question each: who may ask (20, 41B)
# What every step of a board may do, and so never the point of a question (17C a call in rotation,
# 9B a call held or the arbitre called with nothing to rule, 20 the reviews and explanations).
PLAIN = re.compile(r"17C|9B|20|22A$|41C")
SEAT_NAMES = frozenset(seat_name(x, "fr") for x in SEATS)
# What the Laws make of the board once they have acted: who is barred and until when, what declarer
# may forbid or require, what becomes of a card.
CONSEQUENCES = ("obligation", "restriction", "card", "options")
DEFINITIONS = {"fr": "Définitions, « Déclarant »", "en": "Definitions, 'Declarer'"}
FAMILIES = ("16", "20", "21", "22", "24", "25", "26", "27", "28-32", "35-39", "41", "47E", "50", "54")
SHARE = 0.25  # no law takes more than this share of the bank


@dataclass(frozen=True)
class Choice:
    fr: str
    en: str
    law: str
    why: dict[str, str] = field(default_factory=dict, compare=False)  # one line: why right, why wrong


@dataclass(frozen=True)
class Question:
    """One question asked after ``stage`` events (0 is the deal): ``choices[answer]`` is what the
    model rules, ``law`` the law of that ruling, ``kind`` one of ruling, law, player, fact."""

    scenario: str
    stage: int
    prompt: dict[str, str]
    choices: list[Choice]
    answer: int
    explanation: dict[str, str]
    law: str
    kind: str = "ruling"
    ask: dict[str, str] = field(default_factory=lambda: dict(QUESTION), compare=False)
    topic: str = ""  # for a fact: declarer, leader, obligation, restriction, unauthorized, card or options
    cite: dict[str, str] = field(default_factory=dict, compare=False)  # when not « Loi <law> »

    @property
    def family(self) -> str:
        return family(self.law)

    def citation(self, lang: str) -> str:
        """What the key cites: « Loi 27B2 », or the Definitions for who is declarer."""
        return self.cite.get(lang) or _law(self.law, lang)

    @property
    def seats_only(self) -> bool:
        """A « which seat » question: every choice is a seat's name."""
        return all(c.fr in SEAT_NAMES for c in self.choices)


def family(law: str) -> str:
    """The family a law belongs to, as the lessons group them: 28–32 and 35–39 together, 47E apart."""
    if law.startswith("47E"):
        return "47E"
    m = re.match(r"\d+", law)
    n = int(m.group()) if m else 0
    if 28 <= n <= 32:
        return "28-32"
    if 35 <= n <= 39:
        return "35-39"
    return str(n)


def law_words(law: str, lang: str = "fr") -> str | None:
    """The FFB words of a law, when the text the package holds has them; else our summary in
    ``lang``, marked as one so that no reader takes it for the law's words."""
    said, ours = lawtext.words(law, lang) or (None, False)
    return f"({lawtext.SUMMARY[lang]}) {said}" if ours else said or None


@cache
def _distractors() -> dict[str, list[dict[str, str]]]:
    from importlib.resources import files

    from fsm.bridge import yamltext

    text = files("fsm.teach").joinpath("distractors.yaml").read_text(encoding="utf-8")
    return yamltext.load(text) or {}


def distractors(law: str) -> list[Choice]:
    """The wrong rulings a class is likely to give when the right one is ``law`` (most specific
    reference first: 27B1(b), then 27B1, 27B, 27)."""
    table = _distractors()
    for ref in _chain(law):
        if ref in table:
            return [Choice(d["fr"], d["en"], str(d["law"]), {"fr": d["why_fr"], "en": d["why_en"]}) for d in table[ref]]
    return []


def _chain(law: str) -> list[str]:
    parts = re.findall(r"\d+|[A-Z]|\([a-z]+\)", law)
    return ["".join(parts[:i]) for i in range(len(parts), 0, -1)]


# --- words -----------------------------------------------------------------------------------------
def _law(law: str, lang: str) -> str:
    return f"{LAW[lang]} {law}"


def _role(board: Board, seat: Seat, lang: str) -> str:
    """Who a seat is at this point: relative to the offender of the irregularity, else to declarer."""
    irr = board.table.irregularity
    anchor = irr.entry.seat if irr is not None else board.declarer()
    if anchor is None:
        return ""
    offset = (SEATS.index(seat) - SEATS.index(Seat(anchor))) % 4
    if irr is not None:
        names = {
            "fr": ("le fautif", "l'adversaire de gauche du fautif", "le partenaire du fautif",
                   "l'adversaire de droite du fautif"),
            "en": ("the offender", "the offender's LHO", "the offender's partner", "the offender's RHO"),
        }  # fmt: skip
    else:
        names = {
            "fr": ("le déclarant", "l'entameur", "le mort", "le partenaire de l'entameur"),
            "en": ("declarer", "the opening leader", "dummy", "the opening leader's partner"),
        }
    return names[lang][offset]


def _who(board: Board, seat: Seat, lang: str) -> str:
    role = _role(board, seat, lang)
    return f"{seat_name(seat, lang)} ({role})" if role else seat_name(seat, lang)


def _auction(board: Board, lang: str) -> str:
    """The calls so far, in order, a cancelled one marked; nothing of what the Laws made of them."""
    from fsm.bridge.auction import CANCELLED, PENDING, WITHDRAWN

    marks = {
        CANCELLED: {"fr": " (annulée)", "en": " (cancelled)"},
        WITHDRAWN: {"fr": " (retirée)", "en": " (withdrawn)"},
        PENDING: {"fr": " (en attente)", "en": " (waiting)"},
    }
    calls = [
        f"{seat_name(e.seat, lang)} {e.call.label(lang)}{marks[e.status][lang] if e.status in marks else ''}"  # type: ignore[arg-type]
        for e in board.auction.entries
    ]
    dealer = seat_name(board.dealer, lang)
    head = f"Donneur : {dealer}" if lang == "fr" else f"Dealer: {dealer}"
    if not calls:
        return head + "."
    said = "Enchères : " if lang == "fr" else "Calls: "
    return f"{head}. {said}{', '.join(calls)}."


def _told(entry: dict[str, Any], board: Board, lang: str) -> str:
    ((name, args),) = entry.items()
    if name == "calls":
        return capital(("enchères : " if lang == "fr" else "calls: ") + calls_text(args, lang)) + "."
    logged = board.events[-1] if board.events else {name: args}
    ((logged_name, logged_args),) = logged.items()
    return capital(describe_event(logged_name, logged_args, lang)) + "."


def _recent(s: Scenario, n: int, lang: str, boards: list[Board]) -> list[str]:
    """What happened since the last call, in words (the calls themselves are in the auction)."""
    out: list[str] = []
    for k in range(n - 1, -1, -1):
        entry = s.events[k]
        ((name, args),) = entry.items()
        if name in ("calls", "call") or "rejected" in entry:
            break
        out.append(_told(entry, boards[k + 1], lang))
    return list(reversed(out[:3]))


def _state(board: Board, lang: str) -> str:
    if board.table.irregularity is None and not board.engine.states[board.state].waiting:
        return ""
    return capital(state_label(board.state, lang)) + "."


# --- kinds -----------------------------------------------------------------------------------------
def _branches(board: Board, event: str) -> list[Any]:
    return [r for r in board.engine.candidates(board.state, event) if not PLAIN.match(r.law)]


def _ruling(board: Board, fired: Step, entry: dict[str, Any] | None = None) -> tuple[list[Choice], int] | None:
    """The arbitre's branches from here, each worded by what it leaves behind: the one that fired,
    then one branch of each other law, nearest first, four at most."""
    branches = _branches(board, fired.event)
    right = next((r for r in branches if r.id == fired.rule), None)
    if right is None:
        return None
    # the branches of the same question: a rule of an enclosing state answers another one
    rules = [r for r in branches if r.source == right.source]
    if " juge " in f" {right.outcome_text('fr')} ":
        return None  # the branch only records a judgement: nothing is ruled yet
    judged = _judgement(right)
    if judged is not None:  # a judgement of another kind, with nothing here to bear on, is another question
        rules = [r for r in rules if r is right or not _other_judgement_idle(r, judged, board)]
    picked = [right]
    said = {_as_choice(right.outcome_text("fr"))}
    for r in _nearest(right, [r for r in rules if r.law != right.law]):
        if judged is not None and _judgement(r) == judged:
            continue  # the same judgement leads there too: the prompt could not tell them apart
        text = _as_choice(r.outcome_text("fr"))
        if any(_bare(text).startswith(_bare(t)) or _bare(t).startswith(_bare(text)) for t in said):
            continue  # « aucune autre rectification » beside « …; révision possible »: told apart by a tail only
        if len(picked) < 4 and r.law not in {p.law for p in picked}:
            picked.append(r)
            said.add(text)
    picked.sort(key=rules.index)
    outcomes = {lang: [_as_choice(r.outcome_text(lang)) for r in picked] for lang in ("fr", "en")}
    shared = {lang: _shared_head(outcomes[lang]) for lang in ("fr", "en")}
    failing = _failing(board, entry, fired, picked)
    facts = {lang: _bid_fact(board, entry, lang) for lang in ("fr", "en")}
    choices: list[Choice] = []
    for i, r in enumerate(picked):
        ok = r is right
        why = {
            lang: (f"{YES[lang]}{_flat(getattr(r, lang))} ({_law(r.law, lang)})." if ok
                   else _why_not(r, right, failing.get(r.id), facts[lang], lang))
            for lang in ("fr", "en")
        }  # fmt: skip
        fr, en = (capital(_bare(outcomes[lang][i][len(shared[lang]) :])) for lang in ("fr", "en"))
        choices.append(Choice(fr, en, r.law, why))
    if len(choices) < 2:
        return None  # the arbitre only sets out the options: no ruling to ask about
    return _with_distractors(choices, picked.index(right), right.law)


YES = {"fr": "Oui : ", "en": "Yes: "}
NO = {"fr": "Non : ", "en": "No: "}
# A clause that speaks of a face-down lead going back: true only on a board that has one.
_FACE_DOWN = re.compile(r"face cachée[^;]*revient|face-down card goes back")


# An outcome that only names the act (« entame hors tour face visible ») is said by what it leaves
# to decide: the name of the irregularity would mark the right choice among the others.
# So is one that repeats the prompt's own verb (« Nord remplace sa déclaration… », then « la
# déclaration voulue remplace la première »), which no other branch says.
_NAMED = {
    "entame hors tour face visible": "le déclarant choisit d'accepter l'entame ou non",
    "faced lead out of turn": "declarer chooses whether to accept the lead",
}
_ECHOES = (
    (re.compile(r"\bla déclaration voulue remplace "), "la déclaration voulue est retenue à la place de "),
    (re.compile(r"\bthe intended call replaces "), "the intended call stands in place of "),
)


def _as_choice(text: str) -> str:
    """A branch's outcome as a choice says it: without a clause about a face-down lead going back,
    which would state what did not happen on a board without one, and mark the right choice on a
    board with one (what becomes of that card is a question of its own)."""
    clauses = re.split(r" ?; ", text)
    clauses = [c for c in clauses if not _FACE_DOWN.search(c)] or clauses
    said = (" ; " if " ; " in text else "; ").join(_NAMED.get(c, c) for c in clauses)
    for echo, plain in _ECHOES:
        said = echo.sub(plain, said)
    return said


def _failing(board: Board, entry: dict[str, Any] | None, fired: Step, picked: list[Any]) -> dict[str, Any]:
    """For each other branch, the first of its conditions this board does not meet (none when the
    event is not the board's own, or a branch's conditions cannot be read from here)."""
    if entry is None:
        return {}
    ((name, args),) = entry.items()
    if name != fired.event or not isinstance(args, dict):
        return {}
    from fsm.bridge.events import parse_event

    try:
        event = parse_event(name, args)
        record = board.copy().table
        board.engine.decide(record, event)
    except Exception:  # pragma: no cover - the scenario's own event, already applied once
        return {}
    out: dict[str, Any] = {}
    for r in picked:
        try:
            out[r.id] = next((g for g in r.guards if not g(record, event)), None)
        except Exception:  # a guard that needs what this event does not carry: no reason from it
            out[r.id] = None
    return out


def _bid_fact(board: Board, entry: dict[str, Any] | None, lang: str) -> str:
    """What a bid is against the last bid on this board, in a player's words: « 1♣ ne surenchérit
    pas 1♥ », « 2♠ surenchérit 1♠ »; empty for any other event."""
    if entry is None or "call" not in entry or not isinstance(entry["call"], dict):
        return ""
    try:
        call = parse_call(entry["call"].get("call"))
    except FsmError:  # pragma: no cover - the scenario's own call
        return ""
    last = board.auction.last_bid()
    if not call.is_bid or last is None:
        return ""
    said, over = call.label(lang), last.call.label(lang)  # type: ignore[arg-type]
    if board.auction.is_sufficient(call):
        return f"{said} surenchérit {over}" if lang == "fr" else f"{said} supersedes {over}"
    return f"{said} ne surenchérit pas {over}" if lang == "fr" else f"{said} does not supersede {over}"


_SUFFICIENCY = re.compile(r"suffisante|légale|sufficient|legal")  # a branch that turns on the bid's sufficiency
_INSUFFICIENT = re.compile(r"(autre|encore) (enchère )?insuffisante|another insufficient|still insufficient")


def _why_not(r: Any, right: Any, failing: Any, fact: str, lang: str) -> str:
    """Why a branch is not this board's, as a player follows it: what the board shows against the
    condition the branch needs (« 1♦ ne surenchérit pas 1♥ »), that condition when it is short
    enough to read, else what the branch needs against what happened here."""
    from fsm.engine.tables import wording

    law = _law(r.law, lang)
    need = _flat(wording(failing, lang)) if failing is not None else ""
    there = _flat(getattr(r, lang))
    # the bid's sufficiency tells a branch apart when the bid is insufficient, or when the branch needs it to be
    telling = _SUFFICIENCY if " ne surenchérit " in fact or " does not " in fact else _INSUFFICIENT
    if fact and telling.search(need + " " + there):
        return (f"Non : {fact} ; cette issue suppose que {there} ({law})." if lang == "fr"
                else f"No: {fact}; that outcome needs: {there} ({law}).")  # fmt: skip
    if need and len(need) <= 70 and " et " not in need and " and " not in need:
        return (f"Non : cette issue suppose « {need} », ce qui n'est pas le cas sur cette donne ({law})." if lang == "fr"
                else f"No: that outcome needs '{need}', which is not so on this board ({law}).")  # fmt: skip
    here = _flat(getattr(right, lang))
    return (f"Non : ce serait le cas si {there} ({law}) ; ici, {here}." if lang == "fr"
            else f"No: that would be so if {there} ({law}); here, {here}.")  # fmt: skip


def _other_judgement_idle(rule: Any, judged: tuple[str, bool], board: Board) -> bool:
    """A branch that asks another judgement than ``judged`` and that a guard reading no event rules
    out on this board (the comparable judgement where none is owed, while the lead is judged)."""
    other = _judgement(rule)
    if other is None or other[0] == judged[0]:
        return False
    return any("event." not in str(condition_of(g)) and not g(board.table, None) for g in rule.guards)


_JUDGED = re.compile(  # a judgement heading a clause, never one inside a sentence
    r"(^|; )(?:[Dd]éclaration |[Cc]all )?(?:non |not )?(?:[Cc]omparable|intentionnelle|intended|unintended"
    r"|information erronée|misinformation)(?: call)?\s?: "
)


_LAWS = re.compile(r"\s*\((?:sans |without )?(?:\d{1,2}[A-Z]?[0-9()a-z]*(?:\s*(?:,|;|et|and|ni|nor)\s*)?)+\)")


def _bare(text: str) -> str:
    """A consequence as a choice shows it: without the judgement that leads to it (« non
    comparable : le partenaire passe… » → « le partenaire passe… »), which the prompt gives, and
    without the laws between brackets, which are the answer's."""
    return _LAWS.sub("", _JUDGED.sub(r"\1", text)).strip()


def _shared_head(texts: list[str]) -> str:
    """The clauses every branch says alike (« la déclaration retenue sera examinée… »), which tell
    the branches nothing apart: left out of each choice."""
    parts = [re.split(r"(?<=;) ?", t) for t in texts]
    head: list[str] = []
    for clauses in zip(*parts, strict=False):
        if len(set(clauses)) != 1 or len(head) + 1 >= min(len(p) for p in parts):
            break
        head.append(clauses[0])
    if not head:
        return ""
    joined = "".join(c if c.endswith(" ") else c + " " for c in head)
    return joined if all(t.startswith(joined) for t in texts) else ""


def _flat(text: str) -> str:
    """A label inside a reason, its own colon made a comma: one « : » to a sentence."""
    return re.sub(r"\s?:\s", ", ", text)


def _with_distractors(choices: list[Choice], answer: int, law: str) -> tuple[list[Choice], int] | None:
    texts = {c.fr for c in choices}
    for d in distractors(law):
        if len(choices) >= 4:
            break
        if d.fr not in texts:
            choices.append(d)
            texts.add(d.fr)
    return (choices, answer) if len(choices) >= 3 else None


def _nearest(right: Any, others: list[Any]) -> list[Any]:
    """The branches closest in law to the right one: same clause first, then same law, then nearby laws."""

    def number(law: str) -> int:
        m = re.match(r"\d+", law)
        return int(m.group()) if m else 0

    def key(r: Any) -> tuple[int, int, int]:
        shared = len(set(_chain(r.law)) & set(_chain(right.law)))
        stays = r.target == r.source  # a branch that leads somewhere else is a real alternative
        return (int(stays and right.target != right.source), abs(number(r.law) - number(right.law)), -shared)

    return sorted(others, key=key)


def _law_question(board: Board, fired: Step, entry: dict[str, Any]) -> tuple[list[Choice], int] | None:
    """An act the Laws rule on by themselves: like a ruling, its branches from here worded by what
    they leave behind (a label such as « contre qui nomme une autre enchère » would repeat the act)."""
    return _ruling(board, fired, entry)


def _player(board: Board, entry: dict[str, Any], fired: Step) -> tuple[list[Choice], int, dict[str, str]] | None:
    """Who holds the option the scenario takes next: the option said once, in the question, and
    the seats as the choices, only the scenario's seat among its holders offered (one right seat)."""
    ((name, args),) = entry.items()
    seat = args.get("seat")
    if seat is None:
        return None
    opt = next(
        (
            o
            for o in board.options()
            if o["event"] == name and o["seats"] and seat in o["seats"] and (name in ASKED or not is_routine(o))
        ),
        None,
    )
    if opt is None:
        return None
    holders = sorted({Seat(x) for x in opt["seats"]}, key=SEATS.index)
    law = opt["law"]
    seats = [x for x in SEATS if x not in holders or x == Seat(seat)]
    roles = {lang: " et ".join if lang == "fr" else " and ".join for lang in ("fr", "en")}
    owners = {lang: roles[lang](_who(board, h, lang) for h in holders) for lang in ("fr", "en")}
    choices, answer = _seats_question(
        board, Seat(seat), law,
        {"fr": f"Oui : ce choix revient à {owners['fr']} ({_law(law, 'fr')}).",
         "en": f"Yes: the choice belongs to {owners['en']} ({_law(law, 'en')})."},
        {"fr": f"Non : {{seat}} n'a pas ce choix ; il revient à {owners['fr']} ({_law(law, 'fr')}).",
         "en": f"No: {{seat}} has no such choice; it belongs to {owners['en']} ({_law(law, 'en')})."},
        seats,
    )  # fmt: skip
    ask = {
        "fr": f"Qui peut maintenant faire ce choix : « {_bare(opt['fr'])} » ?",
        "en": f"Who may now make this choice: '{_bare(opt['en'])}'?",
    }
    return (choices, answer, ask) if len(choices) >= 3 else None


def _gives_away(found: tuple[list[Choice], int, dict[str, str]], told: list[str]) -> bool:
    """The seat that holds the option is the one the prompt has just shown acting (« Nord n'accepte
    pas », then « qui laisse la carte pénalisée ? »): the question would answer itself."""
    right = found[0][found[1]].fr
    return any(re.search(rf"\b{right}\b", t) for t in told)


def _seats_question(board: Board, right: Seat, law: str, why_right: dict[str, str],
                    why_wrong: dict[str, str], seats: list[Seat] | None = None) -> tuple[list[Choice], int]:  # fmt: skip
    choices: list[Choice] = []
    answer = 0
    for seat in seats or SEATS:
        if seat == right:
            answer = len(choices)
        why = why_right if seat == right else why_wrong
        said = {lang: why[lang].format(seat=_who(board, seat, lang), right=seat_name(right, lang)) for lang in why}
        choices.append(Choice(seat_name(seat, "fr"), seat_name(seat, "en"), law, said))
    return choices, answer


def _facts(before: Board, after: Board) -> Iterator[tuple[str, str, tuple[list[Choice], int]]]:
    """What the last event settled: declarer and opening leader, unauthorized information, who must
    pass, and at the auction's end a lead restriction (topic, law, choices)."""
    declarer, leader = after.declarer(), after.opening_leader()
    if declarer is not None and before.declarer() is None:
        contract = after.contract() or ""
        strain, strain_en = _strain_words(contract)
        yield "declarer", "22A", _seats_question(
            after, Seat(declarer), "22A",
            {"fr": f"Oui : {{right}} a nommé {strain} le premier dans le camp qui a remporté le contrat (Définitions, « Déclarant »).",
             "en": f"Yes: {{right}} was the first of the side that won the contract to name {strain_en} (Definitions, 'Declarer')."},
            {"fr": f"Non : le déclarant est le premier joueur du camp qui a remporté le contrat à avoir nommé {strain}, ici {{right}} (Définitions, « Déclarant »).",
             "en": f"No: declarer is the first player of the side that won the contract to name {strain_en}, here {{right}} (Definitions, 'Declarer')."},
        )  # fmt: skip
        if leader is not None:
            yield "leader", "41A", _seats_question(
                after, Seat(leader), "41A",
                {"fr": "Oui : l'entame revient à l'adversaire de gauche du déclarant (Loi 41A).",
                 "en": "Yes: the opening lead is made by declarer's LHO (Law 41A)."},
                {"fr": "Non : l'entame revient à l'adversaire de gauche du déclarant, {right} (Loi 41A).",
                 "en": "No: the opening lead is made by declarer's LHO, {right} (Law 41A)."},
            )  # fmt: skip
    known = {(u["source"], tuple(u["for"])) for u in before.snapshot()["unauthorized_information"]}
    for record in after.snapshot()["unauthorized_information"]:
        if (record["source"], tuple(record["for"])) in known or len(record["for"]) != 1:
            continue
        maker = Seat(record["source"].split(":")[0])
        holder = Seat(record["for"][0])
        seats = [s for s in SEATS if s != maker]  # 16C2 speaks of the offending side: the maker is left out
        source = _source_words(record["source"])
        yield "unauthorized", record["law"], _seats_question(
            after, holder, record["law"],
            {"fr": f"Oui : l'information {source['fr']} est non autorisée pour le partenaire, autorisée pour les adversaires ({_law(record['law'], 'fr')}).",
             "en": f"Yes: the information {source['en']} is unauthorized for partner, authorized for the opponents ({_law(record['law'], 'en')})."},
            {"fr": f"Non : pour le camp non fautif, cette information est autorisée ; elle est non autorisée pour {{right}} ({_law(record['law'], 'fr')}).",
             "en": f"No: for the non-offending side this information is authorized; it is unauthorized for {{right}} ({_law(record['law'], 'en')})."},
            seats,
        )  # fmt: skip
        break
    known_o = {(o["seat"], o["kind"], o["law"]) for o in before.snapshot()["obligations"]}
    now_o = {(o["seat"], o["kind"], o["law"]) for o in after.snapshot()["obligations"]}
    for seat, kind, law in sorted(now_o - known_o, key=lambda o: SEATS.index(Seat(o[0]))):
        if kind in PASSES:
            both = (Seat(seat).partner.value, kind, law) in now_o  # 37B2, 38C: each member of the side
            yield "obligation", law, _obligation(Seat(seat), kind, law, both)
            break
    if declarer is not None and before.declarer() is None:
        # 26B: the suits are those the offender did not specify in the legal auction, known at its end
        for r in after.snapshot()["lead_restrictions"]:
            if r["suits"]:
                yield "restriction", r["law"], _restriction(Seat(r["seat"]), r["suits"], r["law"])
                break


PASSES = ("pass_rest", "pass_next_turn")


def _consequences(before: Board, after: Board) -> Iterator[tuple[str, str, tuple[list[Choice], int], dict[str, str]]]:
    """What becomes of a card the event shows or gives back, and what declarer may now require or
    forbid, as the model's snapshot holds them (topic, law, choices)."""
    was, now = before.snapshot(), after.snapshot()
    penalty = [p for p in now["penalty_cards"] if p not in was["penalty_cards"]]
    back = [r for r in now["returned_cards"] if r not in was["returned_cards"]]
    # a card a law outside the lessons rules on (48A, 49) is left to that law's own lesson
    penalty = [p for p in penalty if family(str(p["law"])) in FAMILIES]
    back = [r for r in back if family(str(r["law"])) in FAMILIES]
    if penalty or back:
        record = penalty[0] if penalty else back[0]
        fate = record["kind"] if penalty else "back"
        count = sum(1 for p in now["penalty_cards"] if p["seat"] == record["seat"])
        card = parse_card(record["card"])
        who = {lang: seat_name(record["seat"], lang) for lang in ("fr", "en")}
        ask = {"fr": f"Que devient la carte {card.label('fr')} {_of(who['fr'])} ?",
               "en": f"What becomes of {who['en']}'s card {card.label('en')}?"}  # fmt: skip
        hidden = was["lead"] is not None and not was["lead"]["faced"] and was["lead"]["card"] == record["card"]
        fated = _card_fate(Seat(record["seat"]), record["card"], fate, str(record["law"]), count, hidden)
        yield "card", str(record["law"]), fated, ask
    found = _declarer_options(after)
    if found is not None and _declarer_options(before) is None:
        yield (*found, dict(ASK["options"]))


FATES = ("major", "minor", "back")


def _card_fate(
    seat: Seat, token: str, fate: str, law: str, count: int, hidden: bool = False
) -> tuple[list[Choice], int]:
    """A card exposed or given back: a major penalty card, a minor one, or back in the hand (50B,
    24D, 24E, 54D, 54E). Each wrong fate says what on this board rules it out."""
    card = parse_card(token)
    name = {lang: card.label(lang) for lang in ("fr", "en")}  # type: ignore[arg-type]
    who = {lang: seat_name(seat, lang) for lang in ("fr", "en")}
    said = {
        "major": {"fr": f"{name['fr']} devient une carte pénalisée majeure", "en": f"{name['en']} becomes a major penalty card"},
        "minor": {"fr": f"{name['fr']} devient une carte pénalisée mineure", "en": f"{name['en']} becomes a minor penalty card"},
        "back": {"fr": f"{name['fr']} retourne dans la main {_of(who['fr'])}, sans être pénalisée",
                 "en": f"{name['en']} goes back to {who['en']}'s hand, with no penalty card"},
    }  # fmt: skip
    if card.is_honour:
        major = {"fr": f"{name['fr']} est un honneur", "en": f"{name['en']} is an honour"}
    elif count > 1:
        major = {"fr": f"{who['fr']} a plusieurs cartes pénalisées, toutes majeures",
                 "en": f"{who['en']} has more than one penalty card, all of them major"}  # fmt: skip
    else:
        major = {"fr": f"{name['fr']} a été jouée délibérément, non exposée par inadvertance",
                 "en": f"{name['en']} was played deliberately, not exposed inadvertently"}  # fmt: skip
    minor = {"fr": f"{name['fr']} est une seule carte plus petite qu'un honneur, exposée par inadvertance",
             "en": f"{name['en']} is a single card below honour rank, exposed inadvertently"}  # fmt: skip
    kept = {"fr": f"{who['fr']} est en défense, sa carte exposée reste sur la table",
            "en": f"{who['en']} is a defender, his exposed card stays on the table"}  # fmt: skip
    returned = _returned(who, law, name if hidden else None)
    reason = {"major": major, "minor": minor, "back": returned}
    choices = []
    for other in FATES:
        if other == fate:
            why = {lang: f"{YES[lang]}{reason[fate][lang]} ({_law(law, lang)})." for lang in ("fr", "en")}
        elif fate == "back":
            why = {lang: f"{NO[lang]}{returned[lang]} ({_law(law, lang)})." for lang in ("fr", "en")}
        elif other == "back":
            why = {lang: f"{NO[lang]}{kept[lang]} ({_law(law, lang)})." for lang in ("fr", "en")}
        else:  # the other kind of penalty card: 50B tells them apart
            why = {lang: f"{NO[lang]}{reason[fate][lang]} ({_law('50B', lang)})." for lang in ("fr", "en")}
        choices.append(Choice(said[other]["fr"], said[other]["en"], law, why))
    return choices, FATES.index(fate)


def _returned(who: dict[str, str], law: str, hidden: dict[str, str] | None = None) -> dict[str, str]:
    """Why a card goes back to the hand, as the law that gives it back says (``hidden``: the card,
    when it lay face down)."""
    if hidden is not None:
        return {"fr": f"{who['fr']} avait posé {hidden['fr']} face cachée ; personne ne l'a vue, elle lui revient",
                "en": f"{who['en']} had put {hidden['en']} face down; no one saw it, it goes back to him"}  # fmt: skip
    if law in ("24D", "54E"):
        return {"fr": f"{who['fr']} est déclarant ou mort, il reprend la carte",
                "en": f"{who['en']} is declarer or dummy, he takes the card back"}  # fmt: skip
    if law == "50D2":
        return {"fr": "le déclarant a exigé ou interdit la couleur, la carte pénalisée est donc reprise",
                "en": "declarer required or forbade the suit, so the penalty card is picked up"}  # fmt: skip
    if law == "22B":
        return {"fr": "la donne est passée, il n'y a pas de jeu de la carte ni de carte pénalisée",
                "en": "the board is passed out, so there is no play and no penalty card"}  # fmt: skip
    return {"fr": f"{who['fr']} reprend la carte, sans carte pénalisée",
            "en": f"{who['en']} takes the card back, with no penalty card"}  # fmt: skip


def _declarer_options(board: Board) -> tuple[str, str, tuple[list[Choice], int]] | None:
    """What declarer may require or forbid when the opening leader's partner holds a major penalty
    card (50D2): the options the model offers him now, against what he may not do."""
    offered = {o["event"]: o for o in board.options() if o["seats"]}
    if not {"require", "prohibit", "leave_penalty_card"} <= set(offered):
        return None
    major = next((p for p in board.snapshot(["penalty_cards"])["penalty_cards"] if p["kind"] == "major"), None)
    leader = board.opening_leader()
    if major is None or leader is None:
        return None
    card = parse_card(major["card"])
    suit = {lang: suit_name(str(card.suit), lang) for lang in ("fr", "en")}
    name = {lang: card.label(lang) for lang in ("fr", "en")}  # type: ignore[arg-type]
    who = {lang: seat_name(leader, lang) for lang in ("fr", "en")}
    owner = {lang: seat_name(major["seat"], lang) for lang in ("fr", "en")}
    law = str(offered["require"]["law"])
    right = Choice(
        f"Il peut exiger ou interdire l'entame à {suit['fr']} (la carte est reprise), ou laisser {name['fr']} pénalisée",
        f"He may require or forbid a {suit['en']} lead (the card is picked up), or leave {name['en']} a penalty card",
        law,
        {"fr": f"Oui : {owner['fr']} a une carte pénalisée majeure et {who['fr']}, son partenaire, doit entamer ({_law(law, 'fr')}).",
         "en": f"Yes: {owner['en']} has a major penalty card and {who['en']}, his partner, is on lead ({_law(law, 'en')})."},
    )  # fmt: skip
    wrong = [
        Choice(
            f"Il peut seulement interdire l'entame à {suit['fr']}, et {name['fr']} reste pénalisée",
            f"He may only forbid a {suit['en']} lead, and {name['en']} stays a penalty card",
            law,
            {"fr": f"Non : il peut aussi exiger {suit['fr']} ; s'il exige ou interdit, la carte est reprise ({_law(law, 'fr')}).",
             "en": f"No: he may also require {suit['en']}; if he requires or forbids, the card is picked up ({_law(law, 'en')})."},
        ),
        Choice(
            f"Il peut exiger ou interdire l'entame de n'importe quelle couleur, {name['fr']} restant pénalisée",
            f"He may require or forbid a lead in any suit, {name['en']} staying a penalty card",
            law,
            {"fr": f"Non : seulement la couleur de la carte pénalisée, {suit['fr']} ({_law(law, 'fr')}).",
             "en": f"No: only the suit of the penalty card, {suit['en']} ({_law(law, 'en')})."},
        ),
        Choice(
            f"Il ne peut rien imposer, {who['fr']} entame librement et {name['fr']} reste pénalisée",
            f"He may impose nothing, {who['en']} leads freely and {name['en']} stays a penalty card",
            law,
            {"fr": f"Non : le partenaire {_of(owner['fr'])} a la main alors que {name['fr']} est une carte pénalisée majeure, le déclarant choisit d'abord ({_law(law, 'fr')}).",
             "en": f"No: {owner['en']}'s partner is on lead while {name['en']} is a major penalty card, declarer chooses first ({_law(law, 'en')})."},
        ),
    ]  # fmt: skip
    return "options", law, ([right, *wrong], 0)


def _of(name: str) -> str:
    """« de Nord », « d'Est »: French elides before a vowel."""
    return f"d'{name}" if name[:1] in "AEIOUÉ" else f"de {name}"


def _source_words(source: str) -> dict[str, str]:
    """Where unauthorized information comes from, in words: « de la déclaration 1♦ d'Est », « de la
    carte ♠R d'Est » (a card exposed during the auction, 24)."""
    seat, _, token = source.partition(":")
    who = {lang: seat_name(seat, lang) for lang in ("fr", "en")}
    if token[:1].isdigit() or token in ("Pass", "X", "XX"):
        call = parse_call(token)
        return {
            "fr": f"de la déclaration {call.label('fr')} {_of(who['fr'])}",
            "en": f"from {who['en']}'s call {call.label('en')}",
        }
    card = parse_card(token)
    return {
        "fr": f"de la carte {card.label('fr')} {_of(who['fr'])}",
        "en": f"from {who['en']}'s card {card.label('en')}",
    }


def _obligation(seat: Seat, kind: str, law: str, both: bool) -> tuple[list[Choice], int]:
    """Who must pass and for how long: the seat (or the side) and the length the Laws give, against
    the other length, the other member of the side (or the seat alone), and no one."""
    other = PASSES[1 - PASSES.index(kind)]
    mate = seat.partner
    pair = {
        "fr": f"{seat_name(seat, 'fr')} et {seat_name(mate, 'fr')}",
        "en": f"{seat_name(seat, 'en')} and {seat_name(mate, 'en')}",
    }

    def say(lang: str, what: str, together: bool, who: Seat = seat) -> str:
        words = OBLIGATIONS[what][0 if lang == "fr" else 1]
        if together:  # « doit … son » → « doivent … leur », "his" → "their"
            words = words.replace("doit ", "doivent ", 1).replace(" son ", " leur ").replace(" his ", " their ")
            return f"{pair[lang]} {words}"
        return f"{seat_name(who, lang)} {words}"

    def choice(what: str, together: bool, who: Seat = seat, ok: bool = False) -> Choice:
        said = {lang: say(lang, what, together, who) for lang in ("fr", "en")}
        right = {lang: say(lang, kind, both) for lang in ("fr", "en")}
        why = (
            {"fr": f"Oui : {_law(law, 'fr')}.", "en": f"Yes: {_law(law, 'en')}."}
            if ok
            else {"fr": f"Non : {right['fr']} ({_law(law, 'fr')}).", "en": f"No: {right['en']} ({_law(law, 'en')})."}
        )
        return Choice(said["fr"], said["en"], law, why)

    choices = [
        choice(kind, both, ok=True),
        choice(other, both),
        choice(kind, not both, who=seat) if both else choice(kind, False, who=mate),
        Choice("Personne n'est tenu de passer", "No one is obliged to pass", law,
               {"fr": f"Non : {say('fr', kind, both)} ({_law(law, 'fr')}).",
                "en": f"No: {say('en', kind, both)} ({_law(law, 'en')})."}),
    ]  # fmt: skip
    return choices, 0


def _strain_words(contract: str) -> tuple[str, str]:
    """The contract's denomination in words: « la couleur de cœur », « le sans-atout »."""
    m = re.match(r"[1-7]([SHDC]|NT?)", contract)
    if m is None:
        return "", ""
    if m.group(1).startswith("N"):
        return "le sans-atout", "notrump"
    return f"la couleur de {suit_name(m.group(1), 'fr')}", suit_name(m.group(1), "en") + "s"


def _suits(suits: list[str], lang: str) -> str:
    names = [suit_name(s, lang) for s in suits]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + (" ou " if lang == "fr" else " or ") + names[-1]


def _restriction(seat: Seat, suits: list[str], law: str) -> tuple[list[Choice], int]:
    who = {lang: seat_name(seat, lang) for lang in ("fr", "en")}
    allowed = {lang: _suits(suits, lang) for lang in ("fr", "en")}
    right = Choice(
        f"Le déclarant peut interdire à {who['fr']}, à son premier tour d'attaquer, une couleur parmi {allowed['fr']}",
        f"Declarer may forbid {who['en']}, at his first turn to lead, one suit of {allowed['en']}",
        law,
        {"fr": f"Oui : une seule couleur, parmi celles que le fautif n'a pas nommées dans les annonces légales, interdite tant que {who['fr']} garde la main ({_law(law, 'fr')}).",
         "en": f"Yes: one suit only, among those the offender did not specify in the legal auction, forbidden for as long as {who['en']} retains the lead ({_law(law, 'en')})."},
    )  # fmt: skip
    wrong = [
        Choice(
            f"Le déclarant peut exiger {_of(who['fr'])} l'entame d'une couleur, ou l'interdire",
            f"Declarer may require {who['en']} to lead a suit, or forbid it",
            "26",
            {"fr": f"Non : « exiger » vient du Code 2007 ; en 2017 le déclarant peut seulement interdire ({_law(law, 'fr')}).",
             "en": f"No: 'require' comes from the 2007 Code; in 2017 declarer may only forbid ({_law(law, 'en')})."},
        ),
        Choice(
            f"Le déclarant peut interdire à {who['fr']} l'entame de n'importe laquelle des quatre couleurs",
            f"Declarer may forbid {who['en']} to lead any one of the four suits",
            law,
            {"fr": f"Non : une couleur que le fautif a nommée légalement ne peut pas être interdite ({_law(law, 'fr')}).",
             "en": f"No: a suit the offender legally specified cannot be forbidden ({_law(law, 'en')})."},
        ),
        Choice(
            "Le déclarant ne peut imposer aucune restriction d'entame",
            "Declarer may impose no lead restriction",
            "26A",
            {"fr": f"Non : la rectification appliquée ici ouvre au déclarant la restriction de la {_law(law, 'fr')}.",
             "en": f"No: the rectification applied here gives declarer the restriction of {_law(law, 'en')}."},
        ),
    ]  # fmt: skip
    if len(suits) == 4:
        wrong.pop(1)
    return [right, *wrong], 0


# --- walking a scenario ----------------------------------------------------------------------------
def _questions(s: Scenario) -> Iterator[Question]:
    board = board_for(s)
    boards = [board.copy()]  # the board after each event, for the words of what happened
    for n, entry in enumerate(s.events):
        if "rejected" in entry:
            boards.append(board.copy())
            continue
        before = board.copy()
        start = len(board.trace)
        try:
            apply_event(board, entry)
        except FsmError:  # pragma: no cover - a corpus scenario's events apply
            return
        boards.append(board.copy())
        steps = [st for st in board.trace[start:] if not PLAIN.match(st.law)]
        ((name, _),) = entry.items()
        if steps:
            yield from _at_event(s, n, entry, name, before, steps[0], boards)
        elif name in ASKED and board.trace[start:]:
            found = _player(before, entry, board.trace[start])
            if found and not _gives_away(found, _recent(s, n, "fr", boards)):
                situation = {lang: _situation(s, n, before, boards, lang) for lang in ("fr", "en")}
                yield _question(s, n, "player", situation, *found[:2], found[0][found[1]].law, ask=found[2])
        for topic, law, (choices, answer) in _facts(before, board):
            prompt = {lang: _prompt_after(board, lang, topic, entry) for lang in ("fr", "en")}
            yield _question(s, n + 1, "fact", prompt, choices, answer, law, topic)
        for topic, law, (choices, answer), ask in _consequences(before, board):
            # what led there too (the lead declarer did not accept), not only the last event
            told = {lang: _told(entry, boards[n + 1], lang) for lang in ("fr", "en")}
            bare = {lang: _situation(s, n, before, boards, lang, state=False) for lang in ("fr", "en")}
            prompt = {lang: f"{bare[lang]} {told[lang]}".strip() for lang in ("fr", "en")}
            yield _question(s, n + 1, "fact", prompt, choices, answer, law, topic, ask)


def _at_event(s: Scenario, n: int, entry: dict[str, Any], name: str, before: Board, fired: Step,
              boards: list[Board]) -> Iterator[Question]:  # fmt: skip
    situation = {lang: _situation(s, n, before, boards, lang) for lang in ("fr", "en")}
    ((_, args),) = entry.items()
    judged = isinstance(args, dict) and any(k in args for k in JUDGEMENT_WORDS["fr"])
    if judged and name not in RULINGS:
        return  # the call carries the ruling's own words: what it leaves is asked as a fact
    if name in RULINGS:
        found = _ruling(before, fired, entry)
        if found:
            told = {lang: _told(entry, boards[n + 1], lang) for lang in ("fr", "en")}
            if name == "director":
                told = {"fr": "L'arbitre est appelé.", "en": "The Director is called."}
            prompt = {lang: f"{situation[lang]} {told[lang]}".strip() for lang in ("fr", "en")}
            yield _question(s, n, "ruling", prompt, *found, fired.law)
        return
    if name not in ("call", "calls", "lead", "expose", "face_lead") and before.engine.states[before.state].waiting:
        held = _player(before, entry, fired)
        if held and not _gives_away(held, _recent(s, n, "fr", boards)):
            yield _question(s, n, "player", situation, *held[:2], held[0][held[1]].law, ask=held[2])
    if name in ("call", "lead", "expose", "face_lead", "accept", "refuse"):
        found = _law_question(before, fired, entry)
        if found:
            told = {lang: _told(entry, boards[n + 1], lang) for lang in ("fr", "en")}
            # not the state's name: « Déclaration après le passe final » would name the answer
            bare = {lang: _situation(s, n, before, boards, lang, state=False) for lang in ("fr", "en")}
            prompt = {lang: f"{bare[lang]} {told[lang]}".strip() for lang in ("fr", "en")}
            yield _question(s, n, "law", prompt, *found, fired.law)


def _situation(s: Scenario, n: int, board: Board, boards: list[Board], lang: str, state: bool = True) -> str:
    parts = [_auction(board, lang), _state(board, lang) if state else "", *_recent(s, n, lang, boards)]
    return " ".join(p for p in parts if p)


def _prompt_after(board: Board, lang: str, topic: str, entry: dict[str, Any]) -> str:
    """The table once the event has acted: the calls, and the event itself unless it is a call (the
    calls say it)."""
    ((name, _),) = entry.items()
    told = "" if name in ("call", "calls") else " " + _told(entry, board, lang)
    if topic not in ("declarer", "leader"):
        return _auction(board, lang) + told
    contract = contract_label(board.contract(), lang)
    said = f"Le contrat est {contract}." if lang == "fr" else f"The contract is {contract}."
    return f"{_auction(board, lang)} {said}"


def _question(s: Scenario, stage: int, kind: str, prompt: dict[str, str], choices: list[Choice], answer: int,
              law: str, topic: str = "", ask: dict[str, str] | None = None) -> Question:  # fmt: skip
    right = choices[answer]
    if kind in ("ruling", "law") or topic in CONSEQUENCES:
        # the same order for everyone, but not the model's order: the right choice is not always first
        order = sorted(range(len(choices)), key=lambda i: zlib.crc32(f"{s.id}/{stage}/{choices[i].fr}".encode()))
        choices = [choices[i] for i in order]
        answer = choices.index(right)
    # who is declarer is defined in the Definitions of the Laws, not in 22A (the auction's end)
    cite = dict(DEFINITIONS) if topic == "declarer" else {}
    explanation = {}
    for lang in ("fr", "en"):
        head = f"{getattr(right, lang)} ({cite.get(lang) or _law(law, lang)})"
        why = right.why.get(lang, "")
        body = "\n".join(x for x in (head, why, None if cite else law_words(law, lang)) if x)
        explanation[lang] = body
    ask = ask or (ASK[topic] if kind == "fact" else ASK[kind])
    return Question(s.id, stage, prompt, choices, answer, explanation, law, kind, dict(ask), topic, cite)


def questions(scenario: Scenario | str) -> list[Question]:
    """The questions of a scenario, in the order of its events."""
    s = find(scenario) if isinstance(scenario, str) else scenario
    return _fair(list(_questions(s)))


def corpus_questions() -> list[Question]:
    return [q for f in corpus_files() for s in load(f) for q in _fair(list(_questions(s)))]


def _fair(asked: list[Question]) -> list[Question]:
    """The questions of one scenario a class is set: at most one « which seat » question at each
    stage (the first: who declares before who leads), and no question of who must pass right after
    the ruling that barred him under the same law (the two ask the same thing)."""
    kept: list[Question] = []
    for q in asked:
        if q.seats_only and any(k.seats_only and k.stage == q.stage for k in kept):
            continue
        if q.topic == "obligation" and any(
            k.kind in ("ruling", "law") and k.law == q.law and k.stage == q.stage - 1 for k in kept
        ):
            continue
        kept.append(q)
    return kept


def bank(pool: list[Question] | None = None) -> list[Question]:
    """The questions of the corpus a class is given: one per situation (a kind, its law and its
    keyed answer), no two of one family offering the same choices, no law taking more than a
    quarter of the bank."""
    seen: set[tuple[str, str, str, str]] = set()
    sets: set[tuple[str, frozenset[str]]] = set()  # no two questions of one quiz offer the same choices
    unique = []
    for q in pool if pool is not None else corpus_questions():
        key = (q.kind, q.topic, q.law, _masked(q.choices[q.answer].fr))
        offered = (q.family, frozenset(c.fr for c in q.choices))
        if key not in seen and offered not in sets:
            seen.add(key)
            sets.add(offered)
            unique.append(q)
    return _capped(unique)


_PARTICULARS = re.compile(r"[♠♥♦♣](?:10|[2-9ARDVX])|\b(?:d'|de )?(?:Nord|Est|Sud|Ouest)\b")


def _masked(text: str) -> str:
    """A keyed answer without the board's particulars (a card, a seat): « ♥R devient une carte
    pénalisée majeure » and « ♠A devient… » are one situation for a class."""
    return _PARTICULARS.sub("…", text)


def _capped(pool: list[Question]) -> list[Question]:
    """At most ``k`` questions of each law number, the largest ``k`` that keeps every law within
    :data:`SHARE` of the bank; the first of each law kept."""
    by_law: dict[str, list[Question]] = {}
    for q in pool:
        by_law.setdefault(re.match(r"\d+", q.law).group(), []).append(q)  # type: ignore[union-attr]
    best = 1
    for k in range(1, max((len(v) for v in by_law.values()), default=1) + 1):
        total = sum(min(len(v), k) for v in by_law.values())
        if max(min(len(v), k) for v in by_law.values()) <= SHARE * total:
            best = k
    kept = {id(q) for v in by_law.values() for q in v[:best]}
    return [q for q in pool if id(q) in kept]
