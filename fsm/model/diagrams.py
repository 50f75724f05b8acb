"""Diagrams of the machine, read from the law tables: the detailed machine (every rule an edge,
for reference), one decision tree per law family, and a board's path drawn on its family's tree.

Every label is at least 12 pt at the size the drawing is made for (a notebook's width for the
trees and paths, 1000 px; the whole machine is for zooming). The overview of the machine is in
:mod:`fsm.model.overview`, the printable A4 sheets in :mod:`fsm.teach.sheets`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import graphviz

from fsm.bridge.calls import parse_call, parse_card, parse_seat
from fsm.bridge.events import EVENTS
from fsm.laws import registry
from fsm.laws.lawtext import LAW
from fsm.laws.spec import LawModule, Rule, wording
from fsm.model.labels import FONT, FONTSIZE, TITLE_FONTSIZE, html
from fsm.model.machine import default_engine, modules, rules, states

if TYPE_CHECKING:
    from fsm.engine.journal import Step


class BoardPath(Protocol):
    """What a board's path needs: the steps fired, where the board started and where it is."""

    trace: list[Step]
    cards_in_board: bool

    @property
    def state(self) -> str: ...


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
    # the engine maps every state to the leaf it enters once; a drawing asks tens of thousands of times
    return default_engine().leaf.get(state, state)


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
        "label": html(graph.title, width=80), "labelloc": "t", "fontname": FONT, "fontsize": str(TITLE_FONTSIZE),
        "rankdir": "LR", "compound": "true", "nodesep": "0.4", "ranksep": "0.6", "forcelabels": "true",
    }, node_attr={"fontname": FONT, "fontsize": str(FONTSIZE), "shape": "box", "style": "rounded"},
        edge_attr={"fontname": FONT, "fontsize": str(FONTSIZE)})  # fmt: skip

    def node(g: graphviz.Digraph, name: str) -> None:
        label, _, final = graph.nodes[name]
        attrs = {"label": html(label, width=70)}
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
                    sub.attr(label=html(clabel, width=80), style="rounded", color="#888888")
                    fill(sub, cname)

    dot.node(START, shape="point", width="0.15")
    fill(dot, None)
    dot.edge(START, graph.initial)
    for e in graph.edges:
        attrs = {"label": html(e.label, width=60)}
        src, dst = e.source, e.target
        if src in graph.clusters:  # a rule of a compound state leaves from its border
            if not dst.startswith(src + ".") and dst != src:
                attrs["ltail"] = f"cluster_{src}"
            src = _leaf(src)
            if e.target == e.source:
                dst = src
        if e.id in taken:
            attrs.update(color="#d9480f", penwidth="2.2", fontcolor="#d9480f")
            attrs["label"] = html(f"({', '.join(map(str, taken[e.id]))}) {e.label}", width=60)
        dot.edge(src, dst, **attrs)
    return dot


def whole_machine(lang: str = "fr") -> graphviz.Digraph:
    dot = to_dot(model(lang))
    # Graphviz 2.43 fails on the whole machine's clusters ("trouble in init_rank") without the newer ranking.
    dot.graph_attr["newrank"] = "true"
    return dot


# --- one view per law family, read like the decision trees of the Laws ---------------------------
# One view per decision tree a law family declares (fsm/laws/<family>.yaml): view name -> family,
# its title, and, for a family too big for one screen, the laws whose rules it draws (23A, the
# ruling « comparable », and 22B belong to each of 30, 31 and 32, whose offender's next call they judge).
VIEWS = {v.name: v.family for v in registry.views().values()}
PARTS = {v.name: v.parts for v in registry.views().values() if v.parts}
TITLES = {v.name: v.title for v in registry.views().values()}
STEP = {"fr": "Étape", "en": "Step"}
NOW = {"fr": "La donne en est ici", "en": "The board is here"}
QUESTION_WIDTH, LEAF_WIDTH = 34, 38  # characters a line: two columns within a notebook's width


def _module(name: str) -> LawModule:
    return next(m for m in modules() if m.name == name)


