"""Diagrams of the machine: an intermediate form read from the law tables, then rendered to DOT.

The whole machine is clustered by phase; every edge carries its event, its guard in words and
its law. A board's path is the same drawing with the states visited and the transitions taken
highlighted in order, the current state marked.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import graphviz

from fsm.events import EVENTS
from fsm.machine import modules, rules, states
from fsm.spec import LawModule, Rule, wording

if TYPE_CHECKING:
    from fsm.records import Step


class BoardPath(Protocol):
    """What a board's path needs: the steps fired, where the board started and where it is."""

    trace: list[Step]
    cards_in_board: bool

    @property
    def state(self) -> str: ...


LAW = {"fr": "Loi", "en": "Law"}
START = "__start__"


@dataclass(frozen=True)
class Edge:
    id: str
    source: str
    target: str
    label: str


@dataclass(frozen=True)
class Graph:
    """Intermediate form: clusters (compound states), leaf nodes, edges, all labelled in one language."""

    title: str
    clusters: dict[str, str]  # compound state -> label
    nodes: dict[str, tuple[str, str | None, bool]]  # leaf -> (label, parent, final)
    edges: list[Edge]
    initial: str


def _leaf(state: str) -> str:
    """Transitions into a compound state enter its initial child."""
    specs = states()
    while True:
        kids = [s for s in specs.values() if s.parent == state and s.initial]
        if not kids:
            return state
        state = kids[0].name


def event_words(event: str, lang: str) -> str:
    """An event as the diagram's reader says it (« l'arbitre juge »), never its API name."""
    spec = EVENTS[event]
    return spec.fr if lang == "fr" else spec.en


def edge_label(rule: Rule, lang: str) -> str:
    guards = (
        " et ".join(wording(g, lang) for g in rule.guards)
        if lang == "fr"
        else " and ".join(wording(g, lang) for g in rule.guards)
    )
    label = event_words(rule.event, lang)
    if guards:
        label += f" [{guards}]"
    return f"{label}\n{LAW[lang]} {rule.law}"


def model(lang: str = "fr", only: Iterable[Rule] | None = None) -> Graph:
    specs = states()
    compound = {s.parent for s in specs.values() if s.parent}
    clusters = {n: f"{getattr(specs[n], lang)} ({LAW[lang]} {specs[n].law})" for n in sorted(compound)}
    nodes = {
        s.name: (f"{getattr(s, lang)}\n{LAW[lang]} {s.law}", s.parent, s.final)
        for s in specs.values()
        if s.name not in compound
    }
    edges = []
    for rule in only if only is not None else rules():
        edges.append(Edge(rule.id, rule.source, _leaf(rule.target), edge_label(rule, lang)))
    title = {"fr": "Les annonces selon le Code 2017", "en": "The auction under the 2017 Laws"}[lang]
    return Graph(title, clusters, nodes, edges, _leaf("auction"))


def to_dot(
    graph: Graph,
    visited: dict[str, int] | None = None,
    taken: dict[str, list[int]] | None = None,
    current: str | None = None,
) -> graphviz.Digraph:
    """Render the intermediate form; ``visited``/``taken`` highlight a board's path."""
    visited, taken = visited or {}, taken or {}
    dot = graphviz.Digraph("fsm", graph_attr={
        "label": graph.title, "labelloc": "t", "fontname": "Helvetica", "rankdir": "LR",
        "compound": "true", "nodesep": "0.4", "ranksep": "0.6", "forcelabels": "true",
    }, node_attr={"fontname": "Helvetica", "fontsize": "10", "shape": "box", "style": "rounded"},
        edge_attr={"fontname": "Helvetica", "fontsize": "8"})  # fmt: skip

    def node(g: graphviz.Digraph, name: str) -> None:
        label, _, final = graph.nodes[name]
        attrs = {"label": label}
        if final:
            attrs["peripheries"] = "2"
        if name in visited:
            attrs.update(style="rounded,filled", fillcolor="#cfe8ff")
        if name == current:
            attrs.update(style="rounded,filled,bold", fillcolor="#ffd27f", penwidth="2")
        g.node(name, **attrs)

    def fill(g: graphviz.Digraph, parent: str | None) -> None:
        for name, (_, p, _) in sorted(graph.nodes.items()):
            if p == parent:
                node(g, name)
        for cname, clabel in graph.clusters.items():
            if (cname.rpartition(".")[0] or None) == parent:
                with g.subgraph(name=f"cluster_{cname}") as sub:
                    sub.attr(label=clabel, style="rounded", color="#888888")
                    fill(sub, cname)

    dot.node(START, shape="point", width="0.15")
    fill(dot, None)
    dot.edge(START, graph.initial)
    for e in graph.edges:
        attrs = {"label": e.label}
        src, dst = e.source, e.target
        if src in graph.clusters:  # a rule of a compound state leaves from its border
            if not dst.startswith(src + ".") and dst != src:
                attrs["ltail"] = f"cluster_{src}"
            src = _leaf(src)
            if e.target == e.source:
                dst = src
        if e.id in taken:
            attrs.update(color="#d9480f", penwidth="2.2", fontcolor="#d9480f")
            attrs["label"] = f"({', '.join(map(str, taken[e.id]))}) {e.label}"
        dot.edge(src, dst, **attrs)
    return dot


def whole_machine(lang: str = "fr") -> graphviz.Digraph:
    return to_dot(model(lang))


