"""Analysis of the pilot: estimators, intervals, tables and figures for the paper.

Everything here reads files the pipeline wrote (the experiment database of
`results/pilot/`, the frozen bundles' metadata, the freeze manifest and the
benchmark's committed CSV files) and returns plain data; the thin scripts
under `scripts/` turn that data into LaTeX, CSV, PDF and PNG files. Keeping
the numbers in the library means pytest can check them against synthetic
data with a known answer, and against the receipts themselves.

Modules, one responsibility each:

* `data`: the pilot's runs joined with their receipts and scenario metadata;
* `metadata`: the benchmark's metadata (registry, organisations, frozen scenarios);
* `stats`, `bootstrap`, `logistic`: numeric building blocks (Student t,
  cluster bootstrap, IRLS logistic regression with an optional Firth penalty);
* `outcomes`, `asking`, `premium`, `frontier`, `sensitivity`, `power`,
  `judges`: the study's estimators;
* `paper_tables` (a table written as LaTeX and CSV), `benchmark_tables`,
  `results_tables`, `protocol_tables`: what the paper's tables hold;
* `plotting`, `coverage`, `frontier_plot`, `result_plots`, `rulegraph`: its figures.

Figures and tables built from simulated runs say SIMULATED, always.
`record` assembles the pilot's record itself (the experiment database,
the summary and the ledger) and `audit` its deviations from the freeze.
It may import the foundation and every earlier stage (benchmark, lab,
grading, judges, freeze), never `dashboard`, `paper` or an entry point.
"""
