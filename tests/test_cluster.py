"""The pipeline on a cluster: profiles, rule resources, what stays on the controller, and (slow) a real SLURM.

The slow test starts a single-node SLURM on this machine (tools/slurm-single-node.sh), runs the
freeze and the simulated pilot through Snakemake's SLURM executor plugin (profiles/slurm) in a
scratch lab, and compares every receipt, judge score, the freeze manifest and the summary with the
session's local pilot, byte for byte. It is skipped, with the reason, where the daemons cannot start.
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
import yaml

from labkit import ROOT, clone, snakemake
from whitecollar import cluster

LOCAL_RULES = {"assign", "run", "freeze", "code_stamp", "pilot"}


def _jobs(dry_run: str) -> dict[str, list[str]]:
    """A dry run's job blocks, by rule: each block's text (`localrule X:` or `rule X:` first)."""
    blocks: dict[str, list[str]] = {}
    for block in re.split(r"\n(?=\[|(?:local)?(?:rule|checkpoint) \w+:)", dry_run):
        head = re.match(r"(localrule|rule|checkpoint) (\w+):", block.strip())
        if head:
            blocks.setdefault(head.group(2), []).append(block)
    return blocks


def test_remote_rules_declare_memory_and_runtime_and_the_sessions_stay_on_the_controller(lab):
    root = lab("piloted")
    proc = snakemake(root, "-n", "--forceall", "--executor", "slurm", "results/pilot")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    blocks = _jobs(proc.stdout + proc.stderr)
    assert set(cluster.REMOTE_RULES) | LOCAL_RULES <= set(blocks)
    for rule, found in blocks.items():
        local = all(b.lstrip().startswith("localrule ") for b in found)
        assert local == (rule in LOCAL_RULES), f"{rule}: {'local' if local else 'sent to the cluster'}"
    for rule in cluster.REMOTE_RULES:
        for block in blocks[rule]:
            resources = re.search(r"resources: (.*)", block).group(1)
            assert re.search(r"\bmem_mb=\d+", resources) and re.search(r"\bruntime=\d+", resources), (rule, resources)
    # the evaluation's job asks for the evaluation's own bound (config.yaml `evaluation:`) and room around it
    cfg = yaml.safe_load((root / "config.yaml").read_text())
    assert f"mem_mb={cfg['evaluation']['memory_mb'] + 1024}" in blocks["evaluate_run"][0]


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
        "JobId=3 UserId=root(0) Name=whitecollar-generate JobState=COMPLETED Partition=compute\n")
    assert cluster.completed_jobs(tmp_path / "slurm.conf") == {"whitecollar-generate": 2}


def test_the_job_status_script_maps_slurm_states(tmp_path):
    fake = tmp_path / "bin"
    fake.mkdir()
    for name in ("sacct", "squeue"):
        (fake / name).write_text(f'#!/bin/sh\n[ -n "$STATE_{name.upper()}" ] && echo "$STATE_{name.upper()}"\nexit 0\n')
        (fake / name).chmod(0o755)

    def status(**states):
        env = {"PATH": f"{fake}:/usr/bin:/bin", **{f"STATE_{k.upper()}": v for k, v in states.items()}}
        proc = subprocess.run([str(ROOT / "tools" / "slurm-job-status.sh"), "42"], env=env, capture_output=True,
                              text=True)
        return proc.stdout.strip()

    assert status(squeue="RUNNING") == "running" and status(squeue="PENDING") == "running"
    assert status(squeue="COMPLETED") == "success" and status(sacct="COMPLETED") == "success"
    assert status(squeue="FAILED") == "failed" and status(sacct="CANCELLED by 0") == "failed"
    assert status(squeue="OUT_OF_MEMORY") == "failed" and status() == "failed"


@pytest.mark.slow
def test_the_pilot_on_a_real_slurm_gives_the_files_of_the_local_pilot(lab_states, tmp_path):
    reason = cluster.unavailable()
    if reason:
        pytest.skip(f"no SLURM here: {reason}")
    local = lab_states("piloted")  # the session's local freeze and pilot, shared with the other tests
    remote = clone(lab_states("source"), tmp_path / "lab")
    state = Path("/tmp") / f"wc-slurm-test-{tmp_path.name[-12:]}"
    try:
        with cluster.slurm_node(state) as env:
            try:
                cluster.build(remote, "slurm", cluster.lab_env(remote, env), tmp_path / "snakemake.log")
                jobs = cluster.completed_jobs(env["SLURM_CONF"])
            finally:
                cluster.stop_services(remote)
    except RuntimeError as error:
        if "did not start" in str(error):
            pytest.skip(f"the SLURM daemons cannot start here: {error}")
        raise
    daemons = [p for p in ("munged.pid", "slurmctld.pid", "slurmd.pid") if (state / p).exists()]
    assert daemons == [] and not Path("/run/slurm/conf").is_symlink()
    assert sum(jobs.values()) == cluster.expected_remote_jobs(remote) == 2 + 4 * 5
    result = cluster.compare(local, remote)
    assert result.ok, result
    assert result.total == 1 + 4 + 4 * 3 + 2  # manifest, receipts, judge scores, summary.csv and .txt
