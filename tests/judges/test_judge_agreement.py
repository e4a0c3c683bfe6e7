"""Agreement statistics on known data, and the judges' part of the pilot record.

Krippendorff's alpha is checked against the worked examples of Krippendorff
(2011) and, on seeded random ratings of several shapes with missing values,
against the `krippendorff` package for all four difference functions.
"""

from __future__ import annotations

import csv
import io
import sqlite3

import krippendorff
import numpy as np
import pytest
from runkit import record

from whitecollar.analysis.pilot import LEDGER_FIELDS, build_database, ledger_rows
from whitecollar.judges.agreement import (
    JUDGES_FIELDS,
    agreement_rows,
    format_agreement,
    krippendorff_alpha,
    pearson,
    spearman,
)
from whitecollar.judges.store import judge_ledger_rows

N = None
# Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", example C: four observers,
# twelve units, values 1..5 with missing data. The paper gives alpha 0.743 (nominal) and 0.849
# (interval); 0.815 (ordinal) and 0.797 (ratio) are the values of R's irr::kripp.alpha on the same data.
OBSERVERS = [
    [1, 2, 3, 3, 2, 1, 4, 1, 2, N, N, N],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, N, 3],
    [N, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, N],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, N],
]
UNITS = list(zip(*OBSERVERS))


@pytest.mark.parametrize(
    "metric, expected", [("nominal", 0.743), ("ordinal", 0.815), ("interval", 0.849), ("ratio", 0.797)]
)
def test_alpha_reproduces_krippendorffs_worked_example(metric, expected):
    assert krippendorff_alpha(UNITS, metric) == pytest.approx(expected, abs=5e-4)


def test_alpha_of_the_two_coder_binary_example():
    # the paper's first example: two observers, ten units, binary values: alpha = 0.095
    a = [0, 1, 0, 0, 0, 0, 0, 0, 1, 0]
    b = [1, 1, 1, 0, 0, 1, 0, 0, 0, 0]
    assert krippendorff_alpha(zip(a, b), "nominal") == pytest.approx(0.095, abs=5e-4)
    assert krippendorff_alpha(zip(a, b), "ordinal") == pytest.approx(0.095, abs=5e-4)  # two values: same metric


def test_alpha_limits():
    assert krippendorff_alpha([(0, 0, 0), (2, 2, 2), (4, 4, N)]) == 1.0
    assert krippendorff_alpha([(3, 3), (3, 3)]) is None  # no variation: alpha is 0/0
    assert krippendorff_alpha([(3, N), (N, 2)]) is None  # nothing pairable
    # systematic disagreement is below chance
    assert krippendorff_alpha([(0, 4), (4, 0), (0, 4), (4, 0)]) < 0


def test_ordinal_alpha_uses_ranks_not_distances():
    # relabelling the values monotonically changes interval alpha but not ordinal alpha
    stretched = [tuple(None if v is None else v**3 for v in u) for u in UNITS]
    assert krippendorff_alpha(stretched, "ordinal") == pytest.approx(krippendorff_alpha(UNITS, "ordinal"))
    assert krippendorff_alpha(stretched, "interval") != pytest.approx(krippendorff_alpha(UNITS, "interval"))


