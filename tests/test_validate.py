"""The machine is checked when built: broken tables are refused with a message naming the rule."""

import pytest

from fsm.bridge.errors import SpecError
from fsm.laws.spec import REGISTRY, Option, Rule, StateSpec
from fsm.model.machine import Engine, default_engine

BASE = default_engine()
STATES = list(BASE.states.values())
RULES = list(BASE.rules)
TAKE = Rule("call", "auction.calling", None, "17C", "x", "x")


def build(states=None, rules=None, options=None):
    return Engine(STATES if states is None else states, RULES if rules is None else rules,
                  BASE.options if options is None else options)  # fmt: skip


def refused(**tables) -> str:
    with pytest.raises(SpecError) as err:
        build(**tables)
    return err.value.message_en


def test_the_law_modules_tables_are_valid():
    build()


@pytest.mark.parametrize(("rule", "words"), [
    (Rule("call", "auction.nowhere", None, "17C", "x", "x"), "unknown state 'auction.nowhere'"),
    (Rule("call", "auction.calling", "auction.elsewhere", "17C", "x", "x"), "unknown state 'auction.elsewhere'"),
    (Rule("cal", "auction.calling", None, "17C", "x", "x"), "unknown event 'cal'"),
    (Rule("call", "auction.calling", None, "Law 17", "x", "x"), "unreadable law 'Law 17'"),
    (Rule("call", "auction.calling", None, "17C", "", "x"), "missing label"),
    (Rule("call", "auction.calling", None, "17C", "x", "x", (lambda t, e: True,)), "guard '<lambda>' is not registered"),
    (Rule("call", "auction.calling", None, "17C", "x", "x", (), (print,)), "action 'print' is not registered"),
])  # fmt: skip
def test_a_broken_rule_is_named(rule, words):
    message = refused(rules=[*RULES, rule])
    assert words in message
    assert f"rule '{rule.event} {rule.source}" in message


def test_an_option_of_an_unknown_state_or_event_or_holder():
    assert "options of an unknown state 'auction.limbo'" in refused(options={**BASE.options, "auction.limbo": []})
    bad = {**BASE.options, "auction.calling": [Option("shout", None, "17C", "x", "x")]}
    assert "unknown event 'shout'" in refused(options=bad)
    bad = {**BASE.options, "auction.calling": [Option("call", lambda t: [], "17C", "x", "x")]}
    assert "holder '<lambda>' is not registered" in refused(options=bad)


def test_an_unreachable_state():
    lost = StateSpec("auction.limbo", "17", "Limbes", "Limbo")
    assert "state 'auction.limbo' cannot be reached" in refused(states=[*STATES, lost])


def test_a_waiting_state_with_no_way_out():
    # a top-level state: one nested in the auction would inherit its ways out (the Director's 36A, 38D)
    trap = StateSpec("trap", "17", "Piège", "Trap", waiting=True)
    into = Rule("review", "auction.calling", "trap", "20B", "x", "x", (REGISTRY.get("own_turn_not_barred", "guard"),))
    stays = Rule("director", "trap", None, "9B1", "x", "x")
    assert "waiting state 'trap' has no way out" in refused(states=[*STATES, trap], rules=[*RULES, into, stays])


def test_a_compound_state_needs_one_initial_child():
    second = StateSpec("auction.other", "17", "Autre", "Other", initial=True)
    assert "state 'auction': needs exactly one initial child" in refused(states=[*STATES, second])


def test_every_problem_is_listed_at_once_in_both_languages():
    with pytest.raises(SpecError) as err:
        build(rules=[*RULES, Rule("cal", "auction.nowhere", None, "17C", "x", "x")])
    assert len(err.value.details["problems"]) == 2
    assert "événement « cal » inconnu" in err.value.message_fr


def test_a_rule_declared_twice():
    assert f"rule '{RULES[0].id}' is declared twice" in refused(rules=[*RULES, RULES[0]])


def test_a_rule_leaving_a_final_state():
    out = Rule("review", "play", "auction", "20", "x", "x")
    assert "leaves the final state 'play'" in refused(rules=[*RULES, out])


def test_an_option_no_rule_takes_and_an_event_taken_but_not_offered():
    holder = REGISTRY.get("turn_seat", "holder")
    options = {**BASE.options, "passed_out": [*BASE.options.get("passed_out", []),
                                              Option("prohibit", holder, "26B", "x", "x")]}  # fmt: skip
    assert "state 'passed_out': 'prohibit' is offered but no rule takes it" in refused(options=options)
    play = BASE.states["play"]
    bare = StateSpec(play.name, play.law, play.fr, play.en, final=True)
    states = [bare if s.name == "play" else s for s in STATES]
    message = refused(states=states)
    assert "state 'play': 'director' is taken but neither offered nor declared taken" in message


def test_an_unknown_event_declared_taken():
    board = BASE.states["board"]
    states = [StateSpec("board", board.law, board.fr, board.en, takes=("shout",)) if s.name == "board" else s
              for s in STATES]  # fmt: skip
    assert "state 'board': unknown taken event 'shout'" in refused(states=states)
