"""The paper's table of amendments, read from the protocol's own file."""

from __future__ import annotations

from pathlib import Path

from whitecollar.analysis.paper_tables import Column, Table
from whitecollar.freeze.protocol import load_amendments


def amendments_table(amendments_csv: Path) -> Table:
    """Every amendment to the design, as benchmark/protocol/amendments.csv records it."""
    rows = load_amendments(amendments_csv)
    return Table(
        "table_amendments",
        "Amendments to the study's design, recorded before the freeze",
        "tab:amendments",
        [
            Column("id", "Id"),
            Column("date", "Adopted"),
            Column("section", "Section", "p{2.2cm}"),
            Column("change", "Change", "p{5.4cm}"),
            Column("reason", "Reason", "p{4.6cm}"),
        ],
        [dict(r) for r in rows],
        [dict(r) for r in rows],
        notes=f"{len(rows)} amendment(s). Source: benchmark/protocol/amendments.csv, whose SHA-256 the freeze "
        "manifest records with the analysis plan, the rubrics, the judges' prompt and panel, and the study design.",
        size="footnotesize",
    )
