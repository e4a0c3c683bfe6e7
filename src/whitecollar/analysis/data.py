"""The pilot's runs as one table: run, receipt and the scenario's designed properties.

The experiment database (`results/pilot/experiment.sqlite`, written by
`whitecollar pilot`) holds the facts; the estimators need them joined with
what each scenario was designed to be (depth, professional minutes, whether
it contains a clarification element), which lives in the frozen bundle's
`task.json`. The frozen bundle rather than scenario.yaml, because the
yaml may have moved on since the runs were made.

Success is recomputed here from the criteria and violations tables (every
criterion passed, no critical violation, no evaluator error) and checked
against the receipt's own flag: the two must agree, and a disagreement
means the database and the receipts are out of step, which no table should
silently paper over.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from whitecollar.benchmark.scenario import load_scenario

SIMULATED = "SIMULATED"
SCRIPTED = "SCRIPTED MODEL"
MEASURED = "measured"
#: what a stamp says under each stand-in label
STAND_IN_NOTES = {
    SIMULATED: "solver variants, no model",
    SCRIPTED: "the real client, a scripted model acting out solver variants",
}

#: completion statuses by which a worker raises a question instead of just completing
RAISING_STATUSES = ("needs_clarification", "abstained")


class AnalysisError(ValueError):
    """Inputs the analysis cannot use; the message names the file."""


@dataclass(frozen=True)
class Pilot:
    """The runs of a pilot and the scenarios they ran on."""

    runs: pd.DataFrame
    scenarios: pd.DataFrame
    source: Path

    @property
    def simulated(self) -> bool:
        """Whether any run's worker was a stand-in (simulated, or a scripted model): its figures say so."""
        return self.label != MEASURED

    @property
    def label(self) -> str:
        """SIMULATED, SCRIPTED MODEL or measured: the strongest stand-in among the runs."""
        if not len(self.runs):
            return MEASURED
        if self.runs["simulated"].any():
            return SIMULATED
        labels = set(self.runs["label"].dropna()) if "label" in self.runs else set()
        return SCRIPTED if SCRIPTED in labels else MEASURED

    @property
    def evaluated(self) -> pd.DataFrame:
        """Runs with a receipt from a working evaluator (the denominators of every rate)."""
        return self.runs[self.runs["evaluated"]]

    @property
    def arms(self) -> list[str]:
        return sorted(self.runs["arm"].unique())

    @property
    def tasks(self) -> list[str]:
        return sorted(self.runs["task_id"].unique())


def scenario_metadata(task_id: str, bundles: Path | None) -> dict[str, Any]:
    """The designed properties of one scenario, from its frozen task.json (or scenario.yaml)."""
    task_json = Path(bundles) / task_id / "task.json" if bundles else None
    if task_json is not None and task_json.is_file():
        meta = json.loads(task_json.read_text(encoding="utf-8"))
        source = str(task_json)
    else:
        meta = load_scenario(task_id).task_metadata()
        source = "scenario.yaml"
    features = meta.get("designed_features", {})
    return {
        "task_id": task_id,
        "occupation": meta.get("occupation", ""),
        "organisation": meta.get("organisation", ""),
        "difficulty_class": meta.get("difficulty_class", ""),
        "depth": float(meta["designed_dependency_depth"]),
        "minutes": float(meta["professional_minutes_estimate"]),
        "planted_errors": int(features.get("planted_errors", 0)),
        "prompt_injection": bool(features.get("prompt_injection", False)),
        "requires_clarification": bool(features.get("requires_clarification", False)),
        "metadata_source": source,
    }


def _frame(con: sqlite3.Connection, sql: str) -> pd.DataFrame:
    return pd.read_sql_query(sql, con)


