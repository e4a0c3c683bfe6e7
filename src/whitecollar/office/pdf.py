"""Reproducible PDFs with reportlab.

reportlab normally writes the creation date and a random document ID and
compresses page streams with zlib. `invariant=1` fixes the dates and derives
the ID from the content; `pageCompression=0` leaves page streams
uncompressed, because deflate output depends on the zlib build (see
zipcanon) and the freeze manifest must hold on a replicator's machine.

Only the standard base-14 fonts are used (Helvetica, Times-Roman, Courier
and their bold/italic faces). They are not embedded, so the bytes do not
depend on which font files a machine has. reportlab writes them with
WinAnsiEncoding, which covers French (é, è, ê, à, ç, ô, œ, «», ’) but not,
for example, "≥" or "→"; `check_encodable` finds such characters before
they become black boxes.

Caveat: raster images (PNG or PIL) placed in a PDF are re-compressed by
reportlab with the interpreter's zlib even when pageCompression is 0, so a
PDF with a raster image is reproducible per machine only. Prefer vector
drawings (reportlab.graphics) or pass JPEG files, which are embedded as is.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, BinaryIO

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle, StyleSheet1
from reportlab.lib.units import cm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import SimpleDocTemplate

from whitecollar.atomic import write_bytes

BASE_FONT = "Helvetica"
BOLD_FONT = "Helvetica-Bold"
ITALIC_FONT = "Helvetica-Oblique"
_INK = colors.HexColor("#1F3864")


def check_encodable(text: str) -> list[str]:
    """Characters of `text` that the base-14 fonts (WinAnsi) cannot show."""
    bad = []
    for ch in dict.fromkeys(text):
        if ch in "\n\t\r":
            continue
        try:
            ch.encode("cp1252")
        except UnicodeEncodeError:
            bad.append(ch)
    return bad


def paragraph_styles(base_size: float = 10) -> StyleSheet1:
    """One stylesheet for every generated PDF, all in base-14 fonts.

    reportlab's sample stylesheet mixes fonts and sizes that look like a
    test page; a single house style makes generated letters, invoices and
    reports look like they come from real organisations.
    """
    ss = StyleSheet1()
    lead = base_size * 1.3
    ss.add(ParagraphStyle("Body", fontName=BASE_FONT, fontSize=base_size, leading=lead, spaceAfter=base_size * 0.6))
    ss.add(
        ParagraphStyle(
            "Small",
            parent=ss["Body"],
            fontSize=base_size * 0.8,
            leading=base_size * 1.05,
            textColor=colors.HexColor("#555555"),
        )
    )
    ss.add(
        ParagraphStyle(
            "Title",
            parent=ss["Body"],
            fontName=BOLD_FONT,
            fontSize=base_size * 1.8,
            leading=base_size * 2.2,
            textColor=_INK,
            spaceAfter=base_size,
        )
    )
    ss.add(
        ParagraphStyle(
            "Heading1",
            parent=ss["Body"],
            fontName=BOLD_FONT,
            fontSize=base_size * 1.35,
            leading=base_size * 1.7,
            textColor=_INK,
            spaceBefore=base_size,
            spaceAfter=base_size * 0.4,
            keepWithNext=1,
        )
    )
    ss.add(
        ParagraphStyle(
            "Heading2",
            parent=ss["Heading1"],
            fontSize=base_size * 1.12,
            leading=base_size * 1.45,
            spaceBefore=base_size * 0.7,
        )
    )
    ss.add(
        ParagraphStyle("TableCell", parent=ss["Body"], fontSize=base_size * 0.9, leading=base_size * 1.1, spaceAfter=0)
    )
    ss.add(ParagraphStyle("TableCellRight", parent=ss["TableCell"], alignment=TA_RIGHT))
    ss.add(ParagraphStyle("TableHeader", parent=ss["TableCell"], fontName=BOLD_FONT))
    ss.add(ParagraphStyle("Right", parent=ss["Body"], alignment=TA_RIGHT))
    ss.add(ParagraphStyle("Center", parent=ss["Body"], alignment=TA_CENTER))
    ss.add(
        ParagraphStyle(
            "Mono", parent=ss["Body"], fontName="Courier", fontSize=base_size * 0.9, leading=base_size * 1.15
        )
    )
    return ss


def build_pdf(
    path: str | os.PathLike,
    flowables: Sequence[Any],
    *,
    title: str,
    author: str,
    subject: str = "",
    pagesize: tuple[float, float] = LETTER,
    margins_cm: tuple[float, float, float, float] = (2, 2, 2, 2),
    on_page: Callable[[Canvas, Any], None] | None = None,
) -> Path:
    """Lay out flowables on pages; `on_page(canvas, doc)` draws letterheads,
    footers and page numbers on every page.

    margins_cm is (top, right, bottom, left), as in CSS. The file is built
    in memory and written atomically.
    """
    top, right, bottom, left = (m * cm for m in margins_cm)
    buf = io.BytesIO()
    doc = SimpleDocTemplate(
        buf,
        pagesize=pagesize,
        topMargin=top,
        rightMargin=right,
        bottomMargin=bottom,
        leftMargin=left,
        title=title,
        author=author,
        subject=subject,
        creator=author,
        invariant=1,
        pageCompression=0,
    )
    hook = on_page or (lambda canvas, doc: None)
    doc.build(list(flowables), onFirstPage=hook, onLaterPages=hook)
    return write_bytes(path, buf.getvalue())


class _AtomicCanvas(Canvas):
    """A canvas drawn into memory and written atomically by save()."""

    def __init__(self, path: Path, **kw: Any) -> None:
        self._target = path
        self._buffer = io.BytesIO()
        super().__init__(self._buffer, **kw)

    def save(self) -> Path:  # type: ignore[override]
        super().save()
        return write_bytes(self._target, self._buffer.getvalue())


def make_canvas(
    path_or_buffer: str | os.PathLike | BinaryIO,
    *,
    title: str,
    author: str,
    pagesize: tuple[float, float] = LETTER,
) -> Canvas:
    """A reproducible canvas for free-form layouts (forms, receipts, scans).

    Call `showPage()` per page and `save()` at the end; with a path, save()
    writes the file atomically and returns its Path.
    """
    kw: dict[str, Any] = dict(pagesize=pagesize, invariant=1, pageCompression=0)
    if isinstance(path_or_buffer, (str, os.PathLike)):
        canvas: Canvas = _AtomicCanvas(Path(path_or_buffer), **kw)
    else:
        canvas = Canvas(path_or_buffer, **kw)
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setCreator(author)
    canvas.setFont(BASE_FONT, 10)
    return canvas


def page_number_footer(
    text_left: str = "", *, label: str = "Page", font_size: float = 8
) -> Callable[[Canvas, Any], None]:
    """An on_page hook drawing "<text_left> ... Page N" at the bottom.

    reportlab lays pages out one at a time, so "of Y" would need two passes;
    generators that need "Page X of Y" can build twice or use a canvasmaker.
    """

    def draw(canvas: Canvas, doc: Any) -> None:
        canvas.saveState()
        canvas.setFont(BASE_FONT, font_size)
        canvas.setFillColor(colors.HexColor("#555555"))
        y = doc.bottomMargin / 2
        if text_left:
            canvas.drawString(doc.leftMargin, y, text_left)
        canvas.drawRightString(doc.pagesize[0] - doc.rightMargin, y, f"{label} {doc.page}")
        canvas.restoreState()

    return draw
