"""The shared disk cache of recalculated workbooks: true values, no LibreOffice
on a hit, failures never stored, parallel processes safe, culprits isolated."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import openpyxl
import pytest
from office_helpers import PopenCounter, needs_soffice, zip_with_patched_entry

from whitecollar.libreoffice import read_workbook, recalc, recalc_cache, recalculate
from whitecollar.libreoffice import soffice as soffice_mod
from whitecollar.office.model import Failure
from whitecollar.office.xlsx import save_workbook, workbook_bytes

SRC = Path(recalc.__file__).resolve().parents[2]


@pytest.fixture
def starts(monkeypatch) -> list[list[str]]:
    counter = PopenCounter(subprocess.Popen)
    monkeypatch.setattr(soffice_mod.subprocess, "Popen", counter)
    return counter.commands


def _lying(path: Path, a: int = 2, b: int = 3) -> Path:
    """=SUM(A1:A2) carrying a false cached 999."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws["A1"], ws["A2"], ws["A3"] = a, b, "=SUM(A1:A2)"
    patched = zip_with_patched_entry(
        workbook_bytes(wb), "xl/worksheets/sheet1.xml", b"<f>SUM(A1:A2)</f><v></v>", b"<f>SUM(A1:A2)</f><v>999</v>"
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(patched)
    return path


def _tagged(path: Path, n: int, tag: str = "") -> Path:
    """A small formula workbook; stored uncompressed, so `tag` is visible in its raw bytes."""
    wb = openpyxl.Workbook()
    wb.active["A1"], wb.active["A2"], wb.active["B1"] = n, f"=A1*{n}", tag or f"book {n}"
    path.parent.mkdir(parents=True, exist_ok=True)
    return save_workbook(wb, path)


def _entries(root: Path) -> list[Path]:
    return sorted(root.rglob("*.xlsx"))


@needs_soffice
def test_a_recalculated_workbook_is_reused_without_libreoffice(tmp_path, shared_cache, starts):
    path = _lying(tmp_path / "lie.xlsx")
    first = read_workbook(path)
    assert first.sheet("Sheet").cell(3, 1).value == 5 and first.sheet("Sheet").cell(3, 1).cached == 999
    assert len(starts) == 1 and len(_entries(shared_cache)) == 1
    recalc.clear_cache()  # as a new process would start
    again = read_workbook(path)
    assert len(starts) == 1, "a cached workbook started LibreOffice again"
    assert again.recalculated and again.recalc_note == first.recalc_note
    assert again.sheet("Sheet").cell(3, 1).value == 5


@needs_soffice
def test_prefetch_converts_only_what_the_disk_cache_lacks(tmp_path, shared_cache, starts):
    known = [_tagged(tmp_path / f"k{n}.xlsx", n) for n in (2, 3)]
    recalc.prefetch(known)
    recalc.clear_cache()
    new = _tagged(tmp_path / "new.xlsx", 4)
    recalc.prefetch([*known, new])
    assert len(starts) == 2
    assert sum(a.endswith(".xlsx") and Path(a).parent.name == "in" for a in starts[1]) == 1  # only the new one
    out = recalculate([*known, new])
    assert [openpyxl.load_workbook(out[p], data_only=True).active["A2"].value for p in (*known, new)] == [4, 9, 16]


@needs_soffice
def test_another_engine_or_setting_never_shares_entries(tmp_path, shared_cache, starts, monkeypatch):
    path = _tagged(tmp_path / "w.xlsx", 5)
    read_workbook(path)
    recalc.clear_cache()
    monkeypatch.setattr(
        soffice_mod,
        "REGISTRY",
        soffice_mod.REGISTRY.replace(
            '"OOXMLRecalcMode" oor:op="fuse"><value>0', '"OOXMLRecalcMode" oor:op="fuse"><value>1'
        ),
    )
    read_workbook(path)
    assert len(starts) == 2
    assert len({p.parent.parent for p in _entries(shared_cache)}) == 2


@needs_soffice
def test_a_damaged_entry_is_discarded_and_recomputed(tmp_path, shared_cache, starts):
    path = _tagged(tmp_path / "w.xlsx", 6)
    read_workbook(path)
    (entry,) = _entries(shared_cache)
    entry.write_bytes(entry.read_bytes()[:200])
    recalc.clear_cache()
    wb = read_workbook(path)
    assert len(starts) == 2 and wb.recalculated and wb.sheet("Sheet").value(2, 1) == 36
    assert recalc_cache.sound_xlsx(entry.read_bytes())


def test_nothing_is_stored_without_libreoffice(tmp_path, shared_cache, no_soffice):
    path = _lying(tmp_path / "lie.xlsx")
    assert isinstance(recalculate([path])[path], Failure)
    assert not shared_cache.exists() or _entries(shared_cache) == []


def _wrapper(tmp_path: Path, behaviour: str) -> Path:
    """A soffice that crashes or hangs when a culprit is among its inputs, else is the real one."""
    real = soffice_mod.find_soffice()
    act = {"crash": "kill -SEGV $$", "hang": "sleep 120"}[behaviour]
    script = tmp_path / "bin" / "soffice"
    script.parent.mkdir()
    script.write_text(
        textwrap.dedent(f"""\
        #!/bin/sh
        for a in "$@"; do
          case "$a" in *.xlsx) if grep -q CULPRIT "$a"; then {act}; fi;; esac
        done
        exec {real} "$@"
        """)
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


@needs_soffice
@pytest.mark.parametrize("behaviour,reason", [("crash", "produced no recalculated file"), ("hang", "timed out")])
def test_a_culprit_mid_batch_is_isolated_and_never_stored(tmp_path, shared_cache, monkeypatch, behaviour, reason):
    """A private soffice per batch (the shared office's own culprits: test_shared_office)."""
    monkeypatch.setenv("WHITECOLLAR_UNO_PYTHON", str(tmp_path / "no-python"))
    monkeypatch.setenv("WHITECOLLAR_SOFFICE", str(_wrapper(tmp_path, behaviour)))
    good = [_tagged(tmp_path / f"g{n}.xlsx", n) for n in (2, 3)]
    culprit = _tagged(tmp_path / "c.xlsx", 4, tag="CULPRIT")
    recalc.prefetch([good[0], culprit, good[1]], timeout_s=8)
    assert _entries(shared_cache) == []  # the failed batch stored nothing
    values = [read_workbook(p, timeout_s=30).sheet("Sheet").value(2, 1) for p in good]
    assert values == [4, 9]
    bad = read_workbook(culprit, timeout_s=8)
    assert not bad.recalculated and reason in bad.recalc_note
    assert len(_entries(shared_cache)) == 2  # the good ones only
    assert not list(shared_cache.rglob("*.tmp"))


CHILD = textwrap.dedent("""\
    import json, sys
    from pathlib import Path
    from whitecollar.libreoffice import read_workbook
    from whitecollar.libreoffice import soffice
    if sys.argv[1] == "forbid":
        def refuse(*a, **k):
            raise AssertionError("LibreOffice started although every workbook is cached")
        soffice.subprocess.Popen = refuse
    values = {}
    for p in sys.argv[2:]:
        wb = read_workbook(p)
        values[p] = [wb.recalculated, wb.sheet("Sheet").value(2, 1)]
    print(json.dumps(values))
    """)


def _child(mode: str, paths: list[Path], cache: Path) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(SRC), **{recalc_cache.ENV: str(cache)})
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, mode, *map(str, paths)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


@needs_soffice
def test_parallel_processes_share_the_cache_without_corrupting_it(tmp_path, shared_cache):
    same = _tagged(tmp_path / "same.xlsx", 7)
    own = [_tagged(tmp_path / f"own{n}.xlsx", n) for n in (8, 9)]
    jobs = [_child("run", [same, own[0]], shared_cache), _child("run", [same, own[1]], shared_cache)]
    outputs = [json.loads(j.communicate(timeout=180)[0]) for j in jobs]
    assert all(j.returncode == 0 for j in jobs)
    assert outputs[0][str(same)] == outputs[1][str(same)] == [True, 49]
    assert outputs[0][str(own[0])] == [True, 64] and outputs[1][str(own[1])] == [True, 81]
    entries = _entries(shared_cache)
    assert len(entries) == 3 and all(recalc_cache.sound_xlsx(e.read_bytes()) for e in entries)
    assert not list(shared_cache.rglob("*.tmp"))
    third = _child("forbid", [same, *own], shared_cache)
    out, err = third.communicate(timeout=60)
    assert third.returncode == 0, err
    assert json.loads(out) == {str(same): [True, 49], str(own[0]): [True, 64], str(own[1]): [True, 81]}
