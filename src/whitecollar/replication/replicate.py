"""Rebuild the paper from a restricted package, without starting a worker or a judge.

On a fresh clone: every member of the package is checked against its
`SHA256SUMS`; the clone's protocol (rubrics, judge prompt and panel,
analysis plan, study design, amendments) and evaluator versions against the
package's freeze manifest; the restored bundles and oracles against it too.
The benchmark, the runs, the judges' packages and scores and the archived
receipts are then restored under `results/`, all with one timestamp newer
than the clone's files, so Snakemake sees them as built. Runs are protected
outputs with no input files and the judges' scores are newer than what they
were made from, so neither is planned; the receipts are re-graded
(`--forcerun evaluate_run`) and everything after them rebuilt. The build is
planned first (a dry run) and refused if it would run a worker, a judge, or
re-freeze the benchmark. Finally the rebuilt receipts are compared byte for
byte with the archived ones.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from whitecollar import atomic
from whitecollar.hashing import sha256_file
from whitecollar.replication.restricted import ROOT_NAME, SUMS
from whitecollar.runs.layout import finished_runs
from whitecollar.runs.record import read_run_record

#: rules that would start a worker or a judge
NEEDS_AGENT = {"run": "a worker session", "judge": "a judge"}
#: rules that would rebuild the frozen benchmark (and so could redraw the runs behind a checkpoint)
REFREEZES = ("generate", "validate", "freeze", "assign")
TARGET = "paper"
FORCE = "evaluate_run"


class ReplicationError(RuntimeError):
    """Why the replication stops; one line naming the file or job and what to do."""


@dataclass
class Replication:
    root: Path
    package: Path
    members: int = 0
    runs: int = 0
    planned: dict[str, int] = field(default_factory=dict)
    receipts_compared: int = 0
    receipts_differing: list[str] = field(default_factory=list)


def _extract(package: Path, dest: Path) -> None:
    """Extract the tar archive into dest, refusing a member outside the package's folder or an unsafe one."""
    try:
        tar = tarfile.open(package, "r:")
    except tarfile.TarError:
        raise ReplicationError(
            f"{package}: not an uncompressed tar archive; use the file `snakemake restricted` wrote"
        ) from None
    with tar:
        names = tar.getnames()
        bad = [n for n in names if n != ROOT_NAME and not n.startswith(ROOT_NAME + "/")]
        if bad:
            raise ReplicationError(f"{package}: member {bad[0]} lies outside {ROOT_NAME}/; not a laboratory package")
        try:
            tar.extractall(dest, filter="data")
        except (tarfile.FilterError, OSError) as exc:
            raise ReplicationError(f"{package}: unsafe or unreadable member ({exc}); the package is damaged") from None


def _read_sums(package: Path, sums_path: Path) -> dict[str, str]:
    """{member: sha256} from the package's SHA256SUMS, refusing a malformed line."""
    listed = {}
    for line in sums_path.read_text(encoding="utf-8").splitlines():
        m = re.fullmatch(r"([0-9a-f]{64})  (.+)", line)
        if not m:
            raise ReplicationError(f"{package}: {SUMS} line {line[:60]!r} is malformed; the package is damaged")
        listed[m.group(2)] = m.group(1)
    return listed


def _check_members(package: Path, top: Path, listed: dict[str, str]) -> None:
    """Refuse the first member (in name order) that is unlisted, missing, a link or not its listed hash."""
    present = {p.relative_to(top).as_posix() for p in top.rglob("*") if p.is_file() or p.is_symlink()} - {SUMS}
    for name in sorted(present | set(listed)):
        if name not in listed:
            raise ReplicationError(f"{package}: member {name} has no hash in {SUMS}; the package was altered")
        if name not in present:
            raise ReplicationError(f"{package}: {name} is listed in {SUMS} but missing; the package is incomplete")
        if (top / name).is_symlink() or sha256_file(top / name) != listed[name]:
            raise ReplicationError(
                f"{package}: member {name} does not match its SHA-256 in {SUMS}; the package is damaged"
            )


