"""Where a run's files are: `runs/<task>/<bundle>/<arm>/r<repeat>/` and the leaf names inside it.

The workflow's rules, the lab, the graders and the analysis all name the
same files; they import the names from here so that a rename is one edit.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

RUN_JSON = "run.json"
EVENTS = "events.jsonl"
INTEGRITY = "integrity.json"
PORTAL_LOG = "portal.log"
OUT = "out"
RECEIPT = "receipt.json"
#: what a relaunch removes before the worker starts (an out/ folder is removed whole)
STALE = (EVENTS, RUN_JSON, INTEGRITY, PORTAL_LOG)
#: a run's folder under the runs (or receipts) root, as a Snakemake wildcard pattern
RUN_PATTERN = "{task}/{bundle}/{arm}/r{rep}"


def run_path(task_id: str, bundle: str, arm: str, repeat: int | str) -> str:
    """The run's folder relative to the runs root (the receipts root uses the same)."""
    return RUN_PATTERN.format(task=task_id, bundle=bundle, arm=arm, rep=repeat)


@dataclass(frozen=True)
class RunFolder:
    """One run's folder and the files the lab writes into it."""

    root: Path

    @property
    def run_json(self) -> Path:
        return self.root / RUN_JSON

    @property
    def events(self) -> Path:
        return self.root / EVENTS

    @property
    def integrity(self) -> Path:
        return self.root / INTEGRITY

    @property
    def portal_log(self) -> Path:
        return self.root / PORTAL_LOG

    @property
    def out(self) -> Path:
        return self.root / OUT

    def clear(self) -> None:
        """What an earlier attempt left (a relaunch starts from an empty folder); the folder itself is made."""
        self.root.mkdir(parents=True, exist_ok=True)
        for leaf in STALE:
            (self.root / leaf).unlink(missing_ok=True)
        if self.out.is_symlink() or self.out.is_file():
            self.out.unlink()
        elif self.out.exists():
            shutil.rmtree(self.out)

    def finished(self) -> bool:
        """run.json is written last: its presence says the folder is complete."""
        return self.run_json.is_file() and not self.run_json.is_symlink()

    def workbooks(self) -> list[Path]:
        """The workbooks the worker delivered, walked without following links (out/ may hold anything)."""
        out = self.out
        if not out.is_dir() or out.is_symlink():
            return []
        found = [
            Path(sub) / n for sub, _, names in os.walk(out, followlinks=False) for n in names if n.endswith(".xlsx")
        ]
        return sorted(p for p in found if p.is_file() and not p.is_symlink())


def finished_runs(runs_root: Path) -> list[RunFolder]:
    """Every finished run folder under the root, sorted; nothing under an out/ is taken for one."""
    found: list[RunFolder] = []
    for folder, dirs, files in os.walk(runs_root, followlinks=False):
        if RUN_JSON in files:
            dirs[:] = []
            run = RunFolder(Path(folder))
            if run.finished():
                found.append(run)
        else:
            dirs[:] = [d for d in dirs if d != OUT]
    return sorted(found, key=lambda r: r.root)
