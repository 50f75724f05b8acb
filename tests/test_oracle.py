"""The oracle as another program uses it: a subprocess reading events and answering JSON lines."""

import json
import subprocess
import sys

import pytest

from fsm import Board
from fsm.interop import schemas
from fsm.interop.export import VERSION as MACHINE_VERSION

ORACLE = [sys.executable, "-m", "fsm", "replay"]


def run(args, text):
    done = subprocess.run([*ORACLE, *args], input=text, capture_output=True, text=True, timeout=60)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    for answer in answers:  # every answer line is one the protocol describes
        schemas.validate("oracle", answer)
    return done.returncode, answers, done.stderr


def test_a_record_is_answered_event_by_event():
    board = Board(dealer="E")
    board.calls("1S 2H Pass 4H Pass Pass Pass")
    code, answers, _ = run(["-"], json.dumps(board.record()))
    assert code == 0 and len(answers) == 1 + len(board.events)
    assert answers[-1]["snapshot"] == board.snapshot() and answers[-1]["options"] == board.options()
    assert [a["n"] for a in answers] == list(range(len(answers)))
    assert answers[0]["version"]["machine"] == MACHINE_VERSION and answers[0]["version"]["oracle"] == 2


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
    assert [a["line"] for a in answers] == [1, 2, 3, 4]


def test_a_bad_line_is_answered_with_its_number_and_the_others_still_are():
    text = "\n".join([
        json.dumps({"new": {"dealer": "N"}}),
        json.dumps({"call": {"seat": "N", "call": "1H"}}),
        "{not json",
        "",
        json.dumps({"call": {"seat": "E", "call": "Pass"}}),
    ])  # fmt: skip
    code, answers, err = run([], text)
    assert code == 2 and "line 3" in err
    assert [(a["line"], a["n"], a["ok"]) for a in answers] == [
        (1, 0, True),
        (2, 1, True),
        (3, None, False),
        (5, 2, True),
    ]
    assert answers[-1]["snapshot"]["auction"] == ["N:1H", "E:Pass"]  # the bad line changed nothing


def test_events_without_a_set_up_line_are_an_error_not_a_default_board():
    code, answers, err = run([], json.dumps({"call": {"seat": "N", "call": "1H"}}))
    assert code == 2 and "new" in err
    assert answers == [{**answers[0], "ok": False}] and answers[0]["error"]["key"] == "new"


def test_unreadable_input_exits_2():
    code, answers, err = run([], "{not json")
    assert code == 2 and "line 1" in err
    assert [(a["line"], a["n"], a["ok"], a["error"]["type"]) for a in answers] == [(1, None, False, "InputError")]
    code, _, _ = run(["/nonexistent/record.json"], "")
    assert code == 2


def test_serve_answers_each_line_as_it_comes():
    proc = subprocess.Popen([*ORACLE, "--serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:

        def ask(value):
            proc.stdin.write((value if isinstance(value, str) else json.dumps(value)) + "\n")
            proc.stdin.flush()
            return json.loads(proc.stdout.readline())

        answers = [
            ask({"call": {"seat": "S", "call": "1NT"}}),
            ask({"new": {"dealer": "S"}}),
            ask({"call": {"seat": "S", "call": "1NT"}}),
            ask({"call": {"seat": "N", "call": "2C"}}),
            ask("not json"),
            ask({"director": {}}),
            ask({"new": {"dealer": "Q"}}),
            ask({"director": {}}),
        ]
        for answer in answers:
            schemas.validate("oracle", answer)
        assert [(a["line"], a["n"], a["ok"]) for a in answers] == [
            (1, 1, False), (2, 0, True), (3, 1, True), (4, 2, True), (5, None, False), (6, 3, True),
            (7, 0, False), (8, 1, False),
        ]  # fmt: skip
        assert answers[0]["error"]["key"] == "new"  # no board before the first set-up
        assert answers[2]["snapshot"]["auction"] == ["S:1NT"]
        assert answers[3]["snapshot"]["state"] == "auction.bid_out_of_rotation"
        assert answers[6]["error"]["key"] == "dealer"
        assert answers[7]["error"]["key"] == "new"  # a bad set-up closes the board before it
    finally:
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0


@pytest.mark.parametrize("setup", [{"dealer": "N", "colour": "red"}, {"vulnerable": "Both"}])
def test_a_bad_setup_is_answered(setup):
    code, answers, err = run([], json.dumps({**setup, "events": [{"director": {}}]}))
    assert code == 2 and answers[0]["ok"] is False and err
    assert answers[1]["ok"] is False and answers[1]["error"]["key"] == "new"  # no board to take it
