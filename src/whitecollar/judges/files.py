"""One delivered file as text a judge can read.

A judge must see what a careful reviewer would see when opening the file:
for a workbook, every cell with its formula and the value recalculated
from it (never the value the file merely claims); for a memo, its headings
and tables; for an image, only that it exists and how large it is. Every
file goes through the tolerant readers of `whitecollar.office`, so a
garbage file becomes one line with the reader's reason instead of an
exception, and no link is ever followed.

Nothing here knows which run, arm or model produced the file: the only
names that appear are the file's own path relative to out/.
"""

from __future__ import annotations

import datetime as _dt
import io
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whitecollar.libreoffice import read_workbook
from whitecollar.office import Failure, read_csv, read_docx, read_pdf, read_text
from whitecollar.office.guard import DEFAULT_MAX_BYTES, read_guarded

WORKBOOK = {".xlsx", ".xlsm"}
DOCUMENT = {".docx", ".docm"}
PDF = {".pdf"}
CSV = {".csv", ".tsv"}
JSON = {".json", ".ipynb"}
IMAGE = {".png", ".jpg", ".jpeg", ".gif", ".bmp", ".tif", ".tiff", ".webp"}
MARKDOWN = {".md", ".markdown", ".txt", ".rst", ".eml", ".ics"}
CODE = {
    ".py",
    ".r",
    ".sql",
    ".sh",
    ".bash",
    ".js",
    ".ts",
    ".do",
    ".sas",
    ".m",
    ".jl",
    ".rb",
    ".java",
    ".c",
    ".h",
    ".cpp",
    ".go",
    ".rs",
    ".ps1",
    ".bat",
    ".vba",
    ".bas",
    ".yaml",
    ".yml",
    ".toml",
    ".ini",
    ".cfg",
    ".html",
    ".htm",
    ".css",
    ".xml",
    ".tex",
    ".bib",
    ".svg",
}


@dataclass(frozen=True)
class Rendered:
    """A file's section of the package: a header line and, unless `one_line`, a body."""

    header: str
    body: str = ""

    @property
    def one_line(self) -> bool:
        return not self.body


def kind_of(name: str) -> str:
    ext = Path(name).suffix.lower()
    for kind, exts in (
        ("workbook", WORKBOOK),
        ("Word document", DOCUMENT),
        ("PDF", PDF),
        ("CSV", CSV),
        ("JSON", JSON),
        ("image", IMAGE),
        ("text", MARKDOWN),
        ("code", CODE),
    ):
        if ext in exts:
            return kind
    return "file"


