"""A board's path is drawn on the tree of its law family, the rules it took numbered in the
order it took them; a regular board, or one crossing families, on the states it visited."""

import re

import pytest

from fsm import Board
from fsm.model.diagrams import board_path, view_of
from fsm.model.scenario import find, play
from tests.svgmeasure import measure


def numbered(source: str) -> list[tuple[int, str]]:
    """(step, law) of each branch box marked « Étape n »."""
    found = []
    for label in re.findall(r"label=<(.*?)>\s*(?:color|fillcolor|shape|style|penwidth|\])", source):
        words = re.sub(r"<[^>]+>", " ", label)
        step = re.search(r"Étape (\d+)", words)
        law = re.search(r"Loi (\S+)", words)
        if step and law:
            found.append((int(step[1]), law[1]))
    return sorted(found)


@pytest.mark.parametrize(
    ("scenario", "view", "laws"),
    [
        # 1♥ then 1♦: insufficient (18D); the Director is called, sets out the options (27B); South
        # refuses (27B); East's 2♠ is neither the lowest diamond bid, it awaits the ruling (23A);
        # not comparable: partner passes for the rest of the auction (27B2).
        ("27B2-design-example", "27", ["18D", "27B", "27B", "23A", "27B2"]),
        # South bids out of rotation at West's turn (31); East refuses (31A); West passes, so South
        # must repeat his bid (31A1).
        ("31A1-RHO-passes-offender-repeats", "31", ["31", "31A", "31A1"]),
    ],
)
def test_path_drawn_on_its_family_with_the_rules_taken_numbered(scenario, view, laws):
    board = play(find(scenario))
    assert view_of(board) == view
    source = board_path(board).source
    assert source.startswith(f"digraph view_{view}")
    assert numbered(source) == list(enumerate(laws, 1))


def test_current_state_marked_and_board_diagram_is_the_path():
    board = Board(dealer="N")
    board.calls("1H")
    board.call("E", "1D")
    source = board.diagram("fr").source
    assert source == board_path(board, "fr").source
    current = re.search(r'"auction.insufficient_bid.offered" \[[^\]]*\]', source, flags=re.S)
    assert current and "#ffd27f" in current[0]


def test_regular_board_drawn_on_the_states_it_visited():
    board = Board(dealer="N")
    board.calls("1NT Pass Pass Pass")
    assert view_of(board) is None
    source = board_path(board).source
    words = source.replace("\u00a0", " ")
    assert "1 N 1SA (17C)" in words and "4 O Passe (17C)" in words  # steps numbered, in FFB words
    assert "Entame face cachée attendue" in source and "#ffd27f" in source


@pytest.mark.parametrize(
    "scenario", ["27B2-design-example", "31A1-RHO-passes-offender-repeats", "30A-pass-at-RHO-turn-refused"]
)
def test_path_fits_a_notebook_at_12_pt(scenario, need_dot):
    width, _, smallest = measure(board_path(play(find(scenario))).pipe(format="svg", encoding="utf-8"))
    assert width <= 750 and smallest >= 12, (width, smallest)
