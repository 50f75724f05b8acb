"""The machine published for other implementations: JSON markup (reloadable), SCXML and Mermaid.

All three are written from the same tables the machine is built from (:mod:`fsm.laws.spec`). Guards,
actions and option holders are named by their registered names; the JSON reloads into an
equivalent :class:`~fsm.model.machine.Engine` by looking these names up in the project's registry,
never by importing anything: a spec naming an unknown function is refused before anything runs.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from xml.etree import ElementTree as ET

from fsm.bridge import jsontext
from fsm.bridge.context import CONTEXT
from fsm.bridge.effects import EFFECTS
from fsm.bridge.errors import InputError
from fsm.bridge.events import SPECS
from fsm.bridge.records import CallKind
from fsm.bridge.settings import CHOICES, Settings
from fsm.engine import BUILTINS
from fsm.engine.decisions import ALWAYS, Decision, Row, Trigger
from fsm.engine.effects import CONTROL
from fsm.laws import definitions as _definitions  # noqa: F401 (published in the context)
from fsm.laws.lawtext import LAW
from fsm.laws.spec import REGISTRY, Option, Rule, StateSpec, condition_of, effects_of, name_of, wording
from fsm.model.board import VULNERABILITIES
from fsm.model.machine import Engine, default_engine

FORMAT = "fsm-bridge-auction/machine"
# 3: every guard and holder carries its expression (`test`); `context` documents what they read.
# 4: every action carries its effects (`effects`); `effects` documents the effects they use.
# 5: `decisions` (the classification of a call as a decision table) and `triggers` (the end of the
#    auction), which the dispatch runs before and after the rules; the context gains `call.relation`
#    and the operators `relation` and `over_partner_artificial`.
# 6, 7: see docs/interop.md. 8: the operator `call` and the variable `auction.made`, which the rules
#    use instead of searching `auction.calls` (a call found by its number costs the same at any length).
# 9, 10: see docs/interop.md (10: the operator `opponent_called_after`, read from the record's index).
# 11-13: see docs/interop.md (13: `context.definitions`, the words of the Laws as named expressions).
VERSION = 13
# The state a board starts in: a default board, and one whose cards are still in the board (17A).
INITIAL = {"default": "auction.calling", "cards_in_board": "board"}
# Whose turn a snapshot gives: the auction's in the auction period before the lead, the opening
# leader's while the lead is awaited; nobody's otherwise (passed out, play...).
TURN = {"if": [
    {"in": [{"var": "table.period"}, ["board", "auction"]]}, {"var": "auction.turn"},
    {"in": [{"var": "table.period"}, ["clarification", "lead_out_of_turn"]]}, {"var": "table.opening_leader"},
    None,
]}  # fmt: skip
# What each key of a snapshot says, and, where a variable of the context gives it, its expression.
SNAPSHOT: dict[str, dict[str, Any]] = {
    "state": {"doc": "the machine's state (a leaf)", "expr": {"var": "table.state"}},
    "dealer": {"doc": "the dealer, from the set-up", "expr": {"var": "table.dealer"}},
    "vulnerable": {"doc": "the vulnerability, from the set-up (None, NS, EW, All)"},
    "turn": {"doc": "whose turn it is to call or to lead, or null", "expr": TURN},
    "auction": {
        "doc": "the standing calls in order, each `seat:call`",
        "expr": {"map": [{"filter": [{"var": "auction.calls"}, {"==": [{"var": "status"}, "standing"]}]}, {"var": "source"}]},
    },
    "cancelled": {
        "doc": "the calls made and cancelled or withdrawn, in the order of the record (`auction.calls`: a call a change moved keeps its new place)",
        "expr": {
            "map": [
                {"filter": [{"var": "auction.calls"}, {"in": [{"var": "status"}, ["cancelled", "withdrawn"]]}]},
                {"var": "source"},
            ]
        },
    },
    "contract": {"doc": "the last standing bid with `X` or `XX` if doubled or redoubled since; `Pass` once "
                        "four passes end the auction; null while no bid stands or the auction goes on"},
    "declarer": {"doc": "declarer, after a 54A swap if any", "expr": {"var": "table.declarer"}},
    "dummy": {"doc": "dummy, after a 54A swap if any", "expr": {"var": "table.dummy"}},
    "opening_leader": {"doc": "the left-hand opponent of `declarer` (after a 54A swap, of the new declarer)", "expr": {"lho": [{"var": "table.declarer"}]}},
    "irregularity": {"doc": "the irregular call awaiting a ruling: `law` is the law of its `kind` (the "
                            "export's `kinds`), `source` the call, `turn` and `relation` whose turn it was, "
                            "`replacement` a call made in its place before the ruling (27C) or while the Director's "
                            "judgement waits (23A), `original` the first insufficient bid when a second is offered "
                            "(27B4), `held` a call held until the option holder chooses or the Director judges"},
    "lead": {"doc": "the opening lead made: seat, card and whether it is faced"},
    "lead_constraints": {"doc": "suits the opening leader must lead or must not lead, with their law",
                         "expr": {"var": "table.lead_constraints"}},
    "obligations": {"doc": "who must pass (next turn or for the rest of the auction) or repeat a call, and why: "
                            "`table.obligations` without `call`"},
    "lead_restrictions": {"doc": "26B: the suits the offender's partner may be prohibited from leading, for an "
                                 "offender who defends (once the declaring side is known, one who does not "
                                 "defend has none); the suits are those the offender did not name in the "
                                 "standing calls (`table.lead_restrictions` holds the offender and the call they come from)"},
    "exposed_cards": {"doc": "cards exposed during the auction period and not yet returned or made penalty cards, "
                             "each with the law that exposed it (24, or 54E for a lead attempted by the declaring "
                             "side): `table.exposed` without `major`"},
    "penalty_cards": {"doc": "penalty cards, major or minor, each with the law that made it one (24E, 54D, 49): "
                             "`table.penalty_cards`",
                      "expr": {"var": "table.penalty_cards"}},
    "returned_cards": {"doc": "cards shown at the table (exposed, penalty cards, leads) that went back to the hand, "
                              "each with the law that sent it back: `table.returned_cards`",
                       "expr": {"var": "table.returned_cards"}},
    "unauthorized_information": {"doc": "information from a withdrawn or cancelled call or an exposed card, "
                                        "for whom, and under which law"},
    "pending": {"doc": "irregularities the LHO called over, awaiting the Director: `table.pending`, law and source"},
    "held": {"doc": "calls made while a ruling waited, by a player whose call was none of the choices then open "
                    "(9B2), oldest first, each ruled once that ruling is given: `table.held`, the sources"},
    "reviews": {"doc": "the law of each review of the auction given (20B, 20C, 41B)", "expr": {"var": "table.reviews"}},
    "misinformation_judged": {"doc": "21B1: the Director has judged that a call was made on misinformation, before "
                                     "the player changes it (until his partner calls)",
                              "expr": {"var": "table.misinformation_ruled"}},
    "sides_with_cards": {"doc": "17A: the sides that have taken their cards out of the board",
                         "expr": {"var": "table.sides_with_cards"}},
    "rulings": {"doc": "the law of each ruling of the Director, in order", "expr": {"var": "table.rulings"}},
}  # fmt: skip
SCXML_NS = "http://www.w3.org/2005/07/scxml"
LAW_NS = "urn:fsm-bridge-auction:law"


def _fn(fn: Callable[..., Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"name": name_of(fn), "fr": wording(fn, "fr"), "en": wording(fn, "en")}
    if condition_of(fn) is not None:
        out["test"] = condition_of(fn)
    if effects_of(fn) is not None:
        out["effects"] = effects_of(fn)
    return out


def effects_spec() -> dict[str, Any]:
    """The effects an action may use, as the export publishes them."""
    return {
        "control": dict(CONTROL),
        "effects": [
            {
                "name": x.name,
                "doc": x.doc,
                "params": [
                    {
                        "name": p.name,
                        "doc": p.doc,
                        "kind": p.kind,
                        "required": p.required,
                        **({} if p.required else {"default": p.default}),
                        **({"choices": list(p.choices)} if p.choices else {}),
                    }
                    for p in x.params
                ],
                "examples": list(x.examples),
            }
            for x in EFFECTS.effects.values()
        ],
    }


def context_spec() -> dict[str, Any]:
    """The expression language and the board context, as the export publishes them; each variable of
    the record (``table.*``) with its value on a board before any event (dealer North), and where a
    board whose cards are still in it starts otherwise, its value there."""
    from fsm.model.board import Board

    def before_any_event(board: Board) -> dict[str, Any]:
        return {name: json.loads(json.dumps(v.get(board.table, None))) for name, v in CONTEXT.variables.items()
                if name.startswith("table.")}  # fmt: skip

    fresh = before_any_event(Board())
    boxed = before_any_event(Board(cards_in_board=True))
    return {
        "language": "JsonLogic, with the builtins below, the host operators and the definitions below",
        "builtins": dict(BUILTINS),
        "variables": [
            {
                "name": v.name,
                "type": v.type,
                "doc": v.doc,
                **({"items": v.items} if v.items else {}),
                **({"optional": list(v.optional)} if v.optional else {}),
                **({"expr": v.expr, "law": v.law} if v.expr is not None else {}),
                **({"initial": fresh[v.name]} if v.name in fresh else {}),
                **({"initial_cards_in_board": boxed[v.name]} if boxed.get(v.name) != fresh.get(v.name) else {}),
            }
            for v in CONTEXT.variables.values()
        ],
        "operators": [
            {
                "name": o.name,
                "args": list(o.args),
                "doc": o.doc,
                "pure": o.pure,
                "examples": [{"expr": x, "context": c, "value": v} for x, c, v in o.examples],
            }
            for o in CONTEXT.operators.values()
        ],
        "definitions": [
            {
                "name": d.name,
                "params": list(d.params),
                "doc": d.doc,
                "law": d.law,
                "pure": CONTEXT.pure(d.name),
                "expr": d.expr,
                "examples": [{"expr": x, "context": c, "value": v} for x, c, v in d.examples],
            }
            for d in CONTEXT.definitions.values()
        ],
    }


_JS_COMPARE = {"==": "===", "!=": "!==", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


def ecmascript(rule: Any, item: bool = False) -> str:
    """An expression as ECMAScript over the SCXML data model: ``_event.data`` is the event; ``call``,
    ``entry``, ``irregularity``, ``table`` and ``auction`` are data of the document; host operators
    are functions of the document's ``ops``; inside an array operation ``it`` is the item."""
    if isinstance(rule, list):
        return "[" + ", ".join(ecmascript(x, item) for x in rule) + "]"
    if not isinstance(rule, dict):
        return json.dumps(rule, ensure_ascii=False)
    ((op, args),) = rule.items()
    args = args if isinstance(args, list) else [args]
    if op == "arg":  # a definition's parameter: an argument of its function (definitions_js)
        return f"a_{args[0]}"
    if op in ("var", "ctx"):
        path = str(args[0]) if args else ""
        if op == "var" and item:
            return "it" + "".join(f"?.{p}" for p in path.split(".") if p)
        head, *rest = path.split(".")
        base = "_event.data" if head == "event" else head
        read = base + "".join(("." if i == 0 else "?.") + p for i, p in enumerate(rest))
        if len(args) > 1 and args[1] is not None:  # the default, for null or absent
            return f"({read} ?? {ecmascript(args[1], item)})"
        return read
    js = [ecmascript(a, item) for a in args]
    if op in ("<", "<=", ">", ">="):  # false when either side is null, as the language has it
        names = ["x", "y", "z"][: len(js)]
        known = " && ".join(f"{n} != null" for n in names)
        pairs = " && ".join(f"{a} {op} {b}" for a, b in zip(names, names[1:], strict=False))
        return f"(({', '.join(names)}) => {known} && {pairs})({', '.join(js)})"
    if op in _JS_COMPARE:
        sign = _JS_COMPARE[op]
        if op in ("==", "!=") and None in args:  # null or absent: a loose test, as JsonLogic's
            sign = sign[:-1]
        return f"({js[0]} {sign} {js[1]})"
    if op == "!":
        return f"!({js[0]})"
    if op == "!!":
        return f"!!({js[0]})"
    if op in ("and", "or"):
        return "(" + (" && " if op == "and" else " || ").join(js) + ")"
    if op == "if":
        out = js[-1] if len(js) % 2 else "null"
        for i in range(len(js) - 2 - (len(js) % 2), -1, -2):
            out = f"({js[i]} ? {js[i + 1]} : {out})"
        return out
    if op == "in":
        return f"({js[1]} ?? []).includes({js[0]})"
    if op == "cat":  # join writes null as "", as JsonLogic's cat does
        return "[" + ", ".join(js) + '].join("")'
    if op in ("first", "last"):
        source = f"({js[0]} ?? [])"
        if len(args) == 1:
            return f"({source}.at({0 if op == 'first' else -1}) ?? null)"
        find = "find" if op == "first" else "findLast"
        return f"({source}.{find}((it) => {ecmascript(args[1], True)}) ?? null)"
    if op == "reverse":
        return f"({js[0]} ?? []).slice().reverse()"
    if op in ("after", "before"):
        source, test = f"({js[0]} ?? [])", f"(it) => {ecmascript(args[1], True)}"
        cut = "s.slice(i + 1)" if op == "after" else "s.slice(0, i)"
        return f"((s) => {{ const i = s.findIndex({test}); return i < 0 ? [] : {cut}; }})({source})"
    if op in ("+", "-"):  # null unless every argument is a number
        numbers = f'[{", ".join(js)}].every((x) => typeof x === "number")'
        value = " + ".join(js) if op == "+" else (f"{js[0]} - {js[1]}" if len(js) == 2 else f"-{js[0]}")
        return f"({numbers} ? ({value}) : null)"
    if op in ("some", "all", "none", "filter", "map", "count"):
        source = f"({js[0]} ?? [])"
        if op == "count" and len(args) == 1:
            return f"{source}.length"
        test = f"(it) => {ecmascript(args[1], True)}"
        return {
            "some": f"{source}.some({test})",
            "none": f"!{source}.some({test})",
            "all": f"({source}.length > 0 && {source}.every({test}))",
            "filter": f"{source}.filter({test})",
            "map": f"{source}.map({test})",
            "count": f"{source}.filter({test}).length",
        }[op]
    if op in CONTEXT.definitions:
        return f"defs.{op}(" + ", ".join(js) + ")"
    return f"ops.{op}(" + ", ".join(js) + ")"


