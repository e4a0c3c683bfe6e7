"""Reading a delivered .xlsx into model.Workbook, never raising.

Formula cells are graded on recalculated values, never on the cached ones
the file carries: the reader is handed the recalculation to use
(`whitecollar.libreoffice.read_workbook` hands it LibreOffice's), and
without one a formula's value is None. Sheets are streamed cell by cell with
openpyxl's worksheet parser in read-only mode: `iter_rows` would pad every
gap with empty cells (a single value in XFD1048576 means 17 billion of
them) and trusts the <dimension> element, which a hand-made file can get
wrong. This uses openpyxl internals (WorkSheetParser and the read-only
worksheet's source), which is why openpyxl is pinned; the tests exercise
this path.
"""

from __future__ import annotations

import io
import os
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

from whitecollar.office.guard import DEFAULT_MAX_BYTES, read_guarded
from whitecollar.office.model import Cell, Failure, Sheet, Workbook
from whitecollar.office.zipcheck import validate_xlsx

#: a recalculation: the workbook's bytes and path, a time limit -> the recalculated copy, or why not
Recalculation = Callable[[bytes, str, float], "Path | Failure"]

DEFAULT_MAX_CELLS = 200_000

Grid = dict[tuple[int, int], Any]


class _Truncated(Exception):
    pass


def _load(data: bytes, *, data_only: bool, max_cells: int) -> tuple[list[tuple[str, Grid]], bool]:
    """Sheets as (title, {(row, col): raw value}) and whether the cap was hit."""
    return _load_passes(data, (data_only,), max_cells)[0]


def _load_passes(data: bytes, passes: tuple[bool, ...], max_cells: int) -> list[tuple[list[tuple[str, Grid]], bool]]:
    """`_load` for each data_only flag of `passes`, from one opening of the package.

    Opening a workbook (styles, shared strings, sheet list) costs about as
    much as reading its cells, and the flag only changes how cells are read.
    """
    import openpyxl

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "extension not supported" and the like
        wb = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=passes[0], keep_links=False)
        try:
            return [_read_sheets(wb, data_only, max_cells) for data_only in passes]
        finally:
            wb.close()


def _read_sheets(wb: Any, data_only: bool, max_cells: int) -> tuple[list[tuple[str, Grid]], bool]:
    """One pass over an opened workbook's worksheets, formulas or stored values (`data_only`)."""
    from openpyxl.worksheet._read_only import ReadOnlyWorksheet
    from openpyxl.worksheet._reader import WorkSheetParser

    sheets: list[tuple[str, Grid]] = []
    count, truncated = 0, False
    for ws in wb.worksheets:
        if not isinstance(ws, ReadOnlyWorksheet):
            continue
        grid: Grid = {}
        sheets.append((ws.title, grid))
        with ws._get_source() as src:
            parser = WorkSheetParser(
                src,
                ws._shared_strings,
                data_only=data_only,
                epoch=wb.epoch,
                date_formats=wb._date_formats,
                timedelta_formats=wb._timedelta_formats,
            )
            try:
                for _, row in parser.parse():
                    for c in row:
                        if c["value"] is None:
                            continue
                        count += 1
                        if count > max_cells:
                            raise _Truncated
                        grid[(c["row"], c["column"])] = c["value"]
            except _Truncated:
                truncated = True
        if truncated:
            break
    return sheets, truncated


def _formula_text(raw: Any) -> str | None:
    """ "=..." for a formula cell, None for a literal."""
    if isinstance(raw, str):
        return raw if raw.startswith("=") else None
    text = getattr(raw, "text", None)  # ArrayFormula
    if isinstance(text, str):
        return text if text.startswith("=") else f"={text}"
    if type(raw).__name__ == "DataTableFormula":
        return "=TABLE()"
    return None


def _array_ranges(grid: Grid) -> list[tuple[tuple[int, int, int, int], str]]:
    """(min_row, min_col, max_row, max_col) and formula of each array formula:
    only its anchor cell holds the <f>, the others look like literals."""
    from openpyxl.utils.cell import range_boundaries

    out = []
    for raw in grid.values():
        ref, text = getattr(raw, "ref", None), getattr(raw, "text", None)
        if ref and isinstance(text, str):
            try:
                min_col, min_row, max_col, max_row = range_boundaries(ref)
            except Exception:  # noqa: BLE001 - a malformed ref is just ignored
                continue
            out.append(((min_row, min_col, max_row, max_col), _formula_text(raw) or text))
    return out


