import os
import shutil

import pytest


@pytest.fixture
def need_dot():
    """Rendering tests skip without Graphviz's dot, except in CI where a missing dot is a failure."""
    if shutil.which("dot") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Graphviz 'dot' is missing in CI: the set-up (make setup) must install it")
        pytest.skip("Graphviz 'dot' not installed")
