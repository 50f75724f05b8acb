"""Effects: what a rule's action changes, written as data and compiled once to a closure.

An action is a list of effects run in order. An effect is JSON: ``{"name": {"param": value...}}``,
where ``name`` is one of the host's effects and each value is an expression of the host's
vocabulary (:mod:`fsm.engine.expr`), evaluated when the effect runs, after the effects before
it, so that it reads the record as they left it. Three effects belong to the engine itself:

- ``{"if": [condition, [effects], [effects]]}``: the first list if the condition holds, else the
  second (which may be left out);
- ``{"each": [array, [effects]]}``: the effects once for every item of the array, read when the
  ``each`` starts; inside, ``var`` reads the item (``""`` is the item itself) and ``ctx`` the
  context, as in an array operation of the expressions;
- ``{"with": [value, [effects]]}``: the effects once, with the value as their item (a value read
  now and used after the record has changed: the call a rectification will cancel).

A host declares its effects with their parameters (:meth:`EffectVocabulary.effect`); a parameter
is an expression unless it is declared as a name (a word fixed when the rule is written: which
collection, which field), and may have a default. Compiling checks every effect, parameter and
expression, so an action that names an effect, a parameter or a variable the host does not
declare is refused before anything runs. Nothing here knows what the record or the event are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from fsm.engine.expr import ExpressionError, ItemCompiled, Vocabulary, _Compiler, _walk

Run = Callable[[Any, Any], None]
_ItemRun = Callable[[Any, Any, Any], None]

REQUIRED: Any = object()
CONTROL: dict[str, str] = {
    "if": "[condition, [effects], [effects]]: the first list if the condition holds, else the second (optional)",
    "each": "[array, [effects]]: the effects for every item of the array (`var` reads the item, `ctx` the context)",
    "with": "[value, [effects]]: the effects once, with the value as their item (read now, used after changes)",
}


@dataclass(frozen=True)
class Param:
    """A parameter of an effect: what it means and its default (``REQUIRED`` if it has none).

    ``kind`` says how the rule writes it: ``expr``, an expression evaluated when the effect runs;
    ``name``, a word fixed in the rule, one of ``choices`` (which collection, which field);
    ``fields``, an object whose every value is an expression (a record to add); ``item``, an
    expression the effect evaluates on each item of a collection (``var`` reads that item, ``ctx``
    the context), handed over compiled; ``literal``, a JSON value taken as it is.
    """

    name: str
    doc: str
    default: Any = REQUIRED
    kind: str = "expr"
    choices: tuple[str, ...] = ()

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


@dataclass(frozen=True)
class Effect:
    """A host effect: its name, what it does to the record, its parameters, and the function
    ``(record, event, *values)`` that does it, given the parameters' values in their order."""

    name: str
    doc: str
    params: tuple[Param, ...]
    run: Callable[..., None]
    examples: tuple[Any, ...] = field(default_factory=tuple)


