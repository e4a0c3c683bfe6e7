"""A run's receipt as the workflow asks for it: the oracle's owner, and a run never launched."""

from __future__ import annotations

import pytest
from runkit import write_run

from whitecollar.benchmark.scenario import load_scenario
from whitecollar.grading.evaluation import OracleMismatch, check_oracle_owner, grade_run


def _run(folder, bundle_sha256: str, **extra) -> None:
    write_run(folder, bundle_sha256=bundle_sha256, **extra)


def test_an_oracle_of_another_bundle_is_refused_with_both_bundles_named(tmp_path):
    _run(tmp_path / "run", "a" * 64)
    (tmp_path / "oracle").mkdir()
    (tmp_path / "oracle" / "BUNDLE.sha256").write_text("b" * 64 + "\n")
    with pytest.raises(OracleMismatch, match=f"belongs to bundle {'b' * 12}, the run used {'a' * 12}"):
        check_oracle_owner(tmp_path / "run", tmp_path / "oracle")
    with pytest.raises(OracleMismatch):
        grade_run("PROC-01", tmp_path / "run", tmp_path / "oracle")


def test_the_oracle_of_the_runs_own_bundle_or_an_unnamed_one_is_taken(tmp_path):
    _run(tmp_path / "run", "a" * 64)
    (tmp_path / "oracle").mkdir()
    check_oracle_owner(tmp_path / "run", tmp_path / "oracle")  # the oracle names no bundle
    (tmp_path / "oracle" / "BUNDLE.sha256").write_text("a" * 64 + "\n")
    check_oracle_owner(tmp_path / "run", tmp_path / "oracle")


def test_a_run_never_launched_gets_its_empty_receipt_without_an_evaluator(tmp_path):
    _run(tmp_path / "run", "a" * 64, status="not_launched", not_launched_reason="the envelope was spent")
    (tmp_path / "oracle").mkdir()  # no oracle.json: an evaluator would fail on it
    receipt, launched = grade_run("PROC-01", tmp_path / "run", tmp_path / "oracle")
    assert not launched
    assert receipt.evaluator_version == load_scenario("PROC-01").evaluator_version
    assert receipt.notes == ["not launched: the envelope was spent"] and receipt.evaluator_error is None
