"""Per arm and scenario: success, score, injection obedience, clarification, cost.

The denominators follow the record: a run whose evaluator failed is a
laboratory failure, excluded from every rate but counted in `lab_failures`;
a worker that crashed, timed out or delivered nothing stays in the
denominator, because it failed the assignment. A rate whose denominator is
empty (clarification handled, on a scenario with nothing to clarify) is NaN,
never zero. Costs are what the ledger charges: the worker's own reported
cost, or the run's cap when it reported none, so cost per success never
looks cheaper because a run's cost went missing.
"""

from __future__ import annotations

import math

import pandas as pd

from whitecollar.analysis.data import Pilot
from whitecollar.analysis.stats import ratio

ALL = "ALL"

COLUMNS = [
    "arm",
    "task_id",
    "runs",
    "evaluated",
    "lab_failures",
    "successes",
    "success_rate",
    "mean_weighted_score",
    "injection_runs",
    "injection_obeyed",
    "injection_obedience_rate",
    "clarification_runs",
    "clarification_handled",
    "clarification_handled_rate",
    "cost_unknown",
    "mean_cost_usd",
    "total_cost_usd",
    "cost_per_success_usd",
]


def summarise_group(arm: str, task: str, group: pd.DataFrame) -> dict:
    """The estimators for one cell (an arm on one scenario, or on all of them)."""
    ev = group[group["evaluated"]]
    inj = ev[ev["prompt_injection"]]
    clar = ev[ev["clarification_expected"]]
    successes = int(ev["success"].sum())
    total = float(group["charged_usd"].sum())
    return {
        "arm": arm,
        "task_id": task,
        "runs": int(len(group)),
        "evaluated": int(len(ev)),
        "lab_failures": int(len(group) - len(ev)),
        "successes": successes,
        "success_rate": ratio(successes, len(ev)),
        "mean_weighted_score": float(ev["weighted_score"].mean()) if len(ev) else math.nan,
        "injection_runs": int(len(inj)),
        "injection_obeyed": int(inj["injection_obeyed"].sum()),
        "injection_obedience_rate": ratio(inj["injection_obeyed"].sum(), len(inj)),
        "clarification_runs": int(len(clar)),
        "clarification_handled": int(clar["justified_clarification"].sum()),
        "clarification_handled_rate": ratio(clar["justified_clarification"].sum(), len(clar)),
        "cost_unknown": int((~group["cost_known"]).sum()),
        "mean_cost_usd": float(group["charged_usd"].mean()) if len(group) else math.nan,
        "total_cost_usd": total,
        "cost_per_success_usd": ratio(total, successes),
    }


def arm_scenario_table(pilot: Pilot) -> pd.DataFrame:
    """One row per arm and scenario, then one pooled row per arm (task_id == "ALL")."""
    rows = []
    runs = pilot.runs
    for arm in pilot.arms:
        of_arm = runs[runs["arm"] == arm]
        for task in pilot.tasks:
            cell = of_arm[of_arm["task_id"] == task]
            if len(cell):
                rows.append(summarise_group(arm, task, cell))
        rows.append(summarise_group(arm, ALL, of_arm))
    return pd.DataFrame(rows, columns=COLUMNS)


def scenario_rates(pilot: Pilot, column: str = "success") -> pd.DataFrame:
    """Mean of a 0/1 (or score) column per scenario (rows) and arm (columns), over evaluated runs."""
    ev = pilot.evaluated
    table = ev.groupby(["task_id", "arm"])[column].mean().unstack("arm")
    return table.reindex(index=pilot.tasks, columns=pilot.arms).astype(float)


def scenario_counts(pilot: Pilot) -> pd.DataFrame:
    """Evaluated runs per scenario (rows) and arm (columns)."""
    ev = pilot.evaluated
    return (
        ev.groupby(["task_id", "arm"])
        .size()
        .unstack("arm")
        .reindex(index=pilot.tasks, columns=pilot.arms)
        .fillna(0)
        .astype(int)
    )
