"""The text an office file carries outside its body: headers and footers,
document properties, comments, footnotes, chart titles, text boxes.

A report's footer, a workbook's cell comment or a chart's title is part of
what a reviewer reads, so a statement made there is made by the work. The
readers of the body (`docx_reader`, `xlsx_reader`) leave these parts out; this
module reads them from the package's XML directly, bounded by the same zip
checks as the body readers, with no entity expansion (the text runs are cut
out of the XML by pattern and only the five predefined entities and numeric
references are decoded). It never raises.
"""

from __future__ import annotations

import html
import io
import os
import re
import zipfile

from whitecollar.office.guard import DEFAULT_MAX_BYTES, read_guarded
from whitecollar.office.model import Failure
from whitecollar.office.zipcheck import check_ooxml

#: Part name patterns, in the order the texts are listed, and how a receipt names each.
_PARTS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^docProps/core\.xml$"), "document properties"),
    (re.compile(r"^word/header\d*\.xml$"), "header"),
    (re.compile(r"^word/footer\d*\.xml$"), "footer"),
    (re.compile(r"^word/(?:footnotes|endnotes)\.xml$"), "notes"),
    (re.compile(r"^word/comments\.xml$"), "comments"),
    (re.compile(r"^xl/threadedComments/[^/]+\.xml$"), "comments"),
    (re.compile(r"^xl/charts/chart\d*\.xml$"), "chart"),
    (re.compile(r"^(?:xl|word)/drawings/drawing\d*\.xml$"), "drawing"),
)
MAX_PART_CHARS = 200_000
_PROPERTY = re.compile(
    r"<(?:dc:title|dc:subject|dc:description|cp:keywords|cp:category)(?:\s[^>]*)?>([^<]{1,4000})</", re.S
)
_RUN = re.compile(r"<(?:w:t|a:t|t|x:t)(?:\s[^>]*)?>([^<]{0,4000})</(?:w:t|a:t|t|x:t)>", re.S)
_BREAK = re.compile(r"</(?:w:p|a:p|comment|threadedComment|si|text)>")


def _decode(s: str) -> str:
    return html.unescape(s)


def _part_text(xml: str, label: str) -> str:
    if label == "document properties":
        return "\n".join(_decode(m.group(1)).strip() for m in _PROPERTY.finditer(xml) if m.group(1).strip())
    lines = []
    for chunk in _BREAK.split(xml):
        line = "".join(_decode(m.group(1)) for m in _RUN.finditer(chunk)).strip()
        if line:
            lines.append(line)
    return "\n".join(lines)


_SHEET = re.compile(r"<sheet\b[^>]*?\bname=\"([^\"]*)\"[^>]*?\br:id=\"([^\"]*)\"", re.S)
_REL = re.compile(r"<Relationship\b[^>]*?\bId=\"([^\"]*)\"[^>]*?\bTarget=\"([^\"]*)\"", re.S)
_REL_REVERSED = re.compile(r"<Relationship\b[^>]*?\bTarget=\"([^\"]*)\"[^>]*?\bId=\"([^\"]*)\"", re.S)
_COMMENT = re.compile(r"<comment\b[^>]*?\bref=\"([A-Z]{1,3}\d{1,7})\"[^>]*>(.*?)</comment>", re.S)


def _rels(xml: str) -> dict[str, str]:
    found = {i: t for i, t in _REL.findall(xml)}
    found.update({i: t for t, i in _REL_REVERSED.findall(xml) if i not in found})
    return found


def _part(base: str, target: str) -> str:
    """The part name a relationship target points at, from the folder of the part that holds it."""
    parts = (target.lstrip("/") if target.startswith("/") else f"{base}/{target}").split("/")
    out: list[str] = []
    for p in parts:
        if p == "..":
            out = out[:-1]
        elif p and p != ".":
            out.append(p)
    return "/".join(out)


def cell_comments(path: str | os.PathLike, *, max_bytes: int = DEFAULT_MAX_BYTES) -> list[tuple[str, str, str]]:
    """(sheet, cell, text) of every legacy cell comment of an .xlsx, in a stable order; [] when none or unreadable.

    A comment is read beside its cell's row: on the row of a findings table it speaks of that row's item.
    """
    data = read_guarded(path, max_bytes)
    if isinstance(data, Failure) or check_ooxml(data, str(path), required="xl/workbook.xml", kind="a workbook"):
        return []
    out: list[tuple[str, str, str]] = []
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            names = set(zf.namelist())

            def text(name: str) -> str:
                return zf.read(name)[: MAX_PART_CHARS * 4].decode("utf-8", errors="replace") if name in names else ""

            book_rels = _rels(text("xl/_rels/workbook.xml.rels"))
            for sheet, rid in _SHEET.findall(text("xl/workbook.xml")):
                sheet_part = _part("xl", book_rels.get(rid, ""))
                folder, _, leaf = sheet_part.rpartition("/")
                for target in sorted(_rels(text(f"{folder}/_rels/{leaf}.rels")).values()):
                    comments = _part(folder, target)
                    if not re.match(r"^xl/comments(?:/comment)?\d*\.xml$", comments):
                        continue
                    for ref, body in _COMMENT.findall(text(comments)):
                        line = "".join(_decode(m.group(1)) for m in _RUN.finditer(body)).strip()
                        if line:
                            out.append((_decode(sheet), ref, line[:MAX_PART_CHARS]))
    except Exception:  # noqa: BLE001 - a reader never raises
        return out
    return out


def margin_texts(path: str | os.PathLike, *, max_bytes: int = DEFAULT_MAX_BYTES) -> list[tuple[str, str]]:
    """(label, text) of every non-body text part of a .docx or .xlsx, in a stable order; [] when none or unreadable."""
    data = read_guarded(path, max_bytes)
    if isinstance(data, Failure):
        return []
    required = "word/document.xml" if str(path).casefold().endswith(".docx") else "xl/workbook.xml"
    if check_ooxml(data, str(path), required=required, kind="an office file") is not None:
        return []
    out: list[tuple[str, str]] = []
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            names = sorted(i.filename for i in zf.infolist())
            for pattern, label in _PARTS:
                for name in names:
                    if not pattern.match(name):
                        continue
                    xml = zf.read(name)[: MAX_PART_CHARS * 4].decode("utf-8", errors="replace")
                    text = _part_text(xml, label)[:MAX_PART_CHARS]
                    if text:
                        out.append((label, text))
    except Exception:  # noqa: BLE001 - a reader never raises
        return out
    return out
