"""The deeper checks `make deep` runs (CI runs them after `make test`): the whole random tier of the
portable corpus against its schema. Skipped unless FSM_DEEP=1: they take a minute.

Other deep checks sit beside the sample `make test` runs, marked ``deep``: every notebook executed
(tests/test_notebooks.py), the 100,000-sequence fuzz (tests/test_fuzz.py), every page driven in
Chromium (tests/test_pages.py), every scenario replayed by the interpreter in Chromium
(tests/test_js_conformance.py)."""

import json
import re

import pytest

jsonschema = pytest.importorskip("jsonschema")

from fsm.interop import schemas  # noqa: E402
from fsm.interop.conformance import SEED  # noqa: E402

pytestmark = pytest.mark.deep  # run by `make deep` only (tests/conftest.py)

# Sequences of the default tier (seed 2017) whose snapshots the schema rejects, each for a defect of
# the model the schema exposes, not of the schema: a change of call (25A, 21B1) to a bid above seven
# takes the first call's place and stands, where 25A1 makes the new call subject to its own law
# (38: cancelled with every later call). Kept here so that a new defect, or this one mended, shows.
CHANGE_TO_A_BID_ABOVE_SEVEN = {
    "random-2374", "random-2412", "random-2427", "random-2435", "random-2509", "random-2628", "random-2906",
    "random-2914", "random-3064", "random-3141", "random-3335", "random-3401", "random-3426", "random-3514",
    "random-3610", "random-3671", "random-3816", "random-3913", "random-4014",
}  # fmt: skip


def test_the_whole_random_tier_is_valid_but_for_the_known_defect(portable_corpus):
    check = schemas.validator("corpus-random")
    index = json.loads((portable_corpus / "index.json").read_text(encoding="utf-8"))
    assert index["random"]["seed"] == SEED
    rejected = {}
    for entry in index["random"]["files"]:
        doc = json.loads((portable_corpus / entry["file"]).read_text(encoding="utf-8"))
        for error in check.iter_errors(doc):
            _, n, _, step = list(error.absolute_path)[:4]
            sequence = doc["sequences"][n]
            rejected.setdefault(sequence["id"], sequence["steps"][step]["snapshot"])
    assert set(rejected) == CHANGE_TO_A_BID_ABOVE_SEVEN, sorted(rejected)
    for sequence_id, snapshot in rejected.items():
        # each is a bid above seven standing with no 38 waiting for the Director
        levels = [re.match(r"\d*", t.split(":")[1]).group() for t in snapshot["auction"]]
        above_seven = [level for level in levels if level and int(level) > 7]
        assert above_seven and not any(p["law"].startswith("38") for p in snapshot["pending"]), sequence_id
