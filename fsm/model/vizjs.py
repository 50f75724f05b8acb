"""Graphviz compiled to WebAssembly (the npm package ``@viz-js/viz``) answering the ``graphviz``
binding's calls to ``dot`` where no ``dot`` can run: in the browser, under Pyodide (the classroom
site's notebooks, :mod:`fsm.teach.lite`). Elsewhere nothing changes.

The binding starts ``dot`` through ``graphviz.backend.execute.run_check``; in Pyodide that function is
replaced by one that lays the graph out with viz.js in the kernel's worker. The module is loaded at
the first drawing: its promise is awaited in place by :func:`pyodide.ffi.run_sync`, which needs
WebAssembly stack switching (JSPI: Chrome and Chromium from version 137).
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

# where the site puts viz.js, under the JupyterLite folder (fsm.teach.lite.VIZ)
VIZ = "static/viz/viz.js"
_viz: Any = None


def needed() -> bool:
    """True under Pyodide, where no program can be started."""
    return sys.platform == "emscripten"


def _url() -> str:
    """viz.js's address beside the JupyterLite app, found from the kernel's worker address
    (``<lite>/extensions/@jupyterlite/pyodide-kernel-extension/static/….js``)."""
    import js

    href = str(js.location.href)
    root = href.split("/extensions/")[0] if "/extensions/" in href else href.rsplit("/", 1)[0]
    return f"{root}/{VIZ}"


def _instance() -> Any:
    global _viz
    if _viz is None:
        from pyodide.code import run_js
        from pyodide.ffi import run_sync

        try:
            module = run_sync(run_js(f"import({_url()!r})"))
            _viz = run_sync(module.instance())
        except Exception as err:
            raise RuntimeError(
                "Graphviz (viz.js) n'a pas pu être chargé dans le navigateur : il faut Chrome ou Chromium ≥ 137 "
                f"(JSPI) et le site servi en HTTP / Graphviz (viz.js) could not be loaded in the browser: "
                f"Chrome or Chromium ≥ 137 (JSPI) and the site served over HTTP are needed ({err})"
            ) from err
    return _viz


def render(source: str, engine: str = "dot", fmt: str = "svg") -> str:
    """The graph ``source`` (DOT) laid out by viz.js, as ``dot -T<fmt>`` would print it."""
    import js
    from pyodide.ffi import to_js

    options = to_js({"engine": engine, "format": fmt}, dict_converter=js.Object.fromEntries)
    result = _instance().render(source, options)
    if result.status != "success":
        errors = "; ".join(str(e.message) for e in result.errors)
        raise subprocess.CalledProcessError(1, [engine, f"-T{fmt}"], output=b"", stderr=errors.encode())
    return str(result.output)


def run_check(
    cmd: Any, *, input_lines: Any = None, encoding: str | None = None, quiet: bool = False, **kwargs: Any
) -> Any:
    """``graphviz.backend.execute.run_check`` for a ``dot`` command: what the process would return."""
    args = [str(c) for c in cmd]
    engine = args[0].rsplit("/", 1)[-1]
    fmt = next((a[2:].split(":")[0] for a in args if a.startswith("-T")), "svg")
    data = kwargs.get("input")
    if input_lines is not None:
        data = "".join(line if isinstance(line, str) else line.decode("utf-8") for line in input_lines)
    source = data.decode("utf-8") if isinstance(data, bytes) else str(data)
    out = render(source, engine=engine, fmt=fmt)
    stdout: str | bytes = out if encoding is not None else out.encode("utf-8")
    return subprocess.CompletedProcess(args, 0, stdout=stdout, stderr="" if encoding is not None else b"")


def install() -> None:
    """Under Pyodide, the binding's ``dot`` answered by viz.js; anywhere else, nothing."""
    if not needed():
        return
    from graphviz.backend import execute

    execute.run_check = run_check  # type: ignore[assignment]
