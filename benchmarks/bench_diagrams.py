"""Time to draw the diagrams: every committed view (DOT and SVG), and one board's path.

Prints JSON; asserts nothing. Baseline in the same run: rendering a one-node graph with the same
Graphviz, which is the floor of any render (process start-up of `dot`).
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time

import graphviz

from fsm import Board
from fsm.diagrams import all_views, board_path, write_all


def timed(fn, repeat: int) -> float:  # noqa: ANN001
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e3


def main() -> None:
    board = Board(dealer="N")
    board.calls("1D 1H")
    board.call("S", "1C")
    board.call("W", "2H")
    board.calls("Pass 4H Pass Pass Pass")
    with tempfile.TemporaryDirectory() as tmp:
        result = {
            "all_views_dot_only_ms": round(
                timed(lambda: [g.source for lang in ("fr", "en") for g in all_views(lang).values()], 5), 1
            ),
            "all_views_dot_and_svg_ms": round(timed(lambda: write_all(tmp), 1), 1),
            "board_path_dot_ms": round(timed(lambda: board_path(board).source, 20), 2),
            "board_path_svg_ms": round(timed(lambda: board_path(board).pipe(format="svg"), 5), 1),
            "baseline_one_node_svg_ms": round(timed(lambda: graphviz.Digraph(body=["a"]).pipe(format="svg"), 5), 1),
        }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
