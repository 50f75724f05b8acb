"""The teacher's own board: one self-contained HTML page (``tableau.html``) where a teacher sets the
dealer and the vulnerability, optionally the four hands, then makes the calls and the irregular
events with buttons and sees, at each step, the auction, the state, the laws applied, everyone's
options and the part of the decision tree that applies.

The page runs the exported machine (``python -m fsm export --format json``) in the browser through
the generic JavaScript interpreter of ``fsm/js/``, both inlined: it opens from ``file://`` with
no network and no server. The page's own script (``pages_assets/tableau.js``) knows no law either:
the labels, laws and options come from the export and from what the interpreter answers; the
words around them (seats, calls, cards, headings) are written here, from the package's own texts.

This module does not import :mod:`fsm.interop`: the export is handed to :func:`page` by its caller
(the CLI).
"""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

from fsm.bridge.calls import Seat, parse_call, parse_card
from fsm.laws.lawtext import LAW, SUMMARY, cite, summary, text
from fsm.teach.text import JUDGEMENT_WORDS, suit_name

FILE = "tableau.html"
JS = Path(__file__).resolve().parent.parent / "js"  # package data: installed with the package
ENGINE = [f"engine/{f}" for f in ("errors.js", "expr.js", "effects.js", "decisions.js", "machine.js")]

