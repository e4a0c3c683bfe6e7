"""Finding figures and records in delivered tables, whatever their layout.

Correct work has been failed because a table was column-oriented where rows
were expected, because a figure sat in a column instead of a row, or
because a sensitivity grid was labelled "-1% / Base / +1%" instead of
carrying numeric headers. The helpers here locate data by its *labels*
(variant-tolerant) and accept both orientations, so a criterion states
what it needs ("the landed cost of Laurentides") and never where the agent
had to put it.

Inputs may be a model.Workbook (all sheets), a model.Sheet, a model.Table
(CSV), a model.Document (its tables) or a plain list of rows.
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from whitecollar.grading.formulas import cell_ref
from whitecollar.grading.numbers import parse_number
from whitecollar.grading.text.sections import heading_key
from whitecollar.grading.text.terms import Term, _as_terms, normalise, term_pattern
from whitecollar.office.model import Document, Sheet, Table, Workbook

Pos = tuple[int, int]

# --------------------------------------------------------------------------
# A uniform grid over every table-like input
# --------------------------------------------------------------------------


@dataclass
class _Grid:
    name: str
    values: dict[Pos, Any]  # non-empty cells only, 1-based (row, col); never mutated
    max_row: int = field(init=False)
    max_col: int = field(init=False)

    def __post_init__(self) -> None:
        self.max_row = max((r for r, _ in self.values), default=0)
        self.max_col = max((c for _, c in self.values), default=0)

    def get(self, r: int, c: int) -> Any:
        return self.values.get((r, c))


def _empty(v: Any) -> bool:
    if v is None:
        return True
    if isinstance(v, str):
        return not v.strip()
    return isinstance(v, float) and math.isnan(v)


def _from_rows(name: str, rows: Iterable[Sequence[Any]]) -> _Grid:
    vals: dict[Pos, Any] = {}
    for r, row in enumerate(rows, start=1):
        for c, v in enumerate(row or (), start=1):
            if not _empty(v):
                vals[(r, c)] = v
    return _Grid(name, vals)


def _grids(obj: Any, sheet: str | Sheet | None = None) -> list[_Grid]:
    if obj is None or obj is False:
        return []
    if isinstance(sheet, Sheet):
        return _grids(sheet)
    if isinstance(obj, Workbook):
        if sheet:
            sh = obj.sheet(sheet) or obj.find_sheet(sheet)
            return _grids(sh) if sh else []
        return [g for sh in obj.sheets.values() for g in _grids(sh)]
    if isinstance(obj, Sheet):
        return [_Grid(obj.name, {k: c.value for k, c in obj.cells.items() if c is not None and not _empty(c.value)})]
    if isinstance(obj, Table):
        return [_from_rows(obj.path, [obj.header, *obj.rows])]
    if isinstance(obj, Document):
        return [_from_rows(f"table {i + 1}", t) for i, t in enumerate(obj.tables)]
    if isinstance(obj, _Grid):
        return [obj]
    if isinstance(obj, (list, tuple)):
        return [_from_rows("rows", obj)]
    return []


def cell_text(v: Any) -> str:
    """A cell as a reader sees it: 2025.0 reads "2025", a date reads ISO."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return str(v)
    if isinstance(v, float):
        return str(int(v)) if v.is_integer() else repr(v)
    if isinstance(v, (_dt.datetime, _dt.date)):
        return v.isoformat()[:10]
    return str(v).strip()


def as_number(v: Any) -> float | None:
    """A cell's numeric value, accepting numbers stored as text ("1,234.50")."""
    if isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return None if isinstance(v, float) and not math.isfinite(v) else float(v)
    return parse_number(v) if isinstance(v, str) else None


_SQUASHED = re.compile(r"[\s\-_]+")
_BRACKETS = re.compile(r"[()\[\]]")


def _squash(s: str) -> str:
    return _SQUASHED.sub("", s)


