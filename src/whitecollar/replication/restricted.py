"""The restricted package: everything a replicator needs to rebuild the paper from the runs.

One uncompressed tar archive (compressed bytes depend on the zlib build, so
a compressed archive would not be the same on every machine) whose members
are sorted by name and carry fixed dates, owners and modes, so the same
results give the same archive byte for byte. `SHA256SUMS` holds the SHA-256
of every file member, in `sha256sum -c` form. Two folders keep apart what
may be published and what may not:

- `public/`: the bundles, the freeze manifest, the protocol, the rubrics,
  the evaluators' versions, the digests and the assignment;
- `restricted/`: the oracles, the validation results, and the run archive
  (each run's run.json, events, integrity record and collected deliverables,
  its receipt, the judges' packages and scores, the receipts' verdict
  snapshots and re-grading reports, and the cost ledger's journal).
"""

from __future__ import annotations

import csv
import io
import json
import os
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whitecollar import atomic
from whitecollar.hashing import SNAKEMAKE_MARKER, sha256_bytes, sha256_file

ROOT_NAME = "whitecollar-restricted"
SUMS = "SHA256SUMS"
README = "README.md"
#: 2025-01-01T00:00:00Z, the date the office writers stamp too
FIXED_MTIME = 1735689600


class PackageError(RuntimeError):
    """A results folder that cannot be packaged; the message names the file and the fix."""


@dataclass(frozen=True)
class Member:
    name: str  # path inside the package, below ROOT_NAME
    source: Path | None  # None for a directory or generated text
    data: bytes | None = None

    @property
    def is_dir(self) -> bool:
        return self.source is None and self.data is None


def _tree(src: Path, prefix: str) -> list[Member]:
    """Every directory and regular file under src (the Snakemake marker at its root left out)."""
    if not src.is_dir():
        raise PackageError(f"{src}: missing; build the pilot first (`snakemake results/pilot`)")
    out = [Member(prefix, None)]
    for dirpath, dirnames, filenames in os.walk(src, followlinks=False):
        base = Path(dirpath)
        rel = base.relative_to(src).as_posix()
        here = prefix if rel == "." else f"{prefix}/{rel}"
        for d in sorted(dirnames):
            if (base / d).is_symlink():
                raise PackageError(f"{base / d}: a symbolic link; the package holds regular files only")
            out.append(Member(f"{here}/{d}", None))
        dirnames.sort()
        for name in sorted(filenames):
            p = base / name
            if name == SNAKEMAKE_MARKER and base == src:
                continue
            if p.is_symlink() or not p.is_file():
                raise PackageError(f"{p}: not a regular file; the package holds regular files only")
            out.append(Member(f"{here}/{name}", p))
    return out


def _file(src: Path, name: str) -> list[Member]:
    if not src.is_file():
        raise PackageError(f"{src}: missing; build the pilot first (`snakemake results/pilot`)")
    return [Member(name, src)]


def _parents(names: list[str]) -> list[Member]:
    dirs = set()
    for n in names:
        parts = n.split("/")[:-1]
        dirs |= {"/".join(parts[:i]) for i in range(1, len(parts) + 1)}
    return [Member(d, None) for d in sorted(dirs)]


