"""The pipeline on a real SLURM, compared file by file with the same pipeline run locally.

`make cluster-test` (`python -m whitecollar.workflow.cluster`) builds two scratch copies of the
repository with the same small study: one runs the freeze and the simulated pilot here
(profiles/default), the other through a single-node SLURM started on this machine for the
occasion (tools/slurm-single-node.sh) with profiles/slurm, Snakemake's SLURM executor plugin
(or profiles/cluster-generic, the generic plugin driving sbatch). Every receipt, judge score,
the freeze manifest and the pilot's summary must be the same bytes: the executor decides where
a job runs, never what it writes. It also checks that the cluster really ran the jobs the
workflow sends to it (SLURM's job-completion log), and stops every daemon it started, whatever
happens.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[3]
NODE_SCRIPT = ROOT / "tools" / "slurm-single-node.sh"
IGNORE = shutil.ignore_patterns(
    ".git", ".venv", "results", ".snakemake", "__pycache__", ".pytest_cache", "*.egg-info", "generated"
)
#: the rules whose jobs go to the cluster; everything else is a `localrules` entry of rules/*.smk
REMOTE_RULES = ("generate", "validate", "evaluate_run", "render", "judge")
PROFILES = ("slurm", "cluster-generic")
#: CPUs the test's node offers: eight per core of this machine. A test job is mostly Snakemake starting (twice:
#: the plugin's job step, then the job under srun) and waiting for the next status check, so jobs that wait
#: side by side finish sooner than jobs queued behind one per core; the memory each declares still bounds them.
TEST_NODE_CPUS = 8 * (os.cpu_count() or 1)
#: status checks every few seconds: the test's jobs are short, a real study's are not (profiles keep their own)
FAST_POLLING = {
    "slurm": ["--slurm-init-seconds-before-status-checks", "2", "--seconds-between-status-checks", "2"],
    "cluster-generic": ["--seconds-between-status-checks", "2"],
}


def unavailable() -> str | None:
    """Why a SLURM node cannot be started here, or None when it can."""
    missing = [
        c for c in ("munged", "mungekey", "slurmctld", "slurmd", "sbatch", "squeue", "sinfo") if shutil.which(c) is None
    ]
    if missing:
        return f"{', '.join(missing)} not installed (tools/install-system-packages.sh installs slurm-wlm and munge)"
    if os.geteuid() != 0:
        return "slurmd runs each job as its submitter: the single-node SLURM needs root"
    for module in ("snakemake_executor_plugin_slurm", "snakemake_executor_plugin_cluster_generic"):
        try:
            __import__(module)
        except ImportError:
            return f"{module} is not installed (pip install -r requirements.lock)"
    return None


@contextmanager
def slurm_node(state: Path | None = None, cpus: int | None = None) -> Iterator[dict[str, str]]:
    """A single-node SLURM for the duration of the block: yields the environment its clients need.

    The node offers `cpus` CPUs (default: this machine's). The daemons are stopped on the way out,
    also when the block raises or is interrupted.
    """
    made = state is None
    if state is None:  # short: munge's socket path must fit a Unix socket address
        state = Path(tempfile.mkdtemp(prefix="wc-slurm-", dir="/tmp"))
    try:
        started = subprocess.run(
            ["bash", str(NODE_SCRIPT), "start", str(state), *([str(cpus)] if cpus else [])],
            capture_output=True,
            text=True,
        )
        if started.returncode != 0:
            raise RuntimeError(f"the single-node SLURM did not start:\n{started.stderr.strip()}")
        yield {**os.environ, "SLURM_CONF": str(state / "slurm.conf")}
    finally:
        subprocess.run(["bash", str(NODE_SCRIPT), "stop", str(state)], capture_output=True, text=True)
        if made:
            shutil.rmtree(state, ignore_errors=True)


def completed_jobs(slurm_conf: str | Path) -> dict[str, int]:
    """SLURM jobs that completed, by job name, from the job-completion log beside slurm.conf."""
    log = Path(slurm_conf).with_name("jobcomp.txt")
    counts: dict[str, int] = {}
    for line in log.read_text(encoding="utf-8").splitlines() if log.exists() else []:
        if " JobState=COMPLETED " in f" {line} ":
            name = re.search(r"\bName=(\S*)", line)
            key = name.group(1) if name else ""
            counts[key] = counts.get(key, 0) + 1
    return counts


# -- scratch labs ---------------------------------------------------------------------------------


def scratch_lab(dest: Path, scenarios: list[str], repeats: int, source: Path = ROOT) -> Path:
    """A copy of the repository without results, its study cut to `scenarios` x every arm x `repeats`."""
    remove_tree(dest)
    shutil.copytree(source, dest, ignore=IGNORE, symlinks=True)
    path = dest / "config.yaml"
    cfg = yaml.safe_load(path.read_text(encoding="utf-8"))
    unknown = sorted(set(scenarios) - set(cfg["scenarios"]))
    if unknown:
        raise SystemExit(f"error: {', '.join(unknown)} not in config.yaml's scenarios; name scenarios it lists")
    cfg["scenarios"] = {t: cfg["scenarios"][t] or {} for t in scenarios}
    cfg["study"]["repeats"] = repeats
    cfg["worker"]["simulated"]["seconds"] = 0
    path.write_text(yaml.safe_dump(cfg, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return dest


def remove_tree(path: Path) -> None:
    """Delete a lab, write-protected runs included."""
    if not path.exists():
        return
    for sub in [path, *path.rglob("*")]:
        if sub.is_dir() and not sub.is_symlink():
            sub.chmod(0o755)
    shutil.rmtree(path)


def lab_env(root: Path, base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of a lab's Snakemake: its own checkout's code first, never this one's."""
    env = dict(base if base is not None else os.environ)
    kept = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and Path(p).resolve() != ROOT / "src"]
    return {**env, "WHITECOLLAR_ROOT": str(root), "PYTHONPATH": os.pathsep.join([str(root / "src"), *kept])}


