"""Graphviz HTML-like labels (text escaped, lines wrapped, hearts and diamonds in red), and the
drawings inlined in pages and widgets.

Every label of every diagram goes through :func:`html`, so that a call or a card (« 4♥ », « ♦R »)
reads as it does on a bidding box, whatever the sentence it sits in.
"""

from __future__ import annotations

import re
import textwrap
from html import escape
from typing import Any

from fsm.model import vizjs

RED = "#c00000"
FONT = "Helvetica"
# The smallest text of every diagram, in points at the size the diagram is made for.
FONTSIZE = 12
TITLE_FONTSIZE = 16


def wrap(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width, break_on_hyphens=False) or [text]


def line(text: str) -> str:
    """One line of text, escaped, with ♥ and ♦ in red."""
    out = escape(text, quote=False)
    for suit in ("♥", "♦"):
        out = out.replace(suit, f'<FONT COLOR="{RED}">{suit}</FONT>')
    return out


def html(*paragraphs: str, width: int = 36, bold_first: bool = False, align: str = "LEFT") -> str:
    """An HTML-like label: each paragraph wrapped at ``width`` characters, one line after another."""
    rows: list[str] = []
    for n, para in enumerate(p for p in paragraphs if p):
        for text in para.split("\n"):
            for piece in wrap(text, width):
                cell = line(piece)
                rows.append(f"<B>{cell}</B>" if bold_first and n == 0 else cell)
    body = "".join(f'{r}<BR ALIGN="{align}"/>' for r in rows)
    return f"<{body}>"


_TITLED = re.compile(r'(<g id="[^"]*" class="(?:node|edge|graph|cluster)"[^>]*)>\s*<title>([^<]*)</title>')


def inline_svg(graph: Any) -> str | None:
    """A drawing as SVG to put inside a page, or None when Graphviz's dot is missing.

    Graphviz names each node and edge in a <title>, which a browser shows on hover: the state's
    API name. The name moves to a ``data-name`` attribute, where a page's script still finds it.
    """
    try:
        svg = graph.pipe(format="svg", encoding="utf-8", quiet=True)
    except Exception as err:  # graphviz.ExecutableNotFound: the page or the widget goes without it
        if type(err).__name__ == "ExecutableNotFound":
            return None
        raise
    return _inlined(svg)


def _inlined(svg: str) -> str:
    svg = svg[svg.index("<svg") :]
    return _TITLED.sub(lambda m: f'{m[1]} data-name="{m[2]}">', svg)


# dot numbers the graphs after the first of one input as pages ("page0,1_graph0"); drawn alone, each
# is "graph0".
_PAGED = re.compile(r'<g id="page\d+,\d+_(graph\d+)"')


def inline_svgs(graphs: list[Any]) -> list[str | None]:
    """Several drawings through one ``dot`` process, each the SVG :func:`inline_svg` gives it: starting
    dot costs more than drawing most of them (a classroom page set draws hundreds)."""
    if len(graphs) < 2 or any(g.engine != "dot" or g.encoding != "utf-8" for g in graphs):
        return [inline_svg(g) for g in graphs]
    import graphviz

    try:
        out = graphviz.pipe("dot", "svg", "".join(g.source for g in graphs).encode("utf-8"), quiet=True)
    except Exception as err:
        if type(err).__name__ == "ExecutableNotFound":
            return [None] * len(graphs)
        return [inline_svg(g) for g in graphs]  # each alone: the one dot refuses says so itself
    svgs = out.decode("utf-8").split("<?xml")[1:]
    if len(svgs) != len(graphs):  # not one document a graph: no guess at which is which
        return [inline_svg(g) for g in graphs]
    return [_inlined(_PAGED.sub(r'<g id="\1"', svg, count=1)) for svg in svgs]


# In the browser (Pyodide) no program can start: Graphviz compiled to WebAssembly draws in dot's place.
vizjs.install()
