"""Shared builders for the grading-helper tests: model objects built in memory, no files."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from whitecollar.office.model import Cell, Sheet, Workbook


def _sheet(name: str, rows: Sequence[Sequence[Any]], top: int = 1, left: int = 1) -> Sheet:
    cells = {(top + r, left + c): Cell(v) for r, row in enumerate(rows) for c, v in enumerate(row) if v is not None}
    return Sheet(name, cells)


@pytest.fixture
def make_sheet() -> Callable[..., Sheet]:
    return _sheet


@pytest.fixture
def make_workbook() -> Callable[..., Workbook]:
    def build(**sheets: Sequence[Sequence[Any]]) -> Workbook:
        return Workbook(path="x.xlsx", sheets={n: _sheet(n, rows) for n, rows in sheets.items()}, recalculated=True)

    return build


@pytest.fixture(scope="session")
def huge_text() -> str:
    """About 5 MB of prose-like text with line breaks, numbers and punctuation."""
    unit = "Lorem ipsum 1,234.56 dolor re-confirmation sit amet; Inc. consectetur (12%) adipiscing\n"
    return unit * (5_000_000 // len(unit) + 1)


@pytest.fixture(scope="session")
def binary_text() -> str:
    """Binary-ish garbage decoded as text: control characters, NULs, replacement chars."""
    rnd = random.Random(1234)
    raw = bytes(rnd.randrange(256) for _ in range(40_000))
    return raw.decode("latin-1") + raw.decode("utf-8", errors="replace")


@pytest.fixture
def garbage_values() -> list[Any]:
    """Inputs an agent's output or a broken reader can produce; none may raise."""
    return [
        None,
        "",
        " ",
        "\n\n\t",
        "\x00\x01\x02",
        "\ufeff",
        "....",
        "-",
        "()",
        "%",
        "$",
        12,
        3.5,
        [],
        {},
        b"\xff\xfe",
    ]
