"""find_dates: dates in words inside cells and phrases (calendar problems, deadlines)."""
from __future__ import annotations

from datetime import date, datetime

from whitecollar.grading.tolerant import find_dates


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
