"""The notebooks in the browser with nothing installed: JupyterLite and its Pyodide kernel, built into
the classroom site's ``lite/`` folder from the package registries alone (``python -m fsm site``).

What the folder holds, and where each part comes from:

- the JupyterLite app (``jupyterlite-core``, ``jupyterlite-pyodide-kernel``: the ``site`` extra);
- the Pyodide runtime, from the npm package ``pyodide`` pinned in ``lite/package-lock.json``
  (``make site`` installs it); the npm package ships no package files, so every wheel the kernel
  loads is put beside the runtime and its ``pyodide-lock.json`` rewritten to name them: the pure ones
  of Pyodide's own lock at the versions it names, downloaded from PyPI; PyYAML built from its sdist
  without libyaml (PyPI has no WebAssembly wheel of it); the kernel's own wheels; this package's
  wheel and its pure dependencies (``lite/requirements.txt``);
- Graphviz compiled to WebAssembly (the npm package ``@viz-js/viz``), which draws the diagrams where
  there is no ``dot`` (:mod:`fsm.model.vizjs`);
- the committed notebooks, as they are.

Every wheel is loaded when the kernel starts, from the site: nothing is fetched from elsewhere at run
time, and the PyPI fallback is off. The folder must be served over HTTP (``python -m http.server``):
Chromium refuses module scripts from ``file://``.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent  # a checkout's root; lite/ is not in the package
SOURCE = ROOT / "lite"
FOLDER = "lite"
VIZ = "static/viz/viz.js"  # where fsm.model.vizjs finds Graphviz, under the JupyterLite folder
# What the kernel imports when it starts (the worker installs what its options do not preload), and
# what the notebooks import; each with what it depends on, from Pyodide's lock or lite/requirements.txt.
KERNEL = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython", "widgetsnbextension"]
NOTEBOOKS = ["fsm-bridge-auction", "ipywidgets"]
APPS = ("lab", "notebooks", "tree")  # JupyterLab, Jupyter Notebook (one notebook a tab), its file browser
PYTHON = "3.14"  # Pyodide 314's; the wheels are chosen for it, not for the Python that builds
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"


class Missing(Exception):
    """A part the build cannot have: its message says which, in French / in English."""


def _norm(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def available() -> str | None:
    """None when the JupyterLite part can be built here, else what is missing (French / English)."""
    if not all(
        importlib.util.find_spec(m) for m in ("jupyterlite_core", "jupyterlite_pyodide_kernel", "jupyter_server")
    ):
        return "JupyterLite absent (pip install -e '.[site]', make site) / JupyterLite missing"
    for package in ("pyodide", "@viz-js/viz"):
        if not (SOURCE / "node_modules" / package / "package.json").is_file():
            return (
                f"le paquet npm {package} est absent de lite/node_modules (make site) / "
                f"the npm package {package} is missing from lite/node_modules"
            )
    return None


def _run(cmd: list[str], env: dict[str, str] | None = None, cwd: Path | None = None) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, **(env or {})}, cwd=cwd)
    if done.returncode != 0:
        raise Missing(f"« {' '.join(cmd)} » a échoué / failed:\n{done.stderr[-3000:]}")


def _pip(*args: str, env: dict[str, str] | None = None) -> None:
    _run([sys.executable, "-m", "pip", *args, "--quiet", "--disable-pip-version-check"], env=env)


def _wheel_name(path: Path) -> str:
    return _norm(path.name.split("-")[0])


def _purified(wheel: Path, into: Path) -> Path:
    """A wheel built here with no compiled module (PyYAML without libyaml) tagged as the pure wheel it
    is: Pyodide's micropip loads only ``py3-none-any`` and WebAssembly wheels."""
    name, version = wheel.name.split("-")[:2]
    out = into / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        compiled = [n for n in src.namelist() if n.endswith((".so", ".pyd"))]
        if compiled:
            raise Missing(f"{wheel.name} : modules compilés / compiled modules: {compiled}")
        records = []
        for item in src.infolist():
            data = src.read(item)
            if item.filename.endswith(".dist-info/WHEEL"):
                lines = [ln for ln in data.decode().splitlines() if not ln.startswith(("Tag:", "Root-Is-Purelib:"))]
                data = ("\n".join([*lines, "Root-Is-Purelib: true", "Tag: py3-none-any"]) + "\n").encode()
            if item.filename.endswith(".dist-info/RECORD"):
                record = item.filename
                continue
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            records.append(f"{item.filename},sha256={digest},{len(data)}")
            dst.writestr(item.filename, data)
        dst.writestr(record, "\n".join([*records, f"{record},,"]) + "\n")
    return out


