"""The `whitecollar` verbs of stage 1: a scenario's bundle and oracle, and its reference solvers.

Each verb parses its arguments, calls the library and prints one line; the work
is done in the library, where tests reach it without argv.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from whitecollar import atomic
from whitecollar.cli.common import UsageError


def cmd_generate(a: argparse.Namespace) -> int:
    from whitecollar.benchmark.generation import generate

    result = generate(a.task_id, Path(a.bundle), Path(a.oracle), seed=a.seed)
    if a.digest:
        atomic.write_json(a.digest, result.digest())
    print(
        f"{a.task_id}: seed {result.seed}, {len(result.bundle)} bundle files (sha256 {result.bundle_sha256[:12]}), "
        f"{len(result.oracle)} oracle files"
    )
    return 0


def cmd_solve(a: argparse.Namespace) -> int:
    from whitecollar.benchmark.scenario import load_scenario

    sc = load_scenario(a.task_id)
    variants = list(getattr(sc.solver, "VARIANTS", []))
    if a.variant not in variants:
        raise UsageError(f"{sc.folder / 'solve.py'}: no variant {a.variant!r}; choose one of {', '.join(variants)}")
    ws = Path(a.workspace)
    if not (ws / "BRIEF.md").is_file():
        raise UsageError(f"{ws}: not a workspace (no BRIEF.md); compose one with `whitecollar compose`")
    (ws / "out").mkdir(exist_ok=True)
    sc.solver.solve(ws, a.variant)
    print(f"{a.task_id}: variant {a.variant} wrote {ws / 'out'}")
    return 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("generate", help="write a scenario's public bundle and hidden oracle")
    s.add_argument("task_id")
    s.add_argument("--bundle", required=True)
    s.add_argument("--oracle", required=True)
    s.add_argument("--seed", type=int, help="override the seed of scenario.yaml")
    s.add_argument("--digest", help="also write the SHA-256 listing of both halves to this JSON file")
    s.set_defaults(fn=cmd_generate)
    s = sub.add_parser("solve", help="run one of the scenario's solver variants in a workspace")
    s.add_argument("task_id")
    s.add_argument("--workspace", required=True)
    s.add_argument("--variant", required=True)
    s.set_defaults(fn=cmd_solve)
