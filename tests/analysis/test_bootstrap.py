"""The cluster bootstrap's draws: seeded, one row per replicate, every cluster drawn G times in total."""

from __future__ import annotations

import numpy as np

from whitecollar.analysis.bootstrap import multiplicities, weighted_means


def test_multiplicities_are_seeded_and_sum_to_the_number_of_clusters():
    a, b = multiplicities(7, 50, seed=11), multiplicities(7, 50, seed=11)
    assert a.shape == (50, 7) and np.array_equal(a, b)
    assert np.all(a.sum(axis=1) == 7)
    assert not np.array_equal(a, multiplicities(7, 50, seed=12))


def test_weighted_means_ignore_clusters_without_data():
    values = np.array([1.0, np.nan, 0.0])
    mult = np.array([[1, 1, 1], [0, 3, 0], [2, 0, 1]])
    out = weighted_means(values, np.array([1.0, 1.0, 3.0]), mult)
    assert out[0] == 0.25  # (1*1 + 0*3) / (1 + 3)
    assert np.isnan(out[1])  # only the cluster without data was drawn
    assert out[2] == 0.4  # (2*1) / (2 + 3)
