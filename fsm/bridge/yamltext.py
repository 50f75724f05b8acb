"""YAML as every reader of the project reads it: the same policy as JSON (:mod:`fsm.bridge.jsontext`).

- a byte-order mark at the very start is dropped;
- a key given twice in one mapping is refused, and so is a key that is a list or a mapping
  (``? [a, b]``): no key of any format is one;
- an integer has at most :data:`MAX_DIGITS` digits (Python refuses to read one of 4,300);
- :func:`check_shape` refuses aliases (``*name``) and nesting deeper than a bound, before anything
  is built: what a reader of user files calls first.

Only safe loaders: no YAML tag builds a Python object.
"""

from __future__ import annotations

from typing import Any

import yaml

from fsm.bridge.jsontext import BOM, MAX_DIGITS
from fsm.engine.errors import InputError


def _once(loader: yaml.constructor.SafeConstructor, node: yaml.MappingNode, deep: bool) -> None:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        try:
            twice = key in seen
        except TypeError:  # a list or a table as a key (``? [a, b]``)
            raise yaml.constructor.ConstructorError(
                None, None, "a key must be a text or a number", key_node.start_mark
            ) from None
        if twice:
            raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
        seen.add(key)


def _bounded_int(loader: yaml.constructor.SafeConstructor, node: yaml.ScalarNode) -> Any:
    if sum(c.isdigit() for c in str(node.value)) > MAX_DIGITS:
        raise yaml.constructor.ConstructorError(
            None, None, f"an integer of more than {MAX_DIGITS} digits", node.start_mark
        )
    return yaml.constructor.SafeConstructor.construct_yaml_int(loader, node)


class StrictLoader(yaml.SafeLoader):
    """PyYAML's safe loader, with the policy above; its errors quote the Python parser's marks."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        _once(self, node, deep)
        return super().construct_mapping(node, deep=deep)


class FastLoader(yaml.CSafeLoader if yaml.__with_libyaml__ else yaml.SafeLoader):  # type: ignore[misc]
    """The same, on libyaml's parser where PyYAML has it (four times faster). A text it refuses is
    read again by :class:`StrictLoader`, whose words and marks the errors quote."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        _once(self, node, deep)
        return super().construct_mapping(node, deep=deep)  # type: ignore[no-any-return]


StrictLoader.add_constructor("tag:yaml.org,2002:int", _bounded_int)  # type: ignore[type-var]
FastLoader.add_constructor("tag:yaml.org,2002:int", _bounded_int)


def check_shape(text: str, depth_max: int, loader: type[Any] = StrictLoader) -> None:
    """No alias and at most ``depth_max`` levels: a :class:`yaml.MarkedYAMLError` otherwise."""
    depth = 0
    for event in yaml.parse(text, Loader=loader):
        mark: Any = event.start_mark
        if isinstance(event, yaml.AliasEvent):
            raise yaml.MarkedYAMLError(problem="YAML aliases (*name) are not allowed", problem_mark=mark)
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > depth_max:
                raise yaml.MarkedYAMLError(problem=f"nested deeper than {depth_max} levels", problem_mark=mark)
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1


def load(text: str, depth_max: int | None = None) -> Any:
    """The value of a YAML text, by the policy above (``depth_max``: no alias either, for user
    files). Raises :class:`yaml.YAMLError` (with its mark where it has one)."""
    if text.startswith(BOM):
        text = text[1:]
    if yaml.__with_libyaml__:
        try:
            if depth_max is not None:
                check_shape(text, depth_max, FastLoader)
            return yaml.load(text, Loader=FastLoader)  # noqa: S506 - a SafeLoader
        except Exception:  # noqa: S110 - said again below, in the Python parser's words
            pass
    if depth_max is not None:
        check_shape(text, depth_max)
    return yaml.load(text, Loader=StrictLoader)  # noqa: S506 - a SafeLoader


def loads(text: str, where: str, depth_max: int | None = 64) -> Any:
    """:func:`load`, its errors as an :class:`InputError` naming ``where`` (a file), the line and column."""
    try:
        return load(text, depth_max)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = f", ligne {mark.line + 1}, colonne {mark.column + 1}" if mark else ""
        line_en = f", line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = err.problem or err.context or "?"
        raise InputError(
            f"YAML invalide ({where}{line}) : {problem}", f"{where}{line_en}: invalid YAML: {problem}", key="yaml"
        ) from None
    except yaml.YAMLError as err:
        raise InputError(f"YAML invalide ({where}) : {err}", f"{where}: invalid YAML: {err}", key="yaml") from None
