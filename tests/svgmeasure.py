"""What a reader sees of an SVG that dot produced: its size in points and its smallest text as
displayed (the font size times the scale dot applied to fit a ``size``)."""

from __future__ import annotations

import re


def measure(svg: str) -> tuple[float, float, float]:
    head = re.search(r'<svg width="([\d.]+)pt" height="([\d.]+)pt"\s+viewBox="[\d.]+ [\d.]+ ([\d.]+) ([\d.]+)"', svg)
    assert head, "not an SVG from dot"
    width, height, view_w = float(head[1]), float(head[2]), float(head[3])
    scale = re.search(r'class="graph" transform="scale\(([\d.]+) ', svg)
    shown = (float(scale[1]) if scale else 1.0) * width / view_w
    fonts = [float(f) for f in re.findall(r'font-size="([\d.]+)"', svg)]
    return width, height, min(fonts) * shown


def edges(source: str) -> list[tuple[str, str]]:
    """The edges of a DOT source, as (tail, head)."""
    return re.findall(r'^\s*"?([\w.]+)"?\s*->\s*"?([\w.]+)"?', source, flags=re.M)
