"""Power: how likely the study is to detect an arm premium of a given size.

Data-generating model, per simulated study of S scenarios and R repeats per
arm and scenario (two arms: the reference A1 and one other):

    logit P(success | scenario s, A1)  = alpha + u_s
    logit P(success | scenario s, arm) = alpha + u_s + beta + v_s
    u_s ~ N(0, heterogeneity^2),  v_s ~ N(0, premium_heterogeneity^2)

`u_s` is how hard the scenario is; `v_s` is how much more (or less) the arm
helps on it than on average; both are on the logit scale. `alpha` puts the
reference arm's success at `baseline` for a median scenario, and `beta` is
calibrated so that the premium averaged over the scenario population is
`premium` on the probability scale, the unit the analysis reports.

Each simulated study is analysed as the real one is (`premium.lpm_premium`):
the difference in success rates with its cluster-robust (CR1) standard error
and a t test on S - 1 degrees of freedom. For a balanced two-arm design that
statistic has a closed form in the per-scenario differences d_s, which is
what makes thousands of studies cheap:

    estimate = mean(d_s),  se = sd(d_s) / sqrt(S) * sqrt((N - 1) / (N - 2)),  N = 2 R S

(a test checks it against `panel_ols`). The premium is detected when the
two-sided test rejects at `alpha_level` and the estimate is positive.

Why the model has a premium heterogeneity at all: repeats average away
run-to-run noise but not the scenario-to-scenario variation of the premium,
so past a few repeats only more scenarios buy power. Its default, half the
difficulty heterogeneity, is an assumption, printed with every result.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from functools import cache

import numpy as np
import pandas as pd
from scipy import stats
from scipy.special import expit, logit

PREMIUMS = (0.05, 0.10, 0.15, 0.20, 0.30)
HETEROGENEITIES = (0.25, 0.5, 1.0)
SCALE_UP = (10, 20)


@dataclass(frozen=True)
class Design:
    premium: float = 0.10
    scenarios: int = 10
    repeats: int = 3
    heterogeneity: float = 0.5
    premium_heterogeneity: float | None = None
    baseline: float = 0.5
    alpha_level: float = 0.05

    @property
    def tau_premium(self) -> float:
        return self.heterogeneity / 2.0 if self.premium_heterogeneity is None else self.premium_heterogeneity


@dataclass(frozen=True)
class PowerResult:
    design: Design
    sims: int
    seed: int
    power: float
    mcse: float  # Monte Carlo standard error of `power`
    mean_estimate: float
    beta: float  # the calibrated logit-scale arm effect
    note: str = ""

    def as_row(self) -> dict:
        row = asdict(self.design)
        row["premium_heterogeneity"] = self.design.tau_premium
        row.update(
            sims=self.sims,
            seed=self.seed,
            power=self.power,
            mcse=self.mcse,
            mean_estimate=self.mean_estimate,
            beta=self.beta,
            note=self.note,
        )
        return row


_NODES, _WEIGHTS = np.polynomial.hermite_e.hermegauss(40)
_WEIGHTS = _WEIGHTS / _WEIGHTS.sum()


def population_premium(alpha: float, beta: float, tau_u: float, tau_v: float) -> float:
    """E[expit(alpha + u + beta + v) - expit(alpha + u)] over the scenario population (Gauss-Hermite)."""
    u = tau_u * _NODES[:, None]
    v = tau_v * _NODES[None, :]
    w = _WEIGHTS[:, None] * _WEIGHTS[None, :]
    return float(np.sum(w * (expit(alpha + u + beta + v) - expit(alpha + u))))


def calibrate_beta(design: Design) -> float:
    """The logit-scale arm effect whose population-average premium is `design.premium`."""
    return _calibrated_beta(design.baseline, design.premium, design.heterogeneity, design.tau_premium)


@cache
def _calibrated_beta(baseline: float, target: float, tau_u: float, tau_v: float) -> float:
    # Cached: beta depends on neither the scenarios nor the repeats, so a power grid
    # calibrates each (premium, heterogeneity) once for all its study sizes.
    alpha = logit(baseline)
    lo, hi = -30.0, 30.0
    f_lo = population_premium(alpha, lo, tau_u, tau_v) - target
    f_hi = population_premium(alpha, hi, tau_u, tau_v) - target
    if f_lo > 0 or f_hi < 0:
        raise ValueError(f"a premium of {target} is not reachable from a baseline of {baseline}")
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if population_premium(alpha, mid, tau_u, tau_v) < target:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def clustered_difference(d: np.ndarray, repeats: int) -> tuple[np.ndarray, np.ndarray]:
    """Estimate and CR1 standard error of the premium from per-scenario differences (rows: studies)."""
    s = d.shape[-1]
    n = 2 * repeats * s
    est = d.mean(axis=-1)
    se = d.std(axis=-1, ddof=1) / math.sqrt(s) * math.sqrt((n - 1) / (n - 2))
    return est, se


def simulate_power(design: Design, *, sims: int = 2000, seed: int = 0) -> PowerResult:
    """Monte Carlo power of the clustered test for one design."""
    if design.scenarios < 2:
        return PowerResult(
            design,
            sims,
            seed,
            math.nan,
            math.nan,
            math.nan,
            math.nan,
            "fewer than two scenarios: no clustered test exists",
        )
    if design.repeats < 1:
        raise ValueError("repeats must be at least 1")
    beta = calibrate_beta(design)
    rng = np.random.default_rng(seed)
    alpha = logit(design.baseline)
    s, r = design.scenarios, design.repeats
    u = rng.normal(0.0, design.heterogeneity, size=(sims, s))
    v = rng.normal(0.0, design.tau_premium, size=(sims, s))
    y0 = rng.binomial(r, expit(alpha + u)) / r
    y1 = rng.binomial(r, expit(alpha + u + beta + v)) / r
    est, se = clustered_difference(y1 - y0, r)
    crit = stats.t.ppf(1.0 - design.alpha_level / 2.0, s - 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(se > 0, est / np.where(se > 0, se, 1.0), np.where(est > 0, np.inf, 0.0))
    detected = t > crit
    power = float(detected.mean())
    return PowerResult(design, sims, seed, power, math.sqrt(power * (1 - power) / sims), float(est.mean()), beta)


def power_grid(
    scenarios: int,
    repeats: int,
    *,
    sims: int = 2000,
    seed: int = 0,
    baseline: float = 0.5,
    premiums: tuple[float, ...] = PREMIUMS,
    heterogeneities: tuple[float, ...] = HETEROGENEITIES,
    scale_up: tuple[int, ...] = SCALE_UP,
) -> pd.DataFrame:
    """Power for the configured design (and the scale-up sizes) over premiums and heterogeneities.

    Every cell uses the same seed, so cells differ by their design only
    (common random numbers make the table smooth across columns).
    """
    sizes = [scenarios] + [n for n in scale_up if n != scenarios]
    rows = []
    for n in sizes:
        for p in premiums:
            for h in heterogeneities:
                res = simulate_power(
                    Design(premium=p, scenarios=n, repeats=repeats, heterogeneity=h, baseline=baseline),
                    sims=sims,
                    seed=seed,
                )
                row = res.as_row()
                row["configured"] = n == scenarios
                rows.append(row)
    return pd.DataFrame(rows)
