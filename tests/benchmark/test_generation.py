"""Byte-for-byte reproducibility of generation, across time and time zones."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from whitecollar.benchmark.scenario import list_scenarios
from whitecollar.hashing import tree_listing
from whitecollar.paths import BENCHMARK


def _generate(task_id: str, dest: Path, tz: str) -> dict[str, dict[str, str]]:
    env = dict(os.environ, TZ=tz)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "whitecollar",
            "generate",
            task_id,
            "--bundle",
            str(dest / "b"),
            "--oracle",
            str(dest / "o"),
        ],
        check=True,
        env=env,
        capture_output=True,
    )
    return {"bundle": tree_listing(dest / "b"), "oracle": tree_listing(dest / "o")}


@pytest.mark.parametrize("task_id", list_scenarios())
def test_two_generations_give_the_same_bytes(task_id, tmp_path):
    first = _generate(task_id, tmp_path / "one", "UTC")
    time.sleep(2.2)  # zip timestamps have a 2-second resolution
    second = _generate(task_id, tmp_path / "two", "Asia/Tokyo")
    assert first == second
    reference = BENCHMARK / "manifest.json"
    if reference.exists():
        frozen = json.loads(reference.read_text())["scenarios"].get(task_id)
        if frozen is not None:
            assert first["bundle"] == frozen["bundle"], "bundle differs from benchmark/manifest.json"
            assert first["oracle"] == frozen["oracle"], "oracle differs from benchmark/manifest.json"


def test_generation_failure_leaves_nothing_behind(tmp_path, monkeypatch):
    from whitecollar.benchmark import generation
    from whitecollar.benchmark.scenario import load_scenario

    sc = load_scenario("PROC-01")

    def boom(seed, bundle_dir, oracle_dir):
        (Path(bundle_dir) / "partial.txt").write_text("half")
        raise RuntimeError("generator failed")

    monkeypatch.setattr(sc.generator, "generate", boom)
    with pytest.raises(RuntimeError):
        generation.generate("PROC-01", tmp_path / "b", tmp_path / "o")
    assert not (tmp_path / "b").exists() and not (tmp_path / "o").exists()
    assert list(tmp_path.iterdir()) == []
