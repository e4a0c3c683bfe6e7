"""The SSH transport against a real OpenSSH server on 127.0.0.1.

A full run is pushed, checked on the node, executed, pulled back and
verified; then the faults: a node that does not answer yet (retried), one
that never answers, a host key that does not match, a manifest that does
not match on the node, a connection killed mid-session, a hung worker, a
worker over its budget, and a run the envelope refuses. The workers are
the stand-in Claude Code client (tests/lab/fakes/claude) driven through
the real backend, or plain shell commands where only the transport is
under test. The end-to-end pilot over SSH is at the bottom (slow).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sys
import threading
import time
from pathlib import Path

import pytest
import yaml
from fakes.loopback_sshd import LoopbackSshd, available, free_port

from whitecollar.grading.evaluation import evaluate
from whitecollar.hashing import listing_digest, tree_listing
from whitecollar.lab.claude_code import ClaudeCodeBackend
from whitecollar.lab.collect import collect
from whitecollar.lab.events import EventRecorder, read_events
from whitecollar.lab.ledger import Ledger
from whitecollar.lab.run_spec import RunSpec
from whitecollar.lab.session import LabFailure, run_session
from whitecollar.lab.ssh import RemoteLost, SshConfigError, SshError, SshTransport
from whitecollar.lab.workspace import write_manifest

pytestmark = pytest.mark.skipif(available() is not None, reason=str(available()))

ROOT = Path(__file__).resolve().parents[2]
FAKE = Path(__file__).resolve().parent / "fakes" / "claude"
TASK = "PROC-01"
ARMS = yaml.safe_load((ROOT / "config.yaml").read_text(encoding="utf-8"))["arms"]
FAKE_ENV = ["FAKE_CLAUDE_PYTHON", "FAKE_CLAUDE_MODE", "FAKE_CLAUDE_PIDFILE", "FAKE_CLAUDE_COST_PER_TURN"]
RESULT = '{"type":"result","subtype":"success","is_error":false,"total_cost_usd":0.01,"num_turns":1,"duration_ms":1}'


@pytest.fixture(scope="module")
def sshd(tmp_path_factory):
    server = LoopbackSshd(tmp_path_factory.mktemp("sshd")).start()
    yield server
    server.stop()


@pytest.fixture
def fake_env(monkeypatch):
    monkeypatch.setenv("FAKE_CLAUDE_PYTHON", sys.executable)
    for name in FAKE_ENV[1:]:
        monkeypatch.delenv(name, raising=False)


def remote_runs(server: LoopbackSshd) -> list[str]:
    return sorted(p.name for p in server.workdir.iterdir()) if server.workdir.exists() else []


def no_process_left(pidfile: Path) -> None:
    for pid in map(int, pidfile.read_text().split()):
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def small_workspace(root: Path) -> Path:
    ws = root / "ws-small"
    (ws / "inputs").mkdir(parents=True)
    (ws / "out").mkdir()
    (ws / "BRIEF.md").write_text("Copy the input.\n")
    (ws / "inputs" / "data.csv").write_text("a,b\n1,2\n")
    os.symlink("data.csv", ws / "inputs" / "alias.csv")
    write_manifest(ws)
    return ws


def run_over(
    frozen,
    tmp_path,
    node: dict,
    arm: str = "A1",
    *,
    budget: float = 4.0,
    envelope: float = 100.0,
    time_limit: float | None = None,
    max_turns: int = 60,
):
    bundle, oracle, manifest = frozen(TASK)
    key = listing_digest(tree_listing(bundle))[:12]
    spec = RunSpec(f"{TASK}-{arm}-r1", TASK, key, arm, 1, node["name"], 1800, budget)
    backend = ClaudeCodeBackend({"executable": str(FAKE), "model": "stand-in", "max_turns": max_turns})
    record = run_session(
        spec,
        bundle_dir=bundle,
        freeze_manifest=manifest,
        run_dir=tmp_path / "run",
        arm=ARMS[arm],
        backend=backend,
        ledger=Ledger(tmp_path / "journal.jsonl", envelope),
        work_root=tmp_path / "work",
        max_file_bytes=25 * 2**20,
        max_run_bytes=200 * 2**20,
        transport=SshTransport(node),
        time_limit_s=time_limit,
    )
    return record, evaluate(TASK, tmp_path / "run" / "out", tmp_path / "run", oracle)


def notes(run_dir: Path, kind: str) -> list[dict]:
    return [
        e["laboratory"] for e in read_events(run_dir / "events.jsonl") if e.get("laboratory", {}).get("kind") == kind
    ]


# -- the transport alone -------------------------------------------------------------------------------
def test_a_workspace_goes_out_runs_and_comes_back_with_links_as_links(sshd, tmp_path, monkeypatch):
    monkeypatch.setenv("WC_TEST_SECRET", "s3cret value; $(touch pwned)")
    ws = small_workspace(tmp_path)
    script = (
        "test -L inputs/alias.csv && cp inputs/data.csv out/copy.csv && ln -s /etc/passwd out/leak && "
        f"printf '%s\\n' \"$WC_TEST_SECRET\" > out/secret.txt && echo '{RESULT}'"
    )
    transport = SshTransport(sshd.node(environment=["WC_TEST_SECRET"]))
    with EventRecorder(tmp_path / "events.jsonl") as rec:
        out = transport.run(["sh", "-c", script], ws, rec, time_limit_s=60)
    assert out.exit_code == 0 and not out.timed_out and rec.result.seen and rec.result.cost_usd == 0.01
    assert (ws / "out" / "copy.csv").read_text() == "a,b\n1,2\n"
    assert (ws / "out" / "leak").is_symlink() and os.readlink(ws / "out" / "leak") == "/etc/passwd"
    assert (ws / "inputs" / "alias.csv").is_symlink()
    assert (ws / "out" / "secret.txt").read_text() == "s3cret value; $(touch pwned)\n"
    assert not (ws / "pwned").exists() and not (sshd.workdir / ws.name / "pwned").exists()
    collected = collect(ws, tmp_path / "collected", max_file_bytes=2**20, max_run_bytes=2**20)
    assert set(collected.files) == {"copy.csv", "secret.txt"}
    assert any("leak: symbolic link" in s for s in collected.skipped)
    assert collected.integrity.intact is True
    assert remote_runs(sshd) == [], "the remote workspace was not deleted"
    events = (tmp_path / "events.jsonl").read_text()
    assert "s3cret" not in events  # the value travels on stdin, the record names only the variable
    assert notes(tmp_path, "ssh_session")[0]["forwarded"] == ["WC_TEST_SECRET"]


def test_a_manifest_that_does_not_match_on_the_node_stops_the_run(sshd, tmp_path):
    ws = small_workspace(tmp_path)
    (ws / "inputs" / "data.csv").write_text("changed after composing\n")
    transport = SshTransport(sshd.node(attempts=2, backoff_s=0.1))
    with EventRecorder(tmp_path / "events.jsonl") as rec, pytest.raises(SshError, match="manifest check failed"):
        transport.run(["sh", "-c", f"echo '{RESULT}'"], ws, rec, time_limit_s=60)
    assert len(notes(tmp_path, "ssh_retry")) == 2 and not notes(tmp_path, "ssh_session")


def test_a_host_key_that_does_not_match_is_refused(sshd, tmp_path):
    other = tmp_path / "known_hosts"
    other.write_text(f"[127.0.0.1]:{sshd.port} " + (sshd.root / "user_ed25519.pub").read_text())
    transport = SshTransport(sshd.node(known_hosts=str(other), attempts=1))
    with EventRecorder(tmp_path / "events.jsonl") as rec, pytest.raises(SshError, match="(?i)host key"):
        transport.run(["sh", "-c", "true"], small_workspace(tmp_path), rec, time_limit_s=60)


def test_the_push_is_retried_until_the_node_answers(sshd, tmp_path):
    late = LoopbackSshd(sshd.root, port=free_port())
    node = late.node(attempts=6, backoff_s=0.5)
    starter = threading.Timer(1.0, late.start)
    starter.start()
    try:
        with EventRecorder(tmp_path / "events.jsonl") as rec:
            out = SshTransport(node).run(
                ["sh", "-c", f"echo '{RESULT}'"], small_workspace(tmp_path), rec, time_limit_s=60
            )
        assert out.exit_code == 0 and rec.result.seen
        retries = notes(tmp_path, "ssh_retry")
        assert retries and all(r["step"] == "push" for r in retries)
    finally:
        starter.join()
        late.stop()


def test_ssh_settings_are_checked():
    with pytest.raises(SshConfigError, match="known_hosts"):
        SshTransport({"name": "n", "transport": "ssh", "host": "h", "ssh": {"key": "k"}})
    with pytest.raises(SshConfigError, match="host"):
        SshTransport({"name": "n", "transport": "ssh", "ssh": {"key": "k", "known_hosts": "f"}})
    with pytest.raises(SshConfigError, match="workdir"):
        SshTransport(
            {"name": "n", "transport": "ssh", "host": "h", "ssh": {"key": "k", "known_hosts": "f", "workdir": "/"}}
        )


def test_the_command_is_strict_and_the_program_is_the_nodes(sshd):
    transport = SshTransport(sshd.node(python="/opt/py/bin/python3", claude="/opt/claude/bin/claude"))
    argv = transport.ssh_argv("true")
    for option in (
        "BatchMode=yes",
        "StrictHostKeyChecking=yes",
        "ForwardAgent=no",
        "IdentitiesOnly=yes",
        f"UserKnownHostsFile={sshd.known_hosts}",
        "GlobalKnownHostsFile=/dev/null",
    ):
        assert option in argv
    assert argv[:3] == ["ssh", "-F", "/dev/null"] and argv[-3:] == ["--", "127.0.0.1", "true"]
    assert transport.localise([sys.executable, "-m", "x"]) == ["/opt/py/bin/python3", "-m", "x"]
    assert transport.localise(["claude", "-p", "x"]) == ["/opt/claude/bin/claude", "-p", "x"]


# -- sessions through run_session ----------------------------------------------------------------------
def test_a_full_run_over_ssh_is_verified_and_graded(sshd, frozen, tmp_path, fake_env):
    record, receipt = run_over(frozen, tmp_path, sshd.node(environment=FAKE_ENV))
    assert record["status"] == "completed" and record["node"] == "loopback" and record["inputs_intact"] is True
    assert set(record["deliverables"]) == {"evaluation.xlsx", "recommendation.docx", "COMPLETION.json"}
    assert receipt.success and record["cost_known"]
    assert notes(tmp_path / "run", "ssh_push") and notes(tmp_path / "run", "ssh_pulled")
    assert remote_runs(sshd) == [] and list((tmp_path / "work").iterdir()) == []


def test_a_portal_arm_gets_its_portal_on_the_node(sshd, frozen, tmp_path, fake_env):
    record, receipt = run_over(frozen, tmp_path, sshd.node(environment=FAKE_ENV), arm="A3")
    assert record["status"] == "completed" and record["inputs_intact"] is True, record["integrity"]
    (portal,) = notes(tmp_path / "run", "portal")
    assert portal["node"] == "loopback" and portal["url"].startswith("http://127.0.0.1:")
    assert "portal/submissions.jsonl" in record["deliverables"]
    assert (tmp_path / "run" / "portal.log").stat().st_size > 0
    # the node's portal log came back and vouches for the collected submission
    assert record["portal_submissions"]["logged"] >= 1 and record["portal_submissions"]["restored"] is False
    assert receipt.success and remote_runs(sshd) == []


def test_a_hung_worker_is_killed_on_the_node_at_the_wall_limit(sshd, frozen, tmp_path, fake_env, monkeypatch):
    monkeypatch.setenv("FAKE_CLAUDE_MODE", "hang")
    monkeypatch.setenv("FAKE_CLAUDE_PIDFILE", str(tmp_path / "pids"))
    record, receipt = run_over(frozen, tmp_path, sshd.node(environment=FAKE_ENV), time_limit=4)
    assert record["status"] == "timeout" and record["cost_usd"] is None and not receipt.success
    no_process_left(tmp_path / "pids")
    assert notes(tmp_path / "run", "wall_limit") and remote_runs(sshd) == []


def test_a_connection_killed_mid_session_is_a_failed_session(sshd, frozen, tmp_path, fake_env, monkeypatch):
    monkeypatch.setenv("FAKE_CLAUDE_MODE", "hang")
    pidfile = tmp_path / "pids"
    monkeypatch.setenv("FAKE_CLAUDE_PIDFILE", str(pidfile))

    def cut() -> None:
        deadline = time.monotonic() + 60
        while not pidfile.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        for pid in sshd.connection_pids():
            os.kill(pid, signal.SIGKILL)

    cutter = threading.Thread(target=cut)
    cutter.start()
    t0 = time.monotonic()
    try:
        record, receipt = run_over(frozen, tmp_path, sshd.node(environment=FAKE_ENV), time_limit=120)
    finally:
        cutter.join()
    assert time.monotonic() - t0 < 60, "the lost connection was not noticed"
    assert record["status"] == "crashed" and record["exit_code"] == 255 and not record["cost_known"]
    assert not receipt.success and notes(tmp_path / "run", "connection_lost")
    no_process_left(pidfile)
    assert remote_runs(sshd) == []
    journal = [json.loads(x) for x in (tmp_path / "journal.jsonl").read_text().splitlines()]
    assert journal[-1]["kind"] == "settle" and journal[-1]["cost_known"] is False


def test_a_worker_over_its_budget_on_the_node(sshd, frozen, tmp_path, fake_env, monkeypatch):
    monkeypatch.setenv("FAKE_CLAUDE_COST_PER_TURN", "1.5")
    record, _ = run_over(frozen, tmp_path, sshd.node(environment=FAKE_ENV), budget=2.0)
    assert record["status"] == "over_budget" and record["cost_usd"] == 3.0


def test_the_envelope_refuses_before_anything_is_pushed(sshd, frozen, tmp_path, fake_env):
    record, _ = run_over(frozen, tmp_path, sshd.node(environment=FAKE_ENV), budget=4.0, envelope=3.0)
    assert record["status"] == "not_launched"
    assert remote_runs(sshd) == [] and (tmp_path / "run" / "events.jsonl").read_text() == ""


def test_a_node_that_never_answers_is_a_lab_failure(frozen, tmp_path, fake_env, sshd):
    node = {**sshd.node(), "ssh": {**sshd.node()["ssh"], "port": free_port(), "attempts": 2, "backoff_s": 0.1}}
    with pytest.raises(LabFailure, match="push failed after 2"):
        run_over(frozen, tmp_path, node)
    journal = [json.loads(x) for x in (tmp_path / "journal.jsonl").read_text().splitlines()]
    assert [e["kind"] for e in journal] == ["reserve", "release"]


def test_a_workspace_that_cannot_be_pulled_back_is_a_lab_failure(sshd, tmp_path):
    """The session ended but its folder cannot be read back: not the worker's failure, and nothing is deleted."""
    ws = small_workspace(tmp_path)
    transport = SshTransport(sshd.node(attempts=2, backoff_s=0.1))
    moved = sshd.workdir / "moved-away"
    script = f"echo '{RESULT}'; mv {sshd.workdir / ws.name} {moved}"
    with EventRecorder(tmp_path / "events.jsonl") as rec, pytest.raises(RemoteLost, match="left on the node"):
        transport.run(["sh", "-c", script], ws, rec, time_limit_s=60)
    assert rec.result.seen and (moved / "BRIEF.md").is_file()
    assert [n["step"] for n in notes(tmp_path, "ssh_retry")][:2] == ["pull", "pull"]
    shutil.rmtree(sshd.workdir)


