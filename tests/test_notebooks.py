"""The teaching notebooks: written by notebooks/build.py, committed with their outputs, run top to bottom,
and showing at every worked board what the Laws decide."""

import copy
import html
import importlib.util
import re
from pathlib import Path

import nbclient  # noqa: F401  (notebooks/build.py runs the notebooks with it: missing, collection fails)
import nbformat
import pytest

from tests.conftest import deep, shared

FOLDER = Path(__file__).parent.parent / "notebooks"
NOTEBOOKS = sorted(FOLDER.glob("*.ipynb"))


def _build():
    spec = importlib.util.spec_from_file_location("notebooks_build", FOLDER / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    return build


build = _build()
BUILT = build.notebooks()
FAMILIES = {f.name: f for f in build.FAMILIES}

# What each worked board must show, read in the FFB 2017 text of the law (not in the engine's output):
# the ruling's law, and the call struck through when the law cancels it.
OUTCOMES = {
    "27A1-LHO-accepts-by-calling": ["Loi 27A1"],  # LHO calls over the insufficient bid: accepted
    "27B1a-artificial-bid-specifying-the-same-suit": ["Loi 27B1(a)", "<s>1♥</s>"],  # 2♦ transfer specifies ♥
    "27B2-design-example": ["Loi 27B2", "<s>1♦</s>"],  # 2♠ neither lowest nor comparable: partner barred
    "29A-seed001-example2": ["Loi 29A"],  # the offender's LHO calls: the bid out of rotation stands
    "28B-seed001-example1": ["Loi 28B", "<s>1♥</s>"],  # the player whose turn it was calls: 1♥ cancelled
    "17D3-seed003-passes-after-a-skipped-player": ["Loi 17D3"],  # three passes, one skipped a player
    "30A-pass-at-RHO-turn-refused": ["Loi 30A", "<s>Passe</s>", "Loi 37"],  # must pass next turn; a bid is 37
    "30B1-pass-at-partner-turn-comparable": ["Loi 30B1(b)(i)"],
    "30C-pass-over-partner-artificial-call-is-31": ["Loi 31"],  # a pass over partner's artificial call
    "31A1-RHO-passes-offender-repeats": ["Loi 31A1", "<s>1♥</s>"],  # cancelled, then repeated in turn
    "31A2b-RHO-doubles-offender-not-comparable": ["Loi 31A2(b)"],
    "31B-bid-at-partner-turn-partner-free": ["Loi 31B", "Loi 31A2(a)"],  # judged as in 31A2
    "32A1-double-at-RHO-turn-repeated": ["Loi 32A", "<s>Contre</s>"],
    "32A2b-double-at-RHO-turn-then-RHO-bids": ["Loi 32A2(b)"],
    "32B-double-at-partner-turn": ["Loi 32B", "Loi 32A2(a)"],  # judged as in 32A2
    "25A-unintended-substitution": ["Loi 25A"],
    "25B1-change-of-mind-accepted-by-LHO": ["Loi 25B1"],
    "25B2-change-of-mind-refused": ["Loi 25B2"],
    "36B-inadmissible-double-in-turn": ["Loi 36B1", "Loi 36B2", "<s>Contre</s>"],
    "37B-barred-player-bids": ["Loi 37B1"],
    "38-bid-of-eight-in-turn": ["Loi 38B", "<s>8♣</s>"],
    "24A-single-low-card": ["Loi 24A", "Loi 24E"],  # a low card; the offender defends: penalty card
    "24B-honour-exposed": ["Loi 24B"],
    "24D-declaring-side-takes-its-cards-back": ["Loi 24C", "Loi 24D"],
    "17D1-lead-face-down-then-faced": ["Loi 41A", "Loi 41C"],
    "54A-declarer-spreads-and-becomes-dummy": ["Loi 54A"],
    "54D-refused-declarer-requires-the-suit": ["Loi 54D", "Loi 50D2"],
}
SLUG = re.compile(r"\b\d{1,2}[A-Z][\w()]*-[a-z]")  # a scenario id such as 27B2-design-example


def _committed(name):
    return nbformat.read(FOLDER / f"{name}.ipynb", as_version=4)


def _html(cells):
    return "".join(
        "".join(out.get("data", {}).get("text/html", ""))
        for cell in cells
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
    )


def _french_markdown(nb):
    """The French of the Markdown cells: the English paragraphs (<small lang="en">) set aside."""
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    return re.sub(r'<small lang="en">.*?</small>', "", text, flags=re.S)


def test_a_tour_and_one_notebook_per_law_family():
    assert [p.stem for p in NOTEBOOKS] == sorted(BUILT)
    assert "00_visite" in BUILT
    views = set(build.views())
    for f in build.FAMILIES:  # every family drawn on its own view when the diagrams hold one
        assert set(f.views) & views or f.fallback in views, f.name


def test_every_family_has_a_lesson_worked_boards_and_three_quiz_boards():
    for f in build.FAMILIES:
        # Law 32 waits for the corpus to deal its other two boards (see notebooks/lessons.py)
        assert 2 <= len(f.boards) <= 3 or (f.name == "32_contre_hors_tour" and f.boards), f.name
        assert len(f.quiz) == 3 and not set(f.quiz) & set(f.boards), f.name
        if build.features()["quiz"]:  # three questions of the family's laws, three laws, not one kind
            picks = [build._questions(sid)[i] for sid, i in build.quiz_picks(f)]
            assert len(picks) == 3 and len({q.law for q in picks}) == 3, f.name
            assert len({q.kind for q in picks}) >= 2 and all(build._in_view(q.law, f.fallback) for q in picks), f.name
            assert len({q.answer for q in picks}) >= 2, f.name  # not three times the same answer position
        for part in ("Ce que dit la loi", "Qui choisit", "Ce qui en découle"):
            assert f"**{part}.**" in f.lesson, (f.name, part)
        assert set(f.boards) <= set(OUTCOMES), "every worked board's outcome is checked below"


def test_committed_sources_and_cell_ids_are_what_build_writes():
    for name, nb in BUILT.items():
        committed = _committed(name)
        assert [(c.cell_type, c.source, c.id) for c in committed.cells] == [
            (c.cell_type, c.source, c.id) for c in nb.cells
        ], f"{name} is stale: run `make notebooks`"


@pytest.mark.parametrize("name", sorted(BUILT))
def test_committed_notebook_has_outputs_and_no_run_to_run_noise(name):
    nb = _committed(name)
    assert nb.metadata.get("widgets") is None and "version" not in nb.metadata.get("language_info", {})
    for cell in nb.cells:
        assert "execution" not in cell.metadata
        if cell.cell_type != "code":
            continue
        assert cell.outputs, f"{name}: a code cell without output (run `make notebooks`): {cell.source[:60]}"
        assert cell.execution_count is None
        for out in cell.outputs:
            assert out.get("output_type") != "error", f"{name}: {out.get('ename')}"
            assert out.get("execution_count") is None and "transient" not in out
            data = out.get("data", {})
            assert build.WIDGET_VIEW not in data
            assert " at 0x" not in "".join(data.get("text/plain", ""))


@pytest.mark.parametrize("name", sorted(BUILT))
def test_committed_outputs_are_readable_on_a_projector(name):
    """What the stepper and the stages show is 16 px type at least, whatever the viewer's own CSS;
    the auction grid keeps its borders; a dealt board shows its four hands."""
    html = [
        "".join(out.get("data", {}).get("text/html", ""))
        for cell in _committed(name).cells
        if cell.cell_type == "code"
        for out in cell.outputs
    ]
    grids = [h for h in html if "class='grid'" in h]
    assert grids, name
    for h in grids:
        assert "font-size:16px" in h and "border:1px solid" in h, name
    if any(b for b in build.FAMILIES if b.name == name.removesuffix(".ipynb")):
        assert any("class='hands'" in h for h in grids), name


@pytest.mark.parametrize("name", sorted(BUILT))
def test_headings_are_french(name):
    nb = BUILT[name]
    english = {f.title[1] for f in build.FAMILIES} | {"The lesson", "The decision tree", "Worked board"}
    lines = [line for c in nb.cells if c.cell_type == "markdown" for line in c.source.split("\n")]
    headings = [line.lstrip("#").strip() for line in lines if line.startswith("#")]
    assert headings[0].startswith(("Loi ", "Lois ", "Visite"))
    for h in headings:
        assert not SLUG.search(h), f"{name}: an id as a heading: {h}"
        assert h not in english and not h.startswith("Worked board"), f"{name}: an English heading: {h}"
    if name in FAMILIES:
        assert {"La leçon", "L'arbre de décision"} <= set(headings)
        assert sum(h.startswith("Donne commentée") for h in headings) == len(FAMILIES[name].boards)


def _text(markup, html_source=False):
    """What a reader reads: tags, styles and link targets set aside; in an HTML output
    (``html_source``) a line break is a space, and each block a line of its own."""
    markup = re.sub(r"<style.*?</style>|<script.*?</script>", " ", markup, flags=re.S)
    markup = re.sub(r"\]\([^)]*\)", "]", markup)
    # a block (a paragraph, a list item, a drawing's node) is a line of its own, as the reader sees it
    markup = re.sub(r"\s*\n\s*", " ", markup) if html_source else markup
    markup = re.sub(r"</?(?:p|div|li|ul|ol|tr|td|th|table|h\d|section|br|g|title|button|label)\b[^>]*>", "\n", markup)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


@pytest.mark.parametrize("name", sorted(BUILT))
def test_french_text_has_no_api_names_or_english_calls(name):
    from tests.french_scan import problems

    nb = _committed(name)
    found = problems(_text(_french_markdown(nb))) + problems(_text(_html(nb.cells), html_source=True))
    assert not found, f"{name}: {found[:5]}"


@pytest.fixture(scope="session")
def executed(tmp_path_factory):
    """``executed(name)``: the notebook run top to bottom and stripped, once per session for every test
    and every pytest-xdist worker that reads it."""

    def get(name):
        def run(folder):
            nb = build.strip(build.execute(copy.deepcopy(BUILT[name]), timeout=180))
            nbformat.write(nb, folder / f"{name}.ipynb")

        folder = shared(tmp_path_factory, f"notebook-{name}", run)
        return nbformat.read(folder / f"{name}.ipynb", as_version=4)

    return get


# `make test` runs the tour and two families (a call out of the auction's rules, cards exposed in the
# play's lead-up); `make deep` runs every notebook. Every notebook's committed outputs are checked above.
RUN_IN_MAKE_TEST = {"00_visite", "24_cartes_exposees", "27_enchere_insuffisante"}


@pytest.mark.parametrize("name", [n if n in RUN_IN_MAKE_TEST else deep(n) for n in sorted(BUILT)])
def test_notebook_runs_and_shows_the_laws(name, need_dot, executed):
    nb = executed(name)
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.get("output_type") == "error"]
    assert not errors, errors[0].get("evalue") if errors else ""
    html = _html(nb.cells)
    assert "<table class='grid'" in html and "<th style=" in html, "the auction grid"
    assert html == _html(_committed(name).cells), f"{name}: committed outputs are stale: run `make notebooks`"
    if name not in FAMILIES:
        return
    from fsm.teach.teaching import walk

    for sid in FAMILIES[name].boards:
        shown = _html([c for c in nb.cells if c.cell_type == "code" and f'"{sid}"' in c.source])
        for stage in walk(sid):  # the law of each stage is shown with it
            for step in stage.steps:
                assert f"Loi {step.law}" in shown, (sid, stage.number, step.law)
        for outcome in OUTCOMES[sid]:
            assert outcome in shown, (sid, outcome)
    assert "<svg" in "".join(
        "".join(o.get("data", {}).get("image/svg+xml", ""))
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.outputs
    ), "the decision tree is drawn"


def test_stage_shows_grid_law_state_and_options():
    from fsm.teach.teaching import walk

    stages = list(walk("27B2-design-example"))
    html = stages[1]._repr_html_()
    assert "Loi 18D" in html and "[1♦]" in html and "Enchère insuffisante" in html and "Sud" in html
    last = stages[-1]._repr_html_()
    assert "<s>1♦</s>" in last
