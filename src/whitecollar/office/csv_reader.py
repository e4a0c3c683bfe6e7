"""Reading a delivered CSV into model.Table, never raising.

Agents save CSV with commas, or semicolons when a French locale is
involved (decimal commas), sometimes tabs or pipes; with or without a BOM;
with rows of unequal length. The delimiter is chosen by consistency of the
field count over the first lines rather than by csv.Sniffer, which guesses
letters as delimiters on short files.
"""

from __future__ import annotations

import csv
import io
import os
from collections import Counter

from whitecollar.office.guard import DEFAULT_MAX_BYTES
from whitecollar.office.model import Failure, Table
from whitecollar.office.text_reader import read_text

DELIMITERS = (",", ";", "\t", "|")
_SAMPLE_LINES = 50


def sniff_delimiter(text: str) -> str:
    """The candidate giving the most lines with the same (>1) field count;
    ties go to the earlier candidate (comma first)."""
    sample = "\n".join(text.split("\n")[:_SAMPLE_LINES])
    best, best_score = ",", (0, 0)
    for delim in DELIMITERS:
        try:
            counts = [len(r) for r in csv.reader(io.StringIO(sample), delimiter=delim) if r]
        except csv.Error:
            continue
        multi = [n for n in counts if n > 1]
        if not multi:
            continue
        width, agreeing = Counter(multi).most_common(1)[0]
        score = (agreeing, width)
        if score > best_score:
            best, best_score = delim, score
    return best


def read_csv(path: str | os.PathLike, *, max_bytes: int = DEFAULT_MAX_BYTES) -> Table | Failure:
    """Header (cells stripped) and rows padded to a common width with ""."""
    p = str(path)
    text = read_text(path, max_bytes)
    if isinstance(text, Failure):
        return text
    try:
        delim = sniff_delimiter(text)
        csv.field_size_limit(max(csv.field_size_limit(), max_bytes))
        rows = [r for r in csv.reader(io.StringIO(text), delimiter=delim) if r]
    except Exception as exc:  # noqa: BLE001 - a reader never raises
        return Failure(p, f"malformed CSV ({type(exc).__name__}: {exc})")
    if not rows:
        return Failure(p, "CSV has no rows (only blank lines)")
    width = max(len(r) for r in rows)
    padded = [r + [""] * (width - len(r)) for r in rows]
    return Table(path=p, header=[c.strip() for c in padded[0]], rows=padded[1:])