def test_correlations():
    x = [1.0, 2.0, 3.0, 4.0, 5.0]
    assert pearson(x, [2 * v for v in x]) == pytest.approx(1.0)
    assert pearson(x, [-v for v in x]) == pytest.approx(-1.0)
    cubed = [v**3 for v in x]
    assert pearson(x, cubed) < 0.99 and spearman(x, cubed) == pytest.approx(1.0)
    assert pearson([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(0.8)
    # ties share their mean rank: ranks 1, 2.5, 2.5, 4 against 1, 2, 3, 4
    assert spearman([10, 20, 20, 30], [1, 2, 3, 4]) == pytest.approx(4.5 / (4.5 * 5) ** 0.5)
    assert pearson([1, 2], [1, 2]) is None and pearson([1, 2, 3], [5, 5, 5]) is None
    assert spearman([1, 2, 3], [0.3, 0.3, 0.3]) is None and spearman([1, 2, 3], [1, 2]) is None


def _ratings(seed: int, coders: int, units: int, missing: float, scale: int) -> np.ndarray:
    """coders x units ratings on 0..scale: a true level per unit, each coder's noise, NaN where missing."""
    rng = np.random.default_rng(seed)
    truth = rng.integers(0, scale + 1, units)
    noisy = truth[None, :] + rng.choice([-1, 0, 0, 0, 1, 2], size=(coders, units))
    data = np.clip(noisy, 0, scale).astype(float)
    data[rng.random((coders, units)) < missing] = np.nan
    return data


#: (seed, coders, units, share missing, top of the scale): the judges' 0..4 and a longer ordinal scale
RATING_SHAPES = [(1, 2, 10, 0.0, 4), (2, 3, 48, 0.1, 4), (3, 5, 200, 0.3, 4), (4, 4, 25, 0.2, 9), (5, 2, 300, 0.45, 2)]


@pytest.mark.parametrize("seed, coders, units, missing, scale", RATING_SHAPES)
@pytest.mark.parametrize("metric", ["nominal", "ordinal", "interval", "ratio"])
def test_alpha_agrees_with_the_krippendorff_package(seed, coders, units, missing, scale, metric):
    data = _ratings(seed, coders, units, missing, scale)
    ours = krippendorff_alpha([[None if np.isnan(v) else float(v) for v in unit] for unit in data.T], metric)
    reference = krippendorff.alpha(reliability_data=data, level_of_measurement=metric)
    assert ours is not None and 0.0 < reference < 1.0
    assert ours == pytest.approx(reference, abs=1e-12)


def test_alpha_of_the_worked_example_agrees_with_the_package():
    data = np.array([[np.nan if v is None else v for v in row] for row in OBSERVERS], dtype=float)
    for metric in ("nominal", "ordinal", "interval", "ratio"):
        assert krippendorff_alpha(UNITS, metric) == pytest.approx(
            krippendorff.alpha(reliability_data=data, level_of_measurement=metric), abs=1e-12
        )


def _judgement(scores: dict[str, int] | None, *, simulated=True, cost=0.02, known=True) -> dict:
    weights = {"a": 2.0, "b": 1.0}
    return {
        "simulated": simulated,
        "backend": "simulated" if simulated else "command",
        "model": "m",
        "status": "scored" if scores else "failed",
        "weights": weights,
        "criteria": None
        if scores is None
        else {k: {"weight": weights[k], "score": v, "reason": "r"} for k, v in scores.items()},
        "weighted_score": None if scores is None else round(sum(weights[k] * v / 4 for k, v in scores.items()) / 3, 6),
        "attempts": [
            {
                "attempt": 1,
                "ok": scores is not None,
                "error": None if scores else "garbage",
                "exit_code": 0,
                "cost_usd": cost if known else None,
            }
        ],
        "max_attempts": 3,
        "cost_usd": cost,
        "cost_known": known,
        "package_sha256": "0" * 64,
    }


@pytest.fixture
def pilot():
    runs = [("T-01-A1-r1", "T-01"), ("T-01-A2-r1", "T-01"), ("T-01-A3-r1", "T-01"), ("U-01-A1-r1", "U-01")]
    receipts = {
        "T-01-A1-r1": {"weighted_score": 1.0},
        "T-01-A2-r1": {"weighted_score": 0.5},
        "T-01-A3-r1": {"weighted_score": 0.0},
        "U-01-A1-r1": {"weighted_score": 0.2, "evaluator_error": "x"},
    }
    scores = {
        "T-01-A1-r1": ({"a": 4, "b": 4}, {"a": 4, "b": 3}, {"a": 3, "b": 4}),
        "T-01-A2-r1": ({"a": 2, "b": 2}, {"a": 2, "b": 1}, None),
        "T-01-A3-r1": ({"a": 0, "b": 1}, {"a": 0, "b": 0}, {"a": 1, "b": 0}),
        "U-01-A1-r1": ({"a": 1, "b": 1}, {"a": 2, "b": 1}, {"a": 1, "b": 1}),
    }
    judges = ["j1", "j2", "j3"]
    judged = {
        (run, j): _judgement(s[i], known=(run, j) != ("T-01-A2-r1", "j3"))
        for run, s in scores.items()
        for i, j in enumerate(judges)
    }
    return runs, receipts, judged, judges, scores


def test_agreement_rows_per_scenario_and_overall(pilot):
    runs, receipts, judged, judges, scores = pilot
    rows = agreement_rows(runs, judged, receipts, judges, simulated=False)
    assert [(r["task_id"], r["judge"]) for r in rows] == [
        (t, j) for t in ("T-01", "U-01", "ALL") for j in ("panel", "j1", "j2", "j3")
    ]
    assert all(r["label"] == "SIMULATED" for r in rows)  # the judges are simulated
    assert set(rows[0]) == set(JUDGES_FIELDS)
    t01 = rows[0]
    units = [
        tuple((scores[run][i] or {}).get(c) for i in range(3))
        for run in ("T-01-A1-r1", "T-01-A2-r1", "T-01-A3-r1")
        for c in ("a", "b")
    ]
    assert t01["alpha_ordinal"] == round(krippendorff_alpha(units, "ordinal"), 4)
    assert t01["units"] == 6 and t01["runs"] == 3 and t01["judgements"] == 9
    assert t01["failed_judgements"] == 1 and t01["cost_unknown"] == 1 and t01["cost_usd"] == 0.18
    # panel score: the mean over the judges that scored; the failed one is left out, not counted as 0
    t01_runs = ("T-01-A1-r1", "T-01-A2-r1", "T-01-A3-r1")
    panel = [
        sum(judged[(r, j)]["weighted_score"] for j in judges if judged[(r, j)]["status"] == "scored")
        / sum(judged[(r, j)]["status"] == "scored" for j in judges)
        for r in t01_runs
    ]
    assert t01["pearson_r"] == round(pearson(panel, [1.0, 0.5, 0.0]), 4) and t01["spearman_rho"] == 1.0
    u01 = rows[4]
    assert u01["correlated_runs"] == 0 and u01["pearson_r"] == ""  # evaluator error: no receipt score
    overall = rows[8]
    assert overall["runs"] == 4 and overall["units"] == 8 and overall["correlated_runs"] == 3
    j3 = rows[3]
    assert j3["correlated_runs"] == 2 and j3["pearson_r"] == ""  # two pairs are not a correlation
    text = format_agreement(rows)
    assert text.startswith("SIMULATED")


def test_measured_judges_of_measured_runs_are_not_labelled_simulated(pilot):
    runs, receipts, judged, judges, _ = pilot
    for rec in judged.values():
        rec["simulated"] = False
    rows = agreement_rows(runs, judged, receipts, judges, simulated=False)
    assert {r["label"] for r in rows} == {"measured"}
    assert {r["label"] for r in agreement_rows(runs, judged, receipts, judges, simulated=True)} == {"SIMULATED"}


def _records():
    run = record(run_id="T-01-A1-r1", bundle="b" * 12, cost_usd=1.0, started_at="2026-01-01T00:00:00Z").to_dict()
    receipt = {
        "evaluator_version": "1",
        "success": True,
        "weighted_score": 1.0,
        "completed": True,
        "abstention": {
            "status": "completed",
            "outcome": "completed",
            "clarification_expected": False,
            "asked": False,
            "justified": None,
        },
        "input_integrity": {"intact": True},
        "criteria": [],
        "violations": [],
    }
    return [(run, receipt)]


def test_database_gets_the_judge_tables(tmp_path, pilot):
    _, _, judged, _, _ = pilot
    mine = {("T-01-A1-r1", j): rec for (r, j), rec in judged.items() if r == "T-01-A1-r1"}
    mine[("T-01-A1-r1", "j2")] = _judgement(None, known=False)
    db = tmp_path / "experiment.sqlite"
    build_database(db, _records(), mine)
    con = sqlite3.connect(db)
    assert con.execute("SELECT count(*) FROM judgements").fetchone() == (3,)
    assert con.execute("SELECT count(*) FROM judge_scores").fetchone() == (4,)  # the failed one has none
    assert con.execute("SELECT status, attempts, cost_known FROM judgements WHERE judge='j2'").fetchone() == (
        "failed",
        1,
        0,
    )
    assert con.execute("SELECT score FROM judge_scores WHERE judge='j1' AND criterion_id='a'").fetchone() == (4,)
    assert con.execute("SELECT count(*) FROM judge_attempts").fetchone() == (3,)
    assert con.execute("SELECT sum(cost_usd) FROM judge_costs").fetchone()[0] == pytest.approx(0.06)
    build_database(tmp_path / "bare.sqlite", _records())  # without judges, the database is as before
    tables = {
        r[0]
        for r in sqlite3.connect(tmp_path / "bare.sqlite").execute("SELECT name FROM sqlite_master WHERE type='table'")
    }
    assert "judgements" not in tables and "runs" in tables


def test_ledger_has_judge_rows_of_their_own(pilot):
    _, _, judged, _, _ = pilot
    mine = {k: v for k, v in judged.items() if k[0] == "T-01-A1-r1"}
    rows = ledger_rows(_records(), 250.0, mine)
    assert [r["kind"] for r in rows] == ["run", "judge", "judge", "judge"]
    assert [r["judge"] for r in rows[1:]] == ["j1", "j2", "j3"]
    assert rows[-1]["cumulative_usd"] == 1.06 and rows[-1]["envelope_remaining_usd"] == ""
    assert all(r["label"] == "SIMULATED" and r["arm"] == "A1" for r in rows)
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=LEDGER_FIELDS, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)  # every row fits the ledger's columns
    assert judge_ledger_rows({}, {}, 5.0) == []
