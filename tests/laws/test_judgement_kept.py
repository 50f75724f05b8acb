"""A judgement still owed is never lost (30B1(b), 31B2, 32B2, 23A): through a change of call (25A, 25A6),
a 36A cancellation, a lead out of turn (54) and the start of play (41C)."""

from fsm import Board


def _final_pass_awaiting_31B() -> Board:
    """West opens 1S at North's turn, North refuses (31B); West's pass at his turn ends the auction."""
    board = Board()
    board.call("W", "1S")
    board.refuse("N")
    board.calls("1H Pass Pass")
    board.call("W", "Pass")
    assert board.snapshot()["pending"] == [{"law": "31B", "source": "W:1S"}]
    return board


def _judge_options(board: Board) -> list[tuple[str, object]]:
    return [(o["law"], o["seats"]) for o in board.options() if o["event"] == "judge"]


def test_the_owed_judgement_is_offered_to_the_Director_only_while_owed():
    board = _final_pass_awaiting_31B()
    assert ("23A", None) in _judge_options(board)
    board.judge(comparable=True)
    assert ("23A", None) not in _judge_options(board) and board.snapshot()["pending"] == []
    fresh = Board()
    fresh.calls("1H Pass Pass Pass")
    assert ("23A", None) not in _judge_options(fresh)


def test_25A_change_of_the_judged_final_pass_the_new_call_is_judged():
    board = _final_pass_awaiting_31B()
    board.substitute("W", "2S")
    board.judge(unintended=True)
    snap = board.snapshot()
    assert board.state == "auction.ruling" and snap["pending"] == []
    assert snap["irregularity"]["source"] == "W:2S" and snap["irregularity"]["kind"] == "judged"
    board.judge(comparable=False)
    snap = board.snapshot()
    assert snap["obligations"] == [{"seat": "E", "kind": "pass_next_turn", "law": "31A2(b)"}]
    assert snap["lead_restrictions"] == [{"seat": "E", "law": "26B", "suits": ["C", "D", "H"]}]
    assert snap["reviews"] == ["72C"]


def test_25A6_take_back_of_the_judged_final_pass_his_next_call_is_judged():
    board = _final_pass_awaiting_31B()
    board.substitute("S", "2H")
    board.judge(unintended=True)
    assert board.snapshot()["pending"] == [{"law": "31B", "source": "W:1S"}]  # West's pass still stands
    board.withdraw("W")
    assert board.snapshot()["pending"] == [] and board.turn().value == "W"
    assert [o["seats"] for o in board.options() if o["event"] == "call" and o["law"] == "23A"] == [["W"]]
    board.call("W", "Pass")
    assert board.state == "auction.ruling" and board.snapshot()["irregularity"]["source"] == "W:Pass"


def test_the_judged_final_pass_left_standing_by_a_25A_change_is_judged_in_the_auction():
    board = _final_pass_awaiting_31B()
    board.substitute("S", "2H")
    board.judge(unintended=True)
    board.call("N", "Pass")  # the 25A6 chance is gone: West's pass stands, its judgement still owed
    assert board.state == "auction.calling" and ("23A", None) in _judge_options(board)
    steps = board.judge(comparable=False)
    snap = board.snapshot()
    assert [s.law for s in steps] == ["31A2(b)"]
    assert snap["obligations"] == [{"seat": "E", "kind": "pass_next_turn", "law": "31A2(b)"}]  # the auction goes on
    assert snap["lead_restrictions"] == [{"seat": "E", "law": "26B", "suits": ["C", "D", "H", "S"]}]


def test_36A_cancels_the_judged_call_the_next_call_at_his_turn_is_judged():
    board = Board()
    board.call("W", "1S")
    board.refuse("N")
    board.call("N", "1H")
    board.call("E", "XX")  # inadmissible
    board.call("S", "Pass")  # called over: 36A awaits the Director
    board.call("W", "Pass")  # West's call at his turn, to be judged
    assert board.state == "auction.ruling"
    board.director()
    assert board.snapshot()["cancelled"] == ["W:1S", "E:XX", "S:Pass", "W:Pass"]
    board.calls("Pass Pass")
    board.call("W", "2S")
    assert board.state == "auction.ruling" and board.snapshot()["irregularity"]["source"] == "W:2S"


def test_36A_cancels_a_forced_pass_the_obligation_is_in_force_again():
    board = Board()
    board.call("W", "1S")
    board.refuse("N")
    board.calls("1H Pass Pass")
    board.call("W", "2S", comparable=False)
    board.call("N", "XX")
    board.call("E", "Pass")  # fulfils 31A2(b), over the inadmissible redouble
    assert board.snapshot()["obligations"] == []
    board.director()
    assert board.snapshot()["obligations"] == [{"seat": "E", "kind": "pass_next_turn", "law": "31A2(b)"}]


def test_after_a_lead_out_of_turn_accepted_26B_bears_on_partner_first_turn_to_lead():
    board = _final_pass_awaiting_31B()
    board.lead("W", "D2")
    assert board.state == "lead_out_of_turn" and ("23A", None) in _judge_options(board)
    board.accept("N")
    assert board.state == "play" and ("23A", None) in _judge_options(board)
    board.judge(comparable=False)
    snap = board.snapshot()
    assert snap["lead_restrictions"] == [{"seat": "E", "law": "26B", "suits": ["C", "D", "H", "S"]}]
    assert snap["reviews"] == ["72C"] and snap["obligations"] == [] and snap["pending"] == []


def test_after_partner_led_in_turn_only_72C_is_left():
    board = _final_pass_awaiting_31B()
    board.lead("E", "C3")
    board.judge(comparable=False)
    snap = board.snapshot()
    assert snap["lead_restrictions"] == [] and snap["reviews"] == ["72C"] and snap["rulings"] == ["31B", "31A2(b)"]


def test_comparable_after_the_lead_only_23C():
    board = _final_pass_awaiting_31B()
    board.lead("W", "D2")
    board.judge(comparable=True)
    snap = board.snapshot()
    assert snap["reviews"] == ["23C"] and snap["unauthorized_information"] == [] and snap["lead_restrictions"] == []
    assert board.state == "lead_out_of_turn"
