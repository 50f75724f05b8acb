"""The committed diagrams are what the code draws; the machine has no unreachable state and no
dead end but its final states."""

from pathlib import Path

import pytest

from fsm.model.diagrams import VIEWS, _leaf
from fsm.model.drawings import all_views, index
from fsm.model.machine import rules, states

ROOT = Path(__file__).parent.parent / "diagrams"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_committed_dot_files_are_up_to_date(lang):
    for name, graph in all_views(lang).items():
        path = ROOT / lang / f"{name}.dot"
        assert path.exists(), f"{path} is missing: run `make diagrams`"
        assert path.read_text(encoding="utf-8") == graph.source, f"{path} is stale: run `make diagrams` and commit"


def test_committed_index_of_the_questions_is_up_to_date():
    """``diagrams/README.md`` lists each view's parts, one question a drawing, and no stale drawing
    of a question is left behind."""
    assert (ROOT / "README.md").read_text(encoding="utf-8") == index(), "run `make diagrams` and commit"
    for lang in ("fr", "en"):
        drawn = {str(p.relative_to(ROOT / lang).with_suffix("")) for p in (ROOT / lang).rglob("*.dot")}
        assert drawn == set(all_views(lang)), drawn ^ set(all_views(lang))


def _leaves() -> list[str]:
    compound = {s.parent for s in states().values() if s.parent}
    return [n for n in states() if n not in compound]


def _edges() -> dict[str, set[str]]:
    """Leaf to leaf: a rule of a compound state applies in each of its leaves."""
    edges: dict[str, set[str]] = {leaf: set() for leaf in _leaves()}
    for rule in rules():
        for leaf in edges:
            if leaf == rule.source or leaf.startswith(rule.source + "."):
                edges[leaf].add(_leaf(rule.target) if rule.dest else leaf)
    return edges


def test_every_state_is_reachable_from_the_initial_state():
    edges = _edges()
    seen, todo = {"board"}, ["board"]
    while todo:
        for nxt in edges[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert set(_leaves()) - seen == set()


def test_no_dead_end_but_the_final_states():
    edges = _edges()
    finals = {n for n, s in states().items() if s.final}
    can_finish = set(finals)
    changed = True
    while changed:
        changed = False
        for leaf, targets in edges.items():
            if leaf not in can_finish and targets & can_finish:
                can_finish.add(leaf)
                changed = True
    assert set(_leaves()) - can_finish == set()


def test_each_law_family_has_its_view():
    assert set(VIEWS) == {"27", "28-29", "30", "31", "32", "25", "36-39", "24", "41-54"}


def test_svg_committed_beside_each_dot(need_dot):
    for lang in ("fr", "en"):
        for dot in (ROOT / lang).rglob("*.dot"):
            assert dot.with_suffix(".svg").exists(), f"{dot.with_suffix('.svg')} missing: run `make diagrams`"
