"""One run through the real session code, with the simulated worker and its fault personas.

Every worker fault is recorded with its status and still gets a receipt.
"""

from __future__ import annotations

import json

import pytest

from whitecollar.grading.evaluation import evaluate
from whitecollar.hashing import listing_digest, tree_listing
from whitecollar.lab.backends import SimulatedBackend
from whitecollar.lab.ledger import Ledger
from whitecollar.lab.run_spec import RunSpec
from whitecollar.lab.session import LabFailure, classify, run_session

TASK = "PROC-01"
ARM = {"portal": False}


class FixedPersona(SimulatedBackend):
    def __init__(self, persona: str, cost: float = 0.5):
        super().__init__({"personas": {"A1": {persona: 1.0}}, "cost_usd": {"A1": cost}}, study_seed=1)


def _run(frozen, tmp_path, persona, *, time_limit=None, envelope=100.0, budget=4.0):
    bundle, oracle, manifest = frozen(TASK)
    key = listing_digest(tree_listing(bundle))[:12]
    spec = RunSpec(f"{TASK}-A1-r1", TASK, key, "A1", 1, "local", 1800, budget)
    run_dir = tmp_path / "run"
    record = run_session(
        spec,
        bundle_dir=bundle,
        freeze_manifest=manifest,
        run_dir=run_dir,
        arm=ARM,
        backend=FixedPersona(persona),
        ledger=Ledger(tmp_path / "journal.jsonl", envelope),
        work_root=tmp_path / "work",
        max_file_bytes=25 * 2**20,
        max_run_bytes=200 * 2**20,
        time_limit_s=time_limit,
    )
    receipt = evaluate(TASK, run_dir / "out", run_dir, oracle)
    assert receipt.evaluator_error is None
    assert not (tmp_path / "work" / f"{spec.run_id}-{key}").exists(), "workspace not deleted"
    return record, receipt


def test_reference_run_completes_and_passes(frozen, tmp_path):
    record, receipt = _run(frozen, tmp_path, "reference")
    assert record["status"] == "completed" and record["simulated"] and record["cost_known"]
    assert set(record["deliverables"]) == {"evaluation.xlsx", "recommendation.docx", "COMPLETION.json"}
    assert receipt.success
    events = (tmp_path / "run" / "events.jsonl").read_text()
    assert '"type": "result"' in events and '"simulated": true' in events


def test_crash_is_recorded_with_unknown_cost(frozen, tmp_path):
    record, receipt = _run(frozen, tmp_path, "crash")
    assert record["status"] == "crashed" and record["cost_usd"] is None and not record["cost_known"]
    assert not receipt.success and not receipt.completed
    journal = (tmp_path / "journal.jsonl").read_text()
    assert '"cost_known": false' in journal


def test_hang_is_killed_at_the_wall_limit(frozen, tmp_path):
    record, receipt = _run(frozen, tmp_path, "hang", time_limit=3)
    assert record["status"] == "timeout" and record["timed_out"]
    assert not receipt.success


def test_nothing_delivered(frozen, tmp_path):
    record, receipt = _run(frozen, tmp_path, "empty")
    assert record["status"] == "nothing_delivered" and record["deliverables"] == {}
    assert not receipt.success


def test_writing_outside_out_is_reported_but_not_collected(frozen, tmp_path):
    record, receipt = _run(frozen, tmp_path, "stray")
    assert record["status"] == "completed"
    assert "outside out/" in record["integrity"] and "scratch-notes.txt" in record["integrity"]
    assert "scratch-notes.txt" not in record["deliverables"]
    assert receipt.success


def test_modifying_an_input_is_a_critical_violation(frozen, tmp_path):
    record, receipt = _run(frozen, tmp_path, "tamper")
    assert record["inputs_intact"] is False
    assert "inputs_modified" in receipt.triggered and not receipt.success


def test_over_budget_is_recorded_as_such(frozen, tmp_path):
    record, _ = _run(frozen, tmp_path, "overspend")
    assert record["status"] == "over_budget" and record["cost_usd"] > record["budget_usd"]


def test_budget_refusal_launches_nothing_and_records_why(frozen, tmp_path):
    record, _ = _run(frozen, tmp_path, "reference", envelope=3.0, budget=4.0)
    run_dir = tmp_path / "run"
    assert record["status"] == "not_launched"
    assert "not launched" in record["not_launched_reason"] and "3.00 USD remaining" in record["not_launched_reason"]
    assert json.loads((run_dir / "run.json").read_text()) == record
    assert (run_dir / "events.jsonl").read_text() == "" and not any((run_dir / "out").iterdir())
    assert json.loads((run_dir / "integrity.json").read_text())["intact"] is None
    journal = [json.loads(line) for line in (tmp_path / "journal.jsonl").read_text().splitlines()]
    assert [e["kind"] for e in journal] == ["refuse"]  # nothing reserved, nothing spent
    assert not (tmp_path / "work").exists() or not any((tmp_path / "work").iterdir())


