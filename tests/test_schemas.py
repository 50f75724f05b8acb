"""The JSON Schemas describe what the package reads and writes: every corpus file, every record,
snapshot and options list the corpus produces, and the machine export validate against them."""

import json

import jsonschema
import pytest
import yaml

from fsm import Board
from fsm.bridge.errors import InputError
from fsm.cli import main
from fsm.interop import schemas
from fsm.interop.export import to_dict
from fsm.model.scenario import apply_event, board_for, corpus_files, load

validator = schemas.validator


@pytest.mark.parametrize("name", schemas.NAMES)
def test_shipped_schemas_are_written_from_the_declarations(name):
    path = schemas.FOLDER / f"{name}.schema.json"
    assert path.read_text(encoding="utf-8") == schemas.text(name), "run `make schemas`"
    jsonschema.Draft202012Validator.check_schema(schemas.schema(name))


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name)
def test_every_corpus_file_is_a_valid_scenario_file(path):
    data = json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8"))))  # as a JSON reader sees it
    validator("scenario").validate(data)


def test_every_record_snapshot_and_options_of_the_corpus_is_valid():
    record, snapshot, options = validator("record"), validator("snapshot"), validator("options")
    for path in corpus_files():
        for s in load(path):
            board = board_for(s)
            for entry in s.events:
                if "rejected" in entry:
                    continue
                apply_event(board, entry)
                snapshot.validate(board.snapshot())
                options.validate(board.options())
            record.validate(json.loads(json.dumps(board.record())))


def test_the_export_is_valid():
    validator("machine").validate(to_dict())


def test_a_malformed_document_is_rejected():
    with pytest.raises(jsonschema.ValidationError):
        validator("event").validate({"call": {"seat": "X", "call": "1H"}})
    with pytest.raises(jsonschema.ValidationError):
        validator("event").validate({"call": {"seat": "N"}})
    with pytest.raises(jsonschema.ValidationError):
        validator("event").validate({"judge": {"comparable": True, "unintended": True}})
    with pytest.raises(jsonschema.ValidationError):
        validator("scenario").validate({"id": "a", "events": [{"calls": "1H"}], "expect": {"contrat": "1H"}})


def test_cli_prints_a_schema(capsys):
    assert main(["schema", "snapshot"]) == 0
    assert json.loads(capsys.readouterr().out)["$id"].endswith("snapshot")
    assert main(["schema", "nothing"]) == 2


def test_the_portable_corpus_is_valid(portable_corpus):
    """Every scenario document, the index, the machine beside them and the random tier's first
    file (the whole tier is checked by ``make deep``: tests/test_deep.py)."""
    check = validator("conformance")
    for path in portable_corpus.glob("*--*.json"):
        check.validate(json.loads(path.read_text(encoding="utf-8")))
    index = json.loads((portable_corpus / "index.json").read_text(encoding="utf-8"))
    validator("corpus-index").validate(index)
    validator("machine").validate(json.loads((portable_corpus / index["machine"]).read_text(encoding="utf-8")))
    first = index["random"]["files"][0]["file"]
    validator("corpus-random").validate(json.loads((portable_corpus / first).read_text(encoding="utf-8")))


def test_a_scenario_is_validated_as_a_yaml_reader_gives_it():
    """Integer checkpoint keys (YAML) are text to a JSON reader; ``validate`` reads them so."""
    scenario = {"id": "a", "events": [{"calls": "1H Pass"}], "checkpoints": {1: {"turn": "E"}}}
    schemas.validate("scenario", scenario)
    with pytest.raises(InputError) as err:
        schemas.validate("scenario", {**scenario, "checkpoints": {1: {"turn": "X"}}})
    assert err.value.details["key"] == "checkpoints/1/turn" and "scenario" in err.value.message_en


@pytest.mark.parametrize(
    "change",
    [
        {"contract": "8C"},
        {"auction": ["N:8C"]},
        {"auction": ["N:SA"]},
        {"cancelled": ["N:SA"]},
        {"lead": {"seat": "E", "card": "S1", "faced": False}},
        {"exposed_cards": [{"seat": "E", "card": "ZA"}]},
    ],
    ids=str,
)
def test_the_snapshot_schema_rejects_what_cannot_exist(change):
    snapshot = Board().snapshot()
    validator("snapshot").validate(snapshot)
    with pytest.raises(jsonschema.ValidationError):
        validator("snapshot").validate({**snapshot, **change})


def test_a_bid_above_seven_stands_only_while_its_cancellation_waits():
    board = Board()
    board.calls("1H")
    board.call("E", "8C")
    board.call("S", "Pass")  # the LHO calls over it: 38 waits for the Director
    snapshot = board.snapshot()
    assert snapshot["auction"] == ["N:1H", "E:8C", "S:Pass"] and snapshot["pending"][0]["law"].startswith("38")
    validator("snapshot").validate(snapshot)
    board.director()
    assert "E:8C" in board.snapshot()["cancelled"]


class _Yaml11(yaml.SafeLoader):
    """A YAML 1.1 reading as Go's yaml.v2 and many others do it: y, n, yes, no, on, off are booleans."""


_Yaml11.yaml_implicit_resolvers = {k: list(v) for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()}
_Yaml11.add_implicit_resolver(
    "tag:yaml.org,2002:bool",
    __import__("re").compile(
        r"^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF|true|True|TRUE|false|False|FALSE)$"
    ),
    list("yYnNoOtTfF"),
)


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name)
def test_yaml_1_1_and_1_2_readers_read_the_corpus_alike(path):
    text = path.read_text(encoding="utf-8")
    assert yaml.load(text, Loader=_Yaml11) == yaml.safe_load(text)  # noqa: S506 - a SafeLoader