@lru_cache(maxsize=65536)
def _wanted_label(term: str) -> str:
    """A term as an exact label must read, squashed (the same for every cell it is compared with).

    A cell's parenthetical is its unit and is dropped before comparing, but a
    term's parenthetical says which column it means ("Pro forma (as
    proposed)" against "Pro forma (counter-offer)"), so it is kept.
    """
    if "(" in term or "[" in term:
        return _squash(_unbracketed(term))
    return _squash(_label_key(term))


def _unbracketed(text: str) -> str:
    """The label with its brackets' characters dropped and their words kept."""
    return heading_key(_BRACKETS.sub(" ", text)).strip("*: ")


@lru_cache(maxsize=65536)
def _label_key(text: str) -> str:
    t = re.sub(r"\([^)]*\)|\[[^\]]*\]", " ", text)  # units: "Landed cost (CAD)"
    return heading_key(t).strip("*: ")


def _quality(text: str, terms: Sequence[Term]) -> int:
    """2 for an exact label, 1 when a term appears in it, 0 otherwise."""
    if not text or len(text) > 2000:
        return 0
    return _quality_cached(text, tuple(terms))


@lru_cache(maxsize=65536)
def _quality_cached(text: str, terms: tuple[Term, ...]) -> int:
    best = 0
    key = _squash(_label_key(text))
    folded = None  # the text normalised and squashed, once, when a term needs it
    for t in terms:
        if isinstance(t, re.Pattern):
            best = max(best, 1 if t.search(text) else 0)
            continue
        want = _wanted_label(str(t))
        if want and key != want and folded is None:
            folded = (_squash(normalise(text)), _squash(_unbracketed(text)))
        if want and (want == key or (folded is not None and want in folded)):
            return 2
        if term_pattern(t).search(text):
            best = 1
    return best


# --------------------------------------------------------------------------
# Cells
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class CellHit:
    """Where a term was found, for receipts that must say which cell satisfied a check."""

    sheet: str
    row: int
    col: int
    text: str


def find_cells(wb_or_sheet: Any, term: Term, *, sheet: str | None = None) -> list[CellHit]:
    """Every cell whose text contains the term in any spelling variant."""
    pat = term_pattern(term)
    hits = []
    for g in _grids(wb_or_sheet, sheet):
        for r, c in sorted(g.values):
            text = cell_text(g.values[(r, c)])
            if text and pat.search(text):
                hits.append(CellHit(g.name, r, c, text))
    return hits


# --------------------------------------------------------------------------
# Labelled values
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Lookup:
    """A value found next to its label, with where and how it was found (for receipts)."""

    value: Any
    sheet: str
    row: int
    col: int
    how: str  # "row": label left of value; "column": label above value
    label: str = ""
    raw: Any = None


_MAX_LABEL_CHARS = 100


def _accept(v: Any, numeric: bool) -> Any:
    if _empty(v):
        return None
    if numeric:
        return as_number(v)
    return v


def _headers(g: _Grid, terms: Sequence[Term]) -> list[tuple[int, Pos]]:
    out = []
    for pos, v in g.values.items():
        q = _quality(cell_text(v), terms)
        if q:
            out.append((q, pos))
    return out


def _row_lookup(g: _Grid, lab: Pos, selector: Sequence[Term] | None, numeric: bool) -> Lookup | None:
    r, c = lab
    if selector:
        heads = [(q, p) for q, p in _headers(g, selector) if p[0] < r and p[1] != c]
        for _, (_hr, hc) in sorted(heads, key=lambda x: (-x[0], r - x[1][0], x[1][1])):
            v = _accept(g.get(r, hc), numeric)
            if v is not None:
                return Lookup(v, g.name, r, hc, "row", raw=g.get(r, hc))
        return None
    for cc in range(c + 1, g.max_col + 1):
        v = _accept(g.get(r, cc), numeric)
        if v is not None:
            return Lookup(v, g.name, r, cc, "row", raw=g.get(r, cc))
    return None


