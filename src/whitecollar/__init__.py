"""White-collar benchmark laboratory: scenarios, freeze, runs, grading, analysis."""

__version__ = "0.1.0"
