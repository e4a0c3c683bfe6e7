"""Constants and helpers shared by the portal tests (conftest.py holds only fixtures)."""
from __future__ import annotations

from pathlib import Path

from whitecollar.portal.app import Credentials

TASK = "PROC-01"
CREDS = Credentials("analyst-test", "correct horse battery staple")


def submissions_path(ws: Path) -> Path:
    return ws / "out" / "portal" / "submissions.jsonl"
