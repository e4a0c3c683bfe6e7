"""Sensitivity: weight scenarios by the professional minutes they stand for.

The main estimates give every scenario the same weight. An economist asking
how much professional *time* an arm could take over would rather weight a
seven-hour reconciliation more than a two-hour bid evaluation, using the
authors' estimate of a competent professional's minutes. The estimate is
rough, so it is only a sensitivity: if the premium changes sign or size
under this weighting, the headline depends on which assignments dominate.
Intervals are cluster-bootstrap percentile intervals with the same seed as
the main table, so the two columns differ by the weighting only.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from whitecollar.analysis.bootstrap import DEFAULT_REPLICATES, multiplicities, weighted_means
from whitecollar.analysis.data import Pilot
from whitecollar.analysis.outcomes import scenario_rates
from whitecollar.analysis.premium import REFERENCE_ARM, premium_table, scenario_weights, weighted_mean
from whitecollar.analysis.stats import percentile_interval

COLUMNS = [
    "arm",
    "scenarios",
    "success_equal",
    "success_equal_lo",
    "success_equal_hi",
    "success_minutes",
    "success_minutes_lo",
    "success_minutes_hi",
    "premium_equal",
    "premium_equal_lo",
    "premium_equal_hi",
    "premium_minutes",
    "premium_minutes_lo",
    "premium_minutes_hi",
]


def _rate_with_interval(values: np.ndarray, weights: np.ndarray, mult: np.ndarray) -> tuple[float, float, float]:
    point = weighted_mean(values, weights)
    if int((~np.isnan(values)).sum()) < 2:
        return point, math.nan, math.nan
    lo, hi = percentile_interval(weighted_means(values, weights, mult))
    return point, lo, hi


def minutes_sensitivity(
    pilot: Pilot, *, reference: str = REFERENCE_ARM, replicates: int = DEFAULT_REPLICATES, seed: int = 0
) -> pd.DataFrame:
    """Per arm: scenario-averaged success and premium, with equal and with minutes weights."""
    rates = scenario_rates(pilot, "success")
    mult = multiplicities(len(pilot.tasks), replicates, seed)
    equal, minutes = scenario_weights(pilot, "equal"), scenario_weights(pilot, "minutes")
    prem = {
        w: premium_table(
            pilot, reference=reference, replicates=replicates, seed=seed, weighting=w, lpm=False
        ).set_index("arm")
        for w in ("equal", "minutes")
    }
    rows = []
    for arm in pilot.arms:
        values = rates[arm].to_numpy(float)
        row: dict = {"arm": arm, "scenarios": int((~np.isnan(values)).sum())}
        for name, w in (("equal", equal), ("minutes", minutes)):
            row[f"success_{name}"], row[f"success_{name}_lo"], row[f"success_{name}_hi"] = _rate_with_interval(
                values, w, mult
            )
            p = prem[name]
            if arm in p.index:
                row[f"premium_{name}"] = p.at[arm, "premium"]
                row[f"premium_{name}_lo"], row[f"premium_{name}_hi"] = p.at[arm, "boot_lo"], p.at[arm, "boot_hi"]
            else:
                row[f"premium_{name}"] = row[f"premium_{name}_lo"] = row[f"premium_{name}_hi"] = math.nan
        rows.append(row)
    return pd.DataFrame(rows, columns=COLUMNS)