def column_letter(col: int) -> str:
    letters = ""
    while col > 0:
        col, rem = divmod(col - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def format_value(value: Any) -> str:
    """A cell value as a reviewer reads it: text quoted (so "12" and 12 differ), numbers
    without binary noise (12 significant digits), dates in ISO form."""
    if value is None:
        return "(empty)"
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return str(value)
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return format(value, ".12g")
    if isinstance(value, (_dt.datetime, _dt.date, _dt.time)):
        return value.isoformat()
    if isinstance(value, _dt.timedelta):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return json.dumps(str(value), ensure_ascii=False)


def _workbook(path: Path) -> str | Failure:
    wb = read_workbook(path)
    if isinstance(wb, Failure):
        return wb
    formulas = sum(len(s.formula_cells()) for s in wb.sheets.values())
    if formulas == 0:
        how = "no formulas"
    elif wb.recalculated:
        how = f"{formulas} formulas, values recalculated from the formulas"
    else:
        how = f"{formulas} formulas, which could not be recalculated; their values are not known"
    lines = [f"Workbook with {len(wb.sheets)} sheet(s); {how}."]
    if "truncated" in wb.recalc_note:
        lines.append("The workbook is very large: only its first non-empty cells were read.")
    for sheet in wb.sheets.values():
        lines.append("")
        lines.append(
            f"Sheet {format_value(sheet.name)} ({len(sheet.cells)} non-empty cells, "
            f"{len(sheet.formula_cells())} formulas)"
        )
        for row, col in sorted(sheet.cells):
            cell = sheet.cells[(row, col)]
            ref = f"{column_letter(col)}{row}"
            if cell.formula is None:
                lines.append(f"{ref}: {format_value(cell.value)}")
            elif wb.recalculated:
                lines.append(f"{ref}: {cell.formula} -> {format_value(cell.value)}")
            else:
                cached = "" if cell.cached is None else f" (the file carries {format_value(cell.cached)})"
                lines.append(f"{ref}: {cell.formula} -> not recalculated{cached}")
    return "\n".join(lines)


def _document(path: Path) -> str | Failure:
    doc = read_docx(path)
    if isinstance(doc, Failure):
        return doc
    lines = [
        f"Word document: {doc.word_count()} words; paragraphs: {len(doc.paragraphs)}, "
        f"headings: {len(doc.headings)}, tables: {len(doc.tables)}."
    ]
    for p in doc.paragraphs:
        text = p.text.strip()
        if not text:
            continue
        lines.append(f"{'#' * min(p.heading_level, 6)} {text}" if p.heading_level else text)
    for i, table in enumerate(doc.tables, start=1):
        width = max((len(r) for r in table), default=0)
        lines.append("")
        lines.append(f"Table {i} ({len(table)} rows x {width} columns; tables are listed after the text):")
        for row in table:
            lines.append("| " + " | ".join(c.replace("\n", " / ") for c in row) + " |")
    return "\n".join(lines)


def _pdf(path: Path) -> str | Failure:
    pdf = read_pdf(path)
    if isinstance(pdf, Failure):
        return pdf
    lines = [f"PDF with {len(pdf.pages)} page(s)."]
    for i, page in enumerate(pdf.pages, start=1):
        lines.append(f"[page {i}]")
        lines.append(page.strip() or "(no text on this page)")
    return "\n".join(lines)


def _csv(path: Path) -> str | Failure:
    table = read_csv(path)
    if isinstance(table, Failure):
        return table
    lines = [f"CSV with a header and {len(table.rows)} rows of {len(table.header)} columns."]
    for row in [table.header, *table.rows]:
        lines.append(" | ".join(row))
    return "\n".join(lines)


def _json(path: Path) -> str | Failure:
    text = read_text(path)
    if isinstance(text, Failure):
        return text
    try:
        json.loads(text)
    except ValueError as exc:
        return f"{text.rstrip()}\n(this file is not valid JSON: {exc})"
    return text.rstrip()


def _text(path: Path) -> str | Failure:
    text = read_text(path)
    return text if isinstance(text, Failure) else text.rstrip()


def _image_line(path: Path) -> str | Failure:
    """Format and pixel size from the header only: a judge is told the picture exists, not what it shows."""
    data = read_guarded(path, DEFAULT_MAX_BYTES)
    if isinstance(data, Failure):
        return data
    if path.suffix.lower() == ".svg":
        return "SVG image; content not shown"
    try:
        from PIL import Image

        with Image.open(io.BytesIO(data)) as im:
            width, height = im.size
            fmt = im.format or "image"
    except Exception as exc:  # noqa: BLE001 - an unreadable picture is a line, not a crash
        return Failure(str(path), f"not a readable image ({type(exc).__name__})")
    return f"{fmt} image, {width} x {height} pixels; content not shown"


_READERS = {
    "workbook": _workbook,
    "Word document": _document,
    "PDF": _pdf,
    "CSV": _csv,
    "JSON": _json,
    "text": _text,
    "code": _text,
    "file": _text,
}


def render_file(path: Path, rel: str) -> Rendered:
    """The section of one entry of out/ (lstat only: a link is named, never opened)."""
    label = f"out/{rel}"
    try:
        st = os.lstat(path)
    except OSError as exc:
        return Rendered(f"### {label}: cannot be examined ({exc.strerror or type(exc).__name__})")
    if stat.S_ISLNK(st.st_mode):
        return Rendered(f"### {label}: a symbolic link; links are not followed, so nothing is shown")
    if not stat.S_ISREG(st.st_mode):
        return Rendered(f"### {label}: not a regular file; nothing is shown")
    kind = kind_of(rel)
    head = f"### {label} ({st.st_size:,} bytes, {kind})"
    if kind == "image":
        line = _image_line(path)
        return Rendered(f"{head}: {'UNREADABLE: ' + line.reason if isinstance(line, Failure) else line}")
    body = _READERS[kind](path)
    if isinstance(body, Failure):
        return Rendered(f"{head}: UNREADABLE: {body.reason}")
    return Rendered(head, body if body.strip() else "(the file holds only blank text)")
