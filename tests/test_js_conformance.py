"""The independent JavaScript model (examples/js/) replays the exported conformance corpus: the export
carries everything another implementation needs for the regular auction and the classification of
an irregular call. Without Node.js the test skips, except in CI where a missing `node` is a failure."""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENTRY = ROOT / "examples" / "js" / "conformance.js"


@pytest.fixture
def need_node():
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Node.js 'node' is missing in CI: the set-up (make setup) must install it")
        pytest.skip("Node.js 'node' not installed")
    return node


def test_the_javascript_model_passes_the_exported_corpus(need_node, tmp_path):
    corpus = tmp_path / "corpus"
    subprocess.run([sys.executable, "-m", "fsm", "export", "--corpus", str(corpus)], check=True, capture_output=True)
    result = subprocess.run([need_node, str(ENTRY), str(corpus)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    summary = re.search(r"^(\d+) passed, 0 failed(, (\d+) skipped)?$", result.stdout, re.MULTILINE)
    assert summary is not None, result.stdout
    assert int(summary.group(1)) > 0, result.stdout


def test_a_wrong_answer_in_the_corpus_fails(need_node, tmp_path):
    """The comparison is not vacuous: one contract changed in the export makes the program fail."""
    corpus = tmp_path / "corpus"
    subprocess.run([sys.executable, "-m", "fsm", "export", "--corpus", str(corpus)], check=True, capture_output=True)
    path = corpus / "regular--22A-notrump-opener-declares.json"
    scenario = json.loads(path.read_text(encoding="utf-8"))
    scenario["steps"][-1]["snapshot"]["contract"] = "3NTX"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    result = subprocess.run([need_node, str(ENTRY), str(corpus)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert re.search(r"^\d+ passed, 1 failed", result.stdout, re.MULTILINE), result.stdout
    assert (
        'FAIL 22A-notrump-opener-declares step 6 (call E:Pass) contract: expected "3NTX", actual "3NT"' in result.stdout
    )
