"""run.json: the record of one run, launched or not, as one type checked by one schema.

The lab writes it last (its presence says the run folder is complete) and
every later stage reads it: grading checks the bundle it ran, the judges'
renderer too, the analysis turns it into a row of the runs table, the
package and replication check its deliverables' hashes. Written and read
here, its fields are named once and a record that lacks one, or holds one
of another type, is refused with the file's name instead of surfacing as a
KeyError three stages later.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

from whitecollar import atomic
from whitecollar.jsonfile import read_json
from whitecollar.runs.layout import RunFolder

COMPLETED = "completed"
NOT_LAUNCHED = "not_launched"
#: how a run can end (lab/session.py classify), and the run the budget envelope never launched
STATUSES = (COMPLETED, "crashed", "nothing_delivered", NOT_LAUNCHED, "over_budget", "timeout")

#: what a backend says of the worker it started (lab backends' describe()); absent keys are null
WORKER_FIELDS = (
    "backend",
    "simulated",
    "model",
    "persona",
    "client",
    "max_turns",
    "permission_mode",
    "model_source",
    "requests",
)


class RunRecordError(ValueError):
    """A run.json that is not a run record; the message names the file and the fix."""


@dataclass(frozen=True)
class RunRecord:
    """One run as the laboratory saw it: which task, bundle, arm and node, the worker, how it ended, what it cost."""

    run_id: str
    task_id: str
    bundle: str
    bundle_sha256: str
    arm: str
    repeat: int
    node: str
    status: str
    time_limit_s: float
    budget_usd: float
    finished_at: str
    # the worker (lab backends' describe())
    backend: str
    simulated: bool
    model: str | None = None
    persona: str | None = None
    client: str | None = None
    max_turns: int | None = None
    permission_mode: str | None = None
    model_source: str | None = None
    requests: str | None = None
    # how the session went
    not_launched_reason: str | None = None
    exit_code: int | None = None
    timed_out: bool = False
    wall_s: float = 0.0
    cost_usd: float | None = 0.0
    cost_known: bool = True
    num_turns: int | None = None
    result_subtype: str | None = None
    duration_ms: float | None = None
    tool_uses: int = 0
    events: int = 0
    partial_lines: int = 0
    # what it left behind
    deliverables: dict[str, dict[str, Any]] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)
    portal_submissions: dict[str, Any] | None = None
    inputs_intact: bool | None = None
    integrity: str = ""
    stderr_tail: str = ""
    sandbox: str | None = None
    started_at: str | None = None

    @property
    def launched(self) -> bool:
        return self.status != NOT_LAUNCHED

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any, source: str = "run.json") -> RunRecord:
        problems = validate_run_record(data)
        if problems:
            raise RunRecordError(f"{source}: not a run record ({problems[0]}); run the run again to rewrite it")
        return cls(**{f.name: data[f.name] for f in fields(cls) if f.name in data})

    def write(self, path: str | Path) -> Path:
        """Atomically: a reader never sees half a record."""
        return atomic.write_json(path, self.to_dict())


def worker_fields(described: dict[str, Any]) -> dict[str, Any]:
    """A backend's description as record fields; a key the record does not know is the backend's bug."""
    unknown = sorted(set(described) - set(WORKER_FIELDS))
    if unknown:
        raise RunRecordError(f"the worker's description has fields the run record does not know: {unknown}")
    return dict(described)


def run_record_schema() -> dict[str, Any]:
    return json.loads(resources.files("whitecollar.schemas").joinpath("run.schema.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(run_record_schema())


def validate_run_record(data: Any) -> list[str]:
    """Every way `data` differs from the schema, shortest path first (empty when it is a record)."""
    errors = sorted(
        _validator().iter_errors(data), key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path)))
    )
    return [f"{'.'.join(map(str, e.absolute_path)) or '(top level)'}: {e.message}"[:300] for e in errors]


def read_run_record(path: str | Path) -> RunRecord:
    """The record in a run folder's run.json, checked; a clear one-line error names the file otherwise."""
    path = Path(path)
    data = read_json(
        path,
        RunRecordError,
        missing="not found; the run has not finished (run the pilot again)",
        unreadable="unreadable ({kind}); run the run again to rewrite it",
    )
    return RunRecord.from_dict(data, str(path))


def not_launched_reason(run_dir: str | Path) -> str | None:
    """Why the run in run_dir was never launched, or None when it was (or has no run.json yet)."""
    folder = RunFolder(Path(run_dir))
    if not folder.finished():
        return None
    record = read_run_record(folder.run_json)
    return None if record.launched else record.not_launched_reason or "not launched"
