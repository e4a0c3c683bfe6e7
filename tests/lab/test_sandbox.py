"""The wall around local workers, tried with the real bubblewrap.

A session behind the wall reads and writes its own workspace, reaches the
portal's port on loopback, and nothing else: not an oracle file, not the
repository, not another run's workspace; what it writes elsewhere never
lands on the host.
"""

from __future__ import annotations

import http.server
import json
import re
import shutil
import socket
import sys
import tempfile
import threading
from pathlib import Path

import pytest

from whitecollar.analysis.pilot import unwalled_stamp
from whitecollar.grading.evaluation import evaluate
from whitecollar.hashing import listing_digest, tree_listing
from whitecollar.lab.backends import SimulatedBackend
from whitecollar.lab.events import EventRecorder, read_events
from whitecollar.lab.ledger import Ledger
from whitecollar.lab.run_spec import RunSpec
from whitecollar.lab.sandbox import SandboxUnavailable, available, wall_for
from whitecollar.lab.session import run_session
from whitecollar.lab.transport import LocalTransport

ROOT = Path(__file__).resolve().parents[2]
OK, WHY = available()
pytestmark = pytest.mark.skipif(not OK, reason=f"no sandbox here: {WHY}")

PROBE = r"""
import json, os, socket, sys
tries = json.loads(sys.argv[1])
seen = {}
for name, path in tries["read"].items():
    try:
        with open(path, "rb") as fh:
            fh.read(1)
        seen[name] = "read"
    except OSError as exc:
        seen[name] = type(exc).__name__
for name, path in tries["write"].items():
    try:
        with open(path, "w") as fh:
            fh.write("escaped\n")
        seen[name] = "written"
    except OSError as exc:
        seen[name] = type(exc).__name__
for name, port in tries["connect"].items():
    try:
        socket.create_connection(("127.0.0.1", port), timeout=3).close()
        seen[name] = "connected"
    except OSError as exc:
        seen[name] = type(exc).__name__
print(json.dumps({"type": "probe", "seen": seen}), flush=True)
"""


def _walled(argv: list[str], ws: Path, tmp_path: Path) -> tuple[object, list[dict]]:
    events = tmp_path / f"{ws.name}.events.jsonl"
    with EventRecorder(events) as rec:
        outcome = LocalTransport(walled=True).run(argv, ws, rec, time_limit_s=60)
    return outcome, [e["event"] for e in read_events(events) if "event" in e]


@pytest.fixture
def outside_tmp():
    """A scratch folder outside /tmp: the wall gives every session a private /tmp, where any path can be made."""
    d = Path(tempfile.mkdtemp(prefix="wall-test-", dir="/var/tmp"))
    yield d
    shutil.rmtree(d, ignore_errors=True)


def _lab_tree(tmp_path: Path) -> dict[str, Path]:
    """A results/ folder as the pilot leaves it: an oracle, and two runs' workspaces."""
    results = tmp_path / "results"
    oracle = results / "restricted" / "oracles" / "PROC-01" / "oracle.json"
    oracle.parent.mkdir(parents=True)
    oracle.write_text('{"answer": 42}\n')
    mine, other = results / "work" / "PROC-01-A1-r1-abc", results / "work" / "PROC-01-A2-r1-abc"
    for ws in (mine, other):
        (ws / "inputs").mkdir(parents=True)
        (ws / "inputs" / "brief.txt").write_text("inputs\n")
    return {"results": results, "oracle": oracle, "mine": mine, "other": other}


