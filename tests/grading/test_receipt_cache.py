"""The receipt cache: a hit is the very receipt a fresh evaluation writes, and
every input of the evaluation, changed by one byte, misses."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from whitecollar.benchmark.scenario import load_scenario
from whitecollar.grading import receipt_cache
from whitecollar.grading.challenge import run_corpus
from whitecollar.grading.evaluation import error_receipt, evaluate, read_oracle
from whitecollar.grading.receipt_cache import ENV, ReceiptCache, receipt_key
from whitecollar.lab.workspace import compose

TASK = "PROC-01"
SRC = Path(receipt_cache.__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def outputs(generated, tmp_path_factory):
    """variant -> workspace holding the PROC-01 solver's output, and the oracle folder."""
    bundle, oracle = generated(TASK)
    root = tmp_path_factory.mktemp("receipt-cache")
    spaces = {}
    for variant in ("reference", "naive", "obedient"):
        ws = compose(bundle, root / variant, portal=False)
        load_scenario(TASK).solver.solve(ws, variant)
        spaces[variant] = ws
    return spaces, oracle


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    root = tmp_path / "receipts-cache"
    monkeypatch.setenv(ENV, str(root))
    return root


def _entries(root: Path) -> list[Path]:
    return sorted((root / "receipts").rglob("*.json")) if (root / "receipts").is_dir() else []


def _copy(ws: Path, dest: Path) -> Path:
    shutil.copytree(ws, dest, symlinks=True)
    return dest


def _key(
    ws: Path, oracle: Path, *, scenario_dir: Path | None = None, package: Path | None = None, engine: str = "engine-a"
) -> str:
    return receipt_key(
        TASK,
        ws / "out",
        ws,
        oracle,
        scenario_dir=scenario_dir or load_scenario(TASK).folder,
        package=package or receipt_cache.PACKAGE,
        engine_identity=engine,
    )


@pytest.mark.parametrize("variant", ["reference", "naive", "obedient"])
def test_a_hit_is_the_fresh_receipt_byte_for_byte(outputs, cache, variant):
    spaces, oracle = outputs
    ws = spaces[variant]
    first = receipt_cache.evaluate(TASK, ws / "out", ws, oracle)
    assert len(_entries(cache)) == 1
    key, hit = receipt_cache.lookup(TASK, ws / "out", ws, oracle)
    assert hit is not None and key == _entries(cache)[0].stem
    fresh = evaluate(TASK, ws / "out", ws, oracle)
    assert hit.to_json() == fresh.to_json() == first.to_json()
    again = receipt_cache.evaluate(TASK, ws / "out", ws, oracle)
    assert again.to_json() == fresh.to_json()
    assert len(_entries(cache)) == 1


def test_the_key_names_no_path_of_this_machine(outputs, tmp_path):
    spaces, oracle = outputs
    ws = spaces["reference"]
    moved_ws = _copy(ws, tmp_path / "elsewhere" / "ws")
    moved_oracle = Path(shutil.copytree(oracle, tmp_path / "elsewhere" / "oracle"))
    moved_scenario = Path(shutil.copytree(load_scenario(TASK).folder, tmp_path / "elsewhere" / TASK))
    assert _key(moved_ws, moved_oracle, scenario_dir=moved_scenario) == _key(ws, oracle)


def _edit_one_byte(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))


def test_a_byte_of_out_or_of_an_input_changes_the_key(outputs, tmp_path):
    spaces, oracle = outputs
    ws = _copy(spaces["reference"], tmp_path / "ws")
    base = _key(ws, oracle)
    for rel in (
        next(p for p in sorted((ws / "out").rglob("*")) if p.is_file()),
        next(p for p in sorted((ws / "inputs").rglob("*")) if p.is_file()),
        ws / "task.json",
    ):
        original = rel.read_bytes()
        _edit_one_byte(rel)
        assert _key(ws, oracle) != base, rel
        rel.write_bytes(original)
        assert _key(ws, oracle) == base
    (ws / "out" / "extra").mkdir()  # an empty folder is part of what the worker left
    assert _key(ws, oracle) != base
    (ws / "out" / "extra").rmdir()
    target = next(p for p in sorted((ws / "out").rglob("*")) if p.is_file())
    (ws / "out" / "link").symlink_to(target)  # a link is recorded by its target, never followed
    linked = _key(ws, oracle)
    assert linked != base
    (ws / "out" / "link").unlink()
    (ws / "out" / "link").symlink_to(target.name)
    assert _key(ws, oracle) not in (base, linked)
    (ws / "out" / "link").unlink()
    assert _key(ws, oracle) == base


