"""Figures must parse across the conventions agents use, and non-figures must not parse."""

from __future__ import annotations

import math

import pytest

from whitecollar.grading.numbers import (
    NumberMatch,
    any_within,
    find_numbers,
    numbers_near,
    parse_number,
    percent_equivalents,
    within,
    within_rate,
)


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("1,234,567.89", 1234567.89),
        ("1 234 567,89", 1234567.89),
        ("1\u202f234\u202f567,89", 1234567.89),  # narrow no-break space (French)
        ("1\u00a0234\u00a0567,89", 1234567.89),  # no-break space
        ("1\u2009234\u2009567.89", 1234567.89),  # thin space
        ("1 234 567.89", 1234567.89),
        ("1.234.567,89", 1234567.89),
        ("$1,234", 1234.0),
        ("CAD 1,234.50", 1234.5),
        ("C$1,234.50", 1234.5),
        ("1,234.50 $", 1234.5),
        ("1 234,50 $", 1234.5),
        ("1,234.50 CAD", 1234.5),
        ("(1,234.00)", -1234.0),
        ("($1,234.00)", -1234.0),
        ("\u22121,234", -1234.0),  # unicode minus
        ("-1,234", -1234.0),
        ("-$1,234", -1234.0),
        ("$-1,234", -1234.0),
        ("12.5 %", 12.5),
        ("12.5%", 12.5),
        ("12,5 %", 12.5),
        ("12.5 percent", 12.5),
        ("1.2 million", 1_200_000.0),
        ("1.2M", 1_200_000.0),
        ("850k", 850_000.0),
        ("$5m", 5_000_000.0),
        ("1,2 M$", 1_200_000.0),
        ("$1.2B", 1_200_000_000.0),
        ("2.5 bn", 2_500_000_000.0),
        ("0,125", 0.125),  # a leading zero makes the comma a decimal mark
        ("1,234", 1234.0),  # three digits after a comma: thousands
        ("12 500", 12500.0),
        (".5", 0.5),
        ("  42  ", 42.0),
        ("+1%", 1.0),
        ("-1%", -1.0),
        (1234, 1234.0),
        (12.5, 12.5),
    ],
)
def test_parse_number_accepts_conventions(raw, expected):
    assert parse_number(raw) == pytest.approx(expected)


@pytest.mark.parametrize(
    "raw",
    [
        "2025-11-17",
        "17/11/2025",
        "11/17/2025",
        "2025/11/17",
        "17.11.2025",
        "PO-2025-0147",
        "6063-T5",
        "Q3",
        "FY2025",
        "+1 (514) 555-0199",
        "514-555-0199",
        "(514) 555-0199",
        "10:30",
        "3.1.2",
        "1,2,3",
        "n/a",
        "Base",
        "TBD",
        "",
        "   ",
        "12kg",
        "2nd",
        "5m",  # 5m could be metres: ambiguous, so not a figure
        "(1,234.00",
        "1,234.00)",
        "abc 12",
        "12 abc",
        "1e5",
        "nan",
        "inf",
        float("nan"),
        float("inf"),
        True,
        None,
        [1],
        {"a": 1},
    ],
)
def test_parse_number_rejects_non_figures(raw):
    assert parse_number(raw) is None


def test_parse_number_garbage_does_not_raise(garbage_values, binary_text):
    for g in [*garbage_values, binary_text, "9" * 5000, "1,234" * 1000]:
        parse_number(g)


def _values(text):
    return [(n.value, n.raw) for n in find_numbers(text)]


def test_find_numbers_skips_dates_ids_and_codes():
    text = (
        "On 2025-11-17 purchase order PO-2025-0147 for alloy 6063-T5 in Q3 cost CAD 1,234.50; "
        "call +1 (514) 555-0199 at 10:30 on Nov 17, 2025 or 17 novembre 2025."
    )
    assert _values(text) == [(1234.5, "CAD 1,234.50")]


def test_find_numbers_flags_percent_and_currency():
    found = find_numbers("Margin 12.5% on $1,200 and 850k units")
    assert [(n.value, n.is_percent, n.is_currency) for n in found] == [
        (12.5, True, False),
        (1200.0, False, True),
        (850000.0, False, False),
    ]
    assert found[1].currency == "$"


def test_find_numbers_offsets_point_at_the_figure():
    text = "Total landed cost: CAD 1,234.50 per unit."
    (n,) = find_numbers(text)
    assert text[n.start : n.end] == n.raw == "CAD 1,234.50"


def test_parentheses_are_negative_only_in_cells():
    prose = _values("the landed cost (CAD 1,234) is lower (12.5%)")
    assert prose == [(1234.0, "CAD 1,234"), (12.5, "12.5%")]
    cells = _values("Net\t(1,234.00)\t5")
    assert cells[0] == (-1234.0, "(1,234.00)")


