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
from fsm.teach import tableau
from tests.french_scan import problems
from tests.test_js_conformance import LAW, LITERAL

ROOT = Path(__file__).resolve().parent.parent
BROWSER = ROOT / "tests" / "browser"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Written where every test screenshot goes (out/, not committed); docs/screenshots/tableau.png is a
# copy of it, for the README.
SHOT = ROOT / "out" / "screenshots" / "tableau.png"
PBN = ROOT / "tests" / "data" / "teach.pbn"


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
    assert "carte pénalisée majeure" in seen["penalty_fr"]["hands"]
    assert (
        "major penalty card" in seen["penalty_en"]["hands"] and "penalty card major" not in seen["penalty_en"]["hands"]
    )
    # 1♥, then East's 1♦: insufficient; South, the LHO, accepts it (27A1) or not (27B)
    two = seen["insufficient"]
    assert two["state"] == "auction.insufficient_bid.offered" and "Loi 27A" in two["state_text"]
    assert "Sud : accepte l'enchère insuffisante (Loi 27A1)" in two["options"]
    assert any(o.startswith("Sud : n'accepte pas") and o.endswith("(Loi 27B)") for o in two["options"])
    assert "Loi 18D" in two["laws"] and two["current_node"][0] == "auction.insufficient_bid.offered"
    # an event the state refuses: its law, in French (and English), and the board as it was
    refused = seen["refused"]
    assert refused["message"].startswith("Refusé : ") and "(Loi 27A1)" in refused["message"]
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
