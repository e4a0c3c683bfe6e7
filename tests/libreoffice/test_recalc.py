"""Recalculation with LibreOffice: true values, one start per batch, failures."""

from __future__ import annotations

import os
import stat
import subprocess
import time
from datetime import datetime
from pathlib import Path

import openpyxl
import pytest
from office_helpers import PopenCounter, first_half, needs_soffice, zip_with_patched_entry

from whitecollar.libreoffice import prefetch, read_workbook, recalc, recalculate
from whitecollar.libreoffice import soffice as soffice_mod
from whitecollar.office import Failure
from whitecollar.office.xlsx import save_workbook, workbook_bytes

AMOUNTS = [1200, 850.5, 430, 2975.25, 610]
QTY = [3, 1, 4, 2, 5]
FORMULAS = {  # Calc!A<n>: (formula, expected)
    1: ("=SUM(Inputs!B2:B6)", sum(AMOUNTS)),
    2: ("=Inputs!B2*2", 2400),
    3: ('=VLOOKUP("C",Inputs!A2:B6,2,FALSE)', 430),
    4: ('=INDEX(Inputs!B2:B6,MATCH("D",Inputs!A2:A6,0))', 2975.25),
    5: ("=ROUND(Inputs!B3/3,2)", 283.5),
    6: ('=IF(A1>5000,"over","under")', "over"),
    7: ("=NPV(0.08,Inputs!B2:B6)", sum(v / 1.08 ** (i + 1) for i, v in enumerate(AMOUNTS))),
    8: ("=PMT(0.05/12,60,-25000)", 25000 * (0.05 / 12) / (1 - (1 + 0.05 / 12) ** -60)),
    9: ("=SUMPRODUCT(Inputs!B2:B6,Inputs!C2:C6)", sum(a * q for a, q in zip(AMOUNTS, QTY))),
    10: ("=ROUND(A8,2)*12", round(25000 * (0.05 / 12) / (1 - (1 + 0.05 / 12) ** -60), 2) * 12),
    11: ('=IF(ISNA(MATCH("Z",Inputs!A2:A6,0)),"absent","present")', "absent"),
}


