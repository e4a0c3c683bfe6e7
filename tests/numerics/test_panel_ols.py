"""The numpy least-squares estimator with fixed effects and cluster-robust variances.

Checked two ways: against the sandwich written out on an explicit dummy
regression, and against statsmodels (OLS on entity and time dummies from a
formula, its own cluster-robust, HC1 and conventional variances) on seeded
random panels of several shapes.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pandas as pd
import pytest
import statsmodels.formula.api as smf

from whitecollar.numerics.panel_ols import demean, ols, twfe


def _panel(seed: int = 7, firms: int = 40, years: int = 6, drop: int = 9):
    rng = random.Random(seed)
    rows = []
    for i in range(firms):
        a = rng.gauss(10, 4)
        treated = int(i % 3 == 0)
        u = 0.0
        for t in range(years):
            u = 0.7 * u + rng.gauss(0, 1)
            d = treated * int(t >= 3)
            rows.append((f"f{i}", 2010 + t, f"r{i % 5}", d, a + 0.3 * t + 1.5 * d + u))
    for k in sorted(rng.sample(range(len(rows)), drop), reverse=True):
        del rows[k]  # unbalanced, as a cleaned panel is
    firm, year, region, dv, y = map(list, zip(*rows))
    return firm, year, region, dv, y


def _dummies(firm, year, dv):
    firms, years = sorted(set(firm)), sorted(set(year))
    cols = [np.asarray(dv, float)]
    cols += [np.array([1.0 if f == g else 0.0 for f in firm]) for g in firms]
    cols += [np.array([1.0 if t == s else 0.0 for t in year]) for s in years[1:]]
    return np.column_stack(cols)


def _sandwich(x, u, groups, k):
    inv = np.linalg.inv(x.T @ x)
    labels = sorted(set(groups))
    meat = np.zeros((x.shape[1], x.shape[1]))
    for g in labels:
        idx = [i for i, h in enumerate(groups) if h == g]
        s = x[idx].T @ u[idx]
        meat += np.outer(s, s)
    n, G = x.shape[0], len(labels)
    return inv @ meat @ inv * G / (G - 1) * (n - 1) / (n - k)


def test_within_estimator_equals_the_dummy_regression_on_an_unbalanced_panel():
    firm, year, _, dv, y = _panel()
    fit = twfe(y, {"d": dv}, firm, year)
    x = _dummies(firm, year, dv)
    beta = np.linalg.lstsq(x, np.asarray(y), rcond=None)[0]
    assert fit.b("d") == pytest.approx(beta[0], abs=1e-10)
    assert fit.n == len(y) and fit.absorbed == len(set(firm)) and fit.groups == len(set(firm))


def test_cr1_conventions_with_and_without_the_absorbed_effects():
    firm, year, _, dv, y = _panel()
    x = _dummies(firm, year, dv)
    yv = np.asarray(y)
    beta = np.linalg.lstsq(x, yv, rcond=None)[0]
    u = yv - x @ beta
    # explicit dummies, K = every coefficient (areg, statsmodels with C(firm))
    v_full = _sandwich(x, u, firm, x.shape[1])
    assert twfe(y, {"d": dv}, firm, year, count_absorbed=True).se("d") == pytest.approx(
        math.sqrt(v_full[0, 0]), rel=1e-9
    )
    # K without the firm effects (reghdfe, xtreg fe): the same sandwich, a smaller correction
    n, k_small = len(y), 1 + len(set(year)) - 1
    scale = (n - x.shape[1]) / (n - k_small)
    assert twfe(y, {"d": dv}, firm, year).se("d") == pytest.approx(math.sqrt(v_full[0, 0] * scale), rel=1e-9)


def test_other_clusterings_and_conventional_variances():
    firm, year, region, dv, y = _panel()
    x = _dummies(firm, year, dv)
    yv = np.asarray(y)
    beta = np.linalg.lstsq(x, yv, rcond=None)[0]
    u = yv - x @ beta
    n, p = x.shape
    v_iid = np.linalg.inv(x.T @ x) * float(u @ u) / (n - p)
    assert twfe(y, {"d": dv}, firm, year, vcov="iid").se("d") == pytest.approx(math.sqrt(v_iid[0, 0]), rel=1e-9)
    inv = np.linalg.inv(x.T @ x)
    v_hc1 = inv @ (x * (u**2)[:, None]).T @ x @ inv * n / (n - p)
    assert twfe(y, {"d": dv}, firm, year, vcov="hc1").se("d") == pytest.approx(math.sqrt(v_hc1[0, 0]), rel=1e-9)
    v_reg = _sandwich(x, u, region, x.shape[1])
    assert twfe(y, {"d": dv}, firm, year, cluster=region, count_absorbed=True).se("d") == pytest.approx(
        math.sqrt(v_reg[0, 0]), rel=1e-9
    )
    assert twfe(y, {"d": dv}, firm, year, cluster=region).groups == 5


def test_pooled_ols_with_intercept_and_cluster():
    firm, year, _, dv, y = _panel()
    treated = [1 if int(f[1:]) % 3 == 0 else 0 for f in firm]
    post = [int(t >= 2013) for t in year]
    fit = ols(y, {"treated": treated, "post": post, "d": dv}, cluster=firm)
    x = np.column_stack([np.ones(len(y)), treated, post, dv]).astype(float)
    beta = np.linalg.lstsq(x, np.asarray(y), rcond=None)[0]
    assert fit.names == ["const", "treated", "post", "d"]
    assert fit.b("d") == pytest.approx(beta[3], abs=1e-10)
    u = np.asarray(y) - x @ beta
    assert fit.se("d") == pytest.approx(math.sqrt(_sandwich(x, u, firm, 4)[3, 3]), rel=1e-9)


def test_demean_and_input_checks():
    out = demean(np.array([1.0, 3.0, 10.0, 20.0]), ["a", "a", "b", "b"])
    assert out.tolist() == [-1.0, 1.0, -5.0, 5.0]
    with pytest.raises(ValueError):
        twfe([1.0, 2.0], {"d": [0, 1, 1]}, ["a", "b"], [1, 2])
    with pytest.raises(ValueError):
        twfe([1.0, 2.0, 3.0], {"d": [0, 1, 1]}, ["a", "a", "a"], [1, 2, 3])  # one cluster
    with pytest.raises(ValueError):
        ols([1.0, 2.0, 3.0], {"d": [0, 1, 1]}, vcov="hc3")


def _random_panel(seed: int, firms: int, years: int, drop: int) -> pd.DataFrame:
    """A panel with firm and year effects, serially correlated errors, a staggered treatment and a covariate."""
    rng = np.random.default_rng(seed)
    firm = np.repeat([f"f{i:03d}" for i in range(firms)], years)
    year = np.tile(np.arange(2001, 2001 + years), firms)
    effect = np.repeat(rng.normal(5.0, 2.0, firms), years)
    start = np.repeat(rng.integers(1, years + 2, firms), years)  # some firms never treated
    d = ((year - 2000) >= start).astype(float)
    x = rng.normal(0.0, 1.0, firms * years) + 0.3 * effect
    u = np.zeros(firms * years)
    for t in range(years):
        shock = rng.normal(0.0, 1.0, firms) * (1.0 + 0.5 * (np.arange(firms) % 3))
        u[t::years] = shock if t == 0 else 0.6 * u[t - 1 :: years] + shock
    y = effect + 0.2 * (year - 2000) + 1.5 * d - 0.7 * x + u
    frame = pd.DataFrame(
        {"firm": firm, "year": year, "region": [f"r{int(f[1:]) % 5}" for f in firm], "d": d, "x": x, "y": y}
    )
    return frame.drop(index=rng.choice(len(frame), drop, replace=False)).reset_index(drop=True)


SHAPES = [(1, 40, 6, 9), (2, 15, 4, 0), (3, 120, 3, 30), (4, 8, 10, 5)]


def _reference(frame: pd.DataFrame, cov_type: str, groups: str | None = None):
    """statsmodels' OLS on explicit firm and year dummies."""
    kwds = {"groups": pd.factorize(frame[groups])[0]} if groups else {}
    return smf.ols("y ~ d + x + C(firm) + C(year)", data=frame).fit(cov_type=cov_type, cov_kwds=kwds)