def wheels(into: Path, lock: dict[str, Any]) -> dict[str, Path]:
    """Every wheel the kernel and the notebooks load, by normalised name, downloaded into ``into``
    (PyPI, by exact version; pip's cache makes a second build quick)."""
    into.mkdir(parents=True, exist_ok=True)
    packages = lock["packages"]
    wanted = _closure([*KERNEL, "pyyaml"], packages)
    pure = [n for n in wanted if n in packages and packages[n]["file_name"].endswith("-none-any.whl")]
    pins = [f"{packages[n]['name']}=={packages[n]['version']}" for n in pure]
    pins += [ln.split("#")[0].strip() for ln in (SOURCE / "requirements.txt").read_text().splitlines()]
    _pip(
        "download",
        "--no-deps",
        "--only-binary=:all:",
        "--python-version",
        PYTHON,
        "--dest",
        str(into),
        *[p for p in pins if p],
    )
    built = Path(tempfile.mkdtemp(dir=into))
    yaml = packages["pyyaml"]["version"]
    # PyYAML's setup leaves libyaml out when asked; the wheel it builds is then pure Python
    _pip("wheel", "--no-deps", "--no-binary=pyyaml", "--wheel-dir", str(built), f"pyyaml=={yaml}",
         env={"PYYAML_FORCE_LIBYAML": "0"})  # fmt: skip
    for wheel in built.glob("*.whl"):
        _purified(wheel, into)
    _pip("wheel", "--no-deps", "--wheel-dir", str(built), str(ROOT))
    for wheel in built.glob("fsm_bridge_auction-*.whl"):
        shutil.copy2(wheel, into)
    shutil.rmtree(built)
    from jupyter_core.paths import jupyter_path

    kernel = "labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    shipped = next((Path(p) / kernel for p in jupyter_path() if (Path(p) / kernel).is_dir()), None)
    if shipped is None:
        raise Missing(f"{kernel} : introuvable / not found (jupyterlite-pyodide-kernel)")
    for wheel in shipped.glob("*.whl"):
        if not wheel.name.startswith("widgetsnbextension-3"):  # ipywidgets 8 pairs with widgetsnbextension 4
            shutil.copy2(wheel, into)
    found: dict[str, Path] = {}
    for wheel in sorted(into.glob("*.whl")):
        found[_wheel_name(wheel)] = wheel
    return found


def _closure(names: list[str], packages: dict[str, Any]) -> list[str]:
    seen: list[str] = []
    stack = [_norm(n) for n in names]
    by_norm = {_norm(k): k for k in packages}
    while stack:
        name = stack.pop()
        if name in seen:
            continue
        seen.append(name)
        key = by_norm.get(name)
        if key is not None:
            stack += [_norm(d) for d in packages[key]["depends"]]
    return [by_norm.get(n, n) for n in seen]


def _requires(wheel: Path) -> list[str]:
    """The wheel's unconditional dependencies, by normalised name (markers with extras left out)."""
    with zipfile.ZipFile(wheel) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        text = z.read(meta).decode("utf-8", "replace")
    out = []
    for line in text.splitlines():
        if line.startswith("Requires-Dist:"):
            spec = line.split(":", 1)[1].strip()
            if ";" in spec and ("extra" in spec.split(";", 1)[1] or "python_version <" in spec):
                continue
            name = spec.split(";")[0].strip()
            for stop in " <>=!~[(":
                name = name.split(stop)[0]
            out.append(_norm(name))
    return out


def lock_of(lock: dict[str, Any], found: dict[str, Path]) -> dict[str, Any]:
    """Pyodide's lock, each package the site ships naming its file beside the runtime, with its hash;
    the packages the site does not ship are dropped (nothing would ever fetch them)."""
    out = {"info": lock["info"], "packages": {}}
    for name, wheel in found.items():
        old = next((v for k, v in lock["packages"].items() if _norm(k) == name), None)
        deps = sorted({_norm(d) for d in [*(old["depends"] if old else []), *_requires(wheel)]} & set(found))
        top = _top_level(wheel)
        out["packages"][name] = {
            "name": name,
            "version": wheel.name.split("-")[1],
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": old["imports"] if old else top,
            "depends": [_norm(d) for d in deps],
            "unvendored_tests": False,
        }
    # the stdlib modules Pyodide keeps apart and the npm package ships (none of them is a wheel)
    for name, spec in lock["packages"].items():
        if (
            spec.get("package_type") == "cpython_module"
            and (SOURCE / "node_modules/pyodide" / spec["file_name"]).is_file()
        ):
            out["packages"][name] = spec
    return out


