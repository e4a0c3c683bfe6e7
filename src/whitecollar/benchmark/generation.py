"""Turning a scenario folder into its public bundle and its hidden oracle.

The scenario's own `generate(seed, bundle_dir, oracle_dir)` writes the brief,
the inputs, the portal description, oracle.json and REFERENCE.md; this
wrapper adds what is the same for every scenario (task.json, the rubric copy),
builds both halves in staging folders and moves them into place only when
complete, so an interrupted generation never leaves a half bundle that
looks finished.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whitecollar import atomic, paths
from whitecollar.benchmark.scenario import load_scenario
from whitecollar.hashing import listing_digest, tree_listing


class GenerationError(RuntimeError):
    pass


@dataclass
class Generated:
    task_id: str
    seed: int
    generator_version: str
    bundle: dict[str, str]
    oracle: dict[str, str]

    @property
    def bundle_sha256(self) -> str:
        return listing_digest(self.bundle)

    @property
    def oracle_sha256(self) -> str:
        return listing_digest(self.oracle)

    def digest(self) -> dict[str, Any]:
        return {
            "task_id": self.task_id,
            "seed": self.seed,
            "generator_version": self.generator_version,
            "bundle_sha256": self.bundle_sha256,
            "oracle_sha256": self.oracle_sha256,
            "bundle": self.bundle,
            "oracle": self.oracle,
        }


def _check_bundle(bundle: Path, oracle: Path) -> None:
    problems = []
    for rel in ("BRIEF.md", "task.json", "portal/portal.json"):
        if not (bundle / rel).is_file():
            problems.append(f"bundle lacks {rel}")
    if not (bundle / "inputs").is_dir() or not any((bundle / "inputs").iterdir()):
        problems.append("bundle has no inputs/")
    for rel in ("oracle.json", "REFERENCE.md", "rubric.yaml"):
        if not (oracle / rel).is_file():
            problems.append(f"oracle lacks {rel}")
    for p in list(bundle.rglob("*")) + list(oracle.rglob("*")):
        if p.is_symlink():
            problems.append(f"{p.name} is a symbolic link (generators write real files)")
    if problems:
        raise GenerationError("; ".join(problems))


def generate(task_id: str, bundle_dir: Path, oracle_dir: Path, *, seed: int | None = None) -> Generated:
    scenario = load_scenario(task_id, seed=seed)
    bundle_dir, oracle_dir = Path(bundle_dir), Path(oracle_dir)
    stage_b = atomic.staging_dir(bundle_dir)
    stage_o = atomic.staging_dir(oracle_dir)
    try:
        scenario.generator.generate(scenario.seed, stage_b, stage_o)
        atomic.write_json(stage_b / "task.json", scenario.task_metadata())
        shutil.copyfile(paths.BENCHMARK / "completion.schema.json", stage_b / "completion.schema.json")
        shutil.copyfile(scenario.rubric_path(), stage_o / "rubric.yaml")
        bundle_listing = tree_listing(stage_b)
        # which bundle this oracle belongs to, so a run of another bundle is never graded with it
        atomic.write_text(stage_o / "BUNDLE.sha256", listing_digest(bundle_listing) + "\n")
        _check_bundle(stage_b, stage_o)
        result = Generated(task_id, scenario.seed, scenario.generator_version, bundle_listing, tree_listing(stage_o))
        atomic.replace_dir(stage_b, bundle_dir)
        atomic.replace_dir(stage_o, oracle_dir)
    except BaseException:
        shutil.rmtree(stage_b, ignore_errors=True)
        shutil.rmtree(stage_o, ignore_errors=True)
        raise
    return result