def test_a_session_reads_and_writes_its_workspace_and_nothing_else(outside_tmp, tmp_path):
    t = _lab_tree(outside_tmp)
    tries = {
        "read": {
            "own_input": str(t["mine"] / "inputs" / "brief.txt"),
            "oracle": str(t["oracle"]),
            "other_workspace": str(t["other"] / "inputs" / "brief.txt"),
            "repository_snakefile": str(ROOT / "Snakefile"),
            "repository_evaluator": str(ROOT / "benchmark" / "scenarios" / "PROC-01" / "evaluate.py"),
            "repository_config": str(ROOT / "config.yaml"),
            "home_of_the_controller": str(Path.home() / ".bashrc"),
        },
        "write": {
            "own_output": str(t["mine"] / "out.txt"),
            "other_workspace": str(t["other"] / "planted.txt"),
            "results": str(t["results"] / "planted.txt"),
            "repository": str(ROOT / "planted.txt"),
            "system": "/usr/planted.txt",
        },
        "connect": {},
    }
    outcome, events = _walled([sys.executable, "-c", PROBE, json.dumps(tries)], t["mine"], tmp_path)
    assert outcome.exit_code == 0, outcome.stderr_tail
    assert outcome.sandbox == "bubblewrap"
    seen = next(e["seen"] for e in events if e.get("type") == "probe")
    assert seen.pop("own_input") == "read" and seen.pop("own_output") == "written"
    # a write may succeed in the session's private /tmp (the repository of a clone under /tmp, say): what
    # counts is that nothing reached the host
    landed = [k for k in tries["write"] if k != "own_output" and Path(tries["write"][k]).exists()]
    assert not landed, landed
    assert not [
        k for k, v in seen.items() if v == "read" or (v == "written" and not tries["write"][k].startswith("/tmp/"))
    ], seen
    assert (t["mine"] / "out.txt").read_text() == "escaped\n"
    assert not (t["other"] / "planted.txt").exists() and not (t["results"] / "planted.txt").exists()
    assert not (ROOT / "planted.txt").exists() and not Path("/usr/planted.txt").exists()


def test_a_session_sees_no_other_file_of_the_laboratory(outside_tmp, tmp_path):
    """A shell's own view: what a worker that lists the filesystem finds."""
    t = _lab_tree(outside_tmp)
    script = (
        f"ls -a {outside_tmp}; ls -a {t['results']} 2>&1; ls {ROOT} 2>&1; ls /root /home 2>&1; "
        "ls /etc/ssh 2>&1; cat /etc/shadow 2>&1 | head -c 20"
    )
    outcome, _ = _walled(["sh", "-c", f"{{ {script}; }} >&2"], t["mine"], tmp_path)
    listing = outcome.stderr_tail
    assert "restricted" not in listing and "PROC-01-A2-r1-abc" not in listing
    assert "Snakefile" not in listing and "benchmark" not in listing
    assert "ssh_host" not in listing and not re.search(r"root:[^:\n]*:\d+:", listing), listing


def test_loopback_only_but_the_portal_port_is_relayed(tmp_path):
    t = _lab_tree(tmp_path)

    class Hello(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802
            body = b"portal here"
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    portal = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hello)
    other = socket.socket()
    other.bind(("127.0.0.1", 0))
    other.listen(1)
    threading.Thread(target=portal.serve_forever, daemon=True).start()
    try:
        port, other_port = portal.server_address[1], other.getsockname()[1]
        (t["mine"] / "portal").mkdir()
        (t["mine"] / "portal" / "portal.json").write_text(json.dumps({"url": f"http://127.0.0.1:{port}/"}))
        fetch = (
            f"import json, urllib.request; body = urllib.request.urlopen('http://127.0.0.1:{port}/', timeout=10)"
            ".read().decode(); print(json.dumps({'type': 'fetched', 'body': body}), flush=True)"
        )
        outcome, events = _walled([sys.executable, "-c", fetch], t["mine"], tmp_path)
        assert outcome.exit_code == 0, outcome.stderr_tail
        assert any(e.get("body") == "portal here" for e in events)
        tries = {"read": {}, "write": {}, "connect": {"host_port": other_port, "portal": port}}
        outcome, events = _walled([sys.executable, "-c", PROBE, json.dumps(tries)], t["mine"], tmp_path)
        seen = next(e["seen"] for e in events if e.get("type") == "probe")
        assert seen == {"host_port": "ConnectionRefusedError", "portal": "connected"}
    finally:
        portal.shutdown()
        portal.server_close()
        other.close()


