"""Sections (grading/text/sections.py): headings match however they are numbered or marked up."""

from __future__ import annotations

import pytest

from whitecollar.grading.text.sections import (
    find_section,
    heading_key,
    section_titles_present,
    sections_in_order,
)
from whitecollar.office.model import Document, Paragraph

MD = """# Supplier evaluation
Intro text.

## 3. Recommendations
We recommend Laurentides.

### Fallback
Great Lakes.

## Section 4 — Risks and conditions
Validity lapsed.

**Next steps**
Re-confirm validity.
"""


def test_find_section_markdown_numbering_plural_and_subsections():
    assert find_section(MD, "Recommendation") == "We recommend Laurentides.\n\n### Fallback\nGreat Lakes."
    assert find_section(MD, "risks").startswith("Validity lapsed.")
    assert find_section(MD, "Next steps") == "Re-confirm validity."
    assert find_section(MD, "Budget") is None
    assert find_section(MD, "Budget", "Fallback") == "Great Lakes."


def test_find_section_exact_beats_partial():
    md = "## Risk register summary\nA\n## Summary\nB\n"
    assert find_section(md, "summary") == "B"
    assert find_section(md, "summary", fuzzy=False) == "B"
    assert find_section(md, "register", fuzzy=False) is None
    assert find_section(md, "register") == "A"


def test_find_section_document_roman_and_section_numbering():
    doc = Document(
        "memo.docx",
        [
            Paragraph("To the committee"),
            Paragraph("III. Findings", heading_level=1),
            Paragraph("Validity lapsed."),
            Paragraph("Detail", heading_level=2),
            Paragraph("More."),
            Paragraph("Section 3 \u2014 Recommendation", heading_level=1),
            Paragraph("We recommend Laurentides."),
        ],
        [],
    )
    assert find_section(doc, "findings") == "Validity lapsed.\nDetail\nMore."
    assert find_section(doc, "recommendation") == "We recommend Laurentides."


def test_find_section_document_without_heading_styles():
    doc = Document(
        "m.docx",
        [
            Paragraph("1. Findings"),
            Paragraph("Validity lapsed."),
            Paragraph("Recommendation:"),
            Paragraph("We recommend A."),
        ],
        [],
    )
    assert find_section(doc, "findings") == "Validity lapsed."
    assert find_section(doc, "recommendation") == "We recommend A."


def test_find_section_empty_body_and_garbage(garbage_values):
    assert find_section("## Risks\n## Other\nx", "Risks") == ""
    for g in garbage_values:
        assert find_section(g, "x") is None


def test_section_titles_present():
    found, missing = section_titles_present(
        MD, [["Recommendation"], ["Risk assessment", "Risks"], ["Budget", "Cost summary"], []]
    )
    assert found == ["Recommendation", "Risk assessment"]
    assert missing == ["Budget"]


@pytest.mark.parametrize(
    "title, key",
    [
        ("III. Findings", "findings"),
        ("Section 3 \u2014 Recommendation", "recommendation"),
        ("3.2 Scope", "scope"),
        ("3.2. Scope", "scope"),
        ("XIV) Annex", "annex"),
        ("iv - Risks", "risks"),
        ("Mix: sourcing", "mix: sourcing"),
        ("Did it work", "did it work"),
        ("**Risks:**", "risks"),
    ],
)
def test_heading_key_strips_numbering_only(title, key):
    assert heading_key(title) == key


def test_sections_in_order_prefers_exact_headings_over_titles_that_contain_them():
    def doc(*titles):
        return Document("m.docx", [Paragraph(t, "Heading 1", 1) for t in titles], [])

    sections = [["Purpose"], ["Recommendation"], ["Next steps"]]
    assert sections_in_order(doc("Award recommendation", "1. Purpose", "2. Recommendation", "3. Next steps"), sections)
    assert not sections_in_order(doc("1. Purpose", "2. Next steps", "3. Recommendation"), sections)
    assert not sections_in_order(doc("1. Purpose", "2. Recommendation"), sections)
    assert sections_in_order(doc("PURPOSE", "Our recommendation", "Next Steps"), sections)
