"""The cluster bootstrap: resample scenarios, not runs.

Runs of the same scenario share its difficulty, so they are not independent
draws: resampling runs would pretend the study had as many independent
observations as runs and give intervals far too narrow. The unit resampled
is the scenario (the cluster), with all its runs in every arm, which keeps
the pairing of arms within a scenario that the premium relies on.

Every replicate is a vector of multiplicities (how often each scenario was
drawn), so estimators take them as weights instead of copying data. The
draws come from a seeded `numpy.random.Generator`, so intervals are the same
on every machine and in every rebuild.
"""

from __future__ import annotations

import numpy as np

#: replicates used by the paper's tables unless a rule says otherwise
DEFAULT_REPLICATES = 2000


def multiplicities(n_clusters: int, replicates: int, seed: int) -> np.ndarray:
    """A (replicates, n_clusters) matrix: how often each cluster is drawn in each replicate."""
    if n_clusters < 1:
        return np.zeros((replicates, 0), dtype=np.int64)
    rng = np.random.default_rng(seed)
    draws = rng.integers(0, n_clusters, size=(replicates, n_clusters))
    counts = np.zeros((replicates, n_clusters), dtype=np.int64)
    rows = np.repeat(np.arange(replicates), n_clusters)
    np.add.at(counts, (rows, draws.ravel()), 1)
    return counts


def weighted_means(values: np.ndarray, weights: np.ndarray, mult: np.ndarray) -> np.ndarray:
    """Per replicate, the weighted mean of per-cluster values (NaN clusters ignored).

    `values` has one entry per cluster (NaN where the cluster has no data),
    `weights` the cluster's own weight (1 for a plain average, professional
    minutes for the sensitivity), `mult` the multiplicities of `multiplicities`.
    """
    values = np.asarray(values, dtype=float)
    weights = np.where(np.isnan(values), 0.0, np.asarray(weights, dtype=float))
    filled = np.nan_to_num(values)
    w = mult * weights[None, :]
    den = w.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(den > 0, (w * filled[None, :]).sum(axis=1) / np.where(den > 0, den, 1.0), np.nan)