def _col_lookup(g: _Grid, lab: Pos, selector: Sequence[Term] | None, numeric: bool) -> Lookup | None:
    r, c = lab
    if selector:
        keys = [(q, p) for q, p in _headers(g, selector) if p[0] > r and p[1] < c]
        for _, (kr, _kc) in sorted(keys, key=lambda x: (-x[0], x[1][0], x[1][1])):
            v = _accept(g.get(kr, c), numeric)
            if v is not None:
                return Lookup(v, g.name, kr, c, "column", raw=g.get(kr, c))
        return None
    for rr in range(r + 1, g.max_row + 1):
        raw = g.get(rr, c)
        if _empty(raw):
            continue
        v = _accept(raw, numeric)  # the first filled cell under a header is its value, or nothing
        return Lookup(v, g.name, rr, c, "column", raw=raw) if v is not None else None
    return None


def _label_cells(grids: list[_Grid], terms: Sequence[Term]) -> list[tuple[int, int, _Grid, Pos, str]]:
    found = []
    for gi, g in enumerate(grids):
        for pos in sorted(g.values):
            text = cell_text(g.values[pos])
            if not text or len(text) > _MAX_LABEL_CHARS:
                continue
            q = _quality(text, terms)
            if q:
                found.append((q, gi, g, pos, text))
    found.sort(key=lambda x: (-x[0], x[1], x[3][0], x[3][1]))
    return found


def labelled_value(
    wb: Any,
    label_terms: Term | Sequence[Term],
    *,
    sheet: str | Sheet | None = None,
    column_terms: Term | Sequence[Term] | None = None,
    row_terms: Term | Sequence[Term] | None = None,
    numeric: bool = True,
) -> Lookup | None:
    """The value a label designates, whether the table runs across or down.

    Row-oriented: the label is in a cell and the value to its right (the
    first numeric cell, or the cell under a header matching `column_terms`,
    so that "2025" or "pro forma" picks that column and not the first
    number). Column-oriented: the label heads a column and the value is
    below it (in the row whose key cell matches `row_terms` when given).
    When only one of `column_terms`/`row_terms` is given and the table turns
    out to be transposed, the same terms select across the other axis.
    Exact labels beat partial ones; numbers stored as text are accepted.
    """
    labels = _as_terms(label_terms)
    cols = _as_terms(column_terms) or None
    rows = _as_terms(row_terms) or None
    if not labels:
        return None
    plan: list[tuple[str, list[Term] | None]]
    if cols and not rows:
        plan = [("row", cols), ("column", cols)]
    elif rows and not cols:
        plan = [("column", rows), ("row", rows)]
    elif cols and rows:
        plan = [("row", cols), ("column", rows)]
    else:
        plan = [("row", None), ("column", None)]
    for _, _, g, pos, text in _label_cells(_grids(wb, sheet), labels):
        for how, selector in plan:
            fn: Callable[..., Lookup | None] = _row_lookup if how == "row" else _col_lookup
            hit = fn(g, pos, selector, numeric)
            if hit is not None:
                return Lookup(hit.value, hit.sheet, hit.row, hit.col, hit.how, text, hit.raw)
    return None


# --------------------------------------------------------------------------
# Record tables
# --------------------------------------------------------------------------

_TOTAL = re.compile(r"^\s*(?:grand\s+total|sub[\s-]*total|totals?|sum|overall)\b", re.IGNORECASE)
_HEADER_SCAN = 15


