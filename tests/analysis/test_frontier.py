"""The dependency frontier recovers a known logistic curve and its half-success depth."""

from __future__ import annotations

import math

import numpy as np
import pytest
from analysis_helpers import make_synthetic_pilot

from whitecollar.analysis.frontier import fit_frontier, frontier_frame, frontiers, half_success_depth

A, B = 3.0, -0.1  # logit P = 3 - 0.1 depth: success falls to one half at depth 30
TRUE_D50 = 30.0


def _known_frontier(i, arm, depth):
    return 1 / (1 + math.exp(-(A + B * depth)))


@pytest.fixture(scope="module")
def known():
    depths = list(np.linspace(8, 58, 36))
    return make_synthetic_pilot(36, 12, _known_frontier, arms=("A1",), depths=depths, seed=21)


@pytest.mark.parametrize("method", ["firth", "ml"])
def test_recovers_slope_and_half_success_depth(known, method):
    fit = fit_frontier(known, "A1", replicates=800, seed=5, method=method)
    assert fit.identifiable and fit.replicates_used > 700
    assert fit.slope_lo <= B <= fit.slope_hi
    assert fit.d50_lo <= TRUE_D50 <= fit.d50_hi
    assert fit.d50 == pytest.approx(TRUE_D50, abs=3.0)
    assert fit.share_decreasing == 1.0
    truth = 1 / (1 + np.exp(-(A + B * fit.grid)))
    inside = (fit.curve_lo <= truth) & (truth <= fit.curve_hi)
    assert inside.mean() > 0.9


def test_one_depth_is_not_a_frontier(make_pilot):
    pilot = make_pilot(3, 4, lambda i, a, d: 0.5, depths=[21.0, 21.0, 21.0])
    fit = fit_frontier(pilot, "A1", replicates=50)
    assert not fit.identifiable and math.isnan(fit.d50)
    assert "one distinct designed depth" in fit.note


def test_separated_data_still_give_a_finite_firth_frontier(make_pilot):
    pilot = make_pilot(4, 3, lambda i, a, d: 1.0 if d < 30 else 0.0, depths=[15.0, 25.0, 35.0, 45.0])
    fit = fit_frontier(pilot, "A1", replicates=200, seed=2)
    assert fit.identifiable and 25 < fit.d50 < 35 and fit.slope < 0
    assert not fit_frontier(pilot, "A1", replicates=50, method="ml").identifiable


def test_half_success_depth_conventions():
    assert half_success_depth(3.0, -0.1) == pytest.approx(30.0)
    assert math.isinf(half_success_depth(1.0, 0.2))  # success never falls
    assert half_success_depth(-1.0, -0.1) == 0.0  # already below one half at depth zero
    assert math.isinf(half_success_depth(1.0, -1e-15))  # a flat curve is not a falling one


def test_frame_has_one_row_per_arm(make_pilot):
    pilot = make_pilot(5, 2, lambda i, a, d: 0.5, arms=("A1", "A2", "A3"))
    frame = frontier_frame(frontiers(pilot, replicates=50, seed=1))
    assert list(frame["arm"]) == ["A1", "A2", "A3"]
