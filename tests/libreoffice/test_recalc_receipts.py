"""Receipts are the same bytes however workbooks were recalculated.

Each of the four scenarios' solver outputs is graded the way every
evaluation job graded it before sharing (no disk cache, a private soffice
per evaluation), then by the shared long-lived office one evaluation at a
time, then after one batch to the shared office, then from the warm disk
cache with LibreOffice forbidden: the receipts must be identical byte for
byte.
"""

from __future__ import annotations

import subprocess

import pytest
from office_helpers import needs_soffice

from whitecollar.benchmark.scenario import load_scenario
from whitecollar.grading.evaluation import evaluate
from whitecollar.lab.workspace import compose
from whitecollar.libreoffice import recalc, shared_office
from whitecollar.libreoffice import soffice as soffice_mod
from whitecollar.libreoffice.recalc_inputs import has_formulas

SCENARIOS = ("ACC-01", "ADM-01", "PROC-01", "RES-01")
VARIANTS = ("reference", "obedient")


@pytest.fixture(scope="module")
def workspaces(generated, tmp_path_factory):
    """(task, variant) -> a workspace whose out/ the scenario's solver wrote."""
    root = tmp_path_factory.mktemp("recalc-receipts")
    spaces = {}
    for task in SCENARIOS:
        bundle, oracle = generated(task)
        solver = load_scenario(task).solver
        for variant in VARIANTS:
            if variant not in solver.VARIANTS:
                continue
            ws = compose(bundle, root / f"{task}-{variant}", portal=False)
            solver.solve(ws, variant)
            spaces[(task, variant)] = (ws, oracle)
    return spaces


def _grade_all(spaces, *, fresh_each: bool) -> dict:
    receipts = {}
    for (task, variant), (ws, oracle) in sorted(spaces.items()):
        if fresh_each:
            recalc.clear_cache()  # each evaluation job is its own process
        receipts[(task, variant)] = evaluate(task, ws / "out", ws, oracle).to_json().encode("utf-8")
    return receipts


@needs_soffice
@pytest.mark.slow
def test_receipts_are_byte_identical_with_and_without_the_shared_cache(workspaces, monkeypatch, tmp_path):
    workbooks = [p for ws, _ in workspaces.values() for p in sorted((ws / "out").rglob("*.xlsx"))]
    with_formulas = [p for p in workbooks if has_formulas(p.read_bytes())]
    assert {p.parts[-3].split("-")[0] for p in with_formulas} >= {"ACC", "PROC"}

    monkeypatch.delenv("WHITECOLLAR_RECALC_CACHE", raising=False)
    before = _grade_all(workspaces, fresh_each=True)

    monkeypatch.setenv("WHITECOLLAR_RECALC_CACHE", str(tmp_path / "per-evaluation"))
    office = _grade_all(workspaces, fresh_each=True)
    shared_office.stop_all(tmp_path / "per-evaluation")

    monkeypatch.setenv("WHITECOLLAR_RECALC_CACHE", str(tmp_path / "cache"))
    recalc.clear_cache()
    recalc.prefetch(workbooks)  # cold: the battery's one batch, written to the disk cache
    cold = _grade_all(workspaces, fresh_each=False)
    shared_office.stop_all(tmp_path / "cache")
    assert len(list((tmp_path / "cache").rglob("*.xlsx"))) == len({p.read_bytes() for p in with_formulas})

    def refuse(*args, **kwargs):
        raise AssertionError("LibreOffice started although every workbook is cached")

    monkeypatch.setattr(soffice_mod.subprocess, "Popen", refuse)
    warm = _grade_all(workspaces, fresh_each=True)
    monkeypatch.setattr(soffice_mod.subprocess, "Popen", subprocess.Popen)
    recalc.clear_cache()

    assert not any(b'"evaluator_error": "' in r for r in before.values())
    for key in sorted(before):
        assert office[key] == before[key], f"{key}: receipt changed in the shared office"
        assert cold[key] == before[key], f"{key}: receipt changed with a cold shared cache"
        assert warm[key] == before[key], f"{key}: receipt changed with a warm shared cache"