# The rules of each view, with the module and engine they were read from: every page and every board
# path asks again, and the answer only changes when the law families are looked for afresh.
_VIEW_RULES: dict[str, tuple[LawModule, object, list[Rule]]] = {}


def view_rules(view: str) -> list[Rule]:
    """The rules a view draws: its law module's, or for a part of a family, the rules of its laws
    and the entries into the questions they answer."""
    module, engine = _module(VIEWS[view]), default_engine()
    known = _VIEW_RULES.get(view)
    if known is None or known[0] is not module or known[1] is not engine:
        known = _VIEW_RULES[view] = (module, engine, _view_rules(view, module))
    return list(known[2])


def _view_rules(view: str, module: LawModule) -> list[Rule]:
    laws = PARTS.get(view)
    if laws is None:
        return list(module.rules)
    own = {r.id for r in module.rules if r.law.startswith(laws)}
    asked = {r.source for r in module.rules if r.id in own and states()[r.source].waiting}
    entries = {
        r.id
        for r in module.rules
        if r.dest and _leaf(r.target) in asked and not states()[r.source].waiting and r.id not in own
    }
    return [r for r in module.rules if r.id in own or r.id in entries]


def _question(state: str, lang: str, width: int = QUESTION_WIDTH) -> str:
    """A waiting state as a question: who may choose, and each choice with its law."""
    spec = states()[state]
    lines = [f"{getattr(spec, lang)} ({LAW[lang]} {spec.law})"]
    for m in modules():
        for opt in m.options.get(state, []):
            # the holder is the option's subject (« le déclarant exige… »), set off by a comma when its
            # words end on a clause of their own; an option no seat holds says who acts itself
            text = getattr(opt, lang)
            if opt.holder is not None:
                who = wording(opt.holder, lang)
                text = f"{who}{',' if ',' in who else ''} {text}"
            lines.append(f"• {text} ({opt.law})")
    return html(*lines, width=width, bold_first=True)


BY = {"fr": "par ", "en": "by "}


def branch_words(rule: Rule, lang: str) -> str:
    """A branch as a sentence: who does what, then when (« le fautif déclare (déclaration légale,
    encore insuffisante) »), rather than an event and its guards' names."""
    by = BY["fr" if lang == "fr" else "en"]
    subject, when = "", []
    for guard in rule.guards:
        said = wording(guard, lang)
        if said.startswith(by):
            who, _, rest = said[len(by) :].partition(", ")
            if not subject or who == subject:
                subject = who
                said = rest
        if said and said not in when:
            when.append(said)
    verb = event_words(rule.event, lang)
    sentence = f"{subject[:1].upper()}{subject[1:]} {verb}" if subject else verb
    if when:  # between brackets: a condition may hold a « : » of its own, and one is enough a sentence
        sentence += f" ({', '.join(when)})"
    return sentence


def _numbers(numbers: list[int]) -> str:
    """1, 2, 3, 5 → « 1–3, 5 »: a long auction loops many times on the same rule."""
    out: list[str] = []
    for n in numbers:
        if out and out[-1].split("–")[-1] == str(n - 1):
            out[-1] = f"{out[-1].split('–')[0]}–{n}"
        else:
            out.append(str(n))
    return ", ".join(out)


def law_view(
    view: str,
    lang: str = "fr",
    taken: dict[str, list[int]] | None = None,
    current: str | None = None,
    words: dict[int, str] | None = None,
) -> graphviz.Digraph:
    """The rules of one law family as a decision tree.

    On the left, each question (a waiting state, who may choose, each choice and its law); on the
    right, one box per branch: its law, its event and condition in words, what it leaves behind and
    where the board goes. ``taken`` (rule id -> step numbers) highlights the branches a board took,
    ``current`` marks where it stands, ``words`` says what each numbered step was (« E 1♦ »).
    """
    return _tree(view, lang, list(enumerate(view_rules(view))), taken, current, words)


