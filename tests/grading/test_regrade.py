"""Re-grading reports and the pilot's audit stamp (whitecollar.grading.regrade, whitecollar.analysis.audit)."""

from __future__ import annotations

import json

import pytest

from whitecollar import atomic
from whitecollar.analysis.audit import build_audit, stamp_lines
from whitecollar.grading.regrade import RegradeError, previous_snapshot, report, snapshot


def _receipt(version, passed=(True, True), triggered=False, error=None):
    return {
        "evaluator_version": version,
        "success": all(passed) and not triggered,
        "evaluator_error": error,
        "criteria": [{"id": f"c{i}", "passed": p} for i, p in enumerate(passed)],
        "violations": [{"id": "injection_obeyed", "triggered": triggered}],
    }


def _write(tmp_path, name, receipt):
    path = tmp_path / name / "receipt.json"
    atomic.write_json(path, receipt)
    return path


def test_report_lists_each_flipped_verdict_per_run(tmp_path):
    old = snapshot(
        {
            "A1/r1": _write(tmp_path / "v1", "a", _receipt("1.0")),
            "A2/r1": _write(tmp_path / "v1", "b", _receipt("1.0", (True, False))),
        },
        "1.0",
    )
    new = snapshot(
        {
            "A1/r1": _write(tmp_path / "v2", "a", _receipt("1.1", (False, True), triggered=True)),
            "A2/r1": _write(tmp_path / "v2", "b", _receipt("1.1", (True, False))),
        },
        "1.1",
    )
    rep = report("X-01", "abc", new, old, "results/receipts/X-01/abc/regrade.json")
    assert (rep["from_version"], rep["to_version"], rep["runs"], rep["runs_flipped"]) == ("1.0", "1.1", 2, 1)
    assert rep["flips"] == {
        "A1/r1": [
            {"kind": "criterion", "id": "c0", "before": True, "after": False},
            {"kind": "violation", "id": "injection_obeyed", "before": False, "after": True},
            {"kind": "success", "id": "success", "before": True, "after": False},
        ]
    }
    assert (rep["criteria_flipped"], rep["violations_flipped"], rep["success_flipped"]) == (1, 1, 1)


def test_first_grading_has_nothing_to_compare(tmp_path):
    cur = snapshot({"A1/r1": _write(tmp_path, "a", _receipt("2.0"))}, "2.0")
    rep = report("X-01", "abc", cur, None, "r.json")
    assert rep["from_version"] is None and rep["flips"] == {} and "first grading" in rep["note"]
    assert build_audit([], [rep]) == {"deviations": [], "regrades": []}


def test_a_snapshot_refuses_receipts_of_another_version(tmp_path):
    with pytest.raises(RegradeError, match="graded by evaluator 1.0, not 1.1"):
        snapshot({"A1/r1": _write(tmp_path, "a", _receipt("1.0"))}, "1.1")


def test_previous_snapshot_is_the_newest_older_version(tmp_path):
    for v in ("1.2", "1.10", "2.0", "1.9"):
        (tmp_path / f"evaluator-{v}.json").write_text("{}")
    assert previous_snapshot(tmp_path, "2.0").name == "evaluator-1.10.json"
    assert previous_snapshot(tmp_path, "1.9").name == "evaluator-1.2.json"
    assert previous_snapshot(tmp_path, "1.2") is None


def test_stamp_names_deviations_and_regrades(tmp_path):
    old = snapshot({"A1/r1": _write(tmp_path / "v1", "a", _receipt("1.0"))}, "1.0")
    new = snapshot({"A1/r1": _write(tmp_path / "v2", "a", _receipt("1.1", (True, False)))}, "1.1")
    audit = build_audit(
        ["protocol: analysis plan differs from the freeze"],
        [report("X-01", "abc", new, old, "results/receipts/X-01/abc/regrade.json")],
    )
    lines = stamp_lines(json.loads(json.dumps(audit)))
    assert lines[0].startswith("DEVIATION FROM THE FREEZE (1 item(s)")
    assert lines[1] == "  - protocol: analysis plan differs from the freeze"
    assert lines[2].startswith("RE-GRADED X-01 (abc): evaluator 1.0 -> 1.1, 1/1 run(s) changed, 1 criterion")
    assert stamp_lines({"deviations": [], "regrades": []}) == []
