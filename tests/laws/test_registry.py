"""Law families are found through one registry: the machine, the diagrams, the overview and the
notebooks read them there, and a family added beside the package (docs/families.md's worked
example, read from that page) is drawn, exported and run with nothing else edited."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from fsm.laws import registry
from fsm.model.diagrams import TITLES, VIEWS
from fsm.model.machine import default_engine, modules
from fsm.model.overview import GROUPS

ROOT = Path(__file__).parent.parent.parent
PAGE = ROOT / "docs" / "families.md"


def test_the_families_are_the_modules_of_the_package_that_define_one():
    found = [f.name for f in registry.families()]
    assert found == [
        "stacked", "normal", "insufficient", "rotation", "changes", "inadmissible", "exposed", "lead", "director",
    ]  # fmt: skip
    assert [m.name for m in modules()] == found  # the machine reads them from the registry, in their ranks' order
    helpers = {"acceptance", "classify", "parties", "withdrawn"}  # modules of shared code, no family
    assert not helpers & set(found)


def test_the_drawings_the_overview_and_the_notebooks_read_the_families_data():
    views = registry.views()
    assert list(VIEWS) == list(views) == ["27", "28-29", "30", "31", "32", "25", "36-39", "24", "41-54"]
    assert VIEWS["31"] == "rotation" and TITLES["31"] == ("Loi 31 : l'enchère hors tour", "Law 31: bid out of rotation")
    assert views["30"].parts == ("30", "23A", "22B")
    assert list(GROUPS) == ["insufficient", "rotation", "changes", "inadmissible"]
    lessons = registry.lessons()
    assert [v.name for v, _ in lessons] == list(views)  # one notebook per decision tree
    assert lessons[0][1].notebook == "27_enchere_insuffisante" and "27A1" in lessons[0][1].fr


def _example(tmp_path: Path) -> Path:
    """docs/families.md's three files, written into a folder of families."""
    folder = tmp_path / "my_families"
    folder.mkdir()
    blocks = re.findall(r"```(?:python|yaml)\n# (\S+)\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert [name for name, _ in blocks] == [
        "passout_review.py",
        "passout_review.yaml",
        "passout_review.scenarios.yaml",
    ]
    for name, body in blocks:
        (folder / name).write_text(body, encoding="utf-8")
    return folder


def _fsm(*args: str, families: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != registry.EXTRA}
    if families is not None:
        env[registry.EXTRA] = str(families)
    return subprocess.run(
        [sys.executable, "-m", "fsm", *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120
    )


def test_a_family_added_beside_the_package_is_run_drawn_and_exported(tmp_path):
    folder = _example(tmp_path)
    scenarios = str(folder / "passout_review.scenarios.yaml")

    without = _fsm("run", scenarios)
    assert without.returncode == 1, without.stdout  # the machine as shipped cites 20, not 20B

    ran = _fsm("run", scenarios, families=folder)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "1 passed, 0 failed" in ran.stdout

    drawn = _fsm("diagram", "--view", "20B-pass-out", "--format", "dot", "--out", str(tmp_path / "v"), families=folder)
    assert drawn.returncode == 0, drawn.stderr
    dot = (tmp_path / "v.dot").read_text(encoding="utf-8")
    assert "Loi 20B : le rappel des annonces après une donne passée" in dot and "Loi 20B" in dot

    exported = _fsm("export", "--format", "json", families=folder)
    assert exported.returncode == 0, exported.stderr
    spec = json.loads(exported.stdout)
    rule = next(r for r in spec["rules"] if r["source"] == "passed_out" and r["event"] == "review")
    assert rule["law"] == "20B"
    assert rule["actions"][0]["effects"][0]["refuse"]["law"] == "20B"
    takes = {s["name"]: s["takes"] for s in spec["states"]}
    assert "review" in takes["passed_out"] and "call" in takes["passed_out"]


def test_two_families_of_one_name_are_refused(tmp_path, monkeypatch):
    folder = tmp_path / "twice"
    folder.mkdir()
    (folder / "normal.py").write_text("from fsm.laws.normal import MODULE\n", encoding="utf-8")
    monkeypatch.setenv(registry.EXTRA, str(folder))
    registry.forget()
    try:
        with pytest.raises(ValueError, match="law families declared twice: normal"):
            registry.families()
    finally:
        monkeypatch.delenv(registry.EXTRA)
        registry.forget()
    assert len(default_engine().rules) == len({r.id for m in modules() for r in m.rules})
