"""Judge agreement: reported as the panel wrote it when present, a clean note when absent, and by arm."""

from __future__ import annotations

import math
import sqlite3

import pytest
from analysis_helpers import write_pilot_folder

from whitecollar.analysis.judges import load_agreement
from whitecollar.analysis.results_tables import judges_table
from whitecollar.judges.store import JUDGE_SCHEMA

SPECS = [{"task": "P-01", "arm": a, "repeat": r, "success": r == 1} for a in ("A1", "A2") for r in (1, 2)]
META = {"P-01": {"depth": 21, "minutes": 150}}
CSV = (
    "label,task_id,judge,runs,judgements,failed_judgements,units,alpha_ordinal,pearson_r,spearman_rho,"
    "correlated_runs,mean_judge_score,mean_receipt_score,cost_usd,cost_unknown\n"
    "SIMULATED,P-01,panel,4,8,1,16,0.55,0.9,0.8,4,0.6,0.7,0.2,0\n"
    "SIMULATED,ALL,panel,4,8,1,16,0.55,0.9,0.8,4,0.6,0.7,0.2,0\n"
)


@pytest.fixture
def pilot_dir(tmp_path):
    return write_pilot_folder(tmp_path, SPECS, META)


def test_absent_outputs_give_a_one_row_note(pilot_dir):
    agreement = load_agreement(pilot_dir)
    assert not agreement.present and "judges.csv absent" in agreement.note
    table = judges_table(agreement, simulated=True)
    assert len(table.rows) == 1 and "absent" in table.rows[0]["status"]


def test_present_outputs_are_reported_with_the_scores_by_arm(pilot_dir):
    (pilot_dir / "judges.csv").write_text(CSV)
    con = sqlite3.connect(pilot_dir / "experiment.sqlite")
    con.executescript(JUDGE_SCHEMA)
    for run_id, score, status in (
        ("P-01-A1-r1", 0.9, "scored"),
        ("P-01-A1-r2", None, "failed"),
        ("P-01-A2-r1", 0.5, "scored"),
        ("P-01-A2-r2", 0.3, "scored"),
    ):
        con.execute(
            "INSERT INTO judgements VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            (run_id, "judge-a", "simulated", None, 1, status, score, 1, 3, 0.01, 1, "x"),
        )
    con.commit()
    con.close()
    agreement = load_agreement(pilot_dir)
    assert agreement.present and "judgements" in agreement.database_tables
    arms = agreement.arms.set_index("arm")
    assert arms.at["A1", "failed_judgements"] == 1 and arms.at["A1", "mean_judge_score"] == pytest.approx(0.9)
    assert arms.at["A2", "mean_judge_score"] == pytest.approx(0.4)
    assert not math.isnan(arms.at["A2", "mean_receipt_score"])
    table = judges_table(agreement, simulated=True)
    assert [r["task_id"] for r in table.rows] == ["P-01", "ALL", "arm A1", "arm A2"]
    assert table.rows[0]["alpha_ordinal"] == "0.550" and table.rows[2]["alpha_ordinal"] == "---"
