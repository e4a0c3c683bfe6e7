"""Reading a delivered .docx into model.Document, never raising.

Headings are recognised three ways, because agents produce them three
ways: built-in styles ("Heading N", "Title"), an outline level set on the
paragraph or its style (custom heading styles, localised templates), and
by hand: a short bold line with no final period, which gets level 9 so an
evaluator can still find the document's sections.
"""

from __future__ import annotations

import io
import os
import re

from whitecollar.office.guard import DEFAULT_MAX_BYTES, read_guarded
from whitecollar.office.model import Document, Failure, Paragraph
from whitecollar.office.zipcheck import check_ooxml

HAND_HEADING_LEVEL = 9
_HEADING_STYLE = re.compile(r"^heading\s*([1-9])$", re.IGNORECASE)


def _qn(tag: str) -> str:
    from docx.oxml.ns import qn

    return qn(tag)


def _outline_level(ppr) -> int | None:
    if ppr is None:
        return None
    el = ppr.find(_qn("w:outlineLvl"))
    if el is None:
        return None
    try:
        level = int(el.get(_qn("w:val")))
    except (TypeError, ValueError):
        return None
    return level + 1 if 0 <= level <= 8 else None


def _style_level(style) -> int | None:
    """Level from the style name or the outline level of the style chain."""
    seen = 0
    while style is not None and seen < 20:
        name = (style.name or "").strip()
        m = _HEADING_STYLE.match(name)
        if m:
            return int(m.group(1))
        if name.lower() == "title":
            return 1
        level = _outline_level(style.element.pPr)
        if level is not None:
            return level
        style = getattr(style, "base_style", None)
        seen += 1
    return None


def _style_bold(style) -> bool:
    seen = 0
    while style is not None and seen < 20:
        bold = style.font.bold
        if bold is not None:
            return bool(bold)
        style = getattr(style, "base_style", None)
        seen += 1
    return False


class _Styles:
    """Style lookups of one document, each resolved once.

    python-docx resolves a paragraph or run without a style of its own by
    scanning every style of the document for the default, on every access:
    on a long memo that scan cost more than the rest of the grading. The
    answers are python-docx's own (`part.get_style`), kept per style id and
    type; a lookup that raises (a dangling id) is not kept and raises again.
    """

    def __init__(self, part) -> None:
        self._part = part
        self._styles: dict = {}
        self._levels: dict = {}
        self._bold: dict = {}

    def _get(self, style_id, style_type):
        key = (style_id, style_type)
        if key not in self._styles:
            self._styles[key] = self._part.get_style(style_id, style_type)
        return self._styles[key]

    def paragraph(self, par):
        from docx.enum.style import WD_STYLE_TYPE

        return self._get(par._p.style, WD_STYLE_TYPE.PARAGRAPH)

    def character(self, run):
        from docx.enum.style import WD_STYLE_TYPE

        return self._get(run._r.style, WD_STYLE_TYPE.CHARACTER)

    def _of_style(self, par, memo: dict, compute, default):
        """`compute(style)` for the paragraph's style, once per style id."""
        style = self.paragraph(par)
        if style is None:
            return default
        if par._p.style not in memo:
            memo[par._p.style] = compute(style)
        return memo[par._p.style]

    def level(self, par) -> int | None:
        return self._of_style(par, self._levels, _style_level, None)

    def bold(self, par) -> bool:
        return self._of_style(par, self._bold, _style_bold, False)


def _all_bold(par, styles: _Styles) -> bool:
    """Every run carrying text is bold (directly, by character style, or by
    the paragraph style)."""
    para_bold = styles.bold(par)
    runs = [r for r in par.runs if r.text.strip()]
    if not runs:
        return False
    for run in runs:
        bold = run.bold
        if bold is None:
            style = styles.character(run)
            if style is not None:
                bold = style.font.bold
        if bold is None:
            bold = para_bold
        if not bold:
            return False
    return True


