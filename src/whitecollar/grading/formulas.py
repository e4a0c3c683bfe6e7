"""What makes a delivered cell a live formula.

A brief that asks for live formulas wants the reader to follow the
computation: `=C4*D4` does that, `=354847.23` or `=1200*1.05` does not (a
typed result behind an equals sign). A formula is live when it references
another cell, a range, another sheet or a defined name.
"""

from __future__ import annotations

import re

from whitecollar.office.model import Cell

_STRING = re.compile(r'"(?:[^"]|"")*"')
_CELL = re.compile(
    r"(?<![A-Za-z0-9_.])(?:'[^']+'!|[A-Za-z_][\w. ]*!)?\$?[A-Za-z]{1,3}\$?[0-9]+(?![A-Za-z0-9_(])"
    r"|(?<![A-Za-z0-9_.])\$?[A-Za-z]{1,3}:\$?[A-Za-z]{1,3}(?![A-Za-z0-9_(])"  # whole columns A:C
    r"|(?<![A-Za-z0-9_.:])\$?[0-9]+:\$?[0-9]+(?![0-9])"  # whole rows 3:5
    r"|!"  # any sheet reference
)
_NAME = re.compile(r"(?<![A-Za-z0-9_.$])([A-Za-z_\\][A-Za-z0-9_.]*)(?![A-Za-z0-9_.]*\s*\()")
_NOT_NAMES = {"true", "false"}


def references_cells(formula: str | None) -> bool:
    """Whether a formula reads anything from the workbook (a cell, a range, a sheet or a defined name)."""
    if not formula:
        return False
    body = _STRING.sub('""', formula.lstrip("="))
    if _CELL.search(body):
        return True
    return any(m.group(1).casefold() not in _NOT_NAMES for m in _NAME.finditer(body))


def is_live(cell: Cell | None) -> bool:
    """A formula cell that references other cells (a constant formula is a typed value)."""
    return cell is not None and cell.formula is not None and references_cells(cell.formula)


def describe(cell: Cell | None) -> str:
    """How a cell holds its value, for receipts: live formula, constant formula, typed value or empty."""
    if cell is None or (cell.formula is None and cell.value in (None, "")):
        return "empty"
    if cell.formula is None:
        return f"typed value {cell.value!r}"
    if not references_cells(cell.formula):
        return f"constant formula {cell.formula}"
    return f"live formula {cell.formula}"


def cell_ref(sheet: str, row: int, col: int) -> str:
    """A1-style reference with its sheet, the form receipts quote."""
    letters = ""
    c = col
    while c > 0:
        c, rem = divmod(c - 1, 26)
        letters = chr(65 + rem) + letters
    name = f"'{sheet}'" if sheet and not re.fullmatch(r"\w+", sheet) else sheet
    return f"{name}!{letters}{row}" if name else f"{letters}{row}"
