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
