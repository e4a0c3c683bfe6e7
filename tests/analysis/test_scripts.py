"""The scripts end to end on files: `whitecollar pilot` builds the pilot (and its dashboard), a table
script turns it into CSV, and the table's numbers are recomputed here from the receipt JSON files alone."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
from analysis_helpers import pilot_records

ROOT = Path(__file__).resolve().parents[2]
SPECS = [
    {
        "task": t,
        "arm": a,
        "repeat": r,
        "success": (r * (i + 2) + len(a)) % 3 != 0,
        "clar": t == "P-01",
        "raised": r == 1,
        "injection": a == "A2" and r == 3,
        "error": "boom" if (t, a, r) == ("Q-01", "A4", 2) else None,
    }
    for i, t in enumerate(["P-01", "Q-01"])
    for a in ("A1", "A2", "A3", "A4")
    for r in (1, 2, 3)
]
META = {
    "P-01": {"designed_dependency_depth": 21, "professional_minutes_estimate": 150},
    "Q-01": {"designed_dependency_depth": 44, "professional_minutes_estimate": 420},
}


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("scripts")
    rows = []
    for order, (run, receipt) in enumerate(pilot_records(SPECS), start=1):
        rel = Path(run["task_id"], run["bundle"], run["arm"], f"r{run['repeat']}")
        for base, name, doc in (("runs", "run.json", run), ("receipts", "receipt.json", receipt)):
            (root / base / rel).mkdir(parents=True, exist_ok=True)
            (root / base / rel / name).write_text(json.dumps(doc))
        rows.append(
            {
                "order": order,
                "run_id": run["run_id"],
                "task_id": run["task_id"],
                "bundle": run["bundle"],
                "arm": run["arm"],
                "repeat": run["repeat"],
                "node": "local",
                "time_limit_s": 1800,
                "budget_usd": "4.00",
            }
        )
    with open(root / "assignment.csv", "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    for task, meta in META.items():
        (root / "bundles" / task).mkdir(parents=True)
        (root / "bundles" / task / "task.json").write_text(
            json.dumps(
                dict(meta, designed_features={"prompt_injection": True, "requires_clarification": task == "P-01"})
            )
        )
    proc = _run(
        "-m",
        "whitecollar",
        "pilot",
        "--assignment",
        "assignment.csv",
        "--runs-root",
        "runs",
        "--receipts-root",
        "receipts",
        "--envelope",
        "60",
        "--out",
        "pilot",
        cwd=root,
    )
    assert proc.returncode == 0, proc.stderr
    assert "dashboard: pilot/dashboard/index.html" in proc.stdout
    out = root / "generated"
    proc = _run(
        str(ROOT / "scripts" / "table_results.py"),
        "--pilot",
        "pilot",
        "--bundles",
        "bundles",
        "--tex",
        str(out / "table_results.tex"),
        "--csv",
        str(out / "table_results.csv"),
        cwd=root,
    )
    assert proc.returncode == 0, proc.stderr
    return root


def test_per_arm_success_recomputed_from_the_receipt_files(built):
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for path in sorted((built / "receipts").rglob("receipt.json")):
        receipt = json.loads(path.read_text())
        if receipt["evaluator_error"]:
            continue  # a lab failure: not in any denominator
        ok = all(c["passed"] for c in receipt["criteria"]) and not any(v["triggered"] for v in receipt["violations"])
        tally[path.parts[-3]][0] += ok
        tally[path.parts[-3]][1] += 1
    with open(built / "generated" / "table_results.csv", newline="") as fh:
        pooled = {r["arm"]: r for r in csv.DictReader(fh) if r["task_id"] == "ALL"}
    assert set(pooled) == set(tally) == {"A1", "A2", "A3", "A4"}
    for arm, (k, n) in tally.items():
        assert int(pooled[arm]["successes"]) == k and int(pooled[arm]["evaluated"]) == n
        assert float(pooled[arm]["success_rate"]) == pytest.approx(k / n)
        assert pooled[arm]["label"] == "SIMULATED"
    assert int(pooled["A4"]["lab_failures"]) == 1


def test_the_latex_table_says_simulated(built):
    tex = (built / "generated" / "table_results.tex").read_text()
    assert r"\textbf{SIMULATED.}" in tex and r"\begin{tabular}" in tex


def test_power_command_prints_a_probability(tmp_path):
    proc = _run(
        "-m",
        "whitecollar",
        "power",
        "--premium",
        "0.2",
        "--scenarios",
        "12",
        "--repeats",
        "2",
        "--sims",
        "400",
        "--seed",
        "3",
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert "power 0." in proc.stdout and "12 scenarios x 2 repeats" in proc.stdout