def definitions_js() -> list[str]:
    """The definitions of the data as functions of the document's top-level script (``defs``), each
    parameter an argument ``a_<name>``; a definition calls only those written before it."""
    lines = ["var defs = {};"]
    for d in CONTEXT.definitions.values():
        params = ", ".join(f"a_{p}" for p in d.params)
        lines.append(f"defs.{d.name} = ({params}) => {ecmascript(d.expr)};")
    return lines


def scxml_cond(guards: tuple[Callable[..., Any], ...]) -> str:
    """The guards of a rule as one ECMAScript condition, every guard's expression written out."""
    return " && ".join(f"({ecmascript(condition_of(g))})" for g in guards)


def to_dict(engine: Engine | None = None) -> dict[str, Any]:
    engine = engine or default_engine()
    return {
        "format": FORMAT,
        "version": VERSION,
        "initial": dict(INITIAL),
        "setup": [
            {"name": "dealer", "choices": ["N", "E", "S", "W"], "default": "N"},
            {"name": "vulnerable", "choices": list(VULNERABILITIES), "default": "None"},
            {"name": "cards_in_board", "choices": [False, True], "default": False},
        ],
        "settings": [
            {"name": name, "choices": list(choices), "default": getattr(Settings(), name)}
            for name, choices in CHOICES.items()
        ],
        "kinds": [{"name": k.name.lower(), "law": k.law, "fr": k.fr, "en": k.en} for k in CallKind],
        "snapshot": [{"key": key, **spec} for key, spec in SNAPSHOT.items()],
        "context": context_spec(),
        "effects": effects_spec(),
        "decisions": [d.to_data() for d in engine.decisions],
        "triggers": [t.to_data() for t in engine.triggers],
        "events": [
            {
                "name": e.name,
                "args": [{"name": a.name, "type": a.type, "required": a.required,
                          **({} if a.logged is None else {"logged": a.logged}),
                          **({} if a.unread is None else {"unread": dict(zip(("law", "fr", "en"), a.unread, strict=True))})}
                         for a in e.args],
                "law": e.law, "fr": e.fr, "en": e.en, "meaning": e.meaning,
                "by_state": e.by_state, "one_of": e.one_of, "internal": e.internal,
            }
            for e in SPECS
        ],
        "states": [
            {"name": s.name, "law": s.law, "fr": s.fr, "en": s.en, "initial": s.initial, "final": s.final, "waiting": s.waiting,
             "takes": list(s.takes)}
            for s in engine.states.values()
        ],
        "rules": [
            {
                "id": r.id, "event": r.event, "source": r.source, "dest": r.dest, "law": r.law, "cites": list(r.cites),
                "fr": r.fr, "en": r.en, "guards": [_fn(g) for g in r.guards], "actions": [_fn(a) for a in r.actions],
                "ruling": r.ruling,
                "outcome": {"fr": r.outcome[0], "en": r.outcome[1]} if r.outcome else None,
            }
            for r in engine.rules
        ],
        "holders": [
            _fn(h)
            for h in sorted({o.holder for opts in engine.options.values() for o in opts if o.holder}, key=name_of)
        ],
        "options": {
            state: [
                {"event": o.event, "holder": name_of(o.holder) if o.holder else None, "law": o.law, "fr": o.fr, "en": o.en}
                for o in opts
            ]
            for state, opts in engine.options.items()
        },
    }  # fmt: skip


