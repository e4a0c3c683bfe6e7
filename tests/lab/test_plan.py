"""The answers the workflow's input functions get (whitecollar/lab/plan.py)."""

from __future__ import annotations

import json
import os

import pytest

from whitecollar.lab import plan
from whitecollar.lab.assignment import assignment_rows, draw_runs, write_assignment

CAPS = {"time_limit_s": 1800, "budget_usd": 4.0}
FROZEN = {
    t: {"bundle_sha256": h * 64, "time_limit_s": 600, "budget_usd": 1.0} for t, h in (("AB-01", "a"), ("CD-02", "b"))
}


def assignment_file(tmp_path, repeats=2):
    runs = draw_runs(FROZEN, ["A1", "A2"], repeats, CAPS, seed=7)
    path = tmp_path / "assignment.csv"
    write_assignment(path, assignment_rows(runs, {r.run_id: "local" for r in runs}))
    return path


def test_a_run_is_found_by_its_path_parts(tmp_path):
    drawn = plan.load_assignment(assignment_file(tmp_path))
    row = drawn.row("CD-02", "b" * 12, "A2", "2")
    assert (row["run_id"], row["node"], row["time_limit_s"]) == ("CD-02-A2-r2", "local", "1800")
    assert drawn.row("CD-02", "b" * 12, "A2", 2) is row
    assert len(drawn.rows) == 8
    assert drawn.run_paths("runs", "run.json")[int(row["order"]) - 1] == f"runs/CD-02/{'b' * 12}/A2/r2/run.json"


def test_a_run_not_drawn_is_an_error_naming_the_file(tmp_path):
    drawn = plan.load_assignment(assignment_file(tmp_path))
    with pytest.raises(ValueError, match=r"plan.csv: no run AB-01-A1-r3 for bundle"):
        drawn.row("AB-01", "a" * 12, "A1", "3", "plan.csv")
    with pytest.raises(ValueError, match="no run AB-01-A1-r1 for bundle b"):
        drawn.row("AB-01", "b" * 12, "A1", "1")


def test_the_file_is_read_once_until_it_changes(tmp_path):
    path = assignment_file(tmp_path)
    first = plan.load_assignment(path)
    assert plan.load_assignment(path) is first
    st = os.stat(path)
    assignment_file(tmp_path, repeats=3)  # the checkpoint rewrote it
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    assert len(plan.load_assignment(path).rows) == 12


def test_freeze_is_current_only_when_every_bundle_matches(tmp_path):
    digests = tmp_path / "digests"
    digests.mkdir()
    for task, h in (("AB-01", "a"), ("CD-02", "b")):
        (digests / f"{task}.json").write_text(json.dumps({"bundle_sha256": h, "oracle_sha256": h + "o"}))
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"scenarios": {"AB-01": {"bundle_sha256": "a"}, "CD-02": {"bundle_sha256": "b"}}}))
    assert plan.freeze_is_current(manifest, digests, ["AB-01", "CD-02"])
    assert not plan.freeze_is_current(manifest, digests, ["AB-01", "EF-03"])
    assert not plan.freeze_is_current(tmp_path / "absent.json", digests, ["AB-01"])
    assert plan.oracle_sha256(digests, "CD-02") == "bo"
    assert plan.oracle_sha256(digests, "EF-03") == ""


def test_slices_carry_what_their_jobs_read():
    config = {
        "scenarios": {"AB-01": {"seed": 3}},
        "arms": {"A1": {}},
        "study": {"seed": 1, "repeats": 2},
        "caps": CAPS,
        "nodes": [{"name": "local"}],
        "budget": {"envelope_usd": 10.0},
        "worker": {
            "backend": "simulated",
            "simulated": {"personas": {"A1": {"reference": 1.0}}, "cost_usd": {"A1": 0.5}},
        },
    }
    assert json.loads(plan.assign_slice(config)) == {
        "scenarios": ["AB-01"],
        "arms": {"A1": {}},
        "study": {"seed": 1, "repeats": 2},
        "caps": CAPS,
        "nodes": [{"name": "local"}],
    }
    assert json.loads(plan.controller_slice(config)) == {"envelope_usd": 10.0, "nodes": [{"name": "local"}]}
    assert json.loads(plan.worker_slice(config, "A1"))["simulated"]["cost_usd"] == {"A1": 0.5}
