"""Property-based campaign over the oracle's input: whatever a line holds, it is answered with
one line of standard JSON that the protocol describes, the model never faults, a line refused
changes nothing, and every later line is still answered.

`make test` runs a derandomised sample; `make deep` runs 3,000 sequences of up to six lines."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fsm.bridge.events import EVENTS
from fsm.interop import oracle, schemas

SAMPLE, DEEP = 60, 3_000
SEATS = st.sampled_from(["N", "E", "S", "W", "n", "X", "", "\u2028", "\x1b[2J"])
CALLS = st.sampled_from(["1H", "1NT", "Pass", "X", "XX", "8S", "0C", "1h", "P", "AP", "2♥"])
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**40), 10**40) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
ARGS = st.dictionaries(
    st.sampled_from(["seat", "call", "card", "cards", "comparable", "suit", "n", "accept", "x"]),
    SEATS | CALLS | JSON_VALUES,
    max_size=4,
)
EVENT = st.builds(lambda name, args: {name: args}, st.sampled_from([*EVENTS, "new", "nonsense"]), ARGS)
SETUP = st.builds(lambda s: {"new": s}, st.dictionaries(
    st.sampled_from(["dealer", "vulnerable", "settings", "cards_in_board", "x"]), SEATS | JSON_VALUES, max_size=3))  # fmt: skip
STRUCTURED = st.one_of(EVENT, SETUP, JSON_VALUES).map(json.dumps)
RAW = st.one_of(
    st.binary(max_size=40),
    STRUCTURED.map(lambda t: t.encode()),
    st.tuples(STRUCTURED, st.integers(0, 40)).map(lambda p: p[0][: p[1]].encode()),  # cut short
    st.sampled_from([b"[" * 5000, b"9" * 400, b"NaN", b"1e999", b'"\\ud800"', b"\xef\xbb\xbf{}", b'{"a":1,"a":1}']),
)


def answered(lines: list[bytes]) -> list[dict]:
    out = io.StringIO()
    data = b'{"new": {}}\n' + b"\n".join(line.replace(b"\n", b" ") for line in lines) + b'\n{"director": {}}\n'
    oracle.serve(io.BytesIO(data), out, oracle.Answering())
    answers = [
        json.loads(line, parse_constant=lambda c: pytest.fail(f"{c} is not JSON"))
        for line in out.getvalue().splitlines()
    ]
    return answers


def check(lines: list[bytes]) -> None:
    answers = answered(lines)
    numbers = [a["line"] for a in answers]
    assert numbers == sorted(set(numbers)) and numbers[0] == 1 and answers[0]["ok"]  # one answer a line, in order
    assert numbers[-1] == len(lines) + 2  # the last line is answered whatever came before
    for answer in answers:
        schemas.validate("oracle", answer)
        assert answer["ok"] or answer["error"]["type"] != "InternalError", answer


@settings(max_examples=SAMPLE, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(st.lists(RAW, min_size=1, max_size=6))
def test_any_lines_are_answered(lines):
    check(lines)


@pytest.mark.deep
@pytest.mark.parametrize("shard", range(4))
@settings(max_examples=DEEP // 4, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(RAW, min_size=1, max_size=6))
def test_3000_line_sequences_are_answered(shard, lines):
    check(lines)
