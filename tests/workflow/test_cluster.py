"""The pipeline on a cluster: profiles, rule resources, what stays on the controller, and (slow) a real SLURM.

The slow test starts a single-node SLURM on this machine (tools/slurm-single-node.sh), runs the
freeze and the simulated pilot through Snakemake's SLURM executor plugin (profiles/slurm) in a
scratch lab, and compares every receipt, judge score, the freeze manifest and the summary with the
session's local pilot, byte for byte. It is skipped, with the reason, where the daemons cannot start.
It stays cheap by building nothing locally: the local side is the session's piloted lab (one
scenario, four arms, one repeat), the cluster side a copy of the session's source lab with the same
config, and the validation battery's receipts come from the session's receipt cache, as for every
other freeze of the suite. `make cluster-test` runs every scenario of config.yaml both ways.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from labkit import ROOT, clone, lab_env

from whitecollar.workflow import cluster

#: what the workflow itself says, read through Snakemake's API in the lab's own interpreter and environment
RULES_SCRIPT = """
import json
from pathlib import Path
from snakemake.api import SnakemakeApi
from snakemake.settings.types import OutputSettings, ResourceSettings
def value(resource):
    try:
        return resource.value
    except ValueError:  # a function of the job
        return "per job"
with SnakemakeApi(OutputSettings()) as api:
    workflow = api.workflow(resource_settings=ResourceSettings(cores=1), snakefile=Path("Snakefile"),
                            workdir=Path("."))._workflow
    print(json.dumps({"local": sorted(workflow._localrules), "norun": sorted(r.name for r in workflow.rules if r.norun),
                      "resources": {r.name: {k: value(v) for k, v in r.resources.items() if k in ("mem_mb", "runtime")}
                                    for r in workflow.rules}}))
