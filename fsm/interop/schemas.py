"""JSON Schemas (draft 2020-12) of the formats other implementations read and write: an event, a
record (a board's set-up and event log), a snapshot, ``options()``, a scenario file, the machine
export. They are written from the declarations (events, settings, states), shipped in
``fsm/schemas/`` and printed by ``python -m fsm schema NAME``; a test checks the shipped files.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from fsm.bridge.auction import Relation
from fsm.bridge.events import SPECS
from fsm.bridge.records import CallKind
from fsm.bridge.settings import CHOICES
from fsm.interop.conformance import VERSION as CORPUS_VERSION
from fsm.interop.export import VERSION as MACHINE_VERSION
from fsm.interop.oracle import VERSION as ORACLE_VERSION

FOLDER = Path(__file__).parent.parent / "schemas"
BASE = "urn:fsm-bridge-auction:schema:"
DRAFT = "https://json-schema.org/draft/2020-12/schema"

SEAT = {"enum": ["N", "E", "S", "W"]}
CALL = {"type": "string", "pattern": "^([1-9][0-9]*(C|D|H|S|NT)|Pass|X|XX)$"}
CARD = {"type": "string", "pattern": "^[SHDC][2-9TJQKA]$"}
SUIT = {"enum": ["S", "H", "D", "C"]}
STRAIN = {"enum": ["S", "H", "D", "C", "NT"]}
LAW = {"type": "string", "pattern": "^[0-9]{1,2}[A-G]?[0-9]?(\\([a-d]\\))?(\\((i|ii|iii|iv)\\))?$"}
TOKEN = {"type": "string", "pattern": "^[NESW]:([1-9][0-9]*(C|D|H|S|NT)|Pass|X|XX|[SHDC][2-9TJQKA])$"}
# A call that stands in an auction, or was made and cancelled: a bid above seven can be made (38)
# but never stand, and a card is never a call.
STANDING = {"type": "string", "pattern": "^[NESW]:([1-7](C|D|H|S|NT)|Pass|X|XX)$"}
CALL_TOKEN = {"type": "string", "pattern": "^[NESW]:([1-9][0-9]*(C|D|H|S|NT)|Pass|X|XX)$"}
ARG_TYPES: dict[str, dict[str, Any]] = {
    "seat": SEAT,
    "call": CALL,
    "bool": {"type": "boolean"},
    "strains": {"type": "array", "items": STRAIN, "minItems": 1},
    "cards": {"type": "array", "items": CARD, "minItems": 1},
    "card": CARD,
    "suit": SUIT,
}
_HAND = "[AKQJT2-9akqjt]*(\\.[AKQJT2-9akqjt]*){3}"
# A deal as the PBN Deal tag gives it; the loader also checks 52 distinct cards, 13 a hand.
DEAL = {"type": "string", "pattern": f"^\\s*[NESWnesw]:\\s*{_HAND}(\\s+{_HAND}){{3}}\\s*$"}
NAMES = ("event", "record", "snapshot", "options", "scenario", "machine", "conformance", "corpus-index",
         "corpus-random", "oracle", "check")  # fmt: skip


def _doc(name: str, title: str, body: dict[str, Any]) -> dict[str, Any]:
    return {"$schema": DRAFT, "$id": BASE + name, "title": title, **body}


def event_schema() -> dict[str, Any]:
    """One event as the log writes it: ``{name: {arguments}}``, arguments in PBN tokens."""
    variants = []
    for spec in SPECS:
        if spec.internal:
            continue
        args: dict[str, Any] = {
            "type": "object",
            "properties": {a.name: ARG_TYPES[a.type] for a in spec.args},
            "additionalProperties": False,
        }
        if spec.one_of:
            args.update(minProperties=1, maxProperties=1)
        elif spec.required:
            args["required"] = list(spec.required)
        variants.append({
            "type": "object",
            "properties": {spec.name: args if spec.args else {"type": ["object", "null"], "maxProperties": 0}},
            "required": [spec.name],
            "additionalProperties": False,
            "description": spec.meaning,
        })  # fmt: skip
    return _doc("event", "An event of the auction period", {"oneOf": variants})


def settings_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {k: {"enum": list(v)} for k, v in CHOICES.items()},
        "additionalProperties": False,
    }


def record_schema() -> dict[str, Any]:
    return _doc("record", "A board: its set-up and its event log", {
        "type": "object",
        "properties": {
            "dealer": SEAT,
            "vulnerable": {"enum": ["None", "NS", "EW", "All"]},
            "settings": settings_schema(),
            "cards_in_board": {"type": "boolean"},
            "events": {"type": "array", "items": {"$ref": BASE + "event"}},
        },
        "required": ["events"],
        "additionalProperties": False,
    })  # fmt: skip


def _obj(props: dict[str, Any], required: bool = True) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        out["required"] = list(props)
    return out


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


WORDS = _obj({"fr": {"type": "string"}, "en": {"type": "string"}}, False)  # a text in French and English


SNAPSHOT_PROPERTIES: dict[str, Any] = {
    "state": {"type": "string", "pattern": "^[a-z_]+(\\.[a-z_]+)*$"},
    "dealer": SEAT,
    "vulnerable": {"enum": ["None", "NS", "EW", "All"]},
    "turn": _nullable(SEAT),
    "auction": {"type": "array", "items": CALL_TOKEN},
    "cancelled": {"type": "array", "items": CALL_TOKEN},
    "contract": _nullable({"type": "string", "pattern": "^(Pass|[1-9][0-9]*(C|D|H|S|NT)(X|XX)?)$"}),
    "declarer": _nullable(SEAT),
    "dummy": _nullable(SEAT),
    "opening_leader": _nullable(SEAT),
    "irregularity": _nullable({**_obj({
        "law": LAW, "kind": {"enum": [k.name.lower() for k in CallKind]}, "source": TOKEN, "turn": SEAT,
        "relation": {"enum": [r.value for r in Relation]},
        "replacement": CALL_TOKEN, "original": CALL_TOKEN, "held": CALL_TOKEN,
    }), "required": ["law", "kind", "source", "turn", "relation"]}),
    "lead": _nullable(_obj({"seat": SEAT, "card": CARD, "faced": {"type": "boolean"}})),
    "lead_constraints": {"type": "array", "items": {**_obj({
        "seat": SEAT, "kind": {"enum": ["require", "prohibit", "designate"]}, "suit": SUIT, "law": LAW, "card": CARD,
    }), "required": ["seat", "kind", "suit", "law"]}},
    "obligations": {"type": "array", "items": _obj({
        "seat": SEAT, "kind": {"enum": ["pass_next_turn", "pass_rest", "repeat_call"]}, "law": LAW,
    })},
    "lead_restrictions": {"type": "array", "items": _obj({
        "seat": SEAT, "law": LAW, "suits": {"type": "array", "items": SUIT},
    })},
    "exposed_cards": {"type": "array", "items": _obj({"seat": SEAT, "card": CARD, "law": LAW})},
    "penalty_cards": {"type": "array", "items": _obj({"seat": SEAT, "card": CARD, "kind": {"enum": ["major", "minor"]}, "law": LAW})},
    "returned_cards": {"type": "array", "items": _obj({"seat": SEAT, "card": CARD, "law": LAW})},
    "unauthorized_information": {"type": "array", "items": _obj({
        "source": TOKEN, "for": {"type": "array", "items": SEAT}, "law": LAW,
    })},
    "pending": {"type": "array", "items": _obj({"law": LAW, "source": TOKEN})},
    "held": {"type": "array", "items": TOKEN},
    "reviews": {"type": "array", "items": LAW},
    "rulings": {"type": "array", "items": LAW},
    "misinformation_judged": {"type": "boolean"},
    "sides_with_cards": {"type": "array", "items": {"enum": ["NS", "EW"]}},
}  # fmt: skip


# A bid above seven can stand in the auction, and so make the contract the auction names, only
# while its cancellation waits for the Director (38, in ``pending``): he cancels it whenever he
# comes, and no contract above seven is ever played (38A). Otherwise every level is one to seven.
ABOVE_SEVEN_PENDING = {"properties": {"pending": {"contains": {"properties": {"law": {"pattern": "^38"}}}}}}
UP_TO_SEVEN = {"properties": {
    "auction": {"items": STANDING},
    "contract": _nullable({"type": "string", "pattern": "^(Pass|[1-7](C|D|H|S|NT)(X|XX)?)$"}),
}}  # fmt: skip


def snapshot_schema() -> dict[str, Any]:
    return _doc("snapshot", "What a board tells", {
        **_obj(SNAPSHOT_PROPERTIES), "if": {"not": ABOVE_SEVEN_PENDING}, "then": UP_TO_SEVEN,
    })  # fmt: skip


def options_schema() -> dict[str, Any]:
    events = [s.name for s in SPECS if not s.internal]
    return _doc("options", "What may happen now", {
        "type": "array",
        "items": _obj({
            "event": {"enum": events},
            "seats": _nullable({"type": "array", "items": SEAT}),
            "law": {"type": "string"},
            "fr": {"type": "string"},
            "en": {"type": "string"},
        }),
    })  # fmt: skip


def scenario_schema() -> dict[str, Any]:
    """The scenario format (version 2), as a YAML or JSON reader sees a file.

    YAML readers may give a law reference as a number (``24``): a text or a number is accepted
    wherever the format compares values as text.
    """
    text = {"type": ["string", "number"]}
    expect = _obj({**SNAPSHOT_PROPERTIES, **_step_expectations(text)}, required=False)
    step = {"oneOf": [
        {"$ref": BASE + "event"},
        _obj({"calls": {"type": "string"}}),
        {"type": "object", "properties": {"rejected": {
            "type": "object",
            "properties": {"event": {"$ref": BASE + "event"}, "law": text},
            "required": ["event"], "additionalProperties": False,
        }}, "required": ["rejected"], "additionalProperties": False},
    ]}  # fmt: skip
    scenario = {
        "type": "object",
        "properties": {
            "id": {"type": "string", "minLength": 1},
            "title": {"anyOf": [{"type": "string"}, WORDS]},
            "laws": {"type": "array", "items": text},
            "dealer": SEAT,
            "vulnerable": {"enum": ["None", "NS", "EW", "All"]},
            "settings": settings_schema(),
            "cards_in_board": {"type": "boolean"},
            "events": {"type": "array", "items": step, "minItems": 1},
            "expect": expect,
            "checkpoints": {"type": "object", "patternProperties": {"^[1-9][0-9]*$": expect},
                            "additionalProperties": False},
            "source": {"type": "string"}, "notes": {"anyOf": [{"type": "string"}, WORDS]},
            "deal": DEAL, "description": {"type": "string"},
            "tags": {"type": "array"}, "comment": {"type": "string"}, "author": {"type": "string"},
            "references": {"type": "array"},
        },
        "required": ["id", "events"],
        "additionalProperties": False,
    }  # fmt: skip
    return _doc("scenario", "A scenario file (format version 2)", {
        "$defs": {"scenario": scenario},
        "anyOf": [
            {"$ref": "#/$defs/scenario"},
            {"type": "array", "items": {"$ref": "#/$defs/scenario"}, "minItems": 1},
            _obj({"scenarios": {"type": "array", "items": {"$ref": "#/$defs/scenario"}, "minItems": 1}}),
        ],
    })  # fmt: skip


def expression_schema() -> dict[str, Any]:
    """An expression: a JSON constant, an array of expressions, or one operator applied to its
    arguments (an expression, or an array of them); the operators are JsonLogic's, this superset's
    and the host operators of the context (docs/expressions.md)."""
    from fsm.bridge.context import CONTEXT
    from fsm.engine import BUILTINS

    ref = {"$ref": "#/$defs/expr"}
    from fsm.laws import definitions  # noqa: F401 (the definitions the rules call)

    operators = sorted({*BUILTINS, *CONTEXT.operators, *CONTEXT.definitions})
    return {"anyOf": [
        {"type": ["null", "boolean", "number", "string"]},
        {"type": "array", "items": ref},
        {"type": "object", "minProperties": 1, "maxProperties": 1, "propertyNames": {"enum": operators},
         "additionalProperties": ref},
    ]}  # fmt: skip


def effect_schema() -> dict[str, Any]:
    """An effect: one of the engine's control effects (``if``, ``each``, ``with``) or one of the host's
    effects with its parameters (docs/effects.md)."""
    from fsm.bridge.effects import EFFECTS

    expr, effects = {"$ref": "#/$defs/expr"}, {"type": "array", "items": {"$ref": "#/$defs/effect"}}
    kinds = {
        "expr": expr,
        "item": expr,
        "literal": {},
        "fields": {"type": "object", "additionalProperties": expr},
    }
    alternatives: list[dict[str, Any]] = [
        {
            **_obj({"if": {"type": "array", "prefixItems": [expr, effects, effects], "minItems": 2, "maxItems": 3}}),
            "required": ["if"],
        },
        {
            **_obj({"each": {"type": "array", "prefixItems": [expr, effects], "minItems": 2, "maxItems": 2}}),
            "required": ["each"],
        },
        {
            **_obj({"with": {"type": "array", "prefixItems": [expr, effects], "minItems": 2, "maxItems": 2}}),
            "required": ["with"],
        },
    ]
    for x in EFFECTS.effects.values():
        params = {p.name: ({"enum": list(p.choices)} if p.kind == "name" else kinds[p.kind]) for p in x.params}
        body = {**_obj(params), "required": [p.name for p in x.params if p.required]}
        alternatives.append({**_obj({x.name: body}), "required": [x.name]})
    return {"oneOf": alternatives}  # fmt: skip


def machine_schema() -> dict[str, Any]:
    words = {"type": "string"}
    fn = _obj({"name": {"type": "string"}, "fr": words, "en": words,
               "effects": {"type": "array", "items": {"$ref": "#/$defs/effect"}}})  # fmt: skip
    guard = _obj({"name": {"type": "string"}, "fr": words, "en": words, "test": {"$ref": "#/$defs/expr"}})
    variable = {**_obj({"name": {"type": "string"}, "type": words, "doc": words,
                        "items": {"type": "object", "additionalProperties": words}, "initial": {}, "initial_cards_in_board": {},
                        "optional": {"type": "array", "items": words}, "expr": {"$ref": "#/$defs/expr"},
                        "law": {"type": ["string", "null"]}}),
                "required": ["name", "type", "doc"]}  # fmt: skip
    operator = _obj({"name": {"type": "string"}, "args": {"type": "array", "items": words}, "doc": words,
                     "pure": {"type": "boolean"},
                     "examples": {"type": "array", "items": _obj({"expr": {"$ref": "#/$defs/expr"},
                                                                  "context": words, "value": {}})}})  # fmt: skip
    definition = _obj({"name": {"type": "string"}, "params": {"type": "array", "items": words}, "doc": words,
                       "law": {"type": ["string", "null"]}, "pure": {"type": "boolean"}, "expr": {"$ref": "#/$defs/expr"},
                       "examples": {"type": "array", "items": _obj({"expr": {"$ref": "#/$defs/expr"},
                                                                    "context": {"type": "object"}, "value": {}})}})  # fmt: skip
    body = _obj({
        "format": {"const": "fsm-bridge-auction/machine"},
        "version": {"const": MACHINE_VERSION},
        "initial": _obj({"default": {"type": "string"}, "cards_in_board": {"type": "string"}}),
        "context": _obj({
            "language": words, "builtins": {"type": "object", "additionalProperties": words},
            "variables": {"type": "array", "items": variable}, "operators": {"type": "array", "items": operator},
            "definitions": {"type": "array", "items": definition},
        }),
        "effects": _obj({
            "control": {"type": "object", "additionalProperties": words},
            "effects": {"type": "array", "items": _obj({
                "name": words, "doc": words, "examples": {"type": "array", "items": {"$ref": "#/$defs/effect"}},
                "params": {"type": "array", "items": {**_obj({
                    "name": words, "doc": words, "kind": {"enum": ["expr", "name", "fields", "item", "literal"]},
                    "required": {"type": "boolean"}, "default": {}, "choices": {"type": "array", "items": words},
                }), "required": ["name", "doc", "kind", "required"]}},
            })},
        }),
        "setup": {"type": "array", "items": _obj({"name": words, "choices": {"type": "array"}, "default": {}})},
        "settings": {"type": "array", "items": _obj({"name": words, "choices": {"type": "array"}, "default": {}})},
        "kinds": {"type": "array", "items": _obj({"name": words, "law": LAW, "fr": words, "en": words})},
        "snapshot": {"type": "array", "items": {**_obj({"key": {"enum": list(SNAPSHOT_PROPERTIES)}, "doc": words,
                                                        "expr": {"$ref": "#/$defs/expr"}}),
                                                "required": ["key", "doc"]}},
        "decisions": {"type": "array", "items": _obj({
            "name": words, "state": words, "event": words, "law": LAW, "fr": words, "en": words,
            "outcomes": {"type": "array", "items": words}, "specialize": {"type": "array", "items": words},
            "rows": {"type": "array", "items": {"$ref": "#/$defs/row"}},
        })},
        "triggers": {"type": "array", "items": _obj({
            "state": words, "when": {"$ref": "#/$defs/expr"}, "raise": words, "law": LAW, "fr": words, "en": words,
        })},
        "events": {"type": "array", "items": _obj({
            "name": {"type": "string"},
            "args": {"type": "array", "items": {**_obj({
                "name": {"type": "string"}, "type": {"enum": list(ARG_TYPES)}, "required": {"type": "boolean"},
                "logged": {},
                # the refusal when the rule that takes the event never reads the argument
                "unread": {**_obj({"law": LAW, "fr": words, "en": words}), "required": ["law", "fr", "en"]},
            }), "required": ["name", "type", "required"]}},
            "law": LAW, "fr": words, "en": words, "meaning": words,
            "by_state": {"type": "boolean"}, "one_of": {"type": "boolean"}, "internal": {"type": "boolean"},
        })},
        "states": {"type": "array", "items": _obj({
            "name": {"type": "string"}, "law": LAW, "fr": words, "en": words,
            "initial": {"type": "boolean"}, "final": {"type": "boolean"}, "waiting": {"type": "boolean"},
            "takes": {"type": "array", "items": {"type": "string"}},
        })},
        "rules": {"type": "array", "items": _obj({
            "id": {"type": "string"}, "event": {"type": "string"}, "source": {"type": "string"},
            "dest": {"type": ["string", "null"]}, "law": LAW, "cites": {"type": "array", "items": LAW}, "fr": words, "en": words,
            "guards": {"type": "array", "items": guard}, "actions": {"type": "array", "items": fn},
            "ruling": {"type": "boolean"}, "outcome": _nullable(_obj({"fr": words, "en": words})),
        })},
        "holders": {"type": "array", "items": guard},
        "options": {"type": "object", "additionalProperties": {"type": "array", "items": _obj({
            "event": {"type": "string"}, "holder": {"type": ["string", "null"]}, "law": {"type": "string"},
            "fr": words, "en": words,
        })}},
    })  # fmt: skip
    row = {**_obj({"law": LAW, "fr": words, "en": words, "when": {"$ref": "#/$defs/expr"}, "then": words,
                   "rows": {"type": "array", "items": {"$ref": "#/$defs/row"}, "minItems": 1}}),
           "required": ["law", "fr", "en"], "oneOf": [{"required": ["then"]}, {"required": ["rows"]}]}  # fmt: skip
    body["$defs"] = {"expr": expression_schema(), "effect": effect_schema(), "row": row}
    return _doc("machine", f"The machine exported as JSON (version {MACHINE_VERSION})", body)


def _step_expectations(law: dict[str, Any]) -> dict[str, Any]:
    """What an expectation may state of the event itself (scenario format 2): the laws of the steps
    it fired, in order, and the seats offered an event under a law (none: not offered)."""
    return {
        "steps": {"type": "array", "items": law},
        "options": {"type": "array", "items": _obj({
            "event": {"type": "string"}, "law": law, "seats": {"anyOf": [{"type": "array", "items": SEAT, "uniqueItems": True}, {"type": "null"}]}})},
    }  # fmt: skip


def _expect() -> dict[str, Any]:
    """What a scenario expects: any keys of a snapshot, each as the snapshot writes it, and what the
    event did and what the board offers then (``steps``, ``options``)."""
    props = {k: {"$ref": f"{BASE}snapshot#/properties/{k}"} for k in SNAPSHOT_PROPERTIES}
    # as the scenario gave them: a law written as a number in YAML (39) is compared as text
    return _obj({**props, **_step_expectations({"type": ["string", "number"]})}, required=False)


def _steps() -> dict[str, Any]:
    """The events of a corpus document, each with the rules that fired and what the board tells
    after it, or the refusal: the law that refuses it and whether it was not allowed now
    (``IllegalEvent``) or could not be read (``InputError``)."""
    return {"type": "array", "items": {"oneOf": [
        _obj({"event": {"$ref": BASE + "event"}, "fired": {"type": "array", "items": {"type": "string"}, "minItems": 1},
              "snapshot": {"$ref": BASE + "snapshot"}, "options": {"$ref": BASE + "options"}}),
        _obj({"event": {"$ref": BASE + "event"}, "refused": _obj({
            "law": {"type": ["string", "null"]}, "type": {"enum": ["IllegalEvent", "InputError"]}})}),
    ]}}  # fmt: skip


def _setup() -> dict[str, Any]:
    return _obj({
        "dealer": SEAT, "vulnerable": {"enum": ["None", "NS", "EW", "All"]},
        "settings": settings_schema(), "cards_in_board": {"type": "boolean"},
    })  # fmt: skip


def _initial() -> dict[str, Any]:
    return _obj({"snapshot": {"$ref": BASE + "snapshot"}, "options": {"$ref": BASE + "options"}})


def conformance_schema() -> dict[str, Any]:
    """One scenario of the portable corpus (``python -m fsm export --corpus DIR``)."""
    return _doc("conformance", f"A scenario of the portable conformance corpus (version {CORPUS_VERSION})", _obj({
        "format": {"const": "fsm-bridge-auction/conformance"},
        "version": {"const": CORPUS_VERSION},
        "generator": {"type": "string"},
        "id": {"type": "string"},
        "file": {"type": "string"},
        "title": {"type": "object"},
        "laws": {"type": "array", "items": {"type": "string"}},
        "setup": _setup(),
        "initial": _initial(),
        "steps": _steps(),
        "expect": _expect(),
        "checkpoints": {"type": "object", "patternProperties": {"^[1-9][0-9]*$": _expect()},
                        "additionalProperties": False},
        "notes": WORDS,
        "deal": _nullable(DEAL),
    }))  # fmt: skip


def corpus_random_schema() -> dict[str, Any]:
    """A file of the corpus's random tier: sequences drawn from their seeds, answered by the model."""
    return _doc("corpus-random", f"A file of the random tier of the portable corpus (version {CORPUS_VERSION})", _obj({
        "format": {"const": "fsm-bridge-auction/conformance/random"},
        "version": {"const": CORPUS_VERSION},
        "generator": {"type": "string"},
        "sequences": {"type": "array", "items": _obj({
            "id": {"type": "string"}, "seed": {"type": "integer"}, "setup": _setup(), "initial": _initial(),
            "steps": _steps(),
        })},
    }))  # fmt: skip


