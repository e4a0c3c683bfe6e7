"""`snakemake paper` after the default pilot, in a clone of the session's piloted lab (tests/labkit.py).

Rebuilds every table, figure, the dashboard and the PDF; recomputes the
per-arm success rates from the receipt files and compares them with the
generated table; checks that a second invocation plans nothing.
"""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
from labkit import clone, lab_env, snakemake

from whitecollar.analysis.latex_build import tex_engine
from whitecollar.lab.portal.browser import chromium_available

pytestmark = pytest.mark.slow


def planned(root: Path, target: str) -> str:
    """What a dry run of the target says it would do (empty when nothing)."""
    proc = snakemake(root, "-n", target)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout + proc.stderr
    return "" if "Nothing to be done" in out else out


TABLES = [
    "table_taxonomy",
    "table_organisations",
    "table_pilot_scenarios",
    "table_catalogue",
    "table_challenge",
    "table_results",
    "table_premium",
    "table_frontier",
    "table_minutes_sensitivity",
    "table_asking",
    "table_judges",
    "table_power",
]
FIGURES = ["fig_coverage", "fig_architecture", "fig_frontier", "fig_premium"]


@pytest.fixture(scope="module")
def paper(lab_states, tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess]:
    root = clone(lab_states("piloted"), tmp_path_factory.mktemp("paper") / "lab")
    return root, snakemake(root, "--cores", "2", "paper")


def test_paper_rebuilds_every_table_figure_the_dashboard_and_the_pdf(paper):
    root, proc = paper
    if tex_engine() is None:
        assert proc.returncode != 0 and "no TeX engine found" in proc.stdout + proc.stderr
        pytest.skip("no TeX engine: the workflow stopped with the install hint, as it must")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    gen = root / "manuscript" / "generated"
    for name in TABLES:
        assert (gen / f"{name}.tex").stat().st_size > 0 and (gen / f"{name}.csv").stat().st_size > 0, name
    for name in FIGURES:
        assert (gen / f"{name}.pdf").read_bytes()[:5] == b"%PDF-" and (gen / f"{name}.png").is_file(), name
    pdf = root / "results" / "paper" / "paper.pdf"
    assert pdf.read_bytes()[:5] == b"%PDF-"
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
    assert "SIMULATED" in text and "Dependency frontier" in text
    page = root / "results" / "pilot" / "dashboard" / "index.html"
    assert 'id="simulated-banner"' in page.read_text(encoding="utf-8")
    for name in TABLES[5:11]:  # the tables built from runs
        assert r"\textbf{SIMULATED.}" in (gen / f"{name}.tex").read_text(), name


def test_results_table_agrees_with_the_receipt_files(paper):
    root, proc = paper
    assert (root / "manuscript" / "generated" / "table_results.csv").is_file(), proc.stderr[-2000:]
    assignment = list(csv.DictReader(open(root / "results" / "plan" / "assignment.csv", newline="")))
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for row in assignment:
        path = (
            root
            / "results"
            / "receipts"
            / row["task_id"]
            / row["bundle"]
            / row["arm"]
            / f"r{row['repeat']}"
            / "receipt.json"
        )
        receipt = json.loads(path.read_text())
        if receipt["evaluator_error"]:
            continue
        ok = all(c["passed"] for c in receipt["criteria"]) and not any(v["triggered"] for v in receipt["violations"])
        tally[row["arm"]][0] += ok
        tally[row["arm"]][1] += 1
    with open(root / "manuscript" / "generated" / "table_results.csv", newline="") as fh:
        pooled = {r["arm"]: r for r in csv.DictReader(fh) if r["task_id"] == "ALL"}
    assert set(pooled) == set(tally)
    for arm, (k, n) in tally.items():
        assert (int(pooled[arm]["successes"]), int(pooled[arm]["evaluated"])) == (k, n), arm


def test_nothing_is_planned_after_the_paper(paper):
    root, proc = paper
    if proc.returncode != 0:
        pytest.skip("the paper did not build")
    assert planned(root, "paper") == ""


@pytest.mark.skipif(not chromium_available(), reason="Debian's chromium is not installed")
def test_dashboard_screenshot_command(paper):
    root, _ = paper
    out = root / "results" / "dashboard-screenshots" / "dashboard.png"
    proc = subprocess.run(
        [sys.executable, "-m", "whitecollar", "dashboard-screenshot", "--out", str(out)],
        cwd=root,
        env=lab_env(root),
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    assert "with the SIMULATED banner" in proc.stdout and out.read_bytes()[:4] == b"\x89PNG"
