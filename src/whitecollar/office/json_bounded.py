"""JSON a worker wrote, read with every number and string bounded.

Python refuses to convert an integer of more than 4,300 digits (a
ValueError, not a JSONDecodeError), and a 50 MB string in one field makes
every later text check slow. A worker controls COMPLETION.json and the
portal's fields, so a reader that let either through turned the worker's
run into an evaluator error. Here such a value parses to an `Oversized`
label and `bounded_problems` names its field, so the receipt fails the
record and says where.
"""

from __future__ import annotations

import json
import re
from typing import Any

_MAX_DEPTH = 40
#: A number longer than this is no figure anyone wrote by hand; a string longer than this is no one's summary.
MAX_NUMBER_DIGITS = 64
MAX_STRING_CHARS = 100_000
_DIGITS = re.compile(r"[\s+\-\u2212$()]*\d[\d\s.,_'\u00a0\u202f]*[%$]?\s*")


class Oversized(str):
    """A JSON value too large to read (a 2,000,000-digit number, a 50 MB string), kept as a short label.

    It is a string so that every reader can go on treating it as text (no
    figure parses out of it); `bounded_problems` names its field, so the
    receipt fails the record and says where, instead of ending in an error.
    """

    size: int
    kind: str

    def __new__(cls, kind: str, size: int) -> Oversized:
        obj = super().__new__(cls, f"<{kind} of {size:,} characters, too large to read>")
        obj.kind, obj.size = kind, size
        return obj


def _bounded_int(s: str) -> int | Oversized:
    return int(s) if len(s) <= MAX_NUMBER_DIGITS else Oversized("number", len(s))


def _bounded_float(s: str) -> float | Oversized:
    return float(s) if len(s) <= MAX_NUMBER_DIGITS else Oversized("number", len(s))


def _bound(value: Any, depth: int = 0) -> Any:
    """The parsed value with every oversized string replaced by an `Oversized` label."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(value, Oversized):
        return value
    if isinstance(value, str):
        if len(value) > MAX_STRING_CHARS:
            return Oversized("string", len(value))
        if len(value) > MAX_NUMBER_DIGITS and _DIGITS.fullmatch(value):
            return Oversized("number", len(value))  # int() of it would raise past 4,300 digits
        return value
    if isinstance(value, dict):
        return {
            (k if len(k) <= MAX_STRING_CHARS else Oversized("key", len(k))): _bound(v, depth + 1)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_bound(v, depth + 1) for v in value]
    return value


def loads_bounded(text: str) -> Any:
    """json.loads for text a worker wrote: numbers and strings of any size parse, none is read whole.

    Python refuses to convert an integer of more than 4,300 digits (a
    ValueError that is not a JSONDecodeError); a reader that let it through
    turned a worker's COMPLETION.json or portal field into an evaluator
    error. Raises json.JSONDecodeError or RecursionError for invalid JSON.
    """
    return _bound(json.loads(text, parse_int=_bounded_int, parse_float=_bounded_float))


def bounded_problems(value: Any, path: str = "", depth: int = 0) -> list[str]:
    """Where `value` holds an oversized number or string, as "field: a number of N characters" lines."""
    if depth > _MAX_DEPTH:
        return []
    if isinstance(value, Oversized):
        return [f"{path or '(top)'}: a {value.kind} of {value.size:,} characters, too large to read"]
    if isinstance(value, dict):
        out = []
        for k, v in value.items():
            key = str(k)[:40] if not isinstance(k, Oversized) else "<oversized key>"
            out += bounded_problems(v, f"{path}.{key}" if path else key, depth + 1)
        return out
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in bounded_problems(v, f"{path}[{i}]", depth + 1)]
    return []
