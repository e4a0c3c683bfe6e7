"""Plain data returned by the tolerant readers.

Evaluators never see a library object (openpyxl, python-docx, pdfplumber):
they see these small structures, so that a reader can change its engine
without touching any evaluator, and so that a garbage file is a value
(`Failure`) rather than an exception escaping into grading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Failure:
    """A file that could not be read, with the reason a receipt will quote.

    Falsy, so `if not result:` is the one test an evaluator needs.
    """

    path: str
    reason: str

    def __bool__(self) -> bool:
        return False

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}"


@dataclass
class Cell:
    """One workbook cell.

    `value` is what grading uses: for a formula cell, the value obtained by
    recalculating the workbook (never the cached value stored by whoever
    saved the file), or None when no recalculation was possible; for a
    literal cell, the literal. `cached` keeps the stored value for diagnosis.
    """

    value: Any
    formula: str | None = None
    cached: Any = None

    @property
    def is_formula(self) -> bool:
        return self.formula is not None


def _norm_name(name: str) -> str:
    return re.sub(r"[\s_\-]+", " ", name).strip().casefold()


@dataclass
class Sheet:
    name: str
    cells: dict[tuple[int, int], Cell] = field(default_factory=dict)

    @property
    def max_row(self) -> int:
        return max((r for r, _ in self.cells), default=0)

    @property
    def max_col(self) -> int:
        return max((c for _, c in self.cells), default=0)

    def cell(self, row: int, col: int) -> Cell | None:
        return self.cells.get((row, col))

    def value(self, row: int, col: int) -> Any:
        c = self.cells.get((row, col))
        return None if c is None else c.value

    def rows(self) -> list[list[Any]]:
        """Values as a dense grid (1-based cells map to 0-based lists)."""
        return [[self.value(r, c) for c in range(1, self.max_col + 1)] for r in range(1, self.max_row + 1)]

    def formula_cells(self) -> list[tuple[int, int]]:
        return sorted(k for k, c in self.cells.items() if c.is_formula)


@dataclass
class Workbook:
    path: str
    sheets: dict[str, Sheet]
    recalculated: bool
    recalc_note: str = ""

    def __bool__(self) -> bool:
        return True

    def sheet(self, name: str) -> Sheet | None:
        """Sheet by name, tolerant of case, spaces, hyphens and underscores."""
        if name in self.sheets:
            return self.sheets[name]
        want = _norm_name(name)
        for key, sheet in self.sheets.items():
            if _norm_name(key) == want:
                return sheet
        return None

    def find_sheet(self, *keywords: str) -> Sheet | None:
        """First sheet whose normalised name contains any keyword."""
        for kw in keywords:
            k = _norm_name(kw)
            for key, sheet in self.sheets.items():
                if k in _norm_name(key):
                    return sheet
        return None


@dataclass
class Paragraph:
    text: str
    style: str = ""
    heading_level: int | None = None  # 1..9 for headings, None for body text


@dataclass
class Document:
    """A .docx as paragraphs (in order, headings marked) and tables."""

    path: str
    paragraphs: list[Paragraph]
    tables: list[list[list[str]]]

    def __bool__(self) -> bool:
        return True

    @property
    def headings(self) -> list[Paragraph]:
        return [p for p in self.paragraphs if p.heading_level is not None]

    @property
    def text(self) -> str:
        """Body paragraphs then tables (one row per line, cells tab-separated)."""
        parts = [p.text for p in self.paragraphs]
        for table in self.tables:
            parts.extend("\t".join(row) for row in table)
        return "\n".join(parts)

    def word_count(self) -> int:
        return len(re.findall(r"\b[\w'’-]+\b", self.text))

    def sections(self) -> list[tuple[str, str]]:
        """(heading, body text) pairs; text before the first heading is ('', ...)."""
        out: list[tuple[str, list[str]]] = [("", [])]
        for p in self.paragraphs:
            if p.heading_level is not None:
                out.append((p.text, []))
            else:
                out[-1][1].append(p.text)
        return [(h, "\n".join(body)) for h, body in out if h or any(body)]


@dataclass
class PdfText:
    path: str
    pages: list[str]

    def __bool__(self) -> bool:
        return True

    @property
    def text(self) -> str:
        return "\n".join(self.pages)


@dataclass
class Table:
    """A CSV file: header row and data rows, as strings."""

    path: str
    header: list[str]
    rows: list[list[str]]

    def __bool__(self) -> bool:
        return True

    def records(self) -> list[dict[str, str]]:
        return [dict(zip(self.header, row)) for row in self.rows]
