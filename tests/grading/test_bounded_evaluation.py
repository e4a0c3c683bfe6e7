"""Hostile output on every scenario: a failing receipt that says why, within
the bound, never a hung or crashed evaluation (issue: bounded evaluation).

Each case starts from the scenario's reference output and spoils one file
the way an adversarial worker would. The receipt must fail, name the
reason, keep every criterion and check of an honest receipt (denominators
never depend on the output), and be the worker's failure, not the lab's.
"""
from __future__ import annotations

import io
import json
import os
import shutil
import zipfile
from pathlib import Path

import pytest

from whitecollar.bounded import Limits
from whitecollar.evaluation import evaluate, evaluate_bounded
from whitecollar.lab.workspace import compose
from whitecollar.scenario import load_scenario

SCENARIOS = ("ACC-01", "ADM-01", "PROC-01", "RES-01")
BOUND = Limits(wall_s=120, cpu_s=120, memory_mb=2048)


@pytest.fixture(scope="module")
def reference(generated, tmp_path_factory):
    """reference(task_id) -> (workspace with the reference output, oracle dir, honest receipt)."""
    cache: dict[str, tuple[Path, Path, dict]] = {}

    def build(task_id: str):
        if task_id not in cache:
            bundle, oracle = generated(task_id)
            ws = tmp_path_factory.mktemp(f"ref-{task_id}") / "ws"
            compose(bundle, ws)
            (ws / "out").mkdir(exist_ok=True)
            load_scenario(task_id).solver.solve(ws, "reference")
            honest = evaluate(task_id, ws / "out", ws, oracle)
            assert honest.success, honest.failed_criteria
            cache[task_id] = (ws, oracle, honest.to_dict())
        return cache[task_id]

    return build


def _spoiled(reference, task_id: str, tmp_path: Path) -> tuple[Path, Path, dict]:
    ws, oracle, honest = reference(task_id)
    copy = tmp_path / "ws"
    shutil.copytree(ws, copy, symlinks=True)
    return copy, oracle, honest


def _huge_package(suffix: str) -> bytes:
    """An xlsx of 400,000 rows, or a docx of as many paragraphs: a couple of megabytes on disk, ~20 MB of XML."""
    rows = b"".join(b'<row r="%d"><c r="A%d"><v>1</v></c></row>' % (r, r) for r in range(1, 400_001))
    paragraphs = b"<w:p><w:r><w:t>1</w:t></w:r></w:p>" * 400_000
    parts = {
        ".xlsx": {"[Content_Types].xml": b"<Types/>", "xl/workbook.xml": b"<workbook/>",
                  "xl/worksheets/sheet1.xml": b"<worksheet><sheetData>" + rows + b"</sheetData></worksheet>"},
        ".docx": {"[Content_Types].xml": b"<Types/>",
                  "word/document.xml": b"<w:document><w:body>" + paragraphs + b"</w:body></w:document>"},
    }[suffix]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
    return buf.getvalue()


def _assert_failing(receipt, honest: dict, reason: str) -> None:
    data = receipt.to_dict()
    assert data["evaluator_error"] is None  # the worker's failure, never the laboratory's
    assert not data["success"]
    assert [c["id"] for c in data["criteria"]] == [c["id"] for c in honest["criteria"]]
    assert [v["id"] for v in data["violations"]] == [v["id"] for v in honest["violations"]]
    assert reason in json.dumps(data), f"no {reason!r} in the receipt"


@pytest.mark.parametrize("task_id", SCENARIOS)
def test_a_named_pipe_for_the_completion_record(reference, tmp_path, task_id):
    ws, oracle, honest = _spoiled(reference, task_id, tmp_path)
    (ws / "out" / "COMPLETION.json").unlink()
    os.mkfifo(ws / "out" / "COMPLETION.json")
    receipt = evaluate_bounded(task_id, ws / "out", ws, oracle, BOUND)
    _assert_failing(receipt, honest, "not a regular file")
    assert "exceeded" not in json.dumps(receipt.to_dict())  # refused by the guard, not stopped by the bound


@pytest.mark.parametrize("task_id", SCENARIOS)
def test_a_link_out_of_out(reference, tmp_path, task_id):
    ws, oracle, honest = _spoiled(reference, task_id, tmp_path)
    record = ws / "out" / "COMPLETION.json"
    outside = tmp_path / "elsewhere.json"
    shutil.copy(record, outside)
    record.unlink()
    record.symlink_to(outside)
    receipt = evaluate_bounded(task_id, ws / "out", ws, oracle, BOUND)
    _assert_failing(receipt, honest, "symbolic link")


@pytest.mark.parametrize("task_id", SCENARIOS)
def test_a_huge_package_in_place_of_a_deliverable(reference, tmp_path, task_id):
    ws, oracle, honest = _spoiled(reference, task_id, tmp_path)
    target = sorted((ws / "out").glob("*.xlsx")) or sorted((ws / "out").glob("*.docx"))
    victim = target[0]
    victim.write_bytes(_huge_package(victim.suffix))
    receipt = evaluate_bounded(task_id, ws / "out", ws, oracle, BOUND)
    _assert_failing(receipt, honest, "over the size limit")


@pytest.mark.slow
@pytest.mark.parametrize("task_id", SCENARIOS)
def test_honest_receipts_are_the_same_bounded_or_not(reference, task_id):
    ws, oracle, honest = reference(task_id)
    bounded = evaluate_bounded(task_id, ws / "out", ws, oracle, BOUND)
    assert bounded.to_dict() == honest


@pytest.mark.slow
@pytest.mark.parametrize("task_id", SCENARIOS)
def test_an_evaluation_past_the_wall_clock(reference, tmp_path, task_id):
    ws, oracle, honest = _spoiled(reference, task_id, tmp_path)
    receipt = evaluate_bounded(task_id, ws / "out", ws, oracle, Limits(wall_s=0.5, cpu_s=120, memory_mb=2048))
    _assert_failing(receipt, honest, "evaluation exceeded 0.5 s (wall clock)")
    assert all(not c.passed for c in receipt.criteria)
    assert all(d.present and not d.readable for d in receipt.deliverables if d.path == "COMPLETION.json")


@pytest.mark.slow
@pytest.mark.parametrize("task_id", SCENARIOS)
def test_an_evaluation_past_the_memory_bound(reference, tmp_path, task_id):
    ws, oracle, honest = _spoiled(reference, task_id, tmp_path)
    receipt = evaluate_bounded(task_id, ws / "out", ws, oracle, Limits(wall_s=120, cpu_s=120, memory_mb=64))
    _assert_failing(receipt, honest, "evaluation exceeded 64 MB of memory")
