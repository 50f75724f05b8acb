"""Bad input is answered, never crashes: scenario files read with limits and strict types, and
every command's exit code."""

import shutil
import textwrap

import pytest

from fsm.bridge.errors import ScenarioError
from fsm.cli import main
from fsm.model.scenario import file_name, load


def write(tmp_path, text, name="s.yaml", raw=None):
    path = tmp_path / name
    if raw is not None:
        path.write_bytes(raw)
    else:
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


GOOD = 'id: a\nevents:\n  - calls: "1H"\n'


@pytest.mark.parametrize(("text", "words"), [
    ('id: a\nid: b\nevents:\n  - calls: "1H"\n', "duplicate key 'id'"),
    ('id: true\nevents:\n  - calls: "1H"\n', "key 'id'"),
    ('id: a\ncards_in_board: "false"\nevents:\n  - calls: "1H"\n', "key 'cards_in_board'"),
    ('id: a\nlaws: 27\nevents:\n  - calls: "1H"\n', "key 'laws'"),
    ('id: a\ndealer: [N]\nevents:\n  - calls: "1H"\n', "key 'dealer'"),
    ('id: &x a\nevents:\n  - calls: *x\n', "aliases"),
    ("id: a\nevents: " + "[" * 20000 + "]" * 20000 + "\n", "nested deeper"),
    ("id: a\nevents: [\n", "line 3, column 1"),
])  # fmt: skip
def test_a_malformed_scenario_file_is_refused_with_file_and_place(tmp_path, text, words):
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as err:
        load(path)
    assert str(path) in err.value.message_en and words in err.value.message_en
    assert str(path) in err.value.message_fr


def test_an_alias_bomb_is_refused_at_once(tmp_path):
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
        for p, c in zip("abcdefgh", "bcdefghi", strict=True)
    )
    with pytest.raises(ScenarioError, match="aliases"):
        load(write(tmp_path, bomb))


@pytest.mark.parametrize("raw", [GOOD.encode("latin-1") + b"# \xe9\n", GOOD.encode("utf-16"), b"\x00\xff\xfe" * 100])
def test_a_file_not_in_utf8_is_refused(tmp_path, raw):
    with pytest.raises(ScenarioError, match="not UTF-8"):
        load(write(tmp_path, None, raw=raw))


def test_a_yaml_or_json_error_names_the_file_and_place_once(tmp_path):
    for name, text in (("s.yaml", "id: a\nevents: [\n"), ("s.json", '{"id": "a",\n "events": [}')):
        path = write(tmp_path, text, name)
        with pytest.raises(ScenarioError) as err:
            load(path)
        message = err.value.message_en
        assert message.count(str(path)) == 1 and "line" in message and "unicode string" not in message


def test_a_utf8_bom_is_read(tmp_path):
    assert load(write(tmp_path, None, raw=b"\xef\xbb\xbf" + GOOD.encode()))[0].id == "a"


def test_run_exit_codes(tmp_path, capsys):
    assert main(["run", "-q"]) == 0
    assert main(["run", str(tmp_path / "missing.yaml")]) == 2
    assert "missing.yaml" in capsys.readouterr().out
    wrong = write(tmp_path, 'id: a\nevents:\n  - calls: "1H"\nexpect: {contract: 7NT}\n')
    assert main(["run", str(wrong)]) == 1
    assert main(["run", str(tmp_path)]) == 1  # the folder holds the failing file


def test_run_unreadable_file(tmp_path, monkeypatch, capsys):
    path = write(tmp_path, GOOD)
    real = type(path).read_bytes

    def denied(self):  # root reads any file whatever its mode: the refusal is simulated
        if self == path:
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(type(path), "read_bytes", denied)
    assert main(["run", str(path)]) == 2
    assert "Permission denied" in capsys.readouterr().out


def test_diagram_contradictory_options_are_errors(capsys):
    assert main(["diagram", "--id", "X"]) == 2
    assert main(["diagram", "--scenario", "x.yaml"]) == 2
    assert main(["diagram", "--scenario", "x.yaml", "--id", "X", "--view", "27"]) == 2
    assert main(["diagram", "--view", "99"]) == 2
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("bad", ["../../x", "/etc/passwd", "a/b\\c", "..", ".hidden", "a\x00b"])
def test_an_id_never_leaves_the_output_folder(bad):
    name = file_name(bad)
    assert "/" not in name and "\\" not in name and not name.startswith(".") and "\x00" not in name


def test_a_scenario_id_with_separators_is_drawn_inside_out(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    scenario = write(tmp_path, 'id: "../../escape"\nevents:\n  - calls: "1H"\n')
    assert main(["diagram", "--format", "dot", "--scenario", str(scenario), "--id", "../../escape"]) == 0
    written = list((tmp_path / "out").iterdir())
    assert [p.name for p in written] == ["escape.fr.dot"]  # the id's separators and dots are gone
    assert not (tmp_path.parent.parent / "escape.fr.dot").exists()


def test_no_traceback_without_graphviz(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATH", str(tmp_path))  # no dot on this PATH
    assert shutil.which("dot") is None
    assert main(["diagram", "--out", str(tmp_path / "m")]) == 2
    assert main(["diagrams", "--out", str(tmp_path / "d")]) == 2
    err = capsys.readouterr().err
    assert "Graphviz" in err and "Traceback" not in err
    assert main(["demo", "--out", str(tmp_path / "demo")]) == 0
    out = capsys.readouterr().out
    assert "Contrat 4♥" in out and "Graphviz" in out
    assert (tmp_path / "demo" / "demo.dot").exists()


def test_version_is_the_package_version(capsys):
    import sys
    from pathlib import Path

    if sys.version_info >= (3, 11):
        import tomllib
    else:  # the test extra installs tomli there
        import tomli as tomllib

    project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text(encoding="utf-8"))
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"python -m fsm {project['project']['version']}"