@dataclass
class RecordTable:
    """Records keyed by canonical field names, whichever way the table ran."""

    records: list[dict[str, Any]]
    orientation: str  # "rows" (one record per row) or "columns" (transposed)
    header_row: int | None  # the header row ("rows"), or the first labelled row ("columns")
    header_col: int | None = None  # the label column of a transposed table
    positions: dict[str, int] = field(default_factory=dict)  # field -> column (rows) / row (columns)
    missing: list[str] = field(default_factory=list)
    sheet: str = ""
    lines: list[int] = field(default_factory=list)  # per record: its row ("rows") or column ("columns")

    def position(self, index: int, fld: str) -> Pos | None:
        """(row, col) of one record's field in the source grid, for receipts and formula checks."""
        if fld not in self.positions or index >= len(self.lines):
            return None
        if self.orientation == "rows":
            return self.lines[index], self.positions[fld]
        return self.positions[fld], self.lines[index]

    def where(self, index: int, fld: str) -> str:
        """The A1 reference of a record's field ("Scoring!H4"), or the sheet alone when unknown."""
        pos = self.position(index, fld)
        if pos is None:
            return self.sheet
        return cell_ref(self.sheet, *pos)

    def index_of(self, record: Mapping[str, Any]) -> int | None:
        """The index of a record returned by this table (by identity)."""
        return next((i for i, r in enumerate(self.records) if r is record), None)


def _assign(cells: list[tuple[int, str]], headers: Mapping[str, Sequence[Term]]) -> tuple[dict[str, int], int]:
    """Greedy one-to-one assignment of fields to header cells, exact matches first."""
    cand = []
    for order, (key, syns) in enumerate(headers.items()):
        for idx, text in cells:
            q = _quality(text, syns)
            if q:
                cand.append((-q, order, idx, key))
    cand.sort()
    taken: set[int] = set()
    out: dict[str, int] = {}
    score = 0
    for negq, _, idx, key in cand:
        if key in out or idx in taken:
            continue
        out[key] = idx
        taken.add(idx)
        score -= negq
    return out, score


def _repeats_header(rec: Mapping[str, Any], headers: Mapping[str, Sequence[Term]]) -> bool:
    """A row that repeats the header: enough fields holding exactly their own column's label.

    Only exact labels count, each in its own column: a data row that merely
    mentions a header word ("Profilés Outaouais, approved vendor" | "Award")
    is data, not a header.
    """
    exact = sum(1 for k, v in rec.items() if _quality(cell_text(v), headers[k]) == 2)
    return exact >= max(2, _needed(len(headers)))


def _needed(n: int) -> int:
    return n if n <= 2 else n // 2 + 1


def _best_line(g: _Grid, headers: Mapping[str, Sequence[Term]], axis: str) -> tuple[int, dict[str, int], int] | None:
    lines = sorted({(r if axis == "rows" else c) for r, c in g.values})[:_HEADER_SCAN]
    best = None
    for line in lines:
        if axis == "rows":
            cells = [(c, cell_text(v)) for (r, c), v in g.values.items() if r == line]
        else:
            cells = [(r, cell_text(v)) for (r, c), v in g.values.items() if c == line]
        mapping, score = _assign(cells, headers)
        if len(mapping) < _needed(len(headers)):
            continue
        key = (len(mapping), score)
        if best is None or key > best[0]:
            best = (key, line, mapping)
    return None if best is None else (best[1], best[2], best[0][1])


def _is_total(values: Iterable[Any]) -> bool:
    return any(isinstance(v, str) and _TOTAL.match(v) for v in values if not _empty(v))


def _row_records(
    g: _Grid,
    hr: int,
    mapping: dict[str, int],
    headers: Mapping[str, Sequence[Term]],
    include_totals: bool,
    lines: list[int] | None = None,
) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    blanks = 0
    lines = [] if lines is None else lines
    first_key = next(iter(headers))
    for r in range(hr + 1, g.max_row + 1):
        row_vals = [g.get(r, c) for c in range(1, g.max_col + 1)]
        if all(_empty(v) for v in row_vals):
            blanks += 1
            if blanks >= 2 and records:
                break
            continue
        blanks = 0
        key_cells = [g.get(r, mapping[first_key])] if first_key in mapping else []
        key_cells.append(next((v for v in row_vals if not _empty(v)), None))
        if not include_totals and _is_total(key_cells):
            continue
        rec = {k: (g.get(r, mapping[k]) if k in mapping else None) for k in headers}
        if all(_empty(v) for v in rec.values()):
            continue
        if _repeats_header(rec, headers):
            continue  # a repeated header row
        records.append(rec)
        lines.append(r)
    return records


