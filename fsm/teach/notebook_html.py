"""A committed notebook as one static HTML page, its outputs as they were committed (nothing is run),
for the classroom site (:mod:`fsm.teach.site`).

nbconvert's ``lab`` template draws the page; its head loads require.js, MathJax, Mermaid and the
widgets' scripts from a CDN, which a classroom without network cannot reach and which the notebooks
do not need (no formula, no Mermaid, no widget state is committed): a template of ours empties those
blocks, so that the page makes no request at all. A link to another notebook (``27_….ipynb``, the
tour's) points to its page (``27_….html``).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

# The lab template without what it fetches from the network.
TEMPLATE = """{%- extends 'lab/index.html.j2' -%}
{%- block html_head_js_requirejs -%}{%- endblock html_head_js_requirejs -%}
{%- block jupyter_widgets -%}{%- endblock jupyter_widgets -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
"""
_NOTEBOOK_LINK = re.compile(r"""(href=["'])(?![a-z][a-z0-9+.-]*:)([^"'#]+)\.ipynb(?=["'#])""", re.I)


class NbconvertMissing(RuntimeError):
    """nbconvert (the ``teach`` or ``test`` extra) is not installed."""


def available() -> bool:
    try:
        import nbconvert  # noqa: F401
    except ImportError:
        return False
    return True


@functools.cache
def _exporter() -> Any:
    """One exporter for every notebook (making one reads the templates and their CSS)."""
    try:
        from jinja2 import DictLoader
        from nbconvert import HTMLExporter
    except ImportError as err:
        raise NbconvertMissing(str(err)) from err
    exporter = HTMLExporter(
        template_name="lab",
        template_file="fsm-site.html.j2",
        extra_loaders=[DictLoader({"fsm-site.html.j2": TEMPLATE})],
    )
    exporter.log.setLevel("ERROR")  # its advice on images' alternative text is for authors, not for the site
    return exporter


def render(path: Path, title: str | None = None, lang: str = "fr") -> str:
    """The notebook at ``path`` as one self-contained HTML page, titled ``title`` (else its file name)."""
    try:
        import nbformat
    except ImportError as err:
        raise NbconvertMissing(str(err)) from err
    exporter = _exporter()
    notebook = nbformat.read(path, as_version=4)
    if title:
        notebook.metadata["title"] = title
    body, _ = exporter.from_notebook_node(notebook, resources={"metadata": {"name": path.stem}})
    body = body.replace('<html lang="en">', f'<html lang="{lang}">', 1)
    return _NOTEBOOK_LINK.sub(r"\1\2.html", body)
