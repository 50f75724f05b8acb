import os
import shutil

import pytest


@pytest.fixture(scope="session")
def portable_corpus(tmp_path_factory):
    """The portable corpus, scenarios and random tier, written once for every test that reads it."""
    from fsm.interop.conformance import export_corpus

    folder = tmp_path_factory.mktemp("portable-corpus")
    export_corpus(folder)
    return folder


@pytest.fixture
def need_dot():
    """Rendering tests skip without Graphviz's dot, except in CI where a missing dot is a failure."""
    if shutil.which("dot") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Graphviz 'dot' is missing in CI: the set-up (make setup) must install it")
        pytest.skip("Graphviz 'dot' not installed")
