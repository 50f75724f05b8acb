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
    svg = svg[svg.index("<svg") :]
    return _TITLED.sub(lambda m: f'{m[1]} data-name="{m[2]}">', svg)
