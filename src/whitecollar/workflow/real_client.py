"""`make pilot-real-client`: the pilot with the real Claude Code client and a scripted model.

The study of config/real-client.yaml (laid over config.yaml) is built
twice, each in a scratch copy of the repository under its results folder:
once with the simulated worker, once with `backend: claude-code`, the
pinned client (lab/claude_client.py) and `scripted_model: true`, so each
run's scripted model acts out the persona the simulated run played
(lab/persona_script.py). Everything downstream of the worker (collection,
grading, judging packages) is then the same code on what the client
delivered, and every receipt and judging package must equal the simulated
run's byte for byte; the program prints how many do, and the two pilots'
worker time, and exits non-zero on any difference.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import yaml

from whitecollar.lab.claude_client import ClientNotInstalled, installed_client
from whitecollar.runs.layout import finished_runs
from whitecollar.runs.record import read_run_record
from whitecollar.workflow.cluster import IGNORE, ROOT, lab_env, remove_tree, snakemake, stop_services

OVERLAY = ROOT / "config" / "real-client.yaml"


def overlay(base: dict[str, Any], layer: dict[str, Any]) -> dict[str, Any]:
    """`layer` over `base`: mappings merged key by key, anything else (and `scenarios`) replaced."""
    out = dict(base)
    for key, value in layer.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict) and key != "scenarios":
            out[key] = overlay(out[key], value)
        else:
            out[key] = value
    return out


def study_configs(path: Path = OVERLAY) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """The results folder, and the simulated and the scripted study's full configurations."""
    try:
        layer = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise SystemExit(f"error: {path}: cannot read the real-client study ({exc}); restore it from git") from None
    results = str(layer.pop("results", "results-real-client"))
    base = yaml.safe_load((ROOT / "config.yaml").read_text(encoding="utf-8"))
    unknown = sorted(set(layer.get("scenarios") or {}) - set(base["scenarios"]))
    if unknown:
        raise SystemExit(f"error: {path}: {', '.join(unknown)} not in config.yaml's scenarios; name scenarios it lists")
    cfg = overlay(base, layer)
    cfg["worker"]["simulated"]["seconds"] = 0
    scripted_worker = dict(cfg["worker"])
    simulated = overlay(cfg, {"worker": {"backend": "simulated"}})
    simulated["worker"].pop("claude_code", None)
    try:  # a scratch copy holds no client of its own: it runs the project's installed one
        executable = str(installed_client())
    except ClientNotInstalled as exc:
        raise SystemExit(f"error: {exc}") from None
    scripted_worker["backend"] = "claude-code"
    scripted_worker["claude_code"] = {**cfg["worker"].get("claude_code", {}), "executable": executable}
    scripted = {**cfg, "worker": scripted_worker}
    return results, simulated, scripted


def scratch(dest: Path, cfg: dict[str, Any], results: str) -> Path:
    """A copy of the repository (no results, no installed client) with `cfg` as its config.yaml."""
    remove_tree(dest)
    ignore = shutil.ignore_patterns(results, "node_modules")

    def both(folder: str, names: list[str]) -> set[str]:
        return set(IGNORE(folder, names)) | set(ignore(folder, names))

    shutil.copytree(ROOT, dest, ignore=both, symlinks=True)
    (dest / "config.yaml").write_text(yaml.safe_dump(cfg, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return dest


def files(root: Path, pattern: str) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.glob(pattern)) if p.is_file()}


def compare(sim: Path, real: Path) -> list[str]:
    """Lines saying what differs between the two pilots' receipts and judging packages (none: equivalent)."""
    problems = []
    for what, pattern in (
        ("receipt", "results/receipts/**/receipt.json"),
        ("package", "results/judging/packages/**/package.txt"),
    ):
        a, b = files(sim, pattern), files(real, pattern)
        if not a:
            problems.append(f"no {what} in the simulated pilot")
        for rel in sorted(set(a) | set(b)):
            if a.get(rel) != b.get(rel):
                problems.append(
                    f"{what} differs: {rel}" if rel in a and rel in b else f"{what} in one pilot only: {rel}"
                )
        print(f"{what}s identical: {sum(a.get(r) == b.get(r) for r in a)}/{len(a)}")
    return problems


def worker_seconds(root: Path) -> float:
    return sum(read_run_record(f.run_json).wall_s for f in finished_runs(root / "results" / "runs"))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--config", type=Path, default=OVERLAY, help="the real-client study (default: %(default)s)")
    p.add_argument("--cores", type=int, default=2)
    a = p.parse_args(argv)
    results, simulated, scripted = study_configs(a.config)
    work = (ROOT / results).resolve()
    work.mkdir(parents=True, exist_ok=True)
    log = work / "snakemake.log"
    log.unlink(missing_ok=True)
    runs = len(scripted["scenarios"]) * len(scripted["arms"]) * int(scripted["study"]["repeats"])
    print(f"study: {', '.join(scripted['scenarios'])} x {len(scripted['arms'])} arms, {runs} runs; log: {log}")
    seconds = {}
    for name, cfg in (("simulated", simulated), ("scripted", scripted)):
        root = scratch(work / name, cfg, results)
        started = time.monotonic()
        try:
            snakemake(root, ["--cores", str(a.cores), "results/pilot"], lab_env(root), log)
        except RuntimeError as exc:
            print(f"error: the {name} pilot failed: {exc}", file=sys.stderr)
            return 1
        finally:
            stop_services(root)
        seconds[name] = time.monotonic() - started
        label = "SCRIPTED MODEL" if name == "scripted" else "SIMULATED"
        print(f"{label} pilot: {seconds[name]:.0f} s, workers {worker_seconds(root):.1f} s ({root / 'results/pilot'})")
    ratio = worker_seconds(work / "scripted") / max(worker_seconds(work / "simulated"), 1e-9)
    print(f"a real-client run takes {ratio:.1f}x a simulated run (worker wall time, summed over the runs)")
    problems = compare(work / "simulated", work / "scripted")
    for line in problems:
        print(line, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