def _heading_level(par, styles: _Styles) -> int | None:
    level = _outline_level(par._p.pPr)
    if level is None:
        level = styles.level(par)
    if level is not None:
        return level
    text = par.text.strip()
    if text and len(text.split()) < 15 and not text.endswith(".") and _all_bold(par, styles):
        return HAND_HEADING_LEVEL
    return None


def _cell_text(tc, parent) -> str:
    from docx.text.paragraph import Paragraph as DocxParagraph

    return "\n".join(DocxParagraph(p, parent).text for p in tc.iterchildren(_qn("w:p"))).strip()


def _table_rows(tbl, parent, nested: list) -> list[list[str]]:
    """Rows on the table grid: a merged cell's text appears once, in its
    first grid column and first row; the columns and rows it also covers
    hold "" so that column indices still line up."""
    rows = []
    for tr in tbl.iterchildren(_qn("w:tr")):
        row: list[str] = []
        trpr = tr.find(_qn("w:trPr"))
        if trpr is not None:
            before = trpr.find(_qn("w:gridBefore"))
            if before is not None:
                row += [""] * _int(before.get(_qn("w:val")), 0)
        for tc in tr.iterchildren(_qn("w:tc")):
            tcpr = tc.find(_qn("w:tcPr"))
            span, continued = 1, False
            if tcpr is not None:
                gs = tcpr.find(_qn("w:gridSpan"))
                if gs is not None:
                    span = max(1, min(_int(gs.get(_qn("w:val")), 1), 64))
                vm = tcpr.find(_qn("w:vMerge"))
                if vm is not None and vm.get(_qn("w:val")) in (None, "continue"):
                    continued = True
            row.append("" if continued else _cell_text(tc, parent))
            row += [""] * (span - 1)
            for inner in tc.iter(_qn("w:tbl")):
                nested.append(inner)
        rows.append(row)
    return rows


def _int(value, default: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _walk(container, parent, paragraphs: list[Paragraph], tables: list[list[list[str]]], styles: _Styles) -> None:
    """Body content in document order, descending into content controls
    (a Word table of contents lives in a w:sdt)."""
    from docx.text.paragraph import Paragraph as DocxParagraph

    for child in container.iterchildren():
        tag = child.tag
        if tag == _qn("w:p"):
            par = DocxParagraph(child, parent)
            try:
                found = styles.paragraph(par)
                style = found.name if found is not None else ""
            except Exception:  # noqa: BLE001 - a dangling style id
                style = ""
            paragraphs.append(Paragraph(text=par.text, style=style or "", heading_level=_heading_level(par, styles)))
        elif tag == _qn("w:tbl"):
            nested: list = []
            tables.append(_table_rows(child, parent, nested))
            for inner in nested:
                tables.append(_table_rows(inner, parent, []))
        elif tag in (_qn("w:sdt"), _qn("w:customXml")):
            content = child.find(_qn("w:sdtContent")) if tag == _qn("w:sdt") else child
            if content is not None:
                _walk(content, parent, paragraphs, tables, styles)


def read_docx(path: str | os.PathLike, *, max_bytes: int = DEFAULT_MAX_BYTES) -> Document | Failure:
    """Paragraphs (with heading levels) and tables of a delivered .docx."""
    p = str(path)
    data = read_guarded(path, max_bytes)
    if isinstance(data, Failure):
        return data
    invalid = check_ooxml(data, p, required="word/document.xml", kind="a docx document")
    if invalid is not None:
        return invalid
    try:
        import docx

        doc = docx.Document(io.BytesIO(data))
        paragraphs: list[Paragraph] = []
        tables: list[list[list[str]]] = []
        _walk(doc.element.body, doc._body, paragraphs, tables, _Styles(doc.part))
    except Exception as exc:  # noqa: BLE001 - a reader never raises
        return Failure(p, f"unreadable docx document ({type(exc).__name__}: {exc})")
    return Document(path=p, paragraphs=paragraphs, tables=tables)
