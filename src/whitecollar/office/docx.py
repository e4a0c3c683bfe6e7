"""Reproducible, believable .docx files built with python-docx.

python-docx copies its default template, whose docProps/core.xml names
"python-docx" as author with 2013 dates, and stamps zip entries with local
wall-clock time. `save_document` pins core properties and canonicalises the
zip (see zipcanon); nothing else python-docx writes is volatile.

The helpers exist so that every generator produces documents with the same
house style (fonts, heading sizes, table look, letterhead, "Page X of Y"
footer) instead of each one re-inventing OOXML snippets.
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from pathlib import Path

import docx
from docx.enum.section import WD_ORIENT
from docx.enum.table import WD_TABLE_ALIGNMENT
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Cm, Pt, RGBColor
from docx.table import Table
from docx.text.paragraph import Paragraph

from whitecollar.atomic import write_bytes
from whitecollar.office.zipcanon import canonical_zip, core_properties_xml

HEADING_COLOR = RGBColor(0x1F, 0x38, 0x64)
HEADER_FILL = "D9E2F3"
_GREY = RGBColor(0x59, 0x59, 0x59)
# (size in pt, space before, space after) for Title and Heading 1..4
_HEADING_SIZES = {
    "Title": (22, 0, 10),
    1: (15, 14, 6),
    2: (12.5, 10, 4),
    3: (11, 8, 3),
    4: (10.5, 6, 2),
}


# Parts of python-docx's template that no reader needs: a Word 2010 duplicate of
# the styles and a thumbnail of the template's own first page. Stored
# uncompressed (see zipcanon), they would make every document ~0.5 MB.
_DROPPED_RELATIONSHIPS = ("/stylesWithEffects", "/thumbnail")


def _drop_template_leftovers(doc: docx.document.Document) -> None:
    for owner in (doc.part, doc.part.package):
        for rel_id, rel in list(owner.rels.items()):
            if rel.reltype.endswith(_DROPPED_RELATIONSHIPS):
                del owner.rels[rel_id]


def document_bytes(doc: docx.document.Document, *, title: str = "", author: str = "") -> bytes:
    """The canonical bytes `save_document` writes (for hashing or embedding)."""
    _drop_template_leftovers(doc)
    buf = io.BytesIO()
    doc.save(buf)
    return canonical_zip(
        buf.getvalue(),
        replace={"docProps/core.xml": core_properties_xml(title=title, creator=author)},
    )


def save_document(doc: docx.document.Document, path: str | os.PathLike, *, title: str = "", author: str = "") -> Path:
    """Save so that the same document gives the same bytes on any machine and day."""
    return write_bytes(path, document_bytes(doc, title=title, author=author))


def _set_font(style, name: str) -> None:
    """Set a style's font for every script: Word picks the eastAsia/cs fonts
    from rFonts, and a theme font left in place would override the name."""
    style.font.name = name
    rpr = style.element.get_or_add_rPr()
    rfonts = rpr.find(qn("w:rFonts"))
    if rfonts is None:
        rfonts = OxmlElement("w:rFonts")
        rpr.insert(0, rfonts)
    for attr in ("w:ascii", "w:hAnsi", "w:eastAsia", "w:cs"):
        rfonts.set(qn(attr), name)
    for attr in ("w:asciiTheme", "w:hAnsiTheme", "w:eastAsiaTheme", "w:cstheme"):
        rfonts.attrib.pop(qn(attr), None)


def new_document(
    base_font: str = "Calibri", size_pt: float = 10.5, *, landscape: bool = False
) -> docx.document.Document:
    """A blank Letter-size document with the laboratory's house style.

    Letter paper because the fictional organisations are North American;
    heading styles keep their built-in names ("Heading 1", "Title") so that
    readers, Word's navigation pane and read_docx all recognise them.
    """
    doc = docx.Document()
    styles = doc.styles
    normal = styles["Normal"]
    _set_font(normal, base_font)
    normal.font.size = Pt(size_pt)
    normal.paragraph_format.space_after = Pt(6)
    normal.paragraph_format.line_spacing = 1.1
    for key, (size, before, after) in _HEADING_SIZES.items():
        style = styles["Title"] if key == "Title" else styles[f"Heading {key}"]
        _set_font(style, base_font)
        style.font.size = Pt(size)
        style.font.bold = True
        style.font.italic = False
        style.font.color.rgb = HEADING_COLOR
        style.paragraph_format.space_before = Pt(before)
        style.paragraph_format.space_after = Pt(after)
        style.paragraph_format.keep_with_next = True
    # The template's Title has a coloured bottom border and expanded spacing.
    title_ppr = styles["Title"].element.pPr
    if title_ppr is not None:
        for border in title_ppr.findall(qn("w:pBdr")):
            title_ppr.remove(border)
    title_rpr = styles["Title"].element.rPr
    if title_rpr is not None:
        for tag in ("w:spacing", "w:kern"):
            for el in title_rpr.findall(qn(tag)):
                title_rpr.remove(el)
    for name in ("Header", "Footer"):
        _set_font(styles[name], base_font)
        styles[name].font.size = Pt(max(size_pt - 2, 7))
    section = doc.sections[0]
    section.page_width, section.page_height = Cm(21.59), Cm(27.94)
    if landscape:
        section.orientation = WD_ORIENT.LANDSCAPE
        section.page_width, section.page_height = section.page_height, section.page_width
    for side in ("left_margin", "right_margin", "top_margin", "bottom_margin"):
        setattr(section, side, Cm(2.3))
    section.header_distance = Cm(1.0)
    section.footer_distance = Cm(1.0)
    return doc


def add_heading(doc: docx.document.Document, text: str, level: int = 1) -> Paragraph:
    """A heading with a built-in style (level 0 is the Title style)."""
    if not 0 <= level <= 9:
        raise ValueError(f"heading level must be 0..9, got {level}")
    return doc.add_heading(text, level)


def _shade(cell, fill: str) -> None:
    tc_pr = cell._tc.get_or_add_tcPr()
    shd = OxmlElement("w:shd")
    shd.set(qn("w:val"), "clear")
    shd.set(qn("w:color"), "auto")
    shd.set(qn("w:fill"), fill)
    tc_pr.append(shd)


def _repeat_header(row) -> None:
    tr_pr = row._tr.get_or_add_trPr()
    el = OxmlElement("w:tblHeader")
    el.set(qn("w:val"), "true")
    tr_pr.append(el)


def add_table(
    doc: docx.document.Document,
    header: list[str],
    rows: list[list[str]],
    col_widths_cm: Sequence[float] | None = None,
    style: str = "Table Grid",
    align_right_cols: Sequence[int] = (),
) -> Table:
    """A bordered table with a shaded bold header row repeated on each page.

    Values are written as given (format numbers before calling): a document
    shows text, and the generator, not this helper, decides how "1 234,50 $"
    or "$1,234.50" should look. Widths are written both on the grid and on
    every cell because Word reads the cells and LibreOffice reads the grid.
    """
    ncols = len(header)
    for i, row in enumerate(rows):
        if len(row) != ncols:
            raise ValueError(f"row {i} has {len(row)} cells, header has {ncols}")
    if col_widths_cm is not None and len(col_widths_cm) != ncols:
        raise ValueError("col_widths_cm must give one width per column")
    right = set(align_right_cols)
    table = doc.add_table(rows=1 + len(rows), cols=ncols)
    table.style = doc.styles[style]
    table.alignment = WD_TABLE_ALIGNMENT.CENTER
    for r, values in enumerate([header, *rows]):
        row = table.rows[r]
        for c, value in enumerate(values):
            cell = row.cells[c]
            para = cell.paragraphs[0]
            para.paragraph_format.space_after = Pt(0)
            run = para.add_run(str(value))
            if r == 0:
                run.bold = True
                _shade(cell, HEADER_FILL)
            if c in right:
                para.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    _repeat_header(table.rows[0])
    if col_widths_cm is not None:
        _set_widths(table, col_widths_cm)
    return table


def _set_widths(table: Table, col_widths_cm: Sequence[float]) -> None:
    """Widths on the grid and on every cell: Word reads the cells, LibreOffice the grid."""
    table.autofit = False
    grid = table._tbl.tblGrid
    for gc, width in zip(grid.findall(qn("w:gridCol")), col_widths_cm):
        gc.set(qn("w:w"), str(int(Cm(width).twips)))
    for row in table.rows:
        for cell, width in zip(row.cells, col_widths_cm):
            cell.width = Cm(width)


def _bottom_border(paragraph: Paragraph, color: str = "1F3864") -> None:
    p_pr = paragraph._p.get_or_add_pPr()
    bdr = OxmlElement("w:pBdr")
    bottom = OxmlElement("w:bottom")
    for k, v in (("w:val", "single"), ("w:sz", "8"), ("w:space", "4"), ("w:color", color)):
        bottom.set(qn(k), v)
    bdr.append(bottom)
    p_pr.append(bdr)


def add_letterhead(
    doc: docx.document.Document,
    org_name: str,
    address_lines: Sequence[str],
    contact_line: str = "",
) -> None:
    """Organisation name, address and contact line in the page header.

    In the header (not the body) as in a real letterhead template, so the
    body text a reader extracts starts with the letter itself.
    """
    header = doc.sections[0].header
    header.is_linked_to_previous = False
    first = header.paragraphs[0]
    first.text = ""
    name_run = first.add_run(org_name)
    name_run.bold = True
    name_run.font.size = Pt(14)
    name_run.font.color.rgb = HEADING_COLOR
    first.paragraph_format.space_after = Pt(0)
    last = first
    for line in [*address_lines, *([contact_line] if contact_line else [])]:
        last = header.add_paragraph()
        last.paragraph_format.space_after = Pt(0)
        run = last.add_run(line)
        run.font.size = Pt(8.5)
        run.font.color.rgb = _GREY
    _bottom_border(last)


def _field(paragraph: Paragraph, instruction: str, placeholder: str) -> None:
    """A complex field (PAGE, NUMPAGES); the placeholder is the cached result
    shown until the viewer updates fields, which Word and LibreOffice do when
    they lay out pages."""

    def run_with(child) -> None:
        r = paragraph.add_run()
        r._r.append(child)

    begin = OxmlElement("w:fldChar")
    begin.set(qn("w:fldCharType"), "begin")
    run_with(begin)
    instr = OxmlElement("w:instrText")
    instr.set(qn("xml:space"), "preserve")
    instr.text = f" {instruction} "
    run_with(instr)
    sep = OxmlElement("w:fldChar")
    sep.set(qn("w:fldCharType"), "separate")
    run_with(sep)
    paragraph.add_run(placeholder)
    end = OxmlElement("w:fldChar")
    end.set(qn("w:fldCharType"), "end")
    run_with(end)


def add_page_number_footer(
    doc: docx.document.Document, *, label: str = "Page", of: str = "of", left_text: str = ""
) -> Paragraph:
    """ "Page X of Y" (PAGE / NUMPAGES fields) in the footer, right-aligned.

    `label`/`of` allow "Page 1 de 3" for French documents; `left_text`
    (e.g., a document reference) goes before a tab on the same line.
    """
    footer = doc.sections[0].footer
    footer.is_linked_to_previous = False
    para = footer.paragraphs[0]
    para.text = ""
    if left_text:
        para.add_run(left_text)
        para.add_run("\t\t")
    else:
        para.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    para.add_run(f"{label} ")
    _field(para, "PAGE", "1")
    para.add_run(f" {of} ")
    _field(para, "NUMPAGES", "1")
    return para