def corpus_index_schema() -> dict[str, Any]:
    """``index.json`` of the portable corpus: the scenarios and the random tier's files."""
    count = {"type": "integer", "minimum": 0}
    return _doc("corpus-index", f"The index of the portable corpus (version {CORPUS_VERSION})", _obj({
        "format": {"const": "fsm-bridge-auction/conformance/index"},
        "version": {"const": CORPUS_VERSION},
        "generator": {"type": "string"},
        "machine": {"type": "string"},
        "scenarios": {"type": "array", "items": _obj({
            "id": {"type": "string"}, "file": {"type": "string"}, "family": {"type": "string"},
            "laws": {"type": "array", "items": {"type": "string"}}, "title": {"type": "object"}, "events": count,
        })},
        "random": _obj({"seed": {"type": "integer"}, "files": {"type": "array", "items": _obj({
            "file": {"type": "string"}, "seeds": {"type": "array", "prefixItems": [{"type": "integer"}] * 2,
                                                  "minItems": 2, "maxItems": 2},
            "sequences": count, "events": count,
        })}}),
    }))  # fmt: skip


def oracle_schema() -> dict[str, Any]:
    """One answer line of the oracle (``python -m fsm replay``, protocol ``ORACLE_VERSION``): the board's
    state in full (the default), as a JSON Patch from the previous answer (``--diff``, after the
    set-up), or as the snapshot keys asked for (``--keys``)."""
    line = {"type": ["integer", "null"], "minimum": 1}
    error = _obj({"type": {"enum": ["IllegalEvent", "InputError", "InternalError"]},
                  "law": {"type": ["string", "null"]},
                  "fr": {"type": "string", "minLength": 1}, "en": {"type": "string", "minLength": 1},
                  "key": {"type": ["string", "null"]}})  # fmt: skip
    versions = _obj({"oracle": {"const": ORACLE_VERSION}, "machine": {"type": "integer"}, "corpus": {"type": "integer"},
                     "scenario": {"type": "integer"}, "package": {"type": "string"}})  # fmt: skip
    step = _obj({"event": {"type": "string"}, "args": {"type": "object"}, "source": {"type": "string"},
                 "target": {"type": "string"}, "law": LAW, "rule": {"type": "string"},
                 "laws": {"type": "array", "items": LAW}})  # fmt: skip
    operation = {"oneOf": [
        _obj({"op": {"enum": ["add", "replace"]}, "path": {"type": "string"}, "value": {}}),
        _obj({"op": {"const": "remove"}, "path": {"type": "string"}}),
    ]}  # fmt: skip
    whole = {"snapshot": {"$ref": BASE + "snapshot"}, "options": {"$ref": BASE + "options"}}
    some = {"snapshot": {"type": "object"}, "options": {"$ref": BASE + "options"}}  # --keys
    setup = {"type": "object"}  # as sent: a set-up that cannot be read is answered too
    first = {"line": line, "n": {"const": 0}, "new": setup, "ok": {"const": True}, "version": versions}
    taken = {"line": line, "n": {"type": "integer", "minimum": 1}, "event": {"$ref": BASE + "event"},
             "ok": {"const": True}, "steps": {"type": "array", "items": step, "minItems": 1}}  # fmt: skip
    return _doc("oracle", f"An answer line of the oracle (protocol version {ORACLE_VERSION})", {"anyOf": [
        _obj({**first, **whole}),
        {**_obj({**first, **some}, False), "required": [*first, "snapshot"]},
        _obj({**taken, **whole}),
        _obj({**taken, "patch": {"type": "array", "items": operation}}),
        {**_obj({**taken, **some}, False), "required": [*taken, "snapshot"]},
        _obj({"line": line, "n": {"const": 0}, "new": {}, "ok": {"const": False}, "error": error}),
        _obj({"line": line, "n": {"type": "integer", "minimum": 1}, "event": {}, "ok": {"const": False},
              "error": error}),
        _obj({"line": line, "n": {"const": None}, "ok": {"const": False}, "error": error}),
    ]})  # fmt: skip


