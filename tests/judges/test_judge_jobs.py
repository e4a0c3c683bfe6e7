"""The judging stage's jobs called as the library, not through argv (judges/jobs.py)."""

from __future__ import annotations

import pytest

from whitecollar.judges.jobs import JudgingError, score_package
from whitecollar.lab.session import NOT_LAUNCHED_PACKAGE

SIMULATED = {"name": "judge-a", "backend": "simulated", "noise_sd": 0.5, "study_seed": 1, "cost_usd": 0.02}


def test_a_run_never_launched_is_scored_by_nobody(request_files):
    request_files.package.write_text(NOT_LAUNCHED_PACKAGE + "the envelope was spent\n")
    scored = score_package(SIMULATED, request_files.package, run_key="PROC-01/abc/A1/r1")
    assert scored.how == "not_launched" and scored.reused_from is None
    assert scored.record == {
        "judge": "judge-a",
        "run_key": "PROC-01/abc/A1/r1",
        "status": "not_launched",
        "detail": "the envelope was spent",
        "cost_usd": 0.0,
        "simulated": True,
    }


def test_a_package_without_its_prompt_is_refused_with_the_fix(request_files):
    request_files.prompt.unlink()
    with pytest.raises(JudgingError, match="prompt.txt: not found; render the run first"):
        score_package(SIMULATED, request_files.package)


def test_the_simulated_judge_needs_the_receipt_it_derives_its_scores_from(request_files, tmp_path):
    with pytest.raises(JudgingError, match="is simulated and derives its scores from the receipt"):
        score_package(SIMULATED, request_files.package, receipt=tmp_path / "absent.json")
