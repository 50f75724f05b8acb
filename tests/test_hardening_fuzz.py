"""A property-based campaign over the entry points that read what a user gives: whatever the input,
the answer is the board, the scenarios, the families or the report, or one of the project's errors
(:class:`FsmError`, exit code 2 on the command line); never another exception, never a hang.

The fast suite runs a short derandomised sample of each; ``make deep`` (FSM_DEEP=1) many more. An
alarm guards every input against a hang: only a hang takes that long, it is no speed assertion.
``TRIED`` counts the inputs each entry point was given (printed with ``-s``).
"""

import contextlib
import io
import json
import os
import signal
from collections import Counter

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fsm.bridge.errors import FsmError
from fsm.bridge.events import EVENTS
from fsm.cli import main
from fsm.laws import registry
from fsm.model import machine
from fsm.model.board import Board
from fsm.model.scenario import SNAPSHOT_KEYS, TOP_KEYS, load, run
from tests.conftest import deep

HANG_GUARD = 60  # seconds for one input
TRIED: Counter = Counter()


class Hang(Exception):
    pass


@contextlib.contextmanager
def alarm():
    def ring(*_):
        raise Hang

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(HANG_GUARD)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def campaign(n: int, *strategies):
    """The test body run on ``n`` inputs drawn from the strategies, the same on every run."""
    return lambda body: settings(
        max_examples=n, derandomize=True, deadline=None, database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )(given(*strategies)(body))  # fmt: skip


@pytest.fixture(scope="module", autouse=True)
def tally():
    yield
    print("\ninputs tried per entry point:", dict(TRIED))


# --- values: JSON-like, with the keys and names the readers look for -----------------------------
WORDS = sorted(TOP_KEYS) + list(SNAPSHOT_KEYS)[:8] + sorted(EVENTS)[:12] + ["scenarios", "rejected", "calls", "law"]
WORDS += ["seat", "call", "N", "E", "1C", "Pass", "X", "27B1", "fr", "en", "card", "SA"]
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**40), 10**40), st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(WORDS), st.text(max_size=12),
)  # fmt: skip
keys = st.one_of(st.sampled_from(WORDS), st.text(max_size=8), st.integers(-3, 40))
values = st.recursive(
    scalars, lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(keys, inner, max_size=5)),
    max_leaves=25,
)  # fmt: skip
event = st.one_of(
    st.fixed_dictionaries({}, optional={"calls": st.one_of(st.sampled_from(["1C Pass", "AP", "1H ^I", "P P P P"]), values)}),
    st.builds(lambda name, args: {name: args}, st.sampled_from(sorted(EVENTS) + ["rejected", "nope"]),
              st.one_of(st.none(), values, st.dictionaries(st.sampled_from(WORDS), scalars, max_size=4))),
    values,
)  # fmt: skip
scenario = st.fixed_dictionaries(
    {"id": st.one_of(st.sampled_from(["a", "b"]), scalars)},
    optional={**{k: values for k in sorted(TOP_KEYS - {"id", "events"})}, "events": st.lists(event, max_size=5),
              "checkpoints": st.dictionaries(keys, values, max_size=3)},
)  # fmt: skip
documents = st.one_of(
    scenario,
    st.lists(scenario, max_size=3),
    st.fixed_dictionaries({"scenarios": st.lists(scenario, max_size=3)}),
    values,
)


def _text(value, form: str) -> str:
    if form == "json":
        return json.dumps(value, allow_nan=True)
    try:
        return yaml.safe_dump(value, allow_unicode=True)
    except yaml.YAMLError:
        return "[]"


# --- the scenario loader ------------------------------------------------------------------------
yaml_bits = st.sampled_from([
    "id: a\n", "events:\n", "  - calls: P\n", "  - {call: {seat: N, call: 1C}}\n", "? [a, b]\n: 1\n", "&x a\n",
    "*x\n", "checkpoints: {.inf: {}}\n", "\ufeff", "\u2028", "\t", "- ", ": ", "{", "[", "]", "}", "'", '"', "!!python/object:os.system\n",
    "9" * 50, "id: a\n", "!!binary aGk=\n", "<<: {a: 1}\n", "2001-12-14\n", "%YAML 1.1\n---\n", "\x00", "\x1b[31m",
])  # fmt: skip
raw_texts = st.one_of(st.text(max_size=200), st.lists(yaml_bits, max_size=20).map("".join), st.binary(max_size=200))


