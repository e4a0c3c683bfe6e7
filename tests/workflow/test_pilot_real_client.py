"""`make pilot-real-client`'s own logic (workflow/real_client.py): the study it lays over config.yaml,
and the comparison that must find every difference between the two pilots."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from whitecollar.lab.claude_client import ClientNotInstalled, installed_client
from whitecollar.workflow import real_client


def test_the_overlay_merges_mappings_and_replaces_scenarios_whole():
    base = {"scenarios": {"A-01": {}, "B-01": {}}, "study": {"seed": 1, "repeats": 3}, "arms": {"A1": {}}}
    layer = {"scenarios": {"B-01": {}}, "study": {"repeats": 1}}
    assert real_client.overlay(base, layer) == {
        "scenarios": {"B-01": {}},
        "study": {"seed": 1, "repeats": 1},
        "arms": {"A1": {}},
    }


def test_the_two_studies_differ_in_their_worker_only():
    try:
        installed_client()
    except ClientNotInstalled:
        pytest.skip("the pinned client is not installed (make bootstrap installs it)")
    results, simulated, scripted = real_client.study_configs()
    assert results == "results-real-client"
    assert simulated["worker"]["backend"] == "simulated" and "claude_code" not in simulated["worker"]
    assert scripted["worker"]["backend"] == "claude-code"
    assert scripted["worker"]["claude_code"]["scripted_model"] is True
    assert Path(scripted["worker"]["claude_code"]["executable"]).is_file()
    assert len(scripted["scenarios"]) >= 3 and len(scripted["arms"]) == 4
    assert {k: v for k, v in simulated.items() if k != "worker"} == {k: v for k, v in scripted.items() if k != "worker"}


def test_a_study_naming_a_scenario_config_yaml_lacks_is_refused(tmp_path):
    path = tmp_path / "study.yaml"
    path.write_text(yaml.safe_dump({"scenarios": {"ZZ-99": {}}}))
    with pytest.raises(SystemExit, match="ZZ-99 not in config.yaml's scenarios"):
        real_client.study_configs(path)


def _pilot(root: Path, receipts: dict[str, str]) -> Path:
    for rel, text in receipts.items():
        p = root / "results" / "receipts" / rel / "receipt.json"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return root


def test_the_comparison_names_every_receipt_that_differs_or_is_missing(tmp_path, capsys):
    sim = _pilot(tmp_path / "sim", {"T/b/A1/r1": "{}", "T/b/A2/r1": '{"success": true}', "T/b/A3/r1": "{}"})
    real = _pilot(tmp_path / "real", {"T/b/A1/r1": "{}", "T/b/A2/r1": '{"success": false}'})
    problems = real_client.compare(sim, real)
    assert "receipt differs: results/receipts/T/b/A2/r1/receipt.json" in problems
    assert "receipt in one pilot only: results/receipts/T/b/A3/r1/receipt.json" in problems
    assert "receipts identical: 1/3" in capsys.readouterr().out


def test_identical_pilots_compare_clean(tmp_path):
    receipts = {"T/b/A1/r1": "{}"}
    sim, real = _pilot(tmp_path / "sim", receipts), _pilot(tmp_path / "real", receipts)
    for root in (sim, real):
        pkg = root / "results" / "judging" / "packages" / "T" / "package.txt"
        pkg.parent.mkdir(parents=True)
        pkg.write_text("same")
    assert real_client.compare(sim, real) == []
