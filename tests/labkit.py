"""Scratch copies of the repository ("labs") for end-to-end tests.

A lab is the repository copied without its results, with its own config,
run with the interpreter running the tests and pointed at its own files
(WHITECOLLAR_ROOT, PYTHONPATH), so a test can change seeds, evaluators or
judges and watch what Snakemake rebuilds, without touching the checkout.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
IGNORE = shutil.ignore_patterns(
    ".git", ".venv", "results", ".snakemake", "__pycache__", ".pytest_cache", "*.egg-info", "generated"
)
#: the scenarios the end-to-end labs run (one keeps them fast; the freeze test builds all)
LAB_SCENARIOS = ("PROC-01",)


def lab_env(root: Path) -> dict[str, str]:
    return dict(os.environ, WHITECOLLAR_ROOT=str(root), PYTHONPATH=str(root / "src"))


def snakemake(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "snakemake", *args], cwd=root, env=lab_env(root), capture_output=True, text=True
    )


def planned(root: Path, target: str = "freeze", *args: str) -> dict[str, int]:
    """Jobs a dry run plans, by rule (empty when nothing is to be done); `args` go to Snakemake."""
    proc = snakemake(root, "-n", target, *args)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout + proc.stderr
    if "Nothing to be done" in out:
        return {}
    table = out.split("Job stats:", 1)[1]
    jobs = {}
    for line in table.splitlines()[3:]:
        m = re.match(r"^(\S+)\s+(\d+)$", line.strip())
        if not m or m.group(1) == "total":
            if jobs:
                break
            continue
        jobs[m.group(1)] = int(m.group(2))
    return jobs


def configure(root: Path, **changes) -> None:
    """Rewrite a lab's config.yaml: scenarios, repeats, simulated seconds, or any top-level section."""
    path = root / "config.yaml"
    cfg = yaml.safe_load(path.read_text())
    if "scenarios" in changes:
        cfg["scenarios"] = {t: {} for t in changes.pop("scenarios")}
    if "repeats" in changes:
        cfg["study"]["repeats"] = changes.pop("repeats")
    if "seconds" in changes:
        cfg["worker"]["simulated"]["seconds"] = changes.pop("seconds")
    cfg.update(changes)
    path.write_text(yaml.safe_dump(cfg, sort_keys=False, allow_unicode=True))


def clone(source: Path, dest: Path) -> Path:
    """A copy of a lab with its results and Snakemake metadata (dates preserved)."""
    shutil.copytree(source, dest, symlinks=True)
    return dest


def build(root: Path, target: str) -> None:
    proc = snakemake(root, "--cores", "2", target)
    if proc.returncode != 0:
        raise RuntimeError(f"building {target} in {root} failed:\n{proc.stdout[-4000:]}{proc.stderr[-4000:]}")


def _failures(log: str) -> str:
    """What a failed `whitecollar validate` log says went wrong: its FAIL and problem lines, then its end."""
    lines = [line for line in log.splitlines() if "FAIL" in line or "problem:" in line or "INVALID" in line]
    return "\n".join(lines[:80]) + "\n-- end of the log --\n" + log[-3000:]


def hurry(proc: subprocess.Popen) -> None:
    """Give a background process and all it started the tests' own priority, now that a test waits for it
    (raising a priority needs the right to: where it is refused, it stays low)."""
    import psutil

    try:
        family = [psutil.Process(proc.pid), *psutil.Process(proc.pid).children(recursive=True)]
    except psutil.Error:
        return
    for member in family:
        try:
            member.nice(os.getpriority(os.PRIO_PROCESS, 0))
        except psutil.Error:
            pass


class FullLab:
    """The repository copied with every scenario of config.yaml, built only as far as the session's tests ask.

    The freeze's `validate` job runs each scenario's battery (and its challenge
    corpus) on the bundle the `generate` job made at the frozen seed: the
    scenario tests read that report rather than run the same battery again,
    and the full-build test freezes the same lab, so each battery runs once a
    session. `start` builds what the collected tests will ask for in the
    background, at the lowest CPU priority, on the cores the (serial) tests
    leave idle; a test asking for a report waits for that build. A report the
    build did not write fails its test with the job's log, and is not retried.
    """

    def __init__(self, root: Path, wanted: set[str], *, freeze: bool = False):
        self.root = root
        self.wanted = set(wanted)
        self.freeze = freeze
        self.failed: dict[str, str] = {}
        self.background: subprocess.Popen | None = None
        self._output = root.parent / "background-build.log"

    def targets(self) -> list[str]:
        if self.freeze:
            return ["freeze"]
        return [f"results/validation/{t}.json" for t in sorted(self.wanted)]

    def start(self) -> None:
        """Start building the targets in the background (a no-op when nothing is wanted)."""
        if not self.targets() or self.background is not None:
            return
        with open(self._output, "wb") as out:
            self.background = subprocess.Popen(
                [sys.executable, "-m", "snakemake", "--cores", "2", "--keep-going", *self.targets()],
                cwd=self.root,
                env=lab_env(self.root),
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
                preexec_fn=lambda: os.nice(19),
            )

    def wait(self) -> None:
        """Wait for the background build, if one was started (at the tests' priority from now on)."""
        if self.background is not None and self.background.poll() is None:
            hurry(self.background)
            self.background.wait()

    def stop(self) -> None:
        """End a background build still running (a session ended early), its jobs with it."""
        if self.background is not None and self.background.poll() is None:
            os.killpg(self.background.pid, signal.SIGTERM)
            try:
                self.background.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.background.pid, signal.SIGKILL)
                self.background.wait()

    def report_path(self, task_id: str) -> Path:
        return self.root / "results" / "validation" / f"{task_id}.json"

    def validation(self, task_id: str) -> dict:
        """The freeze's validation report of a scenario (its battery's result, as `whitecollar validate` wrote it)."""
        self.wait()
        if task_id in self.failed:
            raise AssertionError(self.failed[task_id])
        if not self.report_path(task_id).is_file():
            if self.background is None or task_id not in self.wanted and not self.freeze:
                proc = snakemake(self.root, "--cores", "2", f"results/validation/{task_id}.json")
                output = proc.stdout[-3000:] + proc.stderr[-3000:]
            else:
                output = self._output.read_text(encoding="utf-8", errors="replace")[-3000:]
            if not self.report_path(task_id).is_file():
                log = self.root / "results" / "logs" / "validate" / f"{task_id}.log"
                detail = _failures(log.read_text(encoding="utf-8", errors="replace")) if log.is_file() else output
                self.failed[task_id] = f"{task_id}: the freeze's validation did not write its report:\n{detail}"
                raise AssertionError(self.failed[task_id])
        return json.loads(self.report_path(task_id).read_text(encoding="utf-8"))

    def frozen(self) -> Path:
        """The lab with `snakemake freeze` built (the validations already made are not made again)."""
        self.wait()
        build(self.root, "freeze")
        return self.root
