"""Fixtures of the portal tests: a composed PROC-01 portal workspace and the application on it."""

from __future__ import annotations

from pathlib import Path

import pytest
from portal_helpers import CREDS, TASK, PageTokenClient

from whitecollar.lab.portal.app import create_app
from whitecollar.lab.portal.description import load
from whitecollar.lab.workspace import compose


@pytest.fixture
def portal_ws(generated, tmp_path) -> Path:
    """A fresh workspace of a portal arm (inputs, portal/portal.json, empty out/)."""
    bundle, _ = generated(TASK)
    return compose(bundle, tmp_path / "ws", portal=True, task_id=TASK)


@pytest.fixture
def app(portal_ws):
    application = create_app(load(portal_ws), CREDS)
    application.test_client_class = PageTokenClient
    return application


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def signed_in(client):
    r = client.post("/login", data={"username": CREDS.username, "password": CREDS.password})
    assert r.status_code == 303
    return client
