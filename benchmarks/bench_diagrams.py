"""Time to draw: one board's path (DOT and SVG) and every committed view, beside a one-node graph.

The one-node graph is the floor of any drawing with the same Graphviz: building its DOT text with the
``graphviz`` package, and rendering it (which is mostly starting the ``dot`` process).

Run ``python benchmarks/run.py --only diagrams``; ``python benchmarks/bench_diagrams.py`` does the same.
"""

from __future__ import annotations

import tempfile
from typing import Any

import graphviz
from common import median_ms, row

from fsm import Board
from fsm.model.diagrams import board_path
from fsm.model.drawings import all_views, write_all


def measure() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    board = Board(dealer="N")
    board.calls("1D 1H")
    board.call("S", "1C")  # out of rotation: the path goes through a ruling
    board.call("W", "2H")
    board.calls("Pass 4H Pass Pass Pass")

    def one_node() -> graphviz.Digraph:
        return graphviz.Digraph(body=["a"])

    with tempfile.TemporaryDirectory() as tmp:
        data = {
            "board_path_dot_ms": median_ms(lambda: board_path(board).source, 20),
            "board_path_svg_ms": median_ms(lambda: board_path(board).pipe(format="svg"), 5),
            "one_node_dot_ms": median_ms(lambda: one_node().source, 20),
            "one_node_svg_ms": median_ms(lambda: one_node().pipe(format="svg"), 5),
            "all_views_dot_ms": median_ms(
                lambda: [g.source for lang in ("fr", "en") for g in all_views(lang).values()], 5
            ),
            "all_views_dot_and_svg_written_ms": median_ms(lambda: write_all(tmp), 3),
        }
    rows = [
        row("board path drawn, DOT", data["board_path_dot_ms"], "ms", "one-node graph, DOT", data["one_node_dot_ms"], ("max", 100)),
        row("board path drawn, SVG", data["board_path_svg_ms"], "ms", "one-node graph, SVG", data["one_node_svg_ms"]),
        row("every view, fr + en, DOT", data["all_views_dot_ms"], "ms", "one-node graph, DOT", data["one_node_dot_ms"]),
        row("every view written, DOT + SVG", data["all_views_dot_and_svg_written_ms"], "ms", "one-node graph, SVG", data["one_node_svg_ms"]),
    ]  # fmt: skip
    return data, rows


if __name__ == "__main__":
    import run

    run.main(["--only", "diagrams"])