def test_a_not_launched_run_gets_a_receipt_that_grades_nothing(frozen, tmp_path):
    from whitecollar.grading.evaluation import not_launched_receipt
    from whitecollar.grading.receipt import validate_receipt

    receipt = not_launched_receipt(TASK, "2.0", "budget envelope: run x not launched")
    assert validate_receipt(receipt.to_dict()) == []
    assert receipt.criteria == [] and receipt.evaluator_error is None and not receipt.success
    assert receipt.notes == ["not launched: budget envelope: run x not launched"]


def test_a_bundle_that_differs_from_the_freeze_is_a_lab_failure(frozen, tmp_path):
    bundle, oracle, manifest = frozen(TASK)
    data = json.loads(manifest.read_text())
    data["scenarios"][TASK]["bundle"]["BRIEF.md"] = "0" * 64
    bad = tmp_path / "manifest.json"
    bad.write_text(json.dumps(data))
    spec = RunSpec(f"{TASK}-A1-r1", TASK, "0" * 12, "A1", 1, "local", 1800, 4.0)
    with pytest.raises(LabFailure, match="differs from the freeze"):
        run_session(
            spec,
            bundle_dir=bundle,
            freeze_manifest=bad,
            run_dir=tmp_path / "run",
            arm=ARM,
            backend=FixedPersona("reference"),
            ledger=Ledger(tmp_path / "j.jsonl", 100),
            work_root=tmp_path / "work",
            max_file_bytes=1,
            max_run_bytes=1,
        )


@pytest.mark.parametrize(
    "kw, status",
    [
        (dict(timed_out=True, exit_code=None, result_seen=False, cost=None, delivered=3), "timeout"),
        (dict(timed_out=False, exit_code=1, result_seen=True, cost=0.1, delivered=3), "crashed"),
        (dict(timed_out=False, exit_code=0, result_seen=False, cost=None, delivered=3), "crashed"),
        (dict(timed_out=False, exit_code=0, result_seen=True, cost=9.0, delivered=3), "over_budget"),
        (dict(timed_out=False, exit_code=0, result_seen=True, cost=0.1, delivered=0), "nothing_delivered"),
        (dict(timed_out=False, exit_code=0, result_seen=True, cost=0.1, delivered=3), "completed"),
    ],
)
def test_status_classification(kw, status):
    assert classify(budget=4.0, **kw) == status


def test_a_not_launched_run_is_in_no_denominator_and_ends_the_summary(tmp_path):
    from runkit import record, write_run

    from whitecollar.analysis.pilot import not_launched_line, split_not_launched, summarise
    from whitecollar.runs.record import not_launched_reason

    ran = record(run_id="PROC-01-A1-r1", arm="A1", task_id=TASK, cost_usd=1.0).to_dict()
    skipped = record(
        run_id="PROC-01-A2-r1",
        arm="A2",
        task_id=TASK,
        status="not_launched",
        not_launched_reason="budget envelope: run PROC-01-A2-r1 not launched",
    ).to_dict()
    receipt = {
        "success": True,
        "evaluator_error": None,
        "weighted_score": 1.0,
        "triggered_violations": [],
        "abstention": {"clarification_expected": False, "outcome": "completed"},
    }
    launched, listed = split_not_launched([(ran, receipt), (skipped, dict(receipt, success=False))])
    assert launched == [(ran, receipt)]
    assert listed == [
        {
            "run_id": "PROC-01-A2-r1",
            "arm": "A2",
            "task_id": TASK,
            "budget_usd": 4.0,
            "reason": "budget envelope: run PROC-01-A2-r1 not launched",
        }
    ]
    rows = summarise(launched, {"injection_obeyed"})
    assert {r["arm"] for r in rows} == {"A1"} and all(r["pass_rate"] == 1.0 for r in rows)
    assert not_launched_line(listed, 6.0).startswith("1 run(s) not launched: the budget envelope of 6.00 USD")
    assert not_launched_line([], 6.0) == ""
    assert not_launched_reason(tmp_path) is None  # no run.json yet
    write_run(tmp_path, **skipped)
    assert not_launched_reason(tmp_path) == skipped["not_launched_reason"]
    write_run(tmp_path, **ran)
    assert not_launched_reason(tmp_path) is None