def to_json(engine: Engine | None = None) -> str:
    return json.dumps(to_dict(engine), ensure_ascii=False, indent=1)


def _bad(fr: str, en: str, key: str = "-") -> InputError:
    return InputError(f"spécification de la machine : {fr}", f"machine spec: {en}", key=key)


def _lookup(name: Any, kind: str) -> Callable[..., Any]:
    fn = REGISTRY.get(name, kind) if isinstance(name, str) else None
    if fn is None:
        raise _bad(f"{kind} inconnu « {name} »", f"unknown {kind} '{name}'", str(name))
    return fn


def _checked(data: dict[str, Any], kind: str) -> Callable[..., Any]:
    """A guard, holder or action named by the spec, whose expression or effects must be the project's
    own for that name."""
    fn = _lookup(data["name"], kind)
    if data.get("test") != condition_of(fn) or data.get("effects") != effects_of(fn):
        raise _bad(
            f"« {data['name']} » n'a pas l'expression ou les effets du projet",
            f"{kind} '{data['name']}' does not carry the project's expression or effects",
            str(data["name"]),
        )
    return fn


def from_json(text: str) -> Engine:
    """Rebuild an engine from the JSON markup; every function is looked up in the registry by name."""
    try:
        data = jsontext.loads(text)
    except InputError as err:
        raise _bad(err.message_fr, err.message_en) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise _bad(f"ce n'est pas une spécification (version {VERSION})", f"not a machine spec (version {VERSION})")
    try:
        specs = [StateSpec(**{**s, "takes": tuple(s["takes"])}) for s in data["states"]]
        rules = [
            Rule(
                r["event"],
                r["source"],
                r["dest"],
                r["law"],
                r["fr"],
                r["en"],
                tuple(_checked(g, "guard") for g in r["guards"]),
                tuple(_checked(a, "action") for a in r["actions"]),
                r["ruling"],
                tuple(r.get("cites", ())),
                (r["outcome"]["fr"], r["outcome"]["en"]) if r.get("outcome") else None,
            )
            for r in data["rules"]
        ]
        holders = {h["name"]: _checked(h, "holder") for h in data["holders"]}
        options = {
            state: [
                Option(o["event"], holders[o["holder"]] if o["holder"] else None, o["law"], o["fr"], o["en"])
                for o in opts
            ]
            for state, opts in data["options"].items()
        }
        # Decisions and triggers are expressions only: they are compiled from the spec itself.
        decisions = [Decision.from_data(d) for d in data["decisions"]]
        triggers = [Trigger.from_data(t) for t in data["triggers"]]
    except (KeyError, TypeError, AttributeError) as err:
        raise _bad(f"champ manquant ou mal formé ({err})", f"missing or malformed field ({err})") from None
    return Engine(specs, rules, options, decisions, triggers)


