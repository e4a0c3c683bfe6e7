"""Edits a challenge case makes to a delivered package, and the adversary's way of building its cases.

A reviewer's case starts from an honest package and changes one thing; the
changes that every corpus makes (a field of COMPLETION.json, a paragraph
under one of the memo's headings, a table in a section) are written here
once. The adversary's section of a corpus (`adversary.py`) is built the same
way in every scenario: a reviewer's honest case, then one act (`Adversary`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import docx
from docx.oxml import OxmlElement
from docx.text.paragraph import Paragraph

from whitecollar.grading.challenge import Case
from whitecollar.office.docx import save_document

#: a case's builder: (out/, the workspace, the oracle)
Builder = Callable[[Path, Path, dict], None]

#: the critical check an obeyed planted instruction triggers, in every scenario
INJECTION_OBEYED: tuple[str, ...] = ("injection_obeyed",)


def edit_completion(out: Path, change: Callable[[dict[str, Any]], None], *, final_newline: bool = False) -> None:
    """COMPLETION.json in `out`, read, changed in place by `change`, written back (two-space indent, UTF-8)."""
    path = Path(out) / "COMPLETION.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    text = json.dumps(data, indent=2, ensure_ascii=False)
    path.write_text(text + "\n" if final_newline else text, encoding="utf-8")


def add_to_completion(
    out: Path,
    *,
    issues: Iterable[str] | None = None,
    questions: Iterable[str] | None = None,
    fields: dict[str, Any] | None = None,
    final_newline: bool = False,
) -> None:
    """Issues and questions appended to COMPLETION.json's lists (each list only when given), fields set."""

    def change(data: dict[str, Any]) -> None:
        if issues is not None:
            data["issues"] = list(data.get("issues", [])) + list(issues)
        if questions is not None:
            data["questions"] = list(data.get("questions", [])) + list(questions)
        data.update(fields or {})

    edit_completion(out, change, final_newline=final_newline)


def injection_marker(oracle: dict, k: int) -> str:
    """The k-th of the phrases that mark the planted instruction's text (the oracle's `injection.markers`)."""
    return oracle["injection"]["markers"][k]


# -- a Word memo's sections and paragraphs ----------------------------------------------------------------------


def top_headings(doc: Any) -> list[Any]:
    """A Word document's first-level headings (paragraphs styled Heading 1), in order: its sections."""
    return [p for p in doc.paragraphs if p.style is not None and p.style.name.startswith("Heading 1")]


def add_to_section(path: Path, section: int, *texts: str, style: str | None = None) -> None:
    """Paragraphs at the end of the memo's section `section` (0-based among its Heading 1 sections)."""
    doc = docx.Document(str(path))
    heads = top_headings(doc)
    for text in texts:
        if section + 1 < len(heads):
            heads[section + 1].insert_paragraph_before(text, style=style)
        else:
            doc.add_paragraph(text, style=style)
    save_document(doc, path)


def add_table_to_section(path: Path, section: int, rows: list[list[str]]) -> None:
    """A plain table of `rows` at the end of the memo's section `section` (the last section: the document's end)."""
    doc = docx.Document(str(path))
    heads = top_headings(doc)
    table = doc.add_table(rows=0, cols=len(rows[0]))
    for row in rows:
        cells = table.add_row().cells
        for c, v in enumerate(row):
            cells[c].text = v
    if section + 1 < len(heads):
        heads[section + 1]._p.addprevious(table._tbl)
    save_document(doc, path)


def paragraph_starting(doc: Any, start: str) -> Paragraph:
    """The document's first paragraph whose text starts with `start`."""
    return next(p for p in doc.paragraphs if p.text.startswith(start))


def insert_paragraph_after(par: Paragraph, text: str, style: str | None = None) -> Paragraph:
    """A new paragraph right after `par` (python-docx inserts only before one)."""
    new = OxmlElement("w:p")
    par._p.addnext(new)
    p = Paragraph(new, par._parent)
    p.add_run(text)
    if style:
        p.style = style
    return p


# -- the adversary's section ------------------------------------------------------------------------------------


class Adversary:
    """The adversary's cases, each a reviewer's honest package (`honest`, by name) with one act added.

    An attack must fail: the act is obedient or forbidden, the checks it
    triggers `violations` (the planted instruction obeyed unless told) and
    the criteria it fails `fails`. A trap must pass: the act looks like one
    and is not (a refusal quoting the note, say). A miss fails criteria and
    triggers nothing. With `keep_abstention`, each case keeps its base's
    abstention outcome (a scenario whose honest work asks a question). With
    `facts`, each act also receives `facts(oracle)`, the figures and names
    the scenario's acts write: `act(out, ws, oracle, facts)`.
    """

    def __init__(
        self,
        honest: Mapping[str, Case],
        violations: tuple[str, ...] = INJECTION_OBEYED,
        *,
        keep_abstention: bool = False,
        facts: Callable[[dict], Any] | None = None,
    ) -> None:
        self.honest, self.violations, self.keep_abstention = honest, violations, keep_abstention
        self.facts = facts

    def base(self, name: str) -> Case:
        case = self.honest[name]
        assert case.honest, name
        return case

    def on(self, base: str, act: Callable[..., None]) -> Builder:
        """A builder: the honest case `base`, then `act(out, ws, oracle)` (with the facts, when given)."""
        build = self.base(base).build
        facts = self.facts

        def run(out: Path, ws: Path, o: dict) -> None:
            build(out, ws, o)
            if facts is None:
                act(out, ws, o)
            else:
                act(out, ws, o, facts(o))

        return run

    def _abstention(self, base: str) -> str | None:
        return self.base(base).abstention if self.keep_abstention else None

    def attack(
        self,
        name: str,
        base: str,
        act: Builder,
        note: str,
        fails: tuple[str, ...] = (),
        violations: tuple[str, ...] | None = None,
    ) -> Case:
        return Case(
            name,
            honest=False,
            build=self.on(base, act),
            violations=self.violations if violations is None else violations,
            fails=fails,
            abstention=self._abstention(base),
            note=note,
        )

    def trap(self, name: str, base: str, act: Builder, note: str) -> Case:
        return Case(name, honest=True, build=self.on(base, act), abstention=self._abstention(base), note=note)

    def miss(self, name: str, base: str, act: Builder, note: str, fails: tuple[str, ...]) -> Case:
        return Case(name, honest=False, build=self.on(base, act), fails=fails, note=note)


# -- the reviewer's section -------------------------------------------------------------------------------------


class Reviewer:
    """The reviewer's cases (`challenge.py`), each built by the scenario's `builder(**changes)`.

    A scenario's builder writes an honest package, changed as a case says
    (a column dropped, a figure typed, a refusal worded another way); an
    honest case must pass, a wrong one must fail the criteria it names and
    trigger the checks it names.
    """

    def __init__(self, builder: Callable[..., Builder]) -> None:
        self.builder = builder

    def honest(self, name: str, note: str, **changes: Any) -> Case:
        return Case(name, True, self.builder(**changes), note=note)

    def wrong(
        self,
        name: str,
        note: str,
        fails: tuple[str, ...] = (),
        violations: tuple[str, ...] = (),
        abstention: str | None = None,
        **changes: Any,
    ) -> Case:
        return Case(
            name, False, self.builder(**changes), fails=fails, violations=violations, abstention=abstention, note=note
        )
