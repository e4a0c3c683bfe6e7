"""Tolerant readers for facts written in ordinary words: counts, dates, months.

Correct work was failed because "four of the five quotations" was written
in words, because a date read "31 January 2025" where "2025-01-31" was
expected, or because a month column said "Jan-25". These readers accept
the common forms and return plain values; they never guess between two
readings (an all-numeric date that could be day-first or month-first is
read only when one reading is impossible or both agree).
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Iterable
from typing import Any

from dateutil import parser as _dateparser

from whitecollar.formats import MONTH_NUMBERS, MONTHS
from whitecollar.grading.text.assertions import _negated_at
from whitecollar.grading.text.sentences import _clause_of, _clause_spans, split_sentences
from whitecollar.grading.text.terms import normalise

SMALL_NUMBERS = {
    "zero": 0,
    "no": 0,
    "none": 0,
    "nil": 0,
    "one": 1,
    "a single": 1,
    "single": 1,
    "two": 2,
    "a pair of": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "a dozen": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "both": 2,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_UNITS = {k: v for k, v in SMALL_NUMBERS.items() if 1 <= v <= 9 and " " not in k and k not in ("single",)}
_COUNT_WORD = (
    r"(?:(?:"
    + "|".join(_TENS)
    + r")[\s\-](?:"
    + "|".join(_UNITS)
    + r"))"
    + r"|"
    + "|".join(sorted((re.escape(k) for k in SMALL_NUMBERS), key=len, reverse=True))
    + r"|"
    + "|".join(_TENS)
)
COUNT_RX = re.compile(r"(?<![\w.,])(\d{1,6}|" + _COUNT_WORD + r")(?![\w])", re.IGNORECASE)


def parse_count(value: Any) -> int | None:
    """A whole count written in digits or in words ("4", "four", "twenty-one", "a dozen")."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    t = normalise(value).strip(" .:;")
    if re.fullmatch(r"\d{1,6}", t):
        return int(t)
    if t in SMALL_NUMBERS:
        return SMALL_NUMBERS[t]
    if t in _TENS:
        return _TENS[t]
    m = re.fullmatch(r"(" + "|".join(_TENS) + r")[\s\-](" + "|".join(_UNITS) + r")", t)
    if m:
        return _TENS[m.group(1)] + _UNITS[m.group(2)]
    return None


_MONTHS = dict(MONTH_NUMBERS)  # a copy: the abbreviations and the French names are added
_MONTHS.update({k[:3]: v for k, v in list(_MONTHS.items())})
_MONTHS["sept"] = 9
_MONTHS.update(
    {
        "janvier": 1,
        "fevrier": 2,
        "mars": 3,
        "avril": 4,
        "mai": 5,
        "juin": 6,
        "juillet": 7,
        "aout": 8,
        "septembre": 9,
        "octobre": 10,
        "novembre": 11,
        "decembre": 12,
    }
)


_ENGLISH_NAMES = MONTHS
_FRENCH_MONTHS = {
    "janvier",
    "fevrier",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "aout",
    "septembre",
    "octobre",
    "novembre",
    "decembre",
}


def _in_english(s: str) -> str:
    """French month names (and "1er") in English, for the date library, which knows only English:
    left as they are, "12 novembre 2025" would be read as 1 December (its "12" taken for the month)."""

    def word(m: re.Match) -> str:
        key = normalise(m.group(0))
        return _ENGLISH_NAMES[_MONTHS[key] - 1] if key in _FRENCH_MONTHS else m.group(0)

    return re.sub(r"\b1er\b", "1", re.sub(r"[^\W\d_]+", word, s))


_ISO = re.compile(r"^\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T].*)?$")
_NUMERIC = re.compile(r"^\s*(\d{1,2})[-/.](\d{1,2})[-/.](\d{2,4})\s*$")


