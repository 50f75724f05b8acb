"""Expressions: JsonLogic over a host's context, compiled once to Python closures.

An expression is JSON: a constant, or ``{"operator": [arguments...]}``. The operators are
JsonLogic's (``var``, ``==``, ``!=``, ``!``, ``!!``, ``and``, ``or``, ``if``, ``<``, ``<=``,
``>``, ``>=``, ``in``, ``some``, ``all``, ``none``, ``filter``, ``map``) plus three of this
superset (``count``: the length of an array; ``first``: its first item; ``ctx``: a context
variable read from inside an array operation) and the host's own named operators. A host gives a :class:`Vocabulary`: the
variables its context offers (each a getter ``(record, event) -> value``) and its operators
(each ``(record, event, *values) -> value``). Nothing here knows what the record or the event
are.

Compiling checks every operator and variable against the vocabulary, so an expression that
reads a variable the context does not declare is refused before anything runs. The compiled
closure takes ``(record, event)``; inside ``some``/``all``/``none``/``filter``/``map``/``count``
with a predicate, ``var`` reads the current item, as in JsonLogic, and ``ctx`` reads the context;
an array operation inside another reads its array from the outer one's item.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

Getter = Callable[[Any, Any], Any]
Compiled = Callable[[Any, Any], Any]
ItemCompiled = Callable[[Any, Any, Any], Any]

# JsonLogic's operators and this superset's, with what each does: the reference other
# implementations follow (the documentation is written from this table).
BUILTINS: dict[str, str] = {
    "var": 'a variable of the context (in an array operation: a field of the current item; `""` is the item)',
    "ctx": "a variable of the context, also from inside an array operation (superset)",
    "==": "equal (JSON values: strings, numbers, booleans, null)",
    "!=": "not equal",
    "!": "not (of the argument's truth)",
    "!!": "the argument's truth",
    "and": "the first false argument, or the last (short-circuit)",
    "or": "the first true argument, or the last (short-circuit)",
    "if": "if / then / else, chained: [c1, v1, c2, v2, ..., else]",
    "<": "less than; three arguments: between, exclusive",
    "<=": "less than or equal; three arguments: between, inclusive",
    ">": "greater than",
    ">=": "greater than or equal",
    "in": "the first argument is an element of the second (an array) or a substring of it (a string); false if the second is null",
    "some": "some item of the array satisfies the predicate",
    "all": "the array is not empty and every item satisfies the predicate",
    "none": "no item of the array satisfies the predicate",
    "filter": "the items of the array that satisfy the predicate",
    "map": "the value of the expression for each item of the array",
    "cat": "the arguments joined into one string (null as an empty string)",
    "count": "the number of items of the array (with a predicate: of those that satisfy it) (superset)",
    "first": "the first item of the array (with a predicate: the first that satisfies it), or null (superset)",
    "last": "the last item of the array (with a predicate: the last that satisfies it), or null (superset)",
    "after": "the items of the array after the first that satisfies the predicate; [] if none does (superset)",
    "before": "the items of the array before the first that satisfies the predicate, in order; [] if none does (superset)",
    "reverse": "the items of the array in the reverse order (superset)",
    "+": "the sum of the arguments (numbers); null if one is null",
    "-": "the first argument less the second (one argument: its negation); null if one is null",
    "arg": "inside a definition: the value of its argument of that name, also from inside an array operation (superset)",
}

_ARRAY_OPS = ("some", "all", "none", "filter", "map", "after", "before")
_SELECT_OPS = ("count", "first", "last", "reverse")  # one argument: the array; two: the array and a predicate


class ExpressionError(ValueError):
    """An expression that cannot be compiled: an unknown operator or variable, a wrong arity."""


@dataclass(frozen=True)
class Variable:
    """A value of the context: its name (a dotted path), its JSON type, what it means, and,
    for an array, the fields of its items an array operation may read."""

    name: str
    type: str
    doc: str
    get: Getter
    items: dict[str, str] = field(default_factory=dict)
    set: Callable[[Any, Any, Any], None] | None = None  # a variable a decision table sets
    optional: tuple[str, ...] = ()  # the item fields an item may lack (an `append` may leave them out)
    expr: Any = None  # a variable the data defines: its expression over the context (the getter, its native)
    law: str | None = None


@dataclass(frozen=True)
class Operator:
    """A host operator: its name, its arguments (names), what it computes, and examples
    (each ``(expression, context in words, value)``)."""

    name: str
    args: tuple[str, ...]
    doc: str
    fn: Callable[..., Any]
    examples: tuple[tuple[Any, str, Any], ...] = ()
    pure: bool = False  # its value depends on its arguments only, never on the record or the event


@dataclass(frozen=True)
class Definition:
    """A named expression of the data (a law's own word: 18D's « suffisante », 19A1's « licite »...):
    its parameters, the expression that is its only definition (``{"arg": name}`` reads a parameter),
    what it means and the law it states. It is called as an operator, ``{name: [values...]}``."""

    name: str
    params: tuple[str, ...]
    expr: Any
    doc: str
    law: str | None = None
    examples: tuple[tuple[Any, dict[str, Any], Any], ...] = ()  # (call, context values, value): test vectors


class Vocabulary:
    """The variables and operators a host gives its expressions, and the definitions written in
    the data. A host may give a native version of a definition (``natives``): it must equal the
    definition, which stays the law (the corpus and the test vectors are run both ways);
    ``use_natives`` off, every definition is evaluated from its expression."""

    def __init__(self) -> None:
        self.variables: dict[str, Variable] = {}
        self.operators: dict[str, Operator] = {}
        self.definitions: dict[str, Definition] = {}
        self.natives: dict[str, Operator] = {}
        self.use_natives = True
        self.derived: list[str] = []  # the variables the data defines, in the order they were defined

    def variable(
        self,
        name: str,
        type: str,
        doc: str,
        items: dict[str, str] | None = None,
        set: Callable[[Any, Any, Any], None] | None = None,
        optional: tuple[str, ...] = (),
    ) -> Callable[[Getter], Getter]:
        def register(get: Getter) -> Getter:
            if name in self.variables:
                raise ExpressionError(f"variable '{name}' declared twice")
            self.variables[name] = Variable(name, type, doc, get, dict(items or {}), set, tuple(optional))
            return get

        return register

    def operator(
        self,
        name: str,
        args: tuple[str, ...],
        doc: str,
        examples: tuple[tuple[Any, str, Any], ...] = (),
        pure: bool = False,
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def register(fn: Callable[..., Any]) -> Callable[..., Any]:
            if name in self.operators or name in BUILTINS:
                raise ExpressionError(f"operator '{name}' declared twice")
            self.operators[name] = Operator(name, args, doc, fn, examples, pure)
            return fn

        return register

    def native(self, name: str, args: tuple[str, ...]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """The host's own version of the definition ``name`` (its arguments in the same order)."""

        def register(fn: Callable[..., Any]) -> Callable[..., Any]:
            if name in self.natives:
                raise ExpressionError(f"native '{name}' declared twice")
            self.natives[name] = Operator(name, args, f"native version of the definition '{name}'", fn)
            return fn

        return register

    def define(self, definition: Definition) -> Definition:
        """Adds a definition; its expression may call only what is already known (no recursion)."""
        name = definition.name
        if name in self.definitions or name in self.operators or name in BUILTINS:
            raise ExpressionError(f"definition '{name}' declared twice")
        native = self.natives.get(name)
        if native is not None and native.args != definition.params:
            raise ExpressionError(
                f"native '{name}' takes ({', '.join(native.args)}), the definition {definition.params}"
            )
        _Compiler(self, dict.fromkeys(definition.params, 0), [None] * len(definition.params)).node(
            definition.expr, False
        )
        self.definitions[name] = definition
        return definition

    def pure(self, name: str) -> bool:
        """The definition's value depends on its arguments only: it reads no variable and calls only
        pure operators and pure definitions."""
        d = self.definitions[name]
        return not self.reads(d.expr) and all(
            (self.operators[o].pure if o in self.operators else o not in self.definitions or self.pure(o))
            for kind, o in _walk(d.expr, False)
            if kind == "op"
        )

    def derive(self, name: str, expr: Any, law: str | None = None) -> Variable:
        """The variable ``name``, which the host declares and computes natively, defined in the data by
        ``expr``: its getter stays the native one, or, natives off, becomes the expression compiled."""
        v = self.variables.get(name)
        if v is None:
            raise ExpressionError(f"unknown variable '{name}'")
        if v.expr is not None:
            raise ExpressionError(f"variable '{name}' defined twice")
        compiled = self.compile(expr)  # checked now, whichever getter is used
        get = v.get if self.use_natives else compiled
        self.variables[name] = replace(v, get=get, expr=expr, law=law)
        self.derived.append(name)
        return self.variables[name]

    def _host(self, op: str) -> Operator | None:
        """The function that computes ``op``: a host operator, or a definition's native version."""
        host = self.operators.get(op)
        if host is None and self.use_natives:
            host = self.natives.get(op) if op in self.definitions else None
        return host

    # --- reading an expression ------------------------------------------------------------
    def reads(self, expr: Any) -> set[str]:
        """The context variables an expression reads (item fields excluded)."""
        return {name for kind, name in _walk(expr, False) if kind == "var"}

    def uses(self, expr: Any) -> set[str]:
        """The host operators an expression uses."""
        return {name for kind, name in _walk(expr, False) if kind == "op" and name in self.operators}

    def calls(self, expr: Any) -> set[str]:
        """The definitions an expression calls."""
        return {name for kind, name in _walk(expr, False) if kind == "op" and name in self.definitions}

    def compile(self, expr: Any, fresh: bool = True) -> Compiled:
        """The closure ``(record, event) -> value`` that evaluates the expression: a closure of its
        own (``fresh``: the caller may mark it, as a guard is), or, for a lone variable, its getter."""
        compiler = _Compiler(self)
        return compiler.top(expr) if fresh else compiler._inner(expr)


def _operation(expr: Any) -> tuple[str, list[Any]] | None:
    if isinstance(expr, dict) and len(expr) == 1:
        ((op, args),) = expr.items()
        return op, (args if isinstance(args, list) else [args])
    return None


def _walk(expr: Any, in_item: bool) -> Iterator[tuple[str, str]]:
    operation = _operation(expr)
    if operation is None:
        if isinstance(expr, list):
            for x in expr:
                yield from _walk(x, in_item)
        return
    op, args = operation
    if op in ("var", "ctx"):
        path = args[0] if args else ""
        if op == "ctx" or not in_item:
            yield "var", str(path)
        return
    yield "op", op
    if op == "arg":
        return
    if op in _ARRAY_OPS or (op in _SELECT_OPS and len(args) == 2):
        yield from _walk(args[0], in_item)
        for x in args[1:]:
            yield from _walk(x, True)
        return
    for x in args:
        yield from _walk(x, in_item)


def _field(item: Any, key: str) -> Any:
    if item is None:
        return None
    if isinstance(item, dict):
        return item.get(key)
    return getattr(item, key, None)


def _item_path(path: str) -> Callable[[Any], Any]:
    if path == "":
        return lambda it: it
    keys = path.split(".")
    if len(keys) == 1:
        (key,) = keys
        return lambda it: _field(it, key)

    def read(it: Any) -> Any:
        for key in keys:
            it = _field(it, key)
        return it

    return read


def _sequence(value: Any) -> Iterable[Any]:
    return () if value is None else value


class _Compiler:
    """Every closure takes ``(record, event, item)``: ``item`` is what an array operation is
    looking at (``None`` outside one), so one form serves both scopes."""

    def __init__(
        self, vocabulary: Vocabulary, params: dict[str, int] | None = None, frame: list[Any] | None = None
    ) -> None:
        self.v = vocabulary
        # Inside a definition: where each argument's value is, in the frame its call fills.
        self.params = params or {}
        self.frame = frame if frame is not None else []

    def top(self, expr: Any) -> Compiled:
        """The closure ``(record, event)``. Outside an array operation an expression needs no item,
        so the shapes guards and decisions most often have are built with two arguments all the
        way down rather than wrapped: a call fewer at each level, each time a guard is asked."""
        operation = _operation(expr)
        if operation is None:
            constant = self.node(expr, False)
            return lambda r, e: constant(r, e, None)
        op, args = operation
        if op in ("var", "ctx") and len(args) == 1:
            leaf = self._leaf(expr, False)
            assert leaf is not None
            get = leaf[1]
            return lambda r, e: get(r, e)  # a fresh closure: the caller may mark it as its own
        fast = self._fast(op, args, False)
        if fast is not None:
            return fast  # a closure of its own
        if op in ("==", "!=") and len(args) == 2:
            x, y = self._inner(args[0]), self._inner(args[1])
            return (lambda r, e: x(r, e) == y(r, e)) if op == "==" else (lambda r, e: x(r, e) != y(r, e))
        if op in _ORDER and len(args) == 2:
            c = self._leaf(args[1], False)
            if c is not None and c[0] == "const" and c[1] is not None:
                x, cmp, bound = self._inner(args[0]), _ORDER[op], c[1]
                return lambda r, e: (v := x(r, e)) is not None and cmp(v, bound)
        if op == "count" and len(args) == 1:
            source = self._inner(args[0])
            return lambda r, e: len(source(r, e) or ())
        host = self.v._host(op)
        if host is not None and len(args) == len(host.args) and 1 <= len(args) <= 2:
            fn = host.fn
            if len(args) == 1:
                x = self._inner(args[0])
                return lambda r, e: fn(r, e, x(r, e))
            x, y = self._inner(args[0]), self._inner(args[1])
            return lambda r, e: fn(r, e, x(r, e), y(r, e))
        if (op == "!" and len(args) == 1) or (op in ("and", "or") and args):
            subs = [self._inner(a) for a in args]
            if op == "!":
                (x,) = subs
                return lambda r, e: not x(r, e)
            if len(subs) == 1:
                return self.top(args[0])
            if len(subs) == 2:
                x, y = subs
                if op == "and":
                    return lambda r, e: x(r, e) and y(r, e)
                return lambda r, e: x(r, e) or y(r, e)
            if len(subs) == 3:
                x, y, z = subs
                if op == "and":
                    return lambda r, e: x(r, e) and y(r, e) and z(r, e)
                return lambda r, e: x(r, e) or y(r, e) or z(r, e)
            chained = _chain([_itemless(s) for s in subs], op == "and")
            return lambda r, e: chained(r, e, None)
        f = self.node(expr, False)
        return lambda r, e: f(r, e, None)

    def _inner(self, expr: Any) -> Compiled:
        """A part of an expression as a closure ``(record, event)``: a variable's own getter (no
        closure of its own needed, as nobody marks a part), else as the top of an expression."""
        read = self._read(expr, False)
        return read if read is not None else self.top(expr)

    def node(self, expr: Any, in_item: bool) -> ItemCompiled:
        operation = _operation(expr)
        if operation is None:
            if isinstance(expr, list):  # an array whose elements are expressions, as in JsonLogic
                items = [self.node(x, in_item) for x in expr]
                return lambda r, e, it: [f(r, e, it) for f in items]
            if isinstance(expr, dict):
                raise ExpressionError(f"not an expression: {expr!r}")
            return lambda r, e, it: expr
        op, args = operation
        if op == "var" and in_item:
            path = args[0] if args else ""
            read = _item_path(str(path))
            if len(args) > 1 and args[1] is not None:
                default = args[1]
                return lambda r, e, it: _default(read(it), default)
            return lambda r, e, it: read(it)
        if op in ("var", "ctx"):
            return self._context_var(args)
        if op == "arg":
            return self._arg(args)
        if op in _ARRAY_OPS or op in _SELECT_OPS:
            return self._array(op, args, in_item)
        if op in self.v.definitions and self.v._host(op) is None:
            return self._call(self.v.definitions[op], [self.node(a, in_item) for a in args])
        fast = self._fast(op, args, in_item)
        if fast is not None:
            return lambda r, e, it: fast(r, e)
        subs = [self.node(a, in_item) for a in args]
        return self._combine(op, subs)

    def _leaf(self, expr: Any, in_item: bool) -> tuple[str, Any] | None:
        """A constant or a context variable, read without a closure of its own."""
        operation = _operation(expr)
        if operation is None:
            return None if isinstance(expr, (dict, list)) else ("const", expr)
        op, args = operation
        if op in ("var", "ctx") and len(args) == 1 and not (op == "var" and in_item):
            variable = self.v.variables.get(str(args[0]))
            if variable is None:
                raise ExpressionError(f"unknown variable '{args[0]}'")
            return ("var", variable.get)
        return None

    def _fast(self, op: str, args: list[Any], in_item: bool) -> Compiled | None:
        """The commonest shapes that read the context alone (a variable against a constant or another
        variable, an order against a constant, membership of a constant array, the negation of a
        variable, a host operator of variables and constants) as one closure ``(record, event)``: a
        guard is asked at every event it may apply to, and each closure saved is a call saved."""
        if op in ("==", "!=") and len(args) == 2:
            a, b = self._leaf(args[0], in_item), self._leaf(args[1], in_item)
            if a is None or b is None or (a[0] == "const" and b[0] == "const"):
                return None
            if a[0] == "const":
                a, b = b, a
            get = a[1]
            if b[0] == "const":
                c = b[1]
                if op == "==":
                    return lambda r, e: get(r, e) == c
                return lambda r, e: get(r, e) != c
            other = b[1]
            if op == "==":
                return lambda r, e: get(r, e) == other(r, e)
            return lambda r, e: get(r, e) != other(r, e)
        if op == "!" and len(args) == 1:
            negated = self._read(args[0], in_item)
            if negated is not None:
                return lambda r, e: not negated(r, e)
        if op in _ORDER and len(args) == 2:
            compared, c = self._read(args[0], in_item), self._leaf(args[1], in_item)
            if compared is not None and c is not None and c[0] == "const" and c[1] is not None:
                cmp, bound = _ORDER[op], c[1]
                return lambda r, e: (x := compared(r, e)) is not None and cmp(x, bound)
        if op == "in" and len(args) == 2 and isinstance(args[1], list) and all(_scalar(x) for x in args[1]):
            member, members = self._read(args[0], in_item), tuple(args[1])
            if member is not None:
                return lambda r, e: member(r, e) in members
        if self.v._host(op) is not None:
            return self._read({op: args}, in_item)
        return None

    def _read(self, expr: Any, in_item: bool) -> Getter | None:
        """A context variable, or a host operator of one, as one closure ``(record, event)``."""
        leaf = self._leaf(expr, in_item)
        if leaf is not None:
            return leaf[1] if leaf[0] == "var" else None
        operation = _operation(expr)
        if operation is None:
            return None
        op, args = operation
        host = self.v._host(op)
        if host is None or len(args) != len(host.args) or not 1 <= len(args) <= 2:
            return None
        leaves = [self._leaf(a, in_item) for a in args]
        if any(leaf is None for leaf in leaves):
            return None
        reads = [_getter(leaf) for leaf in leaves]  # type: ignore[arg-type]
        fn = host.fn
        if len(reads) == 1:
            (get,) = reads
            if leaves[0][0] == "const":  # type: ignore[index]
                value = leaves[0][1]  # type: ignore[index]
                return lambda r, e: fn(r, e, value)
            return lambda r, e: fn(r, e, get(r, e))
        a, b = reads
        return lambda r, e: fn(r, e, a(r, e), b(r, e))

    def _context_var(self, args: list[Any]) -> ItemCompiled:
        if not args:
            raise ExpressionError("'var' needs a name")
        name = args[0]
        variable = self.v.variables.get(str(name))
        if variable is None:
            raise ExpressionError(f"unknown variable '{name}'")
        get = variable.get
        if len(args) > 1 and args[1] is not None:
            default = args[1]
            return lambda r, e, it: _default(get(r, e), default)
        return lambda r, e, it: get(r, e)

    def _arg(self, args: list[Any]) -> ItemCompiled:
        if len(args) != 1 or args[0] not in self.params:
            raise ExpressionError(f"'arg' reads a parameter of the definition it stands in, not {args!r}")
        frame, i = self.frame, self.params[str(args[0])]
        return lambda r, e, it: frame[i]

    def _call(self, d: Definition, subs: list[ItemCompiled]) -> ItemCompiled:
        """A definition called: its arguments valued where the call stands, then its expression
        valued with them (compiled here, its frame this call's own; no definition calls itself)."""
        if len(subs) != len(d.params):
            raise ExpressionError(
                f"'{d.name}' takes {len(d.params)} argument(s) ({', '.join(d.params)}), not {len(subs)}"
            )
        frame: list[Any] = [None] * len(d.params)
        body = _Compiler(self.v, {p: i for i, p in enumerate(d.params)}, frame).node(d.expr, False)

        def call(r: Any, e: Any, it: Any) -> Any:
            values = [s(r, e, it) for s in subs]
            saved = frame[:]
            frame[:] = values
            try:
                return body(r, e, None)
            finally:
                frame[:] = saved

        return call

    def _array(self, op: str, args: list[Any], in_item: bool) -> ItemCompiled:
        # The array is read where the operation stands (inside another one: from that one's item);
        # the predicate reads each of its items in turn, as in JsonLogic.
        source = self.node(args[0], in_item) if args else None
        if source is None:
            raise ExpressionError(f"'{op}' takes an array and a predicate")
        if op == "count" and len(args) == 1:
            return lambda r, e, it: len(_sequence(source(r, e, it)))  # type: ignore[arg-type]
        if op == "first" and len(args) == 1:
            return lambda r, e, it: next(iter(_sequence(source(r, e, it))), None)
        if op == "last" and len(args) == 1:
            return lambda r, e, it: next(reversed(list(_sequence(source(r, e, it)))), None)
        if op == "reverse" and len(args) == 1:
            return lambda r, e, it: list(reversed(list(_sequence(source(r, e, it)))))
        if len(args) != 2:
            raise ExpressionError(f"'{op}' takes an array and a predicate")
        test = self.node(args[1], True)
        if op == "some":
            return lambda r, e, it: any(test(r, e, x) for x in _sequence(source(r, e, it)))
        if op == "none":
            return lambda r, e, it: not any(test(r, e, x) for x in _sequence(source(r, e, it)))
        if op == "all":

            def every(r: Any, e: Any, it: Any) -> bool:
                items = list(_sequence(source(r, e, it)))
                return bool(items) and all(test(r, e, x) for x in items)

            return every
        if op == "filter":
            return lambda r, e, it: [x for x in _sequence(source(r, e, it)) if test(r, e, x)]
        if op == "map":
            return lambda r, e, it: [test(r, e, x) for x in _sequence(source(r, e, it))]
        if op == "first":
            return lambda r, e, it: next((x for x in _sequence(source(r, e, it)) if test(r, e, x)), None)
        if op in ("after", "before"):
            after = op == "after"

            def split(r: Any, e: Any, it: Any) -> list[Any]:
                items = list(_sequence(source(r, e, it)))
                i = next((i for i, x in enumerate(items) if test(r, e, x)), None)
                return [] if i is None else items[i + 1 :] if after else items[:i]

            return split
        if op == "last":
            return lambda r, e, it: next(
                (x for x in reversed(list(_sequence(source(r, e, it)))) if test(r, e, x)), None
            )
        return lambda r, e, it: sum(1 for x in _sequence(source(r, e, it)) if test(r, e, x))

    def _combine(self, op: str, subs: list[ItemCompiled]) -> ItemCompiled:
        n = len(subs)
        if op in ("==", "!=", "<", "<=", ">", ">=", "in") and n < 2:
            raise ExpressionError(f"'{op}' takes two arguments")
        if op == "==":
            a, b = subs[0], subs[1]
            return lambda r, e, it: a(r, e, it) == b(r, e, it)
        if op == "!=":
            a, b = subs[0], subs[1]
            return lambda r, e, it: a(r, e, it) != b(r, e, it)
        if op in ("!", "!!"):
            if n != 1:
                raise ExpressionError(f"'{op}' takes one argument")
            (a,) = subs
            if op == "!":
                return lambda r, e, it: not a(r, e, it)
            return lambda r, e, it: bool(a(r, e, it))
        if op in ("and", "or"):
            return _chain(subs, op == "and")
        if op == "cat":
            return lambda r, e, it: "".join(_text(s(r, e, it)) for s in subs)
        if op in ("+", "-"):
            return _arithmetic(op, subs)
        if op == "if":
            return _if(subs)
        if op in ("<", "<=", ">", ">="):
            return _compare(op, subs)
        if op == "in":
            a, b = subs[0], subs[1]

            def member(r: Any, e: Any, it: Any) -> bool:
                whole = b(r, e, it)
                return whole is not None and a(r, e, it) in whole

            return member
        host = self.v._host(op)
        if host is None:
            raise ExpressionError(f"unknown operator '{op}'")
        if n != len(host.args):
            raise ExpressionError(f"'{op}' takes {len(host.args)} argument(s) ({', '.join(host.args)}), not {n}")
        fn = host.fn
        if n == 0:
            return lambda r, e, it: fn(r, e)
        if n == 1:
            (a,) = subs
            return lambda r, e, it: fn(r, e, a(r, e, it))
        if n == 2:
            a, b = subs
            return lambda r, e, it: fn(r, e, a(r, e, it), b(r, e, it))
        return lambda r, e, it: fn(r, e, *(s(r, e, it) for s in subs))


def _arithmetic(op: str, subs: list[ItemCompiled]) -> ItemCompiled:
    if op == "-" and len(subs) not in (1, 2):
        raise ExpressionError("'-' takes one or two arguments")

    def value(r: Any, e: Any, it: Any) -> Any:
        xs = [s(r, e, it) for s in subs]
        if any(x is None or isinstance(x, bool) or not isinstance(x, (int, float)) for x in xs):
            return None
        if op == "+":
            return sum(xs)
        return -xs[0] if len(xs) == 1 else xs[0] - xs[1]

    return value


def _itemless(f: Compiled) -> ItemCompiled:
    return lambda r, e, it: f(r, e)


def _getter(leaf: tuple[str, Any]) -> Getter:
    """A leaf as a closure ``(record, event)``: a variable's getter, or a constant."""
    kind, value = leaf
    if kind == "var":
        return value  # type: ignore[no-any-return]
    return lambda r, e: value


_ORDER: dict[str, Callable[[Any, Any], Any]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def _text(value: Any) -> str:
    if isinstance(value, str):
        return "".join((value,))  # the text itself, for a str subclass too (an enumeration's value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _default(value: Any, default: Any) -> Any:
    return default if value is None else value


def _chain(subs: list[ItemCompiled], conjunction: bool) -> ItemCompiled:
    """``and`` (a conjunction) gives the first false value or the last; ``or`` the first true
    value or the last. Two and three operands are unrolled: the guards' commonest lengths."""
    if len(subs) == 1:
        return subs[0]
    if len(subs) == 2:
        a, b = subs
        if conjunction:
            return lambda r, e, it: a(r, e, it) and b(r, e, it)
        return lambda r, e, it: a(r, e, it) or b(r, e, it)
    if len(subs) == 3:
        a, b, c = subs
        if conjunction:
            return lambda r, e, it: a(r, e, it) and b(r, e, it) and c(r, e, it)
        return lambda r, e, it: a(r, e, it) or b(r, e, it) or c(r, e, it)

    def chain(r: Any, e: Any, it: Any) -> Any:
        value: Any = conjunction
        for s in subs:
            value = s(r, e, it)
            if bool(value) is not conjunction:
                return value
        return value

    return chain


def _if(subs: list[ItemCompiled]) -> ItemCompiled:
    pairs = [(subs[i], subs[i + 1]) for i in range(0, len(subs) - 1, 2)]
    otherwise = subs[-1] if len(subs) % 2 else None

    def choose(r: Any, e: Any, it: Any) -> Any:
        for cond, then in pairs:
            if cond(r, e, it):
                return then(r, e, it)
        return otherwise(r, e, it) if otherwise is not None else None

    return choose


def _compare(op: str, subs: list[ItemCompiled]) -> ItemCompiled:
    cmp = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}[op]

    def safe(x: Any, y: Any) -> bool:
        return x is not None and y is not None and bool(cmp(x, y))

    if len(subs) == 3 and op in ("<", "<="):
        a, b, c = subs
        return lambda r, e, it: safe(a(r, e, it), b(r, e, it)) and safe(b(r, e, it), c(r, e, it))
    a, b = subs[0], subs[1]
    return lambda r, e, it: safe(a(r, e, it), b(r, e, it))