def _js_key(key: str) -> str:
    return key if key.isidentifier() else json.dumps(key)


def _js_param(param: Any, value: Any, item: bool) -> str:
    """One parameter's value as ECMAScript: a name or literal as written, an expression translated,
    an object of expressions field by field, and an item expression as a function of the item."""
    kind = param.kind if param is not None else "expr"
    if kind in ("name", "literal"):
        return json.dumps(value, ensure_ascii=False)
    if kind == "fields":
        return "{" + ", ".join(f"{_js_key(k)}: {ecmascript(x, item)}" for k, x in value.items()) + "}"
    if kind == "item":
        return f"(it) => {ecmascript(value, True)}"
    return ecmascript(value, item)


def effects_js(effects: Any, item: bool = False, indent: str = "") -> list[str]:
    """An action's effects as ECMAScript statements: each host effect a call of ``fx.<name>`` with
    its parameters as one object; ``if``, ``each`` and ``with`` as an if, a for-of over a copy of the
    array (read when it starts) and a block binding ``it`` (the item ``var`` reads inside)."""
    lines: list[str] = []
    for eff in effects:
        ((name, args),) = eff.items()
        if name == "if":
            lines.append(f"{indent}if ({ecmascript(args[0], item)}) {{")
            lines += effects_js(args[1], item, indent + "  ")
            if len(args) == 3:
                lines.append(f"{indent}}} else {{")
                lines += effects_js(args[2], item, indent + "  ")
            lines.append(f"{indent}}}")
        elif name in ("each", "with"):
            head = ecmascript(args[0], item)
            inner = indent + "  "
            if item:  # the head reads the item around it, which a `const it` of its own would hide
                lines += [f"{indent}{{", f"{inner}const outer_{len(indent)} = {head};"]
                head, inner = f"outer_{len(indent)}", inner + "  "
            if name == "each":
                lines.append(f"{inner[2:]}for (const it of [...({head} ?? [])]) {{")
            else:
                lines += [f"{inner[2:]}{{", f"{inner}const it = {head};"]
            lines += effects_js(args[1], True, inner)
            lines.append(f"{inner[2:]}}}")
            if item:
                lines.append(f"{indent}}}")
        else:
            spec = EFFECTS.effects[name]
            values = []
            for p in spec.params:
                if p.name in args:
                    values.append(f"{_js_key(p.name)}: {_js_param(p, args[p.name], item)}")
                elif p.kind == "expr" and isinstance(p.default, (dict, list)):
                    # A default that reads the context is evaluated here; fx knows the plain ones.
                    values.append(f"{_js_key(p.name)}: {ecmascript(p.default, item)}")
            lines.append(f"{indent}fx.{name}({{" + ", ".join(values) + "});")
    return lines


