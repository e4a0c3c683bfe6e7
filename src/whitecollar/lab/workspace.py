"""Composing a worker's workspace from a frozen bundle.

The workspace is the only thing a worker ever sees: the brief, the inputs,
task.json stripped to what a professional would be told, the portal
description only in portal arms, and an empty out/. MANIFEST.sha256 (the
format `sha256sum -c` reads) records every file handed over, so any change
to an input can be detected after the session, on the controller or on an
executor node.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from whitecollar import atomic
from whitecollar.benchmark.scenario import WORKER_FIELDS
from whitecollar.hashing import listing_digest, tree_listing

MANIFEST = "MANIFEST.sha256"


class ComposeError(RuntimeError):
    """The bundle cannot be handed to a worker; the message says why and what to do."""


def verify_bundle_against_freeze(task_id: str, bundle_dir: Path, manifest_path: Path) -> str:
    """Refuse a bundle whose files differ from the freeze; return its digest."""
    try:
        manifest = json.loads(Path(manifest_path).read_text(encoding="utf-8"))
        frozen = manifest["scenarios"][task_id]["bundle"]
    except FileNotFoundError:
        raise ComposeError(f"{manifest_path}: no freeze manifest; run `snakemake freeze` first") from None
    except (KeyError, json.JSONDecodeError):
        raise ComposeError(f"{manifest_path}: {task_id} is not in the freeze manifest; freeze it first") from None
    actual = tree_listing(bundle_dir)
    if actual != frozen:
        diff = sorted(set(actual.items()) ^ set(frozen.items()))
        first = diff[0][0] if diff else "?"
        raise ComposeError(
            f"{bundle_dir}: bundle differs from the freeze manifest {manifest_path} (first difference: {first}); "
            "regenerate and re-freeze, or restore the frozen bundle"
        )
    return listing_digest(frozen)


def strip_task(task: dict[str, Any]) -> dict[str, Any]:
    return {k: task[k] for k in WORKER_FIELDS if k in task}


def compose(
    bundle_dir: Path,
    workspace_dir: Path,
    *,
    portal: bool = False,
    freeze_manifest: Path | None = None,
    task_id: str | None = None,
) -> Path:
    bundle_dir, workspace_dir = Path(bundle_dir), Path(workspace_dir)
    task = json.loads((bundle_dir / "task.json").read_text(encoding="utf-8"))
    task_id = task_id or task["id"]
    if freeze_manifest is not None:
        verify_bundle_against_freeze(task_id, bundle_dir, freeze_manifest)
    if workspace_dir.exists() and any(workspace_dir.iterdir()):
        raise ComposeError(f"{workspace_dir}: not empty; a workspace is composed into an empty folder")
    stage = atomic.staging_dir(workspace_dir)
    try:
        shutil.copyfile(bundle_dir / "BRIEF.md", stage / "BRIEF.md")
        shutil.copyfile(bundle_dir / "completion.schema.json", stage / "completion.schema.json")
        shutil.copytree(bundle_dir / "inputs", stage / "inputs", symlinks=True)
        atomic.write_json(stage / "task.json", strip_task(task))
        if portal and (bundle_dir / "portal" / "portal.json").exists():
            (stage / "portal").mkdir()
            shutil.copyfile(bundle_dir / "portal" / "portal.json", stage / "portal" / "portal.json")
        (stage / "out").mkdir()
        write_manifest(stage)
        if workspace_dir.exists():
            workspace_dir.rmdir()
        atomic.replace_dir(stage, workspace_dir)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    return workspace_dir


def handed_over(workspace_dir: Path) -> dict[str, str]:
    """Listing of what a worker is given (everything but out/ and the manifest)."""
    listing = tree_listing(workspace_dir, skip=frozenset({"out"}))  # out/ is not entered, nor hashed
    return {p: h for p, h in listing.items() if p != MANIFEST}


def write_manifest(workspace_dir: Path) -> Path:
    listing = handed_over(workspace_dir)
    text = "".join(f"{sha}  {path}\n" for path, sha in listing.items())
    return atomic.write_text(Path(workspace_dir) / MANIFEST, text)


def read_manifest(workspace_dir: Path) -> dict[str, str] | None:
    path = Path(workspace_dir) / MANIFEST
    if not path.is_file() or path.is_symlink():
        return None
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            sha, _, rel = line.partition("  ")
            out[rel] = sha
    return out


__all__ = [
    "MANIFEST",
    "ComposeError",
    "compose",
    "handed_over",
    "read_manifest",
    "strip_task",
    "verify_bundle_against_freeze",
    "write_manifest",
]
