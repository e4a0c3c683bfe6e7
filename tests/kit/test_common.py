"""The kit's common readings: a memo typed without heading styles still has the sections it names."""

from __future__ import annotations

from whitecollar.kit.common import with_plain_titles
from whitecollar.office.model import Document, Paragraph

SECTIONS = [["Purpose"], ["Recommendation", "Conclusion"]]


def _memo(*lines: tuple[str, int | None]) -> Document:
    return Document("memo.docx", [Paragraph(t, "", level) for t, level in lines], [])


def test_a_plain_line_that_is_a_sections_title_becomes_its_heading():
    memo = _memo(("Purpose", None), ("Why we write.", None), ("Conclusion", None), ("Approve it.", None))
    fixed = with_plain_titles(memo, SECTIONS)
    assert [p.text for p in fixed.paragraphs if p.heading_level == 1] == ["Purpose", "Conclusion"]


def test_a_sentence_a_long_line_or_a_memo_with_its_headings_is_left_as_it_is():
    styled = _memo(("Purpose", 1), ("Text.", None), ("Recommendation", 1))
    assert with_plain_titles(styled, SECTIONS) is styled
    prose = _memo(("Purpose.", None), ("Recommendation of the committee on the loan", None))
    assert with_plain_titles(prose, SECTIONS) is prose
    assert (
        with_plain_titles(_memo(("Recommendation of the board", None)), SECTIONS, max_words=3)
        .paragraphs[0]
        .heading_level
        is None
    )
    assert with_plain_titles(None, SECTIONS) is None
