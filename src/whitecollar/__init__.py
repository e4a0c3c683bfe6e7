"""A laboratory that builds a benchmark of white-collar assignments, runs agents on it and grades them.

The package is layered, and `tests/test_import_graph.py` holds it to that:

* the foundation, which any module may import and which imports nothing
  above it: `atomic` (writes that never leave half a file), `hashing`,
  `paths`, `config` (config.yaml, checked), `formats` (amounts, dates and
  months as documents write them), `processes` (signalling a process
  group), `bounded` (work on untrusted input in a limited child), `office`
  (deterministic writers and tolerant readers of office files),
  `libreoffice` (the headless LibreOffice processes that recalculate
  workbooks and render pages), `numerics`
  (estimators scenarios share) and `runs` (a run folder's layout and its
  typed record, run.json);
* the stages, in the order a study runs them and imports flow: `benchmark`
  (scenarios, their generation), `lab` (workspaces, workers, the portal),
  `grading` (evaluators, receipts, the validation battery), `freeze` (the
  preregistered manifest and the judges' protocol it records), `judges`
  (the blind panel), `analysis` (estimators, tables, figures,
  the pilot's record), `dashboard` and `replication` (the restricted package, and the paper
  rebuilt from it). A stage imports the foundation and earlier stages only;
* the entry points, which import anything and which nothing imports back:
  `cli` (the `whitecollar` command), `workflow` (the helpers of the
  Snakemake workflow: code inputs, the grading server, the cluster test)
  and `kit` (the one import of the scenario folders' code).
"""

__version__ = "0.1.0"