# The page's words, (French, English): everything else it shows comes from the export.
WORDS: dict[str, tuple[str, str]] = {
    "title": ("Le tableau du professeur", "The teacher's board"),
    "index": ("Le tableau du professeur : une donne à construire", "The teacher's board: a board to build"),
    "lang": ("English", "Français"),
    "projector": ("Projecteur (P)", "Projector (P)"),
    "setup": ("La donne", "The board"),
    "dealer": ("Donneur", "Dealer"),
    "vul": ("Vulnérabilité", "Vulnerability"),
    "deal": ("Les quatre mains (facultatif) : donne PBN", "The four hands (optional): PBN deal"),
    "or_seats": ("Sinon, main par main (pique.cœur.carreau.trèfle)", "Or hand by hand (spades.hearts.diamonds.clubs)"),
    "new": ("Nouvelle donne", "New board"),
    "undo": ("◀ Retirer le dernier événement", "◀ Undo the last event"),
    "event": ("Événement", "Event"),
    "seat": ("Joueur", "Player"),
    "call": ("Déclaration", "Call"),
    "suit": ("Couleur", "Suit"),
    "apply": ("Faire", "Do it"),
    "more": ("Précisions (facultatif)", "Details (optional)"),
    "unset": ("—", "—"),
    "yes": ("oui", "yes"),
    "no": ("non", "no"),
    "state": ("État :", "State:"),
    "calls_title": ("Enchères", "Auction"),
    "laws": ("Lois appliquées", "Laws applied"),
    "options": ("Options de chacun", "Each player's options"),
    "anyone": ("l'arbitre ou la table", "the Director or the table"),
    "branches": ("Ce qui peut suivre", "What may follow"),
    "inherited": (
        "Les autres branches : irrégularités, droits courants, cas particuliers",
        "The other branches: irregularities, routine rights, particular cases",
    ),
    "decides": ("décide", "decides"),
    "director": ("l'arbitre", "the Director"),
    "menu_others": ("Autres événements possibles ici", "Other events possible here"),
    "laws_short": ("Lois", "Laws"),
    "only": ("Ici, seul", "Here only"),
    "may": ("le peut.", "may."),
    "who_may": ("Ici, le peuvent :", "Here these may:"),
    "may_but": ("le peut ici, mais pas ainsi.", "may do it here, but not this way."),
    "a_player": ("Un joueur", "A player"),
    "because": ("En effet,", "In the rules,"),
    "allowed": ("Ce qui est permis :", "What is allowed:"),
    "nobody": ("Personne ne le peut ici.", "Nobody may do it here."),
    "tree": ("Arbre de décision", "Decision tree"),
    "no_tree": ("Aucun arbre de famille ne montre cet état.", "No family tree shows this state."),
    "hands": ("Les quatre mains", "The four hands"),
    "table": ("Sur la table", "On the table"),
    "log": ("Événements", "Events"),
    "refused": ("Refusé", "Refused"),
    "start": ("Début de la donne", "Start of the board"),
    "stays": ("on reste à cette étape", "this step goes on"),
    "contract": ("Contrat", "Contract"),
    "declarer": ("déclarant", "declarer"),
    "bad_deal": (
        "Donne illisible. Il faut quatre mains de treize cartes, chaque carte une fois, chaque main écrite "
        "♠.♥.♦.♣ avec les hauteurs A R D V 10 9 … 2 (ou A K Q J T), par exemple « ARV74.R3.A82.D95 ».",
        "Unreadable deal. Four hands of thirteen cards are needed, each card once, each hand written "
        "♠.♥.♦.♣ with the ranks A K Q J T 9 … 2 (or the French R D V 10), e.g. 'AKJ74.K3.A82.Q95'.",
    ),  # fmt: skip
    "passed_out": ("donne passée", "passed out"),
    "doubled": (" contré", " doubled"),
    "redoubled": (" surcontré", " redoubled"),
    "for": ("information non autorisée pour", "unauthorised information for"),
    "may_prohibit": ("Le déclarant peut interdire à", "Declarer may prohibit"),
    "may_prohibit_tail": ("l'entame d'une de ces couleurs :", "from leading one of these suits:"),
    "exposed": ("exposée", "exposed"),
    "penalty": ("carte pénalisée", "penalty card"),
    "major": ("majeure", "major"),
    "minor": ("mineure", "minor"),
    "lead": ("entame", "lead"),
    "face_down": ("entame face cachée", "face-down lead"),
    "must_lead": ("doit entamer", "must lead"),
    "may_not_lead": ("ne peut pas entamer", "may not lead"),
    "must_lead_card": ("doit entamer la carte pénalisée désignée :", "must lead the penalty card designated:"),
    "routine": ("masquer les options courantes", "hide routine options"),
}
# The arguments of the events, by name: the field's label, and for a yes/no argument that is no
# judgement of the Director's, the words of yes and of no.
ARGS: dict[str, tuple[str, str]] = {
    "seat": ("Joueur", "Player"),
    "call": ("Déclaration", "Call"),
    "names": ("Enchère nommée par le contre", "Bid the double names"),
    "artificial": ("Conventionnelle", "Artificial"),
    "specifies": ("Dénominations spécifiées (par exemple ♥ ♠)", "Denominations specified (e.g. ♥ ♠)"),
    "card": ("Carte (par exemple ♠A, ♥R, ♦10)", "Card (e.g. ♠A, ♥K, ♦10)"),
    "cards": ("Cartes (par exemple ♠A ♥5)", "Cards (e.g. ♠A ♥5)"),
    "led": ("Attaquée prématurément", "Led prematurely"),
    "face_down": ("Face cachée", "Face down"),
    "suit": ("Couleur", "Suit"),
    "comparable": ("Déclaration comparable ?", "Comparable call?"),
    "unintended": ("Déclaration non intentionnelle ?", "Unintended call?"),
    "could_see_dummy": ("Le déclarant pouvait-il voir la main du mort ?", "Could declarer see dummy's hand?"),
    "misinformation": ("Une information erronée est-elle en cause ?", "Is misinformation involved?"),
}
VULNERABLE = {"None": ("personne", "nobody"), "NS": ("Nord-Sud", "North-South"), "EW": ("Est-Ouest", "East-West"),
              "All": ("tous", "all")}  # fmt: skip


def _asset(name: str) -> str:
    return resources.files("fsm").joinpath("pages_assets", name).read_text(encoding="utf-8")