def verify_archive(package: Path, dest: Path) -> int:
    """Extract the package into dest after checking every file member against SHA256SUMS."""
    if not package.is_file():
        raise ReplicationError(f"{package}: no such package; give the path of the .tar `snakemake restricted` wrote")
    _extract(package, dest)
    top = dest / ROOT_NAME
    sums_path = top / SUMS
    if not sums_path.is_file():
        raise ReplicationError(f"{package}: no {SUMS}; the package is incomplete")
    listed = _read_sums(package, sums_path)
    _check_members(package, top, listed)
    return len(listed)


def check_clone(top: Path, root: Path, config: dict) -> list[str]:
    """How the clone and the restored trees differ from the package's freeze (empty when they agree)."""
    from whitecollar.benchmark.scenario import load_scenario
    from whitecollar.freeze.manifest import verify
    from whitecollar.freeze.protocol import current

    manifest_path = top / "public" / "freeze" / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    frozen = sorted(manifest["scenarios"])
    problems = []
    if sorted(config["scenarios"]) != frozen:
        problems.append(
            f"config.yaml: scenarios {', '.join(sorted(config['scenarios']))} are not the frozen {', '.join(frozen)}"
        )
    versions = {
        t: load_scenario(t).evaluator_version for t in frozen if (root / "benchmark" / "scenarios" / t).is_dir()
    }
    problems += verify(
        manifest_path,
        top / "public" / "bundles",
        top / "restricted" / "oracles",
        current(root, config, frozen),
        versions,
    )
    return problems + run_differences(top / "restricted" / "runs")


def run_differences(runs: Path) -> list[str]:
    """Deliverables of each archived run that differ from the hashes its run.json recorded at collection."""
    problems = []
    for folder in finished_runs(runs):
        run_dir = folder.root
        recorded = {rel: d["sha256"] for rel, d in read_run_record(folder.run_json).deliverables.items()}
        out = folder.out
        present = {p.relative_to(out).as_posix(): sha256_file(p) for p in out.rglob("*") if p.is_file()}
        for rel in sorted(set(recorded) | set(present)):
            if recorded.get(rel) != present.get(rel):
                problems.append(f"{run_dir.relative_to(runs).as_posix()}: deliverable {rel} differs from its run.json")
    return problems


def _move(src: Path, dest: Path) -> None:
    if dest.exists():
        raise ReplicationError(f"{dest}: already exists; replicate into a fresh clone (no results/ yet)")
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(src), str(dest))


def restore(top: Path, results: Path, oracles: Path) -> list[Path]:
    """Put the package's parts where the workflow expects them; return what was placed."""
    pub, res = top / "public", top / "restricted"
    plan = [
        (pub / "bundles", results / "bundles"),
        (pub / "digests", results / "digests"),
        (pub / "freeze" / "manifest.json", results / "freeze" / "manifest.json"),
        (pub / "freeze" / "configuration.json", results / "freeze" / "configuration.json"),
        (pub / "plan" / "assignment.csv", results / "plan" / "assignment.csv"),
        (res / "oracles", oracles),
        (res / "validation", results / "validation"),
        (res / "runs", results / "runs"),
        (res / "judging", results / "judging"),
        (res / "ledger" / "journal.jsonl", results / "ledger" / "journal.jsonl"),
    ]
    if (res / "audit").is_dir():
        plan.append((res / "audit", results / "audit"))
    placed = []
    for src, dest in plan:
        _move(src, dest)
        placed.append(dest)
    # the receipts as archived: in place for the workflow (then re-graded), and kept for the comparison
    shutil.copytree(res / "receipts", results / "replication" / "archived-receipts")
    _move(res / "receipts", results / "receipts")
    placed.append(results / "receipts")
    stamp = time.time()
    for p in placed:
        for dirpath, dirnames, filenames in os.walk(p):
            for n in dirnames + filenames:
                os.utime(os.path.join(dirpath, n), (stamp, stamp), follow_symlinks=False)
        os.utime(p, (stamp, stamp))
    return placed


