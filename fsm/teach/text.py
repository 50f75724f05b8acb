"""French and English words for what the board shows: events, states, options, steps.

The law modules carry the labels of their own states and rules; this module only assembles
sentences from them, for the demo, the notebooks and the CLI.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from fsm.bridge.calls import SUIT_NAMES, Lang, Seat, parse_call, parse_card, parse_strain
from fsm.bridge.errors import InputError
from fsm.bridge.events import EVENTS
from fsm.engine.tables import Rule, condition_of
from fsm.laws.lawtext import LAW
from fsm.model.machine import states

if TYPE_CHECKING:
    from fsm.bridge.auction import Entry
    from fsm.model.board import Board, Step


def state_label(state: str, lang: str = "fr") -> str:
    spec = states()[state]
    return f"{getattr(spec, lang)} ({LAW[lang]} {spec.law})"


def seat_name(seat: str | Seat, lang: str = "fr") -> str:
    return Seat(seat).name_in("fr" if lang == "fr" else "en")


def calls_text(text: str, lang: str = "fr") -> str:
    """A call sequence in the scenario shorthand (``Pass Pass 4H``, ``AP`` for all pass) written out:
    ``Passe Passe 4♥``; unreadable tokens are kept as they are."""
    words: list[str] = []
    tail = ""
    for token in text.split():
        if token.upper() == "AP":
            tail = {"fr": ", puis tous passent", "en": ", then all pass"}[_lang(lang)]
            continue
        try:
            words.append(parse_call(token).label(_lang(lang)))
        except InputError:
            words.append(token)
    if not words:
        return tail.removeprefix(", puis ").removeprefix(", then ")
    return " ".join(words) + tail


def _lang(lang: str) -> Lang:
    return "fr" if lang == "fr" else "en"


# A judgement in words (12, 23A, 25, 21B1, 47E1, 54C), for the judge event and for a call
# that carries the Director's judgement: (when true, when false) in each language.
JUDGEMENT_WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "fr": {
        "comparable": ("la déclaration comparable", "la déclaration non comparable"),
        "unintended": ("la déclaration non intentionnelle", "la déclaration intentionnelle"),
        "could_see_dummy": (
            "que le déclarant pouvait voir la main du mort",
            "que le déclarant ne pouvait pas voir la main du mort",
        ),
        "misinformation": (
            "qu'une information erronée donnée par un adversaire est en cause",
            "qu'aucune information erronée n'est en cause",
        ),
    },
    "en": {
        "comparable": ("the call comparable", "the call not comparable"),
        "unintended": ("the call unintended", "the call intended"),
        "could_see_dummy": ("that declarer could see dummy's hand", "that declarer could not see dummy's hand"),
        "misinformation": ("that misinformation from an opponent is involved", "that no misinformation is involved"),
    },
}
_CALL_JUDGED = {"fr": ("jugée comparable par l'arbitre", "jugée non comparable par l'arbitre"),
                "en": ("judged comparable by the Director", "judged not comparable by the Director")}  # fmt: skip


# A rule's label is a diagram's branch (« non intentionnelle : … », « comparable »): as a choice it
# becomes a sentence with its subject, the arbitre, and the judgement said in full.
_RESTATED = {
    "fr": re.compile(
        r"^(?:(?:non |pas d')?(?:comparable|intentionnelle|information erronée)|il (?:n')?a (?:pas )?pu voir le mort)(?:, |$)"
    ),
    "en": re.compile(
        r"^(?:(?:not |no )?(?:comparable|intended|unintended|misinformation)|he could (?:not )?have seen dummy)(?:, |$)"
    ),
}
_RULES_BY = {"fr": ("L'arbitre juge", "L'arbitre statue"), "en": ("The Director judges", "The Director rules")}


def _judgement(rule: Rule) -> tuple[str, bool] | None:
    """The judgement a rule's guards ask for (``event.judgement.<key>`` equal to a value), if any."""

    def find(expr: Any, negated: bool) -> tuple[str, bool] | None:
        if isinstance(expr, dict):
            for op, arg in expr.items():
                if op == "==" and isinstance(arg, list) and len(arg) == 2 and isinstance(arg[0], dict):
                    path = str(arg[0].get("var", ""))
                    if path.startswith("event.judgement.") and isinstance(arg[1], bool):
                        return path.rsplit(".", 1)[1], arg[1] != negated
                found = find(arg, negated != (op == "!"))
                if found is not None:
                    return found
        elif isinstance(expr, list):
            for item in expr:
                found = find(item, negated)
                if found is not None:
                    return found
        return None

    for g in rule.guards:
        found = find(condition_of(g), False)
        if found is not None:
            return found
    return None