class EffectVocabulary:
    """The effects a host gives its actions, over the vocabulary its expressions read."""

    def __init__(self, expressions: Vocabulary) -> None:
        self.expressions = expressions
        self.effects: dict[str, Effect] = {}

    def effect(
        self, name: str, doc: str, params: tuple[Param, ...] = (), examples: tuple[Any, ...] = ()
    ) -> Callable[[Callable[..., None]], Callable[..., None]]:
        def register(run: Callable[..., None]) -> Callable[..., None]:
            if name in self.effects or name in CONTROL:
                raise ExpressionError(f"effect '{name}' declared twice")
            self.effects[name] = Effect(name, doc, tuple(params), run, tuple(examples))
            return run

        return register

    # --- reading an action -------------------------------------------------------------------
    def reads(self, effects: Any) -> set[str]:
        """The context variables an action reads (item fields excluded)."""
        return {name for kind, name in self._walk(effects, False) if kind == "var"}

    def uses(self, effects: Any) -> set[str]:
        """The host effects an action uses."""
        return {name for kind, name in self._walk(effects, False) if kind == "effect"}

    def _walk(self, effects: Any, in_item: bool) -> Iterator[tuple[str, str]]:
        for eff in effects:
            name, args = _parts(eff)
            if name in CONTROL:
                yield from _walk(args[0], in_item)
                inner = in_item or name != "if"
                for branch in args[1:]:
                    yield from self._walk(branch, inner)
                continue
            yield "effect", name
            spec = self.effects.get(name)
            for key, value in args.items():
                param = _param(spec, key) if spec is not None else None
                if param is None or param.kind in ("name", "literal"):
                    continue
                if param.kind == "fields":
                    for x in value.values():
                        yield from _walk(x, in_item)
                else:
                    yield from _walk(value, in_item or param.kind == "item")

    def compile(self, effects: Any) -> Run:
        """The closure ``(record, event) -> None`` that runs the action (a fresh one: the caller may
        mark it as its own)."""
        run = self._list(effects, False)
        direct = getattr(run, "direct", None)
        if direct is not None:  # one effect whose values are all fixed: called with them, one call fewer
            fn, constants = direct
            return lambda r, e: fn(r, e, *constants)
        return lambda r, e: run(r, e, None)

    # --- compiling ------------------------------------------------------------------------
    def _list(self, effects: Any, in_item: bool) -> _ItemRun:
        if not isinstance(effects, list):
            raise ExpressionError(f"an action is a list of effects, not {effects!r}")
        steps = [self._one(eff, in_item) for eff in effects]
        if len(steps) == 1:
            return steps[0]

        def run(r: Any, e: Any, it: Any) -> None:
            for step in steps:
                step(r, e, it)

        return run

    def _one(self, eff: Any, in_item: bool) -> _ItemRun:
        name, args = _parts(eff)
        compiler = _Compiler(self.expressions)
        if name in CONTROL:
            return self._control(name, args, in_item, compiler)
        spec = self.effects.get(name)
        if spec is None:
            raise ExpressionError(f"unknown effect '{name}'")
        if not isinstance(args, dict):
            raise ExpressionError(f"effect '{name}' takes an object of parameters, not {args!r}")
        for key in args:
            if _param(spec, key) is None:
                raise ExpressionError(f"effect '{name}' has no parameter '{key}'")
        # Values are handed over by position, in the order the parameters are declared: an action
        # runs at every event it applies to, and a call by position is the cheapest.
        values: list[Any] = []
        computed: list[tuple[int, ItemCompiled]] = []
        for i, p in enumerate(spec.params):
            if p.name not in args:
                if p.required:
                    raise ExpressionError(f"effect '{name}' needs '{p.name}'")
                if p.kind == "expr" and isinstance(p.default, (dict, list)):
                    computed.append((i, compiler.node(p.default, False)))  # a default reads the context
                values.append(p.default)
                continue
            value = args[p.name]
            if p.kind == "name":
                if value not in p.choices:
                    raise ExpressionError(
                        f"effect '{name}': '{p.name}' is one of {', '.join(p.choices)}, not {value!r}"
                    )
            elif p.kind == "item":
                value = compiler.node(value, True)
            elif p.kind == "fields":
                if not isinstance(value, dict):
                    raise ExpressionError(f"effect '{name}': '{p.name}' is an object of expressions")
                computed.append((i, _fields({k: compiler.node(x, in_item) for k, x in value.items()})))
            elif p.kind == "expr" and isinstance(value, (dict, list)):
                computed.append((i, compiler.node(value, in_item)))
            values.append(value)
        fn = spec.run
        constants = tuple(values)
        if not computed:
            run_fixed = lambda r, e, it: fn(r, e, *constants)  # noqa: E731 - marked below
            run_fixed.direct = (fn, constants)  # type: ignore[attr-defined]
            return run_fixed
        if len(computed) == 1:
            ((at, get),) = computed
            before, after = constants[:at], constants[at + 1 :]
            return lambda r, e, it: fn(r, e, *before, get(r, e, it), *after)

        def run(r: Any, e: Any, it: Any) -> None:
            args = list(constants)
            for at, get in computed:
                args[at] = get(r, e, it)
            fn(r, e, *args)

        return run

    def _control(self, name: str, args: Any, in_item: bool, compiler: _Compiler) -> _ItemRun:
        if not isinstance(args, list) or len(args) < 2 or len(args) > (3 if name == "if" else 2):
            raise ExpressionError(f"'{name}' takes {CONTROL[name].split(':')[0]}")
        head = compiler.node(args[0], in_item)
        if name == "if":
            then = self._list(args[1], in_item)
            otherwise = self._list(args[2], in_item) if len(args) == 3 else None

            def branch(r: Any, e: Any, it: Any) -> None:
                if head(r, e, it):
                    then(r, e, it)
                elif otherwise is not None:
                    otherwise(r, e, it)

            return branch
        body = self._list(args[1], True)
        if name == "with":
            return lambda r, e, it: body(r, e, head(r, e, it))

        def each(r: Any, e: Any, it: Any) -> None:
            for x in list(head(r, e, it) or ()):
                body(r, e, x)

        return each


def _fields(getters: dict[str, ItemCompiled]) -> ItemCompiled:
    items = tuple(getters.items())
    return lambda r, e, it: {key: get(r, e, it) for key, get in items}


def _parts(eff: Any) -> tuple[str, Any]:
    if not isinstance(eff, dict) or len(eff) != 1:
        raise ExpressionError(f"not an effect: {eff!r}")
    ((name, args),) = eff.items()
    return str(name), args


def _param(spec: Effect, key: str) -> Param | None:
    return next((p for p in spec.params if p.name == key), None)