# --- the interpreter, bundled as fsm/js/bundle.js does it --------------------------------------
def _bridge_order(folder: Path) -> list[str]:
    """bridge/*.js, each after the files it requires (bundle.js's order)."""
    files = sorted(p.name for p in (folder / "bridge").glob("*.js"))
    pattern = re.compile(r"""require\(\s*['"]\./([^'"]+?)(?:\.js)?['"]\s*\)""")
    deps = {
        f: [
            d
            for d in (f"{m}.js" for m in pattern.findall((folder / "bridge" / f).read_text(encoding="utf-8")))
            if d in files
        ]
        for f in files
    }
    out: list[str] = []
    done: set[str] = set()

    def visit(f: str) -> None:
        if f in done:
            return
        done.add(f)
        for d in deps[f]:
            visit(d)
        out.append(f"bridge/{f}")

    for f in files:
        visit(f)
    return out


def bundle(spec: dict[str, Any] | None = None, folder: Path = JS) -> str:
    """The interpreter as one classic script, the export embedded (``FsmInterpreter.spec``): the
    same text as ``node fsm/js/bundle.js OUT --machine FILE``, written without Node."""
    if not (folder / "interpreter.js").is_file():
        raise FileNotFoundError(
            f"l'interpréteur JavaScript est introuvable ({folder}) / the JavaScript interpreter is missing ({folder})"
        )
    parts = [*ENGINE, *_bridge_order(folder), "interpreter.js"]
    body = "\n".join(
        f"// ---- {f} ----\n" + re.sub(r"^#!.*\n", "", (folder / f).read_text(encoding="utf-8"), count=1) for f in parts
    )
    spec_text = json.dumps(spec, ensure_ascii=False, separators=(",", ":")) if spec is not None else None
    embedded = (
        f"(globalThis.FsmInterpreter = globalThis.FsmInterpreter || {{}}).spec = {spec_text};\n" if spec_text else ""
    )
    return (
        "/* fsm-interpreter: a generic interpreter of the bridge auction machine exported as JSON.\n"
        f" * Generated by fsm/js/bundle.js from {', '.join(parts)}.\n"
        " * A classic script: it defines globalThis.FsmInterpreter (load(spec) -> {board(setup)}). */\n"
        "(function (module, exports, require) {\n"
        f"{body}\n{embedded}}}).call(this, undefined, undefined, undefined);\n"
        "if (typeof module !== 'undefined' && module.exports) module.exports = globalThis.FsmInterpreter;\n"
    )


def _inline(script: str) -> str:
    """A script's text made safe inside ``<script>``: no ``</script`` nor ``<!--`` closes it early."""
    return re.sub(r"</(script)", r"<\\/\1", script, flags=re.IGNORECASE).replace("<!--", "<\\!--")


# --- what the page's script reads -----------------------------------------------------------------
_REF = re.compile(r"\d{1,2}(?:[A-G]\d?(?:\([a-d]\))?(?:\((?:i|ii|iii|iv)\))?)?")


def _laws_in(spec: Any, found: set[str]) -> None:
    """Every law the export cites, wherever it stands."""
    if isinstance(spec, dict):
        for key, value in spec.items():
            if key == "law" and isinstance(value, str) and _REF.fullmatch(value):
                found.add(value)
            elif key in ("laws", "cites") and isinstance(value, list):
                found.update(v for v in value if isinstance(v, str) and _REF.fullmatch(v))
            else:
                _laws_in(value, found)
    elif isinstance(spec, list):
        for item in spec:
            _laws_in(item, found)