"""
#: the controller's rules besides the paper's: the sessions and the bookkeeping
CONTROLLER_RULES = {"assign", "run", "freeze", "code_stamp", "pilot", "restricted"}


def test_the_sessions_stay_on_the_controller_and_every_cluster_rule_declares_memory_and_runtime(lab_states, tmp_path):
    root = clone(lab_states("source"), tmp_path / "lab")  # parsing the Snakefile writes under results/
    proc = subprocess.run(
        [sys.executable, "-c", RULES_SCRIPT], cwd=root, env=lab_env(root), capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    workflow = json.loads(proc.stdout.strip().splitlines()[-1])
    local, rules = set(workflow["local"]), set(workflow["resources"]) - set(workflow["norun"])
    assert CONTROLLER_RULES <= local and not local & set(cluster.REMOTE_RULES)
    assert rules - local == set(cluster.REMOTE_RULES)  # everything else runs where Snakemake runs
    assert {"manuscript", "results_table", "results_figure", "rulegraph"} <= local
    for rule in (*cluster.REMOTE_RULES, "run"):
        assert set(workflow["resources"][rule]) == {"mem_mb", "runtime"}, rule
    # the evaluation's job asks for the evaluation's own bound (config.yaml `evaluation:`) and room around it
    cfg = yaml.safe_load((root / "config.yaml").read_text())
    assert workflow["resources"]["evaluate_run"] == {
        "mem_mb": cfg["evaluation"]["memory_mb"] + 1024,
        "runtime": cfg["evaluation"]["wall_s"] // 60 + 10,
    }


def test_the_profiles_name_their_executor_and_ask_squeue_for_job_states():
    profiles = {p.name: yaml.safe_load((p / "config.yaml").read_text()) for p in (ROOT / "profiles").iterdir()}
    assert set(profiles) == {"default", "slurm", "cluster-generic"}
    assert "executor" not in profiles["default"]  # read by every plain `snakemake`: the local executor
    assert profiles["slurm"]["executor"] == "slurm"
    # no slurmdbd: sacct cannot answer, and the plugin would never see a job finish
    assert profiles["slurm"]["slurm-status-command"] == "squeue"
    assert profiles["cluster-generic"]["executor"] == "cluster-generic"
    assert (ROOT / profiles["cluster-generic"]["cluster-generic-status-cmd"]).is_file()
    for name in ("slurm", "cluster-generic"):
        assert {"mem_mb", "runtime"} <= set(profiles[name]["default-resources"])


def test_the_comparison_names_every_file_that_differs_or_is_missing(tmp_path):
    def lab(name, files):
        for rel, text in files.items():
            path = tmp_path / name / "results" / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        return tmp_path / name

    same = {"freeze/manifest.json": "{}", "receipts/T/b/A1/r1/receipt.json": "1", "pilot/summary.csv": "s"}
    local = lab("local", {**same, "judging/scores/T/b/A1/r1/judge-a.json": "a", "receipts/T/b/A2/r1/receipt.json": "2"})
    remote = lab("remote", {**same, "judging/scores/T/b/A1/r1/judge-a.json": "A", "pilot/summary.txt": "t"})
    result = cluster.compare(local, remote)
    assert (result.identical, result.total) == (3, 6) and not result.ok
    assert result.differing == ("judging/scores/T/b/A1/r1/judge-a.json",)
    assert result.only_local == ("receipts/T/b/A2/r1/receipt.json",)
    assert result.only_cluster == ("pilot/summary.txt",)
    assert cluster.compare(local, local).ok and not cluster.compare(tmp_path / "none", tmp_path / "none").ok


def test_completed_jobs_are_read_from_the_job_completion_log(tmp_path):
    (tmp_path / "jobcomp.txt").write_text(
        "JobId=1 UserId=root(0) Name=whitecollar-generate JobState=COMPLETED Partition=compute\n"
        "JobId=2 UserId=root(0) Name=whitecollar-validate JobState=FAILED Partition=compute\n"
        "JobId=3 UserId=root(0) Name=whitecollar-generate JobState=COMPLETED Partition=compute\n"
    )
    assert cluster.completed_jobs(tmp_path / "slurm.conf") == {"whitecollar-generate": 2}


def test_the_job_status_script_maps_slurm_states(tmp_path):
    fake = tmp_path / "bin"
    fake.mkdir()
    for name in ("sacct", "squeue"):
        (fake / name).write_text(f'#!/bin/sh\n[ -n "$STATE_{name.upper()}" ] && echo "$STATE_{name.upper()}"\nexit 0\n')
        (fake / name).chmod(0o755)

    def status(**states):
        env = {"PATH": f"{fake}:/usr/bin:/bin", **{f"STATE_{k.upper()}": v for k, v in states.items()}}
        proc = subprocess.run(
            [str(ROOT / "tools" / "slurm-job-status.sh"), "42"], env=env, capture_output=True, text=True
        )
        return proc.stdout.strip()

    assert status(squeue="RUNNING") == "running" and status(squeue="PENDING") == "running"
    assert status(squeue="COMPLETED") == "success" and status(sacct="COMPLETED") == "success"
    assert status(squeue="FAILED") == "failed" and status(sacct="CANCELLED by 0") == "failed"
    assert status(squeue="OUT_OF_MEMORY") == "failed" and status() == "failed"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False


@pytest.mark.slow
def test_the_pilot_on_a_real_slurm_gives_the_files_of_the_local_pilot(lab_states, tmp_path):
    reason = cluster.unavailable()
    if reason:
        pytest.skip(f"no SLURM here: {reason}")
    local = lab_states("piloted")  # the session's local freeze and pilot, shared with the other tests
    remote = clone(lab_states("source"), tmp_path / "lab")
    try:
        with cluster.slurm_node(cpus=cluster.TEST_NODE_CPUS) as env:
            state = Path(env["SLURM_CONF"]).parent
            daemons = [int((state / f"{d}.pid").read_text()) for d in ("munged", "slurmctld", "slurmd")]
            try:
                cluster.build(remote, "slurm", cluster.lab_env(remote, env), tmp_path / "snakemake.log")
                jobs = cluster.completed_jobs(env["SLURM_CONF"])
            finally:
                cluster.stop_services(remote)
    except RuntimeError as error:
        if "did not start" in str(error):
            pytest.skip(f"the SLURM daemons cannot start here: {error}")
        raise
    assert not any(_alive(pid) for pid in daemons) and not state.exists() and not Path("/run/slurm/conf").is_symlink()
    # exactly the jobs the workflow sends to a cluster went through SLURM: generate, validate, and per run
    # its evaluation, its package and three judgements
    assert sum(jobs.values()) == cluster.expected_remote_jobs(remote) == 2 + 4 * 5
    result = cluster.compare(local, remote)
    assert result.ok, result
    assert result.total == 1 + 4 + 4 * 3 + 2  # manifest, receipts, judge scores, summary.csv and .txt