def ruling_words(rule: Rule, lang: str) -> str:
    """A ruling's branch as a sentence: « L'arbitre juge la déclaration non intentionnelle : la
    déclaration voulue est maintenue »; what the label restates of the judgement is left out, and
    its own colons become commas (one « : » to a sentence)."""
    label = rule.fr if lang == "fr" else rule.en
    sep = " : " if lang == "fr" else ": "
    judged = _judgement(rule) if rule.event == "judge" else None
    parts = [p for p in label.split(sep.strip()) if p.strip()]
    parts = [p.strip() for p in parts]
    if judged is not None:
        key, value = judged
        kept = [_RESTATED[lang].sub("", p).strip() for p in parts]
        rest = ", ".join(p for p in kept if p)
        words = JUDGEMENT_WORDS[lang][key][0 if value else 1]
        head = f"{_RULES_BY[lang][0]} {words}"
    else:
        rest = ", ".join(parts)
        if rest.lower().startswith(("l'arbitre", "the director")):
            return label[:1].upper() + label[1:]
        head = _RULES_BY[lang][1]
    return f"{head}{sep}{rest}" if rest else head


def suit_name(suit: str, lang: str = "fr") -> str:
    """A suit in words: « cœur », "heart"."""
    return SUIT_NAMES[_lang(lang)][str(suit)]


def contract_label(contract: str | None, lang: str = "fr") -> str:
    """A contract in PBN (``4HX``, ``Pass``) in words: « 4♥ contré », « donne passée »."""
    lang = _lang(lang)
    if contract is None:
        return "—"
    if contract == "Pass":
        return {"fr": "donne passée", "en": "passed out"}[lang]
    stripped = contract.rstrip("X")
    doubled = len(contract) - len(stripped)
    words = {"fr": ("", " contré", " surcontré"), "en": ("", " doubled", " redoubled")}[lang]
    return parse_call(stripped).label(lang) + words[doubled]


def describe_args(args: dict[str, Any], lang: str) -> str:
    """An event's arguments in words: the call or cards, and every judgement as a sentence."""
    lang = _lang(lang)
    parts = []
    if "call" in args:
        parts.append(parse_call(args["call"]).label(lang))
    if "card" in args:
        face = {"fr": " (face cachée)", "en": " (face down)"}[lang] if args.get("face_down") else ""
        parts.append(parse_card(args["card"]).label(lang) + face)
    if "cards" in args:
        parts.append(" ".join(parse_card(c).label(lang) for c in args["cards"]))
        if args.get("led"):
            parts.append({"fr": "(attaquée prématurément)", "en": "(led prematurely)"}[lang])
    if "suit" in args:
        what = {"fr": "l'entame à {}", "en": "a {} lead"}[lang]
        parts.append(what.format(suit_name(parse_strain(str(args["suit"])).value, lang)))
    if args.get("artificial"):
        parts.append({"fr": "(conventionnelle)", "en": "(artificial)"}[lang])
    if args.get("specifies"):
        names = " ".join(parse_strain(str(x)).label(lang) for x in args["specifies"])
        parts.append({"fr": f"(spécifiant {names})", "en": f"(specifying {names})"}[lang])
    if args.get("names"):
        named = parse_call(args["names"]).label(lang)
        parts.append({"fr": f"(en nommant {named})", "en": f"(naming {named})"}[lang])
    if "seat" in args or "call" in args:  # a call that carries the Director's judgement
        if "comparable" in args:
            parts.append(f"({_CALL_JUDGED[lang][0 if args['comparable'] else 1]})")
    else:
        for key, (yes, no) in JUDGEMENT_WORDS[lang].items():
            if key in args:
                parts.append(yes if args[key] else no)
    return " ".join(parts)


