"""The dependency frontier: success as a function of designed depth, per arm.

For each arm a logistic curve, logit P(success) = a + b * depth, is fitted
to the runs (aggregated per scenario: successes out of evaluated runs at
that scenario's designed depth), by Firth-penalised IRLS (see `logistic`).
The depth at which success falls to one half is -a / b when b < 0; when
success does not fall with depth (b >= 0) it is infinite, and reported so;
when success is below one half already at depth zero it is zero.

Intervals come from the cluster bootstrap (scenarios resampled, seeded):
percentile intervals for the slope and the half-success depth, and a
pointwise band for the curve. Replicates that draw a single distinct depth
cannot identify a slope and are skipped; how many were used is reported.

A frontier needs at least two distinct designed depths. With one (a
benchmark of one scenario, or of several at the same depth) nothing is
fitted and the note says so: a flat line through one point is not a
frontier.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import overload

import numpy as np
import pandas as pd
from scipy.special import expit

from whitecollar.analysis.bootstrap import DEFAULT_REPLICATES, multiplicities
from whitecollar.analysis.data import Pilot
from whitecollar.analysis.logistic import fit_logistic, fit_logistic_batch
from whitecollar.analysis.stats import percentile_interval

#: the per-arm numbers of a `Frontier`, as a table's columns
COLUMNS = [
    "arm",
    "scenarios",
    "runs",
    "distinct_depths",
    "depth_min",
    "depth_max",
    "method",
    "identifiable",
    "intercept",
    "slope",
    "slope_lo",
    "slope_hi",
    "d50",
    "d50_lo",
    "d50_hi",
    "share_decreasing",
    "replicates_used",
    "note",
]
#: depths the curve is drawn over: the authoring specification's classes reach 60
GRID_MAX = 60.0
#: a slope (log-odds per operation) this close to zero is flat: equal observed rates at two
#: depths give a slope of +-1e-15, whose sign is rounding noise, not a falling frontier
FLAT = 1e-9


@dataclass
class Frontier:
    arm: str
    scenarios: int
    runs: int
    distinct_depths: int
    depth_min: float
    depth_max: float
    method: str
    identifiable: bool
    intercept: float = math.nan
    slope: float = math.nan
    slope_lo: float = math.nan
    slope_hi: float = math.nan
    d50: float = math.nan
    d50_lo: float = math.nan
    d50_hi: float = math.nan
    share_decreasing: float = math.nan
    replicates_used: int = 0
    note: str = ""
    grid: np.ndarray = field(default_factory=lambda: np.zeros(0), repr=False)
    curve: np.ndarray = field(default_factory=lambda: np.zeros(0), repr=False)
    curve_lo: np.ndarray = field(default_factory=lambda: np.zeros(0), repr=False)
    curve_hi: np.ndarray = field(default_factory=lambda: np.zeros(0), repr=False)

    @property
    def d50_extrapolated(self) -> bool:
        """The half-success depth lies outside the depths the arm was observed at."""
        return math.isfinite(self.d50) and not (self.depth_min <= self.d50 <= self.depth_max)


@overload
def half_success_depth(intercept: float, slope: float) -> float: ...
@overload
def half_success_depth(intercept: np.ndarray, slope: np.ndarray) -> np.ndarray: ...
def half_success_depth(intercept: float | np.ndarray, slope: float | np.ndarray) -> float | np.ndarray:
    """Depth at which the fitted success probability falls to 0.5.

    Infinite when success does not fall with depth (slope >= 0); zero when
    it is already below one half at depth zero (a negative crossing is not
    a depth). Clipping at zero also keeps a nearly flat falling curve from
    producing a crossing at minus billions in a bootstrap replicate.
    """
    a, b = np.asarray(intercept, dtype=float), np.asarray(slope, dtype=float)
    falling = b < -FLAT
    with np.errstate(divide="ignore", invalid="ignore"):
        d = np.where(falling, np.maximum(-a / np.where(falling, b, -1.0), 0.0), np.inf)
    return d if d.ndim else float(d)


def aggregate(pilot: Pilot, arm: str) -> pd.DataFrame:
    """Per scenario of one arm: designed depth, successes and evaluated runs (in `pilot.tasks` order)."""
    ev = pilot.evaluated
    ev = ev[ev["arm"] == arm]
    agg = ev.groupby("task_id").agg(k=("success", "sum"), n=("success", "size"))
    depth = pilot.scenarios.set_index("task_id")["depth"]
    out = pd.DataFrame({"task_id": pilot.tasks})
    out["depth"] = out["task_id"].map(depth).astype(float)
    out["k"] = out["task_id"].map(agg["k"]).fillna(0).astype(float)
    out["n"] = out["task_id"].map(agg["n"]).fillna(0).astype(float)
    return out


def _design(depth: np.ndarray, center: float, scale: float) -> np.ndarray:
    return np.column_stack([np.ones(len(depth)), (depth - center) / scale])


def _fit(
    depth: np.ndarray, k: np.ndarray, n: np.ndarray, center: float, scale: float, method: str
) -> tuple[float, float] | None:
    """(intercept, slope) on the depth scale, or None when the data cannot identify a slope."""
    used = n > 0
    if len(np.unique(depth[used])) < 2:
        return None
    fit = fit_logistic(_design(depth, center, scale), k, n, method=method)
    if fit.separated or not np.all(np.isfinite(fit.coef)):
        return None
    c0, c1 = fit.coef
    return float(c0 - c1 * center / scale), float(c1 / scale)


def _fit_replicates(
    depth: np.ndarray, k: np.ndarray, n: np.ndarray, mult: np.ndarray, center: float, scale: float, method: str
) -> tuple[np.ndarray, np.ndarray]:
    """Intercepts and slopes (depth scale) of the bootstrap replicates that identify a slope."""
    kk, nn = k[None, :] * mult, n[None, :] * mult
    levels = np.unique(depth[n > 0])
    present = (
        np.column_stack([nn[:, depth == d].sum(axis=1) > 0 for d in levels])
        if levels.size
        else np.zeros((len(mult), 0), dtype=bool)
    )
    ok = present.sum(axis=1) >= 2
    if not ok.any():
        return np.zeros(0), np.zeros(0)
    batch = fit_logistic_batch(_design(depth, center, scale), kk[ok], nn[ok], method=method)
    good = ~batch.separated & np.all(np.isfinite(batch.coef), axis=1)
    c0, c1 = batch.coef[good, 0], batch.coef[good, 1]
    return c0 - c1 * center / scale, c1 / scale


def fit_frontier(
    pilot: Pilot,
    arm: str,
    *,
    replicates: int = DEFAULT_REPLICATES,
    seed: int = 0,
    method: str = "firth",
    level: float = 0.95,
    grid: np.ndarray | None = None,
) -> Frontier:
    agg = aggregate(pilot, arm)
    used = agg[agg["n"] > 0]
    depths = agg["depth"].to_numpy(float)
    k, n = agg["k"].to_numpy(float), agg["n"].to_numpy(float)
    distinct = int(used["depth"].nunique())
    fr = Frontier(
        arm=arm,
        scenarios=int(len(used)),
        runs=int(used["n"].sum()),
        distinct_depths=distinct,
        depth_min=float(used["depth"].min()) if len(used) else math.nan,
        depth_max=float(used["depth"].max()) if len(used) else math.nan,
        method=method,
        identifiable=distinct >= 2,
    )
    top = max(GRID_MAX, fr.depth_max if math.isfinite(fr.depth_max) else 0.0)
    fr.grid = np.linspace(0.0, top, 121) if grid is None else np.asarray(grid, float)
    if not fr.identifiable:
        fr.note = (
            "no evaluated runs" if distinct == 0 else "one distinct designed depth: the frontier is not identified"
        )
        return fr
    center = float(used["depth"].mean())
    scale = float(max(used["depth"].std(ddof=0), 1.0))
    point = _fit(depths, k, n, center, scale, method)
    if point is None:
        fr.identifiable = False
        fr.note = "the maximum-likelihood fit does not exist (separation); use the Firth fit"
        return fr
    fr.intercept, fr.slope = point
    fr.d50 = half_success_depth(*point)
    fr.curve = expit(fr.intercept + fr.slope * fr.grid)
    mult = multiplicities(len(agg), replicates, seed)
    intercepts, slopes = _fit_replicates(depths, k, n, mult, center, scale, method)
    fr.replicates_used = int(slopes.size)
    if slopes.size:
        fr.slope_lo, fr.slope_hi = percentile_interval(slopes, level)
        fr.d50_lo, fr.d50_hi = percentile_interval(half_success_depth(intercepts, slopes), level)
        fr.share_decreasing = float(np.mean(slopes < -FLAT))
        band = expit(intercepts[:, None] + slopes[:, None] * fr.grid[None, :])
        alpha = (1.0 - level) / 2.0
        fr.curve_lo, fr.curve_hi = np.quantile(band, [alpha, 1.0 - alpha], axis=0)
    if len(used) < 5:
        fr.note = f"only {len(used)} scenarios: bootstrap intervals understate the uncertainty"
    return fr


def frontiers(pilot: Pilot, **kwargs) -> list[Frontier]:
    """One frontier per arm, with the same bootstrap draws for every arm (same seed)."""
    return [fit_frontier(pilot, arm, **kwargs) for arm in pilot.arms]


def frontier_frame(fits: list[Frontier]) -> pd.DataFrame:
    """The per-arm numbers of the frontier, one row per arm."""
    return pd.DataFrame([{c: getattr(f, c) for c in COLUMNS} for f in fits], columns=COLUMNS)
