"""Workbooks whose cached values lie, built on purpose: the recalculating reader must not believe them."""

import openpyxl
import pytest

from whitecollar import libreoffice
from whitecollar.office.xlsx import set_cached_values


def _book(path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Cash position"
    ws["A1"], ws["A2"], ws["B1"], ws["B2"] = 10, 20, "=A1+A2", "=A1*2"
    wb.create_sheet("Other")["A1"] = "=1+1"
    wb.save(path)
    return path


def test_cached_values_are_stored_and_never_believed(tmp_path):
    path = _book(tmp_path / "lie.xlsx")
    set_cached_values(path, "Cash position", {"B1": 99, "B2": "twenty"})
    cached = openpyxl.load_workbook(path, data_only=True)["Cash position"]
    assert cached["B1"].value == 99 and cached["B2"].value == "twenty"
    cell = libreoffice.read_workbook(path).sheets["Cash position"].cell(1, 2)
    assert cell.cached == 99 and cell.value == 30


def test_only_formula_cells_of_a_named_sheet(tmp_path):
    path = _book(tmp_path / "lie.xlsx")
    with pytest.raises(KeyError, match="no formula"):
        set_cached_values(path, "Cash position", {"A1": 5})
    with pytest.raises(KeyError, match="no sheet"):
        set_cached_values(path, "Missing", {"A1": 5})
