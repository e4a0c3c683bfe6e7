"""Stage 3, grading: deterministic evaluators and the receipts they sign.

A scenario's `evaluate.py` reads each decision and oracle fact from the most
structured place the work states it, with the readers here: `context`
(the delivered files, read once), `completion`, `tables`, `formulas`,
`numbers`, `tolerant`, `decisions`, `obedience` and `text` (prose, for facts
that must appear in it). `receipt` is the receipt's model and schema;
`evaluation` runs an evaluator in a bounded child; `receipt_cache`,
`learned` and `regrade` make re-grading cheap and visible. The proofs that
an evaluator grades fairly live here too, because they grade: `validation`
(the battery), `challenge` (the reviewer-written corpus) and
`scenario_check` (a scenario folder's contract). It imports the foundation,
`benchmark` and `lab` (a workspace's layout and integrity), never later
stages.
"""
