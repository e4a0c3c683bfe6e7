"""A workbook the laboratory could not recalculate stops the evaluation; it is never graded as if empty."""

from __future__ import annotations

import openpyxl
import pytest

from whitecollar import libreoffice
from whitecollar.grading.context import EvaluationContext, RecalculationUnavailable
from whitecollar.libreoffice import recalc
from whitecollar.office.model import Failure, Workbook

ORACLE = {"required_deliverables": [{"path": "book.xlsx", "format": "xlsx"}], "clarification": {"expected": False}}


def _book(tmp_path, formula: bool) -> EvaluationContext:
    out = tmp_path / "out"
    out.mkdir()
    wb = openpyxl.Workbook()
    wb.active["A1"] = 2
    wb.active["A2"] = "=A1*21" if formula else 42
    wb.save(out / "book.xlsx")
    return EvaluationContext("T-01", "1.0", out, tmp_path, ORACLE)


def _no_libreoffice(monkeypatch, reason: str) -> None:
    monkeypatch.setattr(recalc, "recalculate_bytes", lambda data, path, **kw: Failure(path, reason))
    monkeypatch.setattr(libreoffice, "soffice_available", lambda: "timed out" in reason)  # a timeout means it is there


@pytest.mark.parametrize("reason", ["soffice not found", "timed out after 120 s"])
def test_formulas_without_recalculation_are_a_laboratory_failure(tmp_path, monkeypatch, reason):
    ctx = _book(tmp_path, formula=True)
    _no_libreoffice(monkeypatch, reason)
    with pytest.raises(RecalculationUnavailable, match="recalculation unavailable"):
        ctx.read("book.xlsx")


def test_a_workbook_of_literals_needs_no_libreoffice(tmp_path, monkeypatch):
    ctx = _book(tmp_path, formula=False)
    _no_libreoffice(monkeypatch, "soffice not found")
    wb = ctx.read("book.xlsx")
    assert isinstance(wb, Workbook) and wb.recalculated