def _false_cached(path: Path) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws["A1"], ws["A2"], ws["A3"] = 2, 3, "=SUM(A1:A2)"
    data = workbook_bytes(wb)
    patched = zip_with_patched_entry(
        data, "xl/worksheets/sheet1.xml", b"<f>SUM(A1:A2)</f><v></v>", b"<f>SUM(A1:A2)</f><v>999</v>"
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(patched)
    return path


def _formulas(path: Path) -> Path:
    wb = openpyxl.Workbook()
    inputs = wb.active
    inputs.title = "Inputs"
    inputs.append(["Code", "Amount", "Qty"])
    for code, amount, qty in zip("ABCDE", AMOUNTS, QTY):
        inputs.append([code, amount, qty])
    calc = wb.create_sheet("Calc")
    for row, (formula, _) in FORMULAS.items():
        calc.cell(row=row, column=1, value=formula)
    path.parent.mkdir(parents=True, exist_ok=True)
    return save_workbook(wb, path)


def _types(path: Path) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Types"
    ws["A1"] = "=1>0"
    ws["A2"] = "=1/0"
    ws["A3"] = datetime(2025, 3, 1)
    ws["A4"] = "=A3+31"
    ws["A4"].number_format = "yyyy-mm-dd"
    ws["A5"] = "=NA()"
    ws["A6"] = True
    ws["B1"] = "Merged header"
    ws.merge_cells("B1:D1")
    path.parent.mkdir(parents=True, exist_ok=True)
    return save_workbook(wb, path)


def _plain(path: Path, n: int) -> Path:
    wb = openpyxl.Workbook()
    wb.active["A1"] = n
    wb.active["A2"] = f"=A1*{n}"
    path.parent.mkdir(parents=True, exist_ok=True)
    return save_workbook(wb, path)


def _literal_only(path: Path) -> Path:
    wb = openpyxl.Workbook()
    wb.active["A1"] = "no formulas here"
    return save_workbook(wb, path)


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    """Five workbooks (two with the same basename) prefetched, then read."""
    if not recalc.soffice_available():
        pytest.skip("LibreOffice not installed (make bootstrap)")
    d = tmp_path_factory.mktemp("batch")
    paths = {
        "false": _false_cached(d / "a" / "report.xlsx"),
        "formulas": _formulas(d / "b" / "report.xlsx"),
        "types": _types(d / "c" / "types.xlsx"),
        "plain7": _plain(d / "d" / "plain.xlsx", 7),
        "literal": _literal_only(d / "literal.xlsx"),
    }
    recalc.clear_cache()
    counter = PopenCounter(subprocess.Popen)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(soffice_mod.subprocess, "Popen", counter)
        started = time.monotonic()
        prefetch(list(paths.values()))
        results = {k: read_workbook(p) for k, p in paths.items()}
        elapsed = time.monotonic() - started
    yield {"paths": paths, "results": results, "commands": counter.commands, "elapsed": elapsed}
    recalc.clear_cache()


@needs_soffice
def test_many_workbooks_recalculated_in_one_soffice_start(batch):
    assert len(batch["commands"]) == 1, batch["commands"]
    cmd = batch["commands"][0]
    assert "--convert-to" in cmd and "--headless" in cmd
    assert sum(a.endswith(".xlsx") for a in cmd) == 4  # the formula-free workbook was skipped
    assert all(r for r in batch["results"].values())
    assert all(r.recalculated for r in batch["results"].values())


@needs_soffice
def test_false_cached_value_is_replaced_by_the_true_one(batch):
    cell = batch["results"]["false"].sheet("Sheet").cell(3, 1)
    assert cell.formula == "=SUM(A1:A2)"
    assert cell.cached == 999
    assert cell.value == 5


@needs_soffice
@pytest.mark.parametrize("row", sorted(FORMULAS))
def test_formulas_an_evaluator_needs(batch, row):
    wb = batch["results"]["formulas"]
    cell = wb.sheet("Calc").cell(row, 1)
    formula, expected = FORMULAS[row]
    assert cell.formula == formula
    assert cell.cached is None  # openpyxl writes no cached values
    if isinstance(expected, str):
        assert cell.value == expected
    else:
        assert cell.value == pytest.approx(expected, rel=1e-9)


@needs_soffice
def test_equal_basenames_do_not_collide(batch):
    assert batch["results"]["false"].sheet("Sheet") is not None
    assert batch["results"]["formulas"].sheet("Calc") is not None


@needs_soffice
def test_booleans_errors_dates_and_merged_cells(batch):
    s = batch["results"]["types"].sheet("types")
    assert s.value(1, 1) is True
    assert s.value(2, 1) == "#DIV/0!"
    assert s.value(3, 1) == datetime(2025, 3, 1)
    assert s.value(4, 1) == datetime(2025, 4, 1)
    assert s.value(5, 1) == "#N/A"
    assert s.value(6, 1) is True and not s.cell(6, 1).is_formula
    assert s.value(1, 2) == "Merged header"
    assert s.cell(1, 3) is None and s.cell(1, 4) is None


@needs_soffice
def test_literal_workbook_needs_no_recalculation(batch):
    wb = batch["results"]["literal"]
    assert wb.recalculated and "no formulas" in wb.recalc_note
    assert wb.sheet("Sheet").value(1, 1) == "no formulas here"


@needs_soffice
def test_recalculate_returns_a_readable_xlsx_per_path(batch):
    out = recalculate([batch["paths"]["plain7"]])
    produced = out[batch["paths"]["plain7"]]
    assert isinstance(produced, Path) and produced.is_file()
    wb = openpyxl.load_workbook(produced, data_only=True)
    assert wb.active["A2"].value == 49


def test_invalid_files_are_never_handed_to_libreoffice(tmp_path, samples, monkeypatch, fresh_recalc_cache):
    text = tmp_path / "text.xlsx"
    text.write_text("Item,Amount\nA,1\n")
    truncated = first_half(samples["xlsx"], tmp_path / "half.xlsx")
    docx_named_xlsx = tmp_path / "doc.xlsx"
    docx_named_xlsx.write_bytes(samples["docx"].read_bytes())
    counter = PopenCounter(subprocess.Popen)
    monkeypatch.setattr(soffice_mod.subprocess, "Popen", counter)
    out = recalculate([text, truncated, docx_named_xlsx, tmp_path / "missing.xlsx"])
    assert counter.commands == []
    assert "text file" in out[text].reason
    assert "truncated or corrupt zip" in out[truncated].reason
    assert "xl/workbook.xml" in out[docx_named_xlsx].reason
    assert "missing" in out[tmp_path / "missing.xlsx"].reason


def test_without_soffice_formula_values_are_none_not_cached(tmp_path, no_soffice, fresh_recalc_cache):
    path = _false_cached(tmp_path / "f.xlsx")
    failure = recalculate([path])[path]
    assert isinstance(failure, Failure) and "make bootstrap" in failure.reason
    wb = read_workbook(path)
    assert wb and wb.recalculated is False
    assert "make bootstrap" in wb.recalc_note
    cell = wb.sheet("Sheet").cell(3, 1)
    assert cell.value is None and cell.cached == 999
    assert wb.sheet("Sheet").value(1, 1) == 2  # literals still graded


def test_missing_soffice_is_not_cached(tmp_path, monkeypatch, fresh_recalc_cache):
    path = _false_cached(tmp_path / "f.xlsx")
    monkeypatch.setenv("WHITECOLLAR_SOFFICE", str(tmp_path / "nope"))
    assert isinstance(recalculate([path])[path], Failure)
    assert recalc.cache_size() == 0


def test_recalc_false_leaves_formulas_unvalued(tmp_path):
    path = _false_cached(tmp_path / "f.xlsx")
    wb = read_workbook(path, recalc=False)
    assert not wb.recalculated and "not requested" in wb.recalc_note
    assert wb.sheet("Sheet").cell(3, 1).value is None


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status") as fh:
            state = next(line for line in fh if line.startswith("State:"))
    except (FileNotFoundError, StopIteration):
        return False
    return "Z" not in state.split()[1]  # a zombie is dead, only not yet reaped


def test_timeout_kills_the_whole_process_group(tmp_path, monkeypatch, fresh_recalc_cache):
    pidfile = tmp_path / "child.pid"
    fake = tmp_path / "soffice"
    fake.write_text(f"#!/bin/sh\nsleep 60 &\necho $! > {pidfile}\nwait\n")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("WHITECOLLAR_SOFFICE", str(fake))
    path = _plain(tmp_path / "t.xlsx", 3)
    started = time.monotonic()
    out = recalculate([path], timeout_s=1)[path]
    assert time.monotonic() - started < 15
    assert isinstance(out, Failure) and "timed out" in out.reason
    child = int(pidfile.read_text())
    deadline = time.monotonic() + 5
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(child), "grandchild of soffice survived the timeout"


def test_large_sheet_is_capped_with_a_note(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    for r in range(1, 51):
        for c in range(1, 11):
            ws.cell(row=r, column=c, value=r * c)
    path = save_workbook(wb, tmp_path / "big.xlsx")
    read = read_workbook(path, max_cells=120)
    assert read and "truncated" in read.recalc_note
    assert len(read.sheet("Sheet").cells) == 120


def test_far_away_cell_does_not_expand_the_grid(tmp_path):
    wb = openpyxl.Workbook()
    wb.active["A1"] = "near"
    wb.active["XFD1048576"] = "far"
    path = save_workbook(wb, tmp_path / "far.xlsx")
    started = time.monotonic()
    read = read_workbook(path)
    assert time.monotonic() - started < 5
    assert read.sheet("Sheet").cells.keys() == {(1, 1), (1048576, 16384)}


def test_wrong_dimension_element_does_not_hide_cells(tmp_path):
    wb = openpyxl.Workbook()
    for r in range(1, 6):
        wb.active.cell(row=r, column=1, value=r)
    data = workbook_bytes(wb)
    patched = zip_with_patched_entry(
        data, "xl/worksheets/sheet1.xml", b'<dimension ref="A1:A5"/>', b'<dimension ref="A1:A1"/>'
    )
    path = tmp_path / "dim.xlsx"
    path.write_bytes(patched)
    read = read_workbook(path)
    assert [read.sheet("Sheet").value(r, 1) for r in range(1, 6)] == [1, 2, 3, 4, 5]


def test_soffice_env_override_must_be_executable(tmp_path, monkeypatch):
    monkeypatch.setenv("WHITECOLLAR_SOFFICE", str(tmp_path))
    assert isinstance(soffice_mod.find_soffice(), Failure)
    monkeypatch.delenv("WHITECOLLAR_SOFFICE")
    monkeypatch.setenv("PATH", str(tmp_path))
    found = soffice_mod.find_soffice()
    assert isinstance(found, Failure) and "make bootstrap" in found.reason
    assert os.environ["PATH"] == str(tmp_path)


@needs_soffice
def test_parallel_recalculations_use_separate_profiles(tmp_path, monkeypatch, fresh_recalc_cache):
    import threading

    paths = [_plain(tmp_path / f"p{n}" / "same.xlsx", n) for n in (11, 12)]
    counter = PopenCounter(subprocess.Popen)
    monkeypatch.setattr(soffice_mod.subprocess, "Popen", counter)
    results: dict = {}
    threads = [threading.Thread(target=lambda p=p: results.update(recalculate([p]))) for p in paths]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    profiles = {a for cmd in counter.commands for a in cmd if a.startswith("-env:UserInstallation=")}
    assert len(counter.commands) == 2 and len(profiles) == 2
    for n, p in zip((11, 12), paths):
        assert isinstance(results[p], Path), results[p]
        assert openpyxl.load_workbook(results[p], data_only=True).active["A2"].value == n * n
