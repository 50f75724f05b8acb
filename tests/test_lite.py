"""The notebooks in the browser (the site's lite/ part, fsm/teach/lite.py; fsm/model/vizjs.py), the
cheap part: what the build pins, the lock it writes, the pure wheel it retags, the binding's dot
answered by viz.js, and the front page's link. `make deep` builds it and runs a notebook in Chromium
(tests/test_site.py)."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import sys
import zipfile
from pathlib import Path

import graphviz
import pytest
from graphviz.backend import execute

from fsm.model import vizjs
from fsm.model.scenario import find
from fsm.teach import lite, site

ROOT = Path(__file__).parent.parent


def test_the_browser_parts_are_pinned_to_one_version_each():
    pins = json.loads((ROOT / "lite/package.json").read_text(encoding="utf-8"))["dependencies"]
    locked = json.loads((ROOT / "lite/package-lock.json").read_text(encoding="utf-8"))["packages"]
    assert set(pins) == {"pyodide", "@viz-js/viz"}
    for name, version in pins.items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), name  # exact: the lock and the site agree
        assert locked[f"node_modules/{name}"]["version"] == version
    lines = [ln.strip() for ln in (ROOT / "lite/requirements.txt").read_text().splitlines()]
    wheels = [ln for ln in lines if ln and not ln.startswith("#")]
    assert wheels and all(re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9.]+", w) for w in wheels), wheels
    extra = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(
        r'site = \["jupyterlite-core>=[^"]+", "jupyterlite-pyodide-kernel>=[^"]+", "jupyter-server>=', extra
    )


def _wheel(path: Path, files: dict[str, bytes], tag: str) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
        z.writestr("pkg-1.0.dist-info/WHEEL", f"Wheel-Version: 1.0\nRoot-Is-Purelib: false\nTag: {tag}\n")
        z.writestr("pkg-1.0.dist-info/RECORD", "")
        z.writestr(
            "pkg-1.0.dist-info/METADATA", "Name: pkg\nRequires-Dist: other>=1\nRequires-Dist: docs; extra == 'doc'\n"
        )
    return path


def test_a_wheel_built_without_its_compiled_module_is_retagged_pure(tmp_path):
    built = _wheel(
        tmp_path / "pkg-1.0-cp311-cp311-linux_x86_64.whl", {"pkg/__init__.py": b"x = 1\n"}, "cp311-cp311-linux_x86_64"
    )
    (tmp_path / "out").mkdir()
    pure = lite._purified(built, tmp_path / "out")
    assert pure.name == "pkg-1.0-py3-none-any.whl"
    with zipfile.ZipFile(pure) as z:
        wheel = z.read("pkg-1.0.dist-info/WHEEL").decode()
        record = z.read("pkg-1.0.dist-info/RECORD").decode().splitlines()
        assert "Tag: py3-none-any" in wheel and "Root-Is-Purelib: true" in wheel and "linux" not in wheel
        digest = base64.urlsafe_b64encode(hashlib.sha256(b"x = 1\n").digest()).rstrip(b"=").decode()
        assert f"pkg/__init__.py,sha256={digest},6" in record and record[-1] == "pkg-1.0.dist-info/RECORD,,"
    compiled = _wheel(tmp_path / "c-1.0-cp311-cp311-linux_x86_64.whl", {"c/_c.so": b"\0"}, "cp311-cp311-linux_x86_64")
    with pytest.raises(lite.Missing, match="compiled"):
        lite._purified(compiled, tmp_path / "out")


def test_the_lock_names_the_files_the_site_ships_with_their_hashes(tmp_path):
    one = _wheel(tmp_path / "pkg-1.0-py3-none-any.whl", {"pkg/__init__.py": b""}, "py3-none-any")
    two = _wheel(tmp_path / "other-2.0-py3-none-any.whl", {"other.py": b""}, "py3-none-any")
    pyodide = {"info": {"python": "3.14.2"}, "packages": {
        "pkg": {"name": "pkg", "version": "0.9", "file_name": "pkg-0.9-cp314-wasm32.whl", "imports": ["pkg"],
                "depends": ["other", "gone"], "package_type": "package", "sha256": "0"},
        "gone": {"name": "gone", "version": "1", "file_name": "gone-1.whl", "imports": ["gone"], "depends": [],
                 "package_type": "package", "sha256": "0"},
    }}  # fmt: skip
    out = lite.lock_of(pyodide, {"pkg": one, "other": two})
    assert out["info"] == {"python": "3.14.2"} and set(out["packages"]) == {
        "pkg",
        "other",
    }  # nothing shipped, nothing named
    pkg = out["packages"]["pkg"]
    assert (pkg["file_name"], pkg["version"], pkg["depends"]) == ("pkg-1.0-py3-none-any.whl", "1.0", ["other"])
    assert pkg["sha256"] == hashlib.sha256(one.read_bytes()).hexdigest()
    assert out["packages"]["other"]["imports"] == ["other"]  # a wheel Pyodide does not know: from its files


def test_the_bindings_dot_is_answered_by_viz_js_in_the_browser(monkeypatch):
    asked = []

    def render(source: str, engine: str = "dot", fmt: str = "svg") -> str:
        asked.append((engine, fmt, source))
        return "<svg>drawn</svg>"

    monkeypatch.setattr(vizjs, "render", render)
    original = execute.run_check
    vizjs.install()  # off Pyodide: nothing changes
    assert execute.run_check is original
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(execute, "run_check", original)  # put back after the test
    vizjs.install()
    assert execute.run_check is vizjs.run_check
    graph = graphviz.Digraph()
    graph.edge("a", "b")
    assert graph.pipe(format="svg") == b"<svg>drawn</svg>"
    assert graph.pipe(format="svg", encoding="utf-8") == "<svg>drawn</svg>"
    assert graph._repr_image_svg_xml() == "<svg>drawn</svg>"  # what a notebook displays
    assert [(e, f) for e, f, _ in asked] == [("dot", "svg")] * 3 and "a -> b" in asked[0][2]


def test_the_front_page_sends_the_notebooks_to_the_browser_over_http(tmp_path):
    built = site.Built(
        tmp_path, [find("27B2-design-example")], ["27"], ["27"], {"27_enchere_insuffisante": "x"}, lite=True
    )
    front = site.index(built)
    assert "href='lite/index.html'" in front and "href='notices.html'" in front
    assert "href='lite/notebooks/index.html?path=27_enchere_insuffisante.ipynb'" in front
    assert "python3 -m http.server" in front and "servi en HTTP" in front and "served over HTTP" in front
    assert "EPL" in site.notices() and "Graphviz" in site.notices()
    built.lite = False
    assert "lite/" not in site.index(built)


def test_a_part_the_registries_do_not_give_is_named_and_the_rest_of_the_site_stands(tmp_path, monkeypatch):
    def refused(out, notebooks, cache=None):
        (out / "static").mkdir(parents=True)  # begun, then stopped: nothing half-built is left
        raise lite.Missing("roues introuvables / wheels not found: pyyaml")

    monkeypatch.setattr(lite, "available", lambda: None)
    monkeypatch.setattr(lite, "build", refused)
    built = site.Built(tmp_path, [], ["27"], [], {"27_enchere_insuffisante": "x"})
    site._lite(built, ROOT / "notebooks")
    assert not built.lite and not (tmp_path / "lite").exists() and not (tmp_path / "notices.html").exists()
    assert built.left_out == [
        "carnets dans le navigateur / notebooks in the browser: roues introuvables / wheels not found: pyyaml"
    ]
