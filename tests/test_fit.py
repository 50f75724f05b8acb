"""Every page kind on a classroom projector (1366 × 768, projector mode) and on a phone (390 px wide),
measured in a real headless Chromium (tests/browser/fit.mjs):

- 1366 × 768, the ordinary mode: nothing cut, the hands never over the grid (nor any two of the
  grid, the hands, the options, the question and the tree's panel over one another);
- projector: nothing cut (no box narrower than its content with its overflow hidden or scrolled
  sideways, nothing past the window's sides: the title whole, the grid's four columns, the hands),
  the grid and the hands inside the window, no text under 18 px and the tree's part drawn at 18 px
  or more as the screen shows it, the open question scrolled into view with its prompt and its
  choices between the header and the window's bottom; the teacher's board too (key P);
- phone: one column: the document no wider than the screen, the grid, the hands, the options, the
  question and the tree's panel never over one another, no text under 14 px, the tree's part drawn at
  14 px or more (its panel scrolls).

The fast suite measures one scenario page per law family (the family of the law a scenario is named
after, :func:`fsm.teach.quiz.family`), the index, a quiz sheet and the teacher's board; ``make deep``
every page ``teach --all`` writes."""

from __future__ import annotations

import json
import os
import re
import subprocess
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from fsm.cli import main
from fsm.model.scenario import corpus_files, load
from fsm.teach import pages, quizsheet
from fsm.teach.quiz import family

ROOT = Path(__file__).resolve().parent.parent
BROWSER = ROOT / "tests" / "browser"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PROJECTOR, PHONE = (1366, 768), (390, 844)
# The pages a teacher showed cut (27B2: the grid cut to N–E–S; 54D: to N alone, the hands over West)
# and the longest auction stand for their families.
SHOWN = ["27B2-design-example", "54D-refused-declarer-requires-the-suit", "22A-longest-legal-auction"]
# A quiz prompt that restates a very long auction (22A: 319 calls) scrolls in its box; no other does.
LONG_PROMPT = 600  # characters


def one_per_family() -> list[str]:
    chosen: dict[str, str] = {}
    for f in corpus_files():
        for s in load(f):
            chosen.setdefault(family(s.id), s.id)
    for shown in SHOWN:
        chosen[family(shown)] = shown
    return sorted(chosen.values())


