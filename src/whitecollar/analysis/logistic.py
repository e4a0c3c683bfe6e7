"""Binomial logistic regression by iteratively reweighted least squares, in numpy.

The dependency frontier is a logistic curve of success in designed depth,
fitted per arm on a pilot with few scenarios and a few repeats each. With
so little data, maximum likelihood often does not exist: an arm that
succeeds on every shallow scenario and fails on every deep one is perfectly
separated, and IRLS walks off to infinity. Firth's penalised likelihood
(the Jeffreys-prior penalty, 0.5 log det of the information) always has a
finite maximum and removes the first-order bias of the ML estimate, which
is why the frontier uses it by default; plain ML is kept for comparison and
for the tests.

Both are written for aggregated data (successes k out of n trials per row)
and for a batch of fits sharing one design matrix: a cluster-bootstrap
replicate is the same scenarios reweighted by how often each was drawn, so
thousands of replicates are one vectorised IRLS instead of a Python loop.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.special import expit

METHODS = ("ml", "firth")
#: on a standardised design, an ML coefficient this large means the estimate ran away (separation)
RUNAWAY = 25.0


@dataclass(frozen=True)
class LogisticFit:
    coef: np.ndarray
    converged: bool
    iterations: int
    loglik: float
    method: str
    #: the ML estimate ran away (separation): the coefficients are not estimates
    separated: bool


@dataclass(frozen=True)
class BatchFit:
    coef: np.ndarray  # (B, p)
    converged: np.ndarray  # (B,)
    loglik: np.ndarray  # (B,) penalised for Firth
    separated: np.ndarray  # (B,)
    iterations: int


def _information(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    return np.einsum("bi,ij,ik->bjk", w, x, x)


def _objective(x: np.ndarray, k: np.ndarray, n: np.ndarray, beta: np.ndarray, firth: bool) -> np.ndarray:
    eta = beta @ x.T
    # log p = -log(1 + e^-eta), log(1 - p) = -log(1 + e^eta), both overflow-safe
    ll = np.sum(-k * np.logaddexp(0.0, -eta) - (n - k) * np.logaddexp(0.0, eta), axis=1)
    if firth:
        p = expit(eta)
        sign, logdet = np.linalg.slogdet(_information(x, n * p * (1.0 - p)))
        ll = ll + np.where(sign > 0, 0.5 * logdet, -np.inf)
    return ll


def fit_logistic_batch(
    x: np.ndarray,
    k: np.ndarray,
    n: np.ndarray,
    *,
    method: str = "firth",
    max_iter: int = 100,
    tol: float = 1e-9,
) -> BatchFit:
    """Fit logit P = x @ beta for each row b of k and n (successes and trials per design row).

    Newton steps on the (penalised) log-likelihood with step halving per
    fit, so every accepted step increases its objective. Design rows with
    n == 0 in a fit simply carry no weight in it.
    """
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}; use one of {METHODS}")
    x = np.asarray(x, dtype=float)
    k = np.atleast_2d(np.asarray(k, dtype=float))
    n = np.atleast_2d(np.asarray(n, dtype=float))
    firth = method == "firth"
    b, p = k.shape[0], x.shape[1]
    beta = np.zeros((b, p))
    current = _objective(x, k, n, beta, firth)
    active = np.ones(b, dtype=bool)
    converged = np.zeros(b, dtype=bool)
    ridge = 1e-10 * np.eye(p)
    it = 0
    for it in range(1, max_iter + 1):  # noqa: B007 - the count of iterations is returned
        idx = np.flatnonzero(active)
        if idx.size == 0:
            break
        xb, kb, nb, bb = x, k[idx], n[idx], beta[idx]
        prob = expit(bb @ xb.T)
        w = nb * prob * (1.0 - prob)
        info_inv = np.linalg.inv(_information(xb, w) + ridge)
        resid = kb - nb * prob
        if firth:  # hat values of the weighted design: h_i = w_i x_i' I^-1 x_i
            h = w * np.einsum("ij,bjk,ik->bi", xb, info_inv, xb)
            resid = resid + h * (0.5 - prob)
        step = np.einsum("bjk,bk->bj", info_inv, resid @ xb)
        scale = np.ones(idx.size)
        cand = bb + step
        value = _objective(xb, kb, nb, cand, firth)
        worse = value < current[idx] - 1e-12
        while worse.any():
            scale[worse] /= 2.0
            cand[worse] = bb[worse] + scale[worse, None] * step[worse]
            value[worse] = _objective(xb, kb[worse], nb[worse], cand[worse], firth)
            worse = (value < current[idx] - 1e-12) & (scale >= 1e-8)
        beta[idx], current[idx] = cand, value
        done = np.max(np.abs(scale[:, None] * step), axis=1) < tol
        converged[idx[done]] = True
        active[idx[done]] = False
    separated = (~converged | (np.max(np.abs(beta), axis=1) > RUNAWAY)) if not firth else np.zeros(b, dtype=bool)
    return BatchFit(beta, converged, current, separated, it)


def fit_logistic(
    x: np.ndarray,
    k: np.ndarray,
    n: np.ndarray,
    *,
    method: str = "firth",
    max_iter: int = 100,
    tol: float = 1e-9,
) -> LogisticFit:
    """One fit of logit P(success) = x @ beta to k successes out of n trials per row."""
    x = np.asarray(x, dtype=float)
    k = np.asarray(k, dtype=float)
    n = np.asarray(n, dtype=float)
    keep = n > 0
    batch = fit_logistic_batch(x[keep], k[keep][None, :], n[keep][None, :], method=method, max_iter=max_iter, tol=tol)
    return LogisticFit(
        batch.coef[0],
        bool(batch.converged[0]),
        batch.iterations,
        float(batch.loglik[0]),
        method,
        bool(batch.separated[0]),
    )