def _decider(decision: Decision) -> str:
    return "decide_" + decision.name.replace(".", "_")


def decisions_js(decisions: tuple[Decision, ...], lang: str = "fr") -> str:
    """Each decision table as an ECMAScript function of the event (``_event``), written from its
    rows: the first row whose condition holds decides, by its outcome or its own rows, and a table
    none of whose rows holds falls through to the next row, as an if without an else does."""

    def rows(table: tuple[Row, ...], indent: str) -> list[str]:
        out: list[str] = []
        for row in table:
            out.append(f"{indent}// {row.law}: {getattr(row, lang)}".replace("\n", " "))
            body = [f"{indent}  return {json.dumps(row.then)};"] if not row.rows else rows(row.rows, indent + "  ")
            head = "{" if row.when is ALWAYS else f"if ({ecmascript(row.when)}) {{"
            out += [indent + head, *body, indent + "}"]
        return out

    text: list[str] = []
    for d in decisions:
        text.append(f"// {d.name} ({d.law}), for '{d.event}' in {d.state}: {getattr(d, lang)}")
        text += [f"function {_decider(d)}(_event) {{", *rows(d.rows, "  "), "  return null;", "}"]
    return "\n".join(text)


def _deciding(engine: Engine, rule: Rule) -> list[str]:
    """The decisions a rule's guards are asked after: those for its event in its state or a state
    around it, which the machine runs before offering the event to any rule."""
    return [
        f"({d.name} = {_decider(d)}(_event))"
        for d in engine.decisions
        if d.event == rule.event and (rule.source == d.state or rule.source.startswith(d.state + "."))
    ]


