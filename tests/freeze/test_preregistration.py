"""The freeze as preregistration, in a clone of the session's piloted lab.

An edit to a rubric, the judges' prompt or the analysis plan after the
freeze is named by `whitecollar verify-freeze`; the prompt and the plan do
not re-freeze, and the rebuilt pilot's summary and dashboard carry the
deviation stamp. A new
evaluator version regrades the receipts, and the report of what flipped is
written beside them and summarised on the dashboard.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from labkit import lab_env, planned, snakemake

pytestmark = pytest.mark.slow

TARGET = "results/pilot"


def verify_freeze(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "whitecollar",
            "verify-freeze",
            "results/freeze/manifest.json",
            "--config",
            "config.yaml",
        ],
        cwd=root,
        env=lab_env(root),
        capture_output=True,
        text=True,
    )


def test_edits_after_the_freeze_are_named_and_stamped_on_the_pilot(lab):
    root = lab("piloted")
    assert verify_freeze(root).returncode == 0
    assert "DEVIATION" not in (root / "results" / "pilot" / "summary.txt").read_text()
    rubric = root / "benchmark" / "scenarios" / "PROC-01" / "rubric.yaml"
    rubric.write_text(rubric.read_text().replace("weight: 3", "weight: 4", 1))
    prompt = root / "src" / "whitecollar" / "freeze" / "prompt.py"
    prompt.write_text(prompt.read_text().replace("give the lower score", "give the higher score"))
    plan = root / "benchmark" / "protocol" / "analysis_plan.yaml"
    plan.write_text(plan.read_text().replace("target: 0.80", "target: 0.90"))
    proc = verify_freeze(root)
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert "protocol: rubric of PROC-01 (benchmark/scenarios/PROC-01/rubric.yaml) differs from the freeze" in lines[2]
    assert lines[:2] == [
        "protocol: judge prompt template differs from the freeze",
        "protocol: analysis plan (benchmark/protocol/analysis_plan.yaml) differs from the freeze",
    ]
    assert lines[-1].endswith("MISMATCH (3 difference(s))")
    # the oracle holds a copy of the rubric, so a rubric edit regenerates it and re-freezes, as a seed does
    assert {"generate", "validate", "freeze"} <= set(planned(root, TARGET))
    rubric.write_text(rubric.read_text().replace("weight: 4", "weight: 3", 1))
    assert "freeze" not in planned(root, TARGET)  # the prompt and the plan never re-freeze by themselves
    built = snakemake(root, "--cores", "2", TARGET)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    summary = (root / "results" / "pilot" / "summary.txt").read_text()
    assert summary.startswith("DEVIATION FROM THE FREEZE (2 item(s);")
    assert "judge prompt template" in summary and "analysis plan" in summary
    page = (root / "results" / "pilot" / "dashboard" / "index.html").read_text()
    banner = re.search(r'id="deviation-banner">(.*?)</div>', page, re.S).group(1)
    assert "2 items differ" in banner and "analysis plan" in banner


def test_a_new_evaluator_version_reports_the_flips_beside_the_receipts(lab):
    root = lab("piloted")
    scenario = root / "benchmark" / "scenarios" / "PROC-01" / "scenario.yaml"
    old = re.search(r'(?m)^evaluator_version:\s*"?([^"\n]+)"?', scenario.read_text()).group(1)
    scenario.write_text(re.sub(r"(?m)^evaluator_version:.*$", 'evaluator_version: "9.0"', scenario.read_text()))
    built = snakemake(root, "--cores", "2", TARGET)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    reports = list((root / "results" / "receipts" / "PROC-01").glob("*/regrade.json"))
    assert len(reports) == 1
    report = json.loads(reports[0].read_text())
    assert (report["from_version"], report["to_version"], report["runs"]) == (old, "9.0", 4)
    assert report["runs_flipped"] == len(report["flips"]) == 0  # same code, new version: nothing flips
    snapshots = sorted(p.name for p in (root / "results" / "audit" / "receipts" / "PROC-01").glob("*/*.json"))
    assert snapshots == sorted([f"evaluator-{old}.json", "evaluator-9.0.json"])
    assert "RE-GRADED PROC-01" in (root / "results" / "pilot" / "summary.txt").read_text()
    page = (root / "results" / "pilot" / "dashboard" / "index.html").read_text()
    assert 'id="regrade-table"' in page and f"{old} → 9.0" in page


def _design(root: Path) -> dict:
    manifest = json.loads((root / "results" / "freeze" / "manifest.json").read_text())
    return manifest["protocol"]["study_design"]["settings"]


def test_the_freeze_records_the_design_of_the_configuration_it_was_given(lab):
    root = lab("frozen")
    cfg = yaml.safe_load((root / "config.yaml").read_text())
    assert _design(root)["repeats"] == cfg["study"]["repeats"] == 1
    cfg["study"]["repeats"], cfg["caps"]["budget_usd"] = 3, 5.5
    (root / "study.yaml").write_text(yaml.safe_dump(cfg, sort_keys=False, allow_unicode=True))
    # another design is a deviation, never a re-freeze by itself: only its configuration file is rewritten
    assert planned(root, "freeze", "--configfile", "study.yaml") == {"configuration": 1}
    for step in (["--", "configuration"], ["--forcerun", "freeze", "--", "freeze"]):  # the README's two steps
        built = snakemake(root, "--cores", "2", "--configfile", "study.yaml", *step)
        assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    assert "pilot" not in built.stdout + built.stderr  # the freeze alone, not the default target
    design = _design(root)
    assert (design["repeats"], design["caps"]["budget_usd"]) == (3, 5.5)  # the file's, not config.yaml's
    given = json.loads((root / "results" / "freeze" / "configuration.json").read_text())
    assert given["study"]["repeats"] == 3 and given["caps"]["budget_usd"] == 5.5


def test_more_repeats_given_on_the_command_line_after_the_freeze_show_the_deviation(lab):
    root = lab("piloted")
    frozen = (root / "results" / "freeze" / "manifest.json").read_bytes()
    built = snakemake(root, "--cores", "2", TARGET, "--config", "study={repeats: 2}")
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    assert (root / "results" / "freeze" / "manifest.json").read_bytes() == frozen
    summary = (root / "results" / "pilot" / "summary.txt").read_text()
    assert summary.startswith("DEVIATION FROM THE FREEZE (1 item(s);") and "study design" in summary
    page = (root / "results" / "pilot" / "dashboard" / "index.html").read_text()
    assert "study design" in re.search(r'id="deviation-banner">(.*?)</div>', page, re.S).group(1)
