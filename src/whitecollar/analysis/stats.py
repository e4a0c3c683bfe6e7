"""Small numeric helpers: the Student t distribution and safe ratios.

The study clusters by scenario and a pilot has only a handful of scenarios,
so intervals from a normal approximation would be far too narrow: a
cluster-robust statistic with G clusters is referred to a t distribution
with G - 1 degrees of freedom. SciPy is not a dependency of the project for
one quantile function, so the t CDF is computed here from the regularised
incomplete beta function (continued fraction, as in Numerical Recipes) and
inverted by bisection; the tests pin it against tabulated values.
"""
from __future__ import annotations

import math

import numpy as np


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny, eps = 1e-300, 1e-15
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < eps:
            break
    return h


def betainc(a: float, b: float, x: float) -> float:
    """Regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _betacf(a, b, x) / a
    return 1.0 - math.exp(log_front) * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with `df` degrees of freedom."""
    if df <= 0:
        raise ValueError("the t distribution needs positive degrees of freedom")
    if math.isinf(t):
        return 1.0 if t > 0 else 0.0
    tail = 0.5 * betainc(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


def t_ppf(q: float, df: float) -> float:
    """The q-quantile of Student's t (bisection on `t_cdf`, accurate to 1e-10)."""
    if not 0.0 < q < 1.0:
        raise ValueError("quantile level must be strictly between 0 and 1")
    if q == 0.5:
        return 0.0
    if q < 0.5:
        return -t_ppf(1.0 - q, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < q:
        hi *= 2.0
        if hi > 1e12:
            return math.inf
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if t_cdf(mid, df) < q:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-10 * max(1.0, hi):
            break
    return 0.5 * (lo + hi)


def t_two_sided_p(t: float, df: float) -> float:
    """Two-sided p-value of a t statistic."""
    return 2.0 * (1.0 - t_cdf(abs(t), df))


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


def expit(x: np.ndarray | float) -> np.ndarray | float:
    """The logistic function, overflow-safe."""
    x = np.asarray(x, dtype=float)
    out = np.empty_like(x)
    pos = x >= 0
    out[pos] = 1.0 / (1.0 + np.exp(-x[pos]))
    ex = np.exp(x[~pos])
    out[~pos] = ex / (1.0 + ex)
    return out if out.ndim else float(out)


def logit(p: np.ndarray | float) -> np.ndarray | float:
    p = np.asarray(p, dtype=float)
    out = np.log(p) - np.log1p(-p)
    return out if out.ndim else float(out)
