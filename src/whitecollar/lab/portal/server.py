"""`whitecollar portal WORKSPACE`: serve one workspace's portal until SIGTERM.

The server binds 127.0.0.1 only (the application also refuses any other
remote address, in case it is ever mounted elsewhere), on the port asked
for or a free one. Only once the socket is bound does it write the address
and fresh credentials into the workspace's portal/portal.json and print the
address, so whoever waits for that line can connect at once.
"""

from __future__ import annotations

import json
import logging
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from werkzeug.serving import make_server

from whitecollar import atomic
from whitecollar.lab.portal import READY_PREFIX, PortalError
from whitecollar.lab.portal.app import Credentials, create_app
from whitecollar.lab.portal.description import description_file, load

HOST = "127.0.0.1"


class OneLineFormatter(logging.Formatter):
    """One log record, one line: a request path carrying an encoded line break cannot forge a second line.

    The laboratory trusts this log's "submission accepted" lines over the
    worker-writable copy in out/, so no text a worker sends may start one.
    """

    def format(self, record: logging.LogRecord) -> str:
        return super().format(record).replace("\r", "\\r").replace("\n", "\\n")


def portal_logger(log_path: Path | None) -> logging.Logger:
    """The portal's own log: requests, sign-ins, refusals and every accepted submission in full."""
    log = logging.getLogger("whitecollar.lab.portal")
    log.setLevel(logging.INFO)
    log.propagate = False
    for h in list(log.handlers):
        log.removeHandler(h)
        h.close()
    handler: logging.Handler
    if log_path is not None:
        Path(log_path).parent.mkdir(parents=True, exist_ok=True)
        handler = logging.FileHandler(log_path, encoding="utf-8")
    else:
        handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(OneLineFormatter("%(asctime)s %(levelname)s %(message)s"))
    log.addHandler(handler)
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # our own request lines replace its access log
    return log


# {page}'s first csrf_token (a signed-in page also holds the sign-out form's, which is as good)
CURL_TOKEN = (
    'T=$(curl -s -c jar -b jar {page} | sed -n \'s/.*name="csrf_token" value="\\([^"]*\\)".*/\\1/p\' | head -n 1)'
)
CURL_POST = "curl -s -c jar -b jar -d csrf_token=$T"


def how_to_post(url: str) -> str:
    """What the worker reads in portal.json about posting: the token, the cookie, and a curl recipe."""
    return (
        "Every post (sign-in, a form, sign-out) must carry the csrf_token of the page that holds the form "
        "(a hidden input) and keep the session cookie; posts from another site are refused. With curl, sign in: "
        f"{CURL_TOKEN.format(page=url + 'login')}; "
        f"{CURL_POST} --data-urlencode username=USER --data-urlencode password=PASS {url}login ; "
        f"then submit a form: {CURL_TOKEN.format(page=url + 'forms/FORM_ID')}; "
        f"{CURL_POST} --data-urlencode FIELD=VALUE ... {url}forms/FORM_ID . "
        "A JSON post sends the token in the X-CSRF-Token header."
    )


def publish(workspace: Path, url: str, credentials: Credentials) -> None:
    """Tell the worker where the portal is and how to sign in, in the description it was given."""
    path = description_file(workspace)
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    data.update(url=url, username=credentials.username, password=credentials.password, how_to_post=how_to_post(url))
    atomic.write_json(path, data)


def serve(workspace: Path, *, port: int = 0, log_path: Path | None = None) -> int:
    workspace = Path(workspace)
    log = portal_logger(log_path)
    try:
        description = load(workspace)
        if not (workspace / "out").is_dir():
            raise PortalError(f"{workspace}: no out/ folder; compose the workspace first")
    except PortalError as exc:
        log.error("not started: %s", exc)
        raise
    credentials = Credentials.random()
    app = create_app(description, credentials, logger=log)
    try:
        server = make_server(HOST, port, app, threaded=True)
    except OSError as exc:
        log.error("not started: cannot bind %s:%s: %s", HOST, port, exc)
        raise PortalError(f"cannot bind {HOST}:{port}: {exc}") from None
    url = f"http://{HOST}:{server.server_port}/"
    publish(workspace, url, credentials)

    def stop(signum: int, _frame: Any) -> None:
        log.info("signal %s: stopping", signum)
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    log.info("serving %s for %s", url, workspace)
    print(f"{READY_PREFIX}{url}", flush=True)
    try:
        server.serve_forever(poll_interval=0.1)  # a quick stop keeps the lab from waiting on SIGTERM
    finally:
        server.server_close()
        log.info("stopped")
    return 0
