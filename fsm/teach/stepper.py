"""Notebook widgets for the classroom (ipywidgets ≥ 8, the ``teach`` extra).

- :class:`Stepper` walks a scenario forward and back: the event, the laws applied, the state,
  the auction grid, obligations and unauthorised information, each player's options;
- :class:`LiveBoard` is a board at the table whose buttons are its current options: who may act,
  under which law; an event that needs an argument (a call, a judgement…) asks for it first;
- :class:`QuizWidget` asks « Que décide l'arbitre ? » and answers with the law's words.

Each widget also shows as static HTML (``_repr_html_``), so a notebook read on a forge, with no
kernel behind it, still shows the first stage.
"""

from __future__ import annotations

import html
import re
from typing import Any

import ipywidgets as widgets

from fsm.bridge.calls import SUIT_SYMBOLS, parse_call, parse_card
from fsm.bridge.deal import Hands, parse_deal
from fsm.bridge.errors import FsmError
from fsm.bridge.events import EVENTS, JUDGEMENTS
from fsm.laws.lawtext import LAW
from fsm.model.board import Board
from fsm.model.labels import inline_svg
from fsm.model.scenario import Scenario, board_for, find, hands
from fsm.teach.quiz import Question
from fsm.teach.teaching import HEADINGS, Stage, grid_html, hands_html, is_routine, readable, table_notes, walk
from fsm.teach.text import option_sentence, seat_name, state_label

WORDS = {
    "prev": ("◀ Précédent", "◀ Previous"),
    "next": ("Suivant ▶", "Next ▶"),
    "routine": ("options courantes", "routine options"),
    "start": ("Début de la donne", "Start of the board"),
    "laws": ("Lois appliquées", "Laws applied"),
    "state": ("État", "State"),
    "options": ("Options", "Options"),
    "path": ("Chemin", "Path"),
    "apply": ("Valider", "Apply"),
    "right": ("Bonne réponse.", "Right."),
    "wrong": ("Ce n'est pas la bonne réponse.", "That is not the right answer."),
    "yes": ("oui", "yes"),
    "no": ("non", "no"),
}
ARG_WORDS = {
    "seat": ("joueur", "player"),
    "call": ("déclaration", "call"),
    "card": ("carte", "card"),
    "cards": ("cartes", "cards"),
    "suit": ("couleur", "suit"),
    "face_down": ("face cachée", "face down"),
}
JUDGEMENT_WORDS = {
    "comparable": ("déclaration comparable ?", "comparable call?"),
    "unintended": ("déclaration non intentionnelle ?", "unintended call?"),
    "could_see_dummy": ("a pu voir le mort ?", "could see dummy?"),
    "misinformation": ("information erronée ?", "misinformation?"),
}
SUITS = [(SUIT_SYMBOLS[suit], suit) for suit in "SHDC"]
# What a call or a card may be, offered in a list in the reader's words (no notation to learn);
# a bid of eight is there because Law 38 rectifies it.
CHOICES = {
    "call": ["Pass", "X", "XX"] + [f"{n}{s}" for n in range(1, 9) for s in ("C", "D", "H", "S", "NT")],
    "card": [f"{s}{r}" for s in "SHDC" for r in "AKQJT98765432"],
}
CHOICES["cards"] = CHOICES["card"]


def label(token: str, lang: str) -> str:
    """A call or a card as the reader writes it: « Passe », « 1SA », « ♦R »."""
    thing = parse_call(token) if token[:1].isdigit() or token in ("Pass", "X", "XX") else parse_card(token)
    return thing.label(lang)  # type: ignore[arg-type]


def _path(board: Board, lang: str) -> str | None:
    """The board's path on its law view as inline SVG (None without Graphviz)."""
    return inline_svg(board.diagram(lang))


def _w(key: str, lang: str) -> str:
    return WORDS[key][0 if lang == "fr" else 1]


def _red(text: str) -> str:
    return (
        html.escape(text)
        .replace("♥", "<span style='color:#c00'>♥</span>")
        .replace("♦", "<span style='color:#c00'>♦</span>")
    )


def _red_markup(markup: str) -> str:
    """♥ and ♦ in red in markup already escaped (between tags only)."""
    red = "<span style='color:#c00'>\\1</span>"
    return re.sub(r">([^<]*)<", lambda m: ">" + re.sub("([♥♦])", red, m[1]) + "<", markup)