def scxml_transition_cond(engine: Engine, rule: Rule) -> str | None:
    """A transition's ``cond``: its decisions, made first (an assignment, then true), and then every
    guard's expression."""
    decided = _deciding(engine, rule)
    parts = ([f"({', '.join(decided)}, true)"] if decided else []) + ([scxml_cond(rule.guards)] if rule.guards else [])
    return " && ".join(parts) or None


def _script(parent: ET.Element, lines: list[str], indent: str) -> None:
    ET.SubElement(parent, f"{{{SCXML_NS}}}script").text = (
        "\n" + "\n".join(indent + x for x in lines) + "\n" + indent[2:]
    )


def to_scxml(engine: Engine | None = None, lang: str = "fr", cards_in_board: bool = False) -> str:
    """W3C SCXML (``datamodel="ecmascript"``): one state element per state with nesting; transitions
    with event, cond (the decisions made first, then every guard's expression) and target, and the
    actions' effects as a ``<script>`` calling the host's effects (``fx``); each decision table a
    function of the top-level ``<script>``; each trigger an eventless transition raising its event.

    The law of each state and transition, its labels, the names of its guards and actions and the
    events a state takes are annotations in their own namespace. Internal transitions (no change of
    state) are targetless, as SCXML writes them.
    """
    engine = engine or default_engine()
    ET.register_namespace("", SCXML_NS)
    ET.register_namespace("law", LAW_NS)
    start = INITIAL["cards_in_board" if cards_in_board else "default"]
    root = ET.Element(
        f"{{{SCXML_NS}}}scxml",
        {"version": "1.0", "name": "bridge_auction", "initial": start, "datamodel": "ecmascript"},
    )
    model = ET.SubElement(root, f"{{{SCXML_NS}}}datamodel")
    # The host keeps the board's data up to date and gives the operators and effects (docs/interop.md);
    # `triggered` is the document's own: the event after which a trigger last raised its event.
    for data in ("call", "entry", "irregularity", "table", "auction", "settings", "ops", "fx"):
        ET.SubElement(model, f"{{{SCXML_NS}}}data", {"id": data, "expr": "{}"})
    ET.SubElement(model, f"{{{SCXML_NS}}}data", {"id": "triggered", "expr": "null"})
    _script(root, definitions_js(), "    ")
    if engine.decisions:
        _script(root, decisions_js(engine.decisions, lang).splitlines(), "    ")
    elements: dict[str, ET.Element] = {}
    for spec in sorted(engine.states.values(), key=lambda s: s.name.count(".")):  # parents first
        parent = elements[spec.parent] if spec.parent else root
        tag = "final" if spec.final else "state"
        attrs = {"id": spec.name, f"{{{LAW_NS}}}ref": spec.law, f"{{{LAW_NS}}}label": getattr(spec, lang)}
        if spec.takes:
            attrs[f"{{{LAW_NS}}}takes"] = " ".join(spec.takes)
        children = [s for s in engine.states.values() if s.parent == spec.name]
        initial = [s.name for s in children if s.initial]
        if initial:
            attrs["initial"] = initial[0]
        elements[spec.name] = ET.SubElement(parent, f"{{{SCXML_NS}}}{tag}", attrs)
    depth = {name: "  " * (name.count(".") + 3) for name in engine.states}
    for rule in engine.rules:
        attrs = {"event": rule.event, f"{{{LAW_NS}}}ref": rule.law, f"{{{LAW_NS}}}label": getattr(rule, lang)}
        cond = scxml_transition_cond(engine, rule)
        if cond:
            attrs["cond"] = cond
        if rule.guards:
            attrs[f"{{{LAW_NS}}}guards"] = " ".join(name_of(g) for g in rule.guards)
        if rule.dest:
            attrs["target"] = rule.dest
        if rule.actions:
            attrs[f"{{{LAW_NS}}}actions"] = " ".join(name_of(a) for a in rule.actions)
        transition = ET.SubElement(elements[rule.source], f"{{{SCXML_NS}}}transition", attrs)
        if rule.actions:
            lines = [x for a in rule.actions for x in effects_js(effects_of(a))]
            _script(transition, lines, depth[rule.source] + "  ")
    for trigger in engine.triggers:
        # Eventless, so tried once the event that led here has been taken; at most once per event
        # from outside (`triggered` remembers it), else the condition, still true until the raised
        # event is handled, would take the transition again and again.
        cond = f'triggered !== _event && _event?.type === "external" && ({ecmascript(trigger.when)})'
        attrs = {
            "cond": cond,
            f"{{{LAW_NS}}}ref": trigger.law,
            f"{{{LAW_NS}}}label": getattr(trigger, lang),
            f"{{{LAW_NS}}}trigger": trigger.raises,
        }
        transition = ET.SubElement(elements[trigger.state], f"{{{SCXML_NS}}}transition", attrs)
        _script(transition, ["triggered = _event;"], depth[trigger.state] + "  ")
        ET.SubElement(transition, f"{{{SCXML_NS}}}raise", {"event": trigger.raises})
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _mid(name: str) -> str:
    return name.replace(".", "__")


