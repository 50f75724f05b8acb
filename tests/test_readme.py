"""The README's tour is run as written, so it cannot drift from the code."""

import re
from pathlib import Path


def test_readme_tour_runs():
    text = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    scope: dict = {}
    exec(compile(code, "README.md", "exec"), scope)  # noqa: S102
    snap = scope["snap"]
    assert (snap["contract"], snap["declarer"], snap["opening_leader"]) == ("4H", "S", "W")
    assert scope["again"].snapshot() == scope["board"].snapshot()
    assert scope["board"].state == "play"
