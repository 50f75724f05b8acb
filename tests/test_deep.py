"""The deeper checks `make deep` runs (CI runs them after `make test`): the whole random tier of the
portable corpus against its schema. Skipped unless FSM_DEEP=1: they take a minute.

Other deep checks sit beside the sample `make test` runs, marked ``deep``: every notebook executed
(tests/test_notebooks.py), the 100,000-sequence fuzz (tests/test_fuzz.py), every page driven in
Chromium (tests/test_pages.py), every scenario replayed by the interpreter in Chromium
(tests/test_js_conformance.py)."""

import json

import jsonschema  # noqa: F401  (schemas.validator needs it: missing, collection fails)
import pytest

from fsm.interop import schemas
from fsm.interop.conformance import SEED

pytestmark = pytest.mark.deep  # run by `make deep` only (tests/conftest.py)


def test_the_whole_random_tier_is_valid(portable_corpus):
    check = schemas.validator("corpus-random")
    index = json.loads((portable_corpus / "index.json").read_text(encoding="utf-8"))
    assert index["random"]["seed"] == SEED
    rejected = {}
    for entry in index["random"]["files"]:
        doc = json.loads((portable_corpus / entry["file"]).read_text(encoding="utf-8"))
        for error in check.iter_errors(doc):
            _, n, _, step = list(error.absolute_path)[:4]
            rejected.setdefault(doc["sequences"][n]["id"], (step, error.message))
    # a change of call to a bid above seven (25A1, 21B1, 25B) is a Law 38 bid: none stands any more
    assert not rejected, sorted(rejected.items())[:5]
