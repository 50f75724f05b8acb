"""fsm/js/ is a generic interpreter of the exported machine: the expression language, the
effects, the engine and the documented host primitives, with no law written in it. It replays the
whole portable corpus (the scenarios and the random tier) at conformance level 3: the rules that
fired, the whole snapshot, the options, each refusal's law and type. Without Node.js the tests
skip, except in CI where a missing `node` is a failure."""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from fsm.interop.export import to_dict
from tests.conftest import deep

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "fsm" / "js"
BROWSER = ROOT / "tests" / "browser"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed, (\d+) skipped$", re.MULTILINE)


def run(node, *args, timeout=300):
    return subprocess.run([node, *map(str, args)], capture_output=True, text=True, timeout=timeout)


def test_the_interpreter_runs_the_whole_corpus_at_the_highest_level(node, portable_corpus):
    index = json.loads((portable_corpus / "index.json").read_text(encoding="utf-8"))
    expected = len(index["scenarios"]) + sum(f["sequences"] for f in index["random"]["files"])
    done = run(node, JS / "conformance.js", portable_corpus)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    summary = SUMMARY.findall(done.stdout)
    assert summary == [(str(expected), "0", "0")], done.stdout[-3000:]
    assert expected >= 258 + 2000


def _small_corpus(portable_corpus, folder):
    """The scenarios and the machine, without the random tier: quick to copy and to spoil."""
    folder.mkdir()
    for path in portable_corpus.glob("*--*.json"):
        shutil.copy(path, folder / path.name)
    shutil.copy(portable_corpus / "machine.json", folder / "machine.json")
    index = json.loads((portable_corpus / "index.json").read_text(encoding="utf-8"))
    index["random"]["files"] = []
    (folder / "index.json").write_text(json.dumps(index), encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    "spoil, key",
    [
        (lambda step: step["snapshot"].update(contract="3NTX"), "snapshot.contract"),
        (lambda step: step["fired"].reverse() or step["fired"].append("board--take_cards[]->auction"), "fired"),
        (lambda step: step["options"].pop(), "options"),
    ],
    ids=["contract", "fired", "options"],
)
def test_a_wrong_answer_in_the_corpus_fails(node, portable_corpus, tmp_path, spoil, key):
    """The comparison is not vacuous: one answer spoiled in the corpus makes the interpreter fail."""
    corpus = _small_corpus(portable_corpus, tmp_path / "corpus")
    path = corpus / "regular--22A-notrump-opener-declares.json"
    scenario = json.loads(path.read_text(encoding="utf-8"))
    spoil(scenario["steps"][-1])
    path.write_text(json.dumps(scenario), encoding="utf-8")
    done = run(node, JS / "conformance.js", corpus)
    assert done.returncode == 1
    passed, failed, skipped = map(int, SUMMARY.findall(done.stdout)[0])
    assert (failed, skipped) == (1, 0) and passed > 200, done.stdout[-2000:]
    fail = [json.loads(line[5:]) for line in done.stdout.splitlines() if line.startswith("FAIL ")]
    assert [(f["scenario"], f["key"]) for f in fail] == [("22A-notrump-opener-declares", key)], fail


def test_the_engine_knows_no_bridge(node):
    done = run(node, JS / "engine" / "selftest.js")
    assert done.returncode == 0, done.stdout + done.stderr
    # the self-test's toy machine has words of its own; the engine itself has none of the bridge's
    engine = "\n".join(p.read_text(encoding="utf-8") for p in (JS / "engine").glob("*.js") if p.name != "selftest.js")
    spec = to_dict()
    words = {s["name"].split(".")[-1] for s in spec["states"]} | {e["name"] for e in spec["events"]}
    found = sorted(w for w in words if re.search(rf"['\"`]{re.escape(w)}['\"`]", engine))
    assert found == [], found


