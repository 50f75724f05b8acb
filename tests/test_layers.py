"""The package's imports go one way (docs/model.md, « The packages »):

    engine  ←  bridge  ←  laws  ←  model  ←  interop, teach  ←  cli

A module may import its own package and those below it, never one above it nor its sibling
(interop and teach know nothing of each other), and no module is flat in ``fsm/`` but the
package's front (``__init__``, ``__main__``, ``cli``). Every import counts, the ones made inside a
function included; and no two modules import each other, however far round."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "fsm"
ORDER = {"engine": 0, "bridge": 1, "laws": 2, "model": 3, "interop": 4, "teach": 4, "front": 9}
FRONT = {"fsm", "fsm.__main__", "fsm.cli"}


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _layer(module: str) -> str:
    if module in FRONT:
        return "front"
    layer = module.split(".")[1]
    assert layer in ORDER, f"{module} is in no layer"
    return layer


def _imports() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports."""
    modules = {_name(p): p for p in PACKAGE.rglob("*.py")}
    out: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module)
                found |= {f"{node.module}.{a.name}" for a in node.names if f"{node.module}.{a.name}" in modules}
        out[name] = {m for m in found if m in modules and m != name}
    return out


def test_every_module_is_in_a_layer():
    flat = [_name(p) for p in PACKAGE.glob("*.py") if _name(p) not in FRONT]
    assert not flat, f"modules flat in fsm/: {flat}"
    for name in _imports():
        _layer(name)


def test_imports_go_one_way():
    wrong = []
    for name, imported in _imports().items():
        mine = _layer(name)
        for other in imported:
            theirs = _layer(other)
            if theirs == mine or other == "fsm" and mine == "front":
                continue
            if ORDER[theirs] >= ORDER[mine]:
                wrong.append(f"{name} ({mine}) imports {other} ({theirs})")
    assert not wrong, "\n".join(sorted(wrong))


def test_no_import_cycle():
    graph = {name: {m for m in imported if m != "fsm"} for name, imported in _imports().items()}
    state: dict[str, int] = {}  # 1: being walked, 2: done
    cycles: list[list[str]] = []

    def walk(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                walk(nxt, [*path, nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            walk(node, [node])
    assert not cycles, "\n".join(" → ".join(c) for c in cycles)
