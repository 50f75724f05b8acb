"""The teacher's board (tableau.html) and ``teach --pbn``: the page is self-contained and runs the
exported machine through the generic JavaScript interpreter, its own script writes no law, and a
real headless Chromium builds a board with it (1♥, East's insufficient 1♦, refused, 2♠, judged not
comparable: West must pass for the rest of the auction, 27B2)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from fsm.cli import main
from fsm.interop.export import to_dict
from fsm.interop.pbn_teach import scenarios
from fsm.model.board import Board
from fsm.teach import tableau
from fsm.teach.teaching import is_routine
from tests.french_scan import problems
from tests.test_js_conformance import LAW, LITERAL

ROOT = Path(__file__).resolve().parent.parent
BROWSER = ROOT / "tests" / "browser"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Written where every test screenshot goes (out/, not committed); docs/screenshots/tableau.png is a
# copy of it, for the README.
SHOT = ROOT / "out" / "screenshots" / "tableau.png"
PBN = ROOT / "tests" / "data" / "teach.pbn"
OTHERS = "Autres événements possibles ici"
SEATS_FR = {"N": "Nord", "E": "Est", "S": "Sud", "W": "Ouest"}


def offered(events: list[dict], dealer: str = "N") -> list[dict]:
    """What the Python model offers after ``events``: the menu's options must be these."""
    return [o for o in Board.replay(events, dealer=dealer).options() if o["seats"] is None or o["seats"]]


def who(o: dict) -> str:
    return "L'arbitre" if o["seats"] is None else " ou ".join(SEATS_FR[s] for s in o["seats"])


def menu_line(o: dict) -> str:
    """An option as the board's menu writes it: who, what, the option's own law."""
    if o["seats"] is None:
        return f"{o['fr'][:1].upper()}{o['fr'][1:]} (Loi {o['law']})"
    return f"{who(o)} {o['fr']} (Loi {o['law']})"


def check_menu(seen: dict, events: list[dict]) -> None:
    """The menu offers the model's options, each with its law, grouped by who decides, routine ones
    among the others; the other events carry the laws of the rules that take them here."""
    expected = offered(events)
    grouped = [(m["group"], m["text"]) for m in seen["menu"] if m["group"] != OTHERS]
    assert grouped == [(f"{who(o)} décide", menu_line(o)) for o in expected if not is_routine(o)]
    others = [m["text"] for m in seen["menu"] if m["group"] == OTHERS]
    assert [menu_line(o) for o in expected if is_routine(o)] == others[: len([o for o in expected if is_routine(o)])]
    for m in seen["menu"]:
        assert " (Loi " in m["text"] or " (Lois " in m["text"], m
        assert "true" not in m["text"] and "false" not in m["text"] and "_" not in m["text"], m


