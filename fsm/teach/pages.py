"""Teaching pages: one self-contained HTML file per scenario, for a classroom projector.

Each page holds the whole scenario stage by stage (the event, the laws applied with their FFB
words, the state, the auction grid, obligations and unauthorised information, every player's
options, the hands when the scenario deals them, the decision tree of its law family) and the
quiz of :mod:`fsm.teach.quiz`, in French and English. CSS, script and drawings are inlined: the page
opens from a USB stick with no network and no server (``python -m fsm teach``).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any

from fsm.bridge.calls import Seat
from fsm.bridge.deal import Hands
from fsm.laws.lawtext import LAW
from fsm.model import workers
from fsm.model.board import Board
from fsm.model.labels import inline_svg, inline_svgs
from fsm.model.scenario import Scenario, board_for, corpus_files, file_name, find, hands, load
from fsm.model.workers import default_jobs
from fsm.teach.handout import handout
from fsm.teach.quiz import Question, questions
from fsm.teach.teaching import HEADINGS, Stage, grid_html, hands_html, is_routine, table_notes, walk
from fsm.teach.text import option_sentence, seat_name, state_label

LANGS = ("fr", "en")
WORDS = {
    "prev": ("◀ Précédent", "◀ Previous"),
    "next": ("Suivant ▶", "Next ▶"),
    "lang": ("English", "Français"),
    "routine": ("options courantes", "routine options"),
    "quiz": ("quiz", "quiz"),
    "start": ("Début de la donne", "Start of the board"),
    "laws": ("Lois appliquées", "Laws applied"),
    "state": ("État :", "State:"),
    "auction": ("Enchères", "Auction"),
    "options": ("Options de chacun", "Each player's options"),
    "hands": ("Les quatre mains", "The four hands"),
    "tree": ("Arbre de décision", "Decision tree"),
    "right": ("Bonne réponse.", "Right."),
    "wrong": ("Ce n'est pas la bonne réponse.", "That is not the right answer."),
    "index": ("Scénarios pour la classe", "Scenarios for the classroom"),
    "lessons": ("Par leçon", "By lesson"),
    "by_law": ("Par loi", "By law"),
    "search": ("Chercher :", "Search:"),
    "search_hint": ("un mot du titre ou une loi : 27B2, entame…", "a word of the title or a law: 27B2, lead…"),
    "no_match": ("Aucun scénario ne correspond.", "No scenario matches."),
    "dealer": ("Donneur", "Dealer"),
    "vul": ("Vulnérabilité", "Vulnerability"),
}
# The page's layout: the whole tree in an overlay, the projector mode.
LAYOUT = {
    "fulltree": ("Arbre complet", "Whole tree"),
    "close": ("Fermer", "Close"),
    "projector": ("Projecteur (P)", "Projector (P)"),
}
VULNERABLE = {"None": ("personne", "nobody"), "NS": ("Nord-Sud", "North-South"), "EW": ("Est-Ouest", "East-West"),
              "All": ("tous", "all")}  # fmt: skip
BOARD_LINK = ("Le tableau du professeur : une donne à construire", "The teacher's board: a board to build")
NO_DOT = (
    "Arbre non dessiné : Graphviz « dot » est absent (apt-get install graphviz).",
    "Tree not drawn: Graphviz 'dot' is missing (apt-get install graphviz).",
)


def _asset(name: str) -> str:
    return resources.files("fsm").joinpath("pages_assets", name).read_text(encoding="utf-8")


def red(text: str) -> str:
    """Escaped text with ♥ and ♦ in red."""
    return re.sub("([♥♦])", r'<span class="red">\1</span>', html.escape(text))


def _redden(markup: str) -> str:
    """♥ and ♦ in red inside markup already escaped (text between tags only)."""
    return re.sub(r">([^<]*)<", lambda m: ">" + re.sub("([♥♦])", r'<span class="red">\1</span>', m[1]) + "<", markup)


FOLD = 8  # the rounds of the auction a handout prints (print.css): a longer auction prints its last ones


def _fold(grids: str) -> str:
    """The grid of a long regular auction (no call struck through before its last :data:`FOLD`
    rounds), its rounds but the last marked ``early`` after a row « … », hidden: the print
    stylesheet shows the row and hides them (the screen shows every round)."""

    def fold(table: re.Match[str]) -> str:
        start, head, *rows = table.group().split("<tr>")
        if len(rows) <= FOLD + 2 or any("<s>" in r for r in rows[:-FOLD]):  # a regular auction only
            return table.group()
        early = "".join(f"<tr class='early'>{r}" for r in rows[:-FOLD])
        last = "".join(f"<tr>{r}" for r in rows[-FOLD:])
        return f"{start}<tr>{head}<tr class='fold' hidden><td colspan='4'>…</td></tr>{early}{last}"

    return re.sub(r"<table class='grid'.*?</table>", fold, grids, flags=re.S)


def both(pair: tuple[str, str] | dict[str, str], markup: bool = False) -> str:
    """A text in French and in English, one shown at a time."""
    fr, en = (pair["fr"], pair.get("en", pair["fr"])) if isinstance(pair, dict) else pair
    if not markup:
        fr, en = red(fr), red(en)
    return f'<span lang="fr">{fr}</span><span lang="en">{en}</span>'


def _word(key: str) -> str:
    return both(WORDS[key])


def _laws(steps: list[Any]) -> str:
    from fsm.laws.lawtext import SUMMARY, cite, summary, text

    items = []
    for ref in dict.fromkeys(law for s in steps for law in s.laws):
        words = text(ref)
        quote = f'<div class="lawtext">« {red(words)} »</div>' if words else ""  # the FFB words, the authority
        head = (cite(ref), f"{LAW['en']} {ref}")
        fr, en = summary(ref, "fr"), summary(ref, "en")
        if not words and fr and en:  # our words, not the FFB's: marked, and not between quotes
            head = (f"{cite(ref)} ({SUMMARY['fr']})", f"{cite(ref, 'en')} ({SUMMARY['en']})")
            quote = f'<div class="lawtext summary">{both((fr, en))}</div>'
        items.append(f"<li>{both(head)}{quote}</li>")
    return f'<ul class="laws">{"".join(items)}</ul>' if items else "<p>—</p>"


def _options(options: list[dict[str, Any]]) -> str:
    items = []
    for opt in options:  # each a sentence with its subject: the seats that hold it, or the text's own
        cls = ' class="routine"' if is_routine(opt) else ""
        items.append(f"<li{cls}>{both((option_sentence(opt, 'fr'), option_sentence(opt, 'en')))}</li>")
    return f"<ul>{''.join(items)}</ul>"


def _notes(snapshot: dict[str, Any]) -> str:
    fr, en = table_notes(snapshot, "fr"), table_notes(snapshot, "en")
    parts = []
    for key, heading in HEADINGS.items():
        if fr[key]:
            items = "".join(f"<li>{both((a, b))}</li>" for a, b in zip(fr[key], en[key], strict=True))
            parts.append(f"<h2>{both(heading)}</h2><ul class='{key}'>{items}</ul>")
    return "".join(parts)


def _stage_hands(dealt: Hands | None, snapshot: dict[str, Any]) -> str:
    """The four hands as they stand at this stage: a card exposed, led or made a penalty card is out
    of its hand and on the table; one sent back is in it again."""
    if not dealt:
        return ""
    drawn = both((hands_html(dealt, snapshot, "fr"), hands_html(dealt, snapshot, "en")), markup=True)
    return f"<div class='hands-box'><h2>{_word('hands')}</h2>{drawn}</div>"


# --- the decision tree -----------------------------------------------------------------------------
def view_for(board: Board) -> str | None:
    """The law family's view this board's path belongs to."""
    from fsm.model import diagrams

    finder = getattr(diagrams, "view_of", None)
    if finder is not None:
        return finder(board)  # type: ignore[no-any-return]
    from fsm.model.machine import modules

    owner = {st.name: m.name for m in modules() for st in m.states}
    for step in board.trace:
        for state in (step.source, step.target):
            module = owner.get(state)
            for view, name in diagrams.VIEWS.items():
                if name == module and name != "normal":
                    return view
    return None


# The drawings made: each law view by (view, language), once per process; a board's own path by
# (None, its DOT text), drawn beforehand by _draw and taken by the one page that shows it.
_TREES: dict[tuple[str | None, str], str | None] = {}


def _tree(view: str | None, lang: str, board: Board) -> str | None:
    """The law view, drawn once per page set (the page's script marks the path on it); a board of
    no single family is drawn on the states it visited and their neighbours instead."""
    from fsm.model import diagrams

    if view is None:
        graph = diagrams.board_path(board, lang)
        drawn = (None, graph.source)
        return _TREES.pop(drawn) if drawn in _TREES else inline_svg(graph)
    key = (view, lang)
    if key not in _TREES:
        _TREES[key] = inline_svg(diagrams.law_view(view, lang))
    return _TREES[key]


def _draw(scenarios: list[Scenario]) -> None:
    """Every tree the pages of these scenarios show and not drawn yet, drawn by one ``dot`` process
    into ``_TREES``: starting dot costs more than drawing most trees."""
    from fsm.model import diagrams

    wanted: dict[tuple[str | None, str], Any] = {}
    for s in scenarios:
        last = board_for(s)
        for stage in walk(s, "fr"):
            last = stage.board  # the board page() draws: where the scenario ends
        view = view_for(last)
        for lang in LANGS:
            if view is None:
                graph = diagrams.board_path(last, lang)
                wanted[(None, graph.source)] = graph
            elif (view, lang) not in _TREES and (view, lang) not in wanted:
                wanted[(view, lang)] = diagrams.law_view(view, lang)
    _TREES.update(zip(wanted, inline_svgs(list(wanted.values())), strict=True))


def _edge_titles(steps: Iterable[Any], view: str | None) -> list[str]:
    """The SVG titles of what the steps took on the law view: the question's edge to the branch
    the rule draws (``branch_<n>``, numbered as the view lists its rules) and that branch."""
    if view is None:
        return []
    from fsm.model.diagrams import view_rules

    index = {r.id: n for n, r in enumerate(view_rules(view))}
    out = []
    for s in steps:
        if s.rule in index:
            out += [f"{s.source}->branch_{index[s.rule]}", f"branch_{index[s.rule]}"]
    return sorted(set(out))


# --- the page --------------------------------------------------------------------------------------
def _stage(n: int, fr: Stage | None, en: Stage | None, board: Board, snapshot: dict[str, Any],
           options: list[dict[str, Any]], trace: int, quiz: list[Question], view: str | None,
           dealt: Hands | None = None, since: int = 0) -> str:  # fmt: skip
    """One stage, the left of the page: the event, the state, the auction grid beside the four
    hands, the quiz, the options, the obligations, the laws' text folded. ``data-edges`` names what
    the board took on the tree so far, ``data-last`` what this stage took (the steps from ``since``):
    the page's script marks the one and shows the part of the tree around the other."""
    if fr is None or en is None:
        event = _word("start")
        refused, laws = "", ""
        grids = both((grid_html(board, "fr"), grid_html(board, "en")), markup=True)
    else:
        event = both((f"{n}. {fr.text}", f"{n}. {en.text}"))
        refused = f"<p class='refused'>{both((fr.refused, en.refused or ''))}</p>" if fr.refused else ""
        laws = _laws(fr.steps)
        grids = both((_redden(fr.grid), _redden(en.grid)), markup=True)
    state = snapshot["state"]
    taken = json.dumps(_edge_titles(board.trace[:trace], view))
    last = json.dumps(_edge_titles(board.trace[since:trace], view))
    attrs = (
        f'data-n="{n}" data-state="{html.escape(state)}" data-edges="{html.escape(taken)}" '
        f'data-last="{html.escape(last)}"'
    )
    grids = _fold(grids)  # grid_html already marks the table as the grid
    folded = f"<details class='lawtexts'><summary>{_word('laws')}</summary>{laws}</details>" if laws else ""
    quizzed = ' data-quiz="1"' if quiz else ""
    state_words = both((state_label(state, "fr"), state_label(state, "en")))
    return (
        f"<section class='stage' {attrs}{quizzed}>"
        f"<p class='event'>{event}</p>{refused}"
        f"<p class='state-line'>{_word('state')} <span class='state'>{state_words}</span></p>"
        f"<div class='table-view'><div class='grid-box'>{grids}</div>{_stage_hands(dealt, snapshot)}</div>"
        + (f"<div class='quizzes'>{''.join(_quiz(q) for q in quiz)}</div>" if quiz else "")
        + f"<div class='options'><h2>{_word('options')}</h2>{_options(options)}</div>"
        f"<div class='notes'>{_notes(snapshot)}</div>{folded}"
        "</section>"
    )


def _quiz(q: Question) -> str:
    """The question, its choices without their laws (the law is part of the answer), and once
    answered the reason of each choice and the explanation."""
    buttons = "".join(
        f"<div class='choice'><button type='button' data-right='{1 if i == q.answer else 0}' "
        f"data-law='{html.escape(c.law)}'>{both((c.fr, c.en))}</button>"
        f"<p class='why'>{both((c.why.get('fr', ''), c.why.get('en', '')))}</p></div>"
        for i, c in enumerate(q.choices)
    )
    verdict = f"<span data-v='right' hidden>{_word('right')}</span><span data-v='wrong' hidden>{_word('wrong')}</span>"
    # the ruling, then the FFB's words as the laws list quotes them (a line break in HTML is no break:
    # the two ran together as one sentence)
    (head_fr, _, words), (head_en, _, _) = q.explanation["fr"].partition("\n"), q.explanation["en"].partition("\n")
    quote = f'<div class="lawtext">« {red(words)} »</div>' if words else ""
    return (
        f"<div class='quiz' data-law='{html.escape(q.law)}' data-kind='{q.kind}'><h2>{both(q.ask)}</h2>"
        f"<p>{both(q.prompt)}</p><div class='choices'>{buttons}</div>"
        f"<div class='explanation'><p class='verdict'>{verdict}</p><p>{both((head_fr, head_en))}</p>{quote}</div></div>"
    )


def page(scenario: Scenario | str) -> str:
    """The HTML page of one scenario, self-contained."""
    s = find(scenario) if isinstance(scenario, str) else scenario
    quiz = questions(s)
    start = board_for(s)
    played = []  # each stage with the lengths of the board's trace before and when it was shown
    last, before = start, 0
    for fr, en in zip(walk(s, "fr"), walk(s, "en"), strict=True):
        played.append((fr, en, before, len(fr.board.trace)))
        last, before = fr.board, len(fr.board.trace)
    view = view_for(last)
    dealt = hands(s)
    sections = [_stage(0, None, None, start, start.snapshot(), start.options(), 0,
                       [q for q in quiz if q.stage == 0], view, dealt)]  # fmt: skip
    for fr, en, since, trace in played:
        sections.append(
            _stage(fr.number, fr, en, fr.board, fr.snapshot, fr.options_data, trace,
                   [q for q in quiz if q.stage == fr.number], view, dealt, since)
        )  # fmt: skip
    trees = [_tree(view, lang, last) for lang in LANGS]
    if all(t is not None for t in trees):
        tree = both((trees[0] or "", trees[1] or ""), markup=True)
    else:
        tree = f"<p class='note'>{both(NO_DOT)}</p>"
    title = s.title or {"fr": s.id, "en": s.id}
    notes = f"<p>{both(s.notes)}</p>" if s.notes else ""
    vul = VULNERABLE.get(s.vulnerable, (s.vulnerable, s.vulnerable))
    dealer = Seat(s.dealer)
    setup = both(
        (
            f"{WORDS['dealer'][0]} : {seat_name(dealer, 'fr')} — {WORDS['vul'][0]} : {vul[0]} — Lois {', '.join(s.laws)}",
            f"{WORDS['dealer'][1]}: {seat_name(dealer, 'en')} — {WORDS['vul'][1]}: {vul[1]} — Laws {', '.join(s.laws)}",
        )
    )
    quiz_toggle = (
        f"<label class='toggle'><input type='checkbox' id='quizmode'> {_word('quiz')} ({len(quiz)})</label>"
        if quiz
        else ""
    )
    full = f"<button type='button' id='fulltree' aria-expanded='false'>{both(LAYOUT['fulltree'])} ⤢</button>"
    close = f"<button type='button' id='closetree'>{both(LAYOUT['close'])} ✕</button>"
    return (
        "<!DOCTYPE html><html lang='fr'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{html.escape(title.get('fr', s.id))}</title><style>{_asset('page.css')}</style><style media='print'>{_asset('print.css')}</style></head>"
        f"<body class='hide-routine'><header><h1>{both(title)} <small><code class='id'>{html.escape(s.id)}</code></small></h1>"
        "<div class='bar'>"
        f"<button type='button' id='prev'>{_word('prev')}</button><span id='counter'></span>"
        f"<button type='button' id='next'>{_word('next')}</button>"
        f"<label class='toggle'><input type='checkbox' id='routine' checked> {both(('masquer les ', 'hide '))}{_word('routine')}</label>"
        f"{quiz_toggle}<button type='button' id='projector' aria-pressed='false'>{both(LAYOUT['projector'])}</button>"
        f"{full}<button type='button' id='lang'>{_word('lang')}</button>"
        f"<code class='id'>{html.escape(s.id)}</code>"  # on the screen beside the buttons (the title's, printed)
        "</div></header><main><div class='left'>"
        + (
            f"<details class='setup'><summary>{setup}</summary>{notes}</details>"
            if notes
            else f"<p class='setup'>{setup}</p>"
        )
        + "".join(sections)
        + handout([(fr, en) for fr, en, _, _ in played], s.laws)  # printed only (pages_assets/print.css)
        + "</div><aside class='side'>"
        f"<div class='tree-head'><h2>{_word('tree')}</h2>{close}</div>"
        f"<div class='tree'>{tree}</div></aside>" + f"</main><script>{_asset('page.js')}</script></body></html>"
    )


def _index_title(s: Scenario) -> str:
    """A scenario's title in both languages; one with no French title is named in French by its laws,
    never by its id, which is English (« 27B2-design-example »)."""
    title = dict(s.title or {})
    title.setdefault("en", s.id)
    title.setdefault("fr", f"Lois {', '.join(s.laws)}" if s.laws else "Scénario")
    return both(title)


def _link(s: Scenario) -> str:
    """One scenario in the index: its title in each language; its id only as data, for the search."""
    laws = " ".join(s.laws)
    return (
        f"<li data-id='{html.escape(s.id)}' data-laws='{html.escape(laws)}'>"
        f"<a href='{file_name(s.id)}.html'>{_index_title(s)}</a></li>"
    )


def _law_number(s: Scenario) -> int:
    m = re.match(r"\d+", s.laws[0] if s.laws else "")
    return int(m.group()) if m else 0


def index(scenarios: list[Scenario]) -> str:
    """The classroom's index: the lessons first (each with its worked boards and its quiz boards),
    then every scenario under the law it teaches, with a search box over the titles and laws.
    The French view shows French titles only."""
    from fsm.laws.lawtext import cite
    from fsm.laws.registry import lessons

    by_id = {s.id: s for s in scenarios}
    parts = [f"<h2>{_word('lessons')}</h2>"]
    for _, lesson in lessons():
        boards = [by_id[b] for b in dict.fromkeys(lesson.boards + lesson.quiz) if b in by_id]
        if boards:
            parts.append(
                f"<section class='group'><h3>{both(lesson.title)}</h3>"
                f"<ul class='index'>{''.join(_link(b) for b in boards)}</ul></section>"
            )
    parts.append(f"<h2>{_word('by_law')}</h2>")
    groups: dict[int, list[Scenario]] = {}
    for s in scenarios:
        groups.setdefault(_law_number(s), []).append(s)
    for number in sorted(groups):
        head = both((cite(str(number)), cite(str(number), "en"))) if number else both(("Autres", "Others"))
        items = "".join(_link(s) for s in groups[number])
        parts.append(
            f"<section class='group' id='loi-{number}'><h3>{head}</h3><ul class='index'>{items}</ul></section>"
        )
    search = (
        f"<label class='search'>{_word('search')} "
        f"<input type='search' id='search' placeholder='{html.escape(WORDS['search_hint'][0])}' "
        f"data-fr='{html.escape(WORDS['search_hint'][0])}' data-en='{html.escape(WORDS['search_hint'][1])}'></label>"
    )
    return (
        "<!DOCTYPE html><html lang='fr'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{WORDS['index'][0]}</title><style>{_asset('page.css')}</style></head>"
        f"<body><header><h1>{_word('index')}</h1><div class='bar'>{search}"
        f"<button type='button' id='lang'>{_word('lang')}</button></div></header>"
        f"<main><p class='board-link'><a href='tableau.html'>{both(BOARD_LINK)}</a></p>"
        f"{''.join(parts)}<p id='none' hidden>{_word('no_match')}</p></main>"
        f"<script>{_asset('index.js')}</script></body></html>"
    )


def write(ids: list[str] | None, out: str | Path, jobs: int | None = 1) -> list[Path]:
    """Write the page of each scenario named (every one of the corpus when ``ids`` is None, with an
    index page) into ``out``; a page's name is made from the id and never leaves that folder.

    ``jobs`` worker processes write the pages (None: the cores this process may use); the same
    files, listed in the same order, as with 1."""
    folder = Path(out)
    scenarios = [s for f in corpus_files() for s in load(f)] if ids is None else [find(i) for i in ids]
    folder.mkdir(parents=True, exist_ok=True)
    jobs = default_jobs() if jobs is None else jobs
    groups = _groups(scenarios, jobs)
    if jobs == 1 or len(groups) < 2:
        written = [path for group in groups for path in _write_pages(group, folder)]
    else:
        with workers.pool(min(jobs, len(groups))) as pool:
            done = pool.map(_write_pages, groups, [folder] * len(groups))
            written = [path for paths in done for path in paths]
    if ids is None:
        path = folder / "index.html"
        path.write_text(index(scenarios), encoding="utf-8")
        written.append(path)
    return written


# A group of scenarios shares one ``dot`` process; several groups a worker keep the workers busy
# to the end (the pages of one law family, side by side in the corpus, cost alike).
GROUP_MAX, GROUPS_PER_JOB = 24, 4


def _groups(scenarios: list[Scenario], jobs: int) -> list[list[Scenario]]:
    size = max(1, min(GROUP_MAX, -(-len(scenarios) // (GROUPS_PER_JOB * jobs))))
    return [scenarios[i : i + size] for i in range(0, len(scenarios), size)]


def _write_pages(scenarios: list[Scenario], folder: Path) -> list[Path]:
    """The pages of a few scenarios, their trees drawn first all at once (in a worker, or not)."""
    _draw(scenarios)
    written = []
    for s in scenarios:
        path = folder / f"{file_name(s.id)}.html"
        path.write_text(page(s), encoding="utf-8")
        written.append(path)
    return written
