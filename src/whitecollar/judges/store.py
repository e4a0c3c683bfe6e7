"""Judgements in the pilot's record: loading the score files, the judge tables
of the experiment database, and the judges' rows of the cost ledger.

The score files are the truth (one per run and judge); like the rest of
results/pilot/, everything here is derived from them and rebuilt each time.
A judge's money is spent on top of the workers' envelope, which governs
worker launches only, so judge rows carry the running total of all
spending but no remaining envelope.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

JUDGE_SCHEMA = """
CREATE TABLE judgements (
  run_id TEXT REFERENCES runs(run_id), judge TEXT, backend TEXT, model TEXT, simulated INTEGER, status TEXT,
  weighted_score REAL, attempts INTEGER, max_attempts INTEGER, cost_usd REAL, cost_known INTEGER,
  package_sha256 TEXT, PRIMARY KEY (run_id, judge));
CREATE TABLE judge_scores (
  run_id TEXT REFERENCES runs(run_id), judge TEXT, criterion_id TEXT, weight REAL, score INTEGER, reason TEXT,
  PRIMARY KEY (run_id, judge, criterion_id));
CREATE TABLE judge_attempts (
  run_id TEXT REFERENCES runs(run_id), judge TEXT, attempt INTEGER, ok INTEGER, error TEXT, exit_code INTEGER,
  cost_usd REAL, wall_s REAL, PRIMARY KEY (run_id, judge, attempt));
CREATE TABLE judge_costs (
  run_id TEXT REFERENCES runs(run_id), judge TEXT, cost_usd REAL, cost_known INTEGER, simulated INTEGER,
  PRIMARY KEY (run_id, judge));
"""

Judged = dict[tuple[str, str], dict[str, Any]]


def score_file(root: str | Path, row: dict[str, Any], judge: str) -> Path:
    return Path(root, row["task_id"], row["bundle"], row["arm"], f"r{row['repeat']}", f"{judge}.json")


def load_judgements(rows: list[dict[str, Any]], root: str | Path, judges: Sequence[str]) -> Judged:
    """(run_id, judge) -> judgement record, for every assigned run and configured judge."""
    judged: Judged = {}
    for row in rows:
        for judge in judges:
            path = score_file(root, row, judge)
            judged[(row["run_id"], judge)] = json.loads(path.read_text(encoding="utf-8"))
    return dict(sorted(judged.items()))


def _b(value: Any) -> int | None:
    return None if value is None else int(bool(value))


def insert_judgements(con: sqlite3.Connection, judged: Judged) -> None:
    con.executescript(JUDGE_SCHEMA)
    for (run_id, judge), rec in sorted(judged.items()):
        con.execute(
            "INSERT INTO judgements VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                run_id,
                judge,
                rec["backend"],
                rec.get("model"),
                _b(rec["simulated"]),
                rec["status"],
                rec.get("weighted_score"),
                len(rec["attempts"]),
                rec.get("max_attempts"),
                rec["cost_usd"],
                _b(rec["cost_known"]),
                rec.get("package_sha256"),
            ),
        )
        for cid, c in sorted((rec.get("criteria") or {}).items()):
            con.execute(
                "INSERT INTO judge_scores VALUES (?,?,?,?,?,?)",
                (run_id, judge, cid, c["weight"], c["score"], c["reason"]),
            )
        for a in rec["attempts"]:
            con.execute(
                "INSERT INTO judge_attempts VALUES (?,?,?,?,?,?,?,?)",
                (
                    run_id,
                    judge,
                    a["attempt"],
                    _b(a["ok"]),
                    a.get("error"),
                    a.get("exit_code"),
                    a.get("cost_usd"),
                    a.get("wall_s"),
                ),
            )
        con.execute(
            "INSERT INTO judge_costs VALUES (?,?,?,?,?)",
            (run_id, judge, rec["cost_usd"], _b(rec["cost_known"]), _b(rec["simulated"])),
        )


def judge_ledger_rows(judged: Judged, runs: dict[str, dict[str, Any]], cumulative: float) -> list[dict[str, Any]]:
    """Ledger rows of kind `judge`, after the workers' rows, continuing their running total."""
    rows = []
    for (run_id, judge), rec in sorted(judged.items()):
        cost = rec["cost_usd"]
        cumulative += cost
        run = runs.get(run_id, {})
        rows.append(
            {
                "label": "SIMULATED" if rec["simulated"] else "measured",
                "kind": "judge",
                "run_id": run_id,
                "judge": judge,
                "arm": run.get("arm", ""),
                "task_id": run.get("task_id", ""),
                "status": rec["status"],
                "cost_usd": cost,
                "cost_known": "yes" if rec["cost_known"] else "no (an attempt reported no cost)",
                "cap_usd": "",
                "charged_usd": round(cost, 4),
                "cumulative_usd": round(cumulative, 4),
                "envelope_remaining_usd": "",
            }
        )
    return rows
