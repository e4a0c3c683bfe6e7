"""The pilot end to end with simulated workers, in scratch copies of the repository.

Checks the rebuild rules of the laboratory: a full build plans nothing more;
an evaluator change regrades without rerunning a worker or a judge; a new
seed gives new runs and leaves the old ones on disk; a new scenario brings
only its own chain; a controller killed mid-pilot resumes without losing or
repeating a completed run. Each test works on its own clone of a session
lab (see tests/labkit.py).
"""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from labkit import LAB_SCENARIOS, configure, lab_env, planned, snakemake

pytestmark = pytest.mark.slow

TARGET = "results/pilot"
TASK = LAB_SCENARIOS[0]


def run_files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted((root / "results" / "runs").rglob("run.json"))}


def csvrows(path: Path):
    with open(path, newline="") as fh:
        yield from csv.DictReader(fh)


def jobs_of(log: str, rule: str) -> list[str]:
    """Task wildcards of the jobs of one rule that a Snakemake log says it ran."""
    blocks = re.split(r"\n(?=\[\w{3} \w{3} )", log)
    return sorted(
        m.group(1)
        for b in blocks
        if re.search(rf"^(?:local)?rule {rule}:", b, re.M)
        for m in [re.search(r"wildcards: task=([^,\s]+)", b)]
        if m
    )


def test_summary_covers_every_scenario_arm_and_repeat_and_says_simulated(lab_states):
    pilot = lab_states("piloted")
    rows = list(csvrows(pilot / TARGET / "summary.csv"))
    assert {r["arm"] for r in rows} == {"A1", "A2", "A3", "A4"}
    assert all(r["label"] == "SIMULATED" for r in rows)
    assert sum(int(r["runs"]) for r in rows if r["task_id"] != "ALL") == 4 * len(LAB_SCENARIOS)
    assert "SIMULATED" in (pilot / TARGET / "summary.txt").read_text()
    assert len(run_files(pilot)) == 4 * len(LAB_SCENARIOS)


def test_nothing_planned_after_the_pilot(lab):
    assert planned(lab(), TARGET) == {}


def test_evaluator_bump_regrades_without_rerunning_a_worker_or_a_judge(lab):
    root = lab()
    path = root / "benchmark" / "scenarios" / TASK / "scenario.yaml"
    path.write_text(re.sub(r"(?m)^evaluator_version:.*$", 'evaluator_version: "9.9"', path.read_text()))
    jobs = planned(root, TARGET)
    assert jobs == {"validate": 1, "freeze": 1, "evaluate_run": 4, "pilot": 1}


def test_a_new_scenario_brings_only_its_own_chain(lab):
    root = lab()
    clone = root / "benchmark" / "scenarios" / "PROC-02"
    shutil.copytree(root / "benchmark" / "scenarios" / "PROC-01", clone)
    (clone / "scenario.yaml").write_text((clone / "scenario.yaml").read_text().replace("id: PROC-01", "id: PROC-02"))
    configure(root, scenarios=[*LAB_SCENARIOS, "PROC-02"])
    before = run_files(root)
    proc = snakemake(root, "--cores", "2", TARGET)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    after = run_files(root)
    assert all(after[k] == v for k, v in before.items())
    new = set(after) - set(before)
    assert len(new) == 4 and all("PROC-02" in p for p in new)
    assert jobs_of(proc.stdout + proc.stderr, "generate") == ["PROC-02"]
    assert jobs_of(proc.stdout + proc.stderr, "run") == ["PROC-02"] * 4


def test_new_seed_gives_new_runs_and_keeps_the_old(lab):
    root = lab()
    before = run_files(root)
    path = root / "benchmark" / "scenarios" / TASK / "scenario.yaml"
    path.write_text(re.sub(r"(?m)^seed:.*$", "seed: 777", path.read_text()))
    proc = snakemake(root, "--cores", "2", TARGET)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    after = run_files(root)
    for rel, data in before.items():
        assert after[rel] == data, f"{rel} was rewritten"
    new = set(after) - set(before)
    assert len(new) == 4
    assert len({Path(p).parts[3] for p in new}) == 1  # one new bundle hash
    summary = list(csvrows(root / TARGET / "summary.csv"))
    assert sum(int(r["runs"]) for r in summary if r["task_id"] != "ALL") == 4 * len(LAB_SCENARIOS)


