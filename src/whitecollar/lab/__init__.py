"""Stage 2, the laboratory: where a run happens.

It composes a run's workspace from a frozen bundle (`workspace`), plans and
assigns the runs (`plan`, `assignment`), starts a worker through a backend
(`run_spec`, `backends`, `claude_code`, `simulated_worker`) over a transport
(`transport`, `ssh`) behind a wall (`sandbox`, `wall_relay`,
`wall_probe`), records its events (`events`, `session`), checks the nodes
(`probe`), collects the deliverables (`collect`, `integrity`) and keeps the
cost ledger (`ledger`). The enterprise portal of the portal arms is its
subpackage `portal`. It imports the foundation and `benchmark` only: the
laboratory does not grade, and grading does not run workers.
"""
