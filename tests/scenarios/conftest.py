"""Shared fixtures for scenario tests: each scenario generated once per session."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from whitecollar.generation import generate
from whitecollar.paths import SCENARIOS


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
