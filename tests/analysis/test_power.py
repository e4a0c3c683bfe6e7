"""The power simulation: calibrated premium, the closed-form clustered test, sensible monotonicity."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy.special import logit

from whitecollar.analysis.data import synthetic_pilot
from whitecollar.analysis.power import (
    Design,
    calibrate_beta,
    clustered_difference,
    population_premium,
    power_grid,
    simulate_power,
)
from whitecollar.analysis.premium import lpm_premium


def test_beta_is_calibrated_to_the_population_premium():
    d = Design(premium=0.15, heterogeneity=0.8, baseline=0.4)
    beta = calibrate_beta(d)
    assert population_premium(logit(0.4), beta, 0.8, d.tau_premium) == pytest.approx(0.15, abs=1e-6)
    assert calibrate_beta(Design(premium=0.0)) == pytest.approx(0.0, abs=1e-6)
    with pytest.raises(ValueError, match="not reachable"):
        calibrate_beta(Design(premium=0.6, baseline=0.5))


def test_closed_form_equals_the_analysis_lpm_on_a_balanced_design():
    rng = np.random.default_rng(4)
    s, r = 7, 3
    rows = [
        {
            "task_id": f"S{i}",
            "arm": arm,
            "repeat": k,
            "success": bool(rng.random() < 0.3 + 0.05 * i + 0.2 * (arm == "A2")),
        }
        for i in range(s)
        for arm in ("A1", "A2")
        for k in range(r)
    ]
    runs = pd.DataFrame(rows)
    pilot = synthetic_pilot(runs, pd.DataFrame({"task_id": [f"S{i}" for i in range(s)], "depth": 20.0}))
    lpm = lpm_premium(pilot.evaluated, "A2", "A1")
    means = runs.groupby(["task_id", "arm"])["success"].mean().unstack()
    est, se = clustered_difference((means["A2"] - means["A1"]).to_numpy()[None, :], r)
    assert est[0] == pytest.approx(lpm["lpm_premium"]) and se[0] == pytest.approx(lpm["lpm_se"])


def test_power_grows_with_premium_and_scenarios_and_is_near_alpha_without_premium():
    null = simulate_power(Design(premium=0.0, scenarios=12, repeats=3), sims=4000, seed=1)
    assert null.power < 0.05  # one-sided detection at a two-sided 5% level: about 2.5%
    small = simulate_power(Design(premium=0.15, scenarios=8, repeats=3), sims=1500, seed=1)
    large = simulate_power(Design(premium=0.15, scenarios=40, repeats=3), sims=1500, seed=1)
    assert large.power > small.power + 0.2
    assert abs(large.mean_estimate - 0.15) < 0.02


def test_repeats_do_not_replace_scenarios_when_the_premium_varies():
    many_repeats = simulate_power(Design(premium=0.15, scenarios=6, repeats=40, heterogeneity=1.5), sims=1500, seed=2)
    many_scenarios = simulate_power(Design(premium=0.15, scenarios=40, repeats=6, heterogeneity=1.5), sims=1500, seed=2)
    assert many_scenarios.power > many_repeats.power


def test_one_scenario_has_no_clustered_test():
    res = simulate_power(Design(scenarios=1), sims=100)
    assert math.isnan(res.power) and "fewer than two scenarios" in res.note


def test_grid_marks_the_configured_design():
    grid = power_grid(4, 2, sims=200, seed=0, premiums=(0.1, 0.3), heterogeneities=(0.5,))
    assert set(grid["scenarios"]) == {4, 10, 20}
    assert grid.loc[grid["configured"], "scenarios"].unique().tolist() == [4]
    assert (grid.groupby("scenarios")["power"].max() <= 1).all()
