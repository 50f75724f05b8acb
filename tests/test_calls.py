import pytest

from fsm.bridge.calls import Seat, Strain, parse_call, parse_card, parse_seat
from fsm.bridge.errors import InputError


@pytest.mark.parametrize(
    ("text", "lang", "pbn"),
    [
        ("1NT", None, "1NT"), ("1N", None, "1NT"), ("7C", "en", "7C"), ("2♠", None, "2S"),
        ("Pass", None, "Pass"), ("X", None, "X"), ("XX", None, "XX"), ("double", "en", "X"),
        ("1SA", "fr", "1NT"), ("1C", "fr", "1H"), ("1K", "fr", "1D"), ("1T", "fr", "1C"), ("1P", "fr", "1S"),
        ("Passe", "fr", "Pass"), ("Contre", "fr", "X"), ("Surcontre", "fr", "XX"), ("3♥", "fr", "3H"),
        ("8S", None, "8S"),
    ],
)  # fmt: skip
def test_parse_call(text, lang, pbn):
    assert parse_call(text, lang).pbn() == pbn


def test_french_c_is_hearts_english_c_is_clubs():
    assert parse_call("2C", "fr").strain is Strain.H
    assert parse_call("2C").strain is Strain.C


@pytest.mark.parametrize("token", ["1X", "0H", "Contre-moi", "", "H1", "1SA"])
def test_not_a_call_names_the_token(token):
    with pytest.raises(InputError) as err:
        parse_call(token)
    assert f"'{token}'" in err.value.message_en
    assert f"« {token} »" in err.value.message_fr


def test_labels_in_three_languages():
    call = parse_call("3NT")
    assert (call.label("pbn"), call.label("fr"), call.label("en")) == ("3NT", "3SA", "3NT")
    assert parse_call("2S").label("fr") == "2♠"
    assert parse_call("X").label("fr") == "Contre"
    assert parse_call("XX").label("en") == "Redouble"


def test_seats_and_relations():
    assert parse_seat("O", "fr") is Seat.W
    assert parse_seat("W") is Seat.W
    assert (Seat.N.lho, Seat.N.partner, Seat.N.rho) == (Seat.E, Seat.S, Seat.W)
    with pytest.raises(InputError):
        parse_seat("O")


def test_cards():
    assert parse_card("H10").pbn() == "HT"
    assert parse_card("♠K").pbn() == "SK"
    assert parse_card("PR", "fr").pbn() == "SK"
    assert parse_card("♥V", "fr").pbn() == "HJ"
    assert parse_card("SK").label("fr") == "♠R"
    assert parse_card("ST").is_honour and not parse_card("S9").is_honour
    with pytest.raises(InputError):
        parse_card("Z9")


@pytest.mark.parametrize(("typed", "card"), [("HR", "HK"), ("SD", "SQ"), ("DV", "DJ"), ("C10", "CT"), ("♥10", "HT")])
def test_a_card_is_read_as_a_french_player_writes_it_in_either_language(typed, card):
    assert str(parse_card(typed)) == card


def test_a_card_refused_says_what_is_expected():
    with pytest.raises(InputError) as err:
        parse_card("H1")
    assert "A R D V 10" in err.value.message_fr and "A K Q J T" in err.value.message_en


def test_a_deal_is_read_as_a_french_player_writes_it():
    from fsm.bridge.deal import parse_deal

    pbn = "N:KT3.AJ952.K92.KJ 8542.874.T763.Q3 AQJ.T63.AJ85.AT9 976.KQ.Q4.876542"
    french = "N:R103.AV952.R92.RV 8542.874.10763.D3 ADV.1063.AV85.A109 976.RD.D4.876542"
    assert parse_deal(french) == parse_deal(pbn)
