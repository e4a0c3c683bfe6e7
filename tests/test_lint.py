"""The linters, run as part of the suite: ruff (lint and format), snakefmt, Snakemake's own and mypy.

Their settings live in pyproject.toml ([tool.ruff], [tool.snakefmt], [tool.mypy]); the
tools are pinned in the `dev` extra and requirements.lock, so `make test`
on a fresh machine runs them as they run here. Each test prints what the
tool said, so a failure reads like the tool's own output.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def _run(argv: list[str]) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing():
    done = _run([sys.executable, "-m", "ruff", "check", "--no-cache", "."])
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_would_change_nothing():
    done = _run([sys.executable, "-m", "ruff", "format", "--check", "--no-cache", "."])
    assert done.returncode == 0, done.stdout + done.stderr


def test_snakefmt_would_change_nothing():
    done = _run([str(BIN / "snakefmt"), "--check", "Snakefile", "rules"])
    assert done.returncode == 0, done.stdout + done.stderr


def test_snakemake_finds_nothing_to_lint():
    done = _run([sys.executable, "-m", "snakemake", "--lint"])
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_nothing():
    done = _run([sys.executable, "-m", "mypy"])
    assert done.returncode == 0, done.stdout + done.stderr
