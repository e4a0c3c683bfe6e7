"""Table: asking for clarification as precision, recall, specificity and balanced accuracy per arm."""

from __future__ import annotations

from whitecollar.analysis.paper_tables import write_table
from whitecollar.analysis.results_tables import asking_results_table
from whitecollar.analysis.script_support import add_table_outputs, load, results_parser


def main() -> None:
    a = add_table_outputs(results_parser(__doc__)).parse_args()
    pilot, _ = load(a)
    write_table(asking_results_table(pilot), a.tex, a.csv)


if __name__ == "__main__":
    main()
