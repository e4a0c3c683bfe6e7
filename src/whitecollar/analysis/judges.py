"""The judge panel's agreement, when the panel has run.

The blind judge panel (`whitecollar.judges`) writes `judges.csv` beside the
experiment database: agreement between judges (Krippendorff's ordinal
alpha) and with the deterministic receipt, per scenario and overall. The
analysis does not recompute any of it; it reports the file as the panel
wrote it, so that the two never disagree. A pilot built before the panel
existed simply has no such file: the table then says so instead of failing,
and the rest of the paper still builds.
"""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

JUDGES_CSV = "judges.csv"


@dataclass(frozen=True)
class JudgeAgreement:
    table: pd.DataFrame | None
    note: str
    #: judge-related tables found in the experiment database (for the record)
    database_tables: tuple[str, ...] = ()

    @property
    def present(self) -> bool:
        return self.table is not None and len(self.table) > 0


def judge_tables(db: Path) -> tuple[str, ...]:
    """Names of tables in the experiment database that hold judge outputs."""
    if not Path(db).is_file():
        return ()
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        names = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    finally:
        con.close()
    return tuple(sorted(n for n in names if "judge" in n.lower()))


def load_agreement(pilot_dir: str | Path) -> JudgeAgreement:
    pilot_dir = Path(pilot_dir)
    tables = judge_tables(pilot_dir / "experiment.sqlite")
    path = pilot_dir / JUDGES_CSV
    if not path.is_file():
        return JudgeAgreement(None, f"the judge panel's outputs are not in this build ({path.name} absent)", tables)
    table = pd.read_csv(path)
    if not len(table):
        return JudgeAgreement(None, f"{path.name} is empty: the panel scored no run", tables)
    return JudgeAgreement(table, f"from {path.name}, as written by the judge panel", tables)
