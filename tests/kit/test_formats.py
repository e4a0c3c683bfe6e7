"""The kit's forms: what each prints, its sign, its rounding, and cents that stay exact at any size."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import pytest

from whitecollar.kit import (
    MONTH_NUMBERS,
    MONTHS,
    MONTHS_FR,
    MONTHS_SHORT,
    NBSP,
    cents,
    cents_fr,
    dollars,
    iso,
    money,
    money_fr,
    person_name,
)


@pytest.mark.parametrize(
    ("got", "want"),
    [
        (money(1234.5), "1,234.50"),
        (money(1234.5, 0), "1,234"),
        (money(-1234.567, 1), "-1,234.6"),
        (money(1234.5, symbol="$"), "$1,234.50"),
        (dollars(1234567.891), "$1,234,567.89"),
        (dollars(999.5, 0), "$1,000"),
        (money_fr(1234567.891), f"1{NBSP}234{NBSP}567,89{NBSP}$"),
        (money_fr(-12.5, 0, symbol=False), "-12"),
        (money_fr(1234.5, space=" "), "1 234,50 $"),
        (cents(123456), "1,234.56"),
        (cents(-5), "-0.05"),
        (cents(0), "0.00"),
        (cents_fr(123456), f"1{NBSP}234,56{NBSP}$"),
        (cents_fr(-123456, False), f"-1{NBSP}234,56"),
        (cents_fr(123456, space=" "), "1 234,56 $"),
    ],
)
def test_each_form_prints_what_a_document_shows(got, want):
    assert got == want


def test_cents_are_exact_where_a_float_would_not_be():
    huge = 10**20 + 7
    assert cents(huge) == "1,000,000,000,000,000,000.07"
    assert money(huge / 100) != cents(huge)  # the float lost the cents: why the integer form exists
    assert cents_fr(huge, False).endswith(",07")


def test_dates_names_and_months():
    @dataclass
    class Person:
        given_name: str
        family_name: str

    assert iso(date(2025, 3, 31)) == "2025-03-31"
    assert person_name(Person("Élise", "Tremblay")) == "Élise Tremblay"
    assert len(MONTHS) == len(MONTHS_SHORT) == len(MONTHS_FR) == 12
    assert (MONTHS[2], MONTHS_SHORT[8], MONTHS_FR[7]) == ("March", "Sep", "août")
    assert MONTH_NUMBERS["march"] == 3 and len(MONTH_NUMBERS) == 12


def test_a_count_is_written_in_words_below_a_hundred_and_in_digits_from_there():
    from whitecollar.kit import count_in_words

    assert [count_in_words(n) for n in (0, 7, 13, 20, 21, 40, 99, 100, -1)] == [
        "zero",
        "seven",
        "thirteen",
        "twenty",
        "twenty-one",
        "forty",
        "ninety-nine",
        "100",
        "-1",
    ]
