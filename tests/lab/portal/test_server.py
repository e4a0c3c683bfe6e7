"""The portal as the laboratory runs it: a real process on a real port, driven over HTTP with urllib."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import psutil
import pytest
from portal_helpers import submissions_path

from whitecollar.lab.portal import READY_PREFIX, PortalError
from whitecollar.lab.portal.client import PortalClient
from whitecollar.lab.portal.runner import start_portal


@pytest.fixture
def running(portal_ws, tmp_path):
    handle = start_portal(portal_ws, tmp_path / "run" / "portal.log")
    yield handle
    handle.stop()


def test_start_publishes_address_and_fresh_credentials_in_the_workspace(running, portal_ws):
    data = json.loads((portal_ws / "portal" / "portal.json").read_text())
    assert data["url"] == running.url and running.url.startswith("http://127.0.0.1:")
    assert data["username"] == running.username and data["password"] == running.password
    assert len(running.password) >= 20
    assert data["documents"] and data["forms"]  # the description itself is kept


def test_it_listens_on_loopback_only(running):
    conns = [c for c in psutil.Process(running.pid).net_connections(kind="inet") if c.status == psutil.CONN_LISTEN]
    assert conns and all(c.laddr.ip == "127.0.0.1" for c in conns)
    assert str(conns[0].laddr.port) in running.url


def test_sign_in_read_and_submit_over_real_http(running, portal_ws):
    c = PortalClient(running.url, running.username, running.password)
    assert "/login" in c.request("documents").url  # redirected to sign in
    c.login()
    doc = c.request("documents/inputs/vendor-master.csv")
    assert doc.status == 200 and doc.body.encode() == (portal_ws / "inputs" / "vendor-master.csv").read_bytes()
    assert c.request("documents/inputs%2F..%2Ftask.json").status == 400
    assert c.request("documents/inputs/../task.json").status in (404,)
    assert c.request("records/suppliers").status == 200
    bad = c.submit("award", {"recommended_supplier": "", "total_landed_cost_cad": "x", "compliant_quotations": "4"})
    assert bad.status == 422 and not submissions_path(portal_ws).exists()
    ok = c.submit(
        "award",
        {
            "recommended_supplier": "Alumiform Ontario Ltd.",
            "total_landed_cost_cad": "12.5",
            "compliant_quotations": "4",
            "conditions": "",
        },
    )
    assert ok.status == 200 and ok.url.endswith("/forms/award/submissions/1")
    rec = json.loads(submissions_path(portal_ws).read_text())
    assert rec["fields"]["recommended_supplier"] == "Alumiform Ontario Ltd."


def test_wrong_password_over_real_http(running):
    with pytest.raises(PortalError, match="refused"):
        PortalClient(running.url, running.username, "guess").login()


def test_the_log_records_requests_refusals_and_submissions_but_no_password(running, portal_ws):
    c = PortalClient(running.url, running.username, running.password)
    c.login()
    c.submit("award", {"recommended_supplier": "A", "total_landed_cost_cad": "1", "compliant_quotations": "1"})
    guesser = PortalClient(running.url, running.username, "guess")
    guesser.request("login", {"username": "x", "password": "guess", "csrf_token": guesser.token("login")})
    running.stop()
    log = running.log_path.read_text()
    assert "submission accepted" in log and "login refused" in log and "POST /forms/award 303" in log
    assert running.password not in log and "guess" not in log


def test_stop_ends_the_process_group_and_frees_the_port(running):
    pid = running.pid
    running.stop()
    assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    with pytest.raises(OSError):
        PortalClient(running.url, "u", "p", timeout_s=2).request("login")
    running.stop()  # twice is harmless


def test_a_portal_that_cannot_start_says_why(portal_ws, tmp_path):
    (portal_ws / "portal" / "portal.json").write_text('{"schema_version": 1, "documents": [{"path": "/etc/passwd"}]}')
    t0 = time.monotonic()
    with pytest.raises(PortalError, match="must point into inputs"):
        start_portal(portal_ws, tmp_path / "portal.log", timeout_s=15)
    assert time.monotonic() - t0 < 10


def test_a_workspace_without_portal_fails_to_start(tmp_path):
    (tmp_path / "ws").mkdir()
    with pytest.raises(PortalError, match="no portal description"):
        start_portal(tmp_path / "ws", tmp_path / "portal.log")


def test_cli_prints_the_address_and_serves_until_sigterm(portal_ws, tmp_path):
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "whitecollar",
            "portal",
            str(portal_ws),
            "--port",
            "0",
            "--log",
            str(tmp_path / "p.log"),
        ],
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        line = proc.stdout.readline()
        assert line.startswith(READY_PREFIX)
        url = line[len(READY_PREFIX) :].strip()
        assert json.loads((portal_ws / "portal" / "portal.json").read_text())["url"] == url
        assert PortalClient(url, "u", "p").request("login").status == 200
        os.kill(proc.pid, signal.SIGTERM)
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        proc.stdout.close()


def test_cli_refuses_a_workspace_without_portal_with_status_2(tmp_path):
    (tmp_path / "ws").mkdir()
    r = subprocess.run(
        [sys.executable, "-m", "whitecollar", "portal", str(tmp_path / "ws")],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert r.returncode == 2 and "no portal description" in r.stderr
