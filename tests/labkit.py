"""Scratch copies of the repository ("labs") for end-to-end tests.

A lab is the repository copied without its results, with its own config,
run with the interpreter running the tests and pointed at its own files
(WHITECOLLAR_ROOT, PYTHONPATH), so a test can change seeds, evaluators or
judges and watch what Snakemake rebuilds, without touching the checkout.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
IGNORE = shutil.ignore_patterns(".git", ".venv", "results", ".snakemake", "__pycache__", ".pytest_cache", "*.egg-info",
                                "generated")
#: the scenarios the end-to-end labs run (one keeps them fast; the freeze test builds all)
LAB_SCENARIOS = ("PROC-01",)


def lab_env(root: Path) -> dict[str, str]:
    return dict(os.environ, WHITECOLLAR_ROOT=str(root), PYTHONPATH=str(root / "src"))


def snakemake(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "snakemake", *args], cwd=root, env=lab_env(root),
                          capture_output=True, text=True)


def planned(root: Path, target: str = "freeze") -> dict[str, int]:
    """Jobs a dry run plans, by rule (empty when nothing is to be done)."""
    proc = snakemake(root, "-n", target)
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
