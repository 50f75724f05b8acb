"""The notebook widgets, driven without a kernel: buttons clicked, the HTML they show read."""

from __future__ import annotations

from ipywidgets import Dropdown

from fsm.model.board import Board
from fsm.teach.quiz import questions
from fsm.teach.stepper import LiveBoard, QuizWidget, Stepper


def test_stepper_goes_forward_and_back_through_27B2():
    s = Stepper("27B2-design-example")
    assert s.counter.value == "1 / 8" and s.prev.disabled
    for _ in range(6):
        s.next.click()
    shown = s.html.value
    assert "L&#x27;arbitre juge la déclaration non comparable" in shown
    assert "Loi 27B2" in shown and "Ouest doit passer jusqu&#x27;à la fin des annonces (Loi 27B2)" in shown
    assert "<s>1<span style='color:#c00'>♦</span></s> <small>(27B)</small>" in shown  # struck through, with its law
    s.prev.click()
    assert s.counter.value == "6 / 8" and "Le remplacement est-il comparable ? (Loi 23A)" in s.html.value


def test_stepper_routine_toggle_shows_laws_20_24_25A():
    s = Stepper("27B2-design-example")
    s.next.click()  # after North's 1♥: East may call, and the noise of every step
    assert "(Loi 24)" not in s.html.value and "(Loi 20B)" not in s.html.value
    s.routine.value = True
    assert "(Loi 24)" in s.html.value and "(Loi 20B)" in s.html.value
    assert "Est déclare à son tour (Loi 17C)" in s.html.value


def test_stepper_in_english_and_static_fallback():
    s = Stepper("27B2-design-example", lang="en")
    assert "State" in s.html.value and "État" not in s.html.value
    bundle = s._repr_mimebundle_()
    assert "Start of the board" in bundle["text/html"]  # a forge's viewer shows the first stage


def test_liveboard_buttons_are_the_options_and_lead_to_27B2():
    live = LiveBoard()
    assert {b.option["law"] for b in live.buttons} >= {"17C"}
    assert not any(b.option["law"] in ("24", "20B") for b in live.buttons)  # routine hidden by default
    live.button("17C").click()  # a call needs its text
    live.inputs["call"].value = "1H"
    live.apply_button.click()
    live.button("17C").click()
    live.inputs["call"].value = "1D"
    live.apply_button.click()
    assert "Loi 18D" in live.html.value and "Enchère insuffisante" in live.html.value
    assert {"27A1", "27B"} <= {b.option["law"] for b in live.buttons}
    live.button("27B", "refuse").click()  # South's refusal needs no argument
    assert live.board.state == "auction.insufficient_bid.replacement"
    live.button("27B2").click()
    live.inputs["call"].value = "2S"
    live.apply_button.click()
    live.button("23A").click()  # the arbitre's judgement: which, and yes or no
    live.inputs["judgement"].value = "comparable"
    live.inputs["verdict"].value = False
    live.apply_button.click()
    shown = live.html.value
    assert "Loi 27B2" in shown and "Ouest doit passer jusqu&#x27;à la fin des annonces (Loi 27B2)" in shown
    assert "information non autorisée pour Ouest (Loi 16C)" in shown
    assert "Loi 27B2 → Déclarations en rotation" in live.path.value


def test_liveboard_shows_a_refusal_with_its_law():
    live = LiveBoard(Board())
    live.button("17C").click()
    live.inputs["call"].value = "1H"
    live.apply_button.click()
    live.button("17C").click()
    live.inputs["call"].value = "8C"  # no bid above seven is sufficient: Law 38 is called
    live.apply_button.click()
    assert live.board.state == "auction.bid_above_seven"
    before = live.board.snapshot()
    # a judgement nobody awaits (the bid of eight is the arbitre's to rectify, 38): refused
    live.pending = {"event": "judge", "seats": None, "law": "23A"}
    live.inputs = {"judgement": Dropdown(options=["comparable"]), "verdict": Dropdown(options=[True])}
    live.apply()
    assert "color:#b00" in live.message.value and live.board.snapshot() == before


def test_quiz_widget_tells_right_and_wrong_with_the_law():
    q = next(q for q in questions("27B2-design-example") if q.law == "27B2" and q.kind == "ruling")
    w = QuizWidget(q)
    assert all("Loi" not in b.description for b in w.choices)  # the law is part of the answer
    wrong = next(b for b in w.choices if b.index != q.answer)
    wrong.click()
    assert "Ce n&#x27;est pas la bonne réponse." in w.feedback.value and wrong.button_style == "danger"
    assert "Non : " in w.feedback.value  # each choice's reason, once answered
    w.choices[q.answer].click()
    assert "Bonne réponse." in w.feedback.value
    assert "le partenaire du joueur fautif doit passer jusqu’à la fin des annonces" in w.feedback.value
    assert "Que décide l&#x27;arbitre ?" in w._repr_html_()


def test_the_stepper_draws_the_path_on_the_law_view_as_it_goes(need_dot):
    """27B2-design-example is drawn on the tree of Law 27: at East's 1♦ only the insufficient bid is
    marked; after the ruling the 27B2 branch is taken too, and no state name shows on hover."""
    stepper = Stepper("27B2-design-example")
    stepper.show(2)
    early = stepper.tree.value
    assert "Loi 27 : l&#39;enchère insuffisante" in early and "Étape 1" in early and "Étape 5" not in early
    stepper.show(6)
    late = stepper.tree.value
    assert "Étape 5" in late and "Loi 27B2" in late and "<title>" not in late
    stepper.show(len(stepper.stages) - 1)
    assert stepper.tree.value in stepper._repr_html_()  # the static rendering ends with the whole path


def test_stepper_and_liveboard_show_the_hands_as_cards_leave_them():
    """54D: West's ♥K led out of turn and refused is a major penalty card on the table; in the
    live board, a card led leaves the leader's hand."""
    stepper = Stepper("54D-refused-declarer-requires-the-suit", diagram=False)
    assert "Sur la table : ♥R (carte pénalisée majeure)" in stepper.stage_html(3).replace(
        "<span style='color:#c00'>♥</span>", "♥"
    )
    deal = "N:QT732.A.KT65.K72 A.T852.Q743.T965 J8654.Q6.J92.843 K9.KJ9743.A8.AQJ"
    live = LiveBoard(lang="en", diagram=False, deal=deal)
    assert "North" in live.html.value and "Q 10 7 3 2" in live.html.value
    live.board.calls("1S Pass 4S Pass Pass Pass")
    live.board.lead("E", "SA")
    live.refresh()
    assert "On the table: ♠A (opening lead)" in live.html.value