# -- acceptance: the pilot over SSH --------------------------------------------------------------------


def _pilot(root: Path, nodes: list[dict]) -> None:
    import subprocess

    cfg = yaml.safe_load((root / "config.yaml").read_text(encoding="utf-8"))
    cfg["nodes"] = nodes
    cfg["worker"]["backend"] = "claude-code"
    cfg["worker"]["claude_code"] = {
        "executable": str(root / "tests" / "lab" / "fakes" / "claude"),
        "model": "stand-in",
        "max_turns": 60,
    }
    (root / "config.yaml").write_text(yaml.safe_dump(cfg, sort_keys=False))
    env = dict(os.environ, WHITECOLLAR_ROOT=str(root), PYTHONPATH=str(root / "src"), FAKE_CLAUDE_PYTHON=sys.executable)
    proc = subprocess.run(
        [sys.executable, "-m", "snakemake", "--cores", "2", "results/pilot"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]


def _files(root: Path, name: str) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob(name))}


@pytest.mark.slow
def test_the_pilot_over_ssh_gives_the_receipts_of_the_local_pilot(lab, sshd):
    local_lab, ssh_lab = lab("frozen"), lab("frozen")
    # unwalled: the stand-in client runs the scenario's own solver, which a walled session cannot see
    local = {
        "name": "local",
        "transport": "local",
        "host": "localhost",
        "slots": 2,
        "capabilities": ["desktop-automation", "browser"],
        "sandbox": "none",
    }
    _pilot(local_lab, [local])
    local_receipts = _files(local_lab / "results" / "receipts", "receipt.json")
    local_runs = {k: json.loads(v) for k, v in _files(local_lab / "results" / "runs", "run.json").items()}
    assert len(local_receipts) == 4 and {r["node"] for r in local_runs.values()} == {"local"}

    node = sshd.node(environment=["FAKE_CLAUDE_PYTHON", "WHITECOLLAR_ROOT", "PYTHONPATH"])
    _pilot(ssh_lab, [node])
    ssh_runs = {k: json.loads(v) for k, v in _files(ssh_lab / "results" / "runs", "run.json").items()}
    assert set(ssh_runs) == set(local_runs)
    assert {r["node"] for r in ssh_runs.values()} == {"loopback"}
    assert all(r["status"] == local_runs[k]["status"] == "completed" for k, r in ssh_runs.items())
    for run_json in (ssh_lab / "results" / "runs").rglob("run.json"):
        assert notes(run_json.parent, "ssh_pulled"), f"{run_json.parent} did not go over SSH"
    assert all(json.loads(v)["success"] for v in local_receipts.values())
    assert _files(ssh_lab / "results" / "receipts", "receipt.json") == local_receipts
    assert not sshd.workdir.exists() or list(sshd.workdir.iterdir()) == []
