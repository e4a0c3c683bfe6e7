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

from whitecollar.benchmark.scenario import load_scenario
from whitecollar.bounded import Limits
from whitecollar.grading.evaluation import evaluate, evaluate_bounded
from whitecollar.lab.workspace import compose

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


def _hostile_package(kind: str, suffix: str, honest: Path) -> bytes:
    """A package that stalls or floods a parser, built from the honest file's own parts.

    huge-rows: 400,000 rows (or paragraphs) in the main part, a couple of
    megabytes on disk and ~20 MB of XML; zip-bomb: a part that deflates more
    than a thousandfold; nested: 100,000 levels of content controls.
    """
    main = "xl/worksheets/sheet1.xml" if suffix == ".xlsx" else "word/document.xml"
    with zipfile.ZipFile(honest) as zf:
        parts = {i.filename: zf.read(i) for i in zf.infolist()}
    if kind == "huge-rows" and suffix == ".xlsx":
        rows = b"".join(b'<row r="%d"><c r="A%d"><v>1</v></c></row>' % (r, r) for r in range(1, 400_001))
        parts[main] = (
            b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
            + rows
            + b"</sheetData></worksheet>"
        )
    elif kind == "huge-rows":
        paragraphs = b"<w:p><w:r><w:t>1</w:t></w:r></w:p>" * 400_000
        parts[main] = parts[main].replace(b"<w:body>", b"<w:body>" + paragraphs, 1)
    elif kind == "zip-bomb":
        parts[main] = parts[main] + b" " * (8 * 1024 * 1024)
    else:
        depth = 100_000
        nested = b"<w:sdt><w:sdtContent>" * depth + b"</w:sdtContent></w:sdt>" * depth
        parts[main] = parts[main].replace(b"<w:body>", b"<w:body>" + nested, 1)
    buf = io.BytesIO()
    # the nested part is stored, so that its depth, not its compression ratio, is what the reader meets
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED if kind == "nested" else zipfile.ZIP_DEFLATED) as zf:
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
@pytest.mark.parametrize(
    "kind, suffix, reason",
    [
        ("huge-rows", ".xlsx", "over the size limit"),
        ("zip-bomb", ".xlsx", "over the compression-ratio limit"),
        ("huge-rows", ".docx", "over the size limit"),
        ("nested", ".docx", "unreadable docx document"),
    ],
)
def test_a_hostile_package_in_place_of_a_deliverable(reference, tmp_path, task_id, kind, suffix, reason):
    ws, oracle, honest = _spoiled(reference, task_id, tmp_path)
    targets = sorted((ws / "out").glob(f"*{suffix}"))
    if not targets:
        pytest.skip(f"{task_id} delivers no {suffix} file")
    victim = targets[0]
    victim.write_bytes(_hostile_package(kind, suffix, victim))
    receipt = evaluate_bounded(task_id, ws / "out", ws, oracle, BOUND)
    _assert_failing(receipt, honest, reason)
    entry = next(d for d in receipt.deliverables if d.path == victim.name)
    assert entry.present and not entry.readable
    assert "exceeded" not in json.dumps(receipt.to_dict())  # refused before parsing, not stopped by the bound


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


def test_a_refused_allocation_inside_the_compiler_is_the_memory_bound():
    from whitecollar.grading.evaluation import refused_allocation

    assert refused_allocation(SystemError("error return without exception set"))
    assert refused_allocation(SystemError("<built-in function compile> returned NULL without setting an exception"))
    assert not refused_allocation(SystemError("bad argument to internal function"))
    assert not refused_allocation(ValueError("error return without exception set"))
