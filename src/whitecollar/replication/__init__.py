"""The study's last stage: the restricted package, and the paper rebuilt from it.

`restricted` packs what a replicator needs (the freeze, the runs, the
receipts, the judges' scores) into one deterministic archive with its
SHA-256 sums; `replicate` checks such a package on a fresh clone, restores
it and rebuilds the paper without starting a worker or a judge. The tables
and figures themselves are built by `analysis` and the scripts under
`scripts/`. It may import every earlier stage and the foundation, never an
entry point.
"""