def snakemake(root: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(
        os.environ,
        WHITECOLLAR_ROOT=str(root),
        PYTHONPATH=os.pathsep.join(
            [str(root / "src")] + ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else [])
        ),
    )
    return subprocess.run([sys.executable, "-m", "snakemake", *args], cwd=root, env=env, capture_output=True, text=True)


def planned_jobs(output: str) -> dict[str, int]:
    """The job counts of a dry run's "Job stats" table (empty when nothing is to be done)."""
    if "Job stats:" not in output:
        return {}
    jobs: dict[str, int] = {}
    for line in output.split("Job stats:", 1)[1].splitlines()[3:]:
        m = re.match(r"^(\S+)\s+(\d+)$", line.strip())
        if not m:
            if jobs:
                break
            continue
        if m.group(1) == "total":
            break
        jobs[m.group(1)] = int(m.group(2))
    return jobs


def refusal(jobs: dict[str, int]) -> str | None:
    """Why a planned build may not run, or None."""
    agents = [f"{n} {rule} job(s) ({NEEDS_AGENT[rule]})" for rule, n in sorted(jobs.items()) if rule in NEEDS_AGENT]
    if agents:
        return (
            "the rebuild would start " + ", ".join(agents) + "; the package lacks their outputs or they are "
            "older than their inputs. Nothing was run: restore the complete run archive"
        )
    benchmark = [f"{rule} ({n})" for rule, n in sorted(jobs.items()) if rule in REFREEZES]
    if benchmark:
        return (
            "the rebuild would rebuild the frozen benchmark: " + ", ".join(benchmark) + "; the clone's scenario "
            "code or config differs from the one frozen. Check out the commit the package was made with"
        )
    return None


def replicate(package: Path, root: Path, cores: int = 2) -> Replication:
    from whitecollar import config as wc_config

    package, root = Path(package).resolve(), Path(root).resolve()
    cfg = wc_config.load(root / "config.yaml")
    results = root / cfg["paths"]["results"]
    oracles = root / cfg["paths"].get("oracles", f"{cfg['paths']['results']}/restricted/oracles")
    if (results / "runs").exists() or (results / "freeze").exists():
        raise ReplicationError(f"{results}: already holds a freeze or runs; replicate into a fresh clone")
    rep = Replication(root, package)
    staging = root / ".replication-staging"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    try:
        rep.members = verify_archive(package, staging)
        top = staging / ROOT_NAME
        problems = check_clone(top, root, cfg)
        if problems:
            raise ReplicationError(
                f"{root}: the clone differs from the package's freeze in {len(problems)} item(s): "
                + "; ".join(problems)
            )
        restore(top, results, oracles)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    rep.runs = sum(1 for _ in (results / "runs").glob("*/*/*/r*/run.json"))
    dry = snakemake(root, "-n", "--forcerun", FORCE, "--", TARGET)
    if dry.returncode != 0:
        raise ReplicationError(
            f"{root}: the build cannot be planned: {(dry.stderr or dry.stdout).strip().splitlines()[-1:]}"
        )
    rep.planned = planned_jobs(dry.stdout + dry.stderr)
    why = refusal(rep.planned)
    if why:
        raise ReplicationError(f"refused: {why}")
    build = snakemake(root, "--cores", str(cores), "--forcerun", FORCE, "--", TARGET)
    if build.returncode != 0:
        tail = "\n".join((build.stdout + build.stderr).strip().splitlines()[-15:])
        raise ReplicationError(f"{root}: the rebuild failed (logs under {results / 'logs'}):\n{tail}")
    archived = results / "replication" / "archived-receipts"
    for p in sorted(archived.rglob("receipt.json")):
        rel = p.relative_to(archived)
        rep.receipts_compared += 1
        rebuilt = results / "receipts" / rel
        if not rebuilt.is_file() or rebuilt.read_bytes() != p.read_bytes():
            rep.receipts_differing.append(rel.as_posix())
    atomic.write_json(
        results / "replication" / "report.json",
        {
            "package": package.name,
            "package_sha256": sha256_file(package),
            "members": rep.members,
            "runs": rep.runs,
            "planned": rep.planned,
            "receipts_compared": rep.receipts_compared,
            "receipts_differing": rep.receipts_differing,
        },
    )
    return rep
