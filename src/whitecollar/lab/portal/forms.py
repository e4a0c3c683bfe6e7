"""Checking a submitted form against its fields before anything is recorded.

A refused submission must leave no trace in out/, so every check runs first
and the caller writes only a submission with no problem. Values are stored
typed (numbers as numbers) so that whoever grades them does not have to
guess the worker's number format; what a person may reasonably type
(thousands separators, surrounding spaces, Windows line ends) is accepted.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from whitecollar.lab.portal.description import Field, Form

_NUMBER = re.compile(r"^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$|^[+-]?\.\d+$")
_INTEGER = re.compile(r"^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)$")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


@dataclass
class Checked:
    """The outcome of checking one submission: typed values, or the reasons for refusing it."""

    values: dict[str, Any] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)  # field name ("" for the form itself) -> reason
    entered: dict[str, str] = field(default_factory=dict)  # what was typed, to show the form again

    @property
    def ok(self) -> bool:
        return not self.errors

    def reasons(self) -> list[str]:
        return [f"{name}: {why}" if name else why for name, why in self.errors.items()]


def _as_text(value: Any) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return repr(value) if isinstance(value, float) else str(value)
    return None


def _text_problem(f: Field, text: str) -> str | None:
    """Why typed text cannot stand for the field whatever its type (too long, control characters, line breaks)."""
    if len(text) > f.max_length:
        return f"{len(text)} characters, more than the {f.max_length} allowed"
    if _CONTROL.search(text):
        return "contains control characters"
    if "\n" in text and f.type != "textarea":
        return "must be a single line"
    return None


def _typed_value(f: Field, value: str) -> tuple[Any, str | None]:
    """A non-empty value stored as its field's type (so graders need not guess number formats), or why it is not one."""
    if f.type == "number":
        if not _NUMBER.match(value):
            return None, f"{value!r} is not a number (digits, optional decimal point, e.g. 1234567.89)"
        return float(value.replace(",", "")), None
    if f.type == "integer":
        if not _INTEGER.match(value):
            return None, f"{value!r} is not a whole number"
        return int(value.replace(",", "")), None
    return value, None


def _check_field(f: Field, given: list[Any], out: Checked) -> None:
    """Check one field's submitted values, recording what was typed and then its value or its reason in `out`."""
    if len(given) > 1:
        out.errors[f.name] = "given more than once"
        return
    raw = _as_text(given[0]) if given else ""
    if raw is None:
        out.errors[f.name] = "must be a string or a number"
        return
    text = raw.replace("\r\n", "\n").replace("\r", "\n")
    out.entered[f.name] = text
    value = text.strip()
    problem = _text_problem(f, text)
    if problem is not None:
        out.errors[f.name] = problem
        return
    if not value:
        if f.required:
            out.errors[f.name] = "is required"
        else:
            out.values[f.name] = None if f.type in ("number", "integer") else ""
        return
    typed, error = _typed_value(f, value)
    if error is not None:
        out.errors[f.name] = error
        return
    out.values[f.name] = typed


def check_submission(form: Form, submitted: Mapping[str, list[Any]]) -> Checked:
    """Check every field of `form` against what was submitted (name -> list of values).

    Unknown names, repeated names, missing required values, values over
    max_length, a line break in a one-line field, control characters and
    values that are not numbers in number fields are each refused with a
    reason.
    """
    out = Checked()
    unknown = sorted(n for n in submitted if form.field(n) is None)
    if unknown:
        out.errors[""] = (
            f"unknown field(s) {', '.join(unknown)}; this form has {', '.join(f.name for f in form.fields)}"
        )
    for f in form.fields:
        _check_field(f, submitted.get(f.name, []), out)
    if out.errors:
        out.values = {}
    return out
