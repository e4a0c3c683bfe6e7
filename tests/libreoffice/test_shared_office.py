"""The long-lived LibreOffice shared by grading processes: the same files as a
private soffice, one start for many processes, hangs and crashes isolated,
ended when idle, and a private soffice wherever UNO is missing."""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path

import openpyxl
import pytest
from office_helpers import needs_soffice

from whitecollar.libreoffice import read_workbook, recalc, recalculate, shared_office
from whitecollar.libreoffice import soffice as soffice_mod
from whitecollar.office.model import Failure
from whitecollar.office.xlsx import save_workbook

SRC = Path(recalc.__file__).resolve().parents[2]


def _has_uno() -> bool:
    python = shared_office.uno_python()
    return python is not None and subprocess.run([python, "-c", "import uno"], capture_output=True).returncode == 0


needs_uno = pytest.mark.skipif(not _has_uno(), reason="python3-uno not installed (make bootstrap)")


def _book(path: Path, n: int) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws["A1"], ws["A2"], ws["A3"] = n, f"=A1*{n}", '=IF(A2>10,"big","small")'
    ws["B1"] = "=NPV(0.08,A1:A2)"
    path.parent.mkdir(parents=True, exist_ok=True)
    return save_workbook(wb, path)


def _slow(path: Path) -> Path:
    """A genuine workbook that keeps LibreOffice busy for tens of seconds (a hang, as seen from outside)."""
    wb = openpyxl.Workbook()
    for r in range(1, 301):
        wb.active.cell(row=r, column=1, value=f"=SUMPRODUCT((ROW(A1:A1048576)>{r})*1)")
    path.parent.mkdir(parents=True, exist_ok=True)
    return save_workbook(wb, path)


def _state(cache: Path) -> Path:
    (state,) = cache.glob("office-*")
    return state


def _office_pid(cache: Path) -> int | None:
    try:
        return int((_state(cache) / "office.pid").read_text().split()[0])
    except (OSError, ValueError):
        return None


def _alive(pid: int | None) -> bool:
    if pid is None:
        return False
    try:
        with open(f"/proc/{pid}/status") as fh:
            state = next(line for line in fh if line.startswith("State:"))
    except (OSError, StopIteration):
        return False
    return "Z" not in state.split()[1]


def _parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(path.read_bytes())) as zf:
        return {name: zf.read(name) for name in sorted(zf.namelist())}


@needs_soffice
@needs_uno
def test_the_shared_office_writes_what_a_private_soffice_writes(tmp_path, shared_cache, monkeypatch):
    books = [_book(tmp_path / f"b{n}.xlsx", n) for n in (3, 4)]
    shared = recalculate(books)
    assert _alive(_office_pid(shared_cache))
    monkeypatch.delenv("WHITECOLLAR_RECALC_CACHE")
    recalc.clear_cache()
    private = recalculate(books)
    for p in books:
        assert isinstance(shared[p], Path) and isinstance(private[p], Path)
        assert _parts(shared[p]) == _parts(private[p])
    assert read_workbook(books[1]).sheet("Sheet").value(3, 1) == "big"


CHILD = (
    "import sys; from whitecollar.libreoffice import read_workbook; "
    "print(read_workbook(sys.argv[1]).sheet('Sheet').value(2, 1))"
)


