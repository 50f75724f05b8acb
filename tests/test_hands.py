"""The four hands follow the cards: a card led out of turn and refused stays on the table as a
major penalty card (54D); when declarer requires its suit it is picked up again (50D2); the
lead the right defender then faces is on the table. Pages and stepper show them at every stage."""

from __future__ import annotations

import re

from fsm.model.scenario import apply_event, board_for, find, hands
from fsm.teach.pages import page
from fsm.teach.teaching import hands_html, on_table

SID = "54D-refused-declarer-requires-the-suit"  # West leads ♥K out of turn; North (declarer) refuses


def _stages():
    s = find(SID)
    board = board_for(s)
    out = [board.snapshot()]
    for entry in s.events:
        if "rejected" not in entry:
            apply_event(board, entry)
        out.append(board.snapshot())
    return s, out


def _held(markup: str, seat: str) -> str:
    """The text of one seat's hand in the drawn table."""
    cell = re.search(rf"<div class='seat'>{seat}</div>(.*?)</td>", markup)
    assert cell, markup
    return re.sub("<[^>]+>", " ", cell.group(1))


def test_a_refused_lead_is_a_penalty_card_then_picked_up_when_declarer_requires_its_suit():
    s, snaps = _stages()
    dealt = hands(s)
    assert dealt is not None and "K" in dealt["W"]["H"]
    led, refused, required, faced = snaps[2], snaps[3], snaps[4], snaps[-1]
    assert on_table(led)["W"] == [("HK", "lead")]  # the lead out of turn lies face up (54)
    assert on_table(refused)["W"] == [("HK", "major")]  # refused: a major penalty card (54D)
    assert on_table(required)["W"] == []  # required: the card is picked up (50D2)
    assert on_table(faced)["E"] == [("H5", "lead")]
    west = _held(hands_html(dealt, refused, "fr"), "Ouest")
    assert "R" not in west.split("♥")[1].split("♦")[0]  # the ♥R is out of West's hand…
    assert "Sur la table : ♥R (carte pénalisée majeure)" in hands_html(dealt, refused, "fr")
    assert "R" in _held(hands_html(dealt, required, "fr"), "Ouest").split("♥")[1].split("♦")[0]  # …and back


def test_english_hands_use_A_K_Q_J():
    s, snaps = _stages()
    dealt = hands(s)
    english = hands_html(dealt, snaps[0], "en")
    assert "♠ A K Q" not in english  # no hand of this deal holds those three
    north = _held(english, "North")
    assert "Q 10 7 3 2" in north and "K 10 6 5" in north  # ♠QT732 ♦KT65 in English ranks
    assert " R " not in north and " D " not in north and " V " not in north
    assert "D 10 7 3 2" in _held(hands_html(dealt, snaps[0], "fr"), "Nord")  # and French ranks in French


def test_the_page_draws_the_hands_at_every_stage():
    markup = page(SID)
    stages = markup.split("<section class='stage'")[1:]
    assert len(stages) == len(find(SID).events) + 1
    assert all("class='hands'" in st for st in stages)
    assert "Sur la table : ♥R (carte pénalisée majeure)" in stages[3] and "Sur la table : ♥R" not in stages[4]
