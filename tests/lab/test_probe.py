"""`whitecollar probe NODE` on this machine and on the loopback SSH node, with the stand-in client.

A probe passes only on evidence: the client's own init event and tool
results, and files that a refused command would have created. A client
that ignores its tool flags fails the probe.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from fakes.loopback_sshd import LoopbackSshd, available

from whitecollar.lab import sandbox

WALL_OK, WALL_WHY = sandbox.available()
needs_wall = pytest.mark.skipif(not WALL_OK, reason=f"the local probe sessions run walled; no sandbox here: {WALL_WHY}")

ROOT = Path(__file__).resolve().parents[2]
FAKE = Path(__file__).resolve().parent / "fakes" / "claude"


@pytest.fixture(scope="module")
def sshd(tmp_path_factory):
    if available():
        pytest.skip(available())
    server = LoopbackSshd(tmp_path_factory.mktemp("sshd")).start()
    yield server
    server.stop()


def config(tmp_path: Path, nodes: list[dict]) -> Path:
    cfg = yaml.safe_load((ROOT / "config.yaml").read_text(encoding="utf-8"))
    cfg["paths"]["results"] = str(tmp_path / "results")
    cfg["nodes"] = nodes
    cfg["worker"]["claude_code"] = {"executable": str(FAKE), "model": "stand-in", "max_turns": 40}
    path = tmp_path / "config.yaml"
    path.write_text(yaml.safe_dump(cfg, sort_keys=False))
    return path


def probe(tmp_path: Path, cfg: Path, node: str, **env: str) -> tuple[int, dict, str]:
    proc = subprocess.run(
        [sys.executable, "-m", "whitecollar", "probe", node, "--config", str(cfg), "--min-free-gb", "0.01"],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
        env={**os.environ, "FAKE_CLAUDE_PYTHON": sys.executable, **env},
    )
    report_path = tmp_path / "results" / "probes" / f"{node}.json"
    assert report_path.exists(), proc.stdout + proc.stderr
    return proc.returncode, json.loads(report_path.read_text()), proc.stdout + proc.stderr


LOCAL = {"name": "local", "transport": "local", "host": "localhost", "slots": 1, "capabilities": []}


@needs_wall
def test_probe_of_this_machine_passes_with_a_client_that_obeys(tmp_path):
    code, report, out = probe(tmp_path, config(tmp_path, [LOCAL]), "local")
    checks = report["checks"]
    assert code == 0 and report["ok"], out
    assert checks["client"]["data"]["version"].startswith("2.1.999")
    assert checks["no_shell"]["data"]["tools"] == ["Read", "Glob"]
    denied = [c for c in checks["denied_family"]["data"]["tool_calls"] if "touch" in c["command"]]
    assert denied and denied[0]["ok"] is False and len(checks["denied_family"]["data"]["permission_denials"]) == 1
    assert checks["disk"]["data"]["free_gb"] > 0
    assert report["cost_known"] and report["cost_usd"] > 0
    events = [json.loads(x) for x in Path(report["events"]["denied_family"]).read_text().splitlines()]
    costs = [e["event"]["total_cost_usd"] for e in events if e.get("event", {}).get("type") == "result"]
    assert costs and costs[0] <= report["cost_usd"]
    assert "OK" in out
    wall = checks["sandbox"]
    assert wall["ok"] and wall["data"]["sandbox"] == "bubblewrap", wall
    tries = wall["data"]["tries"]
    assert tries.pop("read its own workspace") == tries.pop("write its own workspace") == "allowed"
    assert {
        "read an oracle",
        "read the repository",
        "read another workspace",
        "write another workspace",
        "write the repository",
        "write the system",
        "connect a host port that is not its portal",
    } <= set(tries)
    assert all(v.startswith("refused") for v in tries.values()), tries
    assert "read an oracle: refused" in out


def test_probe_reports_a_node_that_runs_its_workers_unwalled(tmp_path):
    code, report, out = probe(tmp_path, config(tmp_path, [{**LOCAL, "sandbox": "none"}]), "local")
    assert code == 1 and not report["ok"]
    assert not report["checks"]["sandbox"]["ok"] and "unwalled" in report["checks"]["sandbox"]["detail"]
    assert report["checks"]["no_shell"]["ok"], "the client's own checks still run"


@needs_wall
def test_probe_fails_a_client_that_ignores_its_tool_flags(tmp_path):
    code, report, out = probe(tmp_path, config(tmp_path, [LOCAL]), "local", FAKE_CLAUDE_DISOBEY="1")
    assert code == 1 and not report["ok"]
    assert not report["checks"]["no_shell"]["ok"] and not report["checks"]["denied_family"]["ok"]
    assert "created" in report["checks"]["denied_family"]["detail"]


def test_probe_over_ssh_runs_on_the_node(tmp_path, sshd):
    node = sshd.node(environment=["FAKE_CLAUDE_PYTHON"])
    code, report, out = probe(tmp_path, config(tmp_path, [LOCAL, node]), "loopback")
    assert code == 0 and report["ok"] and report["transport"] == "ssh", out
    assert report["checks"]["disk"]["data"]["path"] == str(sshd.workdir)
    assert not [p for p in sshd.workdir.iterdir() if p.name.startswith("probe-")], "probe workspaces left on the node"


def test_probe_of_an_unknown_node_is_a_usage_error(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "whitecollar", "probe", "nowhere", "--config", str(config(tmp_path, [LOCAL]))],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert proc.returncode == 2 and "no node 'nowhere'" in proc.stderr
