"""The pilot's dashboard: one static HTML page beside the experiment database.

`build_dashboard(pilot_dir)` writes `<pilot_dir>/dashboard/index.html` with
the run table, every receipt, costs against the budget envelope, the
figures and (once it has run) the judge panel's agreement; a SIMULATED
banner heads it when the runs are simulated. `screenshot` renders it in
headless Chromium so that anyone can look at it without a browser.
It imports the foundation, `analysis` (its numbers and figures) and the
portal's browser settings of `lab`; nothing but an entry point imports it.
"""

from whitecollar.dashboard.build import build_dashboard

__all__ = ["build_dashboard"]
