import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fsm import Board, IllegalEvent, InputError
from fsm.bridge.calls import SEATS


def test_replay_rebuilds_an_identical_board():
    board = Board(dealer="E", vulnerable="NS")
    board.calls("1S 2H Pass 4H Pass Pass Pass")
    board.lead("W", "SA", face_down=True)
    record = json.loads(json.dumps(board.record()))  # the log is JSON
    again = Board.replay(record)
    assert again.snapshot() == board.snapshot()
    assert [s.rule for s in again.trace] == [s.rule for s in board.trace]


def test_replay_from_a_bare_log():
    board = Board(dealer="S")
    board.call("S", "1C")
    board.call("W", "1D")
    assert Board.replay(board.events, dealer="S").snapshot() == board.snapshot()


def test_french_input_is_logged_in_pbn():
    board = Board()
    board.call("N", "1SA", lang="fr")
    board.call("O", "Passe", lang="fr")  # West out of rotation, a pass
    assert board.events == [{"call": {"seat": "N", "call": "1NT"}}, {"call": {"seat": "W", "call": "Pass"}}]


def test_illegal_event_names_the_law_in_both_languages_and_changes_nothing():
    board = Board()
    board.calls("1H Pass")
    before = board.snapshot()
    with pytest.raises(IllegalEvent) as err:
        board.face_lead("E")
    assert err.value.law == "41C"
    assert "Loi 41C" in str(err.value) and "Law 41C" in str(err.value)
    assert board.snapshot() == before and len(board.events) == 2


def test_input_error_changes_nothing():
    board = Board()
    board.call("N", "1H")
    before = board.snapshot()
    with pytest.raises(InputError):
        board.call("E", "1X")
    with pytest.raises(InputError):
        board.calls("Pass 2Z")  # the first call of the shorthand is undone too
    assert board.snapshot() == before


def test_unknown_argument_is_an_input_error():
    with pytest.raises(InputError) as err:
        Board().apply("call", {"seat": "N", "call": "1H", "alert": True})
    assert err.value.details["key"] == "alert"


def test_boards_share_one_machine_and_do_not_see_each_other():
    from fsm.model.machine import default_engine

    a, b = Board(), Board(dealer="S")
    a.call("N", "1H")
    b.call("S", "1S")
    assert a.snapshot()["auction"] == ["N:1H"] and b.snapshot()["auction"] == ["S:1S"]
    assert default_engine().machine.models == []


EVENTS = st.one_of(
    st.builds(lambda s, c: ("call", {"seat": s, "call": c}), st.sampled_from([s.value for s in SEATS]),
              st.sampled_from(["Pass", "Pass", "Pass", "1C", "1H", "2NT", "X", "XX", "8S", "1D"])),
    st.builds(lambda s: ("accept", {"seat": s}), st.sampled_from([s.value for s in SEATS])),
    st.builds(lambda s, c: ("substitute", {"seat": s, "call": c}), st.sampled_from([s.value for s in SEATS]), st.sampled_from(["1S", "Pass"])),
    st.builds(lambda s, c, f: ("lead", {"seat": s, "card": c, "face_down": f}), st.sampled_from([s.value for s in SEATS]),
              st.sampled_from(["SA", "H2"]), st.booleans()),
    st.builds(lambda s: ("face_lead", {"seat": s}), st.sampled_from([s.value for s in SEATS])),
    st.just(("return_hands", {})),
    st.just(("director", {})),
    st.builds(lambda s: ("refuse", {"seat": s}), st.sampled_from([s.value for s in SEATS])),
    st.builds(lambda s: ("withdraw", {"seat": s}), st.sampled_from([s.value for s in SEATS])),
    st.builds(lambda k, v: ("judge", {k: v}), st.sampled_from(["comparable", "unintended"]), st.booleans()),
    st.builds(lambda s, c, v: ("call", {"seat": s, "call": c, "comparable": v}), st.sampled_from([s.value for s in SEATS]),
              st.sampled_from(["Pass", "2D", "X"]), st.booleans()),
)  # fmt: skip


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.sampled_from([s.value for s in SEATS]), st.lists(EVENTS, max_size=40))
def test_any_event_sequence_refuses_cleanly_and_replays(dealer, events):
    refuses_cleanly_and_replays(dealer, events)


@pytest.mark.deep  # `make deep`: new sequences at every run (not derandomized), on every core
@pytest.mark.parametrize("shard", range(4))
@settings(max_examples=2_500, deadline=None)
@given(st.sampled_from([s.value for s in SEATS]), st.lists(EVENTS, max_size=40))
def test_10000_event_sequences_refuse_cleanly_and_replay(shard, dealer, events):
    refuses_cleanly_and_replays(dealer, events)


def refuses_cleanly_and_replays(dealer, events):
    board = Board(dealer=dealer)
    for name, args in events:
        before = board.snapshot()
        try:
            board.apply(name, args)
        except IllegalEvent as err:
            assert err.law, "every refusal names a law"
            assert board.snapshot() == before
        for key in ("auction", "cancelled"):
            assert all(":" in token for token in board.snapshot()[key])
    assert Board.replay(board.record()).snapshot() == board.snapshot()