def _tree(
    view: str,
    lang: str,
    branches: list[tuple[int, Rule]],
    taken: dict[str, list[int]] | None = None,
    current: str | None = None,
    words: dict[int, str] | None = None,
    title: str | None = None,
    follow: bool = True,
    widths: tuple[int, int] = (QUESTION_WIDTH, LEAF_WIDTH),
) -> graphviz.Digraph:
    """The tree of ``branches`` (each numbered as in its whole view); ``follow`` draws the questions
    a branch leads to, and a question's drawing leaves them to their own parts."""
    taken, words = taken or {}, words or {}
    question_width, leaf_width = widths
    title = title or TITLES[view][0 if lang == "fr" else 1]
    dot = graphviz.Digraph(f"view_{view}", graph_attr={
        "label": html(title, width=70), "labelloc": "t", "fontname": FONT, "fontsize": str(TITLE_FONTSIZE),
        "rankdir": "LR", "nodesep": "0.15", "ranksep": "0.35",
    }, node_attr={"fontname": FONT, "fontsize": str(FONTSIZE), "shape": "box", "style": "rounded"},
        edge_attr={"fontname": FONT, "fontsize": str(FONTSIZE)})  # fmt: skip
    drawn: set[str] = set()
    visited = {r.source for _, r in branches if r.id in taken}

    def node(name: str) -> None:
        if name in drawn:
            return
        drawn.add(name)
        spec = states()[name]
        attrs = {"style": "rounded,filled", "fillcolor": "#fff4d6" if spec.waiting else "#e8f1fb"}
        if name in visited:
            attrs.update(fillcolor="#cfe8ff", penwidth="2")
        if name == current:
            attrs.update(fillcolor="#ffd27f", penwidth="3", style="rounded,filled,bold")
        if spec.waiting:
            dot.node(name, _question(name, lang, question_width), **attrs)
        else:
            label = html(f"{getattr(spec, lang)} ({LAW[lang]} {spec.law})", width=question_width, bold_first=True)
            dot.node(name, label, **attrs)

    last: tuple[int, str] | None = None
    for n, rule in branches:
        source, target = rule.source, _leaf(rule.target) if rule.dest else rule.source
        node(source)
        condition = branch_words(rule, lang)
        outcome = rule.outcome_text(lang)
        leaf = f"branch_{n}"
        lines = [f"{LAW[lang]} {rule.law}", condition]
        if outcome:
            lines.append(f"⇒ {outcome}")
        lines.append(f"→ {getattr(states()[target], lang)}")
        attrs = {"shape": "note", "style": "filled", "fillcolor": "#e6f4e6"}
        edge = {"color": "#777777"}
        if rule.id in taken:
            numbers = taken[rule.id]
            said = " · ".join(f"{k} {words[k]}" if k in words else str(k) for k in numbers[:6])
            if len(numbers) > 6:
                said += " …"
            lines.insert(0, f"{STEP[lang]} {said}")
            attrs.update(fillcolor="#ffe3d3", color="#d9480f", penwidth="2.5")
            edge = {"color": "#d9480f", "penwidth": "3", "label": html(_numbers(numbers), width=20)}
            edge["fontcolor"] = "#d9480f"
            if last is None or max(numbers) > last[0]:
                last = (max(numbers), leaf)
        dot.node(leaf, html(*lines, width=leaf_width, bold_first=True), **attrs)
        dot.edge(source, leaf, **edge)
        if follow and target != source and states()[target].waiting:
            # the branch leads to the next question
            node(target)
            dot.edge(leaf, target, style="dashed", color=edge["color"], constraint="false")
    if current is not None and current not in drawn and last is not None:
        here = f"{NOW[lang]} : {getattr(states()[current], lang)}"
        dot.node("now", html(here, width=LEAF_WIDTH, bold_first=True), style="rounded,filled,bold",
                 fillcolor="#ffd27f", penwidth="3")  # fmt: skip
        dot.edge(last[1], "now", style="dashed", color="#d9480f")
        dot.body.append(f'{{rank=same; "{last[1]}"; "now"}}')  # below the last branch: no third column
    return dot


# --- a tall tree split by branch: one drawing per question, each on one 1920 × 1080 screen ----------
PART_BRANCHES = 5  # branches a drawing: five notes and their question stay within 1080 px
PART = {"fr": "partie", "en": "part"}
PART_WIDTHS = (70, 80)  # characters a line: a screen is wider than a notebook, and not as tall


