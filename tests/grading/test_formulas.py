"""A live formula references cells; a constant formula is a typed value."""

import pytest

from whitecollar.grading.formulas import cell_ref, describe, is_live, references_cells
from whitecollar.office.model import Cell


@pytest.mark.parametrize(
    "formula",
    [
        "=C4*D4",
        "=SUM(B2:B9)",
        "=Sheet2!A1",
        "='Scoring sheet'!B3",
        "=ROUND(B4*1.35,2)",
        "=$B$4*$C$2",
        "=A:A",
        "=SUM(3:5)",
        "=Rate*Qty",
        '=IF(B2>0,"x","y")',
        "=VLOOKUP(A2,Rates!A:B,2,FALSE)",
        "=Normalisation!H5/Normalisation!H$9*40",
    ],
)
def test_live(formula):
    assert references_cells(formula)
    assert is_live(Cell(1.0, formula))


@pytest.mark.parametrize(
    "formula",
    [
        "=354847.23",
        "=1200*1.05",
        "=SUM(1,2)",
        "=PI()*2",
        "=TRUE",
        '="A1"',
        "=1E+3*2",
        "=ROUND(1234.567,2)",
        "",
    ],
)
def test_constant_formulas_are_typed_values(formula):
    assert not references_cells(formula)
    assert not is_live(Cell(1.0, formula or None))


def test_describe():
    assert describe(None) == "empty"
    assert describe(Cell(5)) == "typed value 5"
    assert describe(Cell(5, "=2+3")).startswith("constant formula")
    assert describe(Cell(5, "=A1+A2")).startswith("live formula")


def test_cell_ref():
    assert cell_ref("Scoring", 4, 8) == "Scoring!H4"
    assert cell_ref("Cash position", 1, 27) == "'Cash position'!AA1"
    assert cell_ref("", 2, 1) == "A2"
