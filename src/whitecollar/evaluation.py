"""Running a scenario's evaluator on one output folder.

The evaluator is the scenario's own code; this wrapper gives every call the
same guarantees: the oracle is read from the oracle folder only, the result
is checked against the receipt schema, and an evaluator that raises yields a
receipt marked `evaluator_error` (a laboratory failure, never a score for
the worker) instead of a crash that would stop a whole pilot.
"""
from __future__ import annotations

import json
import traceback
from pathlib import Path

from .grading.integrity import check_workspace
from .grading.receipt import Abstention, Receipt, validate_receipt
from .scenario import load_scenario


def read_oracle(oracle_dir: Path) -> dict:
    return json.loads((Path(oracle_dir) / "oracle.json").read_text(encoding="utf-8"))


def error_receipt(task_id: str, evaluator_version: str, workspace_dir: Path, message: str) -> Receipt:
    return Receipt(
        task_id=task_id,
        evaluator_version=evaluator_version,
        criteria=[],
        violations=[],
        deliverables=[],
        abstention=Abstention("invalid", False, False, None, "no_record", "evaluator failed"),
        input_integrity=check_workspace(workspace_dir),
        notes=[],
        evaluator_error=message,
    )


def evaluate(task_id: str, out_dir: Path, workspace_dir: Path, oracle_dir: Path) -> Receipt:
    scenario = load_scenario(task_id)
    version = scenario.evaluator_version
    try:
        oracle = read_oracle(oracle_dir)
        receipt = scenario.evaluator.evaluate(Path(out_dir), Path(workspace_dir), oracle)
        receipt.evaluator_version = version
        problems = validate_receipt(receipt.to_dict())
        if problems:
            raise ValueError(f"receipt does not match the receipt schema: {problems[0]}")
        return receipt
    except Exception as exc:  # noqa: BLE001 - an evaluator bug must not stop the pilot
        tb = traceback.extract_tb(exc.__traceback__)
        where = f"{Path(tb[-1].filename).name}:{tb[-1].lineno}" if tb else "?"
        return error_receipt(task_id, version, Path(workspace_dir), f"{type(exc).__name__} at {where}: {exc}")
