"""The portable corpus: every scenario as JSON, shorthand expanded, the reference answer after
each event; replaying its events on a fresh board gives exactly those answers."""

import json

import pytest

from fsm import Board, FsmError
from fsm.cli import main
from fsm.interop.conformance import export_corpus
from fsm.model.scenario import corpus_files, load


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    folder = tmp_path_factory.mktemp("corpus")
    export_corpus(folder)
    return folder


def test_the_index_lists_every_scenario(corpus):
    index = json.loads((corpus / "index.json").read_text(encoding="utf-8"))
    ids = [s.id for path in corpus_files() for s in load(path)]
    assert [entry["id"] for entry in index["scenarios"]] == ids
    for entry in index["scenarios"]:
        assert (corpus / entry["file"]).exists()


def test_every_exported_scenario_replays_step_by_step(corpus):
    for path in sorted(corpus.glob("*--*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        setup = doc["setup"]
        board = Board(dealer=setup["dealer"], vulnerable=setup["vulnerable"], settings=setup["settings"],
                      cards_in_board=setup["cards_in_board"])  # fmt: skip
        for n, step in enumerate(doc["steps"], 1):
            ((name, args),) = step["event"].items()
            if "refused" in step:
                with pytest.raises(FsmError) as err:
                    board.apply(name, args)
                assert err.value.law == step["refused"]["law"], (doc["id"], n)
                continue
            assert name != "calls", "the shorthand is expanded"
            board.apply(name, args)
            assert board.snapshot() == step["snapshot"], (doc["id"], n)
            assert board.options() == step["options"], (doc["id"], n)


def test_cli_exports_the_corpus(tmp_path, capsys):
    assert main(["export", "--corpus", str(tmp_path / "c")]) == 0
    assert (tmp_path / "c" / "index.json").exists()
