"""The two kinds of judge: an external command, and the simulated stand-in.

Both answer the same way, with text on stdout that `answer` parses, so the
panel's validation and retry path is the same for a real LLM and for the
default pilot. A command judge is any program: it receives the paths of
the package, the rubric and the prompt as placeholders in its argv, and
the prompt on stdin, and runs in an empty temporary folder so that an
agentic CLI cannot wander into results/ and read a receipt.

The simulated judge is not blind: it derives its scores from the run's
receipt (weighted score mapped to 0..4) plus seeded noise of its own, so
that the whole path runs with no model and no key and the agreement
statistics have something realistic to measure. Its answers and every
file built from them say SIMULATED.
"""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whitecollar.freeze.rubric import Rubric
from whitecollar.processes import signal_group

PLACEHOLDERS = ("package", "rubric", "prompt", "model")
DEFAULT_TIMEOUT_S = 900.0
OUTPUT_LIMIT = 4_000_000


class JudgeLaunchError(RuntimeError):
    """The judge's command cannot be started at all: a set-up problem, not a bad answer."""


@dataclass(frozen=True)
class Request:
    package: Path
    prompt: Path
    rubric_json: Path
    rubric: Rubric


@dataclass(frozen=True)
class Reply:
    stdout: str
    exit_code: int | None = 0
    stderr: str = ""
    timed_out: bool = False
    wall_s: float | None = None


def simulated_seed(study_seed: int, judge: str, run_key: str) -> int:
    """Per judge and run, independent of the order in which judgements are made."""
    return int(hashlib.sha256(f"{study_seed}|{judge}|{run_key}".encode()).hexdigest()[:16], 16)


class SimulatedJudge:
    """Scores = 4 x the receipt's weighted score + N(0, noise_sd) per criterion, rounded and clipped."""

    def __init__(self, settings: dict[str, Any], receipt: dict[str, Any], run_key: str):
        self.name = settings["name"]
        self.noise_sd = float(settings.get("noise_sd", 0.6))
        self.cost_usd = float(settings.get("cost_usd", 0.0))
        self.seed = simulated_seed(int(settings["study_seed"]), self.name, run_key)
        self.receipt = receipt

    def ask(self, request: Request) -> Reply:
        rng = random.Random(self.seed)
        base = 4 * float(self.receipt.get("weighted_score") or 0.0)
        scores = {}
        for c in request.rubric.criteria:
            score = min(4, max(0, round(base + rng.gauss(0.0, self.noise_sd))))
            scores[c.id] = {
                "score": score,
                "reason": f"SIMULATED: the receipt's weighted score {base / 4:.3f} "
                f"({base:.2f} on the 0..4 scale) plus seeded noise",
            }
        return Reply(json.dumps({"scores": scores, "cost_usd": self.cost_usd, "simulated": True}, sort_keys=True))


def expand(template: list[str], values: dict[str, str]) -> list[str]:
    """Placeholders replaced literally, so braces elsewhere in an argument (a JSON schema) survive."""
    argv = []
    for part in template:
        for key in PLACEHOLDERS:
            part = part.replace("{" + key + "}", values.get(key, ""))
        argv.append(part)
    return argv


def _kill(proc: subprocess.Popen) -> None:
    signal_group(proc.pid)


class CommandJudge:
    """Runs the configured argv once per attempt; the prompt is on stdin."""

    def __init__(self, settings: dict[str, Any]):
        self.name = settings["name"]
        self.template = list(settings["command"])
        self.model = str(settings.get("model") or "")
        self.timeout_s = float(settings.get("timeout_s", DEFAULT_TIMEOUT_S))

    def ask(self, request: Request) -> Reply:
        values = {
            "package": str(request.package.resolve()),
            "rubric": str(request.rubric_json.resolve()),
            "prompt": str(request.prompt.resolve()),
            "model": self.model,
        }
        argv = expand(self.template, values)
        prompt = request.prompt.read_bytes()
        start = time.monotonic()
        with tempfile.TemporaryDirectory(prefix="whitecollar-judge-") as cwd:
            try:
                proc = subprocess.Popen(
                    argv,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    cwd=cwd,
                    start_new_session=True,
                )
            except (FileNotFoundError, PermissionError, NotADirectoryError) as exc:
                raise JudgeLaunchError(
                    f"judge {self.name}: cannot start {argv[0]!r} ({exc.strerror or exc}); "
                    "fix its `command` in config.yaml"
                ) from None
            try:
                out, err = proc.communicate(prompt, timeout=self.timeout_s)
                timed_out = False
            except subprocess.TimeoutExpired:
                _kill(proc)
                out, err = proc.communicate()
                timed_out = True
            except BaseException:
                _kill(proc)
                proc.wait()
                raise
        wall = round(time.monotonic() - start, 3)
        return Reply(
            out[:OUTPUT_LIMIT].decode("utf-8", "replace"),
            None if timed_out else proc.returncode,
            err[-OUTPUT_LIMIT:].decode("utf-8", "replace"),
            timed_out,
            wall,
        )
