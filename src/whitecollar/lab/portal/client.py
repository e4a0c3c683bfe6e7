"""A minimal scripted user of the portal: sign in, fetch pages, submit a form.

The simulated worker submits through it and the tests drive a real server
with it, so both go through the same HTTP exchanges a worker using curl
would: a cookie jar, form-encoded posts, redirects followed, and the CSRF
token read from the page that holds the form before each post. It never
goes through a proxy (the portal is on loopback).
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whitecollar.lab.portal import PortalError
from whitecollar.lab.portal.description import description_file

_TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


@dataclass
class Reply:
    status: int
    url: str
    body: str
    headers: dict[str, str]


class PortalClient:
    def __init__(self, url: str, username: str, password: str, *, timeout_s: float = 10.0) -> None:
        self.url = url if url.endswith("/") else url + "/"
        self.username, self.password = username, password
        self.timeout_s = timeout_s
        self.cookies = http.cookiejar.CookieJar()
        self._opener = urllib.request.build_opener(
            urllib.request.ProxyHandler({}), urllib.request.HTTPCookieProcessor(self.cookies)
        )

    @classmethod
    def for_workspace(cls, workspace: Path, **kwargs: Any) -> PortalClient:
        """The client for a workspace whose portal is running (its description carries url and credentials)."""
        data = json.loads(description_file(workspace).read_text(encoding="utf-8"))
        if not data.get("url"):
            raise PortalError(f"{description_file(workspace)}: no url; the portal is not running")
        return cls(data["url"], data["username"], data["password"], **kwargs)

    def request(self, path: str, data: Mapping[str, Any] | None = None) -> Reply:
        body = (
            urllib.parse.urlencode({k: "" if v is None else str(v) for k, v in data.items()}).encode()
            if data is not None
            else None
        )
        req = urllib.request.Request(urllib.parse.urljoin(self.url, path.lstrip("/")), data=body)
        try:
            with self._opener.open(req, timeout=self.timeout_s) as resp:
                return Reply(resp.status, resp.url, resp.read().decode("utf-8", errors="replace"), dict(resp.headers))
        except urllib.error.HTTPError as exc:
            with exc:
                return Reply(exc.code, exc.url, exc.read().decode("utf-8", errors="replace"), dict(exc.headers))

    def token(self, path: str) -> str:
        """The CSRF token of the page at `path` (the page that holds the form to post)."""
        reply = self.request(path)
        found = _TOKEN.search(reply.body)
        if found is None:
            raise PortalError(
                f"{urllib.parse.urljoin(self.url, path)}: no csrf_token on the page (HTTP {reply.status})"
            )
        return found.group(1)

    def login(self) -> Reply:
        reply = self.request(
            "login", {"username": self.username, "password": self.password, "csrf_token": self.token("login")}
        )
        if reply.status != 200 or "/login" in urllib.parse.urlsplit(reply.url).path:
            raise PortalError(f"sign-in to {self.url} refused (HTTP {reply.status})")
        return reply

    def submit(self, form_id: str, values: Mapping[str, Any]) -> Reply:
        """POST a form; a recorded submission ends on its confirmation page (HTTP 200)."""
        path = f"forms/{urllib.parse.quote(form_id)}"
        return self.request(path, {**values, "csrf_token": self.token(path)})
