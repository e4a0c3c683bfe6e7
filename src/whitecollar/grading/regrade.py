"""What a new evaluator version changed in the receipts of finished runs.

Receipts are rewritten in place when a scenario's evaluator changes, so the
verdicts they held are kept first: after every pilot the verdicts of each
scenario's runs are snapshotted under the evaluator version that produced
them (`results/audit/receipts/<ID>/<bundle>/evaluator-<version>.json`).
Those snapshots are never rewritten for another version, so when the
version changes the report beside the new receipts
(`results/receipts/<ID>/<bundle>/regrade.json`) lists, per run and per
criterion or critical check, every verdict that flipped between the newest
earlier version and the current one.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any


class RegradeError(ValueError):
    """Receipts that do not belong to the snapshot asked for."""


def _version_key(version: str) -> tuple:
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in re.split(r"[.\-]", version))


def verdicts(receipt: dict[str, Any]) -> dict[str, Any]:
    """What a receipt decided: each criterion, each critical check, success."""
    return {
        "criteria": {c["id"]: bool(c["passed"]) for c in receipt["criteria"]},
        "violations": {v["id"]: bool(v["triggered"]) for v in receipt["violations"]},
        "success": bool(receipt["success"]),
        "evaluator_error": receipt.get("evaluator_error"),
    }


def snapshot(receipts: dict[str, Path], version: str) -> dict[str, Any]:
    """{run key: verdicts} of receipts all graded by `version`."""
    runs = {}
    for key, path in sorted(receipts.items()):
        receipt = json.loads(Path(path).read_text(encoding="utf-8"))
        if receipt["evaluator_version"] != version:
            raise RegradeError(
                f"{path}: graded by evaluator {receipt['evaluator_version']}, not {version}; "
                "regrade it before the snapshot"
            )
        runs[key] = verdicts(receipt)
    return {"evaluator_version": version, "runs": runs}


def previous_snapshot(folder: Path, version: str) -> Path | None:
    """The snapshot of the newest evaluator version below `version` in a folder, if any."""
    found = []
    for p in Path(folder).glob("evaluator-*.json"):
        v = p.name[len("evaluator-") : -len(".json")]
        if v != version and _version_key(v) < _version_key(version):
            found.append((_version_key(v), p))
    return max(found)[1] if found else None


def _flips(kind: str, old: dict[str, bool], new: dict[str, bool]) -> list[dict[str, Any]]:
    out = []
    for item in sorted(set(old) | set(new)):
        if old.get(item) != new.get(item):
            out.append({"kind": kind, "id": item, "before": old.get(item), "after": new.get(item)})
    return out


def report(
    task_id: str, bundle: str, current: dict[str, Any], previous: dict[str, Any] | None, report_path: str
) -> dict[str, Any]:
    """Per run and per criterion or check, every verdict that changed between two snapshots."""
    base = {"task_id": task_id, "bundle": bundle, "to_version": current["evaluator_version"], "report": report_path}
    if previous is None:
        return {
            **base,
            "from_version": None,
            "runs": len(current["runs"]),
            "runs_flipped": 0,
            "criteria_flipped": 0,
            "violations_flipped": 0,
            "success_flipped": 0,
            "flips": {},
            "note": "first grading recorded for this bundle: nothing to compare",
        }
    flips: dict[str, list[dict[str, Any]]] = {}
    for key in sorted(set(current["runs"]) | set(previous["runs"])):
        new, old = current["runs"].get(key), previous["runs"].get(key)
        if new is None or old is None:
            flips[key] = [{"kind": "run", "id": key, "before": old is not None, "after": new is not None}]
            continue
        changed = _flips("criterion", old["criteria"], new["criteria"]) + _flips(
            "violation", old["violations"], new["violations"]
        )
        if old["success"] != new["success"]:
            changed.append({"kind": "success", "id": "success", "before": old["success"], "after": new["success"]})
        if old["evaluator_error"] != new["evaluator_error"]:
            changed.append(
                {
                    "kind": "evaluator_error",
                    "id": "evaluator_error",
                    "before": old["evaluator_error"],
                    "after": new["evaluator_error"],
                }
            )
        if changed:
            flips[key] = changed
    every = [f for fs in flips.values() for f in fs]
    return {
        **base,
        "from_version": previous["evaluator_version"],
        "runs": len(current["runs"]),
        "runs_flipped": len(flips),
        "criteria_flipped": sum(f["kind"] == "criterion" for f in every),
        "violations_flipped": sum(f["kind"] == "violation" for f in every),
        "success_flipped": sum(f["kind"] == "success" for f in every),
        "flips": flips,
    }