# Events no seat makes: their words are a verb (« appelle l'arbitre »), so they are given the subject
# the table says (« la table appelle l'arbitre »); a bare verb is no sentence.
SUBJECTS = {"director": {"fr": "la table", "en": "the table"}}


def describe_event(name: str, args: dict[str, Any], lang: str = "fr") -> str:
    if "seat" in args:
        who = seat_name(args["seat"], lang) + " "
    elif name in SUBJECTS:
        who = SUBJECTS[name][_lang(lang)] + " "
    else:
        who = ""
    verb = EVENTS[name].fr if lang == "fr" else EVENTS[name].en
    what = describe_args(args, lang)
    return f"{who}{verb}{(' ' + what) if what else ''}".strip()


def describe_step(step: Step, lang: str = "fr") -> str:
    """``Loi 27A1 → Déclarations en rotation (Loi 17C)``; the state's law is not repeated when it is the step's."""
    spec = states()[step.target]
    target = getattr(spec, lang) if spec.law == step.law else state_label(step.target, lang)
    return f"{LAW[lang]} {step.law} → {target}"


def describe_options(board: Board, lang: str = "fr", own_state_only: bool = False) -> list[str]:
    """One sentence per option; ``own_state_only`` leaves out those every state of a phase shares.

    An option of the arbitre's (or of anyone at the table) is its own sentence, which says who
    acts; a player's option has the seats that hold it as its subject. The law is cited once.
    """
    return [option_sentence(opt, lang) for opt in board.options(own_state_only) if held(opt)]


def held(opt: dict[str, Any]) -> bool:
    """Whether someone holds the option now: the arbitre's (no seats) or at least one seat's."""
    return opt["seats"] is None or bool(opt["seats"])


def seats_text(seats: list[str], lang: str = "fr") -> str:
    """Seats as the subject of one verb: « Nord », « Nord ou Sud », « Nord, Est ou Sud » (each may act,
    so the verb stays singular)."""
    names = [seat_name(s, lang) for s in seats]
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + (" ou " if lang == "fr" else " or ") + names[-1]


def option_clause(opt: dict[str, Any], lang: str = "fr") -> str:
    """One option of ``board.options()`` as a clause with its subject, no law: the seats that hold it
    (« Nord ou Sud demande un rappel des annonces »; a held option's text starts with its verb), or,
    when no seat holds it, its own text, which names who acts (« l'arbitre juge… »). A holder put in
    front with a colon made « Nord : accepte… : … », two colons, and « l'arbitre ou la table : ou si… »."""
    seats = opt["seats"]
    return f"{seats_text(seats, lang)} {opt[lang]}" if seats else str(opt[lang])


def option_sentence(opt: dict[str, Any], lang: str = "fr") -> str:
    """One option of ``board.options()`` as a sentence: its subject first, the law last."""
    text = option_clause(opt, lang)
    text = text[:1].upper() + text[1:]
    if f"{LAW[lang]} {opt['law']}" not in text:
        text += f" ({LAW[lang]} {opt['law']})"
    return text


def grid_rows(board: Board, cell: Callable[[Entry], str]) -> list[list[str]]:
    """The auction laid out as rows of four columns N E S W, each call written by ``cell``."""
    seats = list(Seat)
    rows: list[list[str]] = [[""] * 4]
    last = seats.index(board.dealer) - 1
    for e in board.auction.entries:
        col = seats.index(e.seat)
        if col <= last:
            rows.append([""] * 4)
        last = col
        rows[-1][col] = cell(e)
    return [r for r in rows if any(r)]


def auction_grid(board: Board, lang: str = "fr") -> str:
    """The auction as a text grid N E S O, cancelled calls between tildes, pending ones in brackets."""
    from fsm.bridge.auction import CANCELLED, PENDING, WITHDRAWN

    def cell(e: Entry) -> str:
        text = e.call.label(lang)  # type: ignore[arg-type]
        if e.status in (CANCELLED, WITHDRAWN):
            return f"~{text}~"
        return f"[{text}]" if e.status == PENDING else text

    header = "  ".join(f"{s.label('fr' if lang == 'fr' else 'pbn'):<9}" for s in Seat)
    return "\n".join([header] + ["  ".join(f"{c:<9}" for c in r) for r in grid_rows(board, cell)])
