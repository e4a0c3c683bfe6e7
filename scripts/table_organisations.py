"""Table: the fictional organisations in which the scenarios are set."""

from __future__ import annotations

import argparse
from pathlib import Path

from whitecollar.analysis.benchmark_tables import organisations_table
from whitecollar.analysis.paper_tables import write_table


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--organisations", default="benchmark/organisations.csv")
    p.add_argument("--tex", required=True)
    p.add_argument("--csv", required=True)
    a = p.parse_args()
    write_table(organisations_table(Path(a.organisations)), a.tex, a.csv)


if __name__ == "__main__":
    main()
