"""Numerical estimators that scenarios and the analysis share (foundation layer).

`panel_ols` fits least squares with fixed effects and cluster-robust
standard errors in numpy, so that a research scenario's generator, its
reference solver and its evaluator compute the same figure the same way,
and the analysis can reuse it. It imports numpy and the standard library
only, never another part of the package.
"""