def _top_level(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as z:
        tops = {n.split("/")[0] for n in z.namelist() if not n.split("/")[0].endswith((".dist-info", ".data"))}
    return sorted(t.removesuffix(".py") for t in tops if t.isidentifier() or t.endswith(".py"))


def build(out: Path, notebooks: list[Path], cache: Path | None = None) -> Path:
    """The JupyterLite folder ``out`` (written whole), with ``notebooks`` in its file browser."""
    missing = available()
    if missing is not None:
        raise Missing(missing)
    npm = SOURCE / "node_modules"
    runtime = npm / "pyodide"
    lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        found = wheels(cache or work / "wheels", lock)
        needed = {_norm(n) for n in _closure([*KERNEL, *NOTEBOOKS], lock["packages"])}
        stack = list(needed)
        while stack:  # what the shipped wheels need besides (this package's, from their metadata)
            name = stack.pop()
            if name in found:
                for dep in _requires(found[name]):
                    if dep not in needed and dep in found:
                        needed.add(dep)
                        stack.append(dep)
        absent = sorted(n for n in needed if n not in found)
        if absent:
            raise Missing(f"roues introuvables / wheels not found: {', '.join(absent)}")
        shipped = {n: w for n, w in found.items() if n in needed or n == "pyyaml"}
        lite = work / "lite"
        static = lite / "static" / "pyodide"
        static.mkdir(parents=True)
        for item in runtime.iterdir():
            if item.is_file() and item.suffix in (".mjs", ".js", ".wasm", ".zip") and not item.name.endswith(".map"):
                shutil.copy2(item, static)
        for wheel in shipped.values():
            shutil.copy2(wheel, static)
        (static / "pyodide-lock.json").write_text(json.dumps(lock_of(lock, shipped)), encoding="utf-8")
        files = lite / "files"
        files.mkdir()
        for path in notebooks:
            shutil.copy2(path, files)
        preload = [n for n in [*KERNEL, *NOTEBOOKS, "pyyaml"] if _norm(n) in shipped]
        config = {
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {
                "appName": "Bridge : les annonces / the bridge auction",
                # window.jupyterapp: what the browser test (tests/browser/lite.mjs) runs the cells through
                "exposeAppInBrowser": True,
                "litePluginSettings": {
                    KERNEL_PLUGIN: {
                        "pyodideUrl": "./static/pyodide/pyodide.mjs",
                        "disablePyPIFallback": True,
                        "pipliteUrls": [],
                        "loadPyodideOptions": {"packages": preload},
                    }
                },
            },
        }
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
        if out.exists():
            shutil.rmtree(out)
        build = {"apps": list(APPS), "contents": [str(files)], "no_sourcemaps": True, "output_dir": str(out)}
        extensions = {"extra_labextensions_path": _widget_manager()}
        config_py = {"LiteBuildConfig": build, "FederatedExtensionAddon": extensions}
        (lite / "jupyter_lite_config.json").write_text(json.dumps(config_py), encoding="utf-8")
        _run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite)], cwd=work)
    viz = out / VIZ  # the build copies no other static file of its own accord
    viz.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(npm / "@viz-js/viz/dist/viz.js", viz)
    _check(out)
    return out


WIDGETS = "@jupyter-widgets/jupyterlab-manager"  # the widgets' side in the page (jupyterlab_widgets)


def _widget_manager() -> list[str]:
    """Where the widgets' page side is, when it is not in this environment's own folder (which the
    build reads anyway): without it the notebooks' widgets open no view."""
    from jupyter_core.paths import jupyter_path

    own = Path(sys.prefix) / "share/jupyter/labextensions"
    found = [Path(p) for p in jupyter_path("labextensions") if (Path(p) / WIDGETS / "package.json").is_file()]
    return [str(p) for p in found[:1] if p.resolve() != own.resolve()]


def _check(out: Path) -> None:
    """The built folder names its own runtime, never a CDN (an incremental build was seen to drop it)."""
    config = json.loads((out / "jupyter-lite.json").read_text(encoding="utf-8"))
    settings = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    if (
        settings.get("pyodideUrl") != "./static/pyodide/pyodide.mjs"
        or not (out / "static/pyodide/pyodide.mjs").is_file()
    ):
        raise Missing(f"pyodideUrl : {settings.get('pyodideUrl')}")
    if not (out / "extensions" / WIDGETS).is_dir():
        raise Missing(f"{WIDGETS} absent du site (pip install jupyterlab_widgets) / missing from the site")
