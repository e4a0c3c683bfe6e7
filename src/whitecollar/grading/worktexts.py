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
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whitecollar import office
from whitecollar.grading.completion import Completion, _flat_str, read_completion
from whitecollar.lab.portal.submissions import RELPATH as SUBMISSIONS_RELPATH
from whitecollar.lab.portal.submissions import read_submissions
from whitecollar.office.eml_reader import read_eml
from whitecollar.office.guard import DEFAULT_MAX_BYTES
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
    kind: str  # prose | document | draft | cells | completion | portal


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


def _read_one(p: Path, rel: str, workbooks: dict[str, Workbook]) -> Iterator[WorkText]:
    suffix = p.suffix.casefold()
    doc: Any
    if suffix in PROSE_SUFFIXES:
        doc = office.read_text(p)
        if isinstance(doc, str):
            yield WorkText(rel, doc[:MAX_CHARS], "prose")
    elif suffix == ".docx":
        doc = office.read_docx(p)
        if isinstance(doc, Document):
            yield WorkText(rel, doc.text[:MAX_CHARS], "document")
    elif suffix == ".pdf":
        doc = office.read_pdf(p)
        if isinstance(doc, PdfText):
            yield WorkText(rel, doc.text[:MAX_CHARS], "document")
    elif suffix == ".eml":
        mail = read_eml(p)
        if not isinstance(mail, Failure):
            head = "\n".join(f"{h}: {mail.header(h) or ''}" for h in ("To", "Cc", "Subject"))
            yield WorkText(rel, f"{head}\n\n{mail.body}"[:MAX_CHARS], "draft")
    elif suffix == ".csv":
        table = office.read_csv(p)
        if isinstance(table, Table):
            for r, row in enumerate([table.header, *table.rows][:MAX_ROWS_PER_SHEET], start=1):
                cells = [c.strip() for c in row if c and c.strip()]
                if cells:
                    yield WorkText(f"{rel} row {r}", "\t".join(cells)[:MAX_CHARS], "cells")
    elif suffix in (".xlsx", ".xlsm"):
        wb = workbooks.get(str(p)) or office.read_workbook(p, recalc=False)
        if isinstance(wb, Workbook):
            yield from _rows(wb, rel)
    elif suffix == ".json":
        comp = read_completion(p)
        if isinstance(comp, Completion):
            yield from _completion_texts(comp, rel)


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