def _load_and_run(tmp_path, name: str, content) -> None:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8", errors="surrogatepass")
    with alarm():
        try:
            found = load(path)
        except FsmError:
            return
        for s in found:
            run(s)  # a failure is a result, never an exception


@pytest.mark.parametrize("n", [40, deep(6000)])
def test_the_scenario_loader_on_any_text(tmp_path, n):
    @campaign(n, raw_texts, st.sampled_from(["s.yaml", "s.json"]))
    def body(content, name):
        TRIED["scenario loader (text)"] += 1
        _load_and_run(tmp_path, name, content)

    body()


@pytest.mark.parametrize("n", [25, deep(2000)])  # some 0.2 s an input: a board played, its snapshot compared
def test_the_scenario_loader_on_any_structure(tmp_path, n):
    @campaign(n, documents, st.sampled_from(["yaml", "json"]))
    def body(document, form):
        TRIED["scenario loader (structure)"] += 1
        _load_and_run(tmp_path, f"s.{form}", _text(document, form))

    body()


# --- Board.replay ---------------------------------------------------------------------------------
records = st.one_of(
    values,
    st.lists(event, max_size=6),
    st.fixed_dictionaries({}, optional={
        "events": st.one_of(st.lists(event, max_size=6), values), "dealer": st.one_of(st.sampled_from("NESWO"), scalars),
        "vulnerable": st.one_of(st.sampled_from(["None", "NS", "EW", "All"]), scalars),
        "settings": st.one_of(st.none(), values), "cards_in_board": st.one_of(st.booleans(), scalars),
    }),
)  # fmt: skip


@pytest.mark.parametrize("n", [40, deep(6000)])
def test_board_replay_on_any_record(n):
    @campaign(n, records)
    def body(record):
        TRIED["Board.replay"] += 1
        with alarm():
            try:
                board = Board.replay(record)
            except FsmError:
                return
        assert Board.replay(board.record()).snapshot() == board.snapshot()

    body()


# --- check on PBN-ish bytes ---------------------------------------------------------------------
pbn_bits = st.sampled_from([
    b'[Event "x"]\n', b'[Board "1"]\n', b'[Board "' + b"9" * 300 + b'"]\n', b'[Dealer "N"]\n', b'[Auction "N"]\n',
    b"1C Pass 1H ^I 1D\n", b"Pass Pass Pass Pass\n", b"AP\n", b"^S ", b"=1= ", b"{c}", b"; x\n", b"%\n", b"*\n",
    b'[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n', b"\x1b[31m", b"\xff\xfe",
    b"\r\n", b"\n", b"\x00", b'[Play "E"]\nHA H2\n', b'[Contract "4S"]\n', b'[Declarer "S"]\n', b"\xe2\x80\xa8",
])  # fmt: skip


@pytest.mark.parametrize("n", [30, deep(4000)])
def test_check_on_any_pbn_bytes(tmp_path, n):
    @campaign(n, st.one_of(st.binary(max_size=300), st.lists(pbn_bits, max_size=30).map(b"".join)))
    def body(content):
        TRIED["check"] += 1
        path = tmp_path / "g.pbn"
        path.write_bytes(content)
        out, err = io.StringIO(), io.StringIO()
        with alarm(), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["check", "-j", "1", str(path)])
        assert code in (0, 2), err.getvalue()
        assert "\x1b" not in out.getvalue() and "\x1b" not in err.getvalue()

    body()


