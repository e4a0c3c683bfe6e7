"""Reading a delivered PDF into model.PdfText, never raising.

All text is kept, including text a human would not see (white, 1-point,
under a box): that is exactly the text an agent reads, so it is how a
prompt injection planted in an input reaches the agent, and graders must
be able to see it too. pdfplumber is used because it extracts such text
and keeps the reading order of tables and small print (see NOTES.md).
"""

from __future__ import annotations

import io
import logging
import os

from whitecollar.office.guard import DEFAULT_MAX_BYTES, looks_like_text, read_guarded
from whitecollar.office.model import Failure, PdfText

DEFAULT_MAX_PAGES = 200


def read_pdf(
    path: str | os.PathLike,
    *,
    max_pages: int = DEFAULT_MAX_PAGES,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> PdfText | Failure:
    """Text of each page (the first max_pages pages of a longer document).

    A page that cannot be parsed fails the whole file, with the page number
    in the reason: silently dropping a page would make content missing for
    reasons no receipt could explain.
    """
    p = str(path)
    data = read_guarded(path, max_bytes)
    if isinstance(data, Failure):
        return data
    if b"%PDF-" not in data[:1024]:
        if data.startswith(b"PK"):
            return Failure(p, "not a PDF: it is a zip archive (docx/xlsx?)")
        if looks_like_text(data):
            return Failure(p, "not a PDF (text file?)")
        return Failure(p, "not a PDF: no %PDF- header")
    logging.getLogger("pdfminer").setLevel(logging.ERROR)
    try:
        import pdfplumber

        pages: list[str] = []
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            if not pdf.pages:
                return Failure(p, "PDF has no pages")
            for number, page in enumerate(pdf.pages[:max_pages], start=1):
                try:
                    pages.append(page.extract_text() or "")
                except Exception as exc:  # noqa: BLE001
                    return Failure(p, f"page {number} unreadable ({type(exc).__name__}: {exc})")
                finally:
                    page.close()
    except Exception as exc:  # noqa: BLE001 - a reader never raises
        name = type(exc).__name__
        if "Password" in name or "Encrypt" in name:
            return Failure(p, "encrypted PDF (password required)")
        return Failure(p, f"unreadable or truncated PDF ({name}: {exc})")
    return PdfText(path=p, pages=pages)
