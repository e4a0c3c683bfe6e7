"""Package, unpack in a fresh clone, replicate there, compare (issue: replication without workers).

Reuses the session's piloted lab (tests/conftest.py): the original builds the
paper and `snakemake restricted`; a fresh clone of the source lab (no
results) replicates from the package alone. Every generated table and
figure must come out byte for byte as in the original; the PDF, whose
engine stamps the build time, by its text.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
from labkit import clone, lab_env, snakemake

from whitecollar.analysis.latex_build import tex_engine
from whitecollar.replication.restricted import FIXED_MTIME, ROOT_NAME, SUMS

pytestmark = pytest.mark.slow

PACKAGE = Path("results") / "restricted" / "whitecollar-restricted.tar"
PILOT_FILES = [
    "summary.csv",
    "summary.txt",
    "ledger.csv",
    "judges.csv",
    "experiment.sqlite",
    "audit.json",
    "assignment.csv",
    "dashboard/index.html",
]


def whitecollar(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "whitecollar", *args], cwd=root, env=lab_env(root), capture_output=True, text=True
    )


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def original(lab_states, tmp_path_factory) -> Path:
    root = clone(lab_states("piloted"), tmp_path_factory.mktemp("original") / "lab")
    paper = snakemake(root, "--cores", "2", "paper")
    if tex_engine() is None:
        pytest.skip("no TeX engine: the paper cannot be built here")
    assert paper.returncode == 0, paper.stdout[-3000:] + paper.stderr[-3000:]
    package = snakemake(root, "--cores", "2", "restricted")
    assert package.returncode == 0, package.stdout[-3000:] + package.stderr[-3000:]
    return root


@pytest.fixture(scope="module")
def replica(original, lab_states, tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess]:
    fresh = clone(lab_states("source"), tmp_path_factory.mktemp("replica") / "lab")
    assert not (fresh / "results").exists()
    return fresh, whitecollar(fresh, "replicate", str(original / PACKAGE))


def test_the_package_is_deterministic_sorted_and_split(original, tmp_path):
    again = tmp_path / "again.tar"
    proc = whitecollar(original, "restricted", "--out", str(again))
    assert proc.returncode == 0, proc.stderr
    assert again.read_bytes() == (original / PACKAGE).read_bytes()
    assert (original / PACKAGE).with_name(PACKAGE.name + ".sha256").read_text().split()[0] == hashlib.sha256(
        again.read_bytes()
    ).hexdigest()
    with tarfile.open(again) as tar:
        members = tar.getmembers()
        names = [m.name for m in members]
        assert names == sorted(names) and names[0] == ROOT_NAME
        assert all(m.mtime == FIXED_MTIME and m.uid == 0 and m.gid == 0 and not m.uname for m in members)
        sums = dict(
            line.split("  ", 1)[::-1] for line in tar.extractfile(f"{ROOT_NAME}/{SUMS}").read().decode().splitlines()
        )
        files = [m for m in members if m.isfile() and m.name != f"{ROOT_NAME}/{SUMS}"]
        assert len(files) == len(sums)
        for m in files:
            rel = m.name[len(ROOT_NAME) + 1 :]
            assert hashlib.sha256(tar.extractfile(m).read()).hexdigest() == sums[rel], rel
    rel_names = [n[len(ROOT_NAME) + 1 :] for n in names[1:]]
    assert {n.split("/")[1] for n in rel_names if n.startswith("public/")} == {
        "bundles",
        "digests",
        "evaluators.json",
        "freeze",
        "plan",
        "protocol",
        "rubrics",
    }
    assert {n.split("/")[1] for n in rel_names if n.startswith("restricted/")} == {
        "audit",
        "judging",
        "ledger",
        "oracles",
        "receipts",
        "runs",
        "validation",
    }
    for part in (
        "public/freeze/manifest.json",
        "public/freeze/configuration.json",
        "public/protocol/amendments.csv",
        "public/protocol/analysis_plan.yaml",
        "public/rubrics/PROC-01/rubric.yaml",
        "public/evaluators.json",
        "public/plan/assignment.csv",
        "restricted/oracles/PROC-01/oracle.json",
        "restricted/ledger/journal.jsonl",
        "README.md",
    ):
        assert part in rel_names, part
    for kind in ("runs", "receipts", "judging/scores", "judging/packages"):
        assert (
            sum(n.startswith(f"restricted/{kind}/PROC-01/") and n.endswith((".json", ".txt")) for n in rel_names) >= 4
        )


def test_replication_rebuilds_every_table_and_figure_as_the_original(original, replica):
    fresh, proc = replica
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "receipts: 4/4 rebuilt byte for byte as archived" in proc.stdout
    generated = sorted(p.name for p in (original / "manuscript" / "generated").iterdir())
    assert sorted(p.name for p in (fresh / "manuscript" / "generated").iterdir()) == generated
    assert any(n.endswith(".png") for n in generated) and "table_amendments.tex" in generated
    for name in generated:
        assert (fresh / "manuscript" / "generated" / name).read_bytes() == (
            original / "manuscript" / "generated" / name
        ).read_bytes(), name
    for name in PILOT_FILES:
        assert (fresh / "results" / "pilot" / name).read_bytes() == (
            original / "results" / "pilot" / name
        ).read_bytes(), name
    text = pdf_text(fresh / "results" / "paper" / "paper.pdf")
    assert text == pdf_text(original / "results" / "paper" / "paper.pdf")
    assert "A-007" in text and "SIMULATED" in text


def test_replication_starts_no_worker_and_no_judge(original, replica):
    fresh, proc = replica
    assert proc.returncode == 0, proc.stderr[-3000:]
    logs = fresh / "results" / "logs"
    assert not (logs / "runs").exists() and not (logs / "judging" / "scores").exists()
    assert not (logs / "validate").exists() and not (logs / "generate").exists()
    scores = sorted((original / "results" / "judging" / "scores").rglob("*.json"))
    assert len(scores) == 12
    for p in scores:
        rel = p.relative_to(original)
        assert (fresh / rel).read_bytes() == p.read_bytes(), rel


def test_replicate_refuses_when_a_judge_would_be_needed(original, lab_states, tmp_path):
    partial = clone(original, tmp_path / "partial")
    score = sorted((partial / "results" / "judging" / "scores").rglob("judge-b.json"))[0]
    score.unlink()
    package = tmp_path / "partial.tar"
    assert whitecollar(partial, "restricted", "--out", str(package)).returncode == 0
    fresh = clone(lab_states("source"), tmp_path / "fresh")
    proc = whitecollar(fresh, "replicate", str(package))
    assert proc.returncode == 2
    assert "refused: the rebuild would start 1 judge job(s) (a judge)" in proc.stderr
    assert not (fresh / score.relative_to(partial)).exists()
    assert not (fresh / "results" / "paper").exists()


def test_replicate_refuses_a_clone_that_differs_from_the_freeze(original, lab_states, tmp_path):
    fresh = clone(lab_states("source"), tmp_path / "fresh")
    rubric = fresh / "benchmark" / "scenarios" / "PROC-01" / "rubric.yaml"
    rubric.write_text(rubric.read_text().replace("weight: 3", "weight: 5", 1))
    proc = whitecollar(fresh, "replicate", str(original / PACKAGE))
    assert proc.returncode == 2
    assert "differs from the package's freeze in 1 item(s): protocol: rubric of PROC-01" in proc.stderr
    assert not (fresh / "results" / "runs").exists()