def _lawtexts(spec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each law cited: its heading, and the FFB's words (the authority) or our summary, marked."""
    found: set[str] = set()
    _laws_in(spec, found)
    out = {}
    for ref in sorted(found):
        words = text(ref)
        if words:
            out[ref] = {"head": [cite(ref), cite(ref, "en")], "quote": [words, words], "summary": False}
        else:
            fr, en = summary(ref, "fr"), summary(ref, "en")
            if fr and en:
                out[ref] = {"head": [f"{cite(ref)} ({SUMMARY['fr']})", f"{cite(ref, 'en')} ({SUMMARY['en']})"],
                            "quote": [fr, en], "summary": True}  # fmt: skip
            else:
                out[ref] = {"head": [cite(ref), cite(ref, "en")], "quote": None, "summary": False}
    return out


def _views(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """The law families' trees, drawn (None without Graphviz), each with the branch its rules draw."""
    from fsm.model import diagrams
    from fsm.model.labels import inline_svgs

    views = list(diagrams.VIEWS)
    try:
        drawn = inline_svgs([diagrams.law_view(v, lang) for v in views for lang in ("fr", "en")])
    except Exception:  # no dot: the page names the state and its branches only
        return []
    out = []
    for i, view in enumerate(views):
        fr, en = drawn[2 * i], drawn[2 * i + 1]
        if fr is None or en is None:
            continue
        branches = {r.id: n for n, r in enumerate(diagrams.view_rules(view))}
        out.append({"name": view, "svg": [fr, en], "branches": branches})
    return out


def data(spec: dict[str, Any], trees: bool = True) -> dict[str, Any]:
    """Everything the page's script reads besides the export: words, labels, law texts, trees."""
    from fsm.teach.teaching import HEADINGS, OBLIGATIONS, is_routine

    bids = [f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")]
    calls = {c: [parse_call(c).label("fr"), parse_call(c).label("en")] for c in [*bids, "Pass", "X", "XX"]}
    cards = {
        f"{s}{r}": [parse_card(f"{s}{r}").label("fr"), parse_card(f"{s}{r}").label("en")]
        for s in "SHDC"
        for r in "AKQJT98765432"
    }
    routine = sorted({f"{o['event']}|{o['law']}" for opts in spec["options"].values() for o in opts if is_routine(o)})
    return {
        "words": {k: list(v) for k, v in WORDS.items()},
        "args": {k: list(v) for k, v in ARGS.items()},
        "law": [LAW["fr"], LAW["en"]],
        "or": [" ou ", " or "],  # between two seats who may: « Nord ou Est »
        "seats": {s.value: [s.name_in("fr"), s.name_in("en")] for s in Seat},
        "vulnerable": {k: list(v) for k, v in VULNERABLE.items()},
        "calls": calls,
        "cards": cards,
        "suits": {s: [suit_name(s, "fr"), suit_name(s, "en")] for s in "SHDC"},
        "obligations": {k: list(v) for k, v in OBLIGATIONS.items()},
        "headings": {k: list(v) for k, v in HEADINGS.items()},
        "judgements": {key: [JUDGEMENT_WORDS["fr"][key], JUDGEMENT_WORDS["en"][key]] for key in JUDGEMENT_WORDS["fr"]},
        "lawtext": _lawtexts(spec),
        "routine": routine,
        "views": _views(spec) if trees else [],
    }


def page(spec: dict[str, Any], trees: bool = True) -> str:
    """The board page, self-contained: the interpreter with the export, the words, the trees."""
    title = WORDS["title"]
    payload = json.dumps(data(spec, trees), ensure_ascii=False, separators=(",", ":"))
    return (
        "<!DOCTYPE html><html lang='fr'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{title[0]}</title><style>{_asset('page.css')}\n{_asset('tableau.css')}</style></head>"
        "<body class='tableau hide-routine'><noscript>JavaScript</noscript>"
        f"<script>{_inline(bundle(spec))}</script>"
        f"<script>window.TABLEAU = {_inline(payload)};</script>"
        f"<script>{_inline(_asset('tableau.js'))}</script></body></html>"
    )


def write(out: str | Path, spec: dict[str, Any]) -> Path:
    """``tableau.html`` in ``out``."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / FILE
    path.write_text(page(spec), encoding="utf-8")
    return path
