"""Figure: occupations covered by the frozen benchmark, with each scenario's designed depth and class."""

from __future__ import annotations

import argparse
from pathlib import Path

from whitecollar.analysis.coverage import coverage_figure
from whitecollar.analysis.plotting import save


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--registry", default="benchmark/registry.csv")
    p.add_argument("--manifest", default="results/freeze/manifest.json")
    p.add_argument("--bundles", default="results/bundles")
    p.add_argument("--pdf", required=True)
    p.add_argument("--png", required=True)
    a = p.parse_args()
    save(coverage_figure(Path(a.registry), Path(a.manifest), Path(a.bundles)), a.pdf, a.png)


if __name__ == "__main__":
    main()
