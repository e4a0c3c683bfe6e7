"""Fixtures of the analysis tests (helpers in analysis_helpers.py)."""

from __future__ import annotations

import pytest
from analysis_helpers import make_synthetic_pilot


@pytest.fixture
def make_pilot():
    return make_synthetic_pilot
