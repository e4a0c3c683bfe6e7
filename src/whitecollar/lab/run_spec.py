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
