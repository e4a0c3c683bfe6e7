"""Figure: the workflow's architecture, drawn from `snakemake --rulegraph dot` output."""

from __future__ import annotations

import argparse
from pathlib import Path

from whitecollar.analysis.plotting import save
from whitecollar.analysis.rulegraph import architecture_figure, parse_dot, rule_stages


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--dot", required=True, help="the rule graph in Graphviz dot")
    p.add_argument("--workflow", nargs="+", default=["Snakefile"], help="Snakefile and rule files (for the stages)")
    p.add_argument("--pdf", required=True)
    p.add_argument("--png", required=True)
    a = p.parse_args()
    graph = parse_dot(Path(a.dot).read_text(encoding="utf-8"))
    save(architecture_figure(graph, rule_stages([Path(f) for f in a.workflow])), a.pdf, a.png)


if __name__ == "__main__":
    main()
