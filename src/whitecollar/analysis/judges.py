"""The judge panel's agreement, when the panel has run.

The blind judge panel (`whitecollar.judges`) writes `judges.csv` beside the
experiment database: agreement between judges (Krippendorff's ordinal
alpha) and with the deterministic receipt, per scenario and overall. The
analysis does not recompute any of it; it reports the file as the panel
wrote it, so that the two never disagree. A pilot built before the panel
existed simply has no such file: the table then says so instead of failing,
and the rest of the paper still builds.

What the file does not hold is the view by arm (judges never see the arm,
so the panel cannot break its agreement down by it): `by_arm` reads the
`judgements` table of the experiment database and sets each arm's mean
judge score beside its mean receipt score.
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
    #: per arm: judged runs, judgements, failed ones, mean judge and receipt scores (None without judgements)
    arms: pd.DataFrame | None = None

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


def by_arm(db: Path, tables: tuple[str, ...] | None = None) -> pd.DataFrame | None:
    """Mean judge score (scored judgements only) and mean receipt score of the same runs, per arm.

    `tables`: the database's judge tables when the caller has already listed them (`judge_tables`).
    """
    if "judgements" not in (judge_tables(db) if tables is None else tables):
        return None
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        df = pd.read_sql_query(
            "SELECT r.arm, j.run_id, j.status, j.weighted_score AS judge_score, c.weighted_score AS receipt_score "
            "FROM judgements j JOIN runs r USING (run_id) JOIN receipts c USING (run_id)",
            con,
        )
    finally:
        con.close()
    if not len(df):
        return None
    rows = []
    for arm, g in df.groupby("arm", sort=True):
        scored = g[g["status"] == "scored"]
        rows.append(
            {
                "arm": arm,
                "runs": int(g["run_id"].nunique()),
                "judgements": int(len(g)),
                "failed_judgements": int(len(g) - len(scored)),
                "mean_judge_score": float(scored["judge_score"].mean()) if len(scored) else float("nan"),
                "mean_receipt_score": float(scored["receipt_score"].mean()) if len(scored) else float("nan"),
            }
        )
    return pd.DataFrame(rows)


def load_agreement(pilot_dir: str | Path) -> JudgeAgreement:
    pilot_dir = Path(pilot_dir)
    db = pilot_dir / "experiment.sqlite"
    tables = judge_tables(db)
    path = pilot_dir / JUDGES_CSV
    if not path.is_file():
        return JudgeAgreement(None, f"the judge panel's outputs are not in this build ({path.name} absent)", tables)
    table = pd.read_csv(path)
    if not len(table):
        return JudgeAgreement(None, f"{path.name} is empty: the panel scored no run", tables)
    return JudgeAgreement(table, f"from {path.name}, as written by the judge panel", tables, by_arm(db, tables))
