"""Stepping through a board for teaching: a generator of stages, each shown as the auction grid,
the laws applied, the state reached and every player's options (French first, English too).

In a notebook, ``for stage in walk("27B2-design-example"): display(stage)`` shows the board event by
event; ``stage.board.diagram()`` draws where the table stands on the machine.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from fsm.bridge.auction import CANCELLED, PENDING, WITHDRAWN, Entry
from fsm.bridge.calls import NOTRUMP, SEATS, SUIT_SYMBOLS, parse_call, parse_card
from fsm.bridge.errors import FsmError
from fsm.laws.lawtext import LAW
from fsm.model.board import Board, Step
from fsm.model.scenario import Scenario, board_for, find
from fsm.teach.text import calls_text, describe_event, describe_options, grid_rows, seat_name, state_label

# The options a teacher hides: open at every step whatever the irregularity (a review or an
# explanation, 20 and 41B; a card exposed, 24; an unintended call replaced, 25A).
ROUTINE_FAMILIES = ("20", "24")
ROUTINE_EVENTS = ("review", "explain")


def is_routine(option: dict[str, Any]) -> bool:
    """An option of ``board.options()`` that is the « bruit » of every step: Laws 20, 24 and 25A
    (and the review and explanation rights, which 41B cites after the final pass)."""
    law = str(option.get("law", ""))
    family = re.match(r"\d+", law)
    if option.get("event") in ROUTINE_EVENTS or (family is not None and family.group() in ROUTINE_FAMILIES):
        return True
    return law.startswith("25A")


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


TITLES = {
    "fr": ("Événement", "Lois appliquées", "État", "Options"),
    "en": ("Event", "Laws applied", "State", "Options"),
}


@dataclass
class Stage:
    """One event of a board and where it left the table (frozen at that moment); ``board`` is the
    board itself, which goes on with the next stages."""

    number: int
    text: str
    steps: list[Step]
    board: Board
    snapshot: dict[str, Any]
    state: str
    grid: str
    options: list[str]
    refused: str | None = None
    lang: str = "fr"
    options_data: list[dict[str, Any]] = field(default_factory=list)  # board.options() at that moment

    def _repr_html_(self) -> str:
        t = TITLES[self.lang]
        laws = ", ".join(f"{LAW[self.lang]} {s.law}" for s in self.steps) or "—"
        parts = [f"<p><b>{self.number}. {html.escape(self.text)}</b></p>"]
        if self.refused:
            parts.append(f"<p style='color:#b00'>{html.escape(self.refused)}</p>")
        colon = " : " if self.lang == "fr" else ": "  # one heading and its value a line: one « : » a sentence
        parts.append(f"<p>{t[1]}{colon}{html.escape(laws)}</p>")
        parts.append(f"<p>{t[2]}{colon}{html.escape(state_label(self.state, self.lang))}</p>")
        parts.append(self.grid)
        options = self.options
        if options:
            items = "".join(f"<li>{html.escape(o)}</li>" for o in options)
            parts.append(f"<p>{t[3]} :</p><ul>{items}</ul>")
        return readable("\n".join(parts))

    def __str__(self) -> str:
        laws = ", ".join(s.law for s in self.steps)
        return f"{self.number}. {self.text} [{laws}] → {self.state}"


def grid_html(board: Board, lang: str = "fr") -> str:
    """The auction grid: N E S O columns; cancelled and withdrawn calls struck through, with the
    law that removed them; a call awaiting a decision in brackets."""

    def cell(e: Entry) -> str:
        text = html.escape(e.call.label(lang))  # type: ignore[arg-type]
        if e.status in (CANCELLED, WITHDRAWN):
            return f"<s>{text}</s> <small>({e.law})</small>"
        return f"[{text}]" if e.status == PENDING else text

    head = "".join(f"<th style='{CELL}'>{s.label('fr' if lang == 'fr' else 'pbn')}</th>" for s in SEATS)
    body = "".join(
        "<tr>" + "".join(f"<td style='{CELL}'>{c}</td>" for c in r) + "</tr>" for r in grid_rows(board, cell)
    )
    return f"<table class='grid' style='border-collapse:collapse'><tr>{head}</tr>{body}</table>"


# Inline, not in a stylesheet: a notebook's viewer (Jupyter, a forge) drops the page's own CSS and
# its own shrinks text to 13 px and strips table borders.
CELL = "border:1px solid #999;padding:2px 10px;text-align:center;min-width:3.5em"
TEXT_SIZE = "font-size:16px;line-height:1.45"


def readable(markup: str) -> str:
    """Markup a notebook shows, in 16 px type."""
    return f"<div style='{TEXT_SIZE}'>{markup}</div>"


def walk(scenario: Scenario | str, lang: str = "fr") -> Iterator[Stage]:
    """Play a scenario of the corpus (or one given) event by event; a refused event is shown refused."""
    s = find(scenario) if isinstance(scenario, str) else scenario
    board = board_for(s)
    for n, entry in enumerate(s.events, 1):
        ((name, args),) = entry.items()
        refused = None
        steps: list[Step] = []
        if name == "rejected":
            ((name, args),) = args["event"].items()
            try:
                steps = board.apply(name, args)
            except FsmError as err:
                refused = err.message_fr if lang == "fr" else err.message_en
                # the law last, as an option cites it: « Loi 27B : refusé : … » made two colons
                refused = f"{refused} ({LAW[lang]} {err.law})" if err.law else refused
        elif name == "calls":
            steps = board.calls(args)
        else:
            steps = board.apply(name, args)
        if name == "calls":
            text = ("enchères : " if lang == "fr" else "calls: ") + calls_text(args, lang)
        else:
            text = capital(describe_event(name, args if refused else board.events[-1][name], lang))
        yield Stage(
            n, text, steps, board, board.snapshot(), board.state, grid_html(board, lang),
            describe_options(board, lang), refused, lang, board.options(),
        )  # fmt: skip


# --- what the table holds, in words (the stepper and the pages) ----------------------------------
OBLIGATIONS = {
    "pass_rest": ("doit passer jusqu'à la fin des annonces", "must pass for the rest of the auction"),
    "pass_next_turn": ("doit passer à son prochain tour", "must pass at his next turn"),
    "repeat_call": ("doit répéter sa déclaration", "must repeat his call"),
}
HEADINGS = {
    "obligations": ("Obligations", "Obligations"),
    "ui": ("Informations non autorisées", "Unauthorised information"),
    "lead": ("Entame", "Opening lead"),
    "cards": ("Cartes exposées ou pénalisées", "Exposed or penalty cards"),
}
SUIT_SIGNS = {**SUIT_SYMBOLS, "N": NOTRUMP["fr"]}


def _token(token: str, lang: str) -> str:
    """``E:1D`` (a call) or ``E:S5`` (a card exposed) in words: « 1♦ d'Est »."""
    seat, _, what = token.partition(":")
    try:
        label = parse_call(what).label(lang)  # type: ignore[arg-type]
    except FsmError:
        label = parse_card(what).label(lang)  # type: ignore[arg-type]
    who = seat_name(seat, lang)
    if lang == "fr":
        return f"{label} " + (f"d'{who}" if who[0] in "AEIOU" else f"de {who}")
    return f"{label} by {who}"


