"""The oracle as another program uses it: a subprocess reading events and answering JSON lines."""

import json
import os
import subprocess
import sys

import pytest

from fsm import Board, InputError
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
    assert answers[0]["version"]["machine"] == MACHINE_VERSION and answers[0]["version"]["oracle"] == 4


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


# Hostile input: every line is answered, the answers are standard JSON, the board is left as it was.


def strict(text):
    """JSON as a strict reader takes it: no NaN, no Infinity."""

    def refuse(name):
        raise AssertionError(f"{name} is not JSON")

    return json.loads(text, parse_constant=refuse)


def serve(data: bytes, *args):
    done = subprocess.run(
        [*ORACLE, "--serve", *args], input=data, capture_output=True, timeout=120,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"},
    )  # fmt: skip
    assert done.returncode == 0 and not done.stderr, done.stderr[-2000:]
    answers = [strict(line) for line in done.stdout.decode("utf-8").split("\n") if line]
    for answer in answers:
        schemas.validate("oracle", answer)
    return answers


HOSTILE = [  # each line the issue found stopping the oracle, or answered with what is not JSON
    (b'{"new": {"settings": 5}}', "settings"),
    (b'{"new": {"settings": []}}', "settings"),
    (b'{"new": {"cards_in_board": "yes"}}', "cards_in_board"),
    (b'{"new": {"settings": {"lead_restriction_after_forced_repeat": 1}}}', "lead_restriction_after_forced_repeat"),
    (b"[" * 100_000, "json"),
    (b"9" * 5_000, "json"),
    (b'{"call": {"seat": "\\ud800", "call": "1H"}}', "json"),
    (b"\xff", "line"),
    (b'{"call": {"seat": "N", "call": NaN}}', "json"),
    (b'{"call": {"seat": "N", "call": 1e999}}', "json"),
    (b'{"call": {"seat": "N", "call": "1H", "seat": "E"}}', "json"),
]


@pytest.mark.parametrize("line,key", HOSTILE, ids=[k + str(i) for i, (_, k) in enumerate(HOSTILE)])
def test_a_hostile_line_is_answered_and_the_board_goes_on(line, key):
    setup = b'{"new": {"dealer": "N"}}'
    answers = serve(
        b"\n".join([setup, b'{"call": {"seat": "N", "call": "1H"}}', line, b'{"call": {"seat": "E", "call": "Pass"}}'])
    )
    assert [a["line"] for a in answers] == [1, 2, 3, 4]
    assert answers[2]["ok"] is False and answers[2]["error"]["key"] == key
    assert answers[2]["error"]["fr"] and answers[2]["error"]["en"]
    if key in ("json", "line"):  # a line that cannot be read changes nothing: the board goes on
        assert answers[3]["ok"] is True and answers[3]["snapshot"]["auction"] == ["N:1H", "E:Pass"]


def test_a_line_too_long_is_answered_without_being_held():
    from fsm.interop.oracle import MAX_LINE

    long = b'{"call": {"seat": "N", "call": "' + b"x" * (4 * MAX_LINE + 10) + b'"}}'
    answers = serve(b"\n".join([b'{"new": {}}', long, b'{"call": {"seat": "N", "call": "1H"}}']))
    assert answers[1]["ok"] is False and answers[1]["error"]["key"] == "line"
    assert str(MAX_LINE) in answers[1]["error"]["en"]
    assert answers[2]["ok"] is True and answers[2]["line"] == 3


def test_one_policy_for_line_breaks_and_the_byte_order_mark():
    """U+2028 is a character of a JSON string, never a line break, in batch as in --serve; a BOM
    opening the input is dropped, as the YAML and PBN readers drop it."""
    text = '\ufeff{"new": {}}\n{"call": {"seat": "N", "call": "1H\u2028"}}\n{"call": {"seat": "N", "call": "1H"}}\n'
    batch = subprocess.run([*ORACLE], input=text.encode(), capture_output=True, timeout=60)
    answers = [strict(line) for line in batch.stdout.decode().split("\n") if line]
    assert answers == serve(text.encode())
    assert [(a["line"], a["n"]) for a in answers] == [(1, 0), (2, 1), (3, 2)]  # three lines, not four
    assert answers[0]["ok"] and "\u2028" not in batch.stdout.decode()  # escaped: no reader splits an answer


