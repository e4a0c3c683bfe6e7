"""The pilot's record written as the library, not through argv (analysis/pilot.py)."""

from __future__ import annotations

import pytest

from whitecollar.analysis.pilot import RecordError, write_record
from whitecollar.lab.assignment import write_assignment


def test_judges_named_without_their_scores_folder_write_nothing(tmp_path):
    write_assignment(tmp_path / "assignment.csv", [])
    out = tmp_path / "pilot"
    with pytest.raises(RecordError, match="--judges needs --judging-root"):
        write_record(tmp_path / "assignment.csv", tmp_path / "runs", tmp_path / "receipts", out, 10.0, judges=["a"])
    assert not out.exists()


def test_an_empty_assignment_gives_an_empty_record_with_every_file(tmp_path):
    write_assignment(tmp_path / "assignment.csv", [])
    out = tmp_path / "pilot"
    table, ending = write_record(tmp_path / "assignment.csv", tmp_path / "runs", tmp_path / "receipts", out, 10.0)
    assert ending == ""
    written = sorted(p.name for p in out.iterdir())
    assert written == [
        "assignment.csv",
        "experiment.sqlite",
        "ledger.csv",
        "not_launched.csv",
        "summary.csv",
        "summary.txt",
    ]
    assert (out / "summary.txt").read_text(encoding="utf-8") == table + "\n"


def test_the_summary_and_ledger_of_scripted_model_runs_say_scripted_model():
    from analysis_helpers import pilot_records

    from whitecollar.analysis.pilot import format_table, ledger_rows, summarise

    specs = [{"task": "P-01", "arm": a, "repeat": 1, "success": True} for a in ("A1", "A2")]
    records = [(dict(run, simulated=False, model_source="scripted"), rc) for run, rc in pilot_records(specs)]
    text = format_table(summarise(records, set()))
    assert text.startswith("SCRIPTED MODEL: the real Claude Code client ran") and "SIMULATED" not in text
    assert {row["label"] for row in ledger_rows(records, 100.0) if row["kind"] == "run"} == {"SCRIPTED MODEL"}
