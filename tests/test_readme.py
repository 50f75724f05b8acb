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


def test_the_effect_reference_is_written_from_the_code():
    from fsm.interop.catalogue import EFFECTS, effects_markdown

    assert EFFECTS.read_text(encoding="utf-8") == effects_markdown(), "run `make docs`"


def test_the_decision_reference_is_written_from_the_code():
    from fsm.interop.catalogue import DECISIONS, decisions_markdown

    assert DECISIONS.read_text(encoding="utf-8") == decisions_markdown(), "run `make docs`"


def test_the_guard_catalogue_is_written_from_the_code():
    from fsm.interop.catalogue import PATH, guards_markdown

    assert PATH.read_text(encoding="utf-8") == guards_markdown(), "run `make docs`"


def test_the_expression_reference_is_written_from_the_code():
    from fsm.bridge.context import CONTEXT
    from fsm.interop.catalogue import EXPRESSIONS, expressions_markdown

    text = EXPRESSIONS.read_text(encoding="utf-8")
    assert text == expressions_markdown(), "run `make docs`"
    for name in [*CONTEXT.variables, *CONTEXT.operators]:
        assert f"`{name}`" in text


def test_the_documentation_never_points_outside_the_repository():
    from pathlib import Path

    root = Path(__file__).parent.parent
    for path in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        for outside in ("DESIGN.md", "LAWS.md", "../shared", "seeds/"):
            assert outside not in text, f"{path.name} mentions {outside}"


def test_the_readme_s_jupyter_command_comes_with_the_extra_it_names():
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10: the test extra brings tomli
        import tomli as tomllib

    root = Path(__file__).parent.parent
    text = (root / "README.md").read_text(encoding="utf-8")
    assert ".venv/bin/pip install -e '.[teach]'\n.venv/bin/jupyter notebook notebooks/" in text
    teach = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert {re.split(r"[<>=]", d)[0] for d in teach["teach"]} >= {"notebook", "ipywidgets"}
