"""PBN in and out, on texts written here (the project's tests never need the shared records)."""

import json
import textwrap

import pytest

from fsm import Board
from fsm.cli import main
from fsm.interop.pbn import parse_games, read_board, replay, write_auction

TWO_GAMES_NO_BLANK = textwrap.dedent("""\
    % PBN 2.1
    [Event "Test"]
    [Board "1"]
    [Dealer "N"]
    [Vulnerable "None"]
    [Declarer "S"]
    [Contract "4H"]
    [Auction "N"]
    1D 1H 2H =1= Pass ; rest of line
    3D {a comment
    over two lines} Pass 4H ! Pass
    Pass $12 Pass
    [Note "1:raise"]
    [Play "W"]
    SA S2 S3 S4
    *
    [Event "#"]
    [Board "2"]
    [Dealer "E"]
    [Vulnerable "NS"]
    [Declarer "N"]
    [Contract "1NT"]
    [Auction "E"]
    Pass 1C Pass 1NT
    AP
    """)


def test_reads_games_without_blank_line_comments_notes_suffixes_and_codes():
    games = list(parse_games(TWO_GAMES_NO_BLANK, "t.pbn"))
    assert [g.board for g in games] == ["1", "2"]
    assert games[1].tags["Event"] == "Test"  # '#': the previous game's value
    first = replay(games[0])
    assert (first.contract, first.declarer, first.opening_leader) == ("4H", "S", "W")
    assert first.agrees and not first.findings
    second = replay(games[1])
    assert (second.contract, second.declarer, second.agrees) == ("1NT", "N", True)


def test_auction_tag_before_the_dealer_with_placeholders():
    text = '[Dealer "E"]\n[Vulnerable "EW"]\n[Contract "6S"]\n[Declarer "E"]\n[Auction "S"]\n- - - 1S\nPass 4C Pass 4NT\nPass 5H Pass 6S\nAP\n'
    outcome = read_board(text)
    assert (outcome.contract, outcome.declarer, outcome.agrees) == ("6S", "E", True)


def test_marked_irregularities_replay_as_the_laws_say():
    # Dealer N; East opens out of rotation (North skipped), South accepts by calling 1C, which is
    # insufficient and accepted by West; North's 3NT is insufficient; West doubles skipping
    # East and South; North bids on. Declarer and dummy swapped after a lead out of turn (54A).
    text = textwrap.dedent("""\
        [Dealer "N"]
        [Vulnerable "None"]
        [Declarer "^S"]
        [Contract "5HX"]
        [Auction "W"]
        - ^S 1D ^I 1C
        4S ^I 3NT ^S ^S
        X 5H X AP
        [Play "W"]
        SK H3 S4 S3
        """)
    outcome = read_board(text)
    assert (outcome.contract, outcome.declarer, outcome.agrees) == ("5HX", "S", True)
    laws = [f.law for f in outcome.findings]
    assert laws == ["29A", "27A1", "27A1", "29A", "54A"]
    assert all("(marked)" in f.en and "(signalée)" in f.fr for f in outcome.findings if f.law in ("27A1", "29A"))


def test_unmarked_insufficient_bid_is_a_finding_not_a_crash():
    # Dealer E: Pass 1S Pass Pass / 1H Pass Pass Pass: 1H is insufficient, accepted by the LHO's pass.
    text = '[Dealer "E"]\n[Vulnerable "None"]\n[Contract "1H"]\n[Declarer "E"]\n[Auction "E"]\nPass 1S Pass Pass\n1H Pass Pass Pass\n'
    outcome = read_board(text)
    assert (outcome.contract, outcome.declarer, outcome.agrees) == ("1H", "E", True)
    assert outcome.findings == [
        (
            "27A1",
            "enchère insuffisante acceptée (non signalée dans le relevé)",
            "insufficient bid accepted (not marked in the record)",
        )
    ]


def test_unmarked_inadmissible_double_is_reported_pending():
    text = '[Dealer "N"]\n[Vulnerable "None"]\n[Auction "N"]\n1H Pass X Pass\nPass Pass\n'
    outcome = read_board(text)
    assert outcome.findings[0][0] == "36"


def test_a_record_that_contradicts_its_auction_is_flagged():
    text = '[Dealer "N"]\n[Vulnerable "None"]\n[Contract "3H"]\n[Declarer "N"]\n[Auction "N"]\n1H Pass 4H AP\n'
    outcome = read_board(text)
    assert outcome.agrees is False and outcome.findings[-1][0] == "22A"


def test_malformed_game_is_reported_and_reading_goes_on(tmp_path, capsys):
    path = tmp_path / "bad.pbn"
    path.write_text(
        '[Event "a"]\n[Dealer "N"]\n[Auction "N"]\n1H 1Z Pass\n\n[Event "b"]\n[Dealer "N"]\n[Auction "N"]\nPass Pass Pass Pass\n',
        encoding="utf-8",
    )
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "game 1" in out and "line 1" in out and "1Z" in out
    assert main(["check", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["summary"]["games"] == 2 and data["summary"]["unreadable_games"] == 1


def test_missing_input_is_an_error(capsys):
    assert main(["check", "/nonexistent/x.pbn"]) == 2


def _round_trip(board: Board) -> None:
    text = write_auction(board)
    again = read_board(text).board
    assert again is not None
    assert again.snapshot() == board.snapshot(), text


@pytest.mark.parametrize(
    "build",
    [
        "accepted_insufficient",
        "accepted_out_of_rotation",
        "dealer_rho_opens",
        "lead_out_of_turn_accepted",
        "declarer_spreads",
        "regular",
    ],
)
def test_written_board_reads_back_to_the_same_snapshot(build):
    board = Board(dealer="N")
    if build == "accepted_insufficient":
        board.call("N", "1H")
        board.call("E", "1D")
        board.call("S", "Pass")  # the LHO accepts by calling (27A1)
        board.calls("Pass 2D Pass Pass Pass")
    elif build == "accepted_out_of_rotation":
        board.call("N", "1H")
        board.call("W", "1S")  # East skipped
        board.call("N", "2H")  # West's LHO accepts by calling (29A)
        board.calls("Pass Pass Pass")
    elif build == "dealer_rho_opens":
        board.call("W", "1S")
        board.calls("Pass Pass Pass")
    elif build == "lead_out_of_turn_accepted":
        board.calls("1S Pass 4S Pass Pass Pass")
        board.lead("W", "HK")
        board.accept("N")
    elif build == "declarer_spreads":
        board.calls("1S Pass 4S Pass Pass Pass")
        board.lead("W", "HK")
        board.spread("N")
    else:
        board.calls("1NT Pass 3NT Pass Pass Pass")
        board.lead("E", "S4")
    _round_trip(board)


def test_writer_marks():
    board = Board(dealer="N")
    board.call("N", "1H")
    board.call("E", "1D")
    board.call("S", "Pass")
    board.calls("Pass 2D Pass Pass Pass")
    text = write_auction(board)
    assert "^I 1D" in text
    board = Board(dealer="N")
    board.calls("1S Pass 4S Pass Pass Pass")
    board.lead("W", "HK")
    board.spread("N")
    text = write_auction(board)
    assert '[Declarer "^S"]' in text and "^L HK" in text