def _names(periods) -> tuple[list[str], list[str]]:
    """The slopes and time effects, as `twfe` names them and as the formula does."""
    later = periods[1:]
    return ["d", "x"] + [f"time={t}" for t in later], ["d", "x"] + [f"C(year)[T.{t}]" for t in later]


@pytest.mark.parametrize("seed, firms, years, drop", SHAPES)
def test_twfe_agrees_with_statsmodels_dummy_regression(seed, firms, years, drop):
    frame = _random_panel(seed, firms, years, drop)
    periods = sorted(frame["year"].unique())
    args = (frame["y"], {"d": frame["d"], "x": frame["x"]}, list(frame["firm"]), list(frame["year"]))
    ours_names, ref_names = _names(periods)

    ref = _reference(frame, "cluster", "firm")
    fit = twfe(*args, count_absorbed=True)
    idx = [fit.index(n) for n in ours_names]
    np.testing.assert_allclose(fit.coef[idx], ref.params[ref_names].to_numpy(), rtol=0, atol=1e-9)
    np.testing.assert_allclose(fit.residuals, ref.resid.to_numpy(), rtol=0, atol=1e-9)
    # CR1 on explicit dummies: the whole covariance block of the slopes and time effects
    np.testing.assert_allclose(
        fit.vcov[np.ix_(idx, idx)], ref.cov_params().loc[ref_names, ref_names].to_numpy(), rtol=1e-9, atol=1e-14
    )
    # the default counts only the unabsorbed coefficients: the same sandwich, (N - K_all) / (N - K) smaller
    n, k_all = len(frame), len(ref.params)
    small = twfe(*args)
    assert small.k == len(ours_names)
    assert small.se("d") == pytest.approx(ref.bse["d"] * math.sqrt((n - k_all) / (n - small.k)), rel=1e-9)

    for kind, cov_type in (("iid", "nonrobust"), ("hc1", "HC1")):
        other = _reference(frame, cov_type)
        ours = twfe(*args, vcov=kind)
        np.testing.assert_allclose([ours.se(nm) for nm in ours_names], other.bse[ref_names].to_numpy(), rtol=1e-9)

    by_region = twfe(*args, cluster=list(frame["region"]), count_absorbed=True)
    assert by_region.groups == 5
    np.testing.assert_allclose(
        [by_region.se(nm) for nm in ours_names],
        _reference(frame, "cluster", "region").bse[ref_names].to_numpy(),
        rtol=1e-9,
    )


@pytest.mark.parametrize("seed, firms, years, drop", SHAPES)
def test_pooled_ols_agrees_with_statsmodels(seed, firms, years, drop):
    frame = _random_panel(seed, firms, years, drop)
    for kind, cov_type, groups in (("cluster", "cluster", "firm"), ("iid", "nonrobust", None), ("hc1", "HC1", None)):
        kwds = {"groups": pd.factorize(frame[groups])[0]} if groups else {}
        ref = smf.ols("y ~ d + x", data=frame).fit(cov_type=cov_type, cov_kwds=kwds)
        fit = ols(
            frame["y"], {"d": frame["d"], "x": frame["x"]}, vcov=kind, cluster=list(frame["firm"]) if groups else None
        )
        np.testing.assert_allclose(fit.coef, ref.params[["Intercept", "d", "x"]].to_numpy(), rtol=0, atol=1e-9)
        np.testing.assert_allclose(
            fit.vcov, ref.cov_params().loc[["Intercept", "d", "x"], ["Intercept", "d", "x"]], rtol=1e-9, atol=1e-14
        )
