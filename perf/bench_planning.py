"""Planning time of the pilot beside Snakemake's own floor, printed as figures (not a test).

For 32, 800 and 2,400 runs: the time of `snakemake -n results/pilot` in a
frozen copy of the repository whose assignment holds that many runs (the
repeats raised with --config, as the scale-up's 200 scenarios are not
there), and, measured right after it, the time Snakemake takes to plan a
synthetic workflow of the same shape and size (a generated Snakefile with
trivial rules: per run a run, an evaluation, a render and one judgement per
configured judge, then one record), and their ratio. This machine's speed
drifts, so the two are measured side by side; each figure is the best of
`--rounds` measurements.

    python perf/bench_planning.py [--lab DIR] [--runs 32 800 2400] [--rounds 2]

`--lab` reuses a copy whose freeze is built (it is built in a temporary
copy otherwise, which takes minutes). Building the freeze also fills the
import-summaries cache (results/cache/codedeps.json), as any earlier
invocation does on a controller: the figures are those of every planning
but the very first.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
IGNORE = shutil.ignore_patterns(
    ".git", ".venv", "results", ".snakemake", "__pycache__", ".pytest_cache", "*.egg-info", "generated"
)

SYNTHETIC = """
RUNS = [l.split(",") for l in open("runs.csv").read().split()]
JUDGES = {judges!r}
P = "{{task}}/{{bundle}}/{{arm}}/r{{rep}}"


def paths(root, leaf):
    return [f"{{root}}/{{t}}/{{b}}/{{a}}/r{{r}}/{{leaf}}" for t, b, a, r in RUNS]


rule pilot:
    input:
        runs=paths("runs", "run.json"),
        receipts=paths("receipts", "receipt.json"),
        scores=[p for j in JUDGES for p in paths("scores", j + ".json")],
    output: "pilot/summary.csv"
    shell: "touch {{output}}"


rule run:
    output: run=f"runs/{{P}}/run.json", events=f"runs/{{P}}/events.jsonl", integrity=f"runs/{{P}}/integrity.json",
            out=directory(f"runs/{{P}}/out")
    shell: "touch {{output}}"


rule evaluate_run:
    input: f"runs/{{P}}/run.json"
    output: f"receipts/{{P}}/receipt.json"
    shell: "touch {{output}}"


rule render:
    input: f"runs/{{P}}/run.json"
    output: package=f"packages/{{P}}/package.txt", prompt=f"packages/{{P}}/prompt.txt",
            rubric=f"packages/{{P}}/rubric.json"
    shell: "touch {{output}}"


rule judge:
    input: f"packages/{{P}}/package.txt"
    output: f"scores/{{P}}/{{{{judge}}}}.json"
    shell: "touch {{output}}"
"""


def env_for(root: Path) -> dict[str, str]:
    return dict(os.environ, WHITECOLLAR_ROOT=str(root), PYTHONPATH=str(root / "src"))


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def snakemake(root: Path, *args: str, env: dict[str, str] | None = None) -> tuple[float, float, str]:
    """Wall-clock and CPU seconds of one Snakemake command, and its output."""
    t0, c0 = time.perf_counter(), cpu()
    proc = subprocess.run(
        [sys.executable, "-m", "snakemake", *args],
        cwd=root,
        env=env or dict(os.environ),
        capture_output=True,
        text=True,
    )
    took, used = time.perf_counter() - t0, cpu() - c0
    if proc.returncode != 0:
        sys.exit(f"failed in {root}: snakemake {' '.join(args)}\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}")
    return took, used, proc.stdout + proc.stderr


def job_counts(log: str) -> dict[str, int]:
    table = log.split("Job stats:", 1)[1]
    jobs: dict[str, int] = {}
    for line in table.splitlines()[3:]:
        m = re.match(r"^(\S+)\s+(\d+)$", line.strip())
        if not m or m.group(1) == "total":
            break
        jobs[m.group(1)] = int(m.group(2))
    return jobs


def frozen_lab(tmp: Path) -> Path:
    root = tmp / "lab"
    shutil.copytree(ROOT, root, ignore=IGNORE)
    print(f"building the freeze in {root} (once) ...", flush=True)
    snakemake(root, "--cores", "2", "freeze", env=env_for(root))
    snakemake(
        root,
        "--cores",
        "2",
        "results/code/render/all.json",
        *[f"results/code/evaluate/{t}.json" for t in yaml.safe_load((root / "config.yaml").read_text())["scenarios"]],
        env=env_for(root),
    )
    return root


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--lab", type=Path, help="a copy of the repository with its freeze built")
    p.add_argument("--runs", type=int, nargs="+", default=[32, 800, 2400])
    p.add_argument("--rounds", type=int, default=2)
    a = p.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-planning-"))
    try:
        root = a.lab.resolve() if a.lab else frozen_lab(tmp)
        env = env_for(root)
        cfg = yaml.safe_load((root / "config.yaml").read_text())
        per_repeat = len(cfg["scenarios"]) * len(cfg["arms"])
        judges = [j["name"] for j in cfg["judges"]["panel"]]
        rows = []
        for target in a.runs:
            repeats = max(1, round(target / per_repeat))
            override = ["--config", f"study={{repeats: {repeats}}}"]
            snakemake(root, "--cores", "1", "results/plan/assignment.csv", *override, env=env)
            runs = [line.split(",") for line in (root / "results/plan/assignment.csv").read_text().splitlines()[1:]]
            synth = tmp / f"synthetic-{len(runs)}"
            synth.mkdir(exist_ok=True)
            (synth / "Snakefile").write_text(SYNTHETIC.format(judges=judges))
            (synth / "runs.csv").write_text("".join(f"{r[2]},{r[3]},{r[4]},{r[5]}\n" for r in runs))
            ours, floor = [], []
            for _ in range(a.rounds):
                took, used, log = snakemake(root, "-n", "results/pilot", *override, env=env)
                ours.append((took, used))
                jobs = job_counts(log)
                took, used, slog = snakemake(synth, "-n", "pilot/summary.csv")
                floor.append((took, used))
                synthetic_jobs = job_counts(slog)
            rows.append(
                (
                    len(runs),
                    sum(jobs.values()),
                    sum(synthetic_jobs.values()),
                    min(t for t, _ in ours),
                    min(t for t, _ in floor),
                    min(c for _, c in ours),
                    min(c for _, c in floor),
                )
            )
        print("Planning (snakemake -n) of results/pilot beside Snakemake's floor, a synthetic DAG of the same shape;")
        print(
            "wall-clock seconds, and CPU seconds (steadier when the machine is shared); best of "
            f"{a.rounds} side-by-side round(s)"
        )
        print(
            f"{'runs':>6} {'jobs':>7} {'synthetic':>10} {'pilot s':>9} {'synthetic s':>12} {'ratio':>6}"
            f" {'pilot cpu':>10} {'synthetic cpu':>14} {'cpu ratio':>10}"
        )
        for runs, jobs, sjobs, wall, swall, used, sused in rows:
            print(
                f"{runs:>6} {jobs:>7} {sjobs:>10} {wall:>9.2f} {swall:>12.2f} {wall / swall:>6.2f}"
                f" {used:>10.2f} {sused:>14.2f} {used / sused:>10.2f}"
            )
        print("goal: ratio at most 2 at 2,400 runs")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