@pytest.fixture(scope="module")
def board_page(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("tableau")
    assert main(["teach", "--board", "--out", str(folder)]) == 0
    return folder / "tableau.html"


def test_the_page_is_self_contained(board_page):
    text = board_page.read_text(encoding="utf-8")
    assert "<script src" not in text and "<link" not in text
    assert "http://" not in text.replace("http://www.w3.org", "")
    assert "https://" not in text
    assert '|| {}).spec = {"format":"fsm-bridge-auction/machine"' in text
    assert text.count("</script>") == 3  # the interpreter with the export, the words, the page's script


def test_the_bundle_is_the_one_bundle_js_writes(node, tmp_path):
    spec = to_dict()
    machine = tmp_path / "machine.json"
    machine.write_text(json.dumps(spec), encoding="utf-8")
    out = tmp_path / "bundle.js"
    done = subprocess.run([node, str(ROOT / "fsm/js/bundle.js"), str(out), "--machine", str(machine)],
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert out.read_text(encoding="utf-8") == tableau.bundle(spec)


def test_the_page_script_writes_no_law_state_or_rule():
    """As the interpreter (tests/test_js_conformance.py): every citation comes from the data."""
    spec = to_dict()
    names = {s["name"] for s in spec["states"]} | {r["id"] for r in spec["rules"]}
    script = (ROOT / "fsm" / "pages_assets" / "tableau.js").read_text(encoding="utf-8")
    found = [m.group() for m in LAW.finditer(script)]
    found += [lit for lit in LITERAL.findall(script) if lit[1:-1] in names]
    assert found == [], found


def test_the_page_words_are_french():
    """The French the page's script shows besides the export's labels: the words, the judgements,
    the calls, the seats and the law headings it was written with."""
    data = tableau.data(to_dict(), trees=False)
    french = [v[0] for v in data["words"].values()] + [v[0] for v in data["args"].values()]
    french += [v[0] for v in data["calls"].values()] + [v[0] for v in data["seats"].values()]
    french += [v[0] for v in data["obligations"].values()] + [v[0] for v in data["headings"].values()]
    french += [w for v in data["judgements"].values() for w in v[0]]
    french += [t["head"][0] for t in data["lawtext"].values()]
    found = problems("\n".join(french))
    assert found == [], found
    assert data["calls"]["3NT"] == ["3SA", "3NT"] and data["calls"]["Pass"][0] == "Passe"
    assert data["calls"]["X"][0] == "Contre" and data["calls"]["XX"][0] == "Surcontre"


def test_teach_pbn_writes_one_page_per_board_with_its_marks(tmp_path, capsys):
    found, skipped = scenarios(PBN)
    assert skipped == [] and [s.id for s in found] == ["teach-1", "teach-2"]
    first = found[0]
    assert first.laws == ["27A1"] and first.deal and first.dealer == "N"  # the ^I mark: 1♦ accepted
    assert first.events[:2] == [{"call": {"seat": "N", "call": "1H"}}, {"call": {"seat": "E", "call": "1D"}}]
    assert main(["teach", "--pbn", str(PBN), "--out", str(tmp_path)]) == 0
    assert capsys.readouterr().out.split() == [str(tmp_path / "teach-1.html"), str(tmp_path / "teach-2.html")]
    page = (tmp_path / "teach-1.html").read_text(encoding="utf-8")
    assert "Loi 27A1" in page and "Les quatre mains" in page and "donne 1 (teach.pbn)" in page
    assert 'Est déclare 1<span class="red">♦</span>' in page


def test_teach_pbn_refuses_a_missing_file_and_mixed_choices(tmp_path, capsys):
    assert main(["teach", "--pbn", str(tmp_path / "none.pbn"), "--out", str(tmp_path)]) == 2
    assert main(["teach", "--board", "--all", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "--pbn" in err


def test_the_board_in_chromium(chromium, board_page):
    SHOT.parent.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["node", str(BROWSER / "tableau.mjs"), str(board_page), str(SHOT)],
        capture_output=True, text=True, cwd=BROWSER, timeout=300, env={**os.environ, "CHROMIUM": CHROMIUM},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["requests"] == [] and seen["errors"] == [], seen  # offline, no script error
    assert seen["start"]["state"] == "auction.calling" and seen["start"]["last"] == "Début de la donne"
    assert "♠ R 10 3" in seen["start"]["hands"]  # the hands dealt, in French
    # the same deal typed as a French player writes it (R D V, 10): read alike; a bad one says what is expected
    # and clears the old hands; a card typed H10 is echoed ♥10
    assert seen["french_deal"]["hands"] == seen["start"]["hands"] and seen["french_deal"]["message"] == ""
    assert "A R D V 10" in seen["bad_deal"]["message"] and seen["bad_deal"]["hands"] == ""
    assert "♥10" in seen["lead_typed"]["last"] and "H10" not in seen["lead_typed"]["last"]
    # every card on the table with its law (24E), in both languages
    assert "Sur la table : Est : ♣D (carte pénalisée majeure, Loi 24E)" in seen["penalty_fr"]["hands"]
    assert "On the table: East: ♣Q (major penalty card, Law 24E)" in seen["penalty_en"]["hands"]
    assert "East: ♣Q, major penalty card (Law 24E)" in seen["penalty_en"]["notes"]
    assert "penalty card major" not in seen["penalty_en"]["hands"] + seen["penalty_en"]["notes"]
    # 1♥, then East's 1♦: insufficient; South, the LHO, accepts it (27A1) or not (27B)
    two = seen["insufficient"]
    assert two["state"] == "auction.insufficient_bid.offered" and "Loi 27A" in two["state_text"]
    assert "Sud : accepte l'enchère insuffisante (Loi 27A1)" in two["options"]
    assert any(o.startswith("Sud : n'accepte pas") and o.endswith("(Loi 27B)") for o in two["options"])
    assert "Loi 18D" in two["laws"] and two["current_node"][0] == "auction.insufficient_bid.offered"
    # the menu: South's options with their laws (27A1, 27B), the Director's, then the rest
    law27 = [{"call": {"seat": "N", "call": "1H"}}, {"call": {"seat": "E", "call": "1D"}}]
    check_menu(two, law27)
    assert two["menu"][0] == {
        "group": "Sud décide",
        "value": "accept",
        "text": "Sud accepte l'enchère insuffisante (Loi 27A1)",
    }
    # what may follow: grouped by who decides, in the table's words; the rest folded
    assert two["deciders"] == ["Sud décide", "L'arbitre décide"]
    assert (
        "Sud n'accepte pas l'enchère insuffisante : le fautif doit la remplacer (Loi 27B) → "
        "Déclaration de remplacement" in two["branch_lines"]
    )
    assert (
        len(two["branch_lines"]) == 4 and not two["rest_open"] and two["rest_count"] > 20 and two["rest_visible"] == 0
    )
    assert not any(w in two["branches"] for w in ("état", "true", "false", "_"))
    # an event the state refuses: its law, in French (and English), and the board as it was
    refused = seen["refused"]
    assert refused["message"].startswith("Refusé : Nord accepte (Loi 27A1). ")
    assert "Ici, seul Sud le peut. Sud accepte l'enchère insuffisante (Loi 27A1)." in refused["message"]
    assert "condition non remplie : par l'adversaire de gauche du fautif" in refused["message"]
    assert "il faudrait" not in refused["message"] and "état" not in refused["message"]
    assert (refused["grid"], refused["events"], refused["state"]) == (two["grid"], "2", two["state"])
    assert seen["no_call"]["message"].startswith("Refusé : « 9Z »") and seen["no_call"]["grid"] == two["grid"]
    # refused by South: 1♦ struck through with its law, East must replace it
    assert (
        seen["refuse"]["struck"] == ["1♦ (27B)"] and seen["refuse"]["state"] == "auction.insufficient_bid.replacement"
    )
    assert any("(Loi 27B2)" in o for o in seen["refuse"]["options"])
    assert seen["replaced"]["state"] == "auction.insufficient_bid.ruling"
    # judged not comparable: West passes for the rest of the auction (27B2), 16C, 26B
    judged = seen["judged"]
    assert judged["last"] == "5. L'arbitre juge la déclaration non comparable"
    assert "Ouest doit passer jusqu'à la fin des annonces (Loi 27B2)" in judged["notes"]
    assert "1♦ (Est) : information non autorisée pour Ouest (Loi 16C)" in judged["notes"]
    assert "Loi 27B2" in judged["laws"] and judged["state"] == "auction.calling"
    assert "Sud : déclare à son tour (Loi 17C)" in judged["options"]
    assert judged["taken"] > two["taken"] > 0  # the path drawn on the law's tree grows
    assert problems(judged["notes"] + judged["laws"] + judged["last"] + "\n".join(judged["options"])) == []
    # undo: back to the Director's judgement, replayed from the log
    assert seen["undone"]["events"] == "4" and seen["undone"]["state"] == "auction.insufficient_bid.ruling"
    # English on demand
    english = seen["english"]
    assert seen["html_lang"] == "en" and "West must pass for the rest of the auction (Law 27B2)" in english["notes"]
    assert SHOT.stat().st_size > 20_000
    check_54_and_50D2(seen)


def check_54_and_50D2(seen: dict) -> None:
    """(The same Chromium run as the Law 27 board.) West leads the ♥R out of turn against 4♠ by North (54): the menu's laws are those of this state
    (54A, 54B, 54D, 54C, 47E1), not one per event; East's acceptance is refused naming North and
    54B; North refuses (54D): the ♥R is a major penalty card shown with its law; the 50D2 « interdit »
    form defaults to hearts, spades are refused naming what is allowed, and hearts are accepted."""
    calls = [("N", "1S"), ("E", "Pass"), ("S", "4S"), ("W", "Pass"), ("N", "Pass"), ("E", "Pass")]
    events = [{"call": {"seat": s, "call": c}} for s, c in calls] + [{"lead": {"seat": "W", "card": "HK"}}]
    lead = seen["lead_out_of_turn"]
    assert lead["state"] == "lead_out_of_turn"
    check_menu(lead, events)
    assert [m["text"] for m in lead["menu"][:5]] == [
        "Nord étale son jeu et devient le mort (Loi 54A)",
        "Nord accepte l'entame : le mort s'étale, il joue en deuxième (Loi 54B)",
        "Nord n'accepte pas l'entame : la carte devient une carte pénalisée majeure (50D2) (Loi 54D)",
        "L'arbitre juge si le déclarant a pu voir le mort (Loi 54C)",
        "L'arbitre juge si l'entame vient d'une information erronée (Loi 47E1)",
    ]
    # the same events cite other laws in another state: accept 27A1 against 54B, judge 23A against 54C
    accept = {m["value"]: m["text"] for m in seen["insufficient"]["menu"]}["accept"]
    assert accept.endswith("(Loi 27A1)") and {m["value"]: m["text"] for m in lead["menu"]}["accept"].endswith(
        "(Loi 54B)"
    )
    assert {m["value"]: m["text"] for m in seen["replaced"]["menu"]}["judge"].endswith("(Loi 23A)")
    assert lead["deciders"] == ["Nord décide", "L'arbitre décide"] and len(lead["branch_lines"]) == 5
    assert not lead["rest_open"] and lead["rest_visible"] == 0 and lead["rest_count"] > 10
    refused = seen["refused_54"]
    assert refused["message"] == (
        "Refusé : Est accepte (Loi 54B). Ici, seul Nord le peut. Nord accepte l'entame : le mort s'étale, il joue en "
        "deuxième (Loi 54B). En effet, « accepte » est refusé ici, à l'étape « Entame hors tour face visible » ; "
        "condition non remplie : par le déclarant présumé."
    )
    assert refused["events"] == lead["events"] and refused["state"] == lead["state"]
    assert "Sur la table : Ouest : ♥R (entame, Loi 54)" in lead["hands"]  # the lead out of turn, with its law
    options = seen["declarer_options"]
    events.append({"refuse": {"seat": "N"}})
    check_menu(options, events)
    assert "Sur la table : Ouest : ♥R (carte pénalisée majeure, Loi 54D)" in options["hands"]
    assert "Ouest : ♥R, carte pénalisée majeure (Loi 54D)" in options["notes"]
    form = seen["prohibit_form"]
    assert form["chosen"] == "Nord interdit cette couleur (la carte est reprise) (Loi 50D2)"
    assert (form["seat"], form["suit"]) == ("N", "H")  # the penalty card's suit, the one 50D2 allows
    spades = seen["prohibit_spades"]
    assert spades["message"].startswith(
        "Refusé : Nord interdit pique (Loi 50D2). Nord le peut ici, mais pas ainsi. Nord interdit cette couleur "
        "(la carte est reprise) (Loi 50D2). Ce qui est permis : cœur. En effet, « interdit » est refusé ici"
    )
    assert spades["events"] == options["events"]
    done = seen["prohibited"]
    assert done["events"] == str(int(options["events"]) + 1) and done["state"] == "clarification.face_down_lead"
    assert "Est ne peut pas entamer cœur (Loi 50D2)" in done["notes"]
    assert "East may not lead heart (Law 50D2)" in seen["prohibited_en"]["notes"]
    assert seen["prohibited_en"]["deciders"] == ["East decides", "The Director decides"]
    for step in ("lead_out_of_turn", "refused_54", "declarer_options", "prohibit_spades", "prohibited"):
        said = seen[step]["message"] + "\n".join(m["text"] for m in seen[step]["menu"]) + seen[step]["branches"]
        assert problems(said) == [], (step, problems(said))
