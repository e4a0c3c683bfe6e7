"""The criteria every scenario grades the same way: the completion record and a document's structure.

Each scenario used to write these two by hand; written once, a memo's
structure is judged by one rule everywhere (the words counted the same
way, the sections found by the same tolerant reader) and its receipt line
reads the same in every scenario.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from whitecollar.grading.context import EvaluationContext
from whitecollar.grading.text import heading_key, section_titles_present, sections_in_order
from whitecollar.kit.criteria import Criterion, Verdict, criterion
from whitecollar.office.model import Document, Failure, Paragraph


class HasContext(Protocol):
    """The scenario's reads: whatever they hold, they carry the evaluation context."""

    ctx: EvaluationContext


def completion_record(weight: float = 1) -> Criterion[Any]:
    """COMPLETION.json present and valid against the public schema (`completion_record`)."""

    @criterion(
        "completion_record", weight=weight, description="COMPLETION.json is present and follows the public schema"
    )
    def completion_record(reads: HasContext) -> Verdict:
        comp = reads.ctx.completion()
        if isinstance(comp, Failure):
            return Verdict(False, comp.reason)
        problems = comp.schema_problems
        return Verdict(not problems, "; ".join(problems) if problems else f"status {comp.status}")

    return completion_record


def document_structure(
    id: str,
    description: str,
    *,
    document: Callable[[Any], Document | None],
    file: str,
    sections: Sequence[Sequence[str]],
    min_words: int,
    headings_shown: int = 8,
    weight: float = 1,
    absent: str = "",
) -> Criterion[Any]:
    """A delivered document with at least `min_words` words and the brief's sections, all present and in order.

    `document(reads)` is the document as the scenario reads it (headings
    already normalised where the scenario does so); `absent` is the
    evidence when there is none (default: "no <kind>" from the file name).
    """

    @criterion(id, weight=weight, description=description)
    def structure(reads: Any) -> Verdict:
        doc = document(reads)
        words = doc.word_count() if doc else 0
        missing = section_titles_present(doc, sections)[1] if doc else [s[0] for s in sections]
        in_order = bool(doc) and not missing and sections_in_order(doc, sections)
        detail = (
            f"{words} words; missing {missing}"
            if missing
            else f"{words} words; order {'ok' if in_order else 'differs'}"
        )
        evidence = (
            f"{file} headings {[p.text for p in doc.headings][:headings_shown]}" if doc else (absent or "no memo")
        )
        return Verdict(words >= min_words and not missing and in_order, detail, evidence)

    return structure


def with_plain_titles(memo: Any, sections: Sequence[Sequence[str]], *, max_words: int = 6) -> Any:
    """The memo with a short plain paragraph that is exactly a section's title taken as that section's heading.

    A memo typed without heading styles, bold or numbering ("Purpose" on its
    own line, then the text) still has its sections; the reader only marks
    styled, bold or numbered headings. Applied only when the prescribed
    sections are not all found among the marked headings; a line that ends
    in a full stop is a sentence, not a title. Anything but a Document is
    returned as it is.
    """
    if not isinstance(memo, Document) or not section_titles_present(memo, sections)[1]:
        return memo
    titles = {heading_key(t) for syns in sections for t in syns}
    paras = [
        Paragraph(p.text, p.style, 1)
        if p.heading_level is None
        and heading_key(p.text) in titles
        and len(p.text.split()) <= max_words
        and not p.text.rstrip().endswith(".")
        else p
        for p in memo.paragraphs
    ]
    if all(a is b for a, b in zip(paras, memo.paragraphs)):
        return memo
    return Document(memo.path, paras, memo.tables)
