"""Least squares with fixed effects and cluster-robust standard errors, in numpy.

Scenarios that ask for an econometric estimate need the same figure in the
generator (to write the oracle and to check that plausible wrong
computations fall outside the tolerance) and in the blind solver. The
estimator is short enough to write out, which also makes the conventions
explicit instead of leaving them to a statistics package's defaults:

* Two-way fixed effects: the entity effects are removed by the within
  transformation (demeaning by entity), the time effects are estimated as
  dummies (first period omitted). By the Frisch-Waugh-Lovell theorem this
  gives exactly the coefficients of a regression on entity and time dummies,
  for balanced and unbalanced panels alike.
* Cluster-robust variance (CR1): the sandwich
  (X'X)^-1 (sum_g X_g' u_g u_g' X_g) (X'X)^-1 scaled by
  G/(G-1) * (N-1)/(N-K). K counts the estimated coefficients that are not
  absorbed (the regressors and the time dummies); the entity effects are
  not counted, as is usual when they are nested within the clusters
  (reghdfe, xtreg fe). `count_absorbed=True` adds them to K, which
  reproduces the larger figure of a regression on explicit dummies
  (areg, statsmodels OLS with dummies); with a few hundred entities the two
  differ by several percent.
* Conventional ("iid") and heteroskedasticity-robust ("hc1") variances use
  the residual degrees of freedom N - K - E, where E is the number of
  absorbed entity effects.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

VCOV_KINDS = ("cluster", "iid", "hc1")


@dataclass
class Fit:
    """Coefficients and their variance, with what is needed to report them."""

    names: list[str]
    coef: np.ndarray
    vcov: np.ndarray
    n: int
    k: int  # coefficients counted in the small-sample correction
    absorbed: int  # absorbed entity effects (0 without entity effects)
    groups: int | None  # number of clusters (None unless clustered)
    kind: str
    residuals: np.ndarray = field(repr=False, default_factory=lambda: np.zeros(0))

    def index(self, name: str) -> int:
        return self.names.index(name)

    def b(self, name: str) -> float:
        return float(self.coef[self.index(name)])

    def se(self, name: str) -> float:
        i = self.index(name)
        return float(math.sqrt(max(self.vcov[i, i], 0.0)))


def _codes(labels: Sequence[Hashable]) -> tuple[np.ndarray, int]:
    """Integer codes 0..G-1 for arbitrary labels, in order of first appearance."""
    seen: dict[Hashable, int] = {}
    out = np.empty(len(labels), dtype=np.int64)
    for i, lab in enumerate(labels):
        out[i] = seen.setdefault(lab, len(seen))
    return out, len(seen)


def demean(values: np.ndarray, groups: Sequence[Hashable]) -> np.ndarray:
    """Subtract each group's mean from its rows (the within transformation)."""
    arr = np.asarray(values, dtype=float)
    two_d = arr.ndim == 2
    mat = arr if two_d else arr[:, None]
    codes, g = _codes(groups)
    sums = np.zeros((g, mat.shape[1]))
    np.add.at(sums, codes, mat)
    counts = np.bincount(codes, minlength=g).astype(float)
    out = mat - (sums / counts[:, None])[codes]
    return out if two_d else out[:, 0]


def _variance(
    x: np.ndarray,
    u: np.ndarray,
    xtx_inv: np.ndarray,
    *,
    kind: str,
    clusters: Sequence[Hashable] | None,
    k: int,
    absorbed: int,
) -> tuple[np.ndarray, int | None]:
    n = x.shape[0]
    if kind == "cluster":
        if clusters is None:
            raise ValueError("clustered variance needs cluster labels")
        codes, g = _codes(clusters)
        if g < 2:
            raise ValueError("clustered variance needs at least two clusters")
        scores = np.zeros((g, x.shape[1]))
        np.add.at(scores, codes, x * u[:, None])
        meat = scores.T @ scores
        scale = g / (g - 1) * (n - 1) / (n - k)
        return xtx_inv @ meat @ xtx_inv * scale, g
    dof = n - x.shape[1] - absorbed
    if dof <= 0:
        raise ValueError("no residual degrees of freedom")
    if kind == "iid":
        return xtx_inv * float(u @ u) / dof, None
    if kind == "hc1":
        meat = (x * (u**2)[:, None]).T @ x
        return xtx_inv @ meat @ xtx_inv * n / dof, None
    raise ValueError(f"unknown variance kind {kind!r}; use one of {VCOV_KINDS}")


def _solve(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    xtx = x.T @ x
    xtx_inv = np.linalg.inv(xtx)
    beta = xtx_inv @ (x.T @ y)
    return beta, y - x @ beta, xtx_inv


def _columns(regressors: Mapping[str, Sequence[float]], n: int) -> tuple[list[str], np.ndarray]:
    names = list(regressors)
    cols = [np.asarray(regressors[k], dtype=float) for k in names]
    for name, col in zip(names, cols):
        if col.shape != (n,):
            raise ValueError(f"regressor {name!r} has {col.shape[0] if col.ndim else 0} values, y has {n}")
    return names, (np.column_stack(cols) if cols else np.zeros((n, 0)))


def ols(
    y: Sequence[float],
    regressors: Mapping[str, Sequence[float]],
    *,
    intercept: bool = True,
    vcov: str = "cluster",
    cluster: Sequence[Hashable] | None = None,
) -> Fit:
    """Pooled OLS (no fixed effects); "const" is the intercept's name."""
    yv = np.asarray(y, dtype=float)
    names, x = _columns(regressors, yv.shape[0])
    if intercept:
        names, x = ["const", *names], np.column_stack([np.ones(yv.shape[0]), x])
    beta, u, inv = _solve(x, yv)
    v, g = _variance(x, u, inv, kind=vcov, clusters=cluster, k=x.shape[1], absorbed=0)
    return Fit(names, beta, v, int(yv.shape[0]), x.shape[1], 0, g, vcov, u)


def twfe(
    y: Sequence[float],
    regressors: Mapping[str, Sequence[float]],
    entity: Sequence[Hashable],
    time: Sequence[SupportsRichComparison],
    *,
    vcov: str = "cluster",
    cluster: Sequence[Hashable] | None = None,
    count_absorbed: bool = False,
) -> Fit:
    """OLS with entity and time fixed effects (see the module docstring for conventions).

    The fit's names are the regressors followed by one "time=<t>" dummy per
    period but the first (in sorted order). `cluster` defaults to `entity`.
    """
    yv = np.asarray(y, dtype=float)
    n = yv.shape[0]
    if len(entity) != n or len(time) != n:
        raise ValueError("entity and time labels must have one value per observation")
    names, x = _columns(regressors, n)
    periods = sorted(set(time))
    dummies = (
        np.column_stack([[1.0 if t == p else 0.0 for t in time] for p in periods[1:]])
        if len(periods) > 1
        else np.zeros((n, 0))
    )
    names = names + [f"time={p}" for p in periods[1:]]
    x = np.column_stack([x, dummies])
    xd = demean(x, entity)
    yd = demean(yv, entity)
    beta, u, inv = _solve(xd, yd)
    _, e = _codes(entity)
    k = xd.shape[1] + (e if count_absorbed else 0)
    v, g = _variance(xd, u, inv, kind=vcov, clusters=entity if cluster is None else cluster, k=k, absorbed=e)
    return Fit(names, beta, v, n, k, e, g, vcov, u)
