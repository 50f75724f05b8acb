"""JSON as every entry point reads and writes it: one policy for all the formats.

Reading (:func:`loads`) is strict where Python's :mod:`json` is lenient, and bounded:

- a byte-order mark at the very start of a text is dropped (as the YAML and PBN readers do);
- a key given twice in one object is refused (as the YAML readers refuse it);
- ``NaN``, ``Infinity`` and numbers too large for a float are refused: they are not JSON;
- an integer has at most :data:`MAX_DIGITS` digits and a value nests at most :data:`MAX_DEPTH`
  levels: no input is big enough to matter for a board, and beyond that it is an attack;
- a string holding half of a surrogate pair (``"\\ud800"``) is refused: it is no character.

Lines (:func:`lines`) end at ``\\n`` alone (``\\r\\n`` too): U+2028 and U+2029 are characters of a
JSON string, never line breaks, in a file as on standard input.

Writing (:func:`dumps`) gives standard JSON only (no ``NaN``), on one line, with U+0085, U+2028
and U+2029 escaped so that no reader splits an answer in two.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from typing import Any

from fsm.engine.errors import InputError

MAX_DEPTH = 64  # an event nests four levels, a record five
MAX_DIGITS = 30  # a board number or a count; 10**30 is more than any board will see
MAX_LINE = (
    1_000_000  # characters of one line of JSON: a record of 100,000 events is about 4 MB, but one *line* is an event
)
BOM = "\ufeff"


def _refuse(fr: str, en: str) -> InputError:
    return InputError(f"JSON refusé : {fr}", f"JSON refused: {en}", key="json")


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _refuse(f"la clé « {escape(key)} » est donnée deux fois", f"the key '{escape(key)}' is given twice")
        out[key] = value
    return out


def _constant(name: str) -> Any:
    raise _refuse(f"« {name} » n'est pas un nombre JSON", f"'{name}' is not a JSON number")


def _float(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:
        raise _refuse(f"nombre de plus de {MAX_DIGITS} chiffres", f"a number of more than {MAX_DIGITS} digits")
    value = float(text)
    if not math.isfinite(value):
        raise _refuse(f"le nombre {text} dépasse les limites", f"the number {text} is out of range")
    return value


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _refuse(f"entier de plus de {MAX_DIGITS} chiffres", f"an integer of more than {MAX_DIGITS} digits")
    return int(text)


def _surrogate(text: str) -> bool:
    return any("\ud800" <= c <= "\udfff" for c in text)


def _check(value: Any) -> None:
    """Depth and characters, walked without recursion: the value may be as deep as the parser allowed."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > MAX_DEPTH:
                raise _refuse(f"imbrication au-delà de {MAX_DEPTH} niveaux", f"nested deeper than {MAX_DEPTH} levels")
            if isinstance(item, dict):
                for key, sub in item.items():
                    if _surrogate(key):
                        raise _refuse("une clé contient une moitié de paire UTF-16", "a key holds half a UTF-16 pair")
                    stack.append((sub, depth + 1))
            else:
                stack.extend((sub, depth + 1) for sub in item)
        elif isinstance(item, str) and _surrogate(item):
            raise _refuse("un texte contient une moitié de paire UTF-16", "a string holds half a UTF-16 pair")


def loads(text: str) -> Any:
    """The value of a JSON text, by the policy above; :class:`InputError` says what is wrong and where."""
    if text.startswith(BOM):
        text = text[1:]
    try:
        value = json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant, parse_float=_float, parse_int=_int)
    except json.JSONDecodeError as err:
        raise InputError(
            f"JSON illisible : {err.msg} (ligne {err.lineno}, colonne {err.colno})",
            f"unreadable JSON: {err.msg} (line {err.lineno}, column {err.colno})",
            key="json",
        ) from None
    except RecursionError:
        raise _refuse(f"imbrication au-delà de {MAX_DEPTH} niveaux", f"nested deeper than {MAX_DEPTH} levels") from None
    _check(value)
    return value


def lines(text: str) -> Iterator[str]:
    """The lines of a text, broken at ``\\n`` only (the trailing ``\\r`` of ``\\r\\n`` dropped)."""
    if text.startswith(BOM):
        text = text[1:]
    for line in text.split("\n"):
        yield line[:-1] if line.endswith("\r") else line


_BREAKS = ("\x85", "\u2028", "\u2029")


def dumps(value: Any) -> str:
    """One line of standard JSON; whatever the value holds, it can be written to any UTF-8 stream."""
    text = json.dumps(value, ensure_ascii=False, allow_nan=False, default=str)
    for breaking in _BREAKS:  # JSON escapes the other controls; these three some readers take for line ends
        text = text.replace(breaking, f"\\u{ord(breaking):04x}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # half a surrogate pair from somewhere: escaped, as JSON allows
        text = json.dumps(value, ensure_ascii=True, allow_nan=False, default=str)
    return text


_CONTROL = {c: f"\\x{c:02x}" for c in (*range(0x00, 0x20), 0x7F) if c not in (0x09,)}
_CONTROL.update({c: f"\\x{c:02x}" for c in range(0x80, 0xA0)})


def escape(text: str) -> str:
    """A text safe to print on a terminal: control characters (ESC among them) shown as ``\\x1b``."""
    return text.translate(_CONTROL)
