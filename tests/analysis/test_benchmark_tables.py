"""Benchmark tables come from the committed metadata and the frozen bundles."""

from __future__ import annotations

import json
from pathlib import Path

from whitecollar import paths
from whitecollar.analysis.benchmark_tables import (
    catalogue_table,
    challenge_table,
    organisations_table,
    pilot_table,
    taxonomy_table,
)
from whitecollar.analysis.metadata import count_inputs, deliverable_summary
from whitecollar.analysis.paper_tables import render_latex
from whitecollar.benchmark.scenario import load_scenario

REGISTRY = paths.BENCHMARK / "registry.csv"
ORGANISATIONS = paths.BENCHMARK / "organisations.csv"


def _lines(path: Path) -> int:
    return sum(1 for _ in path.read_text(encoding="utf-8").splitlines()[1:])


def test_taxonomy_has_every_registry_row_and_marks_frozen_scenarios():
    table = taxonomy_table(REGISTRY, {"PROC-01"})
    assert len(table.rows) == _lines(REGISTRY)
    proc = next(r for r in table.records if r["prefix"] == "PROC")
    assert proc["frozen_in_this_build"] and proc["pilot_scenario"] == "PROC-01"
    assert not any(r["frozen_in_this_build"] for r in table.records if r["prefix"] != "PROC")
    assert table.breaks  # the mandate's extra category sits below a rule
    assert "the one in bold is frozen" in table.notes


def test_organisations_table_lists_all_organisations():
    table = organisations_table(ORGANISATIONS)
    assert len(table.rows) == _lines(ORGANISATIONS) == 17
    assert {r["code"] for r in table.records} >= {"BFI", "PRD", "HRD"}


def _frozen(tmp_path: Path) -> tuple[Path, Path]:
    """A freeze manifest and a bundle for PROC-01, from its scenario.yaml (no generation needed)."""
    meta = load_scenario("PROC-01").task_metadata()
    bundle = tmp_path / "bundles" / "PROC-01"
    (bundle / "inputs" / "quotations").mkdir(parents=True)
    (bundle / "task.json").write_text(json.dumps(meta))
    for name in ("a.pdf", "b.csv", "quotations/q1.pdf", "quotations/q2.pdf"):
        (bundle / "inputs" / name).write_text("x")
    manifest = tmp_path / "manifest.json"
    manifest.write_text(
        json.dumps(
            {"format": 1, "scenarios": {"PROC-01": {"bundle_sha256": "f" * 64, "validation": {"verdict": "valid"}}}}
        )
    )
    return manifest, tmp_path / "bundles"


def test_catalogue_counts_inputs_from_the_bundle_and_reads_the_verdict(tmp_path):
    manifest, bundles = _frozen(tmp_path)
    assert count_inputs(bundles / "PROC-01") == 4
    rec = catalogue_table(manifest, bundles, {"time_limit_s": 3600, "budget_usd": 2.0}).records[0]
    meta = load_scenario("PROC-01").meta
    assert rec["input_files"] == 4 and rec["validation_verdict"] == "valid"
    assert rec["required_deliverables"] == len(meta["required_deliverables"])
    assert rec["enforced_time_limit_s"] == 3600 and rec["enforced_budget_usd"] == meta["budget_usd"]


def test_pilot_table_reads_the_designed_features(tmp_path):
    manifest, bundles = _frozen(tmp_path)
    rec = pilot_table(manifest, bundles).records[0]
    meta = load_scenario("PROC-01").meta
    assert rec["designed_dependency_depth"] == meta["designed_dependency_depth"]
    assert rec["planted_errors"] == meta["designed_features"]["planted_errors"]
    assert rec["requires_clarification"] is True
    assert rec["deliverables"] == "xlsx (formulas), docx"


def test_deliverable_summary_counts_repeats_and_names_folders():
    d = [
        {"path": "a.xlsx", "format": "xlsx", "requirements": ["no formulas required"]},
        {"path": "b.docx", "format": "docx"},
        {"path": "c.docx", "format": "docx"},
        {"path": "code", "format": "dir"},
        {"path": "COMPLETION.json", "format": "json"},
    ]
    assert deliverable_summary(d) == "xlsx, 2 docx, code/"


def test_challenge_table_reports_errors_with_intervals(tmp_path):
    manifest = tmp_path / "manifest.json"
    corpus = {
        "sha256": "c" * 64,
        "cases": 42,
        "honest": 21,
        "wrong": 21,
        "agreement": 41 / 42,
        "false_pass_cases": 1,
        "false_fail_cases": 0,
        "false_pass_verdicts": 1,
        "false_fail_verdicts": 0,
        "critical_misjudged": 1,
    }
    manifest.write_text(
        json.dumps(
            {
                "format": 1,
                "scenarios": {
                    "PROC-01": {"evaluator_version": "2.0", "validation": {"verdict": "valid", "challenge": corpus}},
                    "ACC-01": {"evaluator_version": "2.0", "validation": {"verdict": "valid"}},
                },
            }
        )
    )
    table = challenge_table(manifest)
    acc, proc = table.records
    assert acc["task_id"] == "ACC-01" and acc["cases"] == 0  # a manifest without a corpus shows none
    assert proc["false_pass_cases"] == 1 and 0 < proc["false_pass_rate_lo"] < 1 / 21 < proc["false_pass_rate_hi"]
    assert proc["false_fail_cases"] == 0 and proc["false_fail_rate_lo"] == 0 and proc["false_fail_rate_hi"] > 0.1
    tex = render_latex(table)
    assert "98\\%" in tex and "tab:challenge" in tex