def _option_line(opt: dict[str, Any], lang: str) -> str:
    """An option as a sentence with its subject (:func:`fsm.teach.text.option_sentence`)."""
    return option_sentence(opt, lang)


def table_html(
    snapshot: dict[str, Any],
    grid: str,
    options: list[dict[str, Any]],
    lang: str,
    laws: list[str] | None = None,
    routine: bool = False,
    dealt: Hands | None = None,
) -> str:
    """One moment of the table as HTML: the state, the laws applied, the grid, what the table
    holds and the options (the routine ones only when ``routine``)."""
    from fsm.laws.lawtext import cite

    sep = " : " if lang == "fr" else ": "
    parts = [f"<p><b>{_w('state', lang)}</b>{sep}{_red(state_label(snapshot['state'], lang))}</p>"]
    if laws is not None:
        cites = ", ".join(_red(cite(x, lang)) for x in laws) or "—"
        parts.append(f"<p class='laws'><b>{_w('laws', lang)}</b>{sep}{cites}</p>")
    parts.append(_red_markup(grid))
    if dealt:  # the four hands as they stand: what is out on the table is no longer in the hand
        parts.append(
            _red_markup(hands_html(dealt, snapshot, lang)).replace("<span class='red'>", "<span style='color:#c00'>")
        )
    notes = table_notes(snapshot, lang)
    for key, heading in HEADINGS.items():
        if notes[key]:
            items = "".join(f"<li>{_red(x)}</li>" for x in notes[key])
            parts.append(f"<p><b>{heading[0 if lang == 'fr' else 1]}</b></p><ul class='{key}'>{items}</ul>")
    shown = [o for o in options if routine or not is_routine(o)]
    items = "".join(f"<li>{_red(_option_line(o, lang))}</li>" for o in shown)
    parts.append(f"<p><b>{_w('options', lang)}</b></p><ul class='options'>{items}</ul>")
    return readable("\n".join(parts))


class _Static:
    """The static fallback: a widget shown as HTML where no kernel runs it (a forge's viewer)."""

    def _repr_html_(self) -> str:
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = super()._repr_mimebundle_(**kwargs) or {}  # type: ignore[misc]
        bundle["text/html"] = self._repr_html_()
        return bundle


class Stepper(_Static, widgets.VBox):  # type: ignore[misc]
    """A scenario, stage by stage: ◀ ▶ buttons, a routine-options toggle, and the stage."""

    def __init__(self, scenario: str | Scenario, lang: str = "fr", routine: bool = False, diagram: bool = True) -> None:
        s = find(scenario) if isinstance(scenario, str) else scenario
        self.scenario = s
        self.lang = lang
        start = board_for(s)
        first = Stage(0, _w("start", lang), [], start, start.snapshot(), start.state, grid_html(start, lang), [],
                      None, lang, start.options())  # fmt: skip
        self.stages: list[Stage] = [first]
        # the board goes on with the next stages: its path is drawn as each stage leaves it
        self.paths: list[str | None] = [_path(start, lang) if diagram else None]
        for stage in walk(s, lang):
            self.stages.append(stage)
            self.paths.append(_path(stage.board, lang) if diagram else None)
        self.index = 0
        self.prev = widgets.Button(description=_w("prev", lang))
        self.next = widgets.Button(description=_w("next", lang))
        self.counter = widgets.Label()
        self.routine = widgets.Checkbox(value=routine, description=_w("routine", lang), indent=False)
        self.title = widgets.HTML(f"<h3>{_red((s.title or {}).get(lang, s.id))}</h3>")
        self.html = widgets.HTML()
        self.tree = widgets.HTML()
        self.prev.on_click(lambda _: self.show(self.index - 1))
        self.next.on_click(lambda _: self.show(self.index + 1))
        self.routine.observe(lambda _: self.show(self.index), names="value")
        nav = widgets.HBox([self.prev, self.counter, self.next, self.routine])
        super().__init__([self.title, nav, self.html, self.tree])
        self.show(0)

    def stage_html(self, n: int) -> str:
        st = self.stages[n]
        head = f"<p><b>{_red(st.text if n == 0 else f'{st.number}. {st.text}')}</b></p>"
        refused = f"<p style='color:#b00'>{_red(st.refused)}</p>" if st.refused else ""
        laws = list(dict.fromkeys(law for step in st.steps for law in step.laws))
        body = table_html(
            st.snapshot, st.grid, st.options_data, self.lang, laws, self.routine.value, hands(self.scenario)
        )
        return head + refused + body

    def show(self, n: int) -> None:
        if not 0 <= n < len(self.stages):
            return
        self.index = n
        self.counter.value = f"{n + 1} / {len(self.stages)}"
        self.prev.disabled = n == 0
        self.next.disabled = n == len(self.stages) - 1
        self.html.value = self.stage_html(n)
        self.tree.value = self.paths[n] or ""

    def _repr_html_(self) -> str:
        """Every stage one under the other, then the board's whole path on its law view."""
        stages = "".join(f"<div class='stage'>{self.stage_html(n)}</div>" for n in range(len(self.stages)))
        return self.title.value + stages + (self.paths[-1] or "")