@dataclass(frozen=True)
class Part:
    """One question of a view (or the state its entries start from) and some of its branches."""

    number: int  # from 1, in the order of the view
    source: str
    branches: tuple[tuple[int, Rule], ...]  # (number of the branch in the whole view, rule)
    of: tuple[int, int]  # this drawing is the first, second… of those of its question

    @property
    def slug(self) -> str:
        """The French question in ASCII (« Enchère insuffisante : … » → ``enchere-insuffisante``)."""
        import unicodedata

        words = unicodedata.normalize("NFKD", states()[self.source].fr).encode("ascii", "ignore").decode()
        kept = "".join(c if c.isalnum() else " " for c in words.lower()).split()[:8]
        while len(kept) > 1 and len(kept[-1]) <= 2:  # « …en attente de l' » → « …en-attente »
            kept.pop()
        return f"{self.number}-{'-'.join(kept)}"


def question_parts(view: str) -> list[Part]:
    """A view's drawing split by branch: each state its rules start from, in order, with its
    branches, at most :data:`PART_BRANCHES` a drawing."""
    by_source: dict[str, list[tuple[int, Rule]]] = {}
    for n, rule in enumerate(view_rules(view)):
        by_source.setdefault(rule.source, []).append((n, rule))
    parts: list[Part] = []
    for source, branches in by_source.items():
        chunks = [branches[i : i + PART_BRANCHES] for i in range(0, len(branches), PART_BRANCHES)]
        for k, chunk in enumerate(chunks, 1):
            parts.append(Part(len(parts) + 1, source, tuple(chunk), (k, len(chunks))))
    return parts


def question_view(view: str, part: Part | int, lang: str = "fr") -> graphviz.Digraph:
    """One question of a view's tree and its branches (``part``: a :class:`Part` or its number),
    in the style of :func:`law_view`; where a branch leads, its note says."""
    if isinstance(part, int):
        part = question_parts(view)[part - 1]
    title = f"{TITLES[view][0 if lang == 'fr' else 1]} — {getattr(states()[part.source], lang)}"
    if part.of[1] > 1:
        title += f" ({PART[lang]} {part.of[0]}/{part.of[1]})"
    return _tree(view, lang, list(part.branches), title=title, follow=False, widths=PART_WIDTHS)


def step_words(step: Step, lang: str) -> str:
    """What one step was at the table: « E 1♦ », « S accepte », « l'arbitre juge »."""
    args = step.args
    seat = args.get("seat")
    who = parse_seat(seat).label("fr" if lang == "fr" else "pbn") if seat else ""
    if step.event in ("call", "substitute") and "call" in args:
        what = parse_call(args["call"]).label("fr" if lang == "fr" else "en")
    elif "card" in args:
        what = parse_card(args["card"]).label("fr" if lang == "fr" else "en")
    else:
        what = event_words(step.event, lang)
    return f"{who} {what}".strip()


def _view_steps(board: BoardPath) -> set[str]:
    """The rules a board took that some law family's view draws (its irregularities)."""
    ids = {r.id for name in set(VIEWS.values()) for r in _module(name).rules}
    return {step.rule for step in board.trace if step.rule in ids}


def _rule(rule_id: str) -> Rule:
    return next(r for r in rules() if r.id == rule_id)


def view_of(board: BoardPath) -> str | None:
    """The law-family view that holds every irregular rule the board took (the smallest such view),
    or ``None`` for a regular board or one whose irregularities span several families."""
    taken = _view_steps(board)
    # 41A-41C are the regular lead: they name the board's family only when it has no other.
    taken = {r for r in taken if not _rule(r).law.startswith("41")} or taken
    if not taken:
        return None
    fits = [v for v in VIEWS if taken <= {r.id for r in view_rules(v)}]
    return min(fits, key=lambda v: len(view_rules(v))) if fits else None


