"""Asking scored as a classifier: degenerate askers must not look good, a perfect one must."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from whitecollar.analysis.asking import asking_row, asking_table, degenerate_workers
from whitecollar.analysis.data import synthetic_pilot


def _design(n_clar: int, n_twin: int, repeats: int = 2) -> tuple[pd.DataFrame, pd.DataFrame]:
    tasks = [f"C-{i:02d}" for i in range(n_clar)] + [f"T-{i:02d}" for i in range(n_twin)]
    scenarios = pd.DataFrame(
        {
            "task_id": tasks,
            "depth": 20.0,
            "minutes": 100.0,
            "prompt_injection": True,
            "requires_clarification": [t.startswith("C") for t in tasks],
        }
    )
    runs = pd.DataFrame(
        [
            {"task_id": t, "arm": "A1", "repeat": r, "success": True, "clarification_expected": t.startswith("C")}
            for t in tasks
            for r in range(repeats)
        ]
    )
    return runs, scenarios


@pytest.mark.parametrize("n_clar, n_twin", [(1, 1), (1, 4), (4, 1)])
def test_always_and_never_asking_score_chance_whatever_the_mix(n_clar, n_twin):
    runs, _ = _design(n_clar, n_twin)
    workers = degenerate_workers(runs)
    always = asking_row("always", workers["always asks"])
    never = asking_row("never", workers["never asks"])
    assert always["recall"] == 1.0 and always["specificity"] == 0.0
    assert always["balanced_accuracy"] == 0.5
    assert always["precision"] == pytest.approx(n_clar / (n_clar + n_twin))
    assert never["recall"] == 0.0 and never["specificity"] == 1.0
    assert never["balanced_accuracy"] == 0.5
    assert math.isnan(never["precision"])  # never raised a question: precision does not exist


def test_a_discriminating_asker_scores_one():
    runs, _ = _design(3, 3)
    perfect = runs.assign(raised=runs["clarification_expected"], justified_clarification=runs["clarification_expected"])
    row = asking_row("perfect", perfect)
    assert row["recall"] == row["specificity"] == row["precision"] == row["balanced_accuracy"] == 1.0


def test_asking_the_wrong_question_is_not_a_justified_clarification():
    runs, _ = _design(2, 2)
    wrong = runs.assign(raised=True, justified_clarification=False)
    row = asking_row("wrong", wrong)
    assert row["recall"] == 0.0 and row["precision"] == 0.0 and row["balanced_accuracy"] == 0.0


def test_without_twins_the_measures_that_need_them_are_missing():
    runs, scenarios = _design(2, 0)
    table = asking_table(synthetic_pilot(runs.assign(raised=True, justified_clarification=True), scenarios))
    a1 = table.set_index("arm").loc["A1"]
    assert a1["recall"] == 1.0 and math.isnan(a1["specificity"]) and math.isnan(a1["balanced_accuracy"])
    assert list(table["arm"]) == ["A1", "(always asks)", "(never asks)"]
