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

from fsm.bridge.calls import SUIT_SYMBOLS, Seat, parse_card
from fsm.laws.lawtext import LAW
from fsm.model.board import Board
from fsm.model.labels import inline_svg
from fsm.model.scenario import Scenario, board_for, corpus_files, file_name, find, hands, load
from fsm.teach.quiz import QUESTION, Question, questions
from fsm.teach.teaching import HEADINGS, Stage, grid_html, is_routine, table_notes, walk
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
    "wrong": ("Ce n'est pas la décision de l'arbitre.", "That is not the Director's ruling."),
    "index": ("Scénarios pour la classe", "Scenarios for the classroom"),
    "dealer": ("Donneur", "Dealer"),
    "vul": ("Vulnérabilité", "Vulnerability"),
}
VULNERABLE = {"None": ("personne", "nobody"), "NS": ("Nord-Sud", "North-South"), "EW": ("Est-Ouest", "East-West"),
              "All": ("tous", "all")}  # fmt: skip
NO_DOT = (
    "Arbre non dessiné : Graphviz « dot » est absent (apt-get install graphviz).",
    "Tree not drawn: Graphviz 'dot' is missing (apt-get install graphviz).",
)
SUITS = tuple((suit, SUIT_SYMBOLS[suit]) for suit in "SHDC")  # as a hand is written, spades first


def _asset(name: str) -> str:
    return resources.files("fsm").joinpath("pages_assets", name).read_text(encoding="utf-8")


def red(text: str) -> str:
    """Escaped text with ♥ and ♦ in red."""
    return re.sub("([♥♦])", r'<span class="red">\1</span>', html.escape(text))


def _redden(markup: str) -> str:
    """♥ and ♦ in red inside markup already escaped (text between tags only)."""
    return re.sub(r">([^<]*)<", lambda m: ">" + re.sub("([♥♦])", r'<span class="red">\1</span>', m[1]) + "<", markup)


def both(pair: tuple[str, str] | dict[str, str], markup: bool = False) -> str:
    """A text in French and in English, one shown at a time."""
    fr, en = (pair["fr"], pair.get("en", pair["fr"])) if isinstance(pair, dict) else pair
    if not markup:
        fr, en = red(fr), red(en)
    return f'<span lang="fr">{fr}</span><span lang="en">{en}</span>'


def _word(key: str) -> str:
    return both(WORDS[key])


def _laws(steps: list[Any]) -> str:
    from fsm.laws.lawtext import cite, text

    items = []
    for ref in dict.fromkeys(law for s in steps for law in s.laws):
        words = text(ref)
        quote = f'<div class="lawtext">« {red(words)} »</div>' if words else ""  # the FFB words, the authority
        law_en = f"{LAW['en']} {ref}"
        items.append(f"<li>{both((cite(ref), law_en))}{quote}</li>")
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


def _ranks(ranks: str) -> str:
    """A suit's cards as a French hand diagram prints them: A R D V 10 (the PBN's T K Q J in both
    languages would read as English)."""
    return html.escape(" ".join(parse_card("S" + r).label("fr")[1:] for r in ranks))


def _hands(s: Scenario) -> str:
    dealt = hands(s)
    if not dealt:
        return ""

    def hand(seat: str) -> str:
        lines = "".join(
            f"<div>{'<span class=red>' + sign + '</span>' if suit in 'HD' else sign} {_ranks(dealt[seat][suit]) or '—'}</div>"
            for suit, sign in SUITS
        )
        return f'<div class="seat">{both((seat_name(seat, "fr"), seat_name(seat, "en")))}</div>{lines}'

    return (
        f"<div class='hands-box'><h2>{_word('hands')}</h2><table class='hands'>"
        f"<tr><td></td><td>{hand('N')}</td><td></td></tr>"
        f"<tr><td>{hand('W')}</td><td></td><td>{hand('E')}</td></tr>"
        f"<tr><td></td><td>{hand('S')}</td><td></td></tr></table></div>"
    )


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


_TREES: dict[tuple[str | None, str], str | None] = {}


def _tree(view: str | None, lang: str, board: Board) -> str | None:
    """The law view, drawn once per page set (the page's script marks the path on it); a board of
    no single family is drawn on the states it visited and their neighbours instead."""
    from fsm.model import diagrams

    if view is None:
        return inline_svg(diagrams.board_path(board, lang))
    key = (view, lang)
    if key not in _TREES:
        _TREES[key] = inline_svg(diagrams.law_view(view, lang))
    return _TREES[key]


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
           options: list[dict[str, Any]], trace: int, quiz: list[Question], view: str | None) -> str:  # fmt: skip
    if fr is None or en is None:
        event = _word("start")
        refused, laws = "", "<p>—</p>"
        grids = both((grid_html(board, "fr"), grid_html(board, "en")), markup=True)
    else:
        event = both((f"{n}. {fr.text}", f"{n}. {en.text}"))
        refused = f"<p class='refused'>{both((fr.refused, en.refused or ''))}</p>" if fr.refused else ""
        laws = _laws(fr.steps)
        grids = both((_redden(fr.grid), _redden(en.grid)), markup=True)
    state = snapshot["state"]
    attrs = f'data-n="{n}" data-state="{html.escape(state)}" data-edges="{html.escape(json.dumps(_edge_titles(board.trace[:trace], view)))}"'
    grids = grids.replace("<table>", "<table class='grid'>")
    return (
        f"<section class='stage' {attrs}>"
        f"<p class='event'>{event}</p>{refused}"
        f"<p>{_word('state')} <span class='state'>{both((state_label(state, 'fr'), state_label(state, 'en')))}</span></p>"
        "<div class='cols'><div>"
        f"<h2>{_word('laws')}</h2>{laws}"
        f"<h2>{_word('auction')}</h2>{grids}{_notes(snapshot)}"
        f"</div><div><h2>{_word('options')}</h2>{_options(options)}</div></div>"
        + "".join(_quiz(q) for q in quiz)
        + "</section>"
    )


