"""Text outside an office file's body: footers, headers, properties, comments, chart titles."""

from __future__ import annotations

import zipfile

import docx
import openpyxl
from openpyxl.chart import BarChart, Reference
from openpyxl.comments import Comment

from whitecollar.office.margin_text import cell_comments, margin_texts


def _report(path, *, footer="", header="", title=""):
    doc = docx.Document()
    doc.add_paragraph("Body text.")
    if footer:
        doc.sections[0].footer.paragraphs[0].text = footer
    if header:
        doc.sections[0].header.paragraphs[0].text = header
    if title:
        doc.core_properties.title = title
    doc.save(path)
    return path


def test_a_report_footer_header_and_title_are_read(tmp_path):
    p = _report(tmp_path / "r.docx", footer="Page footer: invoice closed", header="Draft & final", title="Cash review")
    got = dict(margin_texts(p))
    assert got["footer"] == "Page footer: invoice closed"
    assert got["header"] == "Draft & final"
    assert "Cash review" in got["document properties"]
    assert "Body text" not in " ".join(got.values())


def test_a_workbook_comment_is_read_with_its_sheet_and_cell_and_a_chart_title_with_the_margins(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Findings"
    ws.append(["Item", "Amount"])
    ws.append(["A-1", 10])
    ws.append(["A-2", 20])
    ws["B3"].comment = Comment("Cleared on the supplier's word.", "Preparer")
    chart = BarChart()
    chart.title = "Cash at year end (item A-2 cleared)"
    chart.add_data(Reference(ws, min_col=2, min_row=2, max_row=3))
    ws.add_chart(chart, "D2")
    wb.save(tmp_path / "w.xlsx")
    assert cell_comments(tmp_path / "w.xlsx") == [("Findings", "B3", "Cleared on the supplier's word.")]
    assert ("chart", "Cash at year end (item A-2 cleared)") in margin_texts(tmp_path / "w.xlsx")


def test_entities_are_decoded_but_never_expanded(tmp_path):
    p = _report(tmp_path / "r.docx", footer="x")
    with zipfile.ZipFile(p) as zf:
        parts = {n: zf.read(n) for n in zf.namelist()}
    footer = next(n for n in parts if n.startswith("word/footer"))
    parts[footer] = (
        b'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>'
        b'<w:ftr xmlns:w="w"><w:p><w:r><w:t>&b;&b; A &amp; B &#233;</w:t></w:r></w:p></w:ftr>'
    )
    with zipfile.ZipFile(p, "w") as zf:
        for n, data in parts.items():
            zf.writestr(n, data)
    assert dict(margin_texts(p))["footer"] == "&b;&b; A & B \u00e9"


def test_garbage_gives_nothing_and_never_raises(tmp_path):
    (tmp_path / "g.docx").write_bytes(b"PK\x03\x04 not a zip")
    (tmp_path / "t.xlsx").write_text("plain text", encoding="utf-8")
    assert margin_texts(tmp_path / "g.docx") == []
    assert margin_texts(tmp_path / "t.xlsx") == []
    assert cell_comments(tmp_path / "t.xlsx") == []
    assert margin_texts(tmp_path / "missing.docx") == []
