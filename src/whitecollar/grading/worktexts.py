"""Every text a run delivered, each with the place a receipt can name.

An obedient or forbidden act can be performed in any deliverable: the memo
the brief asks for, a note the worker added, a draft's body, a string of
COMPLETION.json, a free-text field of a portal form, a remark typed in a
workbook. A check that reads one place misses the act everywhere else, so
the critical checks read the claim's stance (`grading.stance`) over all of
them, from this one list. Each text is small and located: one workbook
row, one COMPLETION.json item, one portal field, one document; reading is
bounded (files, bytes and characters), never follows a link and never
raises.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from whitecollar import office
from whitecollar.grading.completion import Completion, _flat_str, read_completion
from whitecollar.lab.portal.submissions import RELPATH as SUBMISSIONS_RELPATH
from whitecollar.lab.portal.submissions import read_submissions
from whitecollar.office.eml_reader import read_eml
from whitecollar.office.guard import DEFAULT_MAX_BYTES
from whitecollar.office.margin_text import cell_comments, margin_texts
from whitecollar.office.model import Document, Failure, PdfText, Table, Workbook

MAX_FILES = 300
MAX_ROWS_PER_SHEET = 5000
MAX_CHARS = 400_000
#: Program text states no result: a figure in a script's comment is not the work's finding.
CODE_SUFFIXES = frozenset(
    {".py", ".r", ".do", ".sas", ".sh", ".sql", ".js", ".ts", ".ipynb", ".m", ".jl", ".pl", ".rb", ".ado"}
)
PROSE_SUFFIXES = frozenset({".md", ".markdown", ".txt", ".text", ".rst", ".html", ".htm", ".ics", ".tex", ".log"})


@dataclass(frozen=True)
class WorkText:
    """One located piece of delivered text."""

    where: str
    text: str
    kind: str  # prose | document | margin | draft | cells | completion | portal | name


def _files(out: Path) -> Iterator[Path]:
    """Regular files under out/, sorted, links and special files skipped, never followed."""
    count = 0
    for root, dirs, names in os.walk(out, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not (Path(root) / d).is_symlink())
        for name in sorted(names):
            p = Path(root) / name
            try:
                st = os.lstat(p)
            except OSError:
                continue
            if not stat.S_ISREG(st.st_mode) or st.st_size == 0 or st.st_size > DEFAULT_MAX_BYTES:
                continue
            count += 1
            if count > MAX_FILES:
                return
            yield p


def _rows(wb: Workbook, rel: str) -> Iterator[WorkText]:
    for sheet in wb.sheets.values():
        for r, row in enumerate(sheet.rows()[:MAX_ROWS_PER_SHEET], start=1):
            cells = [str(v).strip() for v in row if v is not None and str(v).strip()]
            if cells and any(any(ch.isalpha() for ch in c) for c in cells):
                yield WorkText(f"{rel} {sheet.name}!row {r}", "\t".join(cells)[:MAX_CHARS], "cells")


_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")


def _comments(p: Path, wb: Workbook, rel: str) -> Iterator[WorkText]:
    """Each cell comment with its row's words before it, as one sentence: the comment speaks of that row's item."""
    for sheet_name, ref, text in cell_comments(p):
        row_no = int(re.sub(r"^[A-Z]+", "", ref))
        sheet = wb.sheets.get(sheet_name)
        rows = sheet.rows() if sheet is not None else []
        row = rows[row_no - 1] if 0 < row_no <= len(rows) else []
        cells = " | ".join(str(v).strip() for v in row if v is not None and str(v).strip())
        said = _SENTENCE_END.sub(";", f"{text} | on the row: {cells}")
        yield WorkText(f"{rel} comment on {sheet_name}!{ref}", said[:MAX_CHARS], "margin")


def _completion_texts(comp: Completion, rel: str) -> Iterator[WorkText]:
    if comp.summary:
        yield WorkText(f"{rel} summary", comp.summary[:MAX_CHARS], "completion")
    for key in ("delivered", "assumptions", "questions", "issues"):
        for i, item in enumerate(getattr(comp, key)):
            yield WorkText(f"{rel} {key}[{i}]", item[:MAX_CHARS], "completion")
    for key, value in comp.extra.items():
        flat = _flat_str(value)
        if flat:
            yield WorkText(f"{rel} {str(key)[:40]}", f"{key}: {flat}"[:MAX_CHARS], "completion")


def _portal_texts(out: Path) -> Iterator[WorkText]:
    found, _ = read_submissions(out)
    for n, sub in enumerate(found, start=1):
        fields = sub.get("fields") if isinstance(sub.get("fields"), dict) else {}
        for key, value in fields.items():
            if isinstance(value, bool) or value is None or value == "":
                continue
            text = value if isinstance(value, str) else _flat_str(value)
            yield WorkText(
                f"portal submission {n}, form {sub.get('form_id')}, field {str(key)[:40]}",
                f"{key}: {text}"[:MAX_CHARS],
                "portal",
            )


_NAME_SEPARATOR = re.compile(r"_+|(?<=[^\W\d])-(?=[^\W\d])|\.(?=[^.]*$)")


def _name_text(rel: str) -> WorkText:
    """A file's name as words: 'F-24495_settled-no-exception.txt' says 'F-24495 settled no exception txt'."""
    return WorkText(f"{rel} (file name)", _NAME_SEPARATOR.sub(" ", rel), "name")


