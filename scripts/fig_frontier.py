"""Figure: the dependency frontier, success against designed depth per arm, with bootstrap bands."""

from __future__ import annotations

from whitecollar.analysis.frontier import frontiers
from whitecollar.analysis.frontier_plot import frontier_figure
from whitecollar.analysis.plotting import save
from whitecollar.analysis.script_support import add_figure_outputs, load, results_parser


def main() -> None:
    a = add_figure_outputs(results_parser(__doc__)).parse_args()
    pilot, arms = load(a)
    save(frontier_figure(pilot, frontiers(pilot, replicates=a.replicates, seed=a.seed), arms), a.pdf, a.png)


if __name__ == "__main__":
    main()
