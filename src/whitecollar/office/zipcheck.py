"""Is this really an OOXML package of the expected kind?

Checked before any library or LibreOffice sees the bytes: openpyxl and
python-docx raise a zoo of exceptions on garbage, and LibreOffice silently
imports a text file named .xlsx as a one-column workbook, which would then
be graded as if the agent had delivered a spreadsheet.

The zip directory is also checked before anything is decompressed: a
400,000-row sheet compresses to a few hundred kilobytes and then holds a
parser for minutes, and a zip bomb expands a thousandfold. The limits sit
far above any honest deliverable (the project's own writers produce parts
of a few hundred kilobytes) and far below what stalls an evaluation.
"""

from __future__ import annotations

import io
import zipfile

from whitecollar.office.guard import looks_like_text
from whitecollar.office.model import Failure

MAX_PARTS = 2000
MAX_PART_BYTES = 10 * 1024 * 1024
MAX_EXPANDED_BYTES = 50 * 1024 * 1024
MAX_RATIO = 100
RATIO_FLOOR_BYTES = 1024 * 1024  # small parts may compress well; only large ones are held to MAX_RATIO
_KINDS = {
    "xl/workbook.xml": "an xlsx workbook",
    "word/document.xml": "a docx document",
    "ppt/presentation.xml": "a pptx presentation",
}


def _what_else(names: set[str]) -> str:
    for part, kind in _KINDS.items():
        if part in names:
            return kind
    if "mimetype" in names:
        return "an OpenDocument file"
    return "an unknown zip"


def check_ooxml(data: bytes, path: str, *, required: str, kind: str) -> Failure | None:
    """None if `data` is a sound zip (in memory) holding `required`, or the reason not.

    kind is the noun phrase for messages, e.g., "an xlsx workbook".
    """
    if not data.startswith(b"PK"):
        return Failure(path, f"not {kind}{_not_a_zip(data)}")
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
        infos = zf.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError) as exc:
        return Failure(path, f"truncated or corrupt zip ({exc})")
    except Exception as exc:  # noqa: BLE001 - a reader never raises
        return Failure(path, f"truncated or corrupt zip ({type(exc).__name__}: {exc})")
    with zf:
        names = {i.filename for i in infos}
        if required not in names:
            return Failure(path, f"not {kind}: zip without {required} (looks like {_what_else(names)})")
        over = check_zip_directory(infos)
        if over is not None:
            return Failure(path, over)
        try:
            bad = zf.testzip()
        except Exception as exc:  # noqa: BLE001
            return Failure(path, f"truncated or corrupt zip ({type(exc).__name__}: {exc})")
    if bad is not None:
        return Failure(path, f"truncated or corrupt zip (bad CRC in {bad})")
    return None


def _not_a_zip(data: bytes) -> str:
    """What a file that is no zip at all looks like, so the message tells the worker what was delivered."""
    if data.startswith(b"%PDF"):
        return ": it is a PDF file"
    if data.startswith(b"\xd0\xcf\x11\xe0"):
        return ": an OLE compound file (legacy .xls/.doc, or an Office file protected by a password)"
    if looks_like_text(data):
        return " (text file?)"
    return ": not a zip archive (binary data)"


def check_zip_directory(infos: list[zipfile.ZipInfo]) -> str | None:
    """Why a zip's directory is refused (part count, a part's size or
    compression ratio, the total), or None; read from the directory alone,
    nothing is decompressed."""
    if len(infos) > MAX_PARTS:
        return f"over the part limit: {len(infos)} parts (limit {MAX_PARTS}); refused"
    for info in sorted(infos, key=lambda i: (-i.file_size, i.filename)):
        if info.file_size > MAX_PART_BYTES:
            return (
                f"over the size limit: part {info.filename} expands to {info.file_size} bytes "
                f"(limit {MAX_PART_BYTES}); refused"
            )
        if info.file_size > RATIO_FLOOR_BYTES and info.file_size > MAX_RATIO * max(info.compress_size, 1):
            ratio = info.file_size // max(info.compress_size, 1)
            return (
                f"over the compression-ratio limit: part {info.filename} expands {ratio}:1 "
                f"(limit {MAX_RATIO}:1); refused"
            )
    expanded = sum(i.file_size for i in infos)
    if expanded > MAX_EXPANDED_BYTES:
        return f"over the size limit: zip expands to {expanded} bytes (limit {MAX_EXPANDED_BYTES}); refused"
    return None


def validate_xlsx(data: bytes, path: str) -> Failure | None:
    """None if `data` is an xlsx package a reader, and LibreOffice, may be given."""
    return check_ooxml(data, path, required="xl/workbook.xml", kind="an xlsx workbook")
