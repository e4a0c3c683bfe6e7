"""Checking a submission against its form's fields, value by value."""

from __future__ import annotations

import pytest

from whitecollar.lab.portal.description import Field, Form
from whitecollar.lab.portal.forms import check_submission

FORM = Form(
    "f",
    "F",
    (
        Field("name", "Name", "text", True, 10),
        Field("amount", "Amount", "number", False, 20),
        Field("count", "Count", "integer", False, 6),
        Field("notes", "Notes", "textarea", False, 50),
    ),
)


@pytest.mark.parametrize(
    "raw, value",
    [
        ("1234.5", 1234.5),
        ("1,234,567.89", 1234567.89),
        (" 42 ", 42.0),
        ("-3", -3.0),
        ("+0.5", 0.5),
        (".25", 0.25),
    ],
)
def test_numbers_people_type_are_accepted_and_stored_as_numbers(raw, value):
    c = check_submission(FORM, {"name": ["x"], "amount": [raw]})
    assert c.ok and c.values["amount"] == value


@pytest.mark.parametrize("raw", ["1 234,56", "1,23", "12e3", "inf", "0x10", "1.2.3", "--1", "$12"])
def test_ambiguous_or_foreign_number_formats_are_refused(raw):
    c = check_submission(FORM, {"name": ["x"], "amount": [raw]})
    assert not c.ok and "is not a number" in c.errors["amount"]


def test_integers_and_blank_optional_fields():
    c = check_submission(FORM, {"name": ["x"], "count": ["1,000"], "amount": [""], "notes": ["a\r\nb"]})
    assert c.ok
    assert c.values == {"name": "x", "amount": None, "count": 1000, "notes": "a\nb"}


def test_every_problem_is_reported_at_once_and_no_value_kept():
    c = check_submission(FORM, {"amount": ["x"], "count": ["1.5"], "notes": ["n" * 51], "extra": ["1"]})
    assert set(c.errors) == {"", "name", "amount", "count", "notes"}
    assert c.values == {}
    assert any(r.startswith("unknown field(s) extra") for r in c.reasons())


def test_max_length_counts_characters_not_bytes():
    assert check_submission(FORM, {"name": ["é" * 10]}).ok
    assert not check_submission(FORM, {"name": ["é" * 11]}).ok
