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
