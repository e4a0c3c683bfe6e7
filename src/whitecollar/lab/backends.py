"""Worker backends: how a session is started for a run.

A backend only builds the command; the transport runs it in the workspace
and the event recorder reads its stream. `simulated` (the embedded default)
starts the simulated worker with a persona drawn for the run from the arm's
mix; `claude-code` starts the Claude Code CLI (see lab/claude_code.py).
"""

from __future__ import annotations

import random
import sys
from typing import Any

from whitecollar.lab.run_spec import Backend, RunSpec, run_seed


class SimulatedBackend:
    name = "simulated"
    simulated = True

    def __init__(self, settings: dict[str, Any], study_seed: int):
        self.personas: dict[str, dict[str, float]] = settings["personas"]
        self.cost_usd: dict[str, float] = settings["cost_usd"]
        self.seconds = float(settings.get("seconds", 0.0))
        self.study_seed = study_seed

    def persona(self, run: RunSpec) -> str:
        mix = self.personas.get(run.arm)
        if not mix:
            raise KeyError(f"config.yaml: worker.simulated.personas has no mix for arm {run.arm}")
        names = sorted(k for k, v in mix.items() if v > 0)
        weights = [mix[k] for k in names]
        return random.Random(run_seed(self.study_seed, run)).choices(names, weights=weights, k=1)[0]

    def argv(self, run: RunSpec, arm: dict[str, Any]) -> list[str]:
        return [
            sys.executable,
            "-m",
            "whitecollar.lab.simulated_worker",
            "--task",
            run.task_id,
            "--persona",
            self.persona(run),
            "--seed",
            str(run_seed(self.study_seed, run)),
            "--cost-usd",
            str(self.cost_usd.get(run.arm, 1.0)),
            "--budget-usd",
            str(run.budget_usd),
            "--seconds",
            str(self.seconds),
        ]

    def describe(self, run: RunSpec) -> dict[str, Any]:
        return {"backend": self.name, "simulated": True, "persona": self.persona(run), "model": "simulated"}


def make_backend(worker: dict[str, Any], study_seed: int) -> Backend:
    if worker["backend"] == "simulated":
        return SimulatedBackend(worker["simulated"], study_seed)
    if worker["backend"] == "claude-code":
        from whitecollar.lab.claude_code import ClaudeCodeBackend

        settings = worker.get("claude_code") or {}
        personas = (
            SimulatedBackend(worker["simulated"], study_seed)
            if settings.get("scripted_model") and worker.get("simulated")
            else None
        )
        return ClaudeCodeBackend(settings, personas=personas)
    raise ValueError(f"config.yaml: unknown worker backend {worker['backend']!r}")