def check_schema() -> dict[str, Any]:
    """The report of ``python -m fsm check --json``: each game worth a line, then the counters."""
    seat = _nullable(SEAT)
    count = {"type": "integer", "minimum": 0}
    text = {"type": "string"}
    contract = _nullable({"type": "string", "pattern": "^(Pass|[1-7](C|D|H|S|NT)(X|XX)?)$"})
    board = _obj({
        "file": text, "game": {"type": "integer", "minimum": 1}, "board": _nullable(text),
        "line": {"type": "integer", "minimum": 1}, "contract": contract, "declarer": seat, "opening_leader": seat,
        "recorded": _obj({"contract": _nullable(text), "declarer": _nullable(text), "opening_leader": _nullable(text)}),
        "complete": {"type": "boolean"}, "agrees": {"type": ["boolean", "null"]},
        # fr and en: the finding in each language; what: the English again, the only text before them
        "findings": {"type": "array", "items": _obj({"law": LAW, "fr": text, "en": text, "what": text})},
        "error": _nullable(text), "warnings": {"type": "array", "items": text},
    })  # fmt: skip
    kinds = ["not found", "unreadable", "refused", "no game", "warning", "internal error"]
    summary = _obj({
        **{k: count for k in ("files", "games", "unreadable_games", "unreadable_files", "complete_auctions",
                              "compared_with_record", "agree", "disagree", "disagree_unflagged", "flagged_boards",
                              "warnings", "games_with_warnings", "internal_errors")},
        "findings_by_law": {"type": "object", "propertyNames": LAW, "additionalProperties": count},
        "paths": {"type": "array", "items": _obj({"path": text, "kind": {"enum": kinds}, "what": text})},
    })  # fmt: skip
    return _doc("check", "The report of python -m fsm check --json", _obj({
        "boards": {"type": "array", "items": board}, "summary": summary,
    }))  # fmt: skip


