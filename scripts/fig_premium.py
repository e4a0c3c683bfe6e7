"""Figure: the premium of each arm over A1 with both clustered intervals."""

from __future__ import annotations

from whitecollar.analysis.plotting import save
from whitecollar.analysis.premium import premium_table
from whitecollar.analysis.result_plots import premium_figure
from whitecollar.analysis.script_support import add_figure_outputs, load, results_parser


def main() -> None:
    a = add_figure_outputs(results_parser(__doc__)).parse_args()
    pilot, _ = load(a)
    save(premium_figure(pilot, premium_table(pilot, replicates=a.replicates, seed=a.seed)), a.pdf, a.png)


if __name__ == "__main__":
    main()
