"""The arm premium: how much more often an arm succeeds than the reference arm (A1).

The estimand is the difference in success rates, averaged over scenarios
with equal weight (or with the professional-minutes weights of the
sensitivity analysis): each scenario is one draw from the population of
assignments the study wants to generalise to, however many runs it got.
In a balanced design this equals the pooled difference in success rates.

Two intervals, both clustered by scenario, because between-scenario
heterogeneity, not run-to-run noise, is what limits a benchmark of a few
scenarios:

* a cluster bootstrap (scenarios resampled with all their runs, in all
  arms at once, seeded): percentile interval of the scenario-averaged
  difference. With very few scenarios it is too narrow (it cannot see
  heterogeneity beyond the scenarios it has), so it is not reported alone;
* a linear probability model, success on an arm indicator over the runs of
  the two arms, with the cluster-robust (CR1) variance of
  `whitecollar.numerics.panel_ols` and a t interval on G - 1 degrees of freedom.

With fewer than two scenarios no clustered interval exists; the columns are
NaN and `note` says why, rather than showing an interval of width zero.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats

from whitecollar.analysis.bootstrap import DEFAULT_REPLICATES, multiplicities, weighted_means
from whitecollar.analysis.data import Pilot
from whitecollar.analysis.outcomes import scenario_counts, scenario_rates
from whitecollar.analysis.stats import percentile_interval
from whitecollar.numerics import panel_ols

REFERENCE_ARM = "A1"

COLUMNS = [
    "arm",
    "reference",
    "scenarios",
    "runs_arm",
    "runs_reference",
    "rate_arm",
    "rate_reference",
    "premium",
    "boot_lo",
    "boot_hi",
    "lpm_premium",
    "lpm_se",
    "lpm_lo",
    "lpm_hi",
    "lpm_p",
    "note",
]
#: the linear-probability-model columns where no such estimate exists
NO_LPM = dict.fromkeys(("lpm_premium", "lpm_se", "lpm_lo", "lpm_hi", "lpm_p"), math.nan)


def scenario_weights(pilot: Pilot, weighting: str | None) -> np.ndarray:
    """Per-scenario weights in the order of `pilot.tasks`: equal, or professional minutes."""
    if weighting in (None, "equal"):
        return np.ones(len(pilot.tasks))
    if weighting == "minutes":
        minutes = pilot.scenarios.set_index("task_id")["minutes"]
        return minutes.reindex(pilot.tasks).to_numpy(dtype=float)
    raise ValueError(f"unknown weighting {weighting!r}; use 'equal' or 'minutes'")


def weighted_mean(values: np.ndarray, weights: np.ndarray) -> float:
    ok = ~np.isnan(values)
    return (
        float(np.sum(values[ok] * weights[ok]) / np.sum(weights[ok]))
        if ok.any() and weights[ok].sum() > 0
        else math.nan
    )


def lpm_premium(runs: pd.DataFrame, arm: str, reference: str, level: float = 0.95) -> dict:
    """Success on an arm indicator (two arms' evaluated runs), CR1 clustered by scenario, t on G - 1 df."""
    two = runs[runs["arm"].isin([arm, reference])]
    clusters = sorted(two["task_id"].unique())
    out = dict(NO_LPM)
    if two["arm"].nunique() < 2:
        return out
    y = two["success"].astype(float).to_numpy()
    d = (two["arm"] == arm).astype(float).to_numpy()
    if len(clusters) < 2:
        out["lpm_premium"] = float(y[d == 1].mean() - y[d == 0].mean())
        return out
    fit = panel_ols.ols(y, {"arm": d}, vcov="cluster", cluster=list(two["task_id"]))
    b, se = fit.b("arm"), fit.se("arm")
    df = len(clusters) - 1
    crit = float(stats.t.ppf(0.5 + level / 2.0, df))
    out.update(
        lpm_premium=b,
        lpm_se=se,
        lpm_lo=b - crit * se,
        lpm_hi=b + crit * se,
        lpm_p=float(2.0 * stats.t.sf(abs(b / se), df)) if se > 0 else math.nan,
    )
    return out


def premium_table(
    pilot: Pilot,
    *,
    reference: str = REFERENCE_ARM,
    replicates: int = DEFAULT_REPLICATES,
    seed: int = 0,
    weighting: str | None = None,
    level: float = 0.95,
    lpm: bool = True,
) -> pd.DataFrame:
    """One row per arm other than the reference: the premium and its clustered intervals."""
    rates = scenario_rates(pilot, "success")
    counts = scenario_counts(pilot)
    rows: list[dict[str, Any]] = []
    if reference not in rates.columns:
        return pd.DataFrame(rows, columns=COLUMNS)
    weights = scenario_weights(pilot, weighting)
    mult = multiplicities(len(pilot.tasks), replicates, seed)
    ev = pilot.evaluated
    for arm in [a for a in pilot.arms if a != reference]:
        diff = (rates[arm] - rates[reference]).to_numpy(dtype=float)
        both = ~np.isnan(diff)
        g = int(both.sum())
        row = {
            "arm": arm,
            "reference": reference,
            "scenarios": g,
            "runs_arm": int(counts[arm].sum()),
            "runs_reference": int(counts[reference].sum()),
            "rate_arm": weighted_mean(np.where(both, rates[arm].to_numpy(float), np.nan), weights),
            "rate_reference": weighted_mean(np.where(both, rates[reference].to_numpy(float), np.nan), weights),
            "premium": weighted_mean(diff, weights),
            "boot_lo": math.nan,
            "boot_hi": math.nan,
            "note": "",
        }
        if g >= 2:
            row["boot_lo"], row["boot_hi"] = percentile_interval(weighted_means(diff, weights, mult), level)
        else:
            row["note"] = "fewer than two scenarios: no clustered interval"
        row.update(lpm_premium(ev, arm, reference, level) if lpm else NO_LPM)
        rows.append(row)
    return pd.DataFrame(rows, columns=COLUMNS)
