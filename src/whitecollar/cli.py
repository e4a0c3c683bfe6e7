"""The `whitecollar` command: one verb per step of the pipeline.

Snakemake rules call these verbs, so everything a rule does can also be run
and debugged by hand. Errors a user can fix are printed as one line naming
the file and the fix, with exit status 2; a failed check exits with 1.
"""
from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

from . import atomic
from .config import ConfigError
from .scenario import ScenarioError


class UsageError(Exception):
    """A problem the user can fix; printed as one line."""


def _config_paths() -> dict[str, Path]:
    from . import config, paths

    cfg_file = paths.REPO_ROOT / "config.yaml"
    results, oracles = Path("results"), Path("results/restricted/oracles")
    if cfg_file.exists():
        cfg = config.load(cfg_file)
        results = Path(cfg["paths"]["results"])
        oracles = Path(cfg["paths"].get("oracles", results / "restricted" / "oracles"))
    return {"bundles": results / "bundles", "oracles": oracles, "validation": results / "validation"}


def cmd_generate(a: argparse.Namespace) -> int:
    from .generation import generate

    result = generate(a.task_id, Path(a.bundle), Path(a.oracle), seed=a.seed)
    if a.digest:
        atomic.write_json(a.digest, result.digest())
    print(f"{a.task_id}: seed {result.seed}, {len(result.bundle)} bundle files (sha256 {result.bundle_sha256[:12]}), "
          f"{len(result.oracle)} oracle files")
    return 0


def cmd_compose(a: argparse.Namespace) -> int:
    from .lab.workspace import compose

    portal = a.portal or (a.arm or "").upper() in ("A3", "A4")
    compose(Path(a.bundle), Path(a.workspace), portal=portal,
            freeze_manifest=Path(a.freeze) if a.freeze else None, task_id=a.task_id)
    print(f"{a.task_id}: workspace composed at {a.workspace}{' (with portal)' if portal else ''}")
    return 0


def cmd_solve(a: argparse.Namespace) -> int:
    from .scenario import load_scenario

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


def cmd_evaluate(a: argparse.Namespace) -> int:
    from .evaluation import evaluate

    ws = Path(a.workspace)
    out = Path(a.out) if a.out else ws / "out"
    receipt = evaluate(a.task_id, out, ws, Path(a.oracle))
    atomic.write_text(a.receipt, receipt.to_json())
    verdict = "ERROR" if receipt.evaluator_error else ("success" if receipt.success else "failure")
    print(f"{a.task_id}: {verdict}, weighted score {receipt.weighted_score:.3f}, "
          f"failed {receipt.failed_criteria or 'none'}, violations {receipt.triggered or 'none'}")
    return 0


def cmd_validate(a: argparse.Namespace) -> int:
    from .validation import format_report, run_battery

    defaults = _config_paths()
    bundle = Path(a.bundle) if a.bundle else defaults["bundles"] / a.task_id
    oracle = Path(a.oracle) if a.oracle else defaults["oracles"] / a.task_id
    out = Path(a.out) if a.out else defaults["validation"] / f"{a.task_id}.json"
    for p in (bundle, oracle):
        if not p.is_dir():
            raise UsageError(f"{p}: not found; generate the scenario first (`whitecollar generate {a.task_id} ...` or `snakemake freeze`)")
    result = run_battery(a.task_id, bundle, oracle, keep=Path(a.keep_receipts) if a.keep_receipts else None)
    atomic.write_json(out, result)
    print(format_report(result))
    print(f"written: {out}")
    return 0 if result["verdict"] == "valid" else 1


def cmd_check_scenario(a: argparse.Namespace) -> int:
    from .scenario_check import check_scenario

    problems = check_scenario(a.task_id)
    for p in problems:
        print(f"{a.task_id}: {p}")
    if not problems:
        print(f"{a.task_id}: scenario contract holds")
    return 1 if problems else 0


def cmd_freeze(a: argparse.Namespace) -> int:
    from .freeze import FreezeError, build_manifest

    digests = [json.loads(Path(p).read_text()) for p in a.digests]
    validations = [json.loads(Path(p).read_text()) for p in a.validations]
    try:
        manifest = build_manifest(digests, validations)
    except FreezeError as exc:
        raise UsageError(str(exc)) from None
    atomic.write_json(a.out, manifest)
    print(f"froze {len(manifest['scenarios'])} scenario(s): {', '.join(manifest['scenarios'])} -> {a.out}")
    return 0


def cmd_verify_freeze(a: argparse.Namespace) -> int:
    from .freeze import verify

    defaults = _config_paths()
    bundles = Path(a.bundles) if a.bundles else defaults["bundles"]
    oracles = Path(a.oracles) if a.oracles else (defaults["oracles"] if defaults["oracles"].is_dir() else None)
    problems = verify(Path(a.manifest), bundles, oracles)
    for p in problems:
        print(p)
    halves = "bundles and oracles" if oracles else "bundles"
    print(f"{a.manifest}: {'MISMATCH' if problems else 'all ' + halves + ' match'} ({len(problems)} difference(s))")
    return 1 if problems else 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="whitecollar", description=__doc__.splitlines()[0])
    p.add_argument("-v", "--verbose", action="store_true", help="progress messages on stderr")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("generate", help="write a scenario's public bundle and hidden oracle")
    s.add_argument("task_id")
    s.add_argument("--bundle", required=True)
    s.add_argument("--oracle", required=True)
    s.add_argument("--seed", type=int, help="override the seed of scenario.yaml")
    s.add_argument("--digest", help="also write the SHA-256 listing of both halves to this JSON file")
    s.set_defaults(fn=cmd_generate)

    s = sub.add_parser("compose", help="compose a worker workspace from a bundle")
    s.add_argument("task_id")
    s.add_argument("--bundle", required=True)
    s.add_argument("--workspace", required=True)
    s.add_argument("--arm", help="arm id; portal arms (A3, A4) get the portal description")
    s.add_argument("--portal", action="store_true", help="include the portal description")
    s.add_argument("--freeze", help="freeze manifest the bundle must match")
    s.set_defaults(fn=cmd_compose)

    s = sub.add_parser("solve", help="run one of the scenario's solver variants in a workspace")
    s.add_argument("task_id")
    s.add_argument("--workspace", required=True)
    s.add_argument("--variant", required=True)
    s.set_defaults(fn=cmd_solve)

    s = sub.add_parser("evaluate", help="grade a workspace's out/ and write a receipt")
    s.add_argument("task_id")
    s.add_argument("--workspace", required=True)
    s.add_argument("--oracle", required=True)
    s.add_argument("--receipt", required=True)
    s.add_argument("--out", help="graded folder, if not WORKSPACE/out")
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

    s = sub.add_parser("freeze", help="write the freeze manifest from digests and validations")
    s.add_argument("--digests", nargs="+", required=True)
    s.add_argument("--validations", nargs="+", required=True)
    s.add_argument("--out", required=True)
    s.set_defaults(fn=cmd_freeze)

    s = sub.add_parser("verify-freeze", help="check bundles (and oracles) against a freeze manifest")
    s.add_argument("manifest")
    s.add_argument("--bundles")
    s.add_argument("--oracles")
    s.set_defaults(fn=cmd_verify_freeze)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s", stream=sys.stderr)
    try:
        return args.fn(args)
    except (UsageError, ConfigError, ScenarioError) as exc:
        print(f"whitecollar {args.command}: {exc}", file=sys.stderr)
        return 2
    except FileNotFoundError as exc:
        print(f"whitecollar {args.command}: {exc.filename}: not found", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
