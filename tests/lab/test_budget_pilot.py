"""A pilot whose envelope runs out: it ends cleanly, and says so.

With `envelope_usd: 6.00` and 4.00-USD caps, a PROC-01 pilot of four runs has
room for one or two of them. The workflow must still finish (no failed job,
no retry), record the others as not launched with the reason, keep them out
of every denominator, and end its summary with the line that says so.
"""

from __future__ import annotations

import csv
import json

import pytest
from labkit import configure, snakemake

pytestmark = pytest.mark.slow


def test_an_exhausted_envelope_ends_the_pilot_cleanly(lab):
    root = lab("frozen")
    configure(root, budget={"envelope_usd": 6.00})
    proc = snakemake(root, "--cores", "2", "results/pilot")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "did not complete successfully" not in proc.stderr

    runs = [json.loads(p.read_text()) for p in sorted((root / "results" / "runs").rglob("run.json"))]
    skipped = [r for r in runs if r["status"] == "not_launched"]
    launched = [r for r in runs if r["status"] != "not_launched"]
    assert len(runs) == 4 and skipped and launched
    assert sum(r["cost_usd"] for r in launched) <= 6.00
    assert all("not launched" in r["not_launched_reason"] for r in skipped)

    pilot = root / "results" / "pilot"
    with open(pilot / "not_launched.csv", newline="") as fh:
        listed = list(csv.DictReader(fh))
    assert sorted(r["run_id"] for r in listed) == sorted(r["run_id"] for r in skipped)
    with open(pilot / "summary.csv", newline="") as fh:
        summary = [r for r in csv.DictReader(fh) if r["task_id"] != "ALL"]
    assert sum(int(r["runs"]) for r in summary) == len(launched)  # not in any denominator
    assert sum(int(r["lab_failures"]) for r in summary) == 0
    last = (pilot / "summary.txt").read_text().rstrip().splitlines()[-1]
    assert last.startswith(f"{len(skipped)} run(s) not launched: the budget envelope of 6.00 USD")
    assert (
        f"{len(skipped)} run{'s' if len(skipped) != 1 else ''} not launched"
        in (pilot / "dashboard" / "index.html").read_text()
    )
    receipts = [json.loads(p.read_text()) for p in sorted((root / "results" / "receipts").rglob("receipt.json"))]
    assert sum(bool(r["notes"]) and r["notes"][0].startswith("not launched") for r in receipts) == len(skipped)
    scores = [json.loads(p.read_text()) for p in sorted((root / "results" / "judging" / "scores").rglob("*.json"))]
    not_judged = [s for s in scores if s.get("status") == "not_launched"]
    assert len(not_judged) == 3 * len(skipped) and all(s["cost_usd"] == 0.0 for s in not_judged)
