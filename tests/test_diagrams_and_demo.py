from fsm import Board
from fsm.cli import main
from fsm.model.diagrams import board_path, event_words, model, whole_machine
from fsm.model.machine import rules, states


def test_every_rule_is_an_edge_labelled_with_event_and_law():
    graph = model("fr")
    assert len(graph.edges) == len(rules())
    for edge, rule in zip(graph.edges, rules(), strict=True):
        assert edge.label.startswith(event_words(rule.event, "fr")) and f"Loi {rule.law}" in edge.label
    assert all(f"Law {r.law}" in e.label for e, r in zip(model("en").edges, rules(), strict=True))


def test_every_rule_cites_a_law_and_every_state_is_drawn():
    assert all(r.law for r in rules())
    source = whole_machine("en").source
    for spec in states().values():
        assert spec.en in source


def test_board_path_marks_taken_edges_and_current_state():
    board = Board()
    board.calls("1NT Pass Pass Pass")
    source = board_path(board).source
    assert "#d9480f" in source and "#ffd27f" in source


def test_render_svg(tmp_path, need_dot):
    assert main(["diagram", "--out", str(tmp_path / "m")]) == 0
    svg = (tmp_path / "m.svg").read_text(encoding="utf-8")
    assert "<svg" in svg and "Loi 27" in svg


def test_demo_narrates_and_writes_svg(tmp_path, capsys, need_dot):
    assert main(["demo", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Loi 27A1" in out and "Contrat 4♥ joué par Est" in out
    assert (tmp_path / "demo.svg").exists()


def _demo_steps(lang):
    """The demo's narration cut at its numbered events: {number: the event's lines}."""
    from fsm.teach.demo import narrate

    _, lines, _ = narrate(render=False, lang=lang)
    steps: dict[int, list[str]] = {}
    for line in lines:
        head = line[:3].strip().rstrip(".")
        if head.isdigit() and line[2] == ".":
            steps[int(head)] = [line.strip()]
        elif steps and line.startswith("    "):
            steps[max(steps)].append(line.strip())
    return lines, steps


def test_demo_shows_what_each_event_changed_and_the_routine_options_once():
    lines, steps = _demo_steps("fr")
    text = "\n".join(lines)
    # the routine options (20B, 20F1, 24, 25A) and the arbitre's 21B1 are written out once, after the first call
    for sentence in (
        "demande un rappel des annonces à son tour (Loi 20B)",
        "demande une explication à son tour (Loi 20F1)",
        "information erronée (Loi 21B1)",
        "remplace sa déclaration non intentionnelle tant que son partenaire n'a pas déclaré (Loi 25A)",
        "Une carte exposée pendant les annonces est signalée (Loi 24)",
    ):
        assert text.count(sentence) == 1, sentence
        assert any(sentence in line for line in steps[1])
    # 17C: the turn passes to the next player in rotation, one line a call
    assert steps[2] == [
        "2. Est déclare 1♥",
        "Loi 17C → Déclarations en rotation",
        "• Sud déclare à son tour (Loi 17C)",
    ]
    # 18D, 27A: South's 1♦ is insufficient; West, his LHO, may accept it (27A1) or not (27B); calling in turn stops,
    # but the questions stay open: West may ask at his turn before choosing (20B, 20F1)
    assert "+ Ouest accepte l'enchère insuffisante (Loi 27A1)" in steps[3]
    assert "+ Ouest accepte en déclarant à son tour (Loi 27A1)" in steps[3]
    assert steps[3][-1] == "− fermées : Lois 17C, 21B1, 25A"
    # 25A: while it waits, South may still replace his insufficient bid if it was unintended
    assert "+ Sud remplace sa déclaration non intentionnelle par celle qu'il voulait faire (Loi 25A)" in steps[3]
    # 27A1: West accepts by calling 2♥; the auction goes on, North to call, the routine options open again
    assert steps[4][-3:] == [
        "+ Nord déclare à son tour (Loi 17C)",
        "+ rouvertes : Lois 21B1, 25A",
        "− fermées : Lois 27A1, 27B, 25A",
    ]
    # 22A: three passes after East's 4♥; South, on declarer's left, leads face down (41A); his partner
    # North and declarer East, not dummy West, may ask for a review or explanations (41B)
    assert "+ Sud entame face cachée (Loi 41A)" in steps[9]
    assert "+ Nord ou Est peut demander un rappel des annonces (Loi 41B)" in steps[9]
    assert "+ Nord ou Est peut demander des explications (Loi 41B)" in steps[9]
    # 41C: the lead faced, play begins (17D1); the clarification period's options close
    assert "+ Sud retourne l'entame : le jeu commence (Loi 41C)" in steps[10]
    assert steps[11][1] == "Loi 41C → Jeu de la carte (Loi 17D1)"
    assert steps[11][-1] == "− fermées : Lois 41C, 21B1, 25A5, 41B"
    assert lines[-1] == "Contrat 4♥ joué par Est, entame de Sud ; état final : Jeu de la carte."
    # what did not change is not written again: no event repeats the routine options
    assert max(len(step) for n, step in steps.items() if n != 1 and n != 9) <= 10
    assert len(lines) < 70


def test_demo_in_english_says_the_same_changes():
    lines, steps = _demo_steps("en")
    assert steps[2][-1] == "• South calls in turn (Law 17C)"
    assert steps[3][-1] == "− closed: Laws 17C, 21B1, 25A"
    assert steps[4][-2] == "+ open again: Laws 21B1, 25A"
    assert "+ North or East may ask for a review of the auction (Law 41B)" in steps[9]
    assert lines[-1] == "Contract 4♥ played by East, opening lead by South; final state: Play period."
