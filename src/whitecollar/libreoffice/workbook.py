"""A delivered workbook read with its formulas recalculated by LibreOffice: what evaluators and judges read.

The format reader (`whitecollar.office.xlsx_reader.read_xlsx`) never runs
a process; this hands it LibreOffice's recalculation (`recalc`), so a
formula is graded on the value a spreadsheet engine computes, never on the
value its writer cached.
"""

from __future__ import annotations

import os
from pathlib import Path

from whitecollar.libreoffice import recalc
from whitecollar.office.guard import DEFAULT_MAX_BYTES
from whitecollar.office.model import Failure, Workbook
from whitecollar.office.xlsx_reader import DEFAULT_MAX_CELLS, read_xlsx


def _recalculate(data: bytes, path: str, timeout_s: float) -> Path | Failure:
    return recalc.recalculate_bytes(data, path, timeout_s=timeout_s)


def read_workbook(
    path: str | os.PathLike,
    *,
    recalc: bool = True,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_cells: int = DEFAULT_MAX_CELLS,
    timeout_s: float = 120,
) -> Workbook | Failure:
    """The workbook with recalculated formula values (read_xlsx's contract), or without when `recalc` is off."""
    return read_xlsx(
        path,
        recalculate=_recalculate if recalc else None,
        max_bytes=max_bytes,
        max_cells=max_cells,
        timeout_s=timeout_s,
    )