def test_the_oracle_the_scenario_the_package_and_the_engine_change_the_key(outputs, tmp_path):
    spaces, oracle = outputs
    ws = spaces["reference"]
    base = _key(ws, oracle)

    oracle_copy = Path(shutil.copytree(oracle, tmp_path / "oracle"))
    assert _key(ws, oracle_copy) == base
    (oracle_copy / ".snakemake_timestamp").write_bytes(b"")  # Snakemake's marker of a built folder
    assert _key(ws, oracle_copy) == base
    _edit_one_byte(oracle_copy / "oracle.json")
    assert _key(ws, oracle_copy) != base

    scenario = Path(
        shutil.copytree(load_scenario(TASK).folder, tmp_path / "scenario", ignore=shutil.ignore_patterns("__pycache__"))
    )
    assert _key(ws, oracle, scenario_dir=scenario) == base
    with open(scenario / "evaluate.py", "a", encoding="utf-8") as fh:
        fh.write("\n")
    assert _key(ws, oracle, scenario_dir=scenario) != base

    package = Path(
        shutil.copytree(receipt_cache.PACKAGE, tmp_path / "whitecollar", ignore=shutil.ignore_patterns("__pycache__"))
    )
    assert _key(ws, oracle, package=package) == base
    _edit_one_byte(package / "grading" / "numbers.py")
    assert _key(ws, oracle, package=package) != base

    assert _key(ws, oracle, engine="engine-b") != base
    assert _key(ws, oracle, engine="none: LibreOffice (soffice) not found on PATH") != base
    assert (
        receipt_key(
            "ACC-01", ws / "out", ws, oracle, scenario_dir=load_scenario(TASK).folder, engine_identity="engine-a"
        )
        != base
    )


def test_the_libraries_and_the_python_are_in_the_key(outputs, monkeypatch):
    spaces, oracle = outputs
    versions = dict(json.loads(receipt_cache.library_versions()))
    for name in ("openpyxl", "python-docx", "pdfplumber", "pdfminer.six", "lxml"):
        assert name in versions, name
    ws = spaces["reference"]
    base = _key(ws, oracle)
    older = json.dumps(sorted({**versions, "openpyxl": "0.0"}.items()))
    monkeypatch.setattr(receipt_cache, "library_versions", lambda: older)
    assert _key(ws, oracle) != base
    monkeypatch.setattr(receipt_cache.sys, "version", sys.version + " (another build)")
    assert _key(ws, oracle) != base


