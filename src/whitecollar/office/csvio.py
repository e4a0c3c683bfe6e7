"""Reproducible CSV files.

UTF-8 without BOM and "\n" line ends, so the bytes do not depend on the
platform's newline convention or on a spreadsheet program's habits.
Values are written as given (numbers via str()), because a CSV given to an
agent is part of the assignment: the generator decides whether 1234.5 is
"1234.5" or "1,234.50", not this module.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from whitecollar.atomic import write_bytes, write_text


def csv_text(header: Sequence[Any], rows: Iterable[Sequence[Any]], *, delimiter: str = ",") -> str:
    """The text `write_csv` writes. None becomes an empty field."""
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter=delimiter, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow(["" if v is None else str(v) for v in header])
    for row in rows:
        writer.writerow(["" if v is None else str(v) for v in row])
    return buf.getvalue()


def write_csv(
    path: str | os.PathLike,
    header: Sequence[Any],
    rows: Iterable[Sequence[Any]],
    *,
    delimiter: str = ",",
) -> Path:
    return write_bytes(path, csv_text(header, rows, delimiter=delimiter).encode("utf-8"))


def write_dict_csv(path: str | os.PathLike, fields: Sequence[str], rows: Iterable[dict[str, Any]]) -> None:
    """Rows given as dicts, in the order of `fields`; a field a row lacks is empty, one it adds is an error."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(fields), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    write_text(path, buf.getvalue())
