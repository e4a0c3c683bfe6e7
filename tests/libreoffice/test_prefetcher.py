"""Recalculation batched across grading jobs: the prefetcher of finished runs' workbooks
(libreoffice/prefetcher.py) fills the shared disk cache in batches, and a job that finds its
workbook done meanwhile converts nothing."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import openpyxl
import pytest
from office_helpers import PopenCounter, needs_soffice
from runkit import write_run

from whitecollar.libreoffice import prefetcher, recalc, recalc_cache, shared_office
from whitecollar.libreoffice import soffice as soffice_mod
from whitecollar.office.xlsx import save_workbook

SRC = Path(recalc.__file__).resolve().parents[2]


def _run(root: Path, name: str, n: int, *, finished: bool = True, formulas: bool = True) -> Path:
    """A run folder as the workflow writes it: out/ with a workbook, run.json once it is over."""
    run = root / "T-01" / "b" / "A1" / name
    wb = openpyxl.Workbook()
    wb.active["A1"], wb.active["A2"] = n, (f"=A1*{n}" if formulas else n * n)
    path = save_workbook(wb, run / "out" / "book.xlsx")
    if finished:
        write_run(run)
    return path


@pytest.fixture
def runs(tmp_path) -> Path:
    root = tmp_path / "runs"
    for i, n in enumerate((2, 3, 4, 5, 6)):
        _run(root, f"r{i}", n)
    _run(root, "busy", 7, finished=False)  # a session still writing: not touched
    _run(root, "plain", 8, formulas=False)  # nothing to recalculate
    return root


def test_only_finished_runs_workbooks_are_listed(runs, tmp_path):
    elsewhere = _run(tmp_path / "elsewhere", "x", 9)
    (runs / "T-01" / "b" / "A1" / "r0" / "out" / "linked").symlink_to(elsewhere.parent, target_is_directory=True)
    (runs / "T-01" / "b" / "A1" / "r1" / "out" / "link.xlsx").symlink_to(elsewhere)
    listed = prefetcher.finished_workbooks(runs)
    assert [p.parent.parent.name for p in listed] == ["plain", "r0", "r1", "r2", "r3", "r4"]


@needs_soffice
def test_the_prefetcher_converts_finished_runs_through_one_client_into_the_cache(runs, shared_cache, monkeypatch):
    counter = PopenCounter(subprocess.Popen)
    monkeypatch.setattr(shared_office.subprocess, "Popen", counter)
    monkeypatch.setattr(soffice_mod.subprocess, "Popen", counter)
    assert prefetcher.run(runs) == 5
    clients = [c for c in counter.commands if "serve" in c or "convert" in c or "--convert-to" in c]
    assert len(clients) == 1 and "serve" in clients[0], clients  # one UNO client for the five workbooks
    recalc.clear_cache()
    started = len(counter.commands)
    out = recalc.recalculate(sorted(runs.glob("T-01/b/A1/r*/out/book.xlsx")))
    assert len(counter.commands) == started, "a prefetched workbook went to LibreOffice again"
    assert [openpyxl.load_workbook(p, data_only=True).active["A2"].value for p in out.values()] == [4, 9, 16, 25, 36]
    assert prefetcher.run(runs) == 0, "a second pass has nothing left to do"


@needs_soffice
def test_a_job_finds_its_workbook_done_while_it_waited(tmp_path, shared_cache, monkeypatch):
    book = _run(tmp_path / "runs", "r0", 3)
    sha = recalc.hashlib.sha256(book.read_bytes()).hexdigest()
    recalc.prefetch([book])  # another process did it ...
    recalc.clear_cache()
    real_get = recalc_cache.RecalcCache.get
    seen = []

    def late_get(self, key):  # ... between this job's look-up and its turn at the office
        seen.append(key)
        return None if len(seen) == 1 else real_get(self, key)

    monkeypatch.setattr(recalc_cache.RecalcCache, "get", late_get)
    counter = PopenCounter(subprocess.Popen)
    monkeypatch.setattr(shared_office.subprocess, "Popen", counter)
    monkeypatch.setattr(soffice_mod.subprocess, "Popen", counter)
    result = recalc.recalculate([book])[book]
    assert not counter.commands, "converted again what the cache held once the office was ours"
    assert result == real_get(recalc_cache.RecalcCache(shared_cache, result.parent.parent.name), sha)
    assert openpyxl.load_workbook(result, data_only=True).active["A2"].value == 9


@needs_soffice
def test_a_miss_in_the_workflow_starts_one_detached_prefetcher(runs, shared_cache, monkeypatch):
    monkeypatch.setenv(prefetcher.ROOT_ENV, str(runs))
    monkeypatch.setattr(prefetcher, "_started", set())
    monkeypatch.setenv("PYTHONPATH", str(SRC))
    monkeypatch.setattr(prefetcher, "_spawned", {})
    counter = PopenCounter(subprocess.Popen)
    monkeypatch.setattr(prefetcher.subprocess, "Popen", counter)
    first = runs / "T-01" / "b" / "A1" / "r4" / "out" / "book.xlsx"  # the last in the folder's order
    assert openpyxl.load_workbook(recalc.recalculate([first])[first], data_only=True).active["A2"].value == 36
    # the job started the prefetcher and waited for it: it converted nothing itself
    assert len(counter.commands) == 1 and "whitecollar.libreoffice.prefetcher" in " ".join(counter.commands[0]), (
        counter.commands
    )
    cache = recalc_cache.RecalcCache(shared_cache, next(p.name for p in shared_cache.iterdir() if len(p.name) == 24))
    shas = [recalc.hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(runs.glob("T-01/b/A1/r*/out/book.xlsx"))]
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not all(cache.get(s) for s in shas):
        time.sleep(0.2)
    assert all(cache.get(s) for s in shas), "the prefetcher did not fill the cache"
    busy = runs / "T-01" / "b" / "A1" / "busy" / "out" / "book.xlsx"
    assert cache.get(recalc.hashlib.sha256(busy.read_bytes()).hexdigest()) is None
    while time.monotonic() < deadline and list(shared_cache.glob("prefetch-*.pid")):
        time.sleep(0.1)
    assert not list(shared_cache.glob("prefetch-*.pid")), "the prefetcher did not end once done"
    assert "prefetched 5 workbook(s)" in next(shared_cache.glob("prefetch-*.log")).read_text()


def test_without_a_runs_folder_or_cache_nothing_starts(tmp_path, monkeypatch):
    monkeypatch.delenv(prefetcher.ROOT_ENV, raising=False)
    monkeypatch.setattr(prefetcher, "_started", set())
    counter = PopenCounter(subprocess.Popen)
    monkeypatch.setattr(prefetcher.subprocess, "Popen", counter)
    prefetcher.ensure()
    monkeypatch.setenv(prefetcher.ROOT_ENV, str(tmp_path))
    monkeypatch.delenv(recalc_cache.ENV, raising=False)
    prefetcher.ensure()
    assert not counter.commands


def test_one_prefetcher_per_folder(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv(recalc_cache.ENV, str(cache))
    monkeypatch.setenv("PYTHONPATH", str(SRC))
    held = prefetcher._lock(prefetcher._state(cache, tmp_path / "runs"))
    try:
        second = subprocess.run(
            [sys.executable, "-m", "whitecollar.libreoffice.prefetcher", str(tmp_path / "runs")],
            env=dict(os.environ),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode == 0 and "prefetched" not in second.stdout
    finally:
        held.close()
    bad = subprocess.run(
        [sys.executable, "-m", "whitecollar.libreoffice.prefetcher"],
        env=dict(os.environ),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "usage" in bad.stderr


def _sha(path: Path) -> str:
    return recalc.hashlib.sha256(path.read_bytes()).hexdigest()


@needs_soffice
def test_a_workbook_a_job_waits_for_goes_at_once_to_the_shared_office(runs, shared_cache, monkeypatch):
    books = sorted(runs.glob("T-01/b/A1/r*/out/book.xlsx"))
    state = prefetcher._state(shared_cache, runs)
    wanted = prefetcher._wanted(state)
    wanted.mkdir(parents=True)
    (wanted / f"{_sha(books[-1])}.xlsx").write_bytes(books[-1].read_bytes())  # the last in the folder's order
    lanes: dict[str, list[str]] = {}
    real = shared_office.Converter.convert

    def recording(self, src, dst, timeout_s, still_needed=None):
        lanes.setdefault(self.state.name, []).append(src.stem)
        return real(self, src, dst, timeout_s, still_needed)

    monkeypatch.setattr(shared_office.Converter, "convert", recording)
    assert prefetcher.run(runs) == 5
    shared = next(name for name in lanes if not name.endswith("-prefetch"))
    own = next(name for name in lanes if name.endswith("-prefetch"))
    assert lanes[shared] == [_sha(books[-1])], "the waiting job's workbook did not go to the shared office"
    assert sorted(lanes[shared] + lanes[own]) == sorted(_sha(b) for b in books), "a workbook converted twice"
    assert not list(wanted.iterdir()), "a served request was left behind"


def test_a_job_waits_only_for_a_live_prefetcher_and_withdraws_what_it_did_not_get(tmp_path, shared_cache, monkeypatch):
    runs_root = tmp_path / "runs"
    monkeypatch.setenv(prefetcher.ROOT_ENV, str(runs_root))
    monkeypatch.setattr(prefetcher, "_spawned", {})
    book = tmp_path / "in" / "x.xlsx"
    _run(tmp_path / "src", "r0", 3).parent.parent.rename(tmp_path / "r0")
    book.parent.mkdir()
    data = (tmp_path / "r0" / "out" / "book.xlsx").read_bytes()
    named = book.with_name(f"{recalc.hashlib.sha256(data).hexdigest()}.xlsx")
    named.write_bytes(data)
    wanted = prefetcher._wanted(prefetcher._state(shared_cache, runs_root))
    t0 = time.monotonic()
    prefetcher.request([named], timeout_s=120)  # nobody serves: back at once (not after 150 s), withdrawn
    assert time.monotonic() - t0 < 10
    assert not list(wanted.glob("*.xlsx"))
    # a live prefetcher that fails on the workbook: the job is told at once
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        pid_file = prefetcher._state(shared_cache, runs_root).with_suffix(".pid")
        pid_file.write_text(f"{sleeper.pid}\nanother-node\n")  # a cache shared by cluster nodes: not checkable
        t0 = time.monotonic()
        prefetcher.request([named], timeout_s=120)
        assert time.monotonic() - t0 < 10
        pid_file.write_text(f"{sleeper.pid}\n{socket.gethostname()}\n")

        def fail_soon():
            time.sleep(0.5)
            (wanted / f"{named.stem}.failed").touch()

        import threading

        threading.Thread(target=fail_soon).start()
        t0 = time.monotonic()
        prefetcher.request([named], timeout_s=120)
        waited = time.monotonic() - t0
        assert 0.4 < waited < 30, waited  # told by the marker, long before the time limit
        assert not (wanted / f"{named.stem}.xlsx").exists()
    finally:
        sleeper.kill()
        sleeper.wait()
