"""The conformance corpus, one test per scenario."""

import pytest

from fsm.model.scenario import corpus_files, load, run

SCENARIOS = [s for path in corpus_files() for s in load(path)]


def test_corpus_has_at_least_thirty_regular_boards():
    regular = [s for s in SCENARIOS if s.file.endswith("regular.yaml")]
    assert len(regular) >= 30


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_scenario(scenario):
    result = run(scenario)
    assert result.ok, result.message
