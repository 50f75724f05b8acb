"""The README's make targets that write files work on a fresh clone: each runs in a copy of the
tracked files alone (no output of an earlier run in the way), with this interpreter's environment
(``-o setup``: the set-up is the one running these tests), and leaves what is committed unchanged."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in files.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, tmp_path / name)
    return tmp_path


def make(folder: Path, target: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        ["make", "-o", "setup", target, f"VENV={sys.prefix}"], cwd=folder, capture_output=True, text=True,
        timeout=1800,
    )  # fmt: skip
    assert done.returncode == 0, f"make {target}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def same(clone: Path, *patterns: str) -> None:
    for pattern in patterns:
        committed = sorted(p.relative_to(ROOT) for p in ROOT.glob(pattern))
        assert committed, pattern
        for name in committed:
            assert (clone / name).read_bytes() == (ROOT / name).read_bytes(), f"{name} differs once rebuilt"


def test_make_diagrams(clone: Path) -> None:
    """The family ``27`` is a drawing (``27.svg``) and a folder of drawings (``27/``): nothing written
    for one may be in the way of the other (it was: IsADirectoryError on 'diagrams/fr/27')."""
    make(clone, "diagrams")
    for svg in ROOT.glob("diagrams/*/**/*.svg"):
        rebuilt = clone / svg.relative_to(ROOT)
        assert rebuilt.stat().st_size > 0 and rebuilt.read_bytes().lstrip().startswith((b"<?xml", b"<svg"))
    same(clone, "diagrams/*/*.dot", "diagrams/*/*/*.dot", "diagrams/README.md")


def test_make_schemas_and_docs(clone: Path) -> None:
    make(clone, "schemas")
    make(clone, "docs")
    same(clone, "fsm/schemas/*.json", "docs/guards.md", "docs/expressions.md", "docs/effects.md", "docs/decisions.md")


@pytest.mark.deep
def test_make_notebooks(clone: Path) -> None:
    make(clone, "notebooks")
    same(clone, "notebooks/*.ipynb")
