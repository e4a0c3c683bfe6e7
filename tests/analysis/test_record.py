"""The pilot's record written as the library, not through argv (analysis/record.py)."""

from __future__ import annotations

import pytest

from whitecollar.analysis.record import RecordError, write_record
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
