"""Is this really an OOXML package of the expected kind?

Checked before any library or LibreOffice sees the bytes: openpyxl and
python-docx raise a zoo of exceptions on garbage, and LibreOffice silently
imports a text file named .xlsx as a one-column workbook, which would then
be graded as if the agent had delivered a spreadsheet.
"""
from __future__ import annotations

import io
import zipfile

from whitecollar.office.guard import looks_like_text
from whitecollar.office.model import Failure

MAX_EXPANDED_BYTES = 300 * 1024 * 1024
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
        if data.startswith(b"%PDF"):
            return Failure(path, f"not {kind}: it is a PDF file")
        if data.startswith(b"\xd0\xcf\x11\xe0"):
            return Failure(path, f"not {kind}: an OLE compound file (legacy .xls/.doc, "
                                 "or an Office file protected by a password)")
        if looks_like_text(data):
            return Failure(path, f"not {kind} (text file?)")
        return Failure(path, f"not {kind}: not a zip archive (binary data)")
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
        expanded = sum(i.file_size for i in infos)
        if expanded > MAX_EXPANDED_BYTES:
            return Failure(path, f"zip expands to {expanded} bytes "
                                 f"(limit {MAX_EXPANDED_BYTES}); refused")
        try:
            bad = zf.testzip()
        except Exception as exc:  # noqa: BLE001
            return Failure(path, f"truncated or corrupt zip ({type(exc).__name__}: {exc})")
    if bad is not None:
        return Failure(path, f"truncated or corrupt zip (bad CRC in {bad})")
    return None