def _text(label: str) -> str:
    return label.replace(":", " -").replace(";", ",").replace("\n", " ").replace('"', "'")


def to_mermaid(engine: Engine | None = None, lang: str = "fr") -> str:
    """Mermaid ``stateDiagram-v2``, which GitHub renders in Markdown."""
    engine = engine or default_engine()
    law = LAW[lang]
    lines = ["stateDiagram-v2", "  [*] --> auction"]

    def block(parent: str | None, indent: str) -> None:
        for spec in engine.states.values():
            if spec.parent != parent:
                continue
            label = _text(f"{getattr(spec, lang)} ({law} {spec.law})")
            kids = [s for s in engine.states.values() if s.parent == spec.name]
            if kids:
                lines.append(f'{indent}state "{label}" as {_mid(spec.name)} {{')
                initial = [s for s in kids if s.initial]
                if initial:
                    lines.append(f"{indent}  [*] --> {_mid(initial[0].name)}")
                block(spec.name, indent + "  ")
                lines.append(f"{indent}}}")
            else:
                lines.append(f'{indent}state "{label}" as {_mid(spec.name)}')
            if spec.final:
                lines.append(f"{indent}{_mid(spec.name)} --> [*]")

    block(None, "  ")
    for rule in engine.rules:
        target = rule.dest or rule.source
        lines.append(f"  {_mid(rule.source)} --> {_mid(target)} : {rule.event} ({law} {rule.law})")
    return "\n".join(lines) + "\n"
