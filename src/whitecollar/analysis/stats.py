"""Small numeric helpers that SciPy does not provide in the form the study needs.

The distributions come from SciPy itself (`scipy.stats.t` for the
cluster-robust t statistics, `scipy.special.expit` and `logit` for the
logistic curves). What stays here is a ratio that is NaN rather than zero
when its denominator is empty, and a percentile interval that keeps
infinite bootstrap draws as an unbounded end instead of interpolating them
into NaN.
"""

from __future__ import annotations

import math

import numpy as np


def ratio(num: float, den: float) -> float:
    """num / den, or NaN when the denominator is empty (never a silent zero)."""
    return float(num) / float(den) if den else math.nan


def percentile_interval(draws: np.ndarray, level: float = 0.95) -> tuple[float, float]:
    """Equal-tailed percentile interval of bootstrap draws (NaN draws dropped).

    Order statistics rather than interpolation, widening outwards, so that
    infinite draws (a depth at which success never falls to one half) are
    kept as an unbounded end instead of turning into NaN.
    """
    draws = np.sort(np.asarray(draws, dtype=float))
    draws = draws[~np.isnan(draws)]
    if draws.size == 0:
        return math.nan, math.nan
    alpha = (1.0 - level) / 2.0
    n = draws.size
    lo = draws[int(math.floor(alpha * (n - 1)))]
    hi = draws[int(math.ceil((1.0 - alpha) * (n - 1)))]
    return float(lo), float(hi)