def table_notes(snapshot: dict[str, Any], lang: str = "fr") -> dict[str, list[str]]:
    """What the table holds besides the calls, as sentences: obligations to pass, unauthorised
    information, lead restrictions and constraints, exposed and penalty cards. Each cites its law."""
    fr = lang == "fr"
    law = LAW[lang]
    out: dict[str, list[str]] = {key: [] for key in HEADINGS}
    for o in snapshot["obligations"]:
        words = OBLIGATIONS.get(o["kind"], (o["kind"], o["kind"]))[0 if fr else 1]
        out["obligations"].append(f"{seat_name(o['seat'], lang)} {words} ({law} {o['law']})")
    for u in snapshot["unauthorized_information"]:
        to = ", ".join(seat_name(s, lang) for s in u["for"])
        source = _token(u["source"], lang)
        out["ui"].append(
            f"{source} : information non autorisée pour {to} ({law} {u['law']})"
            if fr
            else f"{source}: unauthorised information for {to} ({law} {u['law']})"
        )
    for r in snapshot["lead_restrictions"]:
        suits = " ".join(SUIT_SIGNS.get(x, x) for x in r["suits"])
        out["lead"].append(
            f"Le déclarant peut interdire à {seat_name(r['seat'], lang)} l'entame d'une de ces couleurs : {suits} ({law} {r['law']})"
            if fr
            else f"Declarer may prohibit {seat_name(r['seat'], lang)} from leading one of these suits: {suits} ({law} {r['law']})"
        )
    for c in snapshot["lead_constraints"]:
        verb = {
            "require": ("doit entamer", "must lead"),
            "prohibit": ("ne peut pas entamer", "may not lead"),
            "designate": ("doit entamer la carte pénalisée désignée :", "must lead the penalty card designated:"),
        }
        words = verb.get(c["kind"], (c["kind"], c["kind"]))[0 if fr else 1]
        what = (
            parse_card(c["card"]).label(lang)  # type: ignore[arg-type]
            if c.get("card")
            else SUIT_SIGNS.get(c["suit"], c["suit"])
        )
        out["lead"].append(f"{seat_name(c['seat'], lang)} {words} {what} ({law} {c['law']})")
    for x in snapshot["exposed_cards"]:
        card = parse_card(x["card"]).label(lang)  # type: ignore[arg-type]
        out["cards"].append(
            f"{seat_name(x['seat'], lang)} : {card} exposée ({law} 24)"
            if fr
            else f"{seat_name(x['seat'], lang)}: {card} exposed ({law} 24)"
        )
    kinds = {"major": ("majeure", "major"), "minor": ("mineure", "minor")}
    for p in snapshot["penalty_cards"]:
        card = parse_card(p["card"]).label(lang)  # type: ignore[arg-type]
        kind = kinds.get(p["kind"], (p["kind"], p["kind"]))[0 if fr else 1]
        out["cards"].append(  # Law 50 governs a penalty card, whichever law made it one
            f"{seat_name(p['seat'], lang)} : {card}, carte pénalisée {kind} ({law} 50)"
            if fr
            else f"{seat_name(p['seat'], lang)}: {card}, {kind} penalty card ({law} 50)"
        )
    return out