BUILDERS = {
    "event": event_schema,
    "record": record_schema,
    "snapshot": snapshot_schema,
    "options": options_schema,
    "scenario": scenario_schema,
    "machine": machine_schema,
    "conformance": conformance_schema,
    "corpus-index": corpus_index_schema,
    "corpus-random": corpus_random_schema,
    "oracle": oracle_schema,
    "check": check_schema,
}


def schema(name: str) -> dict[str, Any]:
    return BUILDERS[name]()


def text(name: str) -> str:
    return json.dumps(schema(name), ensure_ascii=False, indent=1) + "\n"


def write_all(folder: Path = FOLDER) -> list[Path]:
    """``make schemas``: every schema into ``fsm/schemas/NAME.schema.json``."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in NAMES:
        path = folder / f"{name}.schema.json"
        path.write_text(text(name), encoding="utf-8")
        written.append(path)
    return written


@functools.cache
def validator(name: str) -> Any:
    """The validator of the schema ``name``, the others reachable by ``$id``: built once, since
    building them all is far dearer than a validation. Needs ``jsonschema`` (the ``test`` extra)."""
    import jsonschema  # type: ignore[import-untyped]
    import referencing

    registry = referencing.Registry().with_resources(
        (BASE + n, referencing.Resource.from_contents(schema(n))) for n in NAMES
    )
    return jsonschema.Draft202012Validator(schema(name), registry=registry)


def validate(name: str, value: Any) -> None:
    """Check ``value`` against the schema ``name`` as a JSON reader sees it (a YAML reader's integer
    keys, as in a scenario's ``checkpoints``, are text in JSON); raise :class:`InputError` naming
    the first problem and where it is."""
    import jsonschema

    from fsm.bridge.errors import InputError

    data = json.loads(json.dumps(value, default=str))
    if validator(name).is_valid(
        data
    ):  # stops at each branch's first error: the errors are sought only when there is one
        return
    error = jsonschema.exceptions.best_match(validator(name).iter_errors(data))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "/"
        raise InputError(
            f"non conforme au schéma « {name} » en {where} : {error.message}",
            f"does not match the schema '{name}' at {where}: {error.message}",
            key=where,
        )
