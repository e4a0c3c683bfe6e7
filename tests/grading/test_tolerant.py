"""Counts, dates and month labels in ordinary words."""
import datetime as dt

import pytest

from whitecollar.grading.tolerant import counts_before, parse_count, parse_date, parse_month


@pytest.mark.parametrize("text, want", [
    ("4", 4), ("four", 4), ("Four.", 4), ("twenty-one", 21), ("twenty one", 21), ("a dozen", 12),
    (3, 3), (3.0, 3), ("none", 0), ("3.5", None), ("many", None), (None, None), (True, None),
])
def test_parse_count(text, want):
    assert parse_count(text) == want


def test_counts_before_nouns():
    text = "Four of the five quotations were screened; 4 compliant quotations remain; twenty-one duplicate payments."
    got = counts_before(text, ["quotation", "duplicate payment"])
    assert [n for n, _ in got] == [4, 4, 21]
    assert counts_before("no figure here", ["quotation"]) == []


@pytest.mark.parametrize("text, want", [
    ("31 January 2025", dt.date(2025, 1, 31)),
    ("January 31, 2025", dt.date(2025, 1, 31)),
    ("2025-01-31", dt.date(2025, 1, 31)),
    ("31/01/2025", dt.date(2025, 1, 31)),
    ("31-Jan-2025", dt.date(2025, 1, 31)),
    ("the 3rd of March, 2025", dt.date(2025, 3, 3)),
    (dt.datetime(2025, 2, 1, 9, 30), dt.date(2025, 2, 1)),
    ("01/02/2025", None),  # day-first or month-first: never guessed
    ("02/02/2025", dt.date(2025, 2, 2)),  # both readings agree
    ("hello 2025", None),
    ("March 3", None),  # no year
    ("", None), (None, None), (45000, None),
])
def test_parse_date(text, want):
    assert parse_date(text) == want


@pytest.mark.parametrize("text, want", [
    ("January 2025", (2025, 1)), ("Jan-25", (2025, 1)), ("2025-01", (2025, 1)), ("01/2025", (2025, 1)),
    ("Sept 2025", (2025, 9)), ("décembre 2025", (2025, 12)), (dt.date(2025, 7, 31), (2025, 7)),
    ("31 March 2025", (2025, 3)), ("Jan", (2025, 1)), ("Total", None), ("13/2025", None),
])
def test_parse_month(text, want):
    assert parse_month(text, default_year=2025) == want


def test_month_without_year_needs_a_default():
    assert parse_month("Jan") is None
