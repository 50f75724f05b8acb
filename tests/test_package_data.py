"""What an installed package needs is installed with it: the JavaScript interpreter of the export
(fsm/js/, which the teacher's board inlines), the scenarios, schemas, law texts and page assets.
A file the package reads at run time and the wheel leaves out would only fail once installed."""

from __future__ import annotations

import fnmatch
import os
import subprocess
import sys
from pathlib import Path

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the test extra installs tomli
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent


def test_every_data_file_of_the_package_is_declared():
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    tracked = subprocess.run(["git", "ls-files", "fsm"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    data = [Path(f).relative_to("fsm").as_posix() for f in tracked.split() if not f.endswith(".py")]
    assert any(f.startswith("js/") for f in data)
    left_out = [f for f in data if not any(fnmatch.fnmatchcase(f, g) for g in globs["fsm"])]
    assert left_out == [], f"files of fsm/ the wheel would leave out: {left_out}"


@pytest.mark.deep
def test_the_teachers_board_from_an_installed_package(tmp_path):
    """``pip install .`` then ``python -m fsm teach --board``, outside the checkout: the board is written
    with the interpreter inlined (it was silently left out when the interpreter lived in examples/)."""
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), str(ROOT)],
                   check=True, timeout=600)  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(target)}
    done = subprocess.run([sys.executable, "-m", "fsm", "teach", "--board", "--out", str(tmp_path / "out")],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "out" / "tableau.html").read_text(encoding="utf-8")
    assert "FsmInterpreter" in page and str(ROOT) not in done.stdout
