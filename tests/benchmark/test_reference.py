"""REFERENCE.md's dependent operations: written as a list, read back as the same list."""

from __future__ import annotations

from whitecollar.benchmark.reference import operations_in, reference_text
from whitecollar.grading.scenario_check import count_operations


def test_the_operations_a_generator_hands_over_are_the_ones_the_check_reads():
    ops = ["Read the statements.", "Match each payment to its invoice.", "Total the differences."]
    text = reference_text(["# Reference", "", "The figures.", ""], ops)
    assert text.endswith(
        "## Dependent operations\n\n1. Read the statements.\n2. Match each payment to its invoice.\n3. Total the differences.\n"
    )
    assert operations_in(text) == ops and count_operations(text) == 3


def test_a_reference_without_the_section_lists_none_and_a_later_section_ends_it():
    assert operations_in("# Reference\n\n1. Not an operation.\n") == []
    text = "## Dependent operations\n\n1. One.\n2. Two.\n\n## Notes\n\n3. Not counted.\n"
    assert operations_in(text) == ["One.", "Two."]
