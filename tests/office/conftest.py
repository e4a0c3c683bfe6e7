"""Shared fixtures: real sample documents and the garbage agents deliver."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest
from reportlab.platypus import Paragraph

from whitecollar.office import recalc, recalc_cache, shared_office
from whitecollar.office.docx import add_heading, add_table, new_document, save_document
from whitecollar.office.pdf import build_pdf, paragraph_styles
from whitecollar.office.xlsx import save_workbook


@pytest.fixture(scope="session")
def samples(tmp_path_factory) -> dict[str, Path]:
    """One genuine file of each kind, written with the project's writers."""
    d = tmp_path_factory.mktemp("samples")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Data"
    for i in range(1, 200):
        ws.append([f"Item {i}", i, i * 1.5, f"Description of item {i} for padding"])
    save_workbook(wb, d / "real.xlsx", title="Sample")

    doc = new_document()
    add_heading(doc, "Sample report", 0)
    for i in range(40):
        add_heading(doc, f"Section {i}", 1)
        doc.add_paragraph(f"Body text of section {i}. " * 10)
    add_table(doc, ["A", "B"], [["1", "2"]])
    save_document(doc, d / "real.docx")

    ss = paragraph_styles()
    build_pdf(
        d / "real.pdf",
        [Paragraph(f"Line {i} of the sample PDF.", ss["Body"]) for i in range(300)],
        title="Sample",
        author="Tests",
    )
    (d / "real.csv").write_text("a,b\n1,2\n", encoding="utf-8")
    (d / "real.json").write_text(json.dumps({"a": [1, 2]}), encoding="utf-8")
    (d / "real.txt").write_text("hello\n", encoding="utf-8")
    return {p.suffix.lstrip("."): p for p in d.iterdir()}


@pytest.fixture(autouse=True)
def no_shared_recalc_cache(monkeypatch):
    """Office tests count LibreOffice starts: a disk cache left in the
    environment would answer for it. Tests that want one set their own."""
    monkeypatch.delenv(recalc_cache.ENV, raising=False)


@pytest.fixture
def shared_cache(monkeypatch, tmp_path):
    """A disk cache of recalculated workbooks in this test's own folder."""
    root = tmp_path / "recalc-cache"
    monkeypatch.setenv(recalc_cache.ENV, str(root))
    recalc.clear_cache()
    yield root
    shared_office.stop_all(root)
    recalc.clear_cache()


@pytest.fixture
def fresh_recalc_cache():
    recalc.clear_cache()
    yield
    recalc.clear_cache()


@pytest.fixture
def no_soffice(monkeypatch, tmp_path):
    monkeypatch.setenv("WHITECOLLAR_SOFFICE", str(tmp_path / "no-such-soffice"))
