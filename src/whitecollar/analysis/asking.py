"""Asking for clarification, scored as a classifier across scenarios.

A scenario with a clarification element has a question that must be asked;
a scenario without one is a twin in which asking is wrong (the worker
should complete the work). Counting only how often the right question is
asked (recall) rewards a worker that always asks; counting only how rarely
it asks wrongly rewards one that never asks. So the table gives both sides:

* recall: justified clarifications / runs on scenarios that need one;
* precision: justified clarifications / runs in which the worker raised a
  question or abstained (any status other than completed, or the expected
  question listed in its completion record);
* specificity: runs on twin scenarios that did not raise a question / runs on twins;
* balanced accuracy: the mean of recall and specificity. A worker that
  always asks, or never does, scores one half: chance, whatever the mix of
  scenarios, which is why it is the headline figure.

When the benchmark has no twins (or no clarification scenarios) the
measures that need them are NaN, and the table says so; precision alone
cannot punish indiscriminate asking without twins.
"""

from __future__ import annotations

import pandas as pd

from whitecollar.analysis.data import Pilot
from whitecollar.analysis.stats import ratio

COLUMNS = [
    "arm",
    "clarification_runs",
    "justified",
    "recall",
    "twin_runs",
    "raised_on_twins",
    "specificity",
    "raised",
    "precision",
    "balanced_accuracy",
]


def asking_row(arm: str, runs: pd.DataFrame) -> dict:
    """Precision, recall, specificity and balanced accuracy of one worker's asking."""
    need = runs[runs["clarification_expected"]]
    twins = runs[~runs["clarification_expected"]]
    justified = int(need["justified_clarification"].sum())
    raised = int(runs["raised"].sum())
    raised_on_twins = int(twins["raised"].sum())
    recall = ratio(justified, len(need))
    specificity = ratio(len(twins) - raised_on_twins, len(twins))
    return {
        "arm": arm,
        "clarification_runs": int(len(need)),
        "justified": justified,
        "recall": recall,
        "twin_runs": int(len(twins)),
        "raised_on_twins": raised_on_twins,
        "specificity": specificity,
        "raised": raised,
        "precision": ratio(justified, raised),
        "balanced_accuracy": (recall + specificity) / 2.0,
    }


def degenerate_workers(runs: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """The same runs answered by a worker that always asks (the right question) and one that never asks."""
    always = runs.assign(raised=True, justified_clarification=runs["clarification_expected"])
    never = runs.assign(raised=False, justified_clarification=False)
    return {"always asks": always, "never asks": never}


def asking_table(pilot: Pilot, *, with_references: bool = True) -> pd.DataFrame:
    """One row per arm, then (optionally) the two degenerate askers on the same design."""
    ev = pilot.evaluated
    rows = [asking_row(arm, ev[ev["arm"] == arm]) for arm in pilot.arms]
    if with_references and len(ev):
        rows += [asking_row(f"({name})", frame) for name, frame in degenerate_workers(ev).items()]
    return pd.DataFrame(rows, columns=COLUMNS)
