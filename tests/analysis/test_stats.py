"""The Student t functions against tabulated quantiles, and the percentile interval's edge cases."""
from __future__ import annotations

import math

import numpy as np
import pytest

from whitecollar.analysis.stats import expit, logit, percentile_interval, ratio, t_cdf, t_ppf, t_two_sided_p


@pytest.mark.parametrize("df, q, expected", [
    (1, 0.975, 12.7062047), (2, 0.975, 4.3026527), (3, 0.975, 3.1824463), (9, 0.975, 2.2621572),
    (30, 0.975, 2.0422725), (5, 0.95, 2.0150484), (1000, 0.975, 1.9623391),
])
def test_t_quantiles_match_tables(df, q, expected):
    assert t_ppf(q, df) == pytest.approx(expected, abs=1e-6)
    assert t_ppf(1 - q, df) == pytest.approx(-expected, abs=1e-6)


def test_t_cdf_is_a_distribution_function():
    assert t_cdf(0.0, 4) == pytest.approx(0.5)
    assert t_cdf(2.776445, 4) == pytest.approx(0.975, abs=1e-6)
    assert t_cdf(-math.inf, 3) == 0.0 and t_cdf(math.inf, 3) == 1.0
    assert t_two_sided_p(2.262157, 9) == pytest.approx(0.05, abs=1e-6)


def test_ratio_of_an_empty_denominator_is_nan_not_zero():
    assert math.isnan(ratio(0, 0))
    assert ratio(1, 4) == 0.25


def test_percentile_interval_keeps_infinite_ends_and_drops_nan():
    draws = np.array([1.0, 2.0, 3.0, np.inf, np.inf, np.nan] + [2.5] * 14)
    lo, hi = percentile_interval(draws)
    assert lo == 1.0 and math.isinf(hi)
    assert all(math.isnan(v) for v in percentile_interval(np.array([np.nan])))


def test_expit_and_logit_are_inverse_and_overflow_safe():
    x = np.array([-800.0, -3.0, 0.0, 3.0, 800.0])
    p = expit(x)
    assert np.all((p >= 0) & (p <= 1)) and p[2] == 0.5
    assert logit(expit(1.25)) == pytest.approx(1.25)
