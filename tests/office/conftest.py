"""The office tests count LibreOffice starts: no recalculation cache left in the environment may answer."""

from __future__ import annotations

import pytest

from whitecollar.libreoffice import recalc_cache


@pytest.fixture(autouse=True)
def no_shared_recalc_cache(monkeypatch):
    """A disk cache left in the environment would answer for LibreOffice; tests that want one set their own."""
    monkeypatch.delenv(recalc_cache.ENV, raising=False)