def test_find_numbers_ranges_and_glued_words():
    assert [v for v, _ in _values("3-5 days; 30-day terms; the 2nd lot; 12kg box; 2024-2025")] == [
        3.0,
        5.0,
        30.0,
        2024.0,
        2025.0,
    ]


def test_find_numbers_chains_and_thousands():
    assert _values("items 1,2,3 and version 3.1.2") == []
    assert _values("1.234.567 units and 1 234 567,89 $")[0] == (1234567.0, "1.234.567")
    assert _values("3 125 units") == [(3.0, "3"), (125.0, "125")]  # ambiguous in prose: kept apart


def test_find_numbers_ambiguous_multiplier_is_dropped():
    assert _values("a pole (5 m) and a 5 m mast; budget $5 m") == [(5.0, "5"), (5.0, "5"), (5_000_000.0, "$5 m")]


def test_find_numbers_sentence_end_period():
    assert _values("The total was 1,234.5.") == [(1234.5, "1,234.5")]


def test_find_numbers_garbage(garbage_values, binary_text, huge_text):
    for g in garbage_values:
        assert isinstance(find_numbers(g), list)
    find_numbers(binary_text)
    assert len(find_numbers(huge_text[:50_000])) > 0
    assert parse_number(huge_text) is None


@pytest.mark.parametrize(
    "actual, expected, kw, ok",
    [
        (100.0, 100.0, {}, True),
        (0.1 + 0.2, 0.3, {}, True),  # binary rounding is not an error
        (100.4, 100.0, {"abs_tol": 0.5}, True),
        (100.6, 100.0, {"abs_tol": 0.5}, False),
        (101.0, 100.0, {"rel_tol": 0.01}, True),
        (102.0, 100.0, {"rel_tol": 0.01}, False),
        ("1,234.50", 1234.5, {}, True),
        ("CAD 1,234.50", "1 234,50", {}, True),
        (None, 1.0, {"abs_tol": 1e9}, False),
        (1.0, None, {"abs_tol": 1e9}, False),
        (float("nan"), 1.0, {"abs_tol": 1e9}, False),
        (1.0, float("nan"), {"abs_tol": 1e9}, False),
        ("n/a", 1.0, {"abs_tol": 1e9}, False),
        (NumberMatch(5.0, "5", 0, 1), 5, {}, True),
    ],
)
def test_within(actual, expected, kw, ok):
    assert within(actual, expected, **kw) is ok


def test_any_within():
    assert any_within(["x", None, "1,000"], 1000)
    assert not any_within([999, 1001], 1000)


def test_percent_equivalents():
    assert percent_equivalents(0.125) == pytest.approx((0.125, 12.5))
    assert percent_equivalents(None) == ()
    assert percent_equivalents(float("nan")) == ()


@pytest.mark.parametrize(
    "actual, conv, ok",
    [
        (0.125, "either", True),
        (12.5, "either", True),
        ("12.5%", "either", True),
        ("0.125%", "either", False),  # written as a percentage, it means 0.00125
        (12.5, "fraction", False),
        (0.125, "percent", False),
        (12.5, "percent", True),
        (13.0, "either", False),
    ],
)
def test_within_rate(actual, conv, ok):
    assert within_rate(actual, 0.125, convention=conv) is ok


def test_within_rate_tolerance_in_points():
    assert within_rate("12.9%", 0.125, abs_tol_pp=0.5)
    assert within_rate(0.129, 0.125, abs_tol_pp=0.5)
    assert not within_rate(0.131, 0.125, abs_tol_pp=0.5)
    assert within_rate(find_numbers("rate 12.5%")[0], 0.125)
    assert not within_rate(None, 0.125)


def test_numbers_near_binds_figure_to_keyword():
    text = (
        "Payment terms: net 30 days.\n"
        "Laurentides quoted a total landed cost of CAD 1,234,500 for the lot.\n"
        "The appendix lists 1,234,500 parts shipped last year."
    )
    near = numbers_near(text, ["landed cost"])
    assert [n.value for n in near] == [1234500.0]
    assert text[near[0].start : near[0].end] == "CAD 1,234,500"  # offsets into the whole text
    assert numbers_near(text, ["landed cost"], max_words=0) == []
    assert numbers_near("", ["x"]) == [] and numbers_near(None, ["x"]) == []


def test_numbers_near_other_sentence_does_not_count():
    assert numbers_near("The landed cost is discussed below. Total 1,000.", "landed cost") == []


def test_value_is_finite():
    assert all(math.isfinite(n.value) for n in find_numbers("9" * 400 + " and 1e308"))


def test_find_numbers_reads_documents():
    from whitecollar.office.model import Document, Paragraph

    doc = Document("m.docx", [Paragraph("Landed cost CAD 1,234.50")], [[["Lead time", "14"]]])
    assert [n.value for n in find_numbers(doc)] == [1234.5, 14.0]
    assert [n.value for n in numbers_near(doc, "landed cost")] == [1234.5]
