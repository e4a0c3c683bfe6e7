"""Timings of the restricted package and of a replication from it, printed as figures (not a test).

In scratch copies of the repository (PROC-01, one repeat, simulated workers
without delay): the pilot and the paper, then `snakemake restricted`, then
`whitecollar replicate` in a fresh copy. The replication is reported as a
ratio of the paper's own build, which it repeats after re-grading the receipts.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import yaml
from bench_pilot import IGNORED, timed  # the benchmarks' folder is on sys.path when run as a script

ROOT = Path(__file__).resolve().parents[1]
IGNORE = shutil.ignore_patterns(*IGNORED, "generated")


def lab(dest: Path) -> tuple[Path, dict[str, str]]:
    shutil.copytree(ROOT, dest, ignore=IGNORE)
    cfg_path = dest / "config.yaml"
    cfg = yaml.safe_load(cfg_path.read_text())
    cfg["scenarios"] = {"PROC-01": {}}
    cfg["study"]["repeats"] = 1
    cfg["worker"]["simulated"]["seconds"] = 0
    cfg_path.write_text(yaml.safe_dump(cfg, sort_keys=False, allow_unicode=True))
    return dest, dict(os.environ, WHITECOLLAR_ROOT=str(dest), PYTHONPATH=str(dest / "src"))


def main() -> None:
    smk = [sys.executable, "-m", "snakemake", "--cores", "2"]
    with tempfile.TemporaryDirectory(prefix="bench-replicate-") as tmp:
        original, env = lab(Path(tmp) / "original")
        pilot = timed(smk + ["results/pilot"], original, env)
        paper = timed(smk + ["paper"], original, env)
        package = timed(smk + ["restricted"], original, env)
        tar = original / "results" / "restricted" / "whitecollar-restricted.tar"
        fresh, fenv = lab(Path(tmp) / "fresh")
        replicate = timed([sys.executable, "-m", "whitecollar", "replicate", str(tar)], fresh, fenv)
        print(f"freeze + pilot (PROC-01, 4 runs):  {pilot:7.1f} s")
        print(f"paper after the pilot:             {paper:7.1f} s")
        print(
            f"restricted package:                {package:7.1f} s  ({tar.stat().st_size / 2**20:.1f} MiB, "
            f"{package / paper:.2f} x the paper)"
        )
        print(f"replication from the package:      {replicate:7.1f} s  ({replicate / paper:.2f} x the paper)")


if __name__ == "__main__":
    main()