def _col_records(
    g: _Grid,
    hc: int,
    mapping: dict[str, int],
    headers: Mapping[str, Sequence[Term]],
    include_totals: bool,
    lines: list[int] | None = None,
) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    blanks = 0
    lines = [] if lines is None else lines
    top = min(mapping.values())
    first_key = next(iter(headers))
    for c in range(hc + 1, g.max_col + 1):
        rec = {k: (g.get(mapping[k], c) if k in mapping else None) for k in headers}
        if all(_empty(v) for v in rec.values()):
            blanks += 1
            if blanks >= 2 and records:
                break
            continue
        blanks = 0
        key_cells = [g.get(r, c) for r in range(1, top)]
        if first_key in mapping:
            key_cells.append(g.get(mapping[first_key], c))
        if not include_totals and _is_total(key_cells):
            continue
        records.append(rec)
        lines.append(c)
    return records


def extract_table(
    sheet_or_table: Any,
    required_headers: Mapping[str, Sequence[Term]],
    *,
    include_totals: bool = False,
) -> RecordTable | None:
    """Records from the table that carries the required headers, in either orientation.

    The header row is any of the first 15 rows holding most of the required
    headers (in any order and spelling); a transposed table (labels down a
    column, one record per column) yields the same records. Blank rows and
    Total/Sum rows are skipped, so criteria see only the entities. Fields
    whose header was not found are present with None and listed in
    `missing`. For a Workbook, the first sheet holding the table is used.
    """
    headers = {k: [k, *_as_terms(v)] for k, v in (required_headers or {}).items()}
    if not headers:
        return None
    for g in _grids(sheet_or_table):
        found = _extract_from_grid(g, headers, include_totals)
        if found is not None:
            return found
    return None


def _implicit_key(g: _Grid, mapping: dict[str, int], first_key: str, header: int, axis: str) -> dict[str, int]:
    """Use the unlabelled line before the fields as the key when the key header is missing.

    Tables often leave the corner blank ("| Unit price | Lead time" over
    supplier names); the entity names are still the records' keys.
    """
    if first_key in mapping or not mapping:
        return mapping
    line = min(mapping.values()) - 1
    corner = g.get(header, line) if axis == "rows" else g.get(line, header)
    if line < 1 or not _empty(corner):
        return mapping
    if axis == "rows":
        has_data = any(c == line and r > header for r, c in g.values)
    else:
        has_data = any(r == line and c > header for r, c in g.values)
    return {first_key: line, **mapping} if has_data else mapping


def _extract_from_grid(g: _Grid, headers: dict[str, list[Term]], include_totals: bool) -> RecordTable | None:
    by_row = _best_line(g, headers, "rows")
    by_col = _best_line(g, headers, "columns")
    if by_row is None and by_col is None:
        return None
    use_rows = by_col is None or (by_row is not None and (len(by_row[1]), by_row[2]) >= (len(by_col[1]), by_col[2]))
    first_key = next(iter(headers))
    if use_rows:
        hr, mapping, _ = by_row  # type: ignore[misc]
        mapping = _implicit_key(g, mapping, first_key, hr, "rows")
        lines: list[int] = []
        recs = _row_records(g, hr, mapping, headers, include_totals, lines)
        return RecordTable(
            recs, "rows", hr, None, dict(mapping), [k for k in headers if k not in mapping], g.name, lines
        )
    hc, mapping, _ = by_col  # type: ignore[misc]
    mapping = _implicit_key(g, mapping, first_key, hc, "columns")
    lines = []
    recs = _col_records(g, hc, mapping, headers, include_totals, lines)
    return RecordTable(
        recs,
        "columns",
        min(mapping.values()),
        hc,
        dict(mapping),
        [k for k in headers if k not in mapping],
        g.name,
        lines,
    )


