"""Stage 1, the benchmark: scenario folders and what their generators share.

`scenario` loads a scenario folder and its three pieces of code; `generation`
turns it into a public bundle and a hidden oracle; `bundle`, `benchdata`
(the shared organisations and registry) and `roster` (the shared people)
are what every generator draws on so that ten scenarios read as one world;
`solving` is the plumbing of reference solvers and `variants` the kinds
of deliverable they write; `interfaces` types each file of a scenario
folder; `garbage` the damaged
outputs every evaluator must survive. It imports only the foundation
(`atomic`, `hashing`, `paths`, `office`): generating a scenario needs no
laboratory, grader or judge.
"""
