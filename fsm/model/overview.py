"""The whole machine on one screen (1920 × 1080 px): states grouped by period, the states of each
irregularity's law family in one box, one arrow per pair of boxes with its events in words, and no
loop (what happens within a box is in that family's decision tree, :func:`fsm.model.diagrams.law_view`)."""

from __future__ import annotations

import graphviz

from fsm.laws.lawtext import LAW
from fsm.laws.registry import families
from fsm.laws.spec import StateSpec
from fsm.model.diagrams import _leaf, event_words
from fsm.model.labels import FONT, FONTSIZE, TITLE_FONTSIZE, html
from fsm.model.machine import modules, rules, states

# The law families whose states share one box (fsm/laws/<family>.yaml): family -> (French, English).
GROUPS = {f.name: f.overview for f in families() if f.overview}

# Period -> (French, English, the states it holds, by name prefix); the first match wins.
PERIODS = [
    ("auction", "Les annonces", "The auction", ("board", "auction.calling")),
    ("irregular", "Les irrégularités des annonces", "Irregularities of the auction", ("auction.",)),
    ("clarification", "La période de clarification", "The clarification period", ("clarification",)),
    ("lead", "L'entame hors tour", "The lead out of turn", ("lead_out_of_turn",)),
    ("end", "La fin de la période des annonces", "The end of the auction period", ("play", "passed_out", "returned")),
]
STACKED = [
    ("board", "auction.calling"),
    ("passed_out", "returned"),
    ("clarification.face_down_lead", "clarification.lead_made"),
]
ANY = {"fr": "à tout moment : {}", "en": "at any moment: {}"}
TITLE = {
    "fr": "Vue d'ensemble : les annonces selon le Code 2017 (→ aller, ← retour)",
    "en": "Overview: the auction under the 2017 Laws (→ there, ← back)",
}


def _period(state: str) -> str:
    for key, _, _, prefixes in PERIODS:
        if any(state == p or state.startswith(p) for p in prefixes):
            return key
    raise ValueError(state)


# A state drawn in another box, to keep the overview on one screen: a lead faced to a contract above
# seven awaits the Director's Law 38 ruling, so its arrows meet the inadmissible calls' box (the
# family's own drawing, 41-54, names it).
SHARED = {"lead_above_seven": "family_inadmissible"}


# An arrow drawn from another box, for the same reason: once a lead has been faced while a call
# after the final pass awaited the Director, his Law 39 ruling goes on to play, as the clarification
# period does from the awaited lead; it joins that arrow (the family's own drawing, 36-39, draws it from its state).
SHARED_TAIL = {
    ("clarification.call_after_final_pass", "play"): "clarification.face_down_lead",
    # four passes with a skipped turn nobody noticed: the hands put back end the board passed out (17D2), as
    # after a pass-out; the arrow joins that one (the family's own drawing, 28-29, draws it from its state)
    ("auction.unnoticed_skip", "returned"): "passed_out",
    ("auction.pass_out_of_rotation", "returned"): "passed_out",
}


def box_of(state: str) -> str:
    """The box a state is drawn in: its law family's, the one it shares, or its own."""
    for m in modules():
        if m.name in GROUPS and any(s.name == state for s in m.states):
            return f"family_{m.name}"
    return SHARED.get(state, state)


def pairs(lang: str = "fr") -> dict[tuple[str, str], dict[str, list[str]]]:
    """One entry per unordered pair of states that a rule joins: the events each way, in words,
    with their laws. A rule of a compound state (at any moment of the clarification period) leaves
    from that period's own box."""
    out: dict[tuple[str, str], dict[str, list[str]]] = {}
    order = [box_of(s) for s in states()]
    for rule in rules():
        if not rule.dest:
            continue
        src, dst = box_of(rule.source), box_of(_leaf(rule.target))
        src = SHARED_TAIL.get((rule.source, _leaf(rule.target)), src)
        if src == dst or dst.startswith(src + "."):
            continue  # stays in the state: no loop on the overview
        first, second = sorted((src, dst), key=order.index)
        way = "→" if (first, second) == (src, dst) else "←"
        words = out.setdefault((first, second), {"→": [], "←": []})[way]
        said = event_words(rule.event, lang)
        if said not in words:
            words.append(said)
    return out


def _states_of(module: str) -> list[StateSpec]:
    return next(m for m in modules() if m.name == module).states


def _rank(box: str) -> int:
    keys = [key for key, *_ in PERIODS]
    return keys.index("irregular" if box.startswith("family_") else _period(box))


