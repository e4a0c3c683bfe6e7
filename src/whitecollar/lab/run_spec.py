"""What a worker backend is given for one run, and the seed it draws from.

Kept apart from the backends themselves so that each backend module
(`backends` for the simulated worker, `claude_code` for the Claude Code
CLI) imports the run's description without importing the others.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class RunSpec:
    run_id: str
    task_id: str
    bundle: str
    arm: str
    repeat: int
    node: str
    time_limit_s: int
    budget_usd: float


class Backend(Protocol):
    name: str
    simulated: bool

    def argv(self, run: RunSpec, arm: dict[str, Any]) -> list[str]: ...

    def describe(self, run: RunSpec) -> dict[str, Any]: ...


def run_seed(study_seed: int, run: RunSpec) -> int:
    """A seed per run, stable across invocations and independent of launch order."""
    digest = hashlib.sha256(f"{study_seed}|{run.run_id}|{run.bundle}".encode()).hexdigest()
    return int(digest[:12], 16)


#: the labels of runs whose worker was not a real model: SIMULATED (no client, no model) and
#: SCRIPTED MODEL (the real client, a scripted stand-in for the model, lab/scripted_model.py)
SIMULATED_LABEL = "SIMULATED"
SCRIPTED_LABEL = "SCRIPTED MODEL"
MEASURED_LABEL = "measured"


def worker_label(record: dict[str, Any]) -> str:
    """How a run's figures must be labelled, from its run.json: no figure of a stand-in passes for a measurement."""
    if record.get("simulated"):
        return SIMULATED_LABEL
    if record.get("model_source") == "scripted":
        return SCRIPTED_LABEL
    return MEASURED_LABEL


def records_label(records: list[dict[str, Any]]) -> str:
    """The label of figures built from several runs: the strongest stand-in among them."""
    labels = {worker_label(r) for r in records}
    for label in (SIMULATED_LABEL, SCRIPTED_LABEL):
        if label in labels:
            return label
    return MEASURED_LABEL