def fit(folder: Path, names: list[str], sample: bool = False) -> dict[str, Any]:
    """What fit.mjs measures; ``sample``: in the ordinary mode and on the phone, each page's first and
    last stages only (every stage in projector mode)."""
    done = subprocess.run(
        ["node", str(BROWSER / "fit.mjs"), *(["--sample"] if sample else []), str(folder), *names],
        capture_output=True, text=True, cwd=BROWSER, timeout=7200, env={**os.environ, "CHROMIUM": CHROMIUM},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    seen: dict[str, Any] = json.loads(done.stdout)
    assert seen["requests"] == [] and seen["errors"] == []
    assert sorted(seen["pages"]) == sorted(names)
    return seen


def overlaps(boxes: dict[str, dict[str, float]]) -> list[tuple[str, str]]:
    """The pairs of boxes that share more than a pixel's width, of one group (the part of a name
    before « : », the board's columns apart from the boxes inside one)."""
    out = []
    for (a, p), (b, q) in combinations(sorted(boxes.items()), 2):
        if a.partition(":")[1] and a.partition(":")[0] != b.partition(":")[0]:
            continue
        w = min(p["right"], q["right"]) - max(p["left"], q["left"])
        h = min(p["bottom"], q["bottom"]) - max(p["top"], q["top"])
        if w > 1 and h > 1:
            out.append((a, b))
    return out


def inside(box: dict[str, float], width: float, height: float) -> bool:
    """The box wholly in a window of this size."""
    return min(box["left"], box["top"]) >= -0.5 and box["right"] <= width + 0.5 and box["bottom"] <= height + 0.5


def problems(seen: dict[str, Any]) -> list[tuple[Any, ...]]:
    """What does not hold, page by page and stage by stage (an empty list when all is well)."""
    found: list[tuple[Any, ...]] = []
    for name, page in seen["pages"].items():
        if page["kind"] in ("scenario", "board"):
            shown = page["projector"] if page["kind"] == "scenario" else [page["projector"]]
            assert page["projector_off_px"] == 15, name  # the button puts the ordinary type back
            for n, m in enumerate(shown):
                where = (name, "projector", n)
                if m["font_px"] < 24 or m["width"] > PROJECTOR[0] or m["cut"]:
                    found.append((*where, "cut or small", m["font_px"], m["width"], m["cut"]))
                if m["least"] and m["least"]["px"] < 18:
                    found.append((*where, "text under 18 px", m["least"]))
                for key in ("grid", "hands"):
                    box = m["boxes"].get(key)
                    if box and not inside(box, *PROJECTOR):
                        found.append((*where, f"{key} out of the window", box))
                if page["kind"] == "board":
                    continue
                if m["boxes"].get("grid") is None or not m["tree"]["texts"] or m["tree"]["least_px"] < 18:
                    found.append((*where, "no grid, or the tree's part under 18 px", m["tree"]))
                quiz = m["quiz"]
                if quiz is not None:
                    on_screen = quiz["header_bottom"] - 0.5 <= quiz["top"] and quiz["bottom"] <= PROJECTOR[1] + 0.5
                    if not on_screen or (quiz["prompt_scrolled"] and quiz["prompt_chars"] < LONG_PROMPT):
                        found.append((*where, "question not on one screen", quiz))
        for n, m in enumerate(page["normal"] if page["kind"] == "scenario" else []):
            if m["cut"] or overlaps(m["boxes"]):  # at 1366 × 768 too, no grid cut or under the hands
                found.append((name, "normal", n, "cut or overlapping", m["cut"], overlaps(m["boxes"])))
        for n, m in enumerate(page["phone"]):
            where = (name, "phone", n)
            if m["width"] > PHONE[0] or m["cut"]:
                found.append((*where, "wider than the phone", m["width"], m["cut"]))
            if m["least"] and m["least"]["px"] < 14:
                found.append((*where, "text under 14 px", m["least"]))
            if page["kind"] == "scenario" and (not m["tree"]["texts"] or m["tree"]["least_px"] < 14):
                found.append((*where, "the tree's part under 14 px", m["tree"]))
            if overlaps(m["boxes"]):
                found.append((*where, "boxes over one another", overlaps(m["boxes"])))
    return found


def test_overlaps_and_inside_measure_what_they_say():
    a = {"top": 0, "left": 0, "bottom": 10, "right": 10}
    assert overlaps({"a": a, "b": {"top": 10, "left": 0, "bottom": 20, "right": 10}}) == []  # touching
    assert overlaps({"a": a, "b": {"top": 5, "left": 5, "bottom": 20, "right": 20}}) == [("a", "b")]
    assert overlaps({"x:a": a, "y:b": a, "y:c": a}) == [("y:b", "y:c")]
    assert inside(a, 10, 10) and not inside(a, 9.4, 10) and not inside({**a, "top": -1}, 10, 10)


def test_each_page_kind_fits_a_projector_and_a_phone(chromium, tmp_path):
    """One scenario page per law family (27B2, 54D and 22A among them), the index, a quiz sheet and the
    teacher's board."""
    ids = one_per_family()
    assert len(ids) >= 15 and set(SHOWN) <= set(ids)
    pages.write(ids, tmp_path)
    (tmp_path / "index.html").write_text(pages.index([s for f in corpus_files() for s in load(f)]), encoding="utf-8")
    (tmp_path / "quiz.html").write_text(quizsheet.sheet_html("27"), encoding="utf-8")
    assert main(["teach", "--board", "--out", str(tmp_path)]) == 0
    names = [f"{i}.html" for i in ids] + ["index.html", "quiz.html", "tableau.html"]
    seen = fit(tmp_path, names, sample=True)
    assert problems(seen) == []
    kinds = [seen["pages"][n]["kind"] for n in names]
    assert kinds == ["scenario"] * len(ids) + ["other", "other", "board"]
    assert seen["pages"]["tableau.html"]["p_in_field"] == [False, "p"]  # typed in a field, P is a letter
    scenario = [seen["pages"][f"{i}.html"] for i in ids]
    assert sum(m["quiz"] is not None for p in scenario for m in p["projector"]) > 20  # questions measured
    stage = seen["pages"]["54D-refused-declarer-requires-the-suit.html"]["projector"][3]
    shown = {re.sub(r"\d+$", "", box) for box in stage["boxes"]}  # quiz0, quiz1: two questions at that stage
    assert {"grid", "hands", "quiz", "tree"} <= shown  # the stage the teacher showed, all there


@pytest.mark.deep
def test_every_page_fits_a_projector_and_a_phone(chromium, teaching_pages):
    names = sorted(p.name for p in teaching_pages.glob("*.html"))
    assert "tableau.html" in names and "index.html" in names and len(names) > 400
    assert problems(fit(teaching_pages, names)) == []
