"""Fixtures of the LibreOffice tests: each counts LibreOffice starts, so no cache left in the environment answers."""

from __future__ import annotations

import pytest

from whitecollar.libreoffice import recalc, recalc_cache, shared_office


@pytest.fixture(autouse=True)
def no_shared_recalc_cache(monkeypatch):
    """A disk cache left in the environment would answer for LibreOffice; tests that want one set their own."""
    monkeypatch.delenv(recalc_cache.ENV, raising=False)


@pytest.fixture
def shared_cache(monkeypatch, tmp_path):
    """A disk cache of recalculated workbooks in this test's own folder."""
    root = tmp_path / "recalc-cache"
    monkeypatch.setenv(recalc_cache.ENV, str(root))
    recalc.clear_cache()
    yield root
    shared_office.stop_all(root)
    recalc.clear_cache()


@pytest.fixture
def fresh_recalc_cache():
    recalc.clear_cache()
    yield
    recalc.clear_cache()


@pytest.fixture
def no_soffice(monkeypatch, tmp_path):
    monkeypatch.setenv("WHITECOLLAR_SOFFICE", str(tmp_path / "no-such-soffice"))
