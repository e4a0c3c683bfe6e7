"""Counts, dates and month labels in ordinary words."""

import datetime as dt
import re
from datetime import date, datetime

import pytest

from whitecollar.grading.tolerant import (
    affirmed,
    count_words_as_digits,
    find_dates,
    parse_count,
    parse_date,
    parse_month,
)


@pytest.mark.parametrize(
    "text, want",
    [
        ("4", 4),
        ("four", 4),
        ("Four.", 4),
        ("twenty-one", 21),
        ("twenty one", 21),
        ("a dozen", 12),
        (3, 3),
        (3.0, 3),
        ("none", 0),
        ("3.5", None),
        ("many", None),
        (None, None),
        (True, None),
    ],
)
def test_parse_count(text, want):
    assert parse_count(text) == want


@pytest.mark.parametrize(
    "text, want",
    [
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
        ("", None),
        (None, None),
        (45000, None),
    ],
)
def test_parse_date(text, want):
    assert parse_date(text) == want


@pytest.mark.parametrize(
    "text, want",
    [
        ("January 2025", (2025, 1)),
        ("Jan-25", (2025, 1)),
        ("2025-01", (2025, 1)),
        ("01/2025", (2025, 1)),
        ("Sept 2025", (2025, 9)),
        ("décembre 2025", (2025, 12)),
        (dt.date(2025, 7, 31), (2025, 7)),
        ("31 March 2025", (2025, 3)),
        ("Jan", (2025, 1)),
        ("Total", None),
        ("13/2025", None),
    ],
)
def test_parse_month(text, want):
    assert parse_month(text, default_year=2025) == want


def test_month_without_year_needs_a_default():
    assert parse_month("Jan") is None


def test_dates_in_words_with_and_without_year():
    assert find_dates("Tue 25 Nov", default_year=2025) == [date(2025, 11, 25)]
    assert find_dates("Wednesday 3 December 2025, 10:00 PT") == [date(2025, 12, 3)]
    assert find_dates("December 3, 2025") == [date(2025, 12, 3)]
    assert find_dates("5th December", default_year=2025) == [date(2025, 12, 5)]


def test_iso_objects_and_several_dates():
    assert find_dates(datetime(2025, 11, 27, 12, 0)) == [date(2025, 11, 27)]
    assert find_dates("2025-11-25 08:30 and 26 Nov", default_year=2025) == [date(2025, 11, 25), date(2025, 11, 26)]


def test_no_year_no_default_and_no_date():
    assert find_dates("25 Nov") == []
    assert find_dates("at 13:00 in room 4") == []
    assert find_dates(None) == []


def test_numeric_date_order_from_the_column():
    from whitecollar.grading.tolerant import numeric_date_order

    assert numeric_date_order(["25/11/2025", "01/12/2025", None, date(2025, 12, 3)]) == "dmy"
    assert numeric_date_order(["11/25/2025", "12/01/2025"]) == "mdy"
    assert numeric_date_order(["01/12/2025", "03/12/2025"]) is None  # nothing settles it
    assert numeric_date_order(["25/11/2025", "11/26/2025"]) is None  # both orders: refuse


def test_parse_date_in_order_reads_ambiguous_dates_only():
    from whitecollar.grading.tolerant import parse_date_in_order

    assert parse_date_in_order("01/12/2025", "dmy") == date(2025, 12, 1)
    assert parse_date_in_order("01/12/2025", "mdy") == date(2025, 1, 12)
    assert parse_date_in_order("01/12/2025", None) is None
    assert parse_date_in_order("25/11/2025", "mdy") == date(2025, 11, 25)  # unambiguous: read as written
    assert parse_date_in_order("3 December 2025", "mdy") == date(2025, 12, 3)
    assert parse_date_in_order("31/02/2025", "dmy") is None


FINDING = re.compile(r"re-?\s?confirm\w*|lapsed|expired|differs?", re.IGNORECASE)


@pytest.mark.parametrize(
    "text",
    [
        "Award subject to written re-confirmation of its prices.",
        "Its validity lapsed on 14 November 2025.",
        "The quotation expired; we will ask the supplier to re-confirm.",
        "No other issue was found. The printed total differs from the sum of the extensions.",
        "It must re-confirm; if it does not, the award passes to the next supplier.",
    ],
)
def test_asserted_findings_count(text):
    assert affirmed(text, FINDING)


@pytest.mark.parametrize(
    "text",
    [
        "Re-confirmation is not necessary.",
        "re-confirmation is no longer needed",
        "Its validity has not lapsed.",
        "We did not ask for re-confirmation.",
        "None of the quotations has expired.",
        "The printed total does not differ from the extensions.",
        "Written re-confirmation would be superfluous.",
    ],
)
def test_denied_findings_do_not_count(text):
    assert not affirmed(text, FINDING)


def test_count_words_become_digits():
    assert (
        count_words_as_digits("R1 removed eighteen rows and R6 twenty-one cells")
        == "R1 removed 18 rows and R6 21 cells"
    )
    assert count_words_as_digits("Seven cells were recoded.") == "7 cells were recoded."


def test_words_that_are_rarely_counts_stay():
    assert (
        count_words_as_digits("No rows were dropped; both codes were found.")
        == "No rows were dropped; both codes were found."
    )
    assert count_words_as_digits("R2 converted 7 cells") == "R2 converted 7 cells"
    assert count_words_as_digits(None) == ""


@pytest.mark.parametrize(
    "text, expected",
    [
        ("12 novembre 2025", date(2025, 11, 12)),  # once read as 1 December: the day taken for the month
        ("1er décembre 2025", date(2025, 12, 1)),
        ("le 3 août 2025", date(2025, 8, 3)),
        ("Mai 5 2025", date(2025, 5, 5)),
        ("12 November 2025", date(2025, 11, 12)),
    ],
)
def test_french_month_names_are_read_as_months(text, expected):
    assert parse_date(text) == expected
