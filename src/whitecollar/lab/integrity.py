"""Did the worker leave its inputs as it found them?

Modifying an input is a critical violation in every scenario. The check
compares what the workspace holds now with MANIFEST.sha256 written when it
was composed. When the workspace no longer exists (the laboratory deletes it
after collection), collection has already made the comparison and left it
in integrity.json, which is read instead.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from whitecollar.lab.workspace import handed_over, read_manifest

INTEGRITY_FILE = "integrity.json"


@dataclass
class Integrity:
    """The receipt's `input_integrity`: were the handed-over inputs left as they were?"""

    intact: bool | None  # None: nothing to compare against
    changed: list[str]
    detail: str


def compare(manifest: dict[str, str], now: dict[str, str]) -> tuple[list[str], list[str]]:
    """(changes to what was handed over, files written elsewhere outside out/).

    A file added under inputs/ changes the inputs; a scratch file written in
    the workspace root does not, but is still reported.
    """
    changed: list[str] = []
    stray: list[str] = []
    for path in sorted(set(manifest) | set(now)):
        if path not in now:
            changed.append(f"deleted: {path}")
        elif path not in manifest:
            (changed if path.startswith("inputs/") else stray).append(f"added: {path}")
        elif manifest[path] != now[path]:
            changed.append(f"modified: {path}")
    return changed, stray


def check_workspace(workspace_dir: Path) -> Integrity:
    workspace_dir = Path(workspace_dir)
    recorded = workspace_dir / INTEGRITY_FILE
    if recorded.is_file() and not recorded.is_symlink():
        data = json.loads(recorded.read_text(encoding="utf-8"))
        return Integrity(
            intact=data["intact"], changed=list(data["changed"]), detail=data.get("detail", "recorded at collection")
        )
    manifest = read_manifest(workspace_dir)
    if manifest is None:
        return Integrity(intact=None, changed=[], detail="no MANIFEST.sha256 in the workspace: integrity not checked")
    changed, stray = compare(manifest, handed_over(workspace_dir))
    extra = f"; {len(stray)} file(s) written outside out/: {', '.join(stray[:5])}" if stray else ""
    if changed:
        return Integrity(intact=False, changed=changed, detail=f"{len(changed)} handed-over file(s) changed{extra}")
    return Integrity(intact=True, changed=[], detail=f"{len(manifest)} handed-over files unchanged{extra}")
