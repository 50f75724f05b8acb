"""The quiz: at each decision point, the answer is the rectification the Laws give."""

from __future__ import annotations

import pytest

from fsm.model.scenario import corpus_files, load, play
from fsm.teach.quiz import QUESTION, Choice, Question, questions
from fsm.teach.teaching import is_routine, walk


def _at(scenario: str, law: str) -> Question:
    found = [q for q in questions(scenario) if q.law == law]
    assert found, [q.law for q in questions(scenario)]
    return found[0]


def test_routine_options_are_laws_20_24_25A():
    assert is_routine({"event": "review", "law": "20B"})
    assert is_routine({"event": "explain", "law": "20F1"})
    assert is_routine({"event": "expose", "law": "24"})
    assert is_routine({"event": "substitute", "law": "25A5"})
    assert is_routine({"event": "review", "law": "41B"})  # the right of review, cited after the final pass
    assert not is_routine({"event": "refuse", "law": "27B"})
    assert not is_routine({"event": "accept", "law": "25B1"})  # 25B is a change of mind, not the noise
    assert not is_routine({"event": "director", "law": "39"})


def test_stage_keeps_the_raw_options():
    stages = list(walk("27B2-design-example"))
    laws = {o["law"] for o in stages[3].options_data}  # after the refusal: the offender's replacement
    assert {"27B1(a)", "27B1(b)", "27B2", "27B3", "27B4"} <= laws


def test_27B2_replacement_judged_not_comparable_bars_partner():
    """1♥ – 1♦ refused, replaced by 2♠, not comparable: 27B2, partner passes to the end (26B, 72C)."""
    q = _at("27B2-design-example", "27B2")
    assert q.stage == 4  # after the refusal, the fourth event
    assert "2♠" in q.prompt["fr"] and "non comparable" in q.prompt["fr"]
    assert q.choices[q.answer].law == "27B2"
    assert {"27B1(a)", "27B1(b)", "27B3", "27B4"} <= {c.law for c in q.choices}
    assert "le partenaire du joueur fautif doit passer jusqu’à la fin des annonces" in q.explanation["fr"]
    assert "Law 27B2" in q.explanation["en"]


def test_27B1a_lowest_sufficient_bid_same_strain():
    q = _at("27B1a-lowest-sufficient-same-strain", "27B1(a)")
    assert "2♦" in q.prompt["fr"]
    assert q.choices[q.answer].law == "27B1(a)"
    assert "sans autre conséquence" in q.explanation["fr"]


def test_27B_refusal_then_offender_replaces():
    q = questions("27B1a-lowest-sufficient-same-strain")[0]
    assert q.law == "27B" and "n'accepte pas" in q.choices[q.answer].fr
    assert {"27A1", "27B"} <= {c.law for c in q.choices}


def test_25B2_refused_change_of_mind_keeps_the_first_call():
    first, second = questions("25B2-change-of-mind-refused")
    assert first.law == "25B"  # intended: a change of mind, which the LHO may accept (25B1)
    assert second.law == "25B2" and second.choices[second.answer].law == "25B2"
    assert "La déclaration initiale est maintenue" in second.explanation["fr"]


def test_39_defender_bid_after_the_final_pass_is_39C_and_a_declaring_side_call_39B():
    q = _at("39C-defender-bids-after-the-final-pass", "39C")
    assert {"39B", "39C"} <= {c.law for c in q.choices}
    assert q.choices[q.answer].law == "39C"
    assert _at("39B-declaring-side-bids-after-the-final-pass", "39B").choices[0].law == "39B"


def test_lead_out_of_turn_refused_is_54D_accepted_54B():
    refused = _at("36C-after-a-lead-out-of-turn-refused", "54D")
    assert {"54A", "54B", "54C", "54D"} <= {c.law for c in refused.choices}
    assert refused.choices[refused.answer].law == "54D"
    accepted = _at("36C-noticed-during-a-lead-out-of-turn", "54B")
    assert accepted.choices[accepted.answer].law == "54B"


def test_inadmissible_double_in_turn_is_cancelled_36B1():
    q = _at("36B-inadmissible-double-in-turn", "36B1")
    assert {"36B1", "36B4"} <= {c.law for c in q.choices}
    assert "est annulé" in q.explanation["fr"]


CORPUS = [s for f in corpus_files() for s in load(f)]  # read once: each test gets a scenario


@pytest.mark.parametrize("scenario", CORPUS, ids=[s.id for s in CORPUS])
def test_every_answer_is_a_law_the_scenario_applied(scenario):
    trace_laws = {law for step in play(scenario).trace for law in step.laws}
    for q in questions(scenario):
        assert len(q.choices) >= 2 and 0 <= q.answer < len(q.choices)
        assert q.law in trace_laws
        assert q.choices[q.answer].law == q.law or q.choices[q.answer].law in q.law
        assert not any(c.law.startswith(("20", "24")) for c in q.choices)  # the noise is never a choice
        assert q.prompt["fr"] and q.prompt["en"] and q.explanation["fr"].startswith(q.choices[q.answer].fr)
        assert len({(c.law, c.fr) for c in q.choices}) == len(q.choices)


def test_frozen_and_worded():
    q = questions("27B2-design-example")[0]
    assert isinstance(q.choices[0], Choice)
    with pytest.raises(AttributeError):
        q.law = "x"  # type: ignore[misc]
    assert QUESTION["fr"] == "Que décide l'arbitre ?"


def test_regular_auction_has_no_question():
    assert questions("22A-notrump-opener-declares") == []  # no irregularity: nothing awaits a ruling
