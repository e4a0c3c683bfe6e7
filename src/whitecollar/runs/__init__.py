"""The run folder: its layout (`layout`) and its record, run.json (`record`).

Every stage that touches a run (the lab writes it, grading, judging, the
analysis, the package and the workbook prefetcher read it) goes through
these two modules, so the folder's leaf names and run.json's fields are
written down once. Part of the foundation: it may import `atomic` and
`schemas` only, and any module may import it.
"""
