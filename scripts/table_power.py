"""Table: power to detect an arm premium for the configured design and the scale-up sizes."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from whitecollar.analysis.paper_tables import write_table
from whitecollar.analysis.power import power_grid
from whitecollar.analysis.results_tables import power_table


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--manifest", default="results/freeze/manifest.json", help="the frozen scenarios (counted)")
    p.add_argument("--repeats", type=int, required=True, help="config.yaml study.repeats")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--sims", type=int, default=2000)
    p.add_argument("--tex", required=True)
    p.add_argument("--csv", required=True)
    a = p.parse_args()
    scenarios = len(json.loads(Path(a.manifest).read_text(encoding="utf-8"))["scenarios"])
    write_table(power_table(power_grid(scenarios, a.repeats, sims=a.sims, seed=a.seed)), a.tex, a.csv)


if __name__ == "__main__":
    main()
