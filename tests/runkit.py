"""Run records as the lab writes them, for tests that build a run folder by hand.

A hand-written run.json that the schema refuses would test the refusal, not
the stage under test: every test that needs a finished run folder builds its
record here, through the same type the lab writes, and names only the fields
its case is about.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from whitecollar.runs.layout import RunFolder
from whitecollar.runs.record import RunRecord

DEFAULTS: dict[str, Any] = {
    "run_id": "T-01-A1-r1",
    "task_id": "T-01",
    "bundle": "0123456789ab",
    "bundle_sha256": "0123456789ab" + "0" * 52,
    "arm": "A1",
    "repeat": 1,
    "node": "local",
    "status": "completed",
    "time_limit_s": 1800.0,
    "budget_usd": 4.0,
    "finished_at": "2026-01-01T00:00:00Z",
    "backend": "simulated",
    "simulated": True,
}


def record(**fields: Any) -> RunRecord:
    """A completed simulated run unless `fields` say otherwise."""
    return RunRecord(**{**DEFAULTS, **fields})


def write_run(folder: str | Path, **fields: Any) -> Path:
    """The run.json of a finished run in `folder` (made if absent); returns its path."""
    run = RunFolder(Path(folder))
    run.root.mkdir(parents=True, exist_ok=True)
    return record(**fields).write(run.run_json)
