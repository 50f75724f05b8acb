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


# Helvetica's mean advance, in ems, of the characters our labels use (letters, spaces, digits,
# accents): a little wide rather than narrow, so that a box estimated is never smaller than drawn.
EM = 0.56


def text_boxes(svg: str) -> list[tuple[str, tuple[float, float, float, float], str]]:
    """Each ``<text>`` of a dot SVG as (the node, edge or cluster it labels, its estimated box
    x0, y0, x1, y1 in the drawing's coordinates, its text), from x, y, font-size, anchor, length."""
    import xml.etree.ElementTree as ET

    ns = "{http://www.w3.org/2000/svg}"
    root = ET.fromstring(svg[svg.index("<svg") :])
    out = []
    for group in root.iter(f"{ns}g"):
        kind = group.get("class", "")
        if kind not in ("node", "edge", "cluster", "graph"):
            continue
        owner = group.get("id", "") + ":" + (group.findtext(f"{ns}title") or group.get("data-name", ""))
        for text in group.findall(f"{ns}text" if kind == "graph" else f".//{ns}text"):
            words = "".join(text.itertext())
            if not words.strip():
                continue
            size, x, y = float(text.get("font-size", "14")), float(text.get("x", "0")), float(text.get("y", "0"))
            width = len(words) * EM * size
            anchor = text.get("text-anchor", "start")
            x0 = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
            out.append((owner, (x0, y - 0.75 * size, x0 + width, y + 0.2 * size), words))
    return out


def overlaps(svg: str) -> list[tuple[str, str]]:
    """The pairs of texts of different labels whose estimated boxes intersect."""
    boxes = text_boxes(svg)
    found = []
    for i, (a, (ax0, ay0, ax1, ay1), at) in enumerate(boxes):
        for b, (bx0, by0, bx1, by1), bt in boxes[i + 1 :]:
            if a != b and ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1:
                found.append((at, bt))
    return found
