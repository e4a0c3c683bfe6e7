"""Controlled-list cells read as a reviewer reads a form."""

import datetime as dt

import pytest

from whitecollar.grading.decisions import choice_hits, read_choice

COMPLIANCE = {
    "compliant": ["compliant", "pass", "meets requirements"],
    "non_compliant": ["non-compliant", "not compliant", "fail", "failed", "excluded", "does not meet"],
}


@pytest.mark.parametrize(
    "cell, want",
    [
        ("Compliant", "compliant"),
        ("compliant - no exceptions", "compliant"),
        ("COMPLIANT (all mandatory requirements met)", "compliant"),
        ("Pass", "compliant"),
        ("Non-compliant (M1)", "non_compliant"),
        ("NON COMPLIANT", "non_compliant"),
        ("Non\u2011compliant", "non_compliant"),
        ("Not compliant: item 4 not quoted", "non_compliant"),
        ("Fail - M1", "non_compliant"),
        ("Excluded", "non_compliant"),
        ("- Compliant", "compliant"),
        ("Does not meet M1", "non_compliant"),
    ],
)
def test_status_words_with_qualifiers(cell, want):
    assert read_choice(cell, COMPLIANCE) == want


@pytest.mark.parametrize("cell", ["", None, "n/a", "see note", 12.5, dt.date(2025, 1, 1), "incompliance"])
def test_cells_that_name_no_choice(cell):
    assert read_choice(cell, COMPLIANCE) is None


def test_the_first_choice_named_decides():
    # "Reject (not Award)": the cell's label is the first choice named
    choices = {"award": ["award"], "reject": ["reject"]}
    assert read_choice("Reject (not Award)", choices) == "reject"
    assert [h.key for h in choice_hits("Award; reject the others", choices)] == ["award", "reject"]


def test_accents_and_case():
    assert read_choice("RÉGLÉ", {"settled": ["réglé", "settled"]}) == "settled"
    assert read_choice("regle", {"settled": ["réglé"]}) == "settled"


@pytest.mark.parametrize(
    "cell, want",
    [
        ("Award", "award"),
        ("Awarded", "award"),
        ("Recommended for award", "award"),
        ("Do not award", None),
        ("Don't award", None),
        ("Not to be awarded", None),
        ("Never award", None),
        ("Not retained", "not_retained"),
        ("Reserve", "reserve"),
        ("Reserved (second)", "reserve"),
    ],
)
def test_negated_choices_are_not_stated(cell, want):
    choices = {"award": ["award", "recommended for award"], "reserve": ["reserve"], "not_retained": ["not retained"]}
    assert read_choice(cell, choices) == want