def _prose(p: Path, rel: str, workbooks: dict[str, Workbook]) -> Iterator[WorkText]:
    doc = office.read_text(p)
    if isinstance(doc, str):
        yield WorkText(rel, doc[:MAX_CHARS], "prose")


def _docx(p: Path, rel: str, workbooks: dict[str, Workbook]) -> Iterator[WorkText]:
    doc = office.read_docx(p)
    if isinstance(doc, Document):
        yield WorkText(rel, doc.text[:MAX_CHARS], "document")


def _pdf(p: Path, rel: str, workbooks: dict[str, Workbook]) -> Iterator[WorkText]:
    doc = office.read_pdf(p)
    if isinstance(doc, PdfText):
        yield WorkText(rel, doc.text[:MAX_CHARS], "document")


def _eml(p: Path, rel: str, workbooks: dict[str, Workbook]) -> Iterator[WorkText]:
    mail = read_eml(p)
    if not isinstance(mail, Failure):
        head = "\n".join(f"{h}: {mail.header(h) or ''}" for h in ("To", "Cc", "Subject"))
        yield WorkText(rel, f"{head}\n\n{mail.body}"[:MAX_CHARS], "draft")


def _csv(p: Path, rel: str, workbooks: dict[str, Workbook]) -> Iterator[WorkText]:
    table = office.read_csv(p)
    if isinstance(table, Table):
        for r, row in enumerate([table.header, *table.rows][:MAX_ROWS_PER_SHEET], start=1):
            cells = [c.strip() for c in row if c and c.strip()]
            if cells:
                yield WorkText(f"{rel} row {r}", "\t".join(cells)[:MAX_CHARS], "cells")


def _xlsx(p: Path, rel: str, workbooks: dict[str, Workbook]) -> Iterator[WorkText]:
    wb = workbooks.get(str(p)) or office.read_xlsx(p)
    if isinstance(wb, Workbook):
        yield from _rows(wb, rel)
        yield from _comments(p, wb, rel)


def _json(p: Path, rel: str, workbooks: dict[str, Workbook]) -> Iterator[WorkText]:
    comp = read_completion(p)
    if isinstance(comp, Completion):
        yield from _completion_texts(comp, rel)


_Reader = Callable[[Path, str, dict[str, Workbook]], Iterator[WorkText]]
_PROSE_READERS: dict[str, _Reader] = {s: _prose for s in PROSE_SUFFIXES}
#: the reader of each kind of file, by suffix (a prose suffix is read as prose whatever else it could be)
_READERS: dict[str, _Reader] = {
    ".docx": _docx,
    ".pdf": _pdf,
    ".eml": _eml,
    ".csv": _csv,
    ".xlsx": _xlsx,
    ".xlsm": _xlsx,
    ".json": _json,
} | _PROSE_READERS


def _read_one(p: Path, rel: str, workbooks: dict[str, Workbook]) -> Iterator[WorkText]:
    suffix = p.suffix.casefold()
    yield _name_text(rel)
    if suffix in (".docx", ".xlsx", ".xlsm"):
        # a footer, a document title, a cell comment or a chart title is read by a reviewer as the work's
        for label, text in margin_texts(p):
            yield WorkText(f"{rel} {label}", text[:MAX_CHARS], "margin")
    reader = _READERS.get(suffix)
    if reader is not None:
        yield from reader(p, rel, workbooks)


def work_texts(out_dir: Path, *, workbooks: dict[str, Workbook] | None = None) -> list[WorkText]:
    """Every delivered text under out_dir, with the portal's submissions, in a stable order.

    `workbooks` maps a delivered workbook's path to the recalculated copy an
    evaluator already holds, so its formula values are read, not skipped.
    """
    out = Path(out_dir)
    if not out.is_dir() or out.is_symlink():
        return []
    texts: list[WorkText] = []
    portal_file = (out / SUBMISSIONS_RELPATH).as_posix()
    for p in _files(out):
        if p.as_posix() == portal_file or p.suffix.casefold() in CODE_SUFFIXES:
            continue
        rel = p.relative_to(out).as_posix()
        texts.extend(_read_one(p, rel, workbooks or {}))
    texts.extend(_portal_texts(out))
    return texts
