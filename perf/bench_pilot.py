"""Timings of the simulated pilot, printed as figures (not a test).

In a scratch copy of the repository: the freeze, then the pilot from that
frozen state, the no-op `snakemake -n results/pilot`, and the laboratory's
own per-run overhead (compose + collect + evaluate, the worker excluded).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: what a lab copy of the repository leaves out (its own results and environment)
IGNORED = (".git", ".venv", "results", ".snakemake", "__pycache__", ".pytest_cache", "*.egg-info")
IGNORE = shutil.ignore_patterns(*IGNORED)


def timed(cmd: list[str], cwd: Path, env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    return time.perf_counter() - t0


def overhead(root: Path, tmp: Path, task: str) -> tuple[float, float, float]:
    from whitecollar.benchmark.scenario import load_scenario
    from whitecollar.grading.evaluation import evaluate
    from whitecollar.lab.collect import collect
    from whitecollar.lab.workspace import compose

    bundle, oracle = root / "results" / "bundles" / task, root / "results" / "restricted" / "oracles" / task
    t0 = time.perf_counter()
    ws = compose(bundle, tmp / f"ws-{task}")
    t1 = time.perf_counter()
    load_scenario(task).solver.solve(ws, "reference")  # the worker's part, not timed
    t2 = time.perf_counter()
    collect(ws, tmp / f"run-{task}" / "out", max_file_bytes=25 * 2**20, max_run_bytes=200 * 2**20)
    t3 = time.perf_counter()
    evaluate(task, tmp / f"run-{task}" / "out", ws, oracle)
    t4 = time.perf_counter()
    return t1 - t0, t3 - t2, t4 - t3


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="bench-pilot-"))
    root = tmp / "lab"
    shutil.copytree(ROOT, root, ignore=IGNORE)
    env = dict(os.environ, WHITECOLLAR_ROOT=str(root), PYTHONPATH=str(root / "src"))
    sm = [sys.executable, "-m", "snakemake", "--cores", "2"]
    try:
        freeze = timed(sm + ["freeze"], root, env)
        pilot = timed(sm + ["results/pilot"], root, env)
        noop = timed([sys.executable, "-m", "snakemake", "-n", "results/pilot"], root, env)
        runs = len(list((root / "results" / "runs").rglob("run.json")))
        os.environ["WHITECOLLAR_ROOT"] = str(root)
        sys.path.insert(0, str(root / "src"))
        from whitecollar.benchmark.scenario import list_scenarios

        rows = [
            ("freeze from clean (not part of the pilot)", freeze),
            (f"simulated pilot from a frozen state ({runs} runs, 2 cores)", pilot),
            ("per run, pilot wall time / runs", pilot / max(runs, 1)),
            ("no-op plan (snakemake -n results/pilot)", noop),
        ]
        for task in list_scenarios(root / "benchmark" / "scenarios"):
            if not (root / "results" / "bundles" / task).exists():
                continue
            c, k, e = overhead(root, tmp, task)
            rows += [
                (f"{task}: compose", c),
                (f"{task}: collect", k),
                (f"{task}: evaluate (with recalculation)", e),
                (f"{task}: laboratory overhead per run", c + k + e),
            ]
        width = max(len(n) for n, _ in rows)
        print("SIMULATED workers (the scenarios' own solver variants); no model was run.")
        print(f"{'measure':<{width}}  seconds")
        for name, secs in rows:
            print(f"{name:<{width}}  {secs:7.2f}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
