"""The helpers of the Snakemake workflow, an entry point of the package.

`codedeps` computes every rule's code inputs from the import graph;
`grading_client` and `grading_server` serve the evaluation jobs from one
long-lived process; `progress` prints a line per stage while Snakemake's log
goes to a file; `faults` runs the fault campaign on a real laboratory;
`cluster` runs the pipeline on a single-node SLURM and compares it with a
local run. Like `cli`, it may import any part of the package, and no stage
imports it.
"""
