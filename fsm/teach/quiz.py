"""Quiz questions drawn from a scenario: « Que décide l'arbitre ? » at each of its decision points.

A decision point is a waiting state (an irregularity awaits its option holder or the arbitre)
from which the scenario goes on. The choices are that state's options, not the routine ones
(:func:`fsm.teach.teaching.is_routine`); a ruling of the arbitre (``judge``, ``director``) is opened
into the branches its rules give (comparable or not, 39B or 39C…). The answer is the choice
whose law is the law of the step the scenario's next events actually fired: the events are
followed while the table still waits (a replacement call, then the judgement of it), so that
the answer is the rectification the Laws give, never a guess.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from fsm.bridge.calls import parse_call
from fsm.bridge.errors import FsmError
from fsm.laws.lawtext import LAW
from fsm.model.board import Board, Step
from fsm.model.scenario import Scenario, apply_event, board_for, find
from fsm.teach.teaching import capital, is_routine
from fsm.teach.text import calls_text, describe_event, option_clause, ruling_words, seat_name, state_label

QUESTION = {"fr": "Que décide l'arbitre ?", "en": "What does the Director rule?"}
RULINGS = ("judge", "director")  # the arbitre's own events: opened into the branches of this state's rules


@dataclass(frozen=True)
class Choice:
    fr: str
    en: str
    law: str


@dataclass(frozen=True)
class Question:
    """One question: asked at ``stage`` (the number of events played before it; 0 is the deal),
    ``choices[answer]`` is what the Laws give, ``law`` the law of the step that fired it."""

    scenario: str
    stage: int
    prompt: dict[str, str]
    choices: list[Choice]
    answer: int
    explanation: dict[str, str]
    law: str


def law_words(law: str) -> str | None:
    """The FFB words of a law, when the text the package holds has them."""
    try:
        from fsm.laws import lawtext
    except ImportError:  # pragma: no cover - the law text ships with the package
        return None
    return lawtext.text(law) or None


Offer = tuple[Choice, str, str | None]  # a choice, the event that makes it, the rule that gives it


def _choices(board: Board) -> list[Offer]:
    """The non-routine options of the state, with the event each is made by; a ruling opened into
    the branches its rules give here."""
    out: list[Offer] = []
    seen: set[tuple[str, str]] = set()

    def add(fr: str, en: str, law: str, event: str, rule: str | None = None) -> None:
        if (law, fr) not in seen:
            seen.add((law, fr))
            out.append((Choice(fr, en, law), event, rule))

    for opt in board.options():
        if is_routine(opt):
            continue
        if opt["event"] in RULINGS:
            rules = [r for r in board.engine.candidates(board.state, opt["event"]) if r.source == board.state]
            if len({r.law for r in rules}) > 1:
                for r in rules:
                    add(ruling_words(r, "fr"), ruling_words(r, "en"), r.law, r.event, r.id)
                continue
        add(capital(option_clause(opt, "fr")), capital(option_clause(opt, "en")), opt["law"], opt["event"])
    return out


def _match(steps: list[Step], choices: list[Offer]) -> tuple[int, str] | None:
    """The choice the steps took: the first step whose rule is a choice's, else whose event and
    law are, else whose law is."""
    for step in steps:
        ranks = [
            0 if rule == step.rule else 1 if (c.law, event) == (step.law, step.event) else 2 if c.law == step.law else 3
            for c, event, rule in choices
        ]
        best = min(ranks, default=3)
        if best < 3:
            return ranks.index(best), step.law
    return None


def _situation(board: Board, lang: str) -> str:
    irr = board.table.irregularity
    state = state_label(board.state, lang)
    if irr is None:
        return state
    e = irr.entry
    kind = irr.classification.kind
    seat = seat_name(e.seat, lang)
    call = parse_call(str(e.call)).label(lang)  # type: ignore[arg-type]
    said = f"{seat} : {call} ({kind.fr})" if lang == "fr" else f"{seat}: {call} ({kind.en})"
    return f"{state}. {said}"


def _questions(s: Scenario) -> Iterator[Question]:
    board = board_for(s)
    events = s.events
    n = 0
    while n < len(events):
        if board.engine.states[board.state].waiting:
            found = _ask(s, board, n)
            if found is not None:
                question, consumed = found
                yield question
                for entry in events[n : n + consumed]:
                    if "rejected" not in entry:
                        apply_event(board, entry)
                n += consumed
                continue
        if "rejected" not in events[n]:
            apply_event(board, events[n])
        n += 1


def _ask(s: Scenario, board: Board, n: int) -> tuple[Question, int] | None:
    """The question asked after ``n`` events, and how many events its answer takes."""
    choices = _choices(board)
    if len(choices) < 2:
        return None
    trial = board.copy()
    told: dict[str, list[str]] = {"fr": [], "en": []}
    for k, entry in enumerate(s.events[n:], 1):
        ((name, args),) = entry.items()
        if name == "rejected":
            continue
        before = len(trial.trace)
        try:
            apply_event(trial, entry)
        except FsmError:
            return None
        shown = trial.events[-1] if name != "calls" else {"calls": args}
        ((logged_name, logged_args),) = shown.items()
        for lang in ("fr", "en"):
            if logged_name == "calls":
                told[lang].append(("enchères : " if lang == "fr" else "calls: ") + calls_text(logged_args, lang))
            else:
                told[lang].append(describe_event(logged_name, logged_args, lang))
        hit = _match(trial.trace[before:], choices)
        if hit is not None:
            return _question(s, board, n, choices, hit, told), k
        if not trial.engine.states[trial.state].waiting:
            return None
    return None


def _question(
    s: Scenario,
    board: Board,
    n: int,
    choices: list[Offer],
    hit: tuple[int, str],
    told: dict[str, list[str]],
) -> Question:
    answer, law = hit
    chosen = choices[answer][0]
    words = law_words(law)
    explanation = {}
    for lang in ("fr", "en"):
        text = chosen.fr if lang == "fr" else chosen.en
        head = f"{text} ({LAW[lang]} {law})"
        explanation[lang] = f"{head}\n{words}" if words else head
    prompt = {lang: ". ".join([_situation(board, lang), *map(capital, told[lang])]) + "." for lang in ("fr", "en")}
    return Question(s.id, n, prompt, [c for c, _, _ in choices], answer, explanation, law)


def questions(scenario: Scenario | str) -> list[Question]:
    """The questions of a scenario, in the order of its events."""
    s = find(scenario) if isinstance(scenario, str) else scenario
    return list(_questions(s))
