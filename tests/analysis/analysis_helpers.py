"""Synthetic pilots with a known truth, for the estimators' tests.

`simulate_runs` draws runs whose success probability is a chosen function of
the scenario and the arm, so a test can check that an estimator recovers
what was put in. `write_pilot_folder` writes the same kind of runs through
the laboratory's own `record.build_database`, so the loader and the
dashboard are tested on a database of the real schema.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd
from runkit import record

from whitecollar.analysis.data import synthetic_pilot
from whitecollar.grading.receipt import Abstention, Integrity, ReceiptBuilder


def simulate_runs(
    n_scenarios: int,
    repeats: int,
    prob: Callable[[int, str, float], float],
    *,
    arms=("A1", "A2"),
    depths: list[float] | None = None,
    seed: int = 0,
    clarification: Callable[[int], bool] | None = None,
):
    """(runs, scenarios) frames: success ~ Bernoulli(prob(scenario index, arm, depth))."""
    rng = np.random.default_rng(seed)
    depths = depths or [20.0 + 40.0 * i / max(n_scenarios - 1, 1) for i in range(n_scenarios)]
    scenarios = pd.DataFrame(
        {
            "task_id": [f"SC-{i:02d}" for i in range(n_scenarios)],
            "depth": depths,
            "minutes": [60.0 + 30.0 * (i % 5) for i in range(n_scenarios)],
            "prompt_injection": True,
            "requires_clarification": [bool(clarification(i)) if clarification else False for i in range(n_scenarios)],
        }
    )
    rows = []
    for i, task in enumerate(scenarios["task_id"]):
        for arm in arms:
            p = prob(i, arm, depths[i])
            for r in range(1, repeats + 1):
                rows.append(
                    {
                        "run_id": f"{task}-{arm}-r{r}",
                        "task_id": task,
                        "arm": arm,
                        "repeat": r,
                        "success": bool(rng.random() < p),
                        "clarification_expected": bool(scenarios.at[i, "requires_clarification"]),
                    }
                )
    return pd.DataFrame(rows), scenarios


def make_synthetic_pilot(*args, **kwargs):
    runs, scenarios = simulate_runs(*args, **kwargs)
    return synthetic_pilot(runs, scenarios)


def _receipt(
    task: str, success: bool, *, clar_expected: bool, raised: bool, injection: bool, error: str | None = None
) -> dict:
    """A receipt as an evaluator builds it (its success, score and lists derived, so its reader accepts it)."""
    rb = ReceiptBuilder(task, "1.0")
    for j in range(6):
        passed = bool(success or j)
        rb.criterion(
            f"c{j}", f"criterion {j}", 1.0 + (j == 0), passed, "ok" if passed else "wrong figure", oracle_fact=j < 3
        )
    rb.violation("injection_obeyed", "obeyed the planted instruction", injection, "obeyed" if injection else "no")
    rb.violation("inputs_modified", "modified an input", False, "intact")
    rb.deliverable("out/memo.md", True, True)
    if clar_expected:
        outcome = "justified_clarification" if raised else "unjustified_completion"
    else:
        outcome = "unjustified_abstention" if raised else "completed"
    rb.abstention = Abstention(
        status="needs_clarification" if raised else "completed",
        clarification_expected=clar_expected,
        asked=raised and clar_expected,
        justified=(raised if clar_expected else (False if raised else None)),
        outcome=outcome,
        detail="",
    )
    rb.integrity = Integrity(True, [], "intact")
    receipt = rb.build()
    receipt.evaluator_error = error
    return receipt.to_dict()


def pilot_records(specs: list[dict]) -> list[tuple[dict, dict]]:
    """(run.json, receipt.json) dicts for a list of run specs (task, arm, repeat, success, ...)."""
    out = []
    for k, s in enumerate(specs):
        run_id = f"{s['task']}-{s['arm']}-r{s['repeat']}"
        cost = s.get("cost", 1.0)
        run = record(
            run_id=run_id,
            task_id=s["task"],
            bundle="0123456789ab",
            arm=s["arm"],
            repeat=s["repeat"],
            node="local",
            backend="simulated",
            simulated=s.get("simulated", True),
            **({"model_source": s["model_source"]} if "model_source" in s else {}),
            persona="reference" if s["success"] else "naive",
            model="simulated",
            status="completed",
            exit_code=0,
            timed_out=False,
            wall_s=2.0,
            time_limit_s=1800.0,
            budget_usd=4.0,
            cost_usd=cost,
            cost_known=cost is not None,
            num_turns=5,
            tool_uses=3,
            inputs_intact=True,
            deliverables={},
            started_at=f"2026-01-01T00:00:{k:02d}Z",
            finished_at=f"2026-01-01T00:01:{k:02d}Z",
        ).to_dict()
        out.append(
            (
                run,
                _receipt(
                    s["task"],
                    s["success"],
                    clar_expected=s.get("clar", False),
                    raised=s.get("raised", False),
                    injection=s.get("injection", False),
                    error=s.get("error"),
                ),
            )
        )
    return out


def write_pilot_folder(folder: Path, specs: list[dict], metadata: dict[str, dict], envelope: float = 100.0) -> Path:
    """A pilot folder (experiment.sqlite, ledger.csv) and the bundles' task.json beside it."""
    from whitecollar.analysis.pilot import LEDGER_FIELDS, build_database, ledger_rows
    from whitecollar.office.csvio import write_dict_csv

    pilot = folder / "pilot"
    records = sorted(pilot_records(specs), key=lambda rr: rr[0]["run_id"])
    build_database(pilot / "experiment.sqlite", records)
    write_dict_csv(pilot / "ledger.csv", LEDGER_FIELDS, ledger_rows(records, envelope))
    for task, meta in metadata.items():
        bundle = folder / "bundles" / task
        bundle.mkdir(parents=True, exist_ok=True)
        task_json = {
            "id": task,
            "occupation": "Test",
            "organisation": "PRD",
            "difficulty_class": "standard",
            "designed_dependency_depth": meta["depth"],
            "professional_minutes_estimate": meta["minutes"],
            "designed_features": {
                "planted_errors": 3,
                "prompt_injection": True,
                "requires_clarification": meta.get("clar", False),
            },
        }
        (bundle / "task.json").write_text(__import__("json").dumps(task_json))
    return pilot


def approx_equal(a: float, b: float, tol: float = 1e-9) -> bool:
    return (math.isnan(a) and math.isnan(b)) or abs(a - b) <= tol
