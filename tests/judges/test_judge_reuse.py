"""Earlier judgements reused: the same package, prompt, rubric, settings and run never ask a judge twice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from judge_helpers import stand_in

from whitecollar.cli import main
from whitecollar.freeze.judge_settings import settings_json, slice_json
from whitecollar.hashing import sha256_bytes, sha256_file
from whitecollar.judges.panel import FORMAT
from whitecollar.judges.reuse import JudgementStore, basis_of


def calls(state: Path) -> int:
    log = Path(f"{state}.calls")
    return len(log.read_text().splitlines()) if log.exists() else 0


def judge(
    request_files,
    settings: dict,
    out: Path,
    store: Path | None,
    run_key: str = "PROC-01/abc/A1/r1",
    receipt: Path | None = None,
) -> int:
    argv = [
        "judge",
        str(request_files.package),
        "--judge-json",
        json.dumps(settings),
        "--run-key",
        run_key,
        "--out",
        str(out),
    ]
    if store is not None:
        argv += ["--store", str(store)]
    if receipt is not None:
        argv += ["--receipt", str(receipt)]
    return main(argv)


@pytest.fixture
def setup(request_files, tmp_path):
    state = tmp_path / "state"
    return request_files, stand_in("good", state), state, tmp_path / "store"


def test_the_score_file_records_what_it_was_made_from(setup, tmp_path):
    request_files, settings, _, store = setup
    assert judge(request_files, settings, tmp_path / "s.json", store) == 0
    rec = json.loads((tmp_path / "s.json").read_text())
    assert rec["format"] == FORMAT == 2
    assert basis_of(rec) == {
        "package_sha256": sha256_file(request_files.package),
        "prompt_sha256": sha256_file(request_files.prompt),
        "rubric_sha256": sha256_file(request_files.rubric_json),
        "settings_sha256": sha256_bytes(settings_json(settings).encode()),
        "run_key": "PROC-01/abc/A1/r1",
    }


def test_the_settings_hash_is_the_hash_of_the_workflows_param(cfg):
    # the judge job receives slice_json as --judge-json; re-serialising the parsed slice must give the same text
    param = slice_json(cfg, "judge-b")
    assert settings_json(json.loads(param)) == param


def test_the_same_inputs_reuse_the_stored_judgement_byte_for_byte(setup, tmp_path, capsys):
    request_files, settings, state, store = setup
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    assert judge(request_files, settings, first, store) == 0 and calls(state) == 1
    capsys.readouterr()
    assert judge(request_files, settings, second, store) == 0
    assert calls(state) == 1, "the judge was asked again for the same package, prompt, rubric and settings"
    assert second.read_bytes() == first.read_bytes()
    assert "the judge was not asked" in capsys.readouterr().out
    assert len(list(store.rglob("*.json"))) == 1


def test_without_a_store_the_judge_is_always_asked(setup, tmp_path):
    request_files, settings, state, _ = setup
    for n in (1, 2):
        assert judge(request_files, settings, tmp_path / "s.json", None) == 0 and calls(state) == n


@pytest.mark.parametrize("change", ["package", "prompt", "rubric", "settings", "run"])
def test_any_change_of_what_a_judgement_is_made_from_asks_the_judge(setup, tmp_path, change):
    request_files, settings, state, store = setup
    assert judge(request_files, settings, tmp_path / "a.json", store) == 0 and calls(state) == 1
    run_key = "PROC-01/abc/A1/r1"
    if change == "package":
        request_files.package.write_text(request_files.package.read_text() + "One more line.\n")
    elif change == "prompt":
        request_files.prompt.write_text(request_files.prompt.read_text() + "\n")
    elif change == "rubric":
        rubric = json.loads(request_files.rubric_json.read_text())
        rubric["criteria"][0]["anchors"]["4"] = "A stricter anchor."
        request_files.rubric_json.write_text(json.dumps(rubric))
    elif change == "settings":
        settings = {**settings, "timeout_s": 61}
    else:  # the same files for another run: another judgement, never a copy of this one
        run_key = "PROC-01/abc/A2/r1"
    assert judge(request_files, settings, tmp_path / "b.json", store, run_key=run_key) == 0
    assert calls(state) == 2
    assert basis_of(json.loads((tmp_path / "b.json").read_text())) != basis_of(
        json.loads((tmp_path / "a.json").read_text())
    )
    # and the first judgement is still kept: changing back asks nothing
    if change in ("settings", "run"):
        assert judge(request_files, setup[1], tmp_path / "c.json", store) == 0 and calls(state) == 2
        assert (tmp_path / "c.json").read_bytes() == (tmp_path / "a.json").read_bytes()


@pytest.mark.parametrize("damage", ["garbage", "another judgement", "old format"])
def test_a_damaged_or_mismatched_entry_is_ignored_and_replaced(setup, tmp_path, damage):
    request_files, settings, state, store = setup
    assert judge(request_files, settings, tmp_path / "a.json", store) == 0
    (entry,) = store.rglob("*.json")
    rec = json.loads(entry.read_text())
    if damage == "garbage":
        entry.write_text('{"format": 2, "scores')
    elif damage == "another judgement":
        entry.write_text(json.dumps({**rec, "run_key": "PROC-01/abc/A4/r9"}))
    else:
        entry.write_text(json.dumps({**rec, "format": 1}))
    assert judge(request_files, settings, tmp_path / "b.json", store) == 0 and calls(state) == 2
    assert json.loads(entry.read_text()) == json.loads((tmp_path / "b.json").read_text())
    assert JudgementStore(store).find(basis_of(rec), FORMAT) is not None


def test_a_failed_launch_stores_nothing(request_files, tmp_path):
    settings = {"name": "missing", "backend": "command", "command": ["/nonexistent/judge"], "max_attempts": 1}
    assert judge(request_files, settings, tmp_path / "s.json", tmp_path / "store") == 2
    assert not (tmp_path / "s.json").exists() and not list((tmp_path).rglob("store/*/*.json"))


def test_the_simulated_judge_is_reused_without_reading_the_receipt_again(request_files, tmp_path, cfg):
    settings = json.loads(slice_json(cfg, "judge-a"))
    receipt = tmp_path / "receipt.json"
    receipt.write_text(json.dumps({"weighted_score": 0.5}))
    store = tmp_path / "store"
    assert judge(request_files, settings, tmp_path / "a.json", store, receipt=receipt) == 0
    receipt.unlink()  # a reused judgement needs no receipt: nothing is derived again
    assert judge(request_files, settings, tmp_path / "b.json", store) == 0
    assert (tmp_path / "b.json").read_bytes() == (tmp_path / "a.json").read_bytes()
    assert json.loads((tmp_path / "a.json").read_text())["label"] == "SIMULATED"