def load_pilot(pilot_dir: str | Path, bundles: str | Path | None = None) -> Pilot:
    """Read `experiment.sqlite` of a pilot folder; `bundles` defaults to its sibling `bundles/`."""
    pilot_dir = Path(pilot_dir)
    db = pilot_dir / "experiment.sqlite"
    if not db.is_file():
        raise AnalysisError(f"{db}: not found; build the pilot first (snakemake results/pilot)")
    bundles = Path(bundles) if bundles is not None else pilot_dir.parent / "bundles"
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        runs = _frame(con, "SELECT * FROM runs")
        receipts = _frame(con, "SELECT * FROM receipts")
        criteria = _frame(con, "SELECT run_id, passed FROM criteria")
        violations = _frame(con, "SELECT run_id, violation_id, triggered FROM violations")
    finally:
        con.close()
    df = runs.merge(receipts, on="run_id", how="left", validate="one_to_one")
    failed = criteria.assign(failed=criteria["passed"] == 0).groupby("run_id")["failed"].sum()
    n_criteria = criteria.groupby("run_id").size()
    trig = violations[violations["triggered"] == 1]
    n_triggered = trig.groupby("run_id").size()
    injection = trig[trig["violation_id"].str.contains("injection")].groupby("run_id").size()
    df["n_criteria"] = df["run_id"].map(n_criteria).fillna(0).astype(int)
    df["n_failed"] = df["run_id"].map(failed).fillna(0).astype(int)
    df["n_violations"] = df["run_id"].map(n_triggered).fillna(0).astype(int)
    df["injection_obeyed"] = df["run_id"].map(injection).fillna(0).astype(int) > 0
    df["evaluated"] = df["evaluator_error"].isna() & df["success"].notna()
    df["success_recomputed"] = (
        df["evaluated"] & (df["n_criteria"] > 0) & (df["n_failed"] == 0) & (df["n_violations"] == 0)
    )
    stated = df["success"].fillna(0).astype(int).astype(bool)
    bad = df[df["evaluated"] & (stated != df["success_recomputed"])]
    if len(bad):
        raise AnalysisError(
            f"{db}: receipts' success flag disagrees with their criteria for {', '.join(bad['run_id'])}"
        )
    df["success"] = df["success_recomputed"]
    df = df.drop(columns=["success_recomputed"])
    for col in ("simulated", "cost_known", "clarification_expected", "asked", "timed_out", "inputs_intact"):
        df[col] = df[col].fillna(0).astype(int).astype(bool)
    df["raised"] = df["asked"] | df["abstention_status"].isin(RAISING_STATUSES)
    df["justified_clarification"] = df["abstention_outcome"] == "justified_clarification"
    df["charged_usd"] = df["cost_usd"].where(df["cost_usd"].notna(), df["budget_usd"]).astype(float)
    scenarios = pd.DataFrame(
        [scenario_metadata(t, bundles) for t in sorted(df["task_id"].unique())],
        columns=[
            "task_id",
            "occupation",
            "organisation",
            "difficulty_class",
            "depth",
            "minutes",
            "planted_errors",
            "prompt_injection",
            "requires_clarification",
            "metadata_source",
        ],
    )
    df = df.merge(
        scenarios[["task_id", "depth", "minutes", "prompt_injection", "requires_clarification"]],
        on="task_id",
        how="left",
    )
    df = df.sort_values("run_id").reset_index(drop=True)
    return Pilot(runs=df, scenarios=scenarios.sort_values("task_id").reset_index(drop=True), source=db)


def synthetic_pilot(runs: pd.DataFrame, scenarios: pd.DataFrame) -> Pilot:
    """A Pilot from hand-made frames (tests and power simulations), with defaults for missing columns."""
    runs = runs.copy()
    defaults = {
        "simulated": True,
        "evaluated": True,
        "injection_obeyed": False,
        "clarification_expected": False,
        "raised": False,
        "justified_clarification": False,
        "cost_usd": 1.0,
        "charged_usd": 1.0,
        "cost_known": True,
        "weighted_score": 1.0,
        "status": "completed",
        "abstention_outcome": "completed",
        "abstention_status": "completed",
        "asked": False,
    }
    for col, value in defaults.items():
        if col not in runs:
            runs[col] = value
        elif isinstance(value, bool):  # a flag given for some rows only: the others take the default
            runs[col] = runs[col].astype(object).where(runs[col].notna(), value).astype(bool)
    if "run_id" not in runs:
        runs["run_id"] = [f"{t}-{a}-r{i}" for i, (t, a) in enumerate(zip(runs["task_id"], runs["arm"]), start=1)]
    meta_cols = [c for c in ("depth", "minutes", "prompt_injection", "requires_clarification") if c in scenarios]
    runs = runs.drop(columns=[c for c in meta_cols if c in runs]).merge(
        scenarios[["task_id", *meta_cols]], on="task_id", how="left"
    )
    return Pilot(
        runs=runs.sort_values("run_id").reset_index(drop=True), scenarios=scenarios, source=Path("<synthetic>")
    )
