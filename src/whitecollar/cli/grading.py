"""The `whitecollar` verbs of stage 3: a run graded, a scenario's validation battery and its contract.

Each verb parses its arguments, calls the library and prints one line; the work
is done in the library, where tests reach it without argv.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from whitecollar import atomic
from whitecollar.cli.common import UsageError, results_paths


def cmd_evaluate(a: argparse.Namespace) -> int:
    from whitecollar.bounded import Limits
    from whitecollar.grading.evaluation import OracleMismatch, grade_run

    limits = Limits(wall_s=a.wall_s, cpu_s=a.cpu_s, memory_mb=a.memory_mb)
    try:
        receipt, launched = grade_run(
            a.task_id, Path(a.workspace), Path(a.oracle), out_dir=Path(a.out) if a.out else None, limits=limits
        )
    except OracleMismatch as exc:
        raise UsageError(str(exc)) from None
    atomic.write_text(a.receipt, receipt.to_json())
    if not launched:
        print(f"{a.task_id}: not launched, nothing to grade")
        return 0
    verdict = "ERROR" if receipt.evaluator_error else ("success" if receipt.success else "failure")
    print(
        f"{a.task_id}: {verdict}, weighted score {receipt.weighted_score:.3f}, "
        f"failed {receipt.failed_criteria or 'none'}, violations {receipt.triggered or 'none'}"
    )
    return 0


def cmd_validate(a: argparse.Namespace) -> int:
    from whitecollar.grading.validation import format_report, run_battery

    defaults = results_paths()  # by hand, the checkout's results/ (the workflow names every path)
    bundle = Path(a.bundle) if a.bundle else defaults["bundles"] / a.task_id
    oracle = Path(a.oracle) if a.oracle else defaults["oracles"] / a.task_id
    out = Path(a.out) if a.out else defaults["validation"] / f"{a.task_id}.json"
    for p in (bundle, oracle):
        if not p.is_dir():
            raise UsageError(
                f"{p}: not found; generate the scenario first (`whitecollar generate {a.task_id} ...` or `snakemake freeze`)"
            )
    result = run_battery(a.task_id, bundle, oracle, keep=Path(a.keep_receipts) if a.keep_receipts else None)
    atomic.write_json(out, result)
    print(format_report(result))
    print(f"written: {out}")
    return 0 if result["verdict"] == "valid" else 1


def cmd_check_scenario(a: argparse.Namespace) -> int:
    from whitecollar.grading.scenario_check import check_scenario

    problems = check_scenario(a.task_id)
    for p in problems:
        print(f"{a.task_id}: {p}")
    if not problems:
        print(f"{a.task_id}: scenario contract holds")
    return 1 if problems else 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    from whitecollar.bounded import Limits  # the evaluation bounds when none are given

    s = sub.add_parser("evaluate", help="grade a workspace's out/ and write a receipt")
    s.add_argument("task_id")
    s.add_argument("--workspace", required=True)
    s.add_argument("--oracle", required=True)
    s.add_argument("--receipt", required=True)
    s.add_argument("--out", help="graded folder, if not WORKSPACE/out")
    s.add_argument("--wall-s", type=float, default=Limits.wall_s, help="wall-clock bound of the evaluation (seconds)")
    s.add_argument("--cpu-s", type=int, default=Limits.cpu_s, help="CPU-time bound of the evaluation (seconds)")
    s.add_argument("--memory-mb", type=int, default=Limits.memory_mb, help="address-space bound of the evaluation (MB)")
    s.set_defaults(fn=cmd_evaluate)
    s = sub.add_parser("validate", help="run the validation battery of a scenario")
    s.add_argument("task_id")
    s.add_argument("--bundle")
    s.add_argument("--oracle")
    s.add_argument("--out")
    s.add_argument("--keep-receipts", help="folder to keep every variant's receipt in")
    s.set_defaults(fn=cmd_validate)
    s = sub.add_parser("check-scenario", help="check a scenario folder against the contract")
    s.add_argument("task_id")
    s.set_defaults(fn=cmd_check_scenario)