def board_path(board: BoardPath, lang: str = "fr") -> graphviz.Digraph:
    """This board's path, steps numbered in order, the current state marked.

    Drawn on the view of its law family (the steps numbered are the branches of that tree it took),
    or, for a regular board or one crossing several families, on the states it visited and those
    one step away.
    """
    view = view_of(board)
    if view is None:
        return neighbourhood(board, lang)
    ids = {r.id for r in view_rules(view)}
    taken: dict[str, list[int]] = {}
    words: dict[int, str] = {}
    n = 0
    for step in board.trace:
        if step.rule in ids:
            n += 1
            taken.setdefault(step.rule, []).append(n)
            words[n] = step_words(step, lang)
    return law_view(view, lang, taken, board.state, words)


def neighbourhood(board: BoardPath, lang: str = "fr") -> graphviz.Digraph:
    """The states a board visited, each listing the steps taken there, and beside each, in grey, the
    states one step away: a step that changes state is an arrow numbered with it."""
    start = "board" if board.cards_in_board else _leaf("auction")
    stays: dict[str, list[str]] = {start: []}
    moves: dict[tuple[str, str], list[str]] = {}
    for n, step in enumerate(board.trace, 1):
        said = f"{n} {step_words(step, lang)} ({step.law})".replace(" ", "\u00a0")  # a step is never cut
        if step.target == step.source:
            stays.setdefault(step.source, []).append(said)
        else:
            stays.setdefault(step.source, [])
            stays.setdefault(step.target, [])
            moves.setdefault((step.source, step.target), []).append(said)
    near: dict[str, set[str]] = {}
    for rule in rules():
        if not rule.dest:
            continue
        target = _leaf(rule.target)
        for here in stays:
            if (here == rule.source or here.startswith(rule.source + ".")) and target != here:
                near.setdefault(here, set()).add(target)
    title = {"fr": "Le chemin de la donne", "en": "The board's path"}[lang]
    dot = graphviz.Digraph("path", graph_attr={
        "label": html(title, width=70), "labelloc": "t", "fontname": FONT, "fontsize": str(TITLE_FONTSIZE),
        "rankdir": "TB", "nodesep": "0.25", "ranksep": "0.3",
    }, node_attr={"fontname": FONT, "fontsize": str(FONTSIZE), "shape": "box", "style": "rounded"},
        edge_attr={"fontname": FONT, "fontsize": str(FONTSIZE)})  # fmt: skip
    for name, done in stays.items():
        spec = states()[name]
        attrs = {"style": "rounded,filled", "fillcolor": "#cfe8ff", "penwidth": "2"}
        if name == board.state:
            attrs.update(fillcolor="#ffd27f", penwidth="3", style="rounded,filled,bold")
        text = " · ".join(done[:24]) + (" …" if len(done) > 24 else "")
        dot.node(name, html(f"{getattr(spec, lang)} ({LAW[lang]} {spec.law})", text, width=30, bold_first=True),
                 **attrs)  # fmt: skip
    order = list(stays)
    for above, below in zip(order, order[1:], strict=False):  # one state a row, in the order first visited
        dot.edge(above, below, style="invis", weight="10")
    for (src, dst), made in moves.items():
        numbers = " · ".join(m.split("\u00a0", 1)[0] for m in made)
        dot.edge(src, dst, label=html(numbers, width=12), color="#d9480f", penwidth="3", fontcolor="#d9480f",
                 constraint="false")  # fmt: skip
    # the states the board could have gone to from here and did not (« Ailleurs, d'ici » read as no French)
    elsewhere = {"fr": "Autres suites possibles depuis cet état", "en": "Other ways on from this state"}[lang]
    for here, targets in near.items():
        others = [getattr(states()[t], lang) for t in sorted(targets) if t not in stays]
        if others:
            dot.node(f"near_{here}", html(elsewhere, *(f"• {o}" for o in others), width=30, bold_first=True),
                     color="#aaaaaa", fontcolor="#555555", style="rounded,dashed")  # fmt: skip
            dot.edge(here, f"near_{here}", color="#bbbbbb", style="dashed", arrowsize="0.6")
            dot.body.append(f'{{rank=same; "{here}"; "near_{here}"}}')
    return dot