def board_path(board: BoardPath, lang: str = "fr") -> graphviz.Digraph:
    """The machine with this board's path: steps numbered in order, the current state marked."""
    visited: dict[str, int] = {_leaf("auction") if not board.cards_in_board else "board": 0}
    taken: dict[str, list[int]] = {}
    for n, step in enumerate(board.trace, 1):
        visited.setdefault(step.target, n)
        taken.setdefault(step.rule, []).append(n)
    graph = model(lang)
    # Keep the drawing readable: a long auction loops many times on the same edge.
    for rule_id, numbers in taken.items():
        if len(numbers) > 4:
            taken[rule_id] = [numbers[0], numbers[1], "…", numbers[-1]]  # type: ignore[list-item]
    return to_dot(graph, visited, taken, board.state)


# --- one view per law family, read like the decision trees of the Laws ---------------------------
VIEWS = {  # file name -> law module
    "27": "insufficient",
    "28-32": "rotation",
    "25": "changes",
    "36-39": "inadmissible",
    "24": "exposed",
    "41-54": "lead",
}
TITLES = {
    "27": ("Loi 27 : l'enchère insuffisante", "Law 27: the insufficient bid"),
    "28-32": ("Lois 28 à 32 : les déclarations hors tour", "Laws 28 to 32: calls out of rotation"),
    "25": ("Lois 21 et 25 : les changements de déclaration", "Laws 21 and 25: changes of call"),
    "36-39": ("Lois 36 à 39 : les déclarations inadmissibles", "Laws 36 to 39: inadmissible calls"),
    "24": ("Loi 24 : cartes exposées pendant les annonces", "Law 24: cards exposed during the auction"),
    "41-54": ("Lois 41 et 54 : l'entame", "Laws 41 and 54: the opening lead"),
}
DIRECTOR = {"fr": "l'arbitre", "en": "the Director"}


def _wrap(text: str, width: int = 42) -> str:
    return "\n".join(textwrap.wrap(text, width)) or text


def _module(name: str) -> LawModule:
    return next(m for m in modules() if m.name == name)


def _question(state: str, lang: str) -> str:
    """A waiting state as a question: who may choose, and each choice with its law."""
    spec = states()[state]
    lines = [f"{getattr(spec, lang)} ({LAW[lang]} {spec.law})"]
    for m in modules():
        for opt in m.options.get(state, []):
            who = DIRECTOR[lang] if opt.holder is None else wording(opt.holder, lang)
            lines.append(_wrap(f"• {who} : {getattr(opt, lang)} ({opt.law})", 48))
    return "\n".join(lines)


def law_view(view: str, lang: str = "fr") -> graphviz.Digraph:
    """The rules of one law family as a decision tree: the question (state and option holders),
    each branch with its event, its condition in words, what it leaves behind and its law."""
    module = _module(VIEWS[view])
    title = TITLES[view][0 if lang == "fr" else 1]
    dot = graphviz.Digraph(f"view_{view}", graph_attr={
        "label": title, "labelloc": "t", "fontname": "Helvetica", "fontsize": "16", "rankdir": "LR",
        "nodesep": "0.5", "ranksep": "0.7", "forcelabels": "true",
    }, node_attr={"fontname": "Helvetica", "fontsize": "10", "shape": "box", "style": "rounded"},
        edge_attr={"fontname": "Helvetica", "fontsize": "8"})  # fmt: skip
    drawn: set[str] = set()

    def node(name: str) -> None:
        if name in drawn:
            return
        drawn.add(name)
        spec = states()[name]
        if spec.waiting:
            dot.node(name, _question(name, lang), style="rounded,filled", fillcolor="#fff4d6")
        else:
            dot.node(name, f"{getattr(spec, lang)}\n({LAW[lang]} {spec.law})", style="rounded,filled",
                     fillcolor="#e8f1fb", peripheries="2" if spec.final else "1")  # fmt: skip

    for n, rule in enumerate(module.rules):
        source = rule.source
        target = _leaf(rule.target) if rule.dest else rule.source
        node(source)
        guards = (" et " if lang == "fr" else " and ").join(wording(g, lang) for g in rule.guards)
        question = event_words(rule.event, lang) + (f"\n[{_wrap(guards)}]" if guards else "")
        outcome = rule.outcome_text(lang)
        if target != source and (not states()[source].waiting or states()[target].waiting):
            # an entry into the family's states, or a step from one question to the next
            node(target)
            label = question + (f"\n⇒ {_wrap(outcome)}" if outcome else "") + f"\n{LAW[lang]} {rule.law}"
            dot.edge(source, target, label=label)
            continue
        # a leaf of the decision tree: what the branch leaves behind, and where the board goes
        leaf = f"outcome_{n}"
        then = getattr(states()[target], lang)
        text = f"{LAW[lang]} {rule.law}\n{_wrap(outcome) if outcome else ''}\n→ {then}".replace("\n\n", "\n")
        dot.node(leaf, text, shape="note", style="filled", fillcolor="#e6f4e6", fontsize="9")
        dot.edge(source, leaf, label=question)
    return dot


def all_views(lang: str) -> dict[str, graphviz.Digraph]:
    views = {"machine": whole_machine(lang)}
    views.update({name: law_view(name, lang) for name in VIEWS})
    return views


def write_all(out: str | Path = "diagrams", render: bool = True) -> list[Path]:
    """``make diagrams``: every view in French and English, as DOT and (with Graphviz) SVG."""
    written = []
    for lang in ("fr", "en"):
        folder = Path(out) / lang
        folder.mkdir(parents=True, exist_ok=True)
        for name, graph in all_views(lang).items():
            path = folder / f"{name}.dot"
            path.write_text(graph.source, encoding="utf-8")
            written.append(path)
            if render:
                written.append(Path(graph.render(folder / name, format="svg", cleanup=True)))
    return written
