"""Fixtures shared by the whole suite.

Scenarios are generated once per session. End-to-end tests work in scratch
copies of the repository ("labs"); the expensive states (a frozen benchmark,
a finished pilot) are built once per session and cloned, results and
Snakemake metadata included, for each test that needs one, so every such
test starts from the same state and may change its own clone freely.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from labkit import IGNORE, LAB_SCENARIOS, ROOT, build, clone, configure
from whitecollar.generation import generate


@pytest.fixture(scope="session", autouse=True)
def receipt_cache_folder(tmp_path_factory):
    """One receipt cache for the session, inherited by every lab's Snakemake: a battery or
    corpus graded by a scenario's test is not graded again by a freeze (grading/receipt_cache.py)."""
    from whitecollar.grading.receipt_cache import ENV

    if os.environ.get(ENV, "").strip():
        yield Path(os.environ[ENV])
        return
    folder = tmp_path_factory.mktemp("receipt-cache")
    os.environ[ENV] = str(folder)
    yield folder
    os.environ.pop(ENV, None)


@pytest.fixture(scope="session")
def generated(tmp_path_factory):
    """generated(task_id) -> (bundle_dir, oracle_dir), built once per task."""
    cache: dict[str, tuple[Path, Path]] = {}

    def build(task_id: str) -> tuple[Path, Path]:
        if task_id not in cache:
            root = tmp_path_factory.mktemp(task_id)
            generate(task_id, root / "bundle", root / "oracle")
            cache[task_id] = (root / "bundle", root / "oracle")
        return cache[task_id]

    return build


@pytest.fixture(scope="session")
def frozen(generated, tmp_path_factory):
    """frozen(task_id) -> (bundle, oracle, manifest path): a one-scenario freeze manifest."""
    from whitecollar import atomic
    from whitecollar.hashing import listing_digest, tree_listing

    def build(task_id: str):
        bundle, oracle = generated(task_id)
        listing = tree_listing(bundle)
        path = tmp_path_factory.mktemp(f"freeze-{task_id}") / "manifest.json"
        atomic.write_json(path, {"format": 1, "scenarios": {task_id: {
            "bundle": listing, "bundle_sha256": listing_digest(listing)}}})
        return bundle, oracle, path

    return build


@pytest.fixture(scope="session")
def lab_states(tmp_path_factory):
    """lab_states(state) -> a session-wide lab: "source", "frozen" or "piloted" (do not modify it)."""
    cache: dict[str, Path] = {}

    def state(name: str) -> Path:
        if name in cache:
            return cache[name]
        if name == "source":
            root = tmp_path_factory.mktemp("lab-source") / "lab"
            shutil.copytree(ROOT, root, ignore=IGNORE)
            configure(root, scenarios=LAB_SCENARIOS, repeats=1, seconds=0)
        elif name == "frozen":
            root = clone(state("source"), tmp_path_factory.mktemp("lab-frozen") / "lab")
            build(root, "freeze")
        elif name == "piloted":
            root = clone(state("frozen"), tmp_path_factory.mktemp("lab-piloted") / "lab")
            build(root, "results/pilot")
        else:
            raise KeyError(name)
        cache[name] = root
        return root

    return state


@pytest.fixture
def lab(lab_states, tmp_path):
    """lab(state) -> this test's own clone of a session lab, free to change."""
    count = iter(range(100))

    def make(state: str = "piloted") -> Path:
        return clone(lab_states(state), tmp_path / f"lab-{state}-{next(count)}")

    return make
