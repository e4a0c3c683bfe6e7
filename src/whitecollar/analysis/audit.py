"""The pilot's audit trail: deviations from the freeze, and what a re-grading flipped.

`results/audit/audit.json` gathers, for the record and its dashboard, every
item that differs from the freeze manifest (whitecollar.freeze.protocol) and the
summary of each re-grading report (whitecollar.grading.regrade). The record stamps
the summary and the dashboard with it, so a pilot graded or analysed under
a protocol other than the frozen one says so wherever it is read.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

#: the file the record copies into the pilot folder, read by the dashboard
PILOT_AUDIT = "audit.json"


def build_audit(deviations: list[str], regrades: list[dict[str, Any]]) -> dict[str, Any]:
    reports = sorted(regrades, key=lambda r: (r["task_id"], r["bundle"]))
    return {
        "deviations": list(deviations),
        "regrades": [
            {
                k: r[k]
                for k in (
                    "task_id",
                    "bundle",
                    "from_version",
                    "to_version",
                    "runs",
                    "runs_flipped",
                    "criteria_flipped",
                    "violations_flipped",
                    "success_flipped",
                    "report",
                )
            }
            for r in reports
            if r.get("from_version")
        ],
    }


def load_audit(path: str | Path | None) -> dict[str, Any]:
    """The audit file, or an empty audit when the pilot was recorded without one."""
    if path is None or not Path(path).is_file():
        return {"deviations": [], "regrades": []}
    return json.loads(Path(path).read_text(encoding="utf-8"))


def stamp_lines(audit: dict[str, Any]) -> list[str]:
    """The text stamped above the pilot's summary: empty when the pilot follows its freeze."""
    lines = []
    if audit.get("deviations"):
        lines.append(
            f"DEVIATION FROM THE FREEZE ({len(audit['deviations'])} item(s); "
            "record an amendment in benchmark/protocol/amendments.csv and freeze again):"
        )
        lines += [f"  - {d}" for d in audit["deviations"]]
    for r in audit.get("regrades", []):
        lines.append(
            f"RE-GRADED {r['task_id']} ({r['bundle']}): evaluator {r['from_version']} -> {r['to_version']}, "
            f"{r['runs_flipped']}/{r['runs']} run(s) changed, {r['criteria_flipped']} criterion verdict(s), "
            f"{r['violations_flipped']} violation(s), {r['success_flipped']} success(es) flipped; "
            f"see {r['report']}"
        )
    return lines