def _laws(src: str, dst: str) -> list[str]:
    found: list[str] = []
    for rule in rules():
        tail = SHARED_TAIL.get((rule.source, _leaf(rule.target)), box_of(rule.source))
        if rule.dest and {tail, box_of(_leaf(rule.target))} == {src, dst} and rule.law not in found:
            found.append(rule.law)
    return found


def overview(lang: str = "fr") -> graphviz.Digraph:
    specs = states()
    compound = {s.parent for s in specs.values() if s.parent}
    joined = pairs(lang)
    used = {s for pair in joined for s in pair}
    dot = graphviz.Digraph("overview", graph_attr={
        "label": html(TITLE[lang], width=90), "labelloc": "t", "fontname": FONT,
        "fontsize": str(TITLE_FONTSIZE), "rankdir": "LR", "nodesep": "0.1", "ranksep": "0.4",
        "newrank": "true", "forcelabels": "true",
    }, node_attr={"fontname": FONT, "fontsize": str(FONTSIZE), "shape": "box", "style": "rounded,filled",
                  "fillcolor": "#e8f1fb"},
        edge_attr={"fontname": FONT, "fontsize": str(FONTSIZE), "color": "#555555"})  # fmt: skip
    for key, fr, en, _ in PERIODS:
        with dot.subgraph(name=f"cluster_{key}") as sub:
            sub.attr(label=html(fr if lang == "fr" else en, width=60, bold_first=True), style="rounded", margin="8",
                     color="#888888", labelloc="b")  # fmt: skip  # below its box: no arrow's words over it
            if key == "irregular":
                for module, (fr_title, en_title) in GROUPS.items():
                    if f"family_{module}" not in used:
                        continue
                    kept = [s for s in _states_of(module) if s.name not in compound]
                    lines = [fr_title if lang == "fr" else en_title]
                    lines += [f"• {getattr(s, lang)} ({s.law})" for s in kept]
                    sub.node(f"family_{module}", html(*lines, width=54, bold_first=True), fillcolor="#fff4d6")
            for name, spec in specs.items():
                if name not in used or _period(name) != key:
                    continue
                words = getattr(spec, lang)
                if name in compound:
                    words = ANY[lang].format(words)
                fill = "#fff4d6" if spec.waiting else "#e8f1fb"
                sub.node(name, html(f"{words} ({LAW[lang]} {spec.law})", width=26), fillcolor=fill,
                         peripheries="2" if spec.final else "1")  # fmt: skip
    for together in STACKED:  # one above the other: the drawing stays within a screen's width
        dot.body.append("{rank=same; " + "; ".join(f'"{n}"' for n in together if n in used) + "}")
    # One tail reaching two states stacked one above the other by the same events (the end of the auction, with
    # or without a face-down lead on the table): one arrow, to the upper one, with the laws of both.
    also: dict[tuple[str, str], tuple[str, str]] = {}
    for upper, lower in STACKED:
        for a, b in [k for k in joined if k[1] == lower]:
            if joined.get((a, upper)) == joined[(a, b)]:
                also[(a, upper)] = (a, b)
                del joined[(a, b)]
    for (a, b), ways in joined.items():
        laws = _laws(a, b)
        if (a, b) in also:
            laws += [law for law in _laws(*also[(a, b)]) if law not in laws]
        lines = []
        if ways["→"] and ways["←"]:
            lines = [f"→ {', '.join(ways['→'])}", f"← {', '.join(ways['←'])}"]
        else:
            lines = [", ".join(ways["→"] or ways["←"])]
        if not (a.startswith("family_") or b.startswith("family_")):  # a family's box names its laws
            lines.append(f"({', '.join(laws[:3])}{' …' if len(laws) > 3 else ''})")
        attrs = {"label": html(*lines, width=24)}
        if a.startswith("family_") and b.startswith("family_"):
            # Between two families' boxes, a plain arrow: the events and their laws are in each family's
            # decision tree; a label placed once the boxes are laid out lay over others' words.
            attrs = {}
        if ways["→"] and ways["←"]:
            attrs["dir"] = "both"
        tail, head = (a, b) if ways["→"] else (b, a)
        if _rank(head) < _rank(tail) or head.startswith("family_") and tail.startswith("family_"):
            attrs["constraint"] = "false"  # back to an earlier period: it does not push the layout wider
        dot.edge(tail, head, **attrs)
    return dot
