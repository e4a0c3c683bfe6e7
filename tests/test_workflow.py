"""The freeze workflow end to end, in a scratch copy of the repository.

One full `snakemake freeze` is built (in the session's full lab, whose
validation reports the scenario tests read: conftest.py `full_lab`), then
every rebuild rule of docs/ARCHITECTURE.md is checked, in a copy, by
counting the jobs a dry run plans.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from labkit import ROOT, lab_env, planned
from labkit import clone as clone_lab

_env = lab_env  # the name other test modules import

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def repo(full_lab, tmp_path_factory) -> Path:
    """A clone of the session's full lab once `snakemake freeze` is built there (the validations the scenario
    tests already read are not run again): this module edits its own copy."""
    return clone_lab(full_lab.frozen(), tmp_path_factory.mktemp("repo") / "lab")


def _edit_yaml(path: Path, key: str, value) -> str:
    original = path.read_text()
    data = yaml.safe_load(original)
    assert key in data
    path.write_text(re.sub(rf"(?m)^{key}:.*$", f"{key}: {value}", original))
    return original


def test_full_build_reproduces_the_committed_manifest(repo):
    built = (repo / "results" / "freeze" / "manifest.json").read_bytes()
    assert built == (ROOT / "benchmark" / "manifest.json").read_bytes()


def test_verify_freeze_accepts_the_regenerated_trees(repo):
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "whitecollar",
            "verify-freeze",
            str(ROOT / "benchmark" / "manifest.json"),
            "--bundles",
            str(repo / "results" / "bundles"),
            "--oracles",
            str(repo / "results" / "restricted" / "oracles"),
            "--config",
            str(repo / "config.yaml"),
        ],
        capture_output=True,
        text=True,
        env=_env(repo),
    )
    assert proc.returncode == 0, proc.stdout


def test_nothing_planned_after_a_full_build(repo):
    assert planned(repo) == {}


def test_touching_the_benchmark_plans_nothing(repo):
    for p in (repo / "benchmark").rglob("*"):
        if p.is_file():
            os.utime(p)
    assert planned(repo) == {}


def test_seed_change_plans_that_scenario_and_the_manifest_only(repo):
    path = repo / "benchmark" / "scenarios" / "PROC-01" / "scenario.yaml"
    original = _edit_yaml(path, "seed", 12345)
    try:
        assert planned(repo) == {"generate": 1, "validate": 1, "freeze": 1}
    finally:
        path.write_text(original)
    assert planned(repo) == {}


def test_evaluator_version_bump_revalidates_without_regenerating(repo):
    path = repo / "benchmark" / "scenarios" / "PROC-01" / "scenario.yaml"
    original = _edit_yaml(path, "evaluator_version", '"9.9"')
    try:
        assert planned(repo) == {"validate": 1, "freeze": 1}
    finally:
        path.write_text(original)


def test_evaluator_code_change_revalidates_without_regenerating(repo):
    path = repo / "benchmark" / "scenarios" / "PROC-01" / "evaluate.py"
    original = path.read_text()
    path.write_text(original + "\n# a reviewed change\n")
    try:
        assert planned(repo) == {"validate": 1, "freeze": 1}
    finally:
        path.write_text(original)


def test_a_scenario_added_to_config_plans_its_own_chain(repo):
    clone = repo / "benchmark" / "scenarios" / "PROC-02"
    shutil.copytree(repo / "benchmark" / "scenarios" / "PROC-01", clone)
    (clone / "scenario.yaml").write_text((clone / "scenario.yaml").read_text().replace("id: PROC-01", "id: PROC-02"))
    config = repo / "config.yaml"
    original = config.read_text()
    config.write_text(original.replace("  PROC-01: {}", "  PROC-01: {}\n  PROC-02: {}"))
    try:
        # the configuration file too: the list of scenarios is part of the configuration the freeze records
        assert planned(repo) == {"configuration": 1, "generate": 1, "validate": 1, "freeze": 1}
    finally:
        config.write_text(original)
        shutil.rmtree(clone)


N_SCENARIOS = len(yaml.safe_load((ROOT / "config.yaml").read_text(encoding="utf-8"))["scenarios"])


@pytest.mark.parametrize(
    "module, expected",
    [
        (
            "src/whitecollar/numerics/panel_ols.py",
            {"generate": 1, "validate": 1, "freeze": 1},
        ),  # RES-01's generator and solver
        ("src/whitecollar/benchmark/solving.py", {"validate": N_SCENARIOS, "freeze": 1}),  # the battery's solvers
        (
            "src/whitecollar/lab/portal/submissions.py",
            {"validate": N_SCENARIOS, "freeze": 1},
        ),  # the evaluators, through grading
    ],
)
def test_a_library_module_edit_plans_the_rules_that_import_it(repo, module, expected):
    """Code inputs come from the import graph: an edit anywhere in what a rule runs plans it."""
    path = repo / module
    original = path.read_text()
    path.write_text(original + "\n# a reviewed change\n")
    try:
        assert planned(repo) == expected
    finally:
        path.write_text(original)
    assert planned(repo) == {}
