"""Constants and helpers shared by the portal tests (conftest.py holds only fixtures)."""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from whitecollar.lab.portal.app import Credentials

TASK = "PROC-01"
CREDS = Credentials("analyst-test", "correct horse battery staple")


def submissions_path(ws: Path) -> Path:
    return ws / "out" / "portal" / "submissions.jsonl"


class PageTokenClient(FlaskClient):
    """A test client that posts as the portal's own pages do: with the token of the page holding the form.

    The token is read from the HTML of the page (the form's own page, else the
    sign-in page or the forms list), as a browser or a curl user would;
    `token=None` posts without one, `token="..."` posts that one.
    """

    _TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')

    def post(self, path, *args, token: str | None | bool = True, **kwargs):
        if token is True:
            token = self.page_token(path, kwargs.get("environ_base"))
        if token:
            if isinstance(kwargs.get("data"), dict):
                kwargs["data"] = {**kwargs["data"], "csrf_token": token}
            else:
                kwargs["headers"] = {**(kwargs.get("headers") or {}), "X-CSRF-Token": token}
        return super().post(path, *args, **kwargs)

    def page_token(self, path: str, environ_base=None) -> str | None:
        page = path.split("?", 1)[0]
        for where in ((page,) if page.startswith("/forms/") else ()) + ("/login", "/forms"):
            r = self.get(where, **({"environ_base": environ_base} if environ_base else {}))
            found = self._TOKEN.search(r.get_data(as_text=True))
            if found:
                return found.group(1)
        return None


def token_client(app: Flask) -> PageTokenClient:
    """A test client of `app` that posts with the page's CSRF token, as the portal's own pages do."""
    app.test_client_class = PageTokenClient
    return app.test_client()
