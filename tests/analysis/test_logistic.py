"""IRLS logistic regression: recovers known coefficients, survives separation, batches agree with single fits.

Cross-checked against independent references: plain ML against statsmodels'
binomial GLM on the same aggregated data; Firth's estimate against the
Jeffreys-penalised log-likelihood (statsmodels' log-likelihood and Hessian,
the penalty's gradient in its trace form) maximised by scipy.optimize, and
against its closed forms (one proportion, a 2 x 2 table), where Firth's
estimate is the empirical logit with a half added to every cell.
"""

from __future__ import annotations

import numpy as np
import pytest
import statsmodels.api as sm
from scipy import optimize, special

from whitecollar.analysis.logistic import fit_logistic, fit_logistic_batch


def _data(seed: int = 3, n_rows: int = 40, trials: int = 200):
    rng = np.random.default_rng(seed)
    z = np.linspace(-2, 2, n_rows)
    x = np.column_stack([np.ones(n_rows), z])
    p = 1 / (1 + np.exp(-(0.4 - 1.3 * z)))
    n = np.full(n_rows, trials, dtype=float)
    return x, rng.binomial(trials, p).astype(float), n


@pytest.mark.parametrize("method", ["ml", "firth"])
def test_recovers_known_coefficients(method):
    x, k, n = _data()
    fit = fit_logistic(x, k, n, method=method)
    assert fit.converged and not fit.separated
    assert fit.coef == pytest.approx([0.4, -1.3], abs=0.08)


def test_ml_flags_separation_and_firth_stays_finite():
    x = np.column_stack([np.ones(4), [-1.5, -0.5, 0.5, 1.5]])
    k, n = np.array([3.0, 3.0, 0.0, 0.0]), np.full(4, 3.0)
    assert fit_logistic(x, k, n, method="ml").separated
    firth = fit_logistic(x, k, n, method="firth")
    assert firth.converged and np.all(np.abs(firth.coef) < 10) and firth.coef[1] < 0


def test_batch_equals_one_fit_per_row():
    x, k, n = _data(seed=5, n_rows=6, trials=5)
    rng = np.random.default_rng(1)
    mult = rng.integers(0, 3, size=(25, 6)).astype(float)
    mult[:, :2] = np.maximum(mult[:, :2], 1)  # two distinct rows drawn in every replicate
    batch = fit_logistic_batch(x, k[None] * mult, n[None] * mult)
    for b in range(25):
        single = fit_logistic(x, k * mult[b], n * mult[b])
        assert batch.coef[b] == pytest.approx(single.coef, abs=1e-7)


def test_unknown_method_is_refused():
    with pytest.raises(ValueError, match="unknown method"):
        fit_logistic(np.ones((2, 1)), np.ones(2), np.ones(2), method="probit")


def _random_design(seed: int, rows: int, cols: int, max_trials: int):
    """Aggregated binomial data on a random design with an intercept; some rows carry no trials."""
    rng = np.random.default_rng(seed)
    x = np.column_stack([np.ones(rows), rng.normal(0.0, 1.0, (rows, cols - 1))])
    beta = rng.normal(0.0, 0.8, cols)
    n = rng.integers(0, max_trials + 1, rows).astype(float)
    k = rng.binomial(n.astype(int), special.expit(x @ beta)).astype(float)
    return x, k, n


#: (seed, rows, columns, most trials per row): few and many rows, Bernoulli and binomial rows
DESIGNS = [(11, 30, 2, 1), (12, 12, 3, 6), (13, 80, 4, 20), (14, 25, 2, 40), (15, 200, 5, 3)]


def _glm(x, k, n):
    keep = n > 0
    return sm.GLM(np.column_stack([k[keep], n[keep] - k[keep]]), x[keep], family=sm.families.Binomial())


def _log_binomial_coefficients(k, n) -> float:
    return float(np.sum(special.gammaln(n + 1) - special.gammaln(k + 1) - special.gammaln(n - k + 1)))


@pytest.mark.parametrize("seed, rows, cols, trials", DESIGNS)
def test_ml_agrees_with_statsmodels_binomial_glm(seed, rows, cols, trials):
    x, k, n = _random_design(seed, rows, cols, trials)
    ref = _glm(x, k, n).fit(tol=1e-13)
    fit = fit_logistic(x, k, n, method="ml")
    assert fit.converged and not fit.separated and ref.converged
    np.testing.assert_allclose(fit.coef, ref.params, rtol=0, atol=1e-8)
    # statsmodels' log-likelihood includes the binomial coefficients, which do not depend on beta
    assert fit.loglik == pytest.approx(ref.llf - _log_binomial_coefficients(k, n), abs=1e-9)


def test_ml_batch_agrees_with_statsmodels_per_replicate():
    x, k, n = _random_design(21, 15, 3, 8)
    mult = np.random.default_rng(22).integers(0, 3, size=(6, 15)).astype(float)
    batch = fit_logistic_batch(x, k[None] * mult, n[None] * mult, method="ml")
    for b in range(mult.shape[0]):
        ref = _glm(x, k * mult[b], n * mult[b]).fit(tol=1e-13)
        np.testing.assert_allclose(batch.coef[b], ref.params, rtol=0, atol=1e-8)