# --- FSM_FAMILIES folders ----------------------------------------------------------------------
GOOD = (
    "from fsm.laws.spec import LawModule, Rule\n"
    'MODULE = LawModule(name="fz", laws="20B", rank=70, rules=[Rule(event="review", source="passed_out", dest=None,'
    ' law="20B", fr="a", en="b", actions=())], takes={"passed_out": ("review",)})\n'
)
py_bits = st.sampled_from([
    GOOD, GOOD.replace('law="20B"', "law=None"), GOOD.replace("rank=70", 'rank="x"'), GOOD.replace('"fz"', "None"),
    GOOD.replace('"passed_out", dest', '"nowhere", dest'), GOOD.replace("takes={", "options=5, takes={"), "MODULE = 5\n", "from fsm.laws.normal import MODULE\n",
    "def (\n", "raise RuntimeError('x')\n", "import sys\nsys.exit(1)\n", "x = 1\n", "\ufeff", "1/0\n", "import nothing_here\n",
])  # fmt: skip
yaml_data = st.one_of(
    st.sampled_from([
        "views: [\n", "- 1\n", "views: []\nviews: []\n", "views: [{title: 1}]\n", "overview: {fr: a, en: b}\n",
        "\ufeffoverview: {fr: a, en: b}\n", "views: [{name: v1, title: {fr: a, en: b}}]\n", "overview: 3\n",
        "views: [{name: v2, title: {fr: a, en: b}, lesson: {notebook: n}}]\n", "views: 5\n",
    ]),
    st.text(max_size=60),
)  # fmt: skip
entry = st.one_of(
    st.tuples(st.just("py"), st.lists(py_bits, min_size=1, max_size=3).map("".join)),
    st.tuples(st.just("yaml"), yaml_data),
    st.tuples(st.sampled_from(["fifo", "dir", "loop", "binary"]), st.just("")),
)
folders = st.one_of(
    st.just(None),
    st.dictionaries(st.sampled_from(["a", "b", "normal"]), st.lists(entry, min_size=1, max_size=2), max_size=3),
)


def _make(folder, plan) -> None:
    folder.mkdir()
    for stem, items in plan.items():
        for kind, text in items:
            ext = "yaml" if kind == "yaml" else "py"
            path = folder / f"{stem}.{ext}"
            if os.path.lexists(path):
                continue
            if kind in ("py", "yaml"):
                path.write_text(text, encoding="utf-8", errors="surrogatepass")
            elif kind == "fifo":
                os.mkfifo(path)
            elif kind == "dir":
                path.mkdir()
            elif kind == "loop":
                path.symlink_to(path)
            else:
                path.write_bytes(b"\xff\xfe\x00garbage")


@pytest.mark.parametrize("n", [25, deep(2000)])
def test_families_folders_of_any_content(tmp_path_factory, monkeypatch, n):
    @campaign(n, folders)
    def body(plan):
        TRIED["FSM_FAMILIES"] += 1
        folder = tmp_path_factory.mktemp("families") / "f"
        if plan is not None:
            _make(folder, plan)
        monkeypatch.setenv(registry.EXTRA, str(folder))
        registry.forget()
        try:
            with alarm():
                registry.law_modules()
                registry.families()
                machine.default_engine.__wrapped__()  # the machine of these families, the cached one untouched
        except FsmError:
            pass
        finally:
            monkeypatch.delenv(registry.EXTRA)
            registry.forget()

    body()


# --- --out targets ---------------------------------------------------------------------------------
# no FIFO: one with no reader makes any writer wait, as `cat > fifo` does
targets = st.sampled_from(["file", "file/under", "dir", "long", "fresh/deep/er", "dotdot"])
commands = st.sampled_from([
    ["export", "--format", "mermaid", "--out", "{out}"], ["diagram", "--view", "27", "--format", "dot", "--out", "{out}"],
    ["teach", "--pbn", "tests/data/teach.pbn", "--out", "{out}"], ["export", "--format", "json", "--out", "{out}"],
])  # fmt: skip


@pytest.mark.parametrize("n", [8, deep(100)])  # 24 commands × targets: the deep run tries them all
def test_out_targets_of_any_kind(tmp_path_factory, n):
    @campaign(n, commands, targets)
    def body(command, target):
        TRIED["--out"] += 1
        root = tmp_path_factory.mktemp("out")
        (root / "file").write_text("x", encoding="utf-8")
        (root / "dir").mkdir()
        (root / "dir" / "v.dot").mkdir()
        out = {"long": str(root / ("n" * 300)), "dotdot": str(root / "file" / "..")}.get(target, str(root / target))
        err = io.StringIO()
        with alarm(), contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            code = main([part.replace("{out}", out) for part in command])
        assert code in (0, 2), err.getvalue()
        assert code == 0 or "unusable path" in err.getvalue(), err.getvalue()

    body()