# --------------------------------------------------------------------------
# Order-agnostic access to records
# --------------------------------------------------------------------------


def records_by(
    records: Iterable[Mapping[str, Any]],
    key_field: str,
    normaliser: Callable[[Any], str] = normalise,
) -> dict[str, dict[str, Any]]:
    """Records keyed by their normalised key, so no criterion depends on row order.

    The first record wins when two share a key.
    """
    out: dict[str, dict[str, Any]] = {}
    for rec in records:
        key = normaliser(cell_text(rec.get(key_field)))
        if key and key not in out:
            out[key] = dict(rec)
    return out


def record_for(records: Iterable[Mapping[str, Any]], key_field: str, term: Term) -> dict[str, Any] | None:
    """The record whose key names the entity ("Laurentides" finds "Extrusions Laurentides Inc.").

    An exact key beats a partial one; None when no record names it.
    """
    best: tuple[int, dict[str, Any]] | None = None
    for rec in records:
        q = _quality(cell_text(rec.get(key_field)), [term])
        if q and (best is None or q > best[0]):
            best = (q, dict(rec))
    return None if best is None else best[1]


def column_values(records: Iterable[Mapping[str, Any]], fld: str, *, numeric: bool = True) -> list[Any]:
    """One field across records (numbers parsed when `numeric`)."""
    return [as_number(r.get(fld)) if numeric else r.get(fld) for r in records]


# --------------------------------------------------------------------------
# Numeric grids (sensitivity tables)
# --------------------------------------------------------------------------


@dataclass
class Grid:
    """A block of figures with whatever labels sit on its edges."""

    values: list[list[float]]
    sheet: str
    top: int
    left: int
    row_labels: list[Any]
    col_labels: list[Any]

    def value_at(self, row_label: Any, col_label: Any) -> float | None:
        """The figure at the crossing of two labels ("Base", "+1%", 0.01...)."""
        ri = _label_index(self.row_labels, row_label)
        ci = _label_index(self.col_labels, col_label)
        if ri is None or ci is None:
            return None
        return self.values[ri][ci]


def _label_index(labels: list[Any], want: Any) -> int | None:
    w = normalise(cell_text(want)).replace(" ", "").replace("\u2212", "-")
    for i, lab in enumerate(labels):
        if normalise(cell_text(lab)).replace(" ", "").replace("\u2212", "-") == w:
            return i
    if isinstance(want, str) and re.search(r"[a-z]", w):
        for i, lab in enumerate(labels):
            if term_pattern(want).search(cell_text(lab)):
                return i
    return None


_RELATIVE = re.compile(r"^\s*(?:[-+\u2212\u2013±]|base\b|baseline\b|base\s*case\b)|%", re.IGNORECASE)


def _grid_number(v: Any) -> float | None:
    if isinstance(v, str) and _RELATIVE.search(v):
        return None  # "-1%", "Base", "+10%": axis labels, never data
    return as_number(v)


def _largest_rectangle(cells: set[Pos]) -> tuple[int, int, int, int] | None:
    """Largest all-numeric rectangle (top, left, bottom, right) in a set of cells."""
    if not cells:
        return None
    r0, r1 = min(r for r, _ in cells), max(r for r, _ in cells)
    c0, c1 = min(c for _, c in cells), max(c for _, c in cells)
    n = c1 - c0 + 1
    heights = [0] * n
    best, best_area = None, 0
    for r in range(r0, r1 + 1):
        for j in range(n):
            heights[j] = heights[j] + 1 if (r, c0 + j) in cells else 0
        stack: list[tuple[int, int]] = []  # (start column index, height)
        for j in range(n + 1):
            h = heights[j] if j < n else 0
            start = j
            while stack and stack[-1][1] >= h:
                idx, height = stack.pop()
                area = height * (j - idx)
                if area > best_area:
                    best_area, best = area, (r - height + 1, c0 + idx, r, c0 + j - 1)
                start = idx
            stack.append((start, h))
    return best