class LiveBoard(_Static, widgets.VBox):  # type: ignore[misc]
    """A board at the table: one button per current option; the grid, laws, obligations and
    path follow each event. An event needing an argument asks for it before it is applied."""

    def __init__(
        self,
        board: Board | None = None,
        lang: str = "fr",
        routine: bool = False,
        diagram: bool = True,
        deal: str | None = None,
    ) -> None:
        """``deal`` is the four hands in PBN (``"N:AK2.QJ3.T98.7654 …"``): shown around the table,
        a card exposed or led leaves its hand. A deal that is not one raises ``DealError``."""
        self.board = board if board is not None else Board()
        self.dealt: Hands | None = parse_deal(deal) if deal else None
        self.lang = lang
        self.diagram = diagram
        self.last_laws: list[str] = []
        self.buttons: list[widgets.Button] = []
        self.routine = widgets.Checkbox(value=routine, description=_w("routine", lang), indent=False)
        self.routine.observe(lambda _: self.refresh(), names="value")
        self.box = widgets.VBox()
        self.form = widgets.VBox()
        self.message = widgets.HTML()
        self.html = widgets.HTML()
        self.path = widgets.HTML()
        self.pending: dict[str, Any] | None = None  # the option whose arguments are being asked
        self.inputs: dict[str, Any] = {}
        super().__init__([self.html, self.routine, self.box, self.form, self.message, self.path])
        self.refresh()

    # --- what is shown --------------------------------------------------------------------------
    def refresh(self) -> None:
        b, lang = self.board, self.lang
        options = b.options()
        self.html.value = table_html(
            b.snapshot(), grid_html(b, lang), [], lang, self.last_laws, dealt=self.dealt
        ).replace(f"<p><b>{_w('options', lang)}</b></p><ul class='options'></ul>", "")
        self.buttons = []
        for opt in options:
            if self.routine.value or not is_routine(opt):
                button = widgets.Button(description=_option_line(opt, lang), layout=widgets.Layout(width="auto"))
                button.option = opt
                button.on_click(self._clicked)
                self.buttons.append(button)
        self.box.children = self.buttons
        steps = b.trace[-12:]
        first = len(b.trace) - len(steps) + 1
        items = "".join(
            f"<li value='{n}'>{LAW[lang]} {html.escape(s.law)} → {_red(state_label(s.target, lang))}</li>"
            for n, s in enumerate(steps, first)
        )
        drawn = _path(b, lang) if self.diagram else None
        self.path.value = (f"<p><b>{_w('path', lang)}</b></p><ol>{items}</ol>" if items else "") + (drawn or "")

    # --- acting ---------------------------------------------------------------------------------
    def _clicked(self, button: widgets.Button) -> None:
        opt = button.option
        spec = EVENTS[opt["event"]]
        lang = self.lang
        i = 0 if lang == "fr" else 1
        inputs: dict[str, Any] = {}
        seats = opt["seats"]
        for arg in spec.args:
            if arg.name == "seat":
                if seats is not None and len(seats) == 1:
                    continue
                choices = [(seat_name(s, lang), s) for s in (seats or "NESW")]
                inputs["seat"] = widgets.Dropdown(options=choices, description=ARG_WORDS["seat"][i])
            elif arg.type == "suit":
                inputs[arg.name] = widgets.Dropdown(options=SUITS, description=ARG_WORDS["suit"][i])
            elif arg.type in CHOICES and arg.required:
                words = ARG_WORDS[arg.name][i]
                options = [(label(x, lang), x) for x in CHOICES[arg.type]]
                if arg.type == "cards":
                    inputs[arg.name] = widgets.SelectMultiple(options=options, rows=6, description=words)
                else:
                    inputs[arg.name] = widgets.Dropdown(options=options, description=words)
            elif arg.name == "face_down":
                inputs[arg.name] = widgets.Checkbox(value=False, description=ARG_WORDS["face_down"][i])
        if spec.name == "judge":
            inputs["judgement"] = widgets.Dropdown(options=[(JUDGEMENT_WORDS[j][i], j) for j in JUDGEMENTS])
            inputs["verdict"] = widgets.ToggleButtons(options=[(_w("yes", lang), True), (_w("no", lang), False)])
        self.pending, self.inputs = opt, inputs
        if not inputs:
            self.apply()
            return
        ok = widgets.Button(description=_w("apply", lang), button_style="primary")
        ok.on_click(lambda _: self.apply())
        self.form.children = [*inputs.values(), ok]
        self.apply_button = ok

    def apply(self) -> None:
        """Apply the pending option with the arguments given; a refusal is shown with its law."""
        opt = self.pending
        if opt is None:
            return
        args: dict[str, Any] = {}
        if (
            opt["seats"] is not None
            and len(opt["seats"]) == 1
            and "seat" in {a.name for a in EVENTS[opt["event"]].args}
        ):
            args["seat"] = opt["seats"][0]
        for name, widget in self.inputs.items():
            if name == "judgement":
                args[widget.value] = self.inputs["verdict"].value
            elif name == "verdict":
                continue
            elif name == "cards":
                args[name] = list(widget.value)
            else:
                args[name] = widget.value
        try:
            steps = self.board.apply(opt["event"], args)
        except FsmError as err:
            words = err.message_fr if self.lang == "fr" else err.message_en
            law = f" ({LAW[self.lang]} {err.law})" if err.law else ""  # the law last, as in the pages
            self.message.value = f"<p style='color:#b00'>{_red(words + law)}</p>"
            return
        self.message.value = ""
        self.pending, self.inputs = None, {}
        self.form.children = []
        self.last_laws = list(dict.fromkeys(law for s in steps for law in s.laws))
        self.refresh()

    def button(self, law: str, event: str | None = None) -> widgets.Button:
        """The button of the option under ``law`` (and ``event``): what a test or a teacher clicks."""
        for b in self.buttons:
            if b.option["law"] == law and (event is None or b.option["event"] == event):
                return b
        raise KeyError(law)

    def _repr_html_(self) -> str:
        b = self.board
        return table_html(b.snapshot(), grid_html(b, self.lang), b.options(), self.lang, self.last_laws)


