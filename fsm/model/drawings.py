"""Every drawing of the machine at once, in French and English: the overview, the detailed
machine and each law family's decision trees (``make diagrams``, ``python -m fsm diagrams``)."""

from __future__ import annotations

from pathlib import Path

import graphviz

from fsm.model.diagrams import VIEWS, law_view, whole_machine
from fsm.model.overview import overview


def all_views(lang: str) -> dict[str, graphviz.Digraph]:
    views = {"overview": overview(lang), "machine": whole_machine(lang)}
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