def _assignment(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def _public_members(results: Path, root: Path, manifest: dict[str, Any], manifest_path: Path) -> list[Member]:
    """The publishable preregistration: manifest, configuration, protocol, evaluator versions and the plan."""
    tasks = sorted(manifest["scenarios"])
    members: list[Member] = []
    members += _file(manifest_path, "public/freeze/manifest.json")
    members += _file(results / "freeze" / "configuration.json", "public/freeze/configuration.json")
    for p in sorted((root / "benchmark" / "protocol").glob("*")):
        if p.is_file():
            members += _file(p, f"public/protocol/{p.name}")
    evaluators = {t: manifest["scenarios"][t]["evaluator_version"] for t in tasks}
    members.append(
        Member(
            "public/evaluators.json", None, (json.dumps(evaluators, indent=2, sort_keys=True) + "\n").encode("utf-8")
        )
    )
    members += _file(results / "plan" / "assignment.csv", "public/plan/assignment.csv")
    return members


def _scenario_members(results: Path, oracles: Path, root: Path, tasks: list[str]) -> list[Member]:
    """Each scenario's rubric, bundle and digest (public) and its oracle and validation (restricted)."""
    members: list[Member] = []
    for t in tasks:
        members += _file(root / "benchmark" / "scenarios" / t / "rubric.yaml", f"public/rubrics/{t}/rubric.yaml")
        members += _tree(results / "bundles" / t, f"public/bundles/{t}")
        members += _file(results / "digests" / f"{t}.json", f"public/digests/{t}.json")
        members += _tree(oracles / t, f"restricted/oracles/{t}")
        members += _file(results / "validation" / f"{t}.json", f"restricted/validation/{t}.json")
    return members


def _run_members(results: Path, run: str, judging: Path, kinds: list[str]) -> list[Member]:
    """One assigned run's folder, receipt and judging; a run that has not finished stops the package."""
    members: list[Member] = []
    run_dir = results / "runs" / run
    for name in sorted(p.name for p in run_dir.iterdir()) if run_dir.is_dir() else []:
        p = run_dir / name
        members += (
            _tree(p, f"restricted/runs/{run}/{name}") if p.is_dir() else _file(p, f"restricted/runs/{run}/{name}")
        )
    if not run_dir.is_dir():
        raise PackageError(f"{run_dir}: missing; the assignment's runs must all be finished")
    members += _file(results / "receipts" / run / "receipt.json", f"restricted/receipts/{run}/receipt.json")
    for kind in kinds:
        if (judging / kind / run).is_dir():
            members += _tree(judging / kind / run, f"restricted/judging/{kind}/{run}")
    return members


def _bundle_members(results: Path, bundles: set[str]) -> list[Member]:
    """Each run bundle's regrade receipt and audit snapshots, where they exist."""
    members: list[Member] = []
    for b in sorted(bundles):
        regrade = results / "receipts" / b / "regrade.json"
        if regrade.is_file():
            members += _file(regrade, f"restricted/receipts/{b}/regrade.json")
        snapshots = results / "audit" / "receipts" / b
        if snapshots.is_dir():
            members += _tree(snapshots, f"restricted/audit/receipts/{b}")
    return members


def collect_members(results: Path, oracles: Path, root: Path) -> list[Member]:
    """What the package holds, read from a results folder after the pilot."""
    results, oracles, root = Path(results), Path(oracles), Path(root)
    manifest_path = results / "freeze" / "manifest.json"
    if not manifest_path.is_file():
        raise PackageError(f"{manifest_path}: missing; run `snakemake freeze` and the pilot first")
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    tasks = sorted(manifest["scenarios"])
    members: list[Member] = []
    members += _public_members(results, root, manifest, manifest_path)
    members += _scenario_members(results, oracles, root, tasks)
    rows = _assignment(results / "plan" / "assignment.csv")
    judging = results / "judging"
    kinds = sorted(d.name for d in judging.iterdir() if d.is_dir()) if judging.is_dir() else []
    bundles = set()
    for r in rows:
        run = f"{r['task_id']}/{r['bundle']}/{r['arm']}/r{r['repeat']}"
        bundles.add(f"{r['task_id']}/{r['bundle']}")
        members += _run_members(results, run, judging, kinds)
    members += _bundle_members(results, bundles)
    members += _file(results / "ledger" / "journal.jsonl", "restricted/ledger/journal.jsonl")
    names = {m.name for m in members}
    members += [d for d in _parents(sorted(names)) if d.name not in names]
    unique = {m.name: m for m in members}
    return [unique[n] for n in sorted(unique)]


def _readme(members: list[Member], manifest: dict, runs: int) -> bytes:
    tasks = sorted(manifest["scenarios"])
    files = sum(1 for m in members if not m.is_dir)
    text = f"""# Restricted package of the white-collar benchmark study

{len(tasks)} frozen scenario(s) ({", ".join(tasks)}), {runs} run(s), {files} files.
Every file's SHA-256 is in `{SUMS}` (check it with `sha256sum -c {SUMS}` in this folder).

## What is inside

- `public/` may be published: `bundles/` (what the workers saw), `freeze/manifest.json`
  (the preregistration: bundle, oracle, battery and protocol hashes), `freeze/configuration.json`
  (the study design and panel the workflow was given), `protocol/` (the analysis
  plan and the amendments), `rubrics/`, `evaluators.json` (each scenario's evaluator version),
  `digests/` and `plan/assignment.csv` (the runs, their order and nodes).
- `restricted/` must not be published: it holds the answers. `oracles/`, `validation/` (the
  batteries' results), `runs/` (each run's run.json, events.jsonl, integrity.json and the
  deliverables it collected under out/), `receipts/` (the deterministic evaluators' receipts,
  as archived), `judging/` (the judges' blind packages and their scores), `audit/` (verdict
  snapshots per evaluator version) and `ledger/journal.jsonl` (every reservation and charge).

## Replicating the paper

In a fresh clone of the repository, at the commit the freeze was made with:

    make replicate RESTRICTED=/path/to/{ROOT_NAME}.tar

It checks every member against `{SUMS}` and the clone's rubrics, judge prompt, judge panel,
analysis plan, study design and amendments against the freeze manifest; restores the benchmark,
the runs and the judges' scores under `results/`; then rebuilds the receipts, the judges'
aggregates, the experiment database, the dashboard, every table and figure and the paper PDF
(`results/paper/paper.pdf`). It never starts a worker or a judge: it plans the build first and
refuses, naming the jobs, if one would be needed. The rebuilt receipts are compared byte for
byte with `restricted/receipts/`.
"""
    return text.encode("utf-8")


def _info(name: str, size: int, is_dir: bool) -> tarfile.TarInfo:
    info = tarfile.TarInfo(f"{ROOT_NAME}/{name}" if name else ROOT_NAME)
    info.mtime = FIXED_MTIME
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    if is_dir:
        info.type, info.mode, info.size = tarfile.DIRTYPE, 0o755, 0
    else:
        info.type, info.mode, info.size = tarfile.REGTYPE, 0o644, size
    return info


def build_package(results: Path, oracles: Path, root: Path, out: Path) -> dict:
    """Write the archive atomically; return its SHA-256, member count and size."""
    members = collect_members(results, oracles, root)
    manifest = json.loads((Path(results) / "freeze" / "manifest.json").read_text(encoding="utf-8"))
    runs = len(_assignment(Path(results) / "plan" / "assignment.csv"))
    sums = []
    for m in members:
        if m.is_dir:
            continue
        if m.source is not None:
            digest = sha256_file(m.source)
        else:
            assert m.data is not None  # not a directory: a file on disk or generated text
            digest = sha256_bytes(m.data)
        sums.append(f"{digest}  {m.name}\n")
    readme = _readme(members, manifest, runs)
    sums.append(f"{sha256_bytes(readme)}  {README}\n")
    members += [Member(README, None, readme), Member(SUMS, None, "".join(sorted(sums, key=lambda s: s[66:])).encode())]
    members = sorted(members, key=lambda m: m.name)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent)
    os.close(fd)
    try:
        with tarfile.open(tmp, "w", format=tarfile.GNU_FORMAT) as tar:
            tar.addfile(_info("", 0, True))
            for m in members:
                if m.is_dir:
                    tar.addfile(_info(m.name, 0, True))
                elif m.source is not None:
                    with open(m.source, "rb") as fh:
                        tar.addfile(_info(m.name, os.fstat(fh.fileno()).st_size, False), fh)
                else:
                    assert m.data is not None  # neither a directory nor a file on disk: generated text
                    tar.addfile(_info(m.name, len(m.data), False), io.BytesIO(m.data))
        os.chmod(tmp, 0o644)
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    sha = sha256_file(out)
    atomic.write_text(str(out) + ".sha256", f"{sha}  {out.name}\n")
    return {
        "sha256": sha,
        "members": len(members) + 1,
        "files": len(sums),
        "bytes": out.stat().st_size,
        "scenarios": len(manifest["scenarios"]),
        "runs": runs,
    }