def test_a_real_client_reaches_its_api_through_the_egress_proxy_and_nothing_else(tmp_path):
    """The API stands in as an echo server on the host; another host port is refused, by the proxy and directly."""
    api, other = socket.socket(), socket.socket()
    for s in (api, other):
        s.bind(("127.0.0.1", 0))
        s.listen(4)

    def echo() -> None:
        conn, _ = api.accept()
        conn.sendall(conn.recv(100).upper())
        conn.close()

    threading.Thread(target=echo, daemon=True).start()
    api_port, other_port = api.getsockname()[1], other.getsockname()[1]
    client = f"""
import json, os, socket
from urllib.parse import urlsplit
proxy = urlsplit(os.environ["HTTPS_PROXY"])
def tunnel(target):
    s = socket.create_connection((proxy.hostname, proxy.port), timeout=10)
    s.sendall(f"CONNECT {{target}} HTTP/1.1\\r\\nHost: {{target}}\\r\\n\\r\\n".encode())
    status = s.recv(200).split(b" ")[1].decode()
    if status == "200":
        s.sendall(b"hello api")
        return status, s.recv(100).decode()
    return status, ""
seen = {{"api": tunnel("127.0.0.1:{api_port}"), "other": tunnel("127.0.0.1:{other_port}")}}
try:
    socket.create_connection(("127.0.0.1", {api_port}), timeout=3)
    seen["direct"] = "connected"
except OSError as exc:
    seen["direct"] = type(exc).__name__
print(json.dumps({{"type": "egress", "seen": seen}}), flush=True)
"""
    ws = tmp_path / "ws"
    ws.mkdir()
    events = tmp_path / "events.jsonl"
    try:
        with EventRecorder(events) as rec:
            outcome = LocalTransport(walled=True, egress=[f"127.0.0.1:{api_port}"]).run(
                [sys.executable, "-c", client], ws, rec, time_limit_s=60
            )
    finally:
        api.close()
        other.close()
    assert outcome.exit_code == 0, outcome.stderr_tail
    lines = read_events(events)
    seen = next(e["event"]["seen"] for e in lines if e.get("event", {}).get("type") == "egress")
    assert seen == {"api": ["200", "HELLO API"], "other": ["403", ""], "direct": "ConnectionRefusedError"}
    refused = [e["laboratory"] for e in lines if e.get("laboratory", {}).get("kind") == "egress_refused"]
    assert refused and refused[0]["targets"] == [f"127.0.0.1:{other_port}"]


@pytest.mark.parametrize("portal", [False, True], ids=["files", "portal"])
def test_a_walled_simulated_run_completes_and_is_recorded(frozen, tmp_path, portal):
    bundle, oracle, manifest = frozen("PROC-01")
    key = listing_digest(tree_listing(bundle))[:12]
    spec = RunSpec("PROC-01-A1-r1", "PROC-01", key, "A1", 1, "local", 1800, 4.0)
    backend = SimulatedBackend({"personas": {"A1": {"reference": 1.0}}, "cost_usd": {"A1": 0.5}}, study_seed=1)
    record = run_session(
        spec,
        bundle_dir=bundle,
        freeze_manifest=manifest,
        run_dir=tmp_path / "run",
        arm={"portal": portal},
        backend=backend,
        ledger=Ledger(tmp_path / "journal.jsonl", 100.0),
        work_root=tmp_path / "work",
        max_file_bytes=25 * 2**20,
        max_run_bytes=200 * 2**20,
        transport=LocalTransport(walled=True),
    )
    assert record["status"] == "completed" and record["sandbox"] == "bubblewrap", record["stderr_tail"]
    assert json.loads((tmp_path / "run" / "run.json").read_text())["sandbox"] == "bubblewrap"
    if portal:  # the worker's forms crossed the relay and the portal accepted them
        assert record["portal_submissions"]["logged"] > 0, record["stderr_tail"]
        assert "portal" not in record["stderr_tail"]
    assert evaluate("PROC-01", tmp_path / "run" / "out", tmp_path / "run", oracle).success


def test_the_node_config_decides_and_a_real_worker_is_refused_without_a_wall(monkeypatch):
    node = {"name": "local", "transport": "local"}
    assert LocalTransport.for_node(node, real_worker=True).walled
    assert not LocalTransport.for_node({**node, "sandbox": "none"}, real_worker=True).walled
    import whitecollar.lab.transport as transport

    monkeypatch.setattr(transport, "available", lambda: (False, "no user namespaces"))
    assert not LocalTransport.for_node(node, real_worker=False).walled
    with pytest.raises(SandboxUnavailable, match="refusing a real worker.*no user namespaces.*sandbox: none"):
        LocalTransport.for_node(node, real_worker=True)
    assert not LocalTransport.for_node({**node, "sandbox": "none"}, real_worker=True).walled


