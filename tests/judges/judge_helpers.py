"""Helpers shared by the judge tests (a module of its own: `conftest` names clash across folders)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUBRIC = ROOT / "benchmark" / "scenarios" / "PROC-01" / "rubric.yaml"
STAND_IN = Path(__file__).with_name("stand_in_judge.py")


def stand_in(mode: str, state: Path, **extra) -> dict:
    """Settings of a command judge that runs the stand-in executable in `mode`."""
    return {
        "name": f"stand-in-{mode}",
        "backend": "command",
        "model": "stand-in",
        "command": [sys.executable, str(STAND_IN), mode, "{rubric}", str(state), "{package}"],
        "max_attempts": 3,
        **extra,
    }
