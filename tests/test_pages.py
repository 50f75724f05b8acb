"""The classroom pages: what they hold, the command that writes them, and a real headless Chromium
driving them (buttons, arrow keys, the routine toggle, a quiz answer, the language switch)."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from fsm.cli import main
from fsm.teach import pages
from tests.conftest import deep

ROOT = Path(__file__).resolve().parent.parent
BROWSER = ROOT / "tests" / "browser"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = ROOT / "out" / "screenshots"


def test_a_page_is_self_contained_and_projector_sized():
    text = pages.page("27B2-design-example")
    assert "<script src" not in text and "<link" not in text and "http://" not in text.replace("http://www.w3.org", "")
    assert re.search(r"html.projector \{ font-size: 2[4-9]px", text)  # ≥ 24 px type in projector mode
    assert '<span class="red">♥</span>' in text and '<span class="red">♦</span>' in text
    assert "<s>1♦</s>" in text.replace('<span class="red">♦</span>', "♦")  # the cancelled call struck through
    assert "Que décide l&#x27;arbitre ?" in text and "options courantes" in text
    assert text.count("<section class='stage'") == 1 + 7  # the deal, then its seven events


def test_the_27B2_page_tells_the_bar_and_its_law():
    text = pages.page("27B2-design-example")
    assert "Ouest doit passer jusqu&#x27;à la fin des annonces (Loi 27B2)" in text
    assert "information non autorisée pour Ouest (Loi 16C)" in text
    assert "le partenaire du joueur fautif doit passer jusqu’à la fin des annonces" in text  # the FFB words


def test_teach_writes_one_page_and_refuses_an_unknown_id(tmp_path, capsys):
    assert main(["teach", "27B2-design-example", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "27B2-design-example.html").is_file()
    assert main(["teach", "no-such-scenario", "--out", str(tmp_path / "x")]) == 2
    err = capsys.readouterr().err
    assert "introuvable" in err and "not found" in err
    assert main(["teach", "--out", str(tmp_path)]) == 2  # neither an id nor --all
    assert main(["teach", "27B2-design-example", "--all", "--out", str(tmp_path)]) == 2


def test_an_id_never_leaves_the_output_folder(tmp_path, monkeypatch):
    from fsm.model.scenario import Scenario

    evil = Scenario(id="../../escape/../x", file="-", events=[{"call": {"seat": "N", "call": "1C"}}])
    monkeypatch.setattr(pages, "find", lambda _id: evil)
    (written,) = pages.write(["whatever"], tmp_path / "out")
    assert written.resolve().parent == (tmp_path / "out").resolve()
    assert not (tmp_path / "escape").exists()


def test_teach_all_writes_an_index_linking_every_page(teaching_pages):
    index = (teaching_pages / "index.html").read_text(encoding="utf-8")
    links = re.findall(r"href='([^']+)'", index)
    assert len(links) > 200 and all((teaching_pages / link).is_file() for link in links)
    assert sorted(set(links)) == sorted(p.name for p in teaching_pages.glob("*.html") if p.name != "index.html")
    from fsm.laws.registry import lessons
    from fsm.model.scenario import corpus_files, load

    for _, lesson in lessons():  # grouped by lesson, then by law, with French titles
        assert f"<h3>{pages.both(lesson.title)}</h3>" in index
    assert "Loi 27 — Enchère insuffisante" in index and "Loi 54 — Entame hors tour face visible" in index
    ids = [s.id for f in corpus_files() for s in load(f)]
    french = re.sub(r"<span lang=\"en\">.*?</span>|<[^>]+>", " ", index.split("<main>")[1])
    assert not [i for i in ids if i in french]  # no scenario id in what the French view shows


def test_without_dot_the_page_says_so_in_one_line(monkeypatch):
    monkeypatch.setattr(pages, "_TREES", {})
    monkeypatch.setenv("PATH", "")  # no `dot` to be found
    text = pages.page("27B1a-lowest-sufficient-same-strain")
    assert "<svg" not in text and "Graphviz « dot » est absent" in text


# --- in a real browser ---------------------------------------------------------------------------
def drive(path: Path, name: str) -> dict:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["node", str(BROWSER / "drive.mjs"), str(path), str(SCREENSHOTS), name],
        capture_output=True, text=True, cwd=BROWSER, timeout=300, env={**os.environ, "CHROMIUM": CHROMIUM},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_index_searches_titles_and_laws_in_chromium(chromium, tmp_path):
    """A teacher types a few words (accents left out) or a law, in French, then in English."""
    ids = ["27B2-design-example", "27B1a-lowest-sufficient-same-strain", "54D-refused-declarer-requires-the-suit",
           "30A-pass-at-RHO-turn-refused"]  # fmt: skip
    from fsm.model.scenario import find

    path = tmp_path / "index.html"
    path.write_text(pages.index([find(i) for i in ids]), encoding="utf-8")
    done = subprocess.run(
        ["node", str(BROWSER / "index.mjs"), str(path)],
        capture_output=True, text=True, cwd=BROWSER, timeout=300, env={**os.environ, "CHROMIUM": CHROMIUM},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["requests"] == [] and seen["errors"] == []
    assert "Par leçon" in seen["start"]["text"] and not any(i in seen["start"]["text"] for i in ids)
    assert seen["search"]["items"] and all("nsuffisante" in t for t in seen["search"]["items"])
    assert seen["law"]["items"] == [find(ids[2]).title["fr"]] * len(seen["law"]["items"])  # 54D, by its law
    assert seen["nothing"]["items"] == [] and seen["nothing"]["none"]
    assert seen["english"]["items"] and all("lead" in t.lower() for t in seen["english"]["items"])
    assert "By lesson" in seen["english"]["text"]


def test_27B2_in_chromium(chromium, tmp_path):
    (path,) = pages.write(["27B2-design-example"], tmp_path)
    seen = drive(path, "27B2-design-example")
    assert seen["requests"] == [] and seen["errors"] == []  # offline, and no script error
    stages = seen["stages"]
    assert [s["counter"] for s in stages] == [f"{n} / 8" for n in range(1, 9)]
    first = stages[0]
    assert first["prev_disabled"] and first["body_font_px"] >= 15
    assert "Début de la donne" in first["text"] and "English" not in first["text"]
    # 2. East's 1♦ is insufficient: South may accept it (27A1) or refuse it (27B)
    assert "Est déclare 1♦" in stages[2]["text"] and "Loi 27A" in stages[2]["text"]
    assert "Sud n'accepte pas" in stages[2]["text"]  # the holder is the option's subject
    assert stages[2]["heart_color"] == "rgb(192, 0, 0)"
    assert stages[2]["current_node"][0] == "auction.insufficient_bid.offered"
    # 4. refused: the 1♦ is struck through with the law that withdrew it, East must replace it
    assert stages[4]["struck"] == ["1♦ (27B)"] and "Déclaration de remplacement (Loi 27B)" in stages[4]["text"]
    # 6. judged not comparable: 27B2, West barred for the rest of the auction, 16C information
    six = stages[6]["text"]
    assert "L'arbitre juge la déclaration non comparable" in six and "Loi 27B2" in six
    assert "Ouest doit passer jusqu'à la fin des annonces (Loi 27B2)" in six
    assert "information non autorisée pour Ouest (Loi 16C)" in six
    assert stages[6]["taken"] > stages[2]["taken"] > 0  # the path drawn grows along the tree
    assert stages[-1]["next_disabled"] and "Passe" in stages[-1]["text"]
    # back with the button, then the arrow keys
    assert seen["after_prev"]["counter"] == "7 / 8"
    assert seen["after_left"]["counter"] == "6 / 8" and seen["after_right"]["counter"] == "7 / 8"
    # routine options (20, 24, 25A) hidden, then shown by the toggle
    assert seen["routine_hidden"]["routine_visible"] == 0 < seen["routine_hidden"]["routine_all"]
    assert seen["routine_shown"]["routine_visible"] == seen["routine_shown"]["routine_all"]
    assert "Loi 24" not in seen["routine_hidden"]["text"] and "Loi 24" in seen["routine_shown"]["text"]
    # the quiz: East's 1♦ after 1♥, what do the Laws make of it? No law is shown before the answer;
    # a wrong answer is told, each choice's reason shown, and the law of the right one (18D)
    assert "Que prévoient les Lois ?" in seen["quiz_before"] and "Est déclare 1♦" in seen["quiz_before"]
    assert "Loi 18D" not in seen["quiz_before"] and "Ce n'est pas" not in seen["quiz_before"]
    assert seen["quiz_picked_law"] != seen["quiz_right_law"] == "18D"
    assert "Ce n'est pas la bonne réponse." in seen["quiz_wrong"] and "Non : " in seen["quiz_wrong"]
    assert "Loi 18D" in seen["quiz_wrong"].split("Ce n'est pas")[1]
    # English on demand
    assert seen["html_lang"] == "en" and "State:" in seen["english"]["text"] and "État" not in seen["english"]["text"]
    assert (SCREENSHOTS / "27B2-design-example-2-quiz.png").stat().st_size > 10_000


def test_lead_out_of_turn_page_in_chromium(chromium, tmp_path):
    """A lead out of turn refused: 54D, the card becomes a major penalty card (50D2 options follow)."""
    (path,) = pages.write(["36C-after-a-lead-out-of-turn-refused"], tmp_path)
    seen = drive(path, "36C-after-a-lead-out-of-turn-refused")
    assert seen["requests"] == [] and seen["errors"] == []
    texts = [s["text"] for s in seen["stages"]]
    refused = next(t for t in texts if "Loi 54D" in t.split("Enchères")[0])
    assert "carte pénalisée majeure" in refused
    assert any("Options du déclarant (carte pénalisée) (Loi 50D2)" in t for t in texts)
    assert seen["quiz_right_law"] and "Que prévoient les Lois ?" in seen["quiz_before"]


def test_the_tree_shows_no_state_name_on_hover(need_dot):
    """Graphviz titles each node with its name, which a browser shows on hover; the page keeps the
    name for its script only."""
    text = pages.page("27B2-design-example")
    tree = text[text.index("<svg") :]
    assert "<title>" not in tree
    assert 'data-name="auction.insufficient_bid.offered"' in tree


@pytest.mark.parametrize("every", [25, deep(1)], ids=["one-in-25", "all"])
def test_every_page_steps_through_its_stages_offline_in_chromium(chromium, teaching_pages, every):
    """Each page of `teach --all` in Chromium (`make test` one in 25, `make deep` every one): opened
    offline, no script error, "next" walks every stage to the last, one stage shown at a time."""
    names = sorted(p.name for p in teaching_pages.glob("*.html") if p.name not in ("index.html", "tableau.html"))[
        ::every
    ]  # the scenarios' pages (the teacher's board has its own test, tests/test_tableau.py)
    done = subprocess.run(
        ["node", str(BROWSER / "pages.mjs"), str(teaching_pages), *names],
        capture_output=True, text=True, cwd=BROWSER, timeout=1800, env={**os.environ, "CHROMIUM": CHROMIUM},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["requests"] == [] and seen["errors"] == []
    assert sorted(seen["pages"]) == names
    for name, page in seen["pages"].items():
        stages = (teaching_pages / name).read_text(encoding="utf-8").count("<section class='stage'")
        assert page["stages"] == stages > 1, name
        assert page["counters"] == [f"{n} / {stages}" for n in range(1, stages + 1)], name


# One scenario of each kind: a law view (27, 25), a board's own path (36C, 38), an auction of 319
# calls (22A), a quiz on most stages (38).
SCREEN = (1366, 768)
LAYOUT = ["27B2-design-example", "36C-after-a-lead-out-of-turn-refused", "25A6-LHO-withdraws-his-call",
          "38-lead-faced-to-a-contract-above-seven-is-recorded", "22A-longest-legal-auction",
          "50D1-a-lead-restriction-takes-precedence-over-the-designated-penalty-card"]  # fmt: skip


def test_each_stage_fits_one_screen_in_chromium(chromium, tmp_path):
    """At 1366 × 768, with the quiz on: the state, the auction grid, the hands, the options or the
    quiz and the part of the tree that applies are all in the window, with no scrolling; a stage is
    never taller than two screens, in projector mode either; P makes the type larger; the whole tree
    opens with one click (its whole viewBox) and Escape closes it."""
    pages.write(LAYOUT, tmp_path)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["node", str(BROWSER / "layout.mjs"), str(tmp_path), str(SCREENSHOTS), *(f"{i}.html" for i in LAYOUT)],
        capture_output=True, text=True, cwd=BROWSER, timeout=600, env={**os.environ, "CHROMIUM": CHROMIUM},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["requests"] == [] and seen["errors"] == []
    quizzed = 0
    for name, page in seen["pages"].items():
        for stage in page["stages"]:
            where = (name, stage["n"])
            shown = [stage[k] for k in ("state", "grid", "hands", "tree")]
            shown.append(stage["quiz"] or stage["options"])
            quizzed += stage["quiz"] is not None
            for box in shown:
                assert box is not None, where
                assert box["top"] >= 0 and box["left"] >= 0, (where, box)
                assert box["bottom"] <= SCREEN[1] + 0.5 and box["right"] <= SCREEN[0] + 0.5, (where, box)
            assert stage["tree"]["bottom"] - stage["tree"]["top"] > 40, where
            assert stage["height"] <= 2 * SCREEN[1], where
            if stage["current_node"]:  # the question asked now is in the part shown
                assert stage["viewbox"] != stage["full_viewbox"], where
        assert all(s["height"] <= 2 * SCREEN[1] for s in page["projector"]), name
        assert page["projector"][0]["font_px"] >= 24 > page["stages"][0]["font_px"] >= 15
        assert page["after_projector_button"]["font_px"] == page["stages"][0]["font_px"]
        full = page["full"]
        assert full["viewbox"] == full["full_viewbox"] and full["nodes"] > 1
        assert full["side"]["top"] == 0 and full["side"]["width"] >= SCREEN[0] - 1
        assert page["closed"] is False
    assert quizzed > 5


# --- written fast, the same pages --------------------------------------------------------------------
MIXED = ["27B2-design-example", "36C-after-a-lead-out-of-turn-refused", "27B1a-lowest-sufficient-same-strain",
         "25A6-LHO-withdraws-his-call"]  # law views (27 twice, 25) and a board's own path (36C)  # fmt: skip


def test_pages_written_in_groups_and_in_workers_are_each_page_made_alone(need_dot, monkeypatch, tmp_path):
    """`write` draws a group's trees with one dot process and spreads the groups over workers: the
    files are those `page` makes one by one, each tree drawn by a dot of its own."""
    monkeypatch.setattr(pages, "_TREES", {})
    alone = [pages.page(i) for i in MIXED]
    monkeypatch.setattr(pages, "_TREES", {})
    monkeypatch.setattr(pages, "GROUP_MAX", 2)  # two groups: two workers with --jobs 2
    one = pages.write(MIXED, tmp_path / "one", jobs=1)
    assert all(key[0] is not None for key in pages._TREES)  # a board's own path is not kept once shown
    monkeypatch.setattr(pages, "_TREES", {})
    two = pages.write(MIXED, tmp_path / "two", jobs=2)
    assert [p.name for p in one] == [p.name for p in two] == [f"{i}.html" for i in MIXED]
    for text, a, b in zip(alone, one, two, strict=True):
        assert a.read_text(encoding="utf-8") == b.read_text(encoding="utf-8") == text


def test_teach_takes_a_number_of_jobs(tmp_path, capsys):
    assert main(["teach", "27B2-design-example", "--out", str(tmp_path), "--jobs", "2"]) == 0
    assert (tmp_path / "27B2-design-example.html").is_file()
    with pytest.raises(SystemExit):
        main(["teach", "--all", "--out", str(tmp_path), "--jobs", "0"])
