"""IRLS logistic regression: recovers known coefficients, survives separation, batches agree with single fits."""
from __future__ import annotations

import numpy as np
import pytest

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