def _recalculation(
    data: bytes,
    p: str,
    recalculate: Recalculation | None,
    has_formulas: bool,
    timeout_s: float,
    max_cells: int,
) -> tuple[bool, dict[str, Grid] | None, list[str]]:
    """(recalculated, the recalculated grids by sheet, notes): whether formula values can be trusted, and why not."""
    if not has_formulas:
        return True, None, ["no formulas to recalculate"]
    if recalculate is None:
        return False, None, ["recalculation not requested; formula values are None"]
    result = recalculate(data, p, timeout_s)
    if isinstance(result, Failure):
        return False, None, [f"recalculation failed: {result.reason}; formula values are None"]
    try:
        loaded, _ = _load(result.read_bytes(), data_only=True, max_cells=max_cells * 2)
    except Exception as exc:  # noqa: BLE001
        return False, None, [f"recalculated file unreadable ({type(exc).__name__}: {exc}); formula values are None"]
    return True, dict(loaded), ["recalculated with LibreOffice"]


def _sheet(
    title: str, grid: Grid, stored: Grid, fresh: Grid | None, arrays: list[tuple[tuple[int, int, int, int], str]]
) -> Sheet:
    """A sheet's cells: a literal as written, a formula (or a cell of an array formula) with its recalculated value."""
    sheet = Sheet(name=title)
    in_array: dict[tuple[int, int], str] = {}
    for (r0, c0, r1, c1), text in arrays:
        for r in range(r0, min(r1, r0 + 10_000) + 1):
            for c in range(c0, min(c1, c0 + 1_000) + 1):
                in_array[(r, c)] = text
    for key, raw in grid.items():
        formula = _formula_text(raw) or in_array.get(key)
        if formula is None:
            sheet.cells[key] = Cell(value=raw, formula=None, cached=raw)
        else:
            value = None if fresh is None else fresh.get(key)
            sheet.cells[key] = Cell(value=value, formula=formula, cached=stored.get(key))
    return sheet


def read_xlsx(
    path: str | os.PathLike,
    *,
    recalculate: Recalculation | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_cells: int = DEFAULT_MAX_CELLS,
    timeout_s: float = 120,
) -> Workbook | Failure:
    """A delivered workbook with recalculated formula values, or why not.

    When recalculation is not requested, unavailable or fails, the workbook
    is still returned (literals are gradable) with recalculated=False, the
    reason in recalc_note and value=None for every formula cell: a cached
    value is never passed off as a computed one.
    """
    p = str(path)
    data = read_guarded(path, max_bytes)
    if isinstance(data, Failure):
        return data
    invalid = validate_xlsx(data, p)
    if invalid is not None:
        return invalid
    try:
        (formulas, truncated), (cached, _) = _load_passes(data, (False, True), max_cells)
    except Exception as exc:  # noqa: BLE001 - a reader never raises
        return Failure(p, f"unreadable xlsx workbook ({type(exc).__name__}: {exc})")
    cached_by_title = dict(cached)

    arrays = {title: _array_ranges(grid) for title, grid in formulas}
    has_formulas = any(_formula_text(v) is not None for _, g in formulas for v in g.values())
    recalculated, recalculated_grids, notes = _recalculation(data, p, recalculate, has_formulas, timeout_s, max_cells)
    if truncated:
        notes.append(f"truncated: only the first {max_cells} non-empty cells were read")

    sheets: dict[str, Sheet] = {}
    missing_sheets = []
    for title, grid in formulas:
        fresh = None if recalculated_grids is None else recalculated_grids.get(title)
        if recalculated_grids is not None and fresh is None:
            missing_sheets.append(title)
        sheets[title] = _sheet(title, grid, cached_by_title.get(title, {}), fresh, arrays[title])
    if missing_sheets:
        notes.append(f"sheets missing after recalculation: {missing_sheets}")
    return Workbook(path=p, sheets=sheets, recalculated=recalculated, recalc_note="; ".join(notes))