def _components(cells: set[Pos]) -> list[set[Pos]]:
    seen: set[Pos] = set()
    comps = []
    for start in sorted(cells):
        if start in seen:
            continue
        comp, todo = set(), [start]
        seen.add(start)
        while todo:
            r, c = todo.pop()
            comp.add((r, c))
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in cells and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        comps.append(comp)
    return comps


def _strip_numeric_axes(rect: tuple[int, int, int, int], nums: set[Pos]) -> tuple[int, int, int, int]:
    """Drop a numeric header row/column when the corner cell is empty (a classic data table)."""
    t, left, b, r = rect
    if b > t and (t, left - 1) not in nums and all((rr, left - 1) in nums for rr in range(t + 1, b + 1)):
        return t + 1, left, b, r  # top row is the column axis, column left-1 the row axis
    if r > left and (t - 1, left) not in nums and all((t - 1, cc) in nums for cc in range(left + 1, r + 1)):
        return t, left + 1, b, r  # left column is the row axis, row t-1 the column axis
    return rect


def _edge_label(g: _Grid, r: int, c: int, dr: int, dc: int, limit: int = 3) -> Any:
    for k in range(1, limit + 1):
        v = g.get(r + dr * k, c + dc * k)
        if not _empty(v):
            return v
    return None


def _grid_from_rect(g: _Grid, rect: tuple[int, int, int, int], nums: dict[Pos, float]) -> Grid:
    t, left, b, r = rect
    values = [[nums[(rr, cc)] for cc in range(left, r + 1)] for rr in range(t, b + 1)]
    row_labels = [_edge_label(g, rr, left, 0, -1) for rr in range(t, b + 1)]
    col_labels = [_edge_label(g, t, cc, -1, 0) for cc in range(left, r + 1)]
    return Grid(values, g.name, t, left, row_labels, col_labels)


def _distance(rect: tuple[int, int, int, int], p: Pos) -> int:
    t, left, b, r = rect
    pr, pc = p
    dr = 0 if t <= pr <= b else (t - pr if pr < t else (pr - b) * 3)
    dc = 0 if left <= pc <= r else (left - pc if pc < left else (pc - r) * 3)
    return dr + dc


def find_grid(
    sheet: Any, row_label_terms: Term | Sequence[Term] | None = None, *, min_rows: int = 1, min_cols: int = 2
) -> Grid | None:
    """The block of figures in a sheet, with its edge labels, even when the axes are relative.

    Axis labels such as "-1%", "Base", "+1%" are text and never mistaken for
    data; numeric axes around an empty corner are detected and removed. With
    `row_label_terms`, the block nearest a cell matching them (below or to
    the right) is chosen; otherwise the largest.
    """
    grids = _grids(sheet)
    best: tuple[tuple[int, int], Grid] | None = None
    labels = _as_terms(row_label_terms)
    for g in grids:
        nums = {p: n for p, v in g.values.items() if (n := _grid_number(v)) is not None}
        anchors = _headers(g, labels) if labels else []
        if labels and not anchors:
            continue
        num_cells = set(nums)
        for comp in _components(num_cells):
            rect = _largest_rectangle(comp)
            if rect is None:
                continue
            rect = _strip_numeric_axes(rect, num_cells)
            t, left, b, r = rect
            if b - t + 1 < min_rows or r - left + 1 < min_cols:
                continue
            area = (b - t + 1) * (r - left + 1)
            dist = min((_distance(rect, p) for _, p in anchors), default=0)
            key = (-dist, area)
            if best is None or key > best[0]:
                best = (key, _grid_from_rect(g, rect, nums))
    return None if best is None else best[1]


def grid_values(sheet: Any, row_label_terms: Term | Sequence[Term] | None = None) -> list[list[float]]:
    """The figures of a sensitivity-style grid as rows of floats; [] when there is none."""
    found = find_grid(sheet, row_label_terms)
    return [] if found is None else found.values