def snakemake(root: Path, args: list[str], env: dict[str, str], log: Path) -> None:
    """Snakemake in a lab, its output appended to `log`; a failure raises with the log's tail."""
    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "a", encoding="utf-8") as out:
        out.write(f"$ snakemake {' '.join(args)}\n")
        out.flush()
        proc = subprocess.run(
            [sys.executable, "-m", "snakemake", *args],
            cwd=root,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    if proc.returncode != 0:
        tail = "\n".join(log.read_text(encoding="utf-8").splitlines()[-40:])
        raise RuntimeError(f"snakemake {' '.join(args)} failed in {root} (log: {log}):\n{tail}")


def build(root: Path, profile: str, env: dict[str, str], log: Path) -> None:
    """The freeze, then the pilot, with a workflow profile of profiles/."""
    args = ["--workflow-profile", profile]
    if profile == "default":
        args += ["--cores", "2"]
    else:
        args += FAST_POLLING[profile]
    for target in ("freeze", "results/pilot"):
        snakemake(root, [*args, target], env, log)


def stop_services(root: Path) -> None:
    """The lab's own long-lived helpers (recalculation prefetcher, shared LibreOffice, grading server), stopped
    through their own stop."""
    from whitecollar.libreoffice import prefetcher, shared_office
    from whitecollar.workflow import grading_server

    cache = root / "results" / "cache" / "recalc"
    if cache.is_dir():
        prefetcher.stop_all(cache)  # before the office it feeds
        shared_office.stop_all(cache)
        for folder in sorted(cache.glob("grading-*")):
            grading_server.stop(folder)


# -- comparison -----------------------------------------------------------------------------------

#: what must be the same bytes, as globs under results/
COMPARED = (
    "freeze/manifest.json",
    "receipts/**/receipt.json",
    "judging/scores/**/*.json",
    "pilot/summary.csv",
    "pilot/summary.txt",
)


def compared_files(root: Path) -> dict[str, bytes]:
    results = root / "results"
    return {
        str(p.relative_to(results)): p.read_bytes()
        for pattern in COMPARED
        for p in sorted(results.glob(pattern))
        if p.is_file()
    }


@dataclass(frozen=True)
class Comparison:
    identical: int
    total: int
    differing: tuple[str, ...]
    only_local: tuple[str, ...]
    only_cluster: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return self.total > 0 and self.identical == self.total


def compare(local: Path, cluster: Path) -> Comparison:
    """Every compared file of the two labs, byte for byte; a file present in one lab only is a difference."""
    a, b = compared_files(local), compared_files(cluster)
    names = sorted(set(a) | set(b))
    differing = tuple(n for n in names if n in a and n in b and a[n] != b[n])
    only_local = tuple(n for n in names if n not in b)
    only_cluster = tuple(n for n in names if n not in a)
    identical = sum(1 for n in names if n in a and n in b and a[n] == b[n])
    return Comparison(identical, len(names), differing, only_local, only_cluster)


def expected_remote_jobs(root: Path) -> int:
    """How many jobs the cluster must have run for a lab's freeze and pilot (REMOTE_RULES)."""
    cfg = yaml.safe_load((root / "config.yaml").read_text(encoding="utf-8"))
    runs = len(cfg["scenarios"]) * len(cfg["arms"]) * int(cfg["study"]["repeats"])
    return 2 * len(cfg["scenarios"]) + runs * (2 + len(cfg["judges"]["panel"]))


def run_on_cluster(root: Path, profile: str, log: Path) -> dict[str, int]:
    """Freeze and pilot of a lab on a fresh single-node SLURM; returns the SLURM jobs completed, by name."""
    with slurm_node(cpus=TEST_NODE_CPUS) as env:
        try:
            build(root, profile, lab_env(root, env), log)
            return completed_jobs(env["SLURM_CONF"])
        finally:
            stop_services(root)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m whitecollar.workflow.cluster", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--scenarios", nargs="+", help="scenarios of the study (default: every scenario of config.yaml)"
    )
    parser.add_argument("--repeats", type=int, default=1, help="repeats per scenario and arm (default 1)")
    parser.add_argument(
        "--profile",
        choices=PROFILES,
        default="slurm",
        help="the cluster's workflow profile (default slurm: the SLURM executor plugin)",
    )
    parser.add_argument(
        "--work",
        type=Path,
        default=ROOT / "results" / "cluster-test",
        help="where the two labs are built (default results/cluster-test)",
    )
    args = parser.parse_args(argv)

    reason = unavailable()
    if reason:
        print(f"error: no SLURM here: {reason}", file=sys.stderr)
        return 2
    work = args.work.resolve()
    scenarios = args.scenarios or list(yaml.safe_load((ROOT / "config.yaml").read_text(encoding="utf-8"))["scenarios"])
    local = scratch_lab(work / "local", scenarios, args.repeats)
    cluster = scratch_lab(work / args.profile, scenarios, args.repeats)
    log = work / "snakemake.log"
    log.unlink(missing_ok=True)
    study = f"{', '.join(scenarios)} x 4 arms x {args.repeats} repeat(s), simulated workers and judges"
    print(f"study: {study} (SIMULATED); Snakemake's output: {log}")

    started = time.monotonic()
    try:
        build(local, "default", lab_env(local), log)
    finally:
        stop_services(local)
    local_s = time.monotonic() - started
    print(f"local (profiles/default): freeze and pilot in {local_s:.0f} s")

    started = time.monotonic()
    jobs = run_on_cluster(cluster, args.profile, log)
    cluster_s = time.monotonic() - started
    ran, expected = sum(jobs.values()), expected_remote_jobs(cluster)
    print(
        f"SLURM (profiles/{args.profile}): freeze and pilot in {cluster_s:.0f} s ({cluster_s / local_s:.1f}x local); "
        f"{ran} SLURM jobs completed, {expected} expected ({', '.join(REMOTE_RULES)})"
    )
    by_rule = {n.removeprefix("whitecollar-"): c for n, c in sorted(jobs.items()) if n.startswith("whitecollar-")}
    if by_rule:  # the generic profile names each SLURM job after its rule
        print("SLURM jobs by rule: " + ", ".join(f"{rule} {count}" for rule, count in by_rule.items()))

    result = compare(local, cluster)
    for name in result.differing:
        print(f"differs: {name}")
    for name in result.only_local:
        print(f"missing from the SLURM run: {name}")
    for name in result.only_cluster:
        print(f"only in the SLURM run: {name}")
    print(f"identical {result.identical}/{result.total}")
    return 0 if result.ok and ran == expected else 1


if __name__ == "__main__":
    sys.exit(main())
