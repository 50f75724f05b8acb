import textwrap

import pytest
import yaml

from fsm.bridge.errors import ScenarioError
from fsm.cli import main
from fsm.model.scenario import compare, corpus_files, hands, load, run
from tests.scenario_notes import shortfalls


def write(tmp_path, text, name="s.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("id: a\nevents: []\n", "events"),
        ("id: a\nevents:\n  - bogus: {}\n", "events.1"),
        ('id: a\nevents:\n  - calls: "1H"\nexpect: {contrat: 1H}\n', "expect.contrat"),
        ('id: a\nevents:\n  - calls: "1H"\ncheckpoints: {5: {turn: E}}\n', "checkpoints.5"),
        ("id: a\nevnts: []\n", "evnts"),
        ('events:\n  - calls: "1H"\n', "id"),
        ("scenarios:\n  - id: a\n    events: [{calls: Pass}]\n  - id: a\n    events: [{calls: Pass}]\n", "id"),
        ("id: a\nevents:\n  - rejected: {call: {seat: N, call: 1H}}\n", "events.1"),
        ("id: a\nevents: [\n", "ligne 3, colonne 1"),
    ],
)
def test_malformed_file_names_file_scenario_and_key(tmp_path, text, key):
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as err:
        load(path)
    assert err.value.details["key"] == key
    assert str(path) in err.value.message_en and str(path) in err.value.message_fr


def test_multisets_compare_in_any_order_lists_in_order():
    snap = {"reviews": ["72C", "27D"], "auction": ["N:1H", "E:Pass"]}
    assert compare({"reviews": ["27D", "72C"]}, snap) is None
    assert compare({"auction": ["E:Pass", "N:1H"]}, snap) is not None


def test_runner_reports_first_difference(tmp_path):
    path = write(
        tmp_path,
        """
        id: wrong-declarer
        dealer: N
        events:
          - calls: "1NT Pass 3NT Pass Pass Pass"
        expect: {contract: 3NT, declarer: S}
    """,
    )
    (scenario,) = load(path)
    result = run(scenario)
    assert not result.ok
    assert result.message == 'declarer: expected "S", got "N"'


def test_rejected_event_must_cite_the_law(tmp_path):
    path = write(
        tmp_path,
        """
        id: wrong-law
        events:
          - calls: "1NT Pass Pass Pass"
          - rejected: {event: {call: {seat: N, call: 2C}}, law: 27}
    """,
    )
    # a call after the final pass is accepted (Law 39 waits for the Director), so this fails
    (scenario,) = load(path)
    assert not run(scenario).ok