def test_a_damaged_entry_is_discarded_and_recomputed(outputs, cache):
    spaces, oracle = outputs
    ws = spaces["naive"]
    fresh = evaluate(TASK, ws / "out", ws, oracle).to_json()
    receipt_cache.evaluate(TASK, ws / "out", ws, oracle)
    (entry,) = _entries(cache)
    good = entry.read_bytes()

    damages = [
        good[: len(good) // 2],  # truncated
        b"",
        good.replace(b'\\"passed\\": true', b'\\"passed\\": false', 1),  # edited receipt: digest differs
    ]
    other = json.loads(good)
    other["key"] = "0" * 64
    damages.append(json.dumps(other).encode())
    edited = json.loads(good)
    edited["receipt"] = edited["receipt"].replace('"passed": true', '"passed": false', 1)
    edited["receipt_sha256"] = hashlib.sha256(edited["receipt"].encode()).hexdigest()
    edited["receipt"] = edited["receipt"].replace("\n", "\r\n")  # no longer the canonical bytes
    edited["receipt_sha256"] = hashlib.sha256(edited["receipt"].encode()).hexdigest()
    damages.append(json.dumps(edited).encode())
    for damage in damages:
        assert damage != good
        entry.write_bytes(damage)
        assert ReceiptCache(cache).get(entry.stem) is None
        assert not entry.exists()
        assert receipt_cache.evaluate(TASK, ws / "out", ws, oracle).to_json() == fresh
        assert entry.read_bytes() == good


def test_a_receipt_with_an_evaluator_error_is_never_stored(outputs, cache):
    spaces, _ = outputs
    ws = spaces["reference"]
    store = ReceiptCache(cache)
    store.put("ab" * 32, error_receipt(TASK, "1", ws, "ValueError at evaluate.py:1: boom"))
    assert _entries(cache) == []


def test_off_when_the_variable_is_unset(outputs, tmp_path, monkeypatch):
    spaces, oracle = outputs
    ws = spaces["reference"]
    monkeypatch.delenv(ENV, raising=False)
    monkeypatch.chdir(tmp_path)
    assert receipt_cache.cache_root() is None
    assert receipt_cache.lookup(TASK, ws / "out", ws, oracle) == (None, None)
    got = receipt_cache.evaluate(TASK, ws / "out", ws, oracle)
    assert got.to_json() == evaluate(TASK, ws / "out", ws, oracle).to_json()
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setenv(ENV, "  ")
    assert receipt_cache.cache_root() is None


_WORKER = """
import sys
from pathlib import Path
from whitecollar.grading import receipt_cache
task, ws, oracle, dest, rounds = sys.argv[1:]
ws = Path(ws)
texts = set()
for _ in range(int(rounds)):
    texts.add(receipt_cache.evaluate(task, ws / "out", ws, Path(oracle)).to_json())
    key, hit = receipt_cache.lookup(task, ws / "out", ws, Path(oracle))
    assert hit is not None, "an entry read back damaged"
    texts.add(hit.to_json())
assert len(texts) == 1
Path(dest).write_text(texts.pop(), encoding="utf-8")
"""


def test_two_processes_share_one_folder_safely(outputs, cache, tmp_path):
    spaces, oracle = outputs
    ws = spaces["obedient"]
    env = dict(os.environ, PYTHONPATH=str(SRC), **{ENV: str(cache)})
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _WORKER, TASK, str(ws), str(oracle), str(tmp_path / f"r{i}"), "3"],
            env=env,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(2)
    ]
    for p in procs:
        _, err = p.communicate(timeout=600)
        assert p.returncode == 0, err
    fresh = evaluate(TASK, ws / "out", ws, oracle).to_json()
    assert (tmp_path / "r0").read_text() == (tmp_path / "r1").read_text() == fresh
    assert len(_entries(cache)) == 1
    assert not [p for p in (cache / "receipts").rglob("*") if p.name.endswith(".tmp")]


def test_a_corpus_graded_again_is_answered_from_the_cache(generated, cache, tmp_path):
    bundle, oracle_dir = generated(TASK)
    oracle = read_oracle(oracle_dir)
    cases = list(load_scenario(TASK).challenge.CASES)[:4]
    (tmp_path / "w1").mkdir()
    (tmp_path / "w2").mkdir()
    first = run_corpus(TASK, cases, bundle, oracle_dir, oracle, tmp_path / "w1", keep=tmp_path / "k1")
    stored = {p.name: (p.read_bytes(), p.stat().st_ino, p.stat().st_mtime_ns) for p in _entries(cache)}
    assert len(stored) == len(cases)
    second = run_corpus(TASK, cases, bundle, oracle_dir, oracle, tmp_path / "w2", keep=tmp_path / "k2")
    assert second == first
    # every entry is the very file first written: each receipt came from the cache, none was stored again
    assert {p.name: (p.read_bytes(), p.stat().st_ino, p.stat().st_mtime_ns) for p in _entries(cache)} == stored
    for case in cases:
        name = f"challenge-{case.name}.json"
        assert (tmp_path / "k1" / name).read_bytes() == (tmp_path / "k2" / name).read_bytes()
