"""The machine published for other implementations: JSON markup (reloadable), SCXML and Mermaid.

All three are written from the same tables the machine is built from (:mod:`fsm.spec`). Guards,
actions and option holders are named ``module:function``; the JSON reloads into an equivalent
:class:`~fsm.machine.Engine` by importing them, so a reloaded spec runs the same law code.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from typing import Any
from xml.etree import ElementTree as ET

from fsm.errors import InputError
from fsm.machine import Engine, build_engine, default_engine
from fsm.spec import Option, Rule, StateSpec, wording

FORMAT = "fsm-bridge-auction/machine"
VERSION = 1
SCXML_NS = "http://www.w3.org/2005/07/scxml"
LAW_NS = "urn:fsm-bridge-auction:law"


def ref(fn: Callable[..., Any]) -> str:
    """``module:name`` of a guard, action or holder; it must be importable under that name."""
    name = f"{fn.__module__}:{fn.__name__}"
    if resolve(name) is not fn:
        raise ValueError(f"{name} does not name the function it should")  # a law module forgot to register it
    return name


def resolve(name: str) -> Callable[..., Any]:
    module, _, attr = name.partition(":")
    try:
        return getattr(importlib.import_module(module), attr)  # type: ignore[no-any-return]
    except (ImportError, AttributeError):
        raise InputError(f"fonction introuvable « {name} »", f"no function '{name}'", key=name) from None


def _fn(fn: Callable[..., Any]) -> dict[str, str]:
    return {"ref": ref(fn), "fr": wording(fn, "fr"), "en": wording(fn, "en")}


def to_dict(engine: Engine | None = None) -> dict[str, Any]:
    engine = engine or default_engine()
    return {
        "format": FORMAT,
        "version": VERSION,
        "initial": {"default": "auction.calling", "cards_in_board": "board"},
        "states": [
            {"name": s.name, "law": s.law, "fr": s.fr, "en": s.en, "initial": s.initial, "final": s.final, "waiting": s.waiting}
            for s in engine.states.values()
        ],
        "rules": [
            {
                "event": r.event, "source": r.source, "dest": r.dest, "law": r.law, "fr": r.fr, "en": r.en,
                "guards": [_fn(g) for g in r.guards], "actions": [_fn(a) for a in r.actions], "ruling": r.ruling,
            }
            for r in engine.rules
        ],
        "options": {
            state: [
                {"event": o.event, "holder": ref(o.holder) if o.holder else None, "law": o.law, "fr": o.fr, "en": o.en}
                for o in opts
            ]
            for state, opts in engine.options.items()
        },
    }  # fmt: skip


def to_json(engine: Engine | None = None) -> str:
    return json.dumps(to_dict(engine), ensure_ascii=False, indent=1)


def from_json(text: str) -> Engine:
    """Rebuild an engine from the JSON markup (the law functions are imported by name)."""
    data = json.loads(text)
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise InputError("ce n'est pas une spécification de la machine (version 1)", "not a machine spec (version 1)")
    specs = [StateSpec(**s) for s in data["states"]]
    rules = [
        Rule(
            r["event"], r["source"], r["dest"], r["law"], r["fr"], r["en"],
            tuple(resolve(g["ref"]) for g in r["guards"]), tuple(resolve(a["ref"]) for a in r["actions"]), r["ruling"],
        )
        for r in data["rules"]
    ]  # fmt: skip
    options = {
        state: [
            Option(o["event"], resolve(o["holder"]) if o["holder"] else None, o["law"], o["fr"], o["en"]) for o in opts
        ]
        for state, opts in data["options"].items()
    }
    return build_engine(specs, rules, options)


def to_scxml(engine: Engine | None = None, lang: str = "fr") -> str:
    """W3C SCXML: one state element per state with nesting; transitions with event, cond, target.

    The law of each state and transition, and its labels, are annotations in their own namespace.
    Internal transitions (no change of state) are targetless, as SCXML writes them.
    """
    engine = engine or default_engine()
    ET.register_namespace("", SCXML_NS)
    ET.register_namespace("law", LAW_NS)
    root = ET.Element(f"{{{SCXML_NS}}}scxml", {"version": "1.0", "name": "bridge_auction", "initial": "auction"})
    elements: dict[str, ET.Element] = {}
    for spec in sorted(engine.states.values(), key=lambda s: s.name.count(".")):  # parents first
        parent = elements[spec.parent] if spec.parent else root
        tag = "final" if spec.final else "state"
        attrs = {"id": spec.name, f"{{{LAW_NS}}}ref": spec.law, f"{{{LAW_NS}}}label": getattr(spec, lang)}
        children = [s for s in engine.states.values() if s.parent == spec.name]
        initial = [s.name for s in children if s.initial]
        if initial:
            attrs["initial"] = initial[0]
        elements[spec.name] = ET.SubElement(parent, f"{{{SCXML_NS}}}{tag}", attrs)
    for rule in engine.rules:
        attrs = {"event": rule.event, f"{{{LAW_NS}}}ref": rule.law, f"{{{LAW_NS}}}label": getattr(rule, lang)}
        if rule.guards:
            attrs["cond"] = " and ".join(g.__name__ for g in rule.guards)
        if rule.dest:
            attrs["target"] = rule.dest
        if rule.actions:
            attrs[f"{{{LAW_NS}}}actions"] = " ".join(a.__name__ for a in rule.actions)
        ET.SubElement(elements[rule.source], f"{{{SCXML_NS}}}transition", attrs)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _mid(name: str) -> str:
    return name.replace(".", "__")


def _text(label: str) -> str:
    return label.replace(":", " -").replace(";", ",").replace("\n", " ").replace('"', "'")


def to_mermaid(engine: Engine | None = None, lang: str = "fr") -> str:
    """Mermaid ``stateDiagram-v2``, which GitHub renders in Markdown."""
    engine = engine or default_engine()
    law = {"fr": "Loi", "en": "Law"}[lang]
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
