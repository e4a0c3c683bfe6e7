"""Fixtures of the judge tests: PROC-01's rubric and a small rendered package."""

from __future__ import annotations

import pytest
import yaml
from judge_helpers import ROOT, RUBRIC

from whitecollar.freeze.prompt import build_prompt
from whitecollar.freeze.rubric import load_rubric
from whitecollar.judges.backends import Request


@pytest.fixture(scope="session")
def rubric():
    return load_rubric(RUBRIC)


@pytest.fixture
def request_files(tmp_path, rubric) -> Request:
    """package.txt, prompt.txt and rubric.json as `whitecollar render` lays them out."""
    folder = tmp_path / "package"
    folder.mkdir()
    package = folder / "package.txt"
    package.write_text("=== BLIND EVALUATION PACKAGE ===\nA short memo.\n=== END OF PACKAGE ===\n")
    (folder / "prompt.txt").write_text(build_prompt(package.read_text(), rubric))
    (folder / "rubric.json").write_text(rubric.to_json())
    return Request(package, folder / "prompt.txt", folder / "rubric.json", rubric)


@pytest.fixture
def cfg() -> dict:
    """The repository's config.yaml, free to change."""
    return yaml.safe_load((ROOT / "config.yaml").read_text())