class QuizWidget(_Static, widgets.VBox):  # type: ignore[misc]
    """A question: the situation, one button per choice (its law kept for the answer), then the
    reason of each choice and the explanation."""

    def __init__(self, question: Question, lang: str = "fr") -> None:
        self.question = question
        self.lang = lang
        self.prompt = widgets.HTML(
            readable(f"<h3>{html.escape(question.ask[lang])}</h3><p>{_red(question.prompt[lang])}</p>")
        )
        self.choices = []
        for n, c in enumerate(question.choices):
            button = widgets.Button(description=c.fr if lang == "fr" else c.en, layout=widgets.Layout(width="auto"))
            button.index = n
            button.on_click(self._answered)
            self.choices.append(button)
        self.feedback = widgets.HTML()
        self.answered: int | None = None
        super().__init__([self.prompt, *self.choices, self.feedback])

    def _answered(self, button: widgets.Button) -> None:
        q = self.question
        self.answered = button.index
        right = button.index == q.answer
        button.button_style = "success" if right else "danger"
        self.choices[q.answer].button_style = "success"
        verdict = _w("right" if right else "wrong", self.lang)
        text = _red(q.explanation[self.lang]).replace("\n", "<br>")
        reasons = "".join(
            f"<li>{_red(getattr(c, self.lang))} — {_red(c.why.get(self.lang, ''))}</li>" for c in q.choices
        )
        self.feedback.value = readable(f"<p><b>{html.escape(verdict)}</b></p><p>{text}</p><ul>{reasons}</ul>")

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{_red(b.description)}</li>" for b in self.choices)
        return self.prompt.value + readable(f"<ol>{items}</ol>")
