import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from filelock import FileLock

ROOT = Path(__file__).resolve().parent.parent
BROWSER = ROOT / "tests" / "browser"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
DEEP = os.environ.get("FSM_DEEP") == "1"


def pytest_collection_modifyitems(config, items):
    """A test marked ``deep`` (too heavy for `make test`: the whole of what `make test` samples) runs
    in `make deep` (FSM_DEEP=1, which CI runs after `make test`) and is skipped otherwise."""
    if DEEP:
        return
    skip = pytest.mark.skip(reason="make deep (FSM_DEEP=1)")
    for item in items:
        if item.get_closest_marker("deep"):
            item.add_marker(skip)


def deep(*values, **kwargs):
    """A parameter of a test that only `make deep` runs: ``deep(every_page)`` beside a sample."""
    return pytest.param(*values, marks=pytest.mark.deep, **kwargs)


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


def shared(tmp_path_factory, name: str, build: Callable[[Path], object]) -> Path:
    """A folder built once per test session, whatever the number of pytest-xdist workers: the first
    worker to ask builds it under a file lock, the others wait and read it. ``build(folder)`` fills
    the empty folder; the folder must not be written to afterwards."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):  # each worker's basetemp sits in the session's folder
        root = root.parent
    folder, done = root / f"shared-{name}", root / f"shared-{name}.done"
    with FileLock(str(root / f"shared-{name}.lock")):
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)  # a build that failed half-way
            folder.mkdir()
            build(folder)
            done.touch()
    return folder


@pytest.fixture(scope="session")
def portable_corpus(tmp_path_factory):
    """The portable corpus, scenarios and random tier, written once for every test that reads it."""
    from fsm.interop.conformance import export_corpus

    return shared(tmp_path_factory, "portable-corpus", export_corpus)


@pytest.fixture
def need_dot():
    """Rendering tests skip without Graphviz's dot, except in CI where a missing dot is a failure."""
    if shutil.which("dot") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Graphviz 'dot' is missing in CI: the set-up (make setup) must install it")
        pytest.skip("Graphviz 'dot' not installed")


@pytest.fixture(scope="session")
def teaching_pages(tmp_path_factory):
    """Every classroom page and their index, as `python -m fsm teach --all` writes them, once for every
    test that reads them."""
    from fsm.cli import main

    def write(folder):
        assert main(["teach", "--all", "--out", str(folder)]) == 0

    return shared(tmp_path_factory, "teaching-pages", write)


# Every board a test builds keeps the record's invariants (docs/model.md, tests/invariants.py): its
# log is replayed and checked after every event once the test is over. A test that breaks a record on
# purpose (to show that the checker fails) is marked ``record_broken``; the boards of the random
# campaigns are checked by the campaigns themselves, and only the first few of a test are replayed here;
# a board of thousands of events (the tests of flat costs) is left to the campaigns: the check of every
# event replays the record, which costs the square of its length.
BOARDS_CHECKED, EVENTS_CHECKED = 12, 300


@pytest.fixture(autouse=True)
def _every_board_keeps_the_invariants(request, monkeypatch):
    if request.node.get_closest_marker("record_broken"):
        yield
        return
    from fsm import Board
    from fsm.model.machine import default_engine

    built: list[Board] = []
    original = Board.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        if len(built) < BOARDS_CHECKED:
            built.append(self)

    monkeypatch.setattr(Board, "__init__", init)
    yield
    monkeypatch.setattr(Board, "__init__", original)
    from tests import invariants

    found = [
        f"board {i}: {v}"
        for i, board in enumerate(built)
        if board.engine is default_engine() and 0 < len(board.events) <= EVENTS_CHECKED
        for v in invariants.check(board)
    ]
    assert not found, "the record's invariants (docs/model.md):\n" + "\n".join(found[:20])