def test_an_unwalled_run_says_so_in_run_json_and_on_the_summary(frozen, tmp_path):
    bundle, _, manifest = frozen("PROC-01")
    key = listing_digest(tree_listing(bundle))[:12]
    spec = RunSpec("PROC-01-A1-r1", "PROC-01", key, "A1", 1, "local", 1800, 4.0)
    backend = SimulatedBackend({"personas": {"A1": {"reference": 1.0}}, "cost_usd": {"A1": 0.5}}, study_seed=1)
    record = run_session(
        spec,
        bundle_dir=bundle,
        freeze_manifest=manifest,
        run_dir=tmp_path / "run",
        arm={"portal": False},
        backend=backend,
        ledger=Ledger(tmp_path / "journal.jsonl", 100.0),
        work_root=tmp_path / "work",
        max_file_bytes=25 * 2**20,
        max_run_bytes=200 * 2**20,
        transport=LocalTransport.for_node({"name": "local", "sandbox": "none"}, real_worker=True),
    )
    assert record["status"] == "completed" and record["sandbox"] == "none"
    walled = {**record, "run_id": "PROC-01-A2-r1", "sandbox": "bubblewrap"}
    assert unwalled_stamp([(walled, {})]) == ""
    stamp = unwalled_stamp([(record, {}), (walled, {})])
    assert stamp.startswith("UNWALLED: 1 of 2 run(s)") and stamp.count("\n") == 1


def test_a_wall_that_cannot_stand_is_the_laboratorys_failure_not_the_workers(tmp_path, monkeypatch):
    import whitecollar.lab.transport as transport

    def broken(argv, workspace):
        wall = wall_for(argv, workspace)
        wall.readonly.append((tmp_path / "gone", Path("/opt/gone")))  # bwrap refuses a source that does not exist
        return wall

    monkeypatch.setattr(transport, "wall_for", broken)
    with EventRecorder(tmp_path / "e.jsonl") as rec:
        with pytest.raises(SandboxUnavailable, match="the sandbox did not start: bwrap: .*gone"):
            LocalTransport(walled=True).run(["sh", "-c", "exit 3"], tmp_path, rec, time_limit_s=30)


def test_whitecollar_run_refuses_a_real_worker_without_its_wall_in_one_line(tmp_path, monkeypatch, capsys):
    """Before anything is reserved or composed: no ledger entry, no workspace."""
    import whitecollar.lab.transport as transport
    from whitecollar.cli import main

    monkeypatch.setattr(transport, "available", lambda: (False, "no user namespaces here"))
    (tmp_path / "assignment.csv").write_text(
        "order,run_id,task_id,bundle,arm,repeat,node,time_limit_s,budget_usd\n"
        "1,PROC-01-A1-r1,PROC-01,abcdefabcdef,A1,1,local,1800,4.0\n"
    )
    worker = json.dumps({"backend": "claude-code", "claude_code": {"executable": "claude"}})
    code = main(
        [
            "run",
            "PROC-01",
            "--bundle-key",
            "abcdefabcdef",
            "--arm",
            "A1",
            "--repeat",
            "1",
            "--bundle",
            str(tmp_path / "bundle"),
            "--freeze",
            str(tmp_path / "manifest.json"),
            "--assignment",
            str(tmp_path / "assignment.csv"),
            "--run-dir",
            str(tmp_path / "run"),
            "--work-root",
            str(tmp_path / "work"),
            "--ledger",
            str(tmp_path / "journal.jsonl"),
            "--arm-json",
            "{}",
            "--worker-json",
            worker,
            "--time-limit",
            "1800",
            "--budget",
            "4.0",
            "--max-file-mb",
            "25",
            "--max-run-mb",
            "200",
            "--config",
            str(ROOT / "config.yaml"),
        ]
    )
    err = capsys.readouterr().err.strip()
    assert code == 1 and len(err.splitlines()) == 1, err
    assert err.startswith("whitecollar run: node local: refusing a real worker without its sandbox")
    assert "no user namespaces here" in err and "sandbox: none" in err
    assert not (tmp_path / "journal.jsonl").exists() and not (tmp_path / "work").exists()
