"""Table: catalogue of the frozen scenarios (inputs, deliverables, caps, validation verdict)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from whitecollar.analysis.benchmark_tables import catalogue_table
from whitecollar.analysis.paper_tables import write_table


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--manifest", default="results/freeze/manifest.json")
    p.add_argument("--bundles", default="results/bundles")
    p.add_argument("--caps", default="{}", help='JSON of config.yaml\'s caps: {"time_limit_s": .., "budget_usd": ..}')
    p.add_argument("--tex", required=True)
    p.add_argument("--csv", required=True)
    a = p.parse_args()
    write_table(catalogue_table(Path(a.manifest), Path(a.bundles), json.loads(a.caps)), a.tex, a.csv)


if __name__ == "__main__":
    main()
