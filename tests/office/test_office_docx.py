"""docx writing helpers and read_docx: headings, tables, merged cells, fields."""

from __future__ import annotations

import io
import re
import subprocess
import zipfile

import docx
import pytest
from docx.enum.style import WD_STYLE_TYPE
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from office_helpers import needs_soffice

from whitecollar.libreoffice import recalc
from whitecollar.libreoffice.preview import render_pages, to_pdf
from whitecollar.office import (
    add_heading,
    add_letterhead,
    add_page_number_footer,
    add_table,
    new_document,
    read_docx,
    save_document,
)
from whitecollar.office.docx_reader import HAND_HEADING_LEVEL


def _build(path):
    doc = new_document("Calibri", 10.5)
    add_letterhead(
        doc,
        "Boréal Logistique inc.",
        ["1250, boul. René-Lévesque Ouest", "Montréal (Québec) H3B 4W8"],
        "Tél. 514 555-0142 · finance@boreal.example",
    )
    add_page_number_footer(doc)
    add_heading(doc, "Variance Report", 0)
    add_heading(doc, "Summary", 1)
    doc.add_paragraph("Revenue exceeded plan by 4.2% in the third quarter.")
    add_heading(doc, "Details by depot", 2)
    add_table(
        doc,
        ["Depot", "Plan", "Actual"],
        [["Montréal", "1,200.00", "1,250.40"], ["Québec", "700.00", "712.30"]],
        col_widths_cm=[6, 3, 3],
        align_right_cols=(1, 2),
    )
    hand = doc.add_paragraph()
    hand.add_run("Recommendations").bold = True
    doc.add_paragraph().add_run("This whole sentence is bold but it ends with a period.").bold = True
    mixed = doc.add_paragraph()
    mixed.add_run("Partly bold").bold = True
    mixed.add_run(" and partly not")
    custom = doc.styles.add_style("Section Title", WD_STYLE_TYPE.PARAGRAPH)
    ppr = custom.element.get_or_add_pPr()
    lvl = OxmlElement("w:outlineLvl")
    lvl.set(qn("w:val"), "1")
    ppr.append(lvl)
    doc.add_paragraph("Appendix", style="Section Title")
    merged = doc.add_table(rows=3, cols=3)
    merged.cell(0, 0).merge(merged.cell(0, 2)).text = "Merged across"
    merged.cell(1, 0).merge(merged.cell(2, 0)).text = "Merged down"
    merged.cell(1, 1).text, merged.cell(1, 2).text = "b", "c"
    merged.cell(2, 1).text, merged.cell(2, 2).text = "e", "f"
    for i in range(60):
        doc.add_paragraph(f"Filler line {i} so that the document has two pages.")
    return save_document(doc, path, title="Variance Report", author="Marie Tremblay")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return _build(tmp_path_factory.mktemp("docx") / "report.docx")


def test_headings_round_trip(built):
    read = read_docx(built)
    assert read, read
    levels = [(p.text, p.heading_level) for p in read.headings]
    assert levels[:3] == [("Variance Report", 1), ("Summary", 1), ("Details by depot", 2)]


def test_hand_bold_heading_is_inferred_but_not_bold_sentences(built):
    by_text = {p.text: p for p in read_docx(built).paragraphs}
    assert by_text["Recommendations"].heading_level == HAND_HEADING_LEVEL
    assert by_text["This whole sentence is bold but it ends with a period."].heading_level is None
    assert by_text["Partly bold and partly not"].heading_level is None
    assert by_text["Revenue exceeded plan by 4.2% in the third quarter."].heading_level is None


def test_custom_style_with_outline_level(built):
    by_text = {p.text: p for p in read_docx(built).paragraphs}
    assert by_text["Appendix"].heading_level == 2
    assert by_text["Appendix"].style == "Section Title"


def test_tables_round_trip_with_merged_cells_deduplicated(built):
    tables = read_docx(built).tables
    assert tables[0] == [
        ["Depot", "Plan", "Actual"],
        ["Montréal", "1,200.00", "1,250.40"],
        ["Québec", "700.00", "712.30"],
    ]
    assert tables[1] == [["Merged across", "", ""], ["Merged down", "b", "c"], ["", "e", "f"]]


def test_sections_split_on_headings(built):
    sections = dict(read_docx(built).sections())
    assert "Revenue exceeded plan" in sections["Summary"]


def test_letterhead_is_in_the_header_not_the_body(built):
    read = read_docx(built)
    assert "Boréal" not in read.text
    with zipfile.ZipFile(built) as zf:
        headers = [zf.read(n).decode() for n in zf.namelist() if n.startswith("word/header")]
        footers = [zf.read(n).decode() for n in zf.namelist() if n.startswith("word/footer")]
    assert any("Boréal Logistique inc." in h and "H3B 4W8" in h for h in headers)
    assert any(" PAGE " in f and " NUMPAGES " in f for f in footers)


def test_new_document_styles_are_consistent():
    doc = new_document("Arial", 11)
    assert doc.styles["Normal"].font.name == "Arial"
    assert doc.styles["Normal"].font.size.pt == 11
    assert doc.styles["Heading 1"].font.name == "Arial"
    rfonts = doc.styles["Heading 1"].element.rPr.find(qn("w:rFonts"))
    assert rfonts.get(qn("w:asciiTheme")) is None  # a theme font would override Arial
    assert round(doc.sections[0].page_width.inches, 2) == 8.5


def test_add_table_rejects_ragged_rows():
    with pytest.raises(ValueError):
        add_table(new_document(), ["a", "b"], [["1"]])


def test_hyperlink_text_and_content_controls_are_read(tmp_path):
    doc = docx.Document()
    doc.add_paragraph("Before")
    sdt = OxmlElement("w:sdt")
    content = OxmlElement("w:sdtContent")
    p = OxmlElement("w:p")
    r = OxmlElement("w:r")
    t = OxmlElement("w:t")
    t.text = "Inside a content control"
    r.append(t)
    p.append(r)
    content.append(p)
    sdt.append(content)
    doc.element.body.insert(1, sdt)
    path = tmp_path / "sdt.docx"
    doc.save(path)
    assert [p.text for p in read_docx(path).paragraphs] == ["Before", "Inside a content control"]


@pytest.fixture(scope="module")
def rendered_pdf(built, tmp_path_factory):
    if not recalc.soffice_available():
        pytest.skip("LibreOffice not installed")
    return to_pdf(built, tmp_path_factory.mktemp("render"))


@needs_soffice
def test_libreoffice_opens_the_canonical_docx_and_fills_page_fields(rendered_pdf):
    text = subprocess.run(
        ["pdftotext", "-layout", str(rendered_pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    assert "Boréal Logistique inc." in text
    pages = text.count("\f")
    assert pages >= 2
    found = re.findall(r"Page (\d+) of (\d+)", text)
    assert found == [(str(n), str(pages)) for n in range(1, pages + 1)]


@needs_soffice
def test_render_pages_of_a_pdf(rendered_pdf, tmp_path):
    pages = render_pages(rendered_pdf, tmp_path, first=2, last=2, dpi=40)
    assert [p.name for p in pages] == ["document-2.png"]
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in pages)


@needs_soffice
def test_render_pages_of_a_docx_through_libreoffice(built, tmp_path):
    pages = render_pages(built, tmp_path, first=1, last=1, dpi=40)
    assert [p.name for p in pages] == ["report-1.png"]


def test_saved_docx_opens_in_python_docx(built):
    doc = docx.Document(io.BytesIO(built.read_bytes()))
    assert doc.core_properties.author == "Marie Tremblay"
    assert doc.core_properties.title == "Variance Report"
