"""The arm premium and its clustered intervals recover a known premium, and refuse to invent an interval."""

from __future__ import annotations

import math

import numpy as np
import pytest

from whitecollar.analysis.premium import lpm_premium, premium_table
from whitecollar.numerics import panel_ols

TRUE_PREMIUM = 0.20


def _known_premium(scenario: int, arm: str, depth: float) -> float:
    base = 0.25 + 0.4 * ((scenario * 7) % 10) / 10  # scenarios differ in difficulty: 0.25 .. 0.61
    return base + (TRUE_PREMIUM if arm == "A2" else 0.0)


def test_recovers_a_known_premium_within_both_intervals(make_pilot):
    pilot = make_pilot(30, 12, _known_premium, seed=7)
    row = premium_table(pilot, replicates=1000, seed=3).set_index("arm").loc["A2"]
    assert row["scenarios"] == 30
    assert row["boot_lo"] <= TRUE_PREMIUM <= row["boot_hi"]
    assert row["lpm_lo"] <= TRUE_PREMIUM <= row["lpm_hi"]
    assert row["boot_lo"] > 0 and row["lpm_lo"] > 0 and row["lpm_p"] < 0.01
    assert row["premium"] == pytest.approx(TRUE_PREMIUM, abs=0.06)


def test_no_premium_gives_an_interval_around_zero(make_pilot):
    pilot = make_pilot(25, 8, lambda i, arm, d: 0.3 + 0.02 * (i % 10), seed=4)
    row = premium_table(pilot, replicates=1000, seed=3).set_index("arm").loc["A2"]
    assert row["boot_lo"] < 0 < row["boot_hi"] and row["lpm_lo"] < 0 < row["lpm_hi"]


def test_the_interval_is_clustered_not_run_level(make_pilot):
    """Premiums that vary between scenarios widen the interval; more repeats cannot shrink it away."""

    def heterogeneous(i, arm, d):
        return 0.5 + (0.35 if i % 2 else -0.15) * (arm == "A2")

    pilot = make_pilot(10, 40, heterogeneous, seed=2)
    row = premium_table(pilot, replicates=500, seed=1).set_index("arm").loc["A2"]
    ev = pilot.evaluated
    y = ev[ev["arm"].isin(["A1", "A2"])]
    naive = panel_ols.ols(y["success"].astype(float), {"arm": (y["arm"] == "A2").astype(float)}, vcov="hc1")
    assert row["lpm_se"] > 1.5 * naive.se("arm")


def test_lpm_matches_panel_ols_with_scenario_clusters(make_pilot):
    pilot = make_pilot(6, 3, _known_premium, seed=9)
    ev = pilot.evaluated
    out = lpm_premium(ev, "A2", "A1")
    two = ev[ev["arm"].isin(["A1", "A2"])]
    fit = panel_ols.ols(
        two["success"].astype(float),
        {"arm": (two["arm"] == "A2").astype(float)},
        vcov="cluster",
        cluster=list(two["task_id"]),
    )
    assert out["lpm_premium"] == pytest.approx(fit.b("arm"))
    assert out["lpm_se"] == pytest.approx(fit.se("arm"))
    # a t interval on G - 1 = 5 degrees of freedom: the tabulated t(0.975, 5), not the normal's 1.96
    assert (out["lpm_hi"] - out["lpm_premium"]) / out["lpm_se"] == pytest.approx(2.5705818, abs=1e-7)
    assert (out["lpm_premium"] - out["lpm_lo"]) / out["lpm_se"] == pytest.approx(2.5705818, abs=1e-7)


def test_lpm_p_value_is_two_sided_on_g_minus_one_degrees_of_freedom(make_pilot):
    pilot = make_pilot(4, 3, _known_premium, seed=9)
    out = lpm_premium(pilot.evaluated, "A2", "A1")
    t = out["lpm_premium"] / out["lpm_se"]
    # t distribution with 3 degrees of freedom, in closed form: P(|T| > t)
    x = 3 / (3 + t * t)
    tail = 1 - 2 / math.pi * (math.atan(abs(t) / math.sqrt(3)) + math.sqrt(x * (1 - x)))
    assert 0 < out["lpm_p"] < 1 and out["lpm_p"] == pytest.approx(tail, abs=1e-12)


def test_one_scenario_gives_a_point_and_no_interval(make_pilot):
    pilot = make_pilot(1, 4, _known_premium, arms=("A1", "A2", "A3"), seed=1)
    table = premium_table(pilot, replicates=200, seed=1)
    assert list(table["arm"]) == ["A2", "A3"]
    for _, row in table.iterrows():
        assert math.isfinite(row["premium"])
        assert all(math.isnan(row[c]) for c in ("boot_lo", "boot_hi", "lpm_lo", "lpm_hi", "lpm_se"))
        assert "fewer than two scenarios" in row["note"]


def test_same_seed_same_interval(make_pilot):
    pilot = make_pilot(8, 3, _known_premium, seed=5)
    a = premium_table(pilot, replicates=300, seed=42)
    b = premium_table(pilot, replicates=300, seed=42)
    assert np.allclose(a[["boot_lo", "boot_hi"]].to_numpy(), b[["boot_lo", "boot_hi"]].to_numpy())
