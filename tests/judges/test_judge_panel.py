"""The panel: command judges (through a stand-in executable), the simulated judge, settings."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from judge_helpers import ROOT, stand_in

from whitecollar import config as wc_config
from whitecollar.cli import main
from whitecollar.freeze.judge_settings import judge_slice, slice_json
from whitecollar.judges.answer import AnswerError, parse_answer
from whitecollar.judges.backends import JudgeLaunchError, expand
from whitecollar.judges.panel import judge_run


def calls(state: Path) -> int:
    return int(state.read_text()) if state.exists() else 0


def test_good_answer_is_recorded_with_its_cost(request_files, rubric, tmp_path):
    state = tmp_path / "calls"
    rec = judge_run(stand_in("good", state), request_files)
    assert rec["status"] == "scored" and rec["label"] == "measured" and not rec["simulated"]
    assert calls(state) == 1 and len(rec["attempts"]) == 1 and rec["attempts"][0]["ok"]
    assert set(rec["criteria"]) == set(rubric.ids)
    assert all(c["score"] == 3 and c["reason"] for c in rec["criteria"].values())
    assert rec["weighted_score"] == 0.75
    assert rec["cost_usd"] == 0.012 and rec["cost_known"] is True
    assert rec["model"] == "stand-in"


def test_malformed_answer_is_retried_and_every_attempt_recorded(request_files, tmp_path):
    state = tmp_path / "calls"
    rec = judge_run(stand_in("malformed-then-good", state), request_files)
    assert rec["status"] == "scored" and calls(state) == 2
    first, second = rec["attempts"]
    assert not first["ok"] and "no JSON object" in first["error"] and first["stdout_excerpt"].startswith('{"scores"')
    assert second["ok"] and second["error"] is None
    # the malformed attempt reported no cost: the judgement's cost is a lower bound, and says so
    assert rec["cost_usd"] == 0.012 and rec["cost_known"] is False


def test_partial_answer_names_the_missing_criterion_and_fails_after_max_attempts(request_files, rubric, tmp_path):
    state = tmp_path / "calls"
    rec = judge_run(stand_in("partial", state, max_attempts=2), request_files)
    assert rec["status"] == "failed" and rec["criteria"] is None and rec["weighted_score"] is None
    assert calls(state) == 2 and len(rec["attempts"]) == 2
    assert all(f"missing criteria: {rubric.ids[-1]}" in a["error"] for a in rec["attempts"])
    assert rec["cost_usd"] == 0.02 and rec["cost_known"] is True  # both rejected answers were paid for


def test_out_of_range_string_and_extra_scores_are_rejected(request_files, rubric, tmp_path):
    rec = judge_run(stand_in("out-of-range", tmp_path / "calls"), request_files)
    assert rec["status"] == "failed" and len(rec["attempts"]) == 3
    error = rec["attempts"][0]["error"]
    assert f"{rubric.ids[0]}: score 5 is outside 0..4" in error
    assert f"{rubric.ids[1]}: score '3' is not an integer" in error
    assert "criteria not in the rubric: made_up_criterion" in error


def test_garbage_every_time_is_a_failed_judgement_not_a_crash(request_files, tmp_path):
    state, out = tmp_path / "calls", tmp_path / "scores" / "j.json"
    settings = stand_in("garbage", state)
    code = main(["judge", str(request_files.package), "--judge-json", json.dumps(settings), "--out", str(out)])
    assert code == 0 and calls(state) == 3
    rec = json.loads(out.read_text())
    assert rec["status"] == "failed" and rec["max_attempts"] == 3
    assert [a["ok"] for a in rec["attempts"]] == [False, False, False]
    assert all("no JSON object" in a["error"] for a in rec["attempts"])
    assert rec["cost_known"] is False


def test_claude_code_result_envelope_is_unwrapped(request_files, tmp_path):
    rec = judge_run(stand_in("envelope", tmp_path / "calls"), request_files)
    assert rec["status"] == "scored" and rec["weighted_score"] == 0.5
    assert rec["cost_usd"] == 0.0437 and rec["cost_known"]


@pytest.mark.parametrize(
    "mode, message",
    [
        ("envelope-error", "reported an error: API rate limit"),
        ("exit-error", "exited with status 3 backend unavailable"),
    ],
)
def test_errors_of_the_judge_command_are_failed_attempts(request_files, tmp_path, mode, message):
    rec = judge_run(stand_in(mode, tmp_path / "calls", max_attempts=2), request_files)
    assert rec["status"] == "failed" and len(rec["attempts"]) == 2
    assert message in rec["attempts"][0]["error"]


def test_a_judge_that_never_answers_is_killed_at_its_timeout(request_files, tmp_path):
    rec = judge_run(stand_in("sleep", tmp_path / "calls", max_attempts=1, timeout_s=1), request_files)
    assert rec["status"] == "failed"
    assert rec["attempts"][0]["error"] == "no answer within 1 s; the command was killed"
    assert rec["attempts"][0]["wall_s"] < 10


def test_command_receives_paths_and_the_prompt_on_stdin_in_an_empty_folder(request_files, tmp_path):
    state = tmp_path / "calls"
    judge_run(stand_in("echo", state), request_files)
    seen = json.loads(state.with_suffix(".echo.json").read_text())
    assert seen["argv"][2] == str(request_files.rubric_json.resolve())
    assert seen["argv"][4] == str(request_files.package.resolve())
    assert seen["stdin"] == request_files.prompt.read_text()
    assert Path(seen["cwd"]).resolve() != ROOT and not Path(seen["cwd"]).exists()


def test_placeholders_are_replaced_literally():
    assert expand(["x", "{prompt}", '{"a": {"b": 1}}', "--m={model}"], {"prompt": "/p", "model": "m1"}) == [
        "x",
        "/p",
        '{"a": {"b": 1}}',
        "--m=m1",
    ]


def test_a_command_that_cannot_start_is_a_setup_error(request_files, tmp_path):
    settings = {"name": "nowhere", "backend": "command", "command": [str(tmp_path / "no-such-judge")]}
    with pytest.raises(JudgeLaunchError, match="cannot start"):
        judge_run(settings, request_files)
    out = tmp_path / "j.json"
    assert main(["judge", str(request_files.package), "--judge-json", json.dumps(settings), "--out", str(out)]) == 2
    assert not out.exists()


def test_answer_validation_accepts_exactly_the_rubric(rubric):
    good = {c: {"score": 4, "reason": "ok"} for c in rubric.ids}
    assert parse_answer(json.dumps({"scores": good}), rubric).scores[rubric.ids[0]] == {"score": 4, "reason": "ok"}
    for bad in (
        {**good, rubric.ids[0]: {"score": True, "reason": "ok"}},
        {**good, rubric.ids[0]: {"score": 4.0, "reason": "ok"}},
        {**good, rubric.ids[0]: {"score": -1, "reason": "ok"}},
        {**good, rubric.ids[0]: {"score": 2, "reason": "  "}},
        {**good, rubric.ids[0]: 3},
    ):
        with pytest.raises(AnswerError):
            parse_answer(json.dumps({"scores": bad}), rubric)


def _receipt(score: float) -> dict:
    return {"weighted_score": score, "success": score == 1.0}


def test_simulated_judge_is_seeded_labelled_and_follows_the_receipt(request_files, rubric):
    settings = {"name": "judge-a", "backend": "simulated", "noise_sd": 0.8, "cost_usd": 0.02, "study_seed": 7}
    one = judge_run(settings, request_files, receipt=_receipt(0.5), run_key="PROC-01/abc/A1/r1")
    again = judge_run(settings, request_files, receipt=_receipt(0.5), run_key="PROC-01/abc/A1/r1")
    assert one == again
    assert one["label"] == "SIMULATED" and one["simulated"] is True
    assert all(c["reason"].startswith("SIMULATED") for c in one["criteria"].values())
    assert one["cost_usd"] == 0.02 and "wall_s" not in one["attempts"][0]
    others = [
        judge_run({**settings, **change}, request_files, receipt=_receipt(0.5), run_key=key)["criteria"]
        for change, key in (
            ({"name": "judge-b"}, "PROC-01/abc/A1/r1"),
            ({}, "PROC-01/abc/A1/r2"),
            ({"study_seed": 8}, "PROC-01/abc/A1/r1"),
        )
    ]
    assert all(o != one["criteria"] for o in others)
    exact = judge_run({**settings, "noise_sd": 0.0}, request_files, receipt=_receipt(0.5), run_key="k")
    assert {c["score"] for c in exact["criteria"].values()} == {2}
    best = judge_run({**settings, "noise_sd": 0.0}, request_files, receipt=_receipt(1.0), run_key="k")
    assert best["weighted_score"] == 1.0


def test_default_config_has_three_simulated_judges(cfg):
    assert [j["backend"] for j in cfg["judges"]["panel"]] == ["simulated"] * 3


def test_each_judge_slice_holds_only_what_its_backend_uses(cfg):
    cfg = copy.deepcopy(cfg)
    cfg["judges"]["panel"].append({"name": "llm", "backend": "command", "command": ["x", "{prompt}"]})
    sim = judge_slice(cfg, "judge-a")
    assert sim["study_seed"] == cfg["study"]["seed"] and "max_attempts" not in sim
    cmd = judge_slice(cfg, "llm")
    assert cmd["max_attempts"] == cfg["judges"]["max_attempts"] and "study_seed" not in cmd
    before = {n: slice_json(cfg, n) for n in ("judge-a", "judge-b", "llm")}
    cfg["judges"]["panel"][1]["noise_sd"] = 1.5
    after = {n: slice_json(cfg, n) for n in ("judge-a", "judge-b", "llm")}
    assert [n for n in before if before[n] != after[n]] == ["judge-b"]


@pytest.mark.parametrize(
    "mutate, named",
    [
        (lambda c: c["judges"]["panel"].append({"name": "llm", "backend": "command"}), "command"),
        (lambda c: c["judges"]["panel"][0].__setitem__("name", "Judge A"), "judges.panel.0.name"),
        (lambda c: c["judges"]["panel"][0].__setitem__("temperature", 0), "temperature"),
        (lambda c: c.pop("judges"), "judges"),
    ],
)
def test_bad_judge_config_is_refused_naming_the_key(cfg, mutate, named):
    mutate(cfg)
    with pytest.raises(wc_config.ConfigError, match=named):
        wc_config.check(cfg)


def test_a_judge_name_used_twice_is_refused(cfg):
    cfg["judges"]["panel"][1]["name"] = "judge-a"
    with pytest.raises(wc_config.ConfigError, match="used twice"):
        judge_slice(cfg, "judge-a")