def parse_date(value: Any) -> _dt.date | None:
    """A calendar date from a cell or a phrase in any common form, or None.

    Accepts date and datetime objects, ISO dates, "31 January 2025",
    "January 31, 2025", "Jan 31 2025", "31-Jan-2025", and all-numeric dates
    when only one of day-first and month-first is possible (or both agree).
    """
    if isinstance(value, _dt.datetime):
        return value.date()
    if isinstance(value, _dt.date):
        return value
    if not isinstance(value, str):
        return None
    s = value.strip()
    if not s or len(s) > 60:
        return None
    m = _ISO.match(s)
    if m:
        return _date_or_none(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    m = _NUMERIC.match(s)
    if m:
        return _numeric_date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    return _date_in_words(s)


def _date_or_none(year: int, month: int, day: int) -> _dt.date | None:
    try:
        return _dt.date(year, month, day)
    except ValueError:
        return None


def _numeric_date(a: int, b: int, y: int) -> _dt.date | None:
    """An all-numeric date, when only one of day-first and month-first is a date (or both give the same)."""
    y = y + 2000 if y < 100 else y
    readings = {got for d, mo in ((a, b), (b, a)) if (got := _date_or_none(y, mo, d)) is not None}
    return readings.pop() if len(readings) == 1 else None


def _date_in_words(s: str) -> _dt.date | None:
    """A date with its month named, read by dateutil once the phrase is in English."""
    if not re.search(r"\d", s) or not any(w in _MONTHS for w in re.findall(r"[a-z]+", normalise(s))):
        return None  # a phrase with no month name is not a date ("hello 2025")
    s = _in_english(s)
    try:
        default = _dt.datetime(1900, 1, 1)
        got = _dateparser.parse(s, default=default, fuzzy=True)
    except (ValueError, OverflowError, TypeError):
        return None
    if got.year == 1900 and "1900" not in s:
        return None  # no year stated
    return got.date()


def parse_month(value: Any, *, default_year: int | None = None) -> tuple[int, int] | None:
    """(year, month) from a month label: "January 2025", "Jan-25", "2025-01", "01/2025", a date, or "Jan".

    A label without a year takes `default_year` (None when not given).
    """
    if isinstance(value, (_dt.date, _dt.datetime)):
        return value.year, value.month
    if not isinstance(value, str):
        return None
    t = normalise(value).strip(" .:")
    m = re.fullmatch(r"(\d{4})[-/.](\d{1,2})(?:[-/.]\d{1,2})?", t)
    if m and 1 <= int(m.group(2)) <= 12:
        return int(m.group(1)), int(m.group(2))
    m = re.fullmatch(r"(\d{1,2})[-/.](\d{4})", t)
    if m and 1 <= int(m.group(1)) <= 12:
        return int(m.group(2)), int(m.group(1))
    m = re.fullmatch(r"([a-z]+)\.?[\s\-/,']*(\d{2}|\d{4})?", t) or re.fullmatch(r"(\d{2}|\d{4})[\s\-/]([a-z]+)\.?", t)
    if m:
        word, year = (m.group(1), m.group(2)) if m.group(1).isalpha() else (m.group(2), m.group(1))
        if word in _MONTHS:
            if year is None:
                return (default_year, _MONTHS[word]) if default_year is not None else None
            y = int(year)
            return (y + 2000 if y < 100 else y), _MONTHS[word]
    d = parse_date(value)
    return (d.year, d.month) if d else None


_DAY_MONTH = re.compile(
    r"(?<![\w])(\d{1,2})(?:st|nd|rd|th)?[\s\-.]+([a-z]{3,9})\.?(?:,?[\s\-]+(\d{4}))?(?![\w])", re.IGNORECASE
)
_MONTH_DAY = re.compile(
    r"(?<![\w])([a-z]{3,9})\.?[\s\-]+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?(?![\w:])", re.IGNORECASE
)
_ISO_IN_TEXT = re.compile(r"(?<![\d])(\d{4})-(\d{1,2})-(\d{1,2})(?![\d])")


def find_dates(value: Any, *, default_year: int | None = None) -> list[_dt.date]:
    """Every calendar date stated in a cell or a phrase, in text order, without duplicates.

    Reads date objects, ISO dates ("2025-11-25", also inside "2025-11-25 14:00"),
    and dates in words with or without a weekday and a year ("Tue 25 Nov",
    "Wednesday 3 December 2025", "December 3, 2025"); a date written without
    a year takes `default_year` and is skipped when none is given. All-numeric
    dates other than ISO are left to `parse_date`, which refuses ambiguous ones.
    """
    if isinstance(value, _dt.datetime):
        return [value.date()]
    if isinstance(value, _dt.date):
        return [value]
    if not isinstance(value, str):
        return []
    out: list[_dt.date] = []
    for _, d in sorted(_dates_at(normalise(value), default_year), key=lambda t: t[0]):
        if d not in out:
            out.append(d)
    if not out:
        single = parse_date(value)
        if single is not None:
            out.append(single)
    return out


def _dates_at(text: str, default_year: int | None) -> list[tuple[int, _dt.date]]:
    """(position, date) of every ISO date and date in words in a normalised text; a yearless one takes default_year."""
    found: list[tuple[int, _dt.date]] = []

    def add(pos: int, y: int | None, mo: int, d: int) -> None:
        got = None if y is None else _date_or_none(y, mo, d)
        if got is not None:
            found.append((pos, got))

    for m in _ISO_IN_TEXT.finditer(text):
        add(m.start(), int(m.group(1)), int(m.group(2)), int(m.group(3)))
    for m in _DAY_MONTH.finditer(text):
        if m.group(2) in _MONTHS:
            add(m.start(), int(m.group(3)) if m.group(3) else default_year, _MONTHS[m.group(2)], int(m.group(1)))
    for m in _MONTH_DAY.finditer(text):
        if m.group(1) in _MONTHS:
            add(m.start(), int(m.group(3)) if m.group(3) else default_year, _MONTHS[m.group(1)], int(m.group(2)))
    return found


_DENIED_AFTER = re.compile(
    r"^[^;:.!?]{0,60}?(?<!\w)(?:(?:is|are|was|were|be|been|seems?|appears?)\s+)?"
    r"(?:not|no\s+longer|never)\s+(?:\w+\s+){0,1}(?:necessary|needed|required|warranted|applicable|an?\s+issue|a\s+concern)"
    r"(?!\w)|^[^;:.!?]{0,60}?(?<!\w)(?:unnecessary|superfluous|redundant)(?!\w)",
    re.IGNORECASE,
)


def affirmed(text: Any, pattern: re.Pattern[str] | str) -> list[str]:
    """The occurrences of a finding that the text asserts rather than denies, sentence by sentence.

    A finding counts when no negation governs it in its own clause ("its
    validity has not lapsed" does not flag a lapse) and its clause does not
    go on to deny it ("re-confirmation is not necessary", "a correction was
    not required"). A negation in another clause or sentence never counts.
    Returns the matched texts in order.
    """
    rx = pattern if isinstance(pattern, re.Pattern) else re.compile(pattern, re.IGNORECASE)
    out = []
    for sent in split_sentences(text):
        t = sent.text
        spans = _clause_spans(t)
        for m in rx.finditer(t):
            if _negated_at(t, spans, m.start()):
                continue
            _, ce = _clause_of(spans, m.start())
            if _DENIED_AFTER.search(t[m.end() : max(ce, m.end())]):
                continue
            out.append(m.group(0))
    return out


_NOT_A_WORD_COUNT = {"no", "none", "nil", "zero", "both", "a pair of", "single", "a single", "a dozen"}


def count_words_as_digits(text: Any) -> str:
    """Prose with its counts in words written as digits ("eighteen rows" -> "18 rows").

    Readers that find figures next to a keyword then read "R1 removed
    eighteen rows" like "R1 removed 18 rows". Words that are rarely a
    count in running prose ("no", "both", "a single") are left alone.
    """

    def sub(m: re.Match[str]) -> str:
        word = m.group(1)
        if word.isdigit() or normalise(word) in _NOT_A_WORD_COUNT:
            return word
        n = parse_count(word)
        return str(n) if n is not None else word

    return COUNT_RX.sub(sub, str(text or ""))


_NUMERIC_DATE = re.compile(r"(?<![\d/.\-])(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?![\d/.\-])")


def numeric_date_order(values: Iterable[Any]) -> str | None:
    """ "dmy" or "mdy": the order a column's all-numeric dates are written in, when its unambiguous ones settle it.

    A column that holds "25/11/2025" writes the day first, so its "01/12/2025"
    is 1 December; one that holds "11/25/2025" writes the month first. None
    when no date settles it, or when the column holds both orders.
    """
    orders = set()
    for v in values:
        if not isinstance(v, str):
            continue
        for m in _NUMERIC_DATE.finditer(v):
            a, b = int(m.group(1)), int(m.group(3))
            if a > 12 >= b >= 1:
                orders.add("dmy")
            elif b > 12 >= a >= 1:
                orders.add("mdy")
    return orders.pop() if len(orders) == 1 else None


def parse_date_in_order(value: Any, order: str | None) -> _dt.date | None:
    """`parse_date`, except that an ambiguous all-numeric date is read in `order` ("dmy" or "mdy", from
    `numeric_date_order` over the same column); a date in any other form is read as `parse_date` reads it."""
    got = parse_date(value)
    if got is not None or order not in ("dmy", "mdy") or not isinstance(value, str):
        return got
    m = _NUMERIC_DATE.fullmatch(value.strip())
    if not m:
        return None
    a, b, y = int(m.group(1)), int(m.group(3)), int(m.group(4))
    d, mo = (a, b) if order == "dmy" else (b, a)
    try:
        return _dt.date(y + 2000 if y < 100 else y, mo, d)
    except ValueError:
        return None