# --- the four hands, as they stand at a stage ------------------------------------------------------
ON_TABLE = {
    "fr": {"exposed": "exposée", "major": "carte pénalisée majeure", "minor": "carte pénalisée mineure",
           "lead": "entame", "face_down": "entame face cachée", "table": "Sur la table"},
    "en": {"exposed": "exposed", "major": "major penalty card", "minor": "minor penalty card",
           "lead": "opening lead", "face_down": "face-down opening lead", "table": "On the table"},
}  # fmt: skip


def _rank_text(ranks: str, lang: str) -> str:
    """A suit's cards as a hand diagram prints them: A R D V 10 in French, A K Q J 10 in English."""
    return " ".join(parse_card("S" + r).label("fr" if lang == "fr" else "en")[1:] for r in ranks)


def on_table(snapshot: dict[str, Any]) -> dict[str, list[tuple[str, str]]]:
    """The cards out of each hand at this moment, by seat: (PBN card, what it is: exposed, major,
    minor, lead, face_down). A card sent back to the hand (``returned_cards``) is in the hand again."""
    out: dict[str, list[tuple[str, str]]] = {s.value: [] for s in SEATS}
    seen: set[str] = set()
    for c in snapshot.get("penalty_cards", []):
        out[c["seat"]].append((c["card"], c.get("kind", "major")))
        seen.add(c["card"])
    for c in snapshot.get("exposed_cards", []):
        if c["card"] not in seen:
            out[c["seat"]].append((c["card"], "exposed"))
            seen.add(c["card"])
    lead = snapshot.get("lead")
    if lead and lead["card"] not in seen:
        out[lead["seat"]].append((lead["card"], "lead" if lead.get("faced") else "face_down"))
    return out


def hands_html(dealt: dict[str, dict[str, str]], snapshot: dict[str, Any], lang: str = "fr") -> str:
    """The four hands around the table at this stage: the cards still held, and beside each hand the
    cards it has out on the table (exposed, penalty card, lead), so a class sees where every card is."""
    words = ON_TABLE["fr" if lang == "fr" else "en"]
    out = on_table(snapshot)

    def suit_line(seat: str, suit: str) -> str:
        held = "".join(r for r in dealt[seat][suit] if suit + r not in {c for c, _ in out[seat]})
        sign = SUIT_SYMBOLS[suit]
        sign = f"<span class='red'>{sign}</span>" if suit in "HD" else sign
        return f"<div>{sign} {html.escape(_rank_text(held, lang)) or '—'}</div>"

    def hand(seat: str) -> str:
        lines = "".join(suit_line(seat, suit) for suit in "SHDC")
        shown = ""
        if out[seat]:
            cards = ", ".join(
                f"{html.escape(parse_card(c).label('fr' if lang == 'fr' else 'en'))} ({words[kind]})"
                for c, kind in out[seat]
            )
            shown = (
                f"<div class='out'>{words['table']} : {cards}</div>"
                if lang == "fr"
                else (f"<div class='out'>{words['table']}: {cards}</div>")
            )
        return f"<div class='seat'>{html.escape(seat_name(seat, lang))}</div>{lines}{shown}"

    return (
        "<table class='hands'>"
        f"<tr><td></td><td>{hand('N')}</td><td></td></tr>"
        f"<tr><td>{hand('W')}</td><td></td><td>{hand('E')}</td></tr>"
        f"<tr><td></td><td>{hand('S')}</td><td></td></tr></table>"
    )
