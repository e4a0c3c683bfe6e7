"""affirmed: a finding counts when the text asserts it, not when it denies it."""
from __future__ import annotations

import re

import pytest

from whitecollar.grading.tolerant import affirmed

FINDING = re.compile(r"re-?\s?confirm\w*|lapsed|expired|differs?", re.IGNORECASE)


@pytest.mark.parametrize("text", [
    "Award subject to written re-confirmation of its prices.",
    "Its validity lapsed on 14 November 2025.",
    "The quotation expired; we will ask the supplier to re-confirm.",
    "No other issue was found. The printed total differs from the sum of the extensions.",
    "It must re-confirm; if it does not, the award passes to the next supplier.",
])
def test_asserted_findings_count(text):
    assert affirmed(text, FINDING)


@pytest.mark.parametrize("text", [
    "Re-confirmation is not necessary.",
    "re-confirmation is no longer needed",
    "Its validity has not lapsed.",
    "We did not ask for re-confirmation.",
    "None of the quotations has expired.",
    "The printed total does not differ from the extensions.",
    "Written re-confirmation would be superfluous.",
])
def test_denied_findings_do_not_count(text):
    assert not affirmed(text, FINDING)
