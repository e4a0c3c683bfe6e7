"""The ratio that refuses a silent zero, and the percentile interval's edge cases."""

from __future__ import annotations

import math

import numpy as np

from whitecollar.analysis.stats import percentile_interval, ratio


def test_ratio_of_an_empty_denominator_is_nan_not_zero():
    assert math.isnan(ratio(0, 0))
    assert ratio(1, 4) == 0.25


def test_percentile_interval_keeps_infinite_ends_and_drops_nan():
    draws = np.array([1.0, 2.0, 3.0, np.inf, np.inf, np.nan] + [2.5] * 14)
    lo, hi = percentile_interval(draws)
    assert lo == 1.0 and math.isinf(hi)
    assert all(math.isnan(v) for v in percentile_interval(np.array([np.nan])))
