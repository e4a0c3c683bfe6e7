"""What the benchmark is, from its own files: registry, organisations, frozen scenarios.

The paper's benchmark tables must describe the benchmark that was actually
frozen, so each scenario's facts come from the files the freeze vouches
for: its metadata from the frozen bundle's task.json, its inputs counted
from the bundle's `inputs/` folder, its validation verdict from the freeze
manifest. The occupational taxonomy and the organisations come from the
committed CSV files that the generators themselves read (`benchdata`).
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whitecollar.benchmark import benchdata


@dataclass(frozen=True)
class FrozenScenario:
    """One scenario of the freeze, as the paper describes it."""

    task_id: str
    meta: dict[str, Any]
    inputs: int
    verdict: str
    bundle_sha256: str

    @property
    def features(self) -> dict[str, Any]:
        return self.meta.get("designed_features", {})

    @property
    def depth(self) -> int:
        return int(self.meta["designed_dependency_depth"])

    @property
    def minutes(self) -> int:
        return int(self.meta["professional_minutes_estimate"])

    @property
    def difficulty_class(self) -> str:
        return str(self.meta["difficulty_class"])

    @property
    def deliverables(self) -> list[dict[str, Any]]:
        return list(self.meta.get("required_deliverables", []))


def count_inputs(bundle: Path) -> int:
    """Files under the bundle's inputs/ (recursively): what the worker is handed."""
    folder = Path(bundle) / "inputs"
    return sum(1 for p in folder.rglob("*") if p.is_file()) if folder.is_dir() else 0


def frozen_scenarios(manifest: Path, bundles: Path) -> list[FrozenScenario]:
    """The scenarios of a freeze manifest, sorted by identifier."""
    data = json.loads(Path(manifest).read_text(encoding="utf-8"))
    out = []
    for task_id, entry in sorted(data.get("scenarios", {}).items()):
        task_json = Path(bundles) / task_id / "task.json"
        if not task_json.is_file():
            raise FileNotFoundError(f"{task_json}: the frozen bundle is missing; run `snakemake freeze`")
        meta = json.loads(task_json.read_text(encoding="utf-8"))
        out.append(
            FrozenScenario(
                task_id,
                meta,
                count_inputs(Path(bundles) / task_id),
                str(entry.get("validation", {}).get("verdict", "unknown")),
                str(entry.get("bundle_sha256", "")),
            )
        )
    return out


def deliverable_summary(deliverables: list[dict[str, Any]]) -> str:
    """A compact description of the deliverables other than COMPLETION.json, e.g. "xlsx (formulas), docx".

    A workbook is marked "(formulas)" when one of its requirements asks for
    live formulas; a folder is named by its path (code/, replies/).
    """
    parts = []
    for d in deliverables:
        if d.get("path") == "COMPLETION.json":
            continue
        fmt = str(d.get("format", ""))
        if fmt == "dir":
            parts.append(str(d["path"]).rstrip("/") + "/")
            continue
        reqs = " ".join(str(r).lower() for r in d.get("requirements", []))
        formulas = "formula" in reqs and "no formulas" not in reqs
        parts.append(f"{fmt} (formulas)" if fmt == "xlsx" and formulas else fmt)
    counts: dict[str, int] = {}
    for p in parts:
        counts[p] = counts.get(p, 0) + 1
    return ", ".join(p if n == 1 else f"{n} {p}" for p, n in counts.items())


def _rows(path: Path, columns: tuple[str, ...]) -> list[dict[str, str]]:
    with open(path, encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        if tuple(reader.fieldnames or ()) != columns:
            raise benchdata.BenchDataError(f"{path}: expected columns {','.join(columns)}")
        return [dict(r) for r in reader]


def registry(path: Path) -> list[benchdata.Occupation]:
    """The occupational taxonomy from a registry file (the rule's input, not a fixed location)."""
    return [
        benchdata.Occupation(
            r["prefix"], r["occupation"], r["representative_simulation"], r["pilot_scenario"] or None, r["group"]
        )
        for r in _rows(Path(path), benchdata.REGISTRY_COLUMNS)
    ]


def organisations(path: Path) -> list[benchdata.Organisation]:
    """The fictional organisations from an organisations file, in file order."""
    out = []
    for r in _rows(Path(path), benchdata.ORGANISATION_COLUMNS):
        fields: dict[str, Any] = dict(r)
        fields["scenarios"] = tuple(s for s in r["scenarios"].split(";") if s)
        out.append(benchdata.Organisation(**fields))
    return out