def test_cli_run_prints_summary_and_exit_code(tmp_path, capsys):
    good = write(tmp_path, "id: ok\nevents: [{calls: 'Pass Pass Pass Pass'}]\nexpect: {contract: Pass}\n", "good.yaml")
    bad = write(tmp_path, "id: ko\nevents: [{calls: 'Pass Pass Pass Pass'}]\nexpect: {contract: 1C}\n", "bad.yaml")
    assert main(["run", str(good)]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
    assert main(["run", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "1 passed, 1 failed" in out


def test_cli_run_malformed_file_is_an_input_error_not_a_traceback(tmp_path, capsys):
    bad = write(tmp_path, "id: a\nevents: 3\n")
    assert main(["run", str(bad)]) == 2
    out = capsys.readouterr().out
    assert "ERROR" in out and "events" in out


# --- titles, notes and deals -------------------------------------------------------------
DEAL = "N:AKQ2.KJ3.T98.Q76 J98.AQ2.KQ3.JT98 T7643.T9.AJ.K532 5.87654.76542.A4"


def test_notes_are_a_fr_en_mapping_and_an_old_plain_text_is_english(tmp_path):
    both = write(tmp_path, "id: a\nnotes: {fr: Passe général, en: Passed out}\nevents: [{calls: 'AP'}]\n", "a.yaml")
    old = write(tmp_path, "id: b\nnotes: Passed out\nevents: [{calls: 'AP'}]\n", "b.yaml")
    none = write(tmp_path, "id: c\nevents: [{calls: 'AP'}]\n", "c.yaml")
    assert load(both)[0].notes == {"fr": "Passe général", "en": "Passed out"}
    assert load(old)[0].notes == {"en": "Passed out"}  # a French reader is not shown English as French
    assert load(none)[0].notes == {}


@pytest.mark.parametrize("notes", ["{de: Hallo}", "{fr: [1, 2]}", "[a, b]"])
def test_notes_in_another_shape_are_refused(tmp_path, notes):
    path = write(tmp_path, f"id: a\nnotes: {notes}\nevents: [{{calls: 'AP'}}]\n")
    with pytest.raises(ScenarioError) as err:
        load(path)
    assert err.value.details["key"] == "notes"


def test_a_deal_gives_thirteen_cards_to_each_seat(tmp_path):
    path = write(tmp_path, f"id: a\ndeal: '{DEAL}'\nevents: [{{calls: 'AP'}}]\n")
    (s,) = load(path)
    dealt = hands(s)
    assert dealt is not None
    assert dealt["N"] == {"S": "AKQ2", "H": "KJ3", "D": "T98", "C": "Q76"}
    assert dealt["W"]["C"] == "A4"
    for seat in "NESW":
        assert sum(len(r) for r in dealt[seat].values()) == 13
    assert hands(load(write(tmp_path, "id: b\nevents: [{calls: 'AP'}]\n", "b.yaml"))[0]) is None


def test_a_deal_may_begin_with_any_seat(tmp_path):
    east_first = "E:" + " ".join(DEAL[2:].split()[1:] + DEAL[2:].split()[:1])
    path = write(tmp_path, f"id: a\ndeal: '{east_first}'\nevents: [{{calls: 'AP'}}]\n")
    assert hands(load(path)[0]) == hands(
        load(write(tmp_path, f"id: a\ndeal: '{DEAL}'\nevents: [{{calls: 'AP'}}]\n", "b.yaml"))[0]
    )


@pytest.mark.parametrize(
    ("deal", "fr", "en"),
    [
        (DEAL.replace("AKQ2", "AKQ3"), "la carte S3 figure deux fois", "the card S3 is dealt twice"),
        (
            DEAL.replace("A4", "A"),
            "la main de Ouest compte 12 cartes au lieu de 13",
            "West's hand has 12 cards, not 13",
        ),
        (DEAL.rsplit(" ", 1)[0], "la donne compte 3 mains au lieu de 4", "the deal has 3 hands, not 4"),
        (DEAL[2:], "la donne doit commencer par la position", "the deal must begin with the seat"),
        (DEAL.replace("Q76", "Q7X"), "« X » n'est pas une hauteur de carte", "'X' is not a card rank"),
    ],
)
def test_a_bad_deal_is_refused_naming_file_scenario_and_line(tmp_path, deal, fr, en):
    path = write(tmp_path, f"id: a\nevents: [{{calls: 'AP'}}]\n# a comment\ndeal: '{deal}'\n")
    with pytest.raises(ScenarioError) as err:
        load(path)
    e = err.value
    assert e.details["key"] == "deal" and e.details["line"] == 4
    assert f"{path}, scénario « a », clé « deal », ligne 4 : donne invalide : {fr}" in e.message_fr
    assert f"{path}, scenario 'a', key 'deal', line 4: invalid deal: {en}" in e.message_en
    assert e.law is None and "Loi" not in e.message_fr and "Law" not in e.message_en


def test_a_deal_must_hold_the_card_the_leader_leads(tmp_path):
    # West is on lead after 1NT by North; the deal gives the spade ace to North, not West.
    text = f"id: a\ndeal: '{DEAL}'\nevents:\n  - calls: '1NT Pass Pass Pass'\n  - lead: {{seat: E, card: SA}}\n"
    with pytest.raises(ScenarioError) as err:
        load(write(tmp_path, text))
    assert err.value.details["key"] == "deal"
    assert "l'événement 2 (lead) montre SA, qui n'est pas dans la main de Est" in err.value.message_fr
    assert "event 2 (lead) shows SA, which the deal does not give to East" in err.value.message_en
    good = text.replace("card: SA", "card: DK")  # East holds the diamond king
    assert load(write(tmp_path, good, "good.yaml"))[0].deal == DEAL


def test_a_deal_must_hold_the_cards_a_player_exposes(tmp_path):
    text = f"id: a\ndeal: '{DEAL}'\nevents:\n  - expose: {{seat: S, cards: [DA, HA]}}\n"
    with pytest.raises(ScenarioError) as err:
        load(write(tmp_path, text))
    assert "montre HA" in err.value.message_fr and "to South" in err.value.message_en


def test_every_corpus_scenario_has_a_french_and_an_english_title_and_notes():
    missing = []
    for path in corpus_files():
        for s in load(path):
            for what, words in (("title", s.title), ("notes", s.notes)):
                if set(words) != {"fr", "en"} or not all(v.strip() for v in words.values()):
                    missing.append(f"{path.name}::{s.id} {what}")
                elif what == "title" and words["fr"] == words["en"]:
                    missing.append(f"{path.name}::{s.id} title not translated")
    assert missing == []


def test_every_corpus_scenario_s_notes_quote_a_paragraph_they_name_word_for_word():
    # The reasoning from the Laws, stated: seed 000's words for 17-39, our summaries marked « résumé » beyond
    assert shortfalls() == []


def test_the_notes_check_refuses_a_quote_that_is_not_the_law_s_or_a_paragraph_not_named(tmp_path):
    def notes(fr):
        path = tmp_path / f"n{len(list(tmp_path.iterdir()))}.yaml"  # a new file each time
        text = yaml.safe_dump({"id": "n", "events": [{"calls": "1H"}], "notes": {"fr": fr, "en": "-"}})
        path.write_text(text, encoding="utf-8")
        return shortfalls([path])

    law = "« Le joueur désigné sur l’étui comme donneur déclare en premier »"
    assert notes(f"17B {law}.") == []
    straight = law.replace("’", "'")
    assert notes(f"Loi 17B {straight}.") == []  # either apostrophe
    assert notes(f"22A {law}.") != []  # the quote is not in the paragraph named
    assert notes("17B « Le joueur désigné sur l’étui déclare en dernier ».") != []  # not the law's words
    assert notes("17B « donneur déclare » .") != []  # too short to prove anything
    summary = "« l'adversaire de gauche du déclarant présumé fait l'entame face cachée »"
    assert notes(f"Résumé de la Loi 41A {summary}.") == []
    assert notes(f"Loi 41A {summary}.") != []  # our words, not marked as a summary
    assert notes(f"17B {law}, et selon 41A {summary}.") != []  # marked nowhere near the quote


def test_corpus_deals_are_complete_and_hold_the_cards_shown():
    dealt = [s for path in corpus_files() for s in load(path) if s.deal]
    assert dealt, "the teaching scenarios carry deals"
    for s in dealt:
        table = hands(s)
        assert table is not None
        cards = {suit + rank for hand in table.values() for suit, ranks in hand.items() for rank in ranks}
        assert len(cards) == 52


def test_the_teaching_notebooks_scenarios_have_deals_that_fit_the_opening_bids():
    import importlib.util
    from pathlib import Path

    from fsm.model.scenario import play

    spec = importlib.util.spec_from_file_location("build", Path(__file__).parent.parent / "notebooks" / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    corpus = {s.id: s for path in corpus_files() for s in load(path)}  # read once, not once per id
    for sid in {sid for family in build.FAMILIES for sid in family[4]}:
        s = corpus[sid]
        dealt = hands(s)
        assert dealt is not None, sid
        # the opening bid, when natural in a suit, is made with at least four cards of it
        first = next((c for c in play(s).snapshot()["auction"] if not c.endswith("Pass")), None)
        if first and first[-1] in "SHDC" and first[-2].isdigit():
            seat, suit = first[0], first[-1]
            assert len(dealt[seat][suit]) >= 4, (sid, first, dealt[seat])


def test_every_corpus_board_is_dealt_and_the_dealer_follows_the_calls():
    """Every teaching board shows four hands; a board dealt by ``tests.deal_scenarios`` keeps the
    cards the events show in the hands that show them, and its natural bids in suits of four cards."""
    from fsm.bridge.deal import holds
    from fsm.model.scenario import corpus_files, find, load
    from tests.deal_scenarios import deal, shown_cards, wishes

    assert [s.id for f in corpus_files() for s in load(f) if not s.deal] == []
    s = find("36C-after-a-lead-out-of-turn-refused")
    dealt = hands(type(s)(**{**s.__dict__, "deal": deal(s)}))
    assert dealt is not None
    for card, seat in shown_cards(s).items():
        assert holds(dealt, seat, card)
    lengths, _ = wishes(s)
    for seat, wanted in lengths.items():
        for suit, n in wanted.items():
            assert len(dealt[seat][suit]) >= n, (seat, suit)


def _one(tmp_path, events, expect):
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump({"id": "x", "events": events, "expect": expect}), encoding="utf-8")
    return load(path)[0]


def test_the_laws_of_the_steps_are_compared_where_stated(tmp_path):
    # North deals: East's 1H at North's turn is a bid out of rotation, the state's law is 31
    out_of_rotation = [{"call": {"seat": "E", "call": "1H"}}]
    assert run(_one(tmp_path, out_of_rotation, {"steps": ["31"]})).ok
    result = run(_one(tmp_path, out_of_rotation, {"steps": ["17C"]}))
    assert not result.ok and result.message == 'steps: expected laws ["17C"], got ["31"]'


def test_the_options_are_compared_where_stated(tmp_path):
    # After East's bid out of rotation at North's turn, South, the offender's LHO, and he alone may
    # accept it (29A); the Director is called (31); nobody may accept a call made in turn
    events = [{"call": {"seat": "E", "call": "1H"}}]
    accept = {"event": "accept", "law": "29A", "seats": ["S"]}
    director = {"event": "director", "law": "31", "seats": None}
    assert run(_one(tmp_path, events, {"options": [accept, director]})).ok
    wrong = run(_one(tmp_path, events, {"options": [{**accept, "seats": ["N"]}]}))
    assert not wrong.ok and wrong.message == 'options: accept (29A) expected for ["N"], offered to ["S"]'
    assert not run(_one(tmp_path, events, {"options": [{**accept, "seats": []}]})).ok
    assert not run(_one(tmp_path, events, {"options": [{**director, "seats": []}]})).ok
    regular = run(_one(tmp_path, [{"call": {"seat": "N", "call": "1H"}}], {"options": [accept]}))
    assert not regular.ok and regular.message == 'options: accept (29A) expected for ["S"], offered to []'


@pytest.mark.parametrize(
    ("events", "expect", "key"),
    [
        ([{"calls": "1H Pass"}], {"steps": ["17C"]}, "expect.steps"),
        ([{"rejected": {"event": {"face_lead": {"seat": "E"}}, "law": "41C"}}], {"steps": []}, "expect.steps"),
        ([{"calls": "1H"}], {"steps": "17C"}, "expect.steps"),
        ([{"calls": "1H"}], {"options": [{"event": "call", "law": "17C"}]}, "expect.options"),
        ([{"calls": "1H"}], {"options": [{"event": "call", "law": "17C", "seats": ["X"]}]}, "expect.options"),
    ],
)
def test_steps_and_options_in_another_shape_are_refused(tmp_path, events, expect, key):
    with pytest.raises(ScenarioError) as err:
        _one(tmp_path, events, expect)
    assert err.value.details["key"] == key
