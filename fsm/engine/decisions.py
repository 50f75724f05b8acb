"""Decision tables and triggers: what a host's rules decide about an event before it is offered,
and what the machine raises of itself once an event has been handled.

A **decision** sets one variable of the context (its ``name``) for an event named ``event``
offered in the state ``state`` (or a state inside it), before any rule is asked. It is an ordered
table of rows; each row has a condition (``when``, an expression; absent: always) and either an
outcome (``then``) or a table of its own (``rows``). The first row whose condition holds decides:
its outcome, or what its own table decides; a table none of whose rows holds decides nothing, and
the rows after it are tried. The top table ends with a row that always holds and has an outcome,
so that a decision always decides. Several decisions for the same state and event run in the
order given, each able to read what the ones before it set.

A **trigger** raises an internal event of its own (``raise``) in a state once an external event
and everything it set off have been handled, when its condition holds: at most one per external
event, the first in the order given.

Rows, decisions and triggers are JSON; the engine compiles them with the host's
:class:`~fsm.engine.expr.Vocabulary` and knows nothing of what they decide.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from fsm.engine.expr import Compiled, ExpressionError, Vocabulary

ALWAYS = None  # a row with no condition: it always holds


class Row(NamedTuple):
    """One row: a condition, and an outcome or a table of its own; the law that makes it, in words."""

    law: str
    fr: str
    en: str
    when: Any = ALWAYS
    then: str | None = None
    rows: tuple[Row, ...] = ()

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"law": self.law, "fr": self.fr, "en": self.en}
        if self.when is not ALWAYS:
            out["when"] = self.when
        if self.rows:
            out["rows"] = [r.to_data() for r in self.rows]
        else:
            out["then"] = self.then
        return out

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Row:
        rows = tuple(cls.from_data(r) for r in data.get("rows", ()))
        return cls(data["law"], data["fr"], data["en"], data.get("when", ALWAYS), data.get("then"), rows)


class Decision(NamedTuple):
    """A decision table: the variable it sets, for which event in which state, and its rows."""

    name: str
    state: str
    event: str
    law: str
    fr: str
    en: str
    rows: tuple[Row, ...]
    outcomes: tuple[str, ...]  # every value it may decide, in the order the host documents them
    # A hint, never a meaning: variables of the event whose values are few, on which the engine may
    # specialise the table (see :func:`_specialised`); another implementation may ignore it.
    specialize: tuple[str, ...] = ()

    def to_data(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "state": self.state,
            "event": self.event,
            "law": self.law,
            "fr": self.fr,
            "en": self.en,
            "outcomes": list(self.outcomes),
            "specialize": list(self.specialize),
            "rows": [r.to_data() for r in self.rows],
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Decision:
        return cls(
            data["name"],
            data["state"],
            data["event"],
            data["law"],
            data["fr"],
            data["en"],
            tuple(Row.from_data(r) for r in data["rows"]),
            tuple(data["outcomes"]),
            tuple(data.get("specialize", ())),
        )

    def problems(self) -> list[str]:
        """What makes the table unusable: an outcome not declared, a row with both or neither of an
        outcome and a table, a top table that may decide nothing."""
        out: list[str] = []

        def check(rows: tuple[Row, ...], where: str) -> None:
            for i, row in enumerate(rows, 1):
                at = f"{where}{i}"
                if (row.then is None) == (not row.rows):
                    out.append(f"decision '{self.name}', row {at}: needs an outcome or rows, not both")
                if row.then is not None and row.then not in self.outcomes:
                    out.append(f"decision '{self.name}', row {at}: undeclared outcome '{row.then}'")
                check(row.rows, at + ".")

        check(self.rows, "")
        last = self.rows[-1] if self.rows else None
        if last is None or last.when is not ALWAYS or last.then is None:
            out.append(f"decision '{self.name}': the last row must always hold and have an outcome")
        return out

    def compile(self, vocabulary: Vocabulary) -> Compiled:
        """The closure ``(record, event) -> outcome``; specialised, when the decision says on what, to
        each value of those variables met (see :func:`_specialised`)."""
        generic = _table(self.rows, vocabulary)
        if not self.specialize:
            return generic
        return _specialised(self.rows, self.specialize, vocabulary, generic)

    def explain(self, vocabulary: Vocabulary, record: Any, event: Any) -> tuple[str | None, tuple[int, ...]]:
        """The outcome and the row that decided it, as its path of row numbers from 1 (``(3, 2)``: the
        second row of the third row's table). Slow: for traces, documentation and tests."""

        def walk(rows: tuple[Row, ...], path: tuple[int, ...]) -> tuple[str | None, tuple[int, ...]]:
            for i, row in enumerate(rows, 1):
                if row.when is not ALWAYS and not vocabulary.compile(row.when)(record, event):
                    continue
                if not row.rows:
                    return row.then, (*path, i)
                found = walk(row.rows, (*path, i))
                if found[0] is not None:
                    return found
            return None, ()

        return walk(self.rows, ())

    def row(self, path: tuple[int, ...]) -> Row:
        rows, row = self.rows, None
        for i in path:
            row = rows[i - 1]
            rows = row.rows
        if row is None:
            raise ExpressionError("an empty path names no row")
        return row

    def paths(self) -> list[tuple[int, ...]]:
        """The path of every row that has an outcome, in the table's order."""
        out: list[tuple[int, ...]] = []

        def walk(rows: tuple[Row, ...], path: tuple[int, ...]) -> None:
            for i, row in enumerate(rows, 1):
                if row.rows:
                    walk(row.rows, (*path, i))
                else:
                    out.append((*path, i))

        walk(self.rows, ())
        return out


def _table(rows: tuple[Row, ...], vocabulary: Vocabulary) -> Compiled:
    """The rows as a chain of closures, the last row first: each asks its condition and hands on
    to the next row's closure when it does not decide (a chain, not a loop: a decision is made at
    every call, and a call saved per row is worth more than a loop's bookkeeping)."""

    def give_up(record: Any, event: Any) -> Any:
        return None

    after: Compiled = give_up
    for row in reversed(rows):
        after = _link(row, vocabulary, after)
    return after


def _link(row: Row, vocabulary: Vocabulary, after: Compiled) -> Compiled:
    then, nxt = row.then, after
    if row.rows:
        table = _table(row.rows, vocabulary)
        when = vocabulary.compile(row.when, fresh=False) if row.when is not ALWAYS else (lambda r, e: True)
        if _decides(row.rows):  # the rows always decide: nothing to hand on once the condition holds
            return lambda r, e: table(r, e) if when(r, e) else nxt(r, e)

        def group(r: Any, e: Any) -> Any:
            if when(r, e):
                found = table(r, e)
                if found is not None:
                    return found
            return nxt(r, e)

        return group
    if row.when is ALWAYS:
        return lambda r, e: then
    test = vocabulary.compile(row.when, fresh=False)
    return lambda r, e: then if test(r, e) else nxt(r, e)


def _decides(rows: tuple[Row, ...]) -> bool:
    """Whether a table always decides: its last row always holds and has an outcome, or a table
    that always decides."""
    if not rows or rows[-1].when is not ALWAYS:
        return False
    return rows[-1].then is not None or _decides(rows[-1].rows)


SPECIALISED_LIMIT = 512  # values of the key kept; beyond, the generic table answers


def _specialised(rows: tuple[Row, ...], key: tuple[str, ...], vocabulary: Vocabulary, generic: Compiled) -> Compiled:
    """The table worked out once for each value of the key variables met: each condition with the
    key's values put in, what can be computed then computed (the builtins, and the host operators
    that are pure: that depend on their arguments only), and the rows whose condition is then
    false left out. The same decision, with fewer conditions asked: a row whose condition is false
    for this value of the key is never asked again. A test compares it with the generic table."""
    getters = [vocabulary.variables[name].get for name in key]
    if len(getters) == 1:  # the commonest key, one variable: its value is the key, no tuple to build
        read: Compiled = getters[0]
    else:
        read = lambda record, event: tuple(get(record, event) for get in getters)  # noqa: E731
    tables: dict[Any, Compiled] = {}

    def decide(record: Any, event: Any) -> Any:
        value = read(record, event)
        table = tables.get(value)
        if table is None:
            if len(tables) >= SPECIALISED_LIMIT:
                return generic(record, event)
            known = dict(zip(key, value if len(key) > 1 else (value,), strict=True))
            table = tables[value] = _table(_prune(rows, known, vocabulary), vocabulary)
        return table(record, event)

    return decide


_UNKNOWN = object()
_CONST = "__const__"  # a value folded in: an array or object marked, never read as an operation


class _CannotFold(Exception):
    """A value folded in that cannot be written back as an expression (an object)."""


def _prune(rows: tuple[Row, ...], known: dict[str, Any], vocabulary: Vocabulary) -> tuple[Row, ...]:
    out: list[Row] = []
    for row in rows:
        when = row.when
        if when is not ALWAYS:
            try:
                folded = _fold(when, known, vocabulary)
                value = _constant(folded)
                when = _unwrap(folded) if value is _UNKNOWN else ALWAYS if value else False
            except _CannotFold:
                pass  # the condition as it is: asked at run time
            if when is False:
                continue  # never holds for this key
        if row.rows:
            sub = _prune(row.rows, known, vocabulary)
            if sub:
                out.append(Row(row.law, row.fr, row.en, when, None, sub))
            continue
        out.append(Row(row.law, row.fr, row.en, when, row.then))
        if when is ALWAYS:
            break  # the rows after one that always decides are never asked
    return tuple(out)


def _constant(expr: Any) -> Any:
    """The value of a folded expression, or ``_UNKNOWN`` while it still reads the record."""
    if isinstance(expr, dict):
        if len(expr) == 1 and _CONST in expr:
            return expr[_CONST]
        return _UNKNOWN
    if isinstance(expr, list):
        values = [_constant(x) for x in expr]
        return _UNKNOWN if any(v is _UNKNOWN for v in values) else values
    return expr


def _wrap(value: Any) -> Any:
    return {_CONST: value} if isinstance(value, (dict, list)) else value


def _unwrap(expr: Any) -> Any:
    """A folded expression written back as an expression, to be compiled."""
    if isinstance(expr, list):
        return [_unwrap(a) for a in expr]
    if isinstance(expr, dict) and len(expr) == 1:
        ((op, args),) = expr.items()
        if op != _CONST:
            return {op: _unwrap(args)}
        if isinstance(args, list) and all(not isinstance(a, (dict, list)) for a in args):
            return list(args)  # an array of scalars reads as itself
        raise _CannotFold
    return expr


def _fold(expr: Any, known: dict[str, Any], vocabulary: Vocabulary) -> Any:
    """The expression with the known variables put in and what can then be computed computed: the
    builtins, and the host operators that are pure. The array operations, and what reads the
    record, are left as they are."""
    if isinstance(expr, list):
        return [_fold(x, known, vocabulary) for x in expr]
    if not isinstance(expr, dict) or len(expr) != 1:
        return expr
    ((op, args),) = expr.items()
    listed = args if isinstance(args, list) else [args]
    if op in ("var", "ctx"):
        return _wrap(known[listed[0]]) if len(listed) == 1 and listed[0] in known else expr
    if op in ("some", "all", "none", "filter", "map", "count", "first", "last", "after", "before", "reverse"):
        return expr
    folded = [_fold(a, known, vocabulary) for a in listed]
    if op in vocabulary.definitions and not vocabulary.pure(op):
        return {op: folded}  # it reads the record
    values = [_constant(a) for a in folded]
    if op in ("and", "or"):
        return _junction(op, folded, values)
    host = vocabulary.operators.get(op)
    if all(v is not _UNKNOWN for v in values) and (host is None or host.pure):
        if host is not None:
            return _wrap(host.fn(None, None, *values))
        return _wrap(vocabulary.compile({op: [_unwrap(a) for a in folded]})(None, None))
    return {op: folded}


def _junction(op: str, folded: list[Any], values: list[Any]) -> Any:
    """``and`` / ``or`` with some operands known, keeping JsonLogic's value (the first operand that
    decides, false for ``and`` and true for ``or``, or else the last): a known operand that
    decides ends the list, one that does not (and is not the last) is never the value and is
    left out."""
    kept: list[Any] = []
    for i, (expr, value) in enumerate(zip(folded, values, strict=True)):
        if value is _UNKNOWN:
            kept.append(expr)
        elif (not value if op == "and" else bool(value)) or i == len(folded) - 1:
            kept.append(expr)
            break
    return kept[0] if len(kept) == 1 else {op: kept}


class Trigger(NamedTuple):
    """An internal event the machine raises in ``state`` once an event has been handled, when
    ``when`` holds."""

    state: str
    when: Any
    raises: str
    law: str
    fr: str
    en: str

    def to_data(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "when": self.when,
            "raise": self.raises,
            "law": self.law,
            "fr": self.fr,
            "en": self.en,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Trigger:
        return cls(data["state"], data["when"], data["raise"], data["law"], data["fr"], data["en"])


Setter = Callable[[Any, Any, Any], None]


def setter(vocabulary: Vocabulary, decision: Decision) -> Setter:
    """The host's way of setting the variable a decision decides."""
    variable = vocabulary.variables.get(decision.name)
    if variable is None or variable.set is None:
        raise ExpressionError(f"decision '{decision.name}': the context has no variable of that name it may set")
    return variable.set