def test_killed_controller_resumes_without_losing_or_repeating_a_run(lab):
    root = lab("frozen")
    configure(root, repeats=1, seconds=3)
    proc = subprocess.Popen(
        [sys.executable, "-m", "snakemake", "--cores", "2", TARGET],
        cwd=root,
        env=lab_env(root),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline and len(run_files(root)) < 2:
            time.sleep(0.5)
        assert len(run_files(root)) >= 2, "no run finished before the deadline"
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    done_before = run_files(root)
    total = 4 * len(LAB_SCENARIOS)
    assert 2 <= len(done_before) < total
    assert snakemake(root, "--unlock", TARGET).returncode == 0
    resumed = snakemake(root, "--cores", "2", "--rerun-incomplete", TARGET)
    assert resumed.returncode == 0, resumed.stdout[-3000:] + resumed.stderr[-3000:]
    done_after = run_files(root)
    assert len(done_after) == total
    for rel, data in done_before.items():
        assert done_after[rel] == data, f"completed run {rel} was repeated"
    journal = [json.loads(line) for line in (root / "results" / "ledger" / "journal.jsonl").read_text().splitlines()]
    settled_runs = [e["run_id"] for e in journal if e["kind"] == "settle"]
    assert sorted(set(settled_runs)) == sorted(json.loads(v)["run_id"] for v in done_after.values())
    assert len(settled_runs) == total, "a completed run was settled twice"


ARM_A5 = (
    "arms={A5: {label: Overridden arm, tools: [Read, Write], denied: [WebFetch], portal: false, browser: false,"
    " requires: [], documentation: From the command line.}}"
)
WORKER_A5 = "worker={simulated: {personas: {A5: {reference: 1.0}}, cost_usd: {A5: 0.5}}}"
NODES = (
    "nodes=[{name: spare, transport: local, host: localhost, slots: 2, capabilities: [desktop-automation, browser]}]"
)


def test_config_overrides_reach_the_assignment_and_the_run(lab):
    """--config reaches every job: the arms, repeats and nodes in the assignment, and in run.json."""
    root = lab("frozen")
    overrides = ["--config", ARM_A5, WORKER_A5, NODES, "study={repeats: 2}"]
    built = snakemake(root, "--cores", "1", "results/plan/assignment.csv", *overrides)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    rows = list(csvrows(root / "results" / "plan" / "assignment.csv"))
    assert sorted({r["arm"] for r in rows}) == ["A1", "A2", "A3", "A4", "A5"]
    assert sorted({r["repeat"] for r in rows}) == ["1", "2"] and {r["node"] for r in rows} == {"spare"}
    row = next(r for r in rows if r["arm"] == "A5" and r["repeat"] == "2")
    target = f"results/runs/{row['task_id']}/{row['bundle']}/A5/r2/run.json"
    ran = snakemake(root, "--cores", "1", target, *overrides)
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-3000:]
    record = json.loads((root / target).read_text())
    assert (record["arm"], record["repeat"], record["node"], record["run_id"]) == ("A5", 2, "spare", row["run_id"])

    # The envelope reaches a launch, and raising it reruns nothing that finished.
    # A launch the envelope has no room for is recorded as not launched, with the reason (not a failed job).
    poor = snakemake(
        root, "--cores", "1", target.replace("/A5/r2/", "/A5/r1/"), *overrides, "budget={envelope_usd: 0.01}"
    )
    assert poor.returncode == 0, poor.stdout[-3000:] + poor.stderr[-3000:]
    refused = json.loads((root / target.replace("/A5/r2/", "/A5/r1/")).read_text())
    assert refused["status"] == "not_launched" and "envelope" in refused["not_launched_reason"]
    rich = snakemake(root, "-n", target, *overrides, "budget={envelope_usd: 9999}")
    assert rich.returncode == 0 and "Nothing to be done" in rich.stdout + rich.stderr


def test_the_pilot_run_with_the_package_installed_elsewhere_plans_nothing(lab, tmp_path):
    """No rule's params or command name the folder the package is imported from (the grading client's
    script included): the same workflow with another install of the same code plans nothing."""
    root = lab()
    elsewhere = tmp_path / "site-packages"
    shutil.copytree(
        root / "src" / "whitecollar", elsewhere / "whitecollar", ignore=shutil.ignore_patterns("__pycache__")
    )
    env = dict(lab_env(root), PYTHONPATH=str(elsewhere))
    proc = subprocess.run(
        [sys.executable, "-m", "snakemake", "-n", TARGET], cwd=root, env=env, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "Nothing to be done" in proc.stdout + proc.stderr, (proc.stdout + proc.stderr)[-3000:]