# A law clause as the laws of the auction period are cited: 16C, 27B1, 30B1(b)(ii)...
LAW = re.compile(r"\b(?:1[5-9]|[2-5][0-9]|[6-9][0-9])[A-G][0-9]?(?:\([a-d]\))?(?:\((?:i|ii|iii|iv)\))?\b")
LITERAL = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`(?:[^`\\]|\\.)*`")


def test_no_law_is_written_in_the_javascript():
    """Every citation the interpreter gives comes from the data: no law clause, no state name, no
    rule id in a string of its code, and no law cited in its comments either."""
    spec = to_dict()
    states = {s["name"] for s in spec["states"]}
    rule_ids = {r["id"] for r in spec["rules"]}
    files = [*JS.glob("*.js"), *(JS / "engine").glob("*.js"), *(JS / "bridge").glob("*.js")]
    assert len(files) >= 15
    problems = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        problems += [f"{path.name}: law {m.group()}" for m in LAW.finditer(text)]
        for literal in LITERAL.findall(text):
            word = literal[1:-1]
            if word in states or word in rule_ids:
                problems.append(f"{path.name}: state or rule {literal}")
    assert problems == [], problems


def test_the_bundle_runs_without_a_module_loader(node, portable_corpus, tmp_path):
    bundle = tmp_path / "fsm-interpreter.js"
    done = run(node, JS / "bundle.js", bundle, "--machine", portable_corpus / "machine.json")
    assert done.returncode == 0, done.stderr
    done = run(node, JS / "check-bundle.js", portable_corpus, "--bundle", bundle, "--scenarios", 1000)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr


@pytest.mark.parametrize("every", [8, deep(1)], ids=["one-in-8", "all"])
def test_an_offline_page_runs_the_interpreter_in_chromium(node, chromium, portable_corpus, tmp_path, every):
    """The bundle and the export, as a file:// page loads them with no network: the page replays
    scenarios of the corpus in the browser and says how many agree (`make test` one in eight,
    `make deep` every one)."""
    bundle = tmp_path / "fsm-interpreter.js"
    assert run(node, JS / "bundle.js", bundle, "--machine", portable_corpus / "machine.json").returncode == 0
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(portable_corpus.glob("*--*.json"))[::every]]
    (tmp_path / "cases.js").write_text(f"window.CASES = {json.dumps(docs)};", encoding="utf-8")
    (tmp_path / "page.html").write_text(PAGE, encoding="utf-8")
    done = subprocess.run(
        [node, str(BROWSER / "interpreter.mjs"), str(tmp_path / "page.html")],
        capture_output=True, text=True, cwd=BROWSER, timeout=300, env={**os.environ, "CHROMIUM": CHROMIUM},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["requests"] == [] and seen["errors"] == [], seen
    assert seen["result"] == f"{len(docs)} passed, 0 failed", seen


PAGE = """<!doctype html>
<meta charset="utf-8"><title>fsm-interpreter</title>
<script src="fsm-interpreter.js"></script>
<script src="cases.js"></script>
<pre id="out"></pre>
<script>
// The same comparisons as conformance.js, in the page: keys sorted, so equal values print alike.
const canon = (v) => Array.isArray(v) ? "[" + v.map(canon).join(",") + "]"
  : v !== null && typeof v === "object" ? "{" + Object.keys(v).sort().map((k) => JSON.stringify(k) + ":" + canon(v[k])).join(",") + "}"
  : JSON.stringify(v === undefined ? null : v);
const it = FsmInterpreter.load();
let passed = 0, failed = 0;
for (const doc of CASES) {
  const board = it.board(doc.setup);
  let ok = canon({snapshot: board.snapshot(), options: board.options()}) === canon(doc.initial);
  for (const step of doc.steps) {
    if (!ok) break;
    try {
      const fired = board.apply(step.event).map((s) => s.rule);
      ok = !step.refused && canon(fired) === canon(step.fired)
        && canon(board.snapshot()) === canon(step.snapshot) && canon(board.options()) === canon(step.options);
    } catch (err) {
      ok = Boolean(step.refused) && err.law === step.refused.law;
    }
  }
  if (ok) passed += 1; else failed += 1;
}
document.getElementById("out").textContent = passed + " passed, " + failed + " failed";
document.body.dataset.done = "1";
</script>
"""
