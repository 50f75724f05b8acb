"""The oracle as another program uses it: a subprocess reading events and answering JSON lines."""

import json
import subprocess
import sys

import pytest

from fsm import Board

ORACLE = [sys.executable, "-m", "fsm", "replay"]


def run(args, text):
    done = subprocess.run([*ORACLE, *args], input=text, capture_output=True, text=True, timeout=60)
    return done.returncode, [json.loads(line) for line in done.stdout.splitlines()], done.stderr


def test_a_record_is_answered_event_by_event():
    board = Board(dealer="E")
    board.calls("1S 2H Pass 4H Pass Pass Pass")
    code, answers, _ = run(["-"], json.dumps(board.record()))
    assert code == 0 and len(answers) == 1 + len(board.events)
    assert answers[-1]["snapshot"] == board.snapshot() and answers[-1]["options"] == board.options()
    assert [a["n"] for a in answers] == list(range(len(answers)))


def test_json_lines_with_a_refusal_and_bad_input():
    lines = [
        {"new": {"dealer": "N"}},
        {"call": {"seat": "N", "call": "1H"}},
        {"face_lead": {"seat": "E"}},
        {"call": {"seat": 7, "call": "1H"}},
    ]
    code, answers, _ = run([], "\n".join(json.dumps(x) for x in lines))
    assert code == 1
    assert answers[2]["ok"] is False and answers[2]["error"]["type"] == "IllegalEvent"
    assert answers[2]["error"]["law"] == "41C" and answers[2]["error"]["fr"] and answers[2]["error"]["en"]
    assert answers[3]["error"] == {**answers[3]["error"], "type": "InputError", "key": "seat"}
    assert answers[1]["steps"][0]["law"] == "17C"


def test_unreadable_input_exits_2():
    code, answers, err = run([], "{not json")
    assert code == 2 and not answers and "error" in err
    code, _, _ = run(["/nonexistent/record.json"], "")
    assert code == 2


def test_serve_answers_each_line_as_it_comes():
    proc = subprocess.Popen([*ORACLE, "--serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:

        def ask(value):
            proc.stdin.write((value if isinstance(value, str) else json.dumps(value)) + "\n")
            proc.stdin.flush()
            return json.loads(proc.stdout.readline())

        assert ask({"new": {"dealer": "S"}})["snapshot"]["turn"] == "S"
        assert ask({"call": {"seat": "S", "call": "1NT"}})["snapshot"]["auction"] == ["S:1NT"]
        assert ask({"call": {"seat": "N", "call": "2C"}})["snapshot"]["state"] == "auction.bid_out_of_rotation"
        assert ask("not json")["ok"] is False
        assert ask({"new": {"dealer": "Q"}})["error"]["key"] == "dealer"
        assert ask({"director": {}})["ok"] is True
    finally:
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0


@pytest.mark.parametrize("setup", [{"dealer": "N", "colour": "red"}, {"vulnerable": "Both"}])
def test_a_bad_setup_is_answered(setup):
    code, answers, _ = run([], json.dumps({**setup, "events": []}))
    assert code == 2 and answers[0]["ok"] is False
