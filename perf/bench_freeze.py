"""Timings of the freeze stage, printed as figures (not a test).

Measures, in a scratch copy of the repository: the freeze from a clean
state, the no-op `snakemake -n freeze`, and, per scenario, generation, the
validation battery and one evaluation with LibreOffice recalculation.
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
IGNORE = shutil.ignore_patterns(".git", ".venv", "results", ".snakemake", "__pycache__", ".pytest_cache", "*.egg-info")


def timed(cmd: list[str], cwd: Path, env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - t0
    if proc.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    return elapsed


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="bench-freeze-"))
    root = tmp / "lab"
    shutil.copytree(ROOT, root, ignore=IGNORE)
    env = dict(os.environ, WHITECOLLAR_ROOT=str(root), PYTHONPATH=str(root / "src"))
    sm = [sys.executable, "-m", "snakemake"]
    wc = [sys.executable, "-m", "whitecollar"]
    try:
        rows = [
            ("freeze from clean (snakemake --cores 2 freeze)", timed(sm + ["--cores", "2", "freeze"], root, env)),
            ("no-op plan (snakemake -n freeze)", timed(sm + ["-n", "freeze"], root, env)),
        ]
        sys.path.insert(0, str(root / "src"))
        os.environ["WHITECOLLAR_ROOT"] = str(root)
        from whitecollar.benchmark.scenario import list_scenarios

        for task in list_scenarios(root / "benchmark" / "scenarios"):
            if task not in (root / "config.yaml").read_text():
                continue
            w = tmp / task
            rows.append(
                (
                    f"{task}: generate",
                    timed(wc + ["generate", task, "--bundle", str(w / "b"), "--oracle", str(w / "o")], root, env),
                )
            )
            rows.append(
                (
                    f"{task}: validation battery",
                    timed(
                        wc
                        + [
                            "validate",
                            task,
                            "--bundle",
                            str(w / "b"),
                            "--oracle",
                            str(w / "o"),
                            "--out",
                            str(w / "v.json"),
                        ],
                        root,
                        env,
                    ),
                )
            )
            timed(wc + ["compose", task, "--bundle", str(w / "b"), "--workspace", str(w / "ws")], root, env)
            timed(wc + ["solve", task, "--workspace", str(w / "ws"), "--variant", "reference"], root, env)
            rows.append(
                (
                    f"{task}: one evaluation with recalculation",
                    timed(
                        wc
                        + [
                            "evaluate",
                            task,
                            "--workspace",
                            str(w / "ws"),
                            "--oracle",
                            str(w / "o"),
                            "--receipt",
                            str(w / "r.json"),
                        ],
                        root,
                        env,
                    ),
                )
            )
        width = max(len(name) for name, _ in rows)
        print(f"{'measure':<{width}}  seconds")
        for name, secs in rows:
            print(f"{name:<{width}}  {secs:7.2f}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
