"""The teaching notebooks run top to bottom, and say what the laws do at every step."""

import os
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


def test_there_is_a_tour_and_one_notebook_per_law_family():
    names = [p.stem for p in NOTEBOOKS]
    assert names[0] == "00_visite" and len(names) == 7


def test_committed_notebooks_are_what_build_writes():
    import importlib.util

    spec = importlib.util.spec_from_file_location("build", NOTEBOOKS[0].parent / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    for name, nb in build.notebooks().items():
        committed = nbformat.read(NOTEBOOKS[0].parent / f"{name}.ipynb", as_version=4)
        assert [c.source for c in committed.cells] == [c.source for c in nb.cells], (
            f"{name} is stale: run `make notebooks`"
        )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs(path, need_dot):
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    client.execute(env={**os.environ})
    html = "".join(
        out.get("data", {}).get("text/html", "")
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
    )
    assert "Loi" in html and "<table>" in html, "every stage shows its law and the auction grid"


def test_stage_shows_grid_law_state_and_options():
    from fsm.teaching import walk

    stages = list(walk("27B2-design-example"))
    html = stages[1]._repr_html_()
    assert "Loi 18D" in html and "[1♦]" in html and "Enchère insuffisante" in html and "Sud" in html
    last = stages[-1]._repr_html_()
    assert "<s>1♦</s>" in last