def _quiz(q: Question) -> str:
    buttons = "".join(
        f"<button type='button' data-right='{1 if i == q.answer else 0}' data-law='{html.escape(c.law)}'>"
        f"{both((f'{c.fr} (Loi {c.law})', f'{c.en} (Law {c.law})'))}</button>"
        for i, c in enumerate(q.choices)
    )
    verdict = f"<span data-v='right' hidden>{_word('right')}</span><span data-v='wrong' hidden>{_word('wrong')}</span>"
    # the ruling, then the FFB's words as the laws list quotes them (a line break in HTML is no break:
    # the two ran together as one sentence)
    (head_fr, _, words), (head_en, _, _) = q.explanation["fr"].partition("\n"), q.explanation["en"].partition("\n")
    quote = f'<div class="lawtext">« {red(words)} »</div>' if words else ""
    return (
        f"<div class='quiz' data-law='{html.escape(q.law)}'><h2>{both(QUESTION)}</h2>"
        f"<p>{both(q.prompt)}</p><div class='choices'>{buttons}</div>"
        f"<div class='explanation'><p class='verdict'>{verdict}</p><p>{both((head_fr, head_en))}</p>{quote}</div></div>"
    )


def page(scenario: Scenario | str) -> str:
    """The HTML page of one scenario, self-contained."""
    s = find(scenario) if isinstance(scenario, str) else scenario
    quiz = questions(s)
    start = board_for(s)
    played = []  # each stage with the length of the board's trace when it was shown
    last = start
    for fr, en in zip(walk(s, "fr"), walk(s, "en"), strict=True):
        played.append((fr, en, len(fr.board.trace)))
        last = fr.board
    view = view_for(last)
    sections = [_stage(0, None, None, start, start.snapshot(), start.options(), 0,
                       [q for q in quiz if q.stage == 0], view)]  # fmt: skip
    for fr, en, trace in played:
        sections.append(
            _stage(fr.number, fr, en, fr.board, fr.snapshot, fr.options_data, trace,
                   [q for q in quiz if q.stage == fr.number], view)
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
    return (
        "<!DOCTYPE html><html lang='fr'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{html.escape(title.get('fr', s.id))}</title><style>{_asset('page.css')}</style></head>"
        f"<body class='hide-routine'><header><h1>{both(title)} <small><code class='id'>{html.escape(s.id)}</code></small></h1>"
        "<div class='bar'>"
        f"<button type='button' id='prev'>{_word('prev')}</button><span id='counter'></span>"
        f"<button type='button' id='next'>{_word('next')}</button>"
        f"<label class='toggle'><input type='checkbox' id='routine' checked> {both(('masquer les ', 'hide '))}{_word('routine')}</label>"
        f"{quiz_toggle}<button type='button' id='lang'>{_word('lang')}</button>"
        "</div></header><main>"
        f"<p>{setup}</p>{notes}{_hands(s)}"
        + "".join(sections)
        + f"<h2>{_word('tree')}</h2><div class='tree'>{tree}</div>"
        + f"</main><script>{_asset('page.js')}</script></body></html>"
    )


def _index_title(s: Scenario) -> str:
    """A scenario's title in both languages; one with no French title is named in French by its laws,
    never by its id, which is English (« 27B2-design-example »)."""
    title = dict(s.title or {})
    title.setdefault("en", s.id)
    title.setdefault("fr", f"Lois {', '.join(s.laws)}" if s.laws else "Scénario")
    return both(title)


def index(scenarios: list[Scenario]) -> str:
    items = "".join(
        f"<li data-id='{html.escape(s.id)}'><a href='{file_name(s.id)}.html'>{_index_title(s)}</a> "
        f"<small lang='en'><code class='id'>{html.escape(s.id)}</code></small></li>"
        for s in scenarios
    )
    return (
        "<!DOCTYPE html><html lang='fr'><head><meta charset='utf-8'>"
        f"<title>{WORDS['index'][0]}</title><style>{_asset('page.css')}</style></head>"
        f"<body><header><h1>{_word('index')}</h1><div class='bar'><button type='button' id='lang'>{_word('lang')}</button>"
        f"</div></header><main><ol class='index'>{items}</ol></main>"
        "<script>document.getElementById('lang').addEventListener('click',function(){"
        "document.body.classList.toggle('en');});</script></body></html>"
    )


def write(ids: list[str] | None, out: str | Path) -> list[Path]:
    """Write the page of each scenario named (every one of the corpus when ``ids`` is None, with an
    index page) into ``out``; a page's name is made from the id and never leaves that folder."""
    folder = Path(out)
    scenarios = [s for f in corpus_files() for s in load(f)] if ids is None else [find(i) for i in ids]
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for s in scenarios:
        path = folder / f"{file_name(s.id)}.html"
        path.write_text(page(s), encoding="utf-8")
        written.append(path)
    if ids is None:
        path = folder / "index.html"
        path.write_text(index(scenarios), encoding="utf-8")
        written.append(path)
    return written
