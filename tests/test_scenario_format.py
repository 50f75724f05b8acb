import textwrap

import pytest

from fsm.cli import main
from fsm.errors import ScenarioError
from fsm.scenario import compare, load, run


def write(tmp_path, text, name="s.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("id: a\nevents: []\n", "events"),
        ("id: a\nevents:\n  - bogus: {}\n", "events.1"),
        ('id: a\nevents:\n  - calls: "1H"\nexpect: {contrat: 1H}\n', "expect.contrat"),
        ('id: a\nevents:\n  - calls: "1H"\ncheckpoints: {5: {turn: E}}\n', "checkpoints.5"),
        ("id: a\nevnts: []\n", "evnts"),
        ('events:\n  - calls: "1H"\n', "id"),
        ("scenarios:\n  - id: a\n    events: [{calls: Pass}]\n  - id: a\n    events: [{calls: Pass}]\n", "id"),
        ("id: a\nevents:\n  - rejected: {call: {seat: N, call: 1H}}\n", "events.1"),
        ("id: a\nevents: [\n", "ligne 3, colonne 1"),
    ],
)
def test_malformed_file_names_file_scenario_and_key(tmp_path, text, key):
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as err:
        load(path)
    assert err.value.details["key"] == key
    assert str(path) in err.value.message_en and str(path) in err.value.message_fr


def test_multisets_compare_in_any_order_lists_in_order():
    snap = {"reviews": ["72C", "27D"], "auction": ["N:1H", "E:Pass"]}
    assert compare({"reviews": ["27D", "72C"]}, snap) is None
    assert compare({"auction": ["E:Pass", "N:1H"]}, snap) is not None


def test_runner_reports_first_difference(tmp_path):
    path = write(
        tmp_path,
        """
        id: wrong-declarer
        dealer: N
        events:
          - calls: "1NT Pass 3NT Pass Pass Pass"
        expect: {contract: 3NT, declarer: S}
    """,
    )
    (scenario,) = load(path)
    result = run(scenario)
    assert not result.ok
    assert result.message == 'declarer: expected "S", got "N"'


def test_rejected_event_must_cite_the_law(tmp_path):
    path = write(
        tmp_path,
        """
        id: wrong-law
        events:
          - calls: "1NT Pass Pass Pass"
          - rejected: {event: {call: {seat: N, call: 2C}}, law: 27}
    """,
    )
    # a call after the final pass is accepted (Law 39 waits for the Director), so this fails
    (scenario,) = load(path)
    assert not run(scenario).ok


def test_cli_run_prints_summary_and_exit_code(tmp_path, capsys):
    good = write(tmp_path, "id: ok\nevents: [{calls: 'Pass Pass Pass Pass'}]\nexpect: {contract: Pass}\n", "good.yaml")
    bad = write(tmp_path, "id: ko\nevents: [{calls: 'Pass Pass Pass Pass'}]\nexpect: {contract: 1C}\n", "bad.yaml")
    assert main(["run", str(good)]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
    assert main(["run", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "1 passed, 1 failed" in out


def test_cli_run_malformed_file_is_an_input_error_not_a_traceback(tmp_path, capsys):
    bad = write(tmp_path, "id: a\nevents: 3\n")
    assert main(["run", str(bad)]) == 2
    out = capsys.readouterr().out
    assert "ERROR" in out and "events" in out
