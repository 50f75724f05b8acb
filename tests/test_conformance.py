"""The portable corpus: every scenario as JSON, shorthand expanded, the reference answer after
each event; replaying its events on a fresh board gives exactly those answers.

No corpus is committed (docs/interop.md: `export --corpus` writes it): the corpus these tests read is
exported by the same code in the same run, so replaying it proves determinism and a lossless JSON
round trip, not the Laws. What ties it to the Laws is each scenario's ``expect`` and ``checkpoints``,
worked out from the Laws by hand: the exported answers must meet them (tests/test_scenarios.py runs
the scenarios themselves)."""

import json

import pytest

from fsm import Board, FsmError
from fsm.cli import main
from fsm.interop.conformance import RANDOM, SEED, random_sequence
from fsm.interop.export import to_dict
from fsm.model.scenario import compare, corpus_files, load


@pytest.fixture(scope="module")
def corpus(portable_corpus):
    return portable_corpus


def test_the_index_lists_every_scenario(corpus):
    index = json.loads((corpus / "index.json").read_text(encoding="utf-8"))
    ids = [s.id for path in corpus_files() for s in load(path)]
    assert [entry["id"] for entry in index["scenarios"]] == ids
    for entry in index["scenarios"]:
        assert (corpus / entry["file"]).exists()


def replay(doc):
    """Replays a corpus document on a fresh board and requires, at every step, the answers it holds:
    the rules that fired, the snapshot and the options, or the refusal's law and type."""
    board = Board(**doc["setup"])
    assert {"snapshot": board.snapshot(), "options": board.options()} == doc["initial"], doc["id"]
    fired: list = []
    for n, step in enumerate(doc["steps"], 1):
        ((name, args),) = step["event"].items()
        if "refused" in step:
            fired = []
            with pytest.raises(FsmError) as err:
                board.apply(name, args)
            assert (err.value.law, type(err.value).__name__) == (step["refused"]["law"], step["refused"]["type"])
            continue
        assert name != "calls", "the shorthand is expanded"
        fired = board.apply(name, args)
        assert [f.rule for f in fired] == step["fired"], (doc["id"], n)
        assert (board.snapshot(), board.options()) == (step["snapshot"], step["options"]), (doc["id"], n)
        if str(n) in doc.get("checkpoints", {}):
            wanted = doc["checkpoints"][str(n)]
            assert compare(wanted, step["snapshot"], fired, step["options"]) is None, (doc["id"], n)
    if doc.get("expect"):
        assert compare(doc["expect"], board.snapshot(), fired, board.options()) is None, doc["id"]


def test_exported_scenarios_round_trip_losslessly_replay_deterministically_and_meet_their_expectations(corpus):
    docs = [json.loads(path.read_text(encoding="utf-8")) for path in sorted(corpus.glob("*--*.json"))]
    for doc in docs:
        replay(doc)
    scenarios = [s for path in corpus_files() for s in load(path)]
    assert len(docs) == len(scenarios) and all(doc["expect"] for doc in docs)  # every one met its expect
    assert sum(len(doc["checkpoints"]) for doc in docs) == sum(len(s.checkpoints) for s in scenarios)


def test_cli_exports_the_corpus(tmp_path, capsys):
    assert main(["export", "--corpus", str(tmp_path / "c"), "--random", "150", "--seed", "7"]) == 0
    index = json.loads((tmp_path / "c" / "index.json").read_text(encoding="utf-8"))
    assert [(f["file"], f["seeds"], f["sequences"]) for f in index["random"]["files"]] == [
        ("random/7.json", [7, 106], 100),
        ("random/107.json", [107, 156], 50),
    ]
    scenarios = sum(len(load(path)) for path in corpus_files())
    assert f"{scenarios} scénarios et 150 séquences aléatoires (2 fichiers)" in capsys.readouterr().out


def test_every_rule_that_fired_is_a_rule_of_the_machine_beside_the_corpus(corpus):
    machine = json.loads((corpus / "machine.json").read_text(encoding="utf-8"))
    assert machine == to_dict()
    ids = {r["id"] for r in machine["rules"]}
    fired = set()
    for path in corpus.glob("*--*.json"):
        for step in json.loads(path.read_text(encoding="utf-8"))["steps"]:
            fired.update(step.get("fired", ()))
    assert fired <= ids
    # a rule that refuses leaves no step (the corpus records the refusal's law): it cannot show as fired
    refusing = {r["id"] for r in machine["rules"] if '"refuse"' in json.dumps(r["actions"])}
    shown = fired | refusing
    assert len(shown) >= 0.9 * len(ids), f"the scenarios fire {len(fired)} of {len(ids) - len(refusing)} rules"


def _tier(corpus):
    index = json.loads((corpus / "index.json").read_text(encoding="utf-8"))
    for entry in index["random"]["files"]:
        yield from json.loads((corpus / entry["file"]).read_text(encoding="utf-8"))["sequences"]


def test_the_random_tier_is_drawn_from_its_seed(corpus):
    index = json.loads((corpus / "index.json").read_text(encoding="utf-8"))
    assert index["random"]["seed"] == SEED
    sequences = list(_tier(corpus))
    assert len(sequences) == RANDOM >= 2000
    assert [s["seed"] for s in sequences] == list(range(SEED, SEED + RANDOM))
    assert random_sequence(SEED + 41) == sequences[41]  # the same seed, the same sequence, answers included


def test_the_random_tier_stacks_irregularities_and_refusals(corpus):
    stacked = refused = 0
    kinds = set()
    for s in _tier(corpus):
        seen = set()
        for step in s["steps"]:
            if "refused" in step:
                refused += 1
                assert step["refused"]["type"] == "IllegalEvent" and step["refused"]["law"], s["id"]
                continue
            irregularity = step["snapshot"]["irregularity"]
            if irregularity:
                seen.add((irregularity["kind"], irregularity["source"]))
            seen.update(("pending", p["source"]) for p in step["snapshot"]["pending"])
        stacked += len(seen) >= 2
        kinds.update(kind for kind, _ in seen)
    assert stacked >= RANDOM // 4, f"{stacked} sequences with two irregularities or more"
    assert refused > 0
    assert {"insufficient", "inadmissible", "bid_above_seven", "change", "pass_out_of_rotation",
            "bid_out_of_rotation", "double_out_of_rotation", "by_barred_player"} <= kinds  # fmt: skip


def test_a_random_sequence_round_trips_losslessly_and_replays_deterministically(corpus):
    for sequence in list(_tier(corpus))[::50]:
        replay(sequence)
