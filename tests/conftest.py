"""Fixtures shared by the whole suite: each scenario is generated once per session."""
from __future__ import annotations

from pathlib import Path

import pytest

from whitecollar.generation import generate


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