def _firth_reference(x, k, n) -> tuple[np.ndarray, float]:
    """Maximise loglik + 0.5 log det I(beta) with scipy.optimize; I = -Hessian of statsmodels' GLM (canonical link)."""
    model = _glm(x, k, n)
    xs, ns = x[n > 0], n[n > 0]

    def negative(beta):
        return -(model.loglike(beta) + 0.5 * np.linalg.slogdet(-model.hessian(beta))[1])

    def gradient(beta):
        p = special.expit(xs @ beta)
        info_inv = np.linalg.inv(-model.hessian(beta))
        # d/d beta_j of 0.5 log det I = 0.5 tr(I^-1 X' diag(n p (1 - p) (1 - 2p) x_j) X)
        dw = ns * p * (1 - p) * (1 - 2 * p)
        penalty = [0.5 * np.trace(info_inv @ (xs.T * (dw * xs[:, j])) @ xs) for j in range(xs.shape[1])]
        return -(model.score(beta) + np.asarray(penalty))

    start = np.zeros(x.shape[1])  # BFGS's first step scaled by the information there, not by the identity
    scale = np.linalg.inv(-model.hessian(start))
    res = optimize.minimize(
        negative,
        start,
        jac=gradient,
        method="BFGS",
        options={"gtol": 1e-10, "maxiter": 10_000, "hess_inv0": (scale + scale.T) / 2},
    )
    # BFGS stops where the objective is flat to rounding; MINPACK then solves gradient = 0 from there
    # (to rounding too, which it may report as slow progress: the check below is what counts)
    root = optimize.root(gradient, res.x, method="hybr", options={"xtol": 1e-14})
    # stationary: the Newton step left at the answer is far below the tolerances of the tests
    assert np.max(np.abs(np.linalg.solve(-model.hessian(root.x), gradient(root.x)))) < 1e-10
    return root.x, -negative(root.x) - _log_binomial_coefficients(k[n > 0], ns)


@pytest.mark.parametrize("seed, rows, cols, trials", DESIGNS)
def test_firth_agrees_with_the_penalised_likelihood_maximised_by_scipy(seed, rows, cols, trials):
    x, k, n = _random_design(seed, rows, cols, trials)
    coef, objective = _firth_reference(x, k, n)
    fit = fit_logistic(x, k, n, method="firth")
    assert fit.converged
    np.testing.assert_allclose(fit.coef, coef, rtol=0, atol=1e-8)
    assert fit.loglik == pytest.approx(objective, abs=1e-9)


def test_firth_agrees_with_the_optimiser_under_separation():
    # every success below the median of z, every failure above: no ML estimate, a finite Firth one
    rng = np.random.default_rng(31)
    z = np.sort(rng.normal(0.0, 1.0, 16))
    x = np.column_stack([np.ones(16), z, rng.normal(0.0, 1.0, 16)])
    n = np.full(16, 2.0)
    k = np.where(z < np.median(z), 2.0, 0.0)
    assert fit_logistic(x, k, n, method="ml").separated
    coef, objective = _firth_reference(x, k, n)
    fit = fit_logistic(x, k, n, method="firth")
    # 5e-8 apart: the 1e-10 ridge that keeps IRLS invertible enters the hat values, and the information's
    # smallest eigenvalue here is 0.02, so the fixed point moves by about 1e-10 / 0.02 / 0.01 (the curvature)
    np.testing.assert_allclose(fit.coef, coef, rtol=0, atol=1e-7)
    assert fit.loglik == pytest.approx(objective, abs=1e-9)


@pytest.mark.parametrize("k, n", [(0, 5), (3, 10), (7, 7), (1, 40)])
def test_firth_of_one_proportion_is_the_logit_with_a_half_added(k, n):
    fit = fit_logistic(np.ones((1, 1)), np.array([float(k)]), np.array([float(n)]), method="firth")
    assert fit.coef[0] == pytest.approx(np.log((k + 0.5) / (n - k + 0.5)), abs=1e-9)


@pytest.mark.parametrize("table", [((3, 10), (7, 10)), ((0, 8), (5, 9)), ((4, 4), (0, 6)), ((12, 30), (1, 25))])
def test_firth_on_a_two_by_two_table_adds_a_half_to_every_cell(table):
    (k0, n0), (k1, n1) = table
    x = np.array([[1.0, 0.0], [1.0, 1.0]])
    fit = fit_logistic(x, np.array([k0, k1], float), np.array([n0, n1], float), method="firth")
    logit0 = np.log((k0 + 0.5) / (n0 - k0 + 0.5))
    logit1 = np.log((k1 + 0.5) / (n1 - k1 + 0.5))
    np.testing.assert_allclose(fit.coef, [logit0, logit1 - logit0], rtol=0, atol=1e-9)
