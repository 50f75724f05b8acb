import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BROWSER = ROOT / "tests" / "browser"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def _missing(what: str) -> None:
    """A tool a test needs: skipped without it, except in CI where that is a failure."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what} missing in CI: the set-up (make setup) must install it")
    pytest.skip(f"{what} not installed")


@pytest.fixture
def node():
    """Node.js, for the JavaScript interpreter, the SCXML scripts and the browser driver."""
    found = shutil.which("node")
    if found is None:
        _missing("Node.js 'node'")
    return found


@pytest.fixture
def chromium(node):
    """A headless Chromium and its driver (playwright-core, installed by make setup)."""
    missing = [what for what, ok in (("chromium", Path(CHROMIUM).is_file()),
               ("playwright-core (make setup)", (BROWSER / "node_modules" / "playwright-core").is_dir())) if not ok]  # fmt: skip
    if missing:
        _missing(", ".join(missing))


@pytest.fixture(scope="session")
def portable_corpus(tmp_path_factory):
    """The portable corpus, scenarios and random tier, written once for every test that reads it."""
    from fsm.interop.conformance import export_corpus

    folder = tmp_path_factory.mktemp("portable-corpus")
    export_corpus(folder)
    return folder


@pytest.fixture
def need_dot():
    """Rendering tests skip without Graphviz's dot, except in CI where a missing dot is a failure."""
    if shutil.which("dot") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Graphviz 'dot' is missing in CI: the set-up (make setup) must install it")
        pytest.skip("Graphviz 'dot' not installed")
