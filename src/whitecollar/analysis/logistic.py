"""Binomial logistic regression by iteratively reweighted least squares, in numpy.

The dependency frontier is a logistic curve of success in designed depth,
fitted per arm on a pilot with few scenarios and a few repeats each. With
so little data, maximum likelihood often does not exist: an arm that
succeeds on every shallow scenario and fails on every deep one is perfectly
separated, and IRLS walks off to infinity. Firth's penalised likelihood
(the Jeffreys-prior penalty, 0.5 log det of the information) always has a
finite maximum and removes the first-order bias of the ML estimate, which
is why the frontier uses it by default; plain ML is kept for comparison and
for the tests. Both are written for aggregated data (successes k out of n
trials per row), so a bootstrap replicate is a reweighting of scenario rows
rather than a bigger data set.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .stats import expit

METHODS = ("ml", "firth")


@dataclass(frozen=True)
class LogisticFit:
    coef: np.ndarray
    converged: bool
    iterations: int
    loglik: float
    method: str
    #: the ML estimate ran away (separation): the coefficients are not estimates
    separated: bool


def _loglik(k: np.ndarray, n: np.ndarray, eta: np.ndarray) -> float:
    # log p = -log(1 + e^-eta), log (1 - p) = -log(1 + e^eta), both overflow-safe
    return float(np.sum(-k * np.logaddexp(0.0, -eta) - (n - k) * np.logaddexp(0.0, eta)))


def _penalised(x: np.ndarray, k: np.ndarray, n: np.ndarray, beta: np.ndarray, firth: bool) -> float:
    eta = x @ beta
    ll = _loglik(k, n, eta)
    if firth:
        p = expit(eta)
        info = x.T @ (x * (n * p * (1.0 - p))[:, None])
        sign, logdet = np.linalg.slogdet(info)
        ll += 0.5 * logdet if sign > 0 else -math.inf
    return ll


def fit_logistic(
    x: np.ndarray, k: np.ndarray, n: np.ndarray, *, method: str = "firth", max_iter: int = 100, tol: float = 1e-9,
) -> LogisticFit:
    """Fit logit P(success) = x @ beta to k successes out of n trials per row.

    Newton steps on the (penalised) log-likelihood with step halving, so
    every accepted step increases it. Rows with n == 0 are ignored.
    """
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}; use one of {METHODS}")
    x = np.asarray(x, dtype=float)
    k = np.asarray(k, dtype=float)
    n = np.asarray(n, dtype=float)
    keep = n > 0
    x, k, n = x[keep], k[keep], n[keep]
    firth = method == "firth"
    beta = np.zeros(x.shape[1])
    current = _penalised(x, k, n, beta, firth)
    converged = False
    it = 0
    for it in range(1, max_iter + 1):
        p = expit(x @ beta)
        w = n * p * (1.0 - p)
        info = x.T @ (x * w[:, None])
        try:
            info_inv = np.linalg.inv(info)
        except np.linalg.LinAlgError:
            break
        resid = k - n * p
        if firth:
            # hat values of the weighted design: h_i = w_i x_i' I^-1 x_i
            h = w * np.einsum("ij,jk,ik->i", x, info_inv, x)
            resid = resid + h * (0.5 - p)
        step = info_inv @ (x.T @ resid)
        scale = 1.0
        while True:
            candidate = beta + scale * step
            value = _penalised(x, k, n, candidate, firth)
            if value >= current - 1e-12 or scale < 1e-8:
                break
            scale /= 2.0
        beta, current = candidate, value
        if np.max(np.abs(scale * step)) < tol:
            converged = True
            break
    separated = (not firth) and (not converged or bool(np.max(np.abs(beta)) > 25.0))
    return LogisticFit(beta, converged, it, current, method, separated)
