"""The classroom site (`python -m fsm site`, `make site`): one folder, every part linked from its index,
opened from file:// in a real Chromium that follows every link: each names a file of the folder, each
page opens with no script or console error, and no request leaves the folder. `make test` builds a
part of it (two scenarios, the family of Law 27); `make deep` builds the whole site and walks it all."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from fsm.cli import main
from fsm.interop.export import to_dict
from fsm.model.diagrams import VIEWS
from fsm.model.scenario import corpus_files, find, load
from fsm.teach import lite, site
from fsm.teach.quiz import bank
from fsm.teach.quizsheet import families
from fsm.teach.sheets import pages as pdf_pages
from tests.conftest import BROWSER, CHROMIUM, shared

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"

PART = ["27B2-design-example", "27B1a-lowest-sufficient-same-strain"]


def _files(folder: Path) -> list[str]:
    """The site's files but ``.nojekyll`` (for GitHub Pages, no page links it)."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file() and p.name != ".nojekyll")


def walk(folder: Path) -> dict:
    """tests/browser/walk.mjs on the site: what Chromium found, following every link from the index."""
    done = subprocess.run(
        ["node", str(BROWSER / "walk.mjs"), str(folder)],
        capture_output=True, text=True, cwd=BROWSER, timeout=3000, env={**os.environ, "CHROMIUM": CHROMIUM},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _no_fault(seen: dict) -> None:
    for fault in ("broken", "outside", "anchors", "console", "failed", "requests", "errors"):
        assert seen[fault] == [], fault


@pytest.fixture(scope="session")
def site_part(tmp_path_factory):
    """The site of two scenarios and the family of Law 27, built once."""

    def build(folder: Path) -> None:
        site.build(folder / "site", to_dict(), ids=PART, views=["27"], jobs=2, lite=False)

    return shared(tmp_path_factory, "site-part", build) / "site"


def test_a_part_of_the_site_holds_each_kind_of_page(need_dot, chromium, site_part):
    files = _files(site_part)
    assert {"index.html", "pages/index.html", "pages/tableau.html", "pages/27B2-design-example.html",
            "pages/27B1a-lowest-sufficient-same-strain.html", "diagrams/index.html", "diagrams/fr/27.svg",
            "diagrams/en/27.svg", "diagrams/fr/27/7-le-remplacement-est-il-comparable.svg",
            "notebooks/27_enchere_insuffisante.html"} <= set(files)  # fmt: skip
    # the family's sheet and the quiz of its law, of the two scenarios' questions, in each language
    assert [f for f in files if f.startswith("quiz/fr/")] == ["quiz/fr/27.html", "quiz/fr/27.pdf"]
    for lang in ("fr", "en"):
        for name in (f"sheets/{lang}/27", f"quiz/{lang}/27"):
            assert f"{name}.html" in files and f"{name}.pdf" in files, name
            pdf = (site_part / f"{name}.pdf").read_bytes()
            assert pdf.startswith(b"%PDF") and 1 <= pdf_pages(pdf) <= 2, name
    # only the family asked for: no other tree, sheet or notebook, no tour (it links every notebook)
    assert not [f for f in files if re.match(r"(diagrams/(fr|en)|sheets/(fr|en))/(?!27[./])", f)]
    assert [f for f in files if f.startswith("notebooks/")] == ["notebooks/27_enchere_insuffisante.html"]
    assert len([f for f in files if f.startswith("pages/")]) == 2 + 2  # the two pages, their index, the board
    assert (site_part / ".nojekyll").is_file()  # GitHub Pages serves the files as they are


def test_a_part_of_the_site_speaks_to_a_teacher(need_dot, chromium, site_part):
    front = (site_part / "index.html").read_text(encoding="utf-8")
    assert front.index("Pour commencer") < front.index("To begin") < front.index("Par famille de lois")
    family = front[front.index("id='famille-27'") :]
    assert "href='notebooks/27_enchere_insuffisante.html'" in family  # the lesson
    assert "href='pages/27B2-design-example.html'" in family  # its worked board
    assert "href='pages/index.html#loi-27'" in family and "id='loi-27'" in (site_part / "pages/index.html").read_text(
        encoding="utf-8"
    )
    assert "href='sheets/fr/27.pdf'" in family and "href='quiz/en/27.html'" in family
    assert "Absent de ce site" not in front


def test_every_link_of_a_part_of_the_site_resolves_offline_in_chromium(need_dot, chromium, site_part):
    """From the index, every link followed: each names a file of the folder, and every file of the
    folder is reached; no request leaves it, no script or console error on any page."""
    seen = walk(site_part)
    _no_fault(seen)
    assert seen["reached"] == _files(site_part)
    assert "notebooks/27_enchere_insuffisante.html" in seen["opened"] and "pages/tableau.html" in seen["opened"]


def test_no_page_of_the_site_names_the_network(need_dot, chromium, site_part):
    """What the browser would fetch is in the folder: no script, style or image from an address."""
    for path in site_part.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", text, re.I), path
        assert not re.search(r"@import|url\(\s*['\"]?(?:https?:)?//", text, re.I), path


def test_the_index_links_no_pdf_when_none_was_printed(tmp_path):
    built = site.Built(tmp_path, [find(PART[0])], ["27"], ["27"], left_out=["PDF : Chromium est introuvable"])
    front = site.index(built)
    assert ".pdf" not in front and "href='quiz/fr/27.html'" in front
    assert "Absent de ce site" in front and "Chromium est introuvable" in front


def test_a_folder_that_holds_something_else_is_never_emptied(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    assert main(["site", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "n'est pas vide" in err and "is not empty" in err
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"
    (tmp_path / "file").write_text("", encoding="utf-8")
    assert main(["site", "--out", str(tmp_path / "file")]) == 2


def test_a_site_written_before_is_replaced_whole(tmp_path):
    folder = tmp_path / "site"
    (folder / "pages").mkdir(parents=True)
    (folder / "pages" / "gone.html").write_text("", encoding="utf-8")
    (folder / "index.html").write_text(site._page(("a", "a"), ""), encoding="utf-8")  # as the site writes it
    assert site._fresh(folder) == folder and list(folder.iterdir()) == []


@pytest.mark.deep
def test_the_whole_site_is_built_and_every_link_resolves_offline_in_chromium(need_dot, chromium, tmp_path, capsys):
    """`python -m fsm site`: every scenario's page, every drawing, each family's sheet and quiz in
    HTML and PDF, every notebook rendered and runnable in the browser; every file reached from the
    index but those of lite/, which are served over HTTP (the next test runs them)."""
    folder = tmp_path / "site"
    assert main(["site", "--out", str(folder)]) == 0
    assert "fichiers" in capsys.readouterr().out
    assert "Absent de ce site" not in (folder / "index.html").read_text(encoding="utf-8")  # nothing left out
    files = _files(folder)
    lite = [f for f in files if f.startswith("lite/")]
    files = [f for f in files if f not in lite]
    notebooks = sorted(p.stem for p in (Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))
    assert [f for f in lite if f.startswith("lite/files/")] == [f"lite/files/{n}.ipynb" for n in notebooks]
    scenarios = [s for f in corpus_files() for s in load(f)]
    assert len([f for f in files if f.startswith("pages/")]) == len(scenarios) + 2
    for lang in ("fr", "en"):
        for view in VIEWS:
            assert {f"sheets/{lang}/{view}.pdf", f"sheets/{lang}/{view}.html", f"diagrams/{lang}/{view}.svg"} <= set(
                files
            )
        for family in families(bank()):
            assert {f"quiz/{lang}/{family}.pdf", f"quiz/{lang}/{family}.html"} <= set(files)
    assert [f for f in files if f.startswith("notebooks/")] == [f"notebooks/{n}.html" for n in notebooks]
    seen = walk(folder)
    _no_fault(seen)
    assert [f for f in seen["reached"] if not f.startswith("lite/")] == files
    assert {"lite/index.html", "lite/notebooks/index.html"} <= set(seen["reached"]) and "notices.html" in files


@pytest.mark.deep
def test_a_notebook_runs_in_the_browser_from_the_site(need_dot, chromium, tmp_path):
    """The site's lite/ part (JupyterLite, its Pyodide kernel, the wheels, Graphviz as WebAssembly)
    built from the registries, served over HTTP, the Law 27 notebook opened in headless Chromium and
    run whole: every cell runs without error, the diagrams come as SVG drawn in the browser (there is
    no dot there), the widgets show, and no request leaves the local server."""
    built = site.build(tmp_path / "site", to_dict(), ids=PART, views=["27"], pdf=False, jobs=2)
    assert built.lite, built.left_out  # a missing tool is a failure here: `make deep` installs them
    config = json.loads((built.folder / "lite/jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][lite.KERNEL_PLUGIN]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs" and kernel["disablePyPIFallback"] is True
    lock = json.loads((built.folder / "lite/static/pyodide/pyodide-lock.json").read_text(encoding="utf-8"))
    for spec in lock["packages"].values():  # every package the kernel may load is a file of the site
        assert (built.folder / "lite/static/pyodide" / spec["file_name"]).is_file(), spec["file_name"]
    done = subprocess.run(
        ["node", str(BROWSER / "lite.mjs"), str(built.folder), "27_enchere_insuffisante"],
        capture_output=True, text=True, cwd=BROWSER, timeout=1500, env={**os.environ, "CHROMIUM": CHROMIUM},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert "failure" not in seen, seen.get("failure")
    assert seen["outside"] == []
    assert all(m.startswith("/lite/api/") for m in seen["missing"]), seen["missing"]  # the app probes a server
    cells = seen["cells"]
    code = [c for c in json.loads((NOTEBOOKS / "27_enchere_insuffisante.ipynb").read_text(encoding="utf-8"))["cells"]
            if c["cell_type"] == "code"]  # fmt: skip
    assert [c["count"] for c in cells] == list(range(1, len(code) + 1))
    assert [o for c in cells for o in c["outputs"] if o["type"] == "error"] == []
    # the first cell displays the Law 27 tree: SVG laid out by Graphviz compiled to WebAssembly
    assert "image/svg+xml" in cells[0]["outputs"][0]["mime"]
    assert "<svg" in cells[0]["svg_text"] and "Generated by graphviz" in cells[0]["svg_text"]
    # the second is the Stepper of a board: its buttons answer (one step on), its path drawn in the page
    assert cells[1]["widgets"] >= 2 and cells[1]["svg"] >= 1 and cells[1]["svg_nodes"] >= 2
    first, after = seen["stepper_before"], seen["stepper_after"]
    assert first.startswith("1 / ") and after == "2 / " + first.split(" / ")[1]