def test_a_fault_of_the_model_is_answered_and_the_next_line_still_is(monkeypatch):
    from fsm.interop import oracle

    def broken(self, name, args):
        raise RuntimeError("\x1b[31mboom")

    session = oracle.Session()
    session.answer({"new": {}})
    monkeypatch.setattr(Board, "apply", broken)
    answer = oracle.safe(session, '{"director": {}}', 2)
    assert answer["error"]["type"] == "InternalError" and "\x1b" not in answer["error"]["en"]
    schemas.validate("oracle", answer)
    assert oracle.safe(session, '{"director": {}}', 3)["error"]["key"] == "new"  # its board was closed


def apply_patch(document, operations):
    """RFC 6902 add/replace/remove, as a client of --diff applies them."""
    import copy

    document = copy.deepcopy(document)
    for op in operations:
        *parents, last = [p.replace("~1", "/").replace("~0", "~") for p in op["path"].split("/")[1:]]
        target = document
        for p in parents:
            target = target[int(p)] if isinstance(target, list) else target[p]
        if isinstance(target, list):
            if op["op"] == "remove":
                del target[int(last)]
            elif last == "-":
                target.append(op["value"])
            else:
                target[int(last)] = op["value"]
        elif op["op"] == "remove":
            del target[last]
        else:
            target[last] = op["value"]
    return document


def long_record(n):
    """A board whose record grows: calls out of rotation, accepted, then passes after the final pass."""
    board = Board(dealer="N")
    board.calls("1H Pass Pass Pass")
    events = [dict(e) for e in board.events]
    events += [{"call": {"seat": "NESW"[i % 4], "call": "Pass"}} for i in range(n)]
    return {"dealer": "N", "events": events}


def test_diff_answers_rebuild_the_full_answers_and_cost_what_changed():
    from fsm.interop import oracle

    record = long_record(400)
    full = list(oracle.replay(json.dumps(record)))
    diffs = list(oracle.replay(json.dumps(record), oracle.Answering.parse(diff=True)))
    assert len(full) == len(diffs) and diffs[0]["snapshot"] == full[0]["snapshot"]
    now = {"snapshot": diffs[0]["snapshot"], "options": diffs[0]["options"]}
    for f, d in zip(full[1:], diffs[1:], strict=True):
        schemas.validate("oracle", d)
        if f["ok"]:
            assert "snapshot" not in d
            now = apply_patch(now, d["patch"])
            assert now == {"snapshot": f["snapshot"], "options": f["options"]}, f["n"]
        else:
            assert d == f  # a refusal changes nothing and says so the same way
    size = [len(json.dumps(d)) for d in diffs]
    assert max(size[-50:]) <= 2 * max(size[20:70])  # the output grows with what changed, not with the record


def test_keys_answers_only_what_is_asked():
    from fsm.interop import oracle

    board = Board(dealer="E")
    board.calls("1S 2H Pass 4H Pass Pass Pass")
    answers = list(oracle.replay(json.dumps(board.record()), oracle.Answering.parse(keys="contract,declarer")))
    assert answers[-1]["snapshot"] == {"contract": board.snapshot()["contract"], "declarer": "S"}
    assert "options" not in answers[-1]
    for answer in answers:
        schemas.validate("oracle", answer)
    code, _, err = run(["--keys", "contract,nonsense", "-"], json.dumps(board.record()))
    assert code == 2 and "nonsense" in err
    code, _, err = run(["--keys", "contract", "--diff", "-"], json.dumps(board.record()))
    assert code == 2 and "--diff" in err


def test_a_snapshot_of_some_keys_is_those_keys_of_the_whole():
    board = Board(dealer="N")
    board.calls("1H 1S")
    board.call("W", "2C")  # out of rotation: an irregularity pending, a call in the record
    whole = board.snapshot()
    for key in whole:
        assert board.snapshot([key]) == {key: whole[key]}
    assert board.snapshot(["rulings", "state"]) == {"rulings": whole["rulings"], "state": whole["state"]}


def test_an_unknown_snapshot_key_is_named_and_the_board_left_as_it_was():
    board = Board(dealer="N")
    board.calls("1H")
    before = board.snapshot()
    with pytest.raises(InputError) as err:
        board.snapshot(["auction", "deferred"])
    assert "« deferred »" in err.value.message_fr and "'deferred'" in err.value.message_en
    assert board.snapshot() == before