@needs_soffice
@needs_uno
def test_one_office_serves_many_processes(tmp_path, shared_cache):
    env = dict(os.environ, PYTHONPATH=str(SRC))
    values, pids = [], []
    for n in (5, 6, 7):
        out = subprocess.run(
            [sys.executable, "-c", CHILD, str(_book(tmp_path / f"p{n}.xlsx", n))],
            env=env,
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert out.returncode == 0, out.stderr
        values.append(out.stdout.strip())
        pids.append(_office_pid(shared_cache))
    assert values == ["25", "36", "49"]
    assert len(set(pids)) == 1 and _alive(pids[0])


@needs_soffice
@needs_uno
def test_a_hang_mid_batch_kills_the_office_and_isolates_the_culprit(tmp_path, shared_cache):
    good = [_book(tmp_path / f"g{n}.xlsx", n) for n in (2, 3)]
    slow = _slow(tmp_path / "slow.xlsx")
    recalculate([good[0]])  # the office is running
    first = _office_pid(shared_cache)
    started = time.monotonic()
    out = recalculate([good[1], slow], timeout_s=6)
    assert time.monotonic() - started < 30
    assert not _alive(first), "the hung office was left running"
    assert isinstance(out[slow], Failure) and "timed out after 6 s" in out[slow].reason
    again = read_workbook(slow, timeout_s=6)
    assert not again.recalculated and "timed out" in again.recalc_note
    assert read_workbook(good[1]).sheet("Sheet").value(2, 1) == 9  # a fresh office
    assert not list(shared_cache.rglob("*.tmp"))
    stored = {p.stem for p in shared_cache.rglob("*.xlsx") if "office-" not in str(p)}
    assert hashlib.sha256(slow.read_bytes()).hexdigest() not in stored


@needs_soffice
@needs_uno
def test_an_office_that_dies_mid_batch_fails_only_that_batch(tmp_path, shared_cache):
    good = [_book(tmp_path / f"g{n}.xlsx", n) for n in (4, 5)]
    slow = _slow(tmp_path / "slow.xlsx")
    recalculate([_book(tmp_path / "warm.xlsx", 1)])
    victim = _office_pid(shared_cache)

    def crash() -> None:
        time.sleep(1.5)  # the office is busy with the slow workbook
        os.killpg(victim, 9)

    killer = threading.Thread(target=crash)
    killer.start()
    out = recalculate([slow, *good], timeout_s=120)
    killer.join()
    assert all(isinstance(out[p], Failure) for p in (slow, *good))
    assert "produced no recalculated file" in out[slow].reason
    values = [read_workbook(p).sheet("Sheet").value(2, 1) for p in good]  # retried one by one
    assert values == [16, 25]
    assert _alive(_office_pid(shared_cache)) and _office_pid(shared_cache) != victim


@needs_soffice
@needs_uno
def test_an_idle_office_is_ended(tmp_path, shared_cache, monkeypatch):
    monkeypatch.setenv(shared_office.IDLE_ENV, "2")
    recalculate([_book(tmp_path / "b.xlsx", 2)])
    pid = _office_pid(shared_cache)
    assert _alive(pid)
    deadline = time.monotonic() + 30
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _alive(pid)


@needs_soffice
def test_without_uno_a_private_soffice_does_the_work(tmp_path, shared_cache, monkeypatch):
    monkeypatch.setenv(shared_office.UNO_PYTHON_ENV, sys.executable)  # the venv has no `uno`
    calls = []
    real = soffice_mod.run_soffice
    monkeypatch.setattr(soffice_mod, "run_soffice", lambda *a, **k: calls.append(a) or real(*a, **k))
    book = _book(tmp_path / "b.xlsx", 8)
    assert read_workbook(book).sheet("Sheet").value(2, 1) == 64
    assert len(calls) == 1 and not list(shared_cache.glob("office-*/office.pid"))


@needs_soffice
def test_a_broken_client_never_costs_a_workbook_its_values(tmp_path, shared_cache, monkeypatch):
    broken = tmp_path / "python3"
    broken.write_text("#!/bin/sh\necho 'Traceback: something broke' >&2\nexit 1\n")
    broken.chmod(0o755)
    monkeypatch.setenv(shared_office.UNO_PYTHON_ENV, str(broken))
    book = _book(tmp_path / "b.xlsx", 9)
    wb = read_workbook(book)
    assert wb.recalculated and wb.sheet("Sheet").value(2, 1) == 81


@needs_soffice
@needs_uno
def test_a_copied_cache_folder_starts_its_own_office(tmp_path, shared_cache, monkeypatch):
    recalculate([_book(tmp_path / "a.xlsx", 2)])
    original = _office_pid(shared_cache)
    copy = tmp_path / "copied-cache"
    shutil.copytree(shared_cache, copy)
    monkeypatch.setenv("WHITECOLLAR_RECALC_CACHE", str(copy))
    recalc.clear_cache()
    try:
        assert read_workbook(_book(tmp_path / "b.xlsx", 3)).sheet("Sheet").value(2, 1) == 9
        assert _alive(original) and _office_pid(copy) not in (None, original)
    finally:
        shared_office.stop_all(copy)
    assert _alive(original), "the copy's clean-up ended the original's office"


@needs_soffice
@needs_uno
def test_one_client_converts_many_and_a_hang_costs_only_its_own_workbook(tmp_path, shared_cache):
    exe = soffice_mod.find_soffice()
    state = shared_office.state_folder(shared_cache, "converter")
    converter = shared_office.Converter(exe, state)
    try:
        out = tmp_path / "out"
        out.mkdir()
        assert converter.convert(_book(tmp_path / "a.xlsx", 3), out / "a.xlsx", 120) == "ok"
        client = converter.proc.pid
        assert converter.convert(_book(tmp_path / "b.xlsx", 4), out / "b.xlsx", 120) == "ok"
        assert converter.proc.pid == client, "a second workbook started a second client"
        assert openpyxl.load_workbook(out / "b.xlsx", data_only=True).active["A2"].value == 16
        office = _office_pid(state.parent)
        assert converter.convert(_slow(tmp_path / "slow.xlsx"), out / "slow.xlsx", 3) == "failed"
        assert not (out / "slow.xlsx").exists() and not _alive(office), "the stuck office was not ended"
        assert converter.convert(_book(tmp_path / "c.xlsx", 5), out / "c.xlsx", 120) == "ok"
        assert openpyxl.load_workbook(out / "c.xlsx", data_only=True).active["A2"].value == 25
        assert (
            converter.convert(_book(tmp_path / "d.xlsx", 6), out / "d.xlsx", 120, still_needed=lambda src: False)
            == "skipped"
        )
        assert not (out / "d.xlsx").exists()
    finally:
        converter.close()
        shared_office.stop(state)


@needs_soffice
@needs_uno
def test_the_office_free_between_two_workbooks_of_the_client(tmp_path, shared_cache):
    """A job waits for one conversion of the prefetcher's, never for a whole batch: the lock is
    taken around each workbook."""
    exe = soffice_mod.find_soffice()
    state = shared_office.state_folder(shared_cache, "converter")
    converter = shared_office.Converter(exe, state)
    try:
        (tmp_path / "out").mkdir()
        assert converter.convert(_book(tmp_path / "a.xlsx", 3), tmp_path / "out" / "a.xlsx", 120) == "ok"
        lock = shared_office._locked(state, wait_s=0)
        assert lock is not None, "the client kept the office's lock between two workbooks"
        lock.close()
    finally:
        converter.close()
        shared_office.stop(state)
