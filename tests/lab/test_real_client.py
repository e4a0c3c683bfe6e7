"""The launcher's promises, checked against the real, pinned Claude Code client.

Every session here runs the client the project installs (tools/claude-code,
lab/claude_client.py) with the command line the launcher builds, through
run_session and the local transport (behind the wall where bubblewrap
runs); only the model is a stand-in: a scripted Messages API on loopback
(lab/scripted_model.py) that records every request the client sent. One
server serves every test, each test loading its own script.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
import yaml

from whitecollar.grading.evaluation import evaluate
from whitecollar.hashing import listing_digest, tree_listing
from whitecollar.lab.backends import SimulatedBackend
from whitecollar.lab.claude_client import ClientNotInstalled, installed_client, pinned_version
from whitecollar.lab.claude_code import ClaudeCodeBackend
from whitecollar.lab.events import read_events
from whitecollar.lab.ledger import Ledger
from whitecollar.lab.persona_script import persona_script
from whitecollar.lab.run_spec import RunSpec
from whitecollar.lab.sandbox import available
from whitecollar.lab.scripted_model import Script, ScriptedModel, main_requests, read_record, system_text, tool
from whitecollar.lab.session import LabFailure, run_session
from whitecollar.lab.transport import LocalTransport

ROOT = Path(__file__).resolve().parents[2]
ARMS = yaml.safe_load((ROOT / "config.yaml").read_text(encoding="utf-8"))["arms"]
TASK = "PROC-01"
MODEL = "claude-sonnet-4-5"  # a model the client knows the price of, so scripted usage has a cost
SIX = ["Bash", "Edit", "Glob", "Grep", "Read", "Write"]

try:
    CLIENT: Path | None = installed_client()
    WHY = ""
except ClientNotInstalled as exc:
    CLIENT, WHY = None, str(exc)
pytestmark = pytest.mark.skipif(CLIENT is None, reason=f"the pinned Claude Code client is not installed: {WHY}")
WALLED, NO_WALL = available()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with ScriptedModel(tmp_path_factory.mktemp("scripted") / "requests.jsonl") as model:
        yield model


@pytest.fixture
def model(server, tmp_path, monkeypatch):
    """The shared server with an empty script, its record in this test's folder, the client pointed at it."""
    server.load(Script([]), record=tmp_path / "requests.jsonl")
    for name, value in server.environment().items():
        monkeypatch.setenv(name, value)
    return server


def spec(arm: str, key: str, budget: float = 4.0) -> RunSpec:
    return RunSpec(f"{TASK}-{arm}-r1", TASK, key, arm, 1, "local", 600, budget)


def session(frozen, tmp_path, arm: str = "A1", *, walled: bool = WALLED, budget: float = 4.0, **settings):
    """One run of the real client through run_session; returns run.json, the run folder and the workspace root."""
    bundle, _, manifest = frozen(TASK)
    key = listing_digest(tree_listing(bundle))[:12]
    backend = ClaudeCodeBackend({"model": MODEL, "max_turns": 40, **settings})
    record = run_session(
        spec(arm, key, budget),
        bundle_dir=bundle,
        freeze_manifest=manifest,
        run_dir=tmp_path / "run",
        arm=ARMS[arm],
        backend=backend,
        ledger=Ledger(tmp_path / "journal.jsonl", 100.0),
        work_root=tmp_path / "work",
        max_file_bytes=25 * 2**20,
        max_run_bytes=200 * 2**20,
        transport=LocalTransport(walled=walled),
    )
    return record, tmp_path / "run"


def workspace(tmp_path, arm: str, frozen) -> Path:
    bundle, _, _ = frozen(TASK)
    return (tmp_path / "work" / f"{TASK}-{arm}-r1-{listing_digest(tree_listing(bundle))[:12]}").resolve()


def client_events(run_dir: Path) -> list[dict]:
    return [e["event"] for e in read_events(run_dir / "events.jsonl") if "event" in e]


def result_event(run_dir: Path) -> dict:
    return next(e for e in client_events(run_dir) if e.get("type") == "result")


def test_the_launcher_runs_the_pinned_client_when_no_executable_is_configured():
    backend = ClaudeCodeBackend({"model": MODEL, "max_turns": 5})
    assert backend.executable == str(CLIENT)
    out = subprocess.run([backend.executable, "--version"], capture_output=True, text=True, timeout=60).stdout
    assert out.split()[0] == pinned_version()


@pytest.mark.parametrize("arm", ["A1", "A2", "A3", "A4"])
def test_each_arm_gets_its_tools_its_documentation_and_the_brief(frozen, tmp_path, model, arm):
    model.load(Script([tool("Read", file_path=str(workspace(tmp_path, arm, frozen) / "BRIEF.md"))]))
    record, run_dir = session(frozen, tmp_path, arm)
    init = next(e for e in client_events(run_dir) if e.get("subtype") == "init")
    assert sorted(init["tools"]) == SIX == sorted(ARMS[arm]["tools"])
    assert init["claude_code_version"] == pinned_version() and init["mcp_servers"] == []
    requests = main_requests(read_record(model.record))
    assert len(requests) == 2 and all(sorted(t["name"] for t in r["tools"]) == SIX for r in requests)
    assert ARMS[arm]["documentation"].strip() in system_text(requests[0])
    first = json.dumps(requests[0]["messages"][0])
    assert "BRIEF.md" in first
    read = [e for e in client_events(run_dir) if e.get("type") == "user"][0]["message"]["content"][0]
    assert not read.get("is_error") and "RFQ" in json.dumps(read)  # the brief, read through the client's tool
    # what the record and the ledger say the session cost and took is what the client's result event says
    result = result_event(run_dir)
    assert record["status"] == "nothing_delivered" and record["sandbox"] == ("bubblewrap" if WALLED else "none")
    assert (record["cost_usd"], record["num_turns"], record["duration_ms"]) == (
        result["total_cost_usd"],
        result["num_turns"],
        result["duration_ms"],
    )
    assert record["cost_usd"] > 0 and record["num_turns"] == 2
    settled = [json.loads(x) for x in (tmp_path / "journal.jsonl").read_text().splitlines()][-1]
    assert settled["kind"] == "settle" and settled["charged_usd"] == result["total_cost_usd"]


def _plant(home: Path, above: Path, markers: dict[str, str]) -> None:
    """Settings, a hook, an MCP server, plugins' and memory files in a home and above the workspace."""
    hook = f"touch {home / 'hook-ran'}"
    settings = {
        "env": {"PLANTED_ENV": markers["settings"]},
        "permissions": {"allow": ["Bash(curl:*)"]},
        "hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": hook}]}]},
        "appendSystemPrompt": markers["settings"],
    }
    mcp = {"mcpServers": {"planted": {"command": "sh", "args": ["-c", f"touch {home / 'mcp-ran'}"]}}}
    for config in (home / ".claude", home / ".config" / "claude"):
        config.mkdir(parents=True, exist_ok=True)
        (config / "settings.json").write_text(json.dumps(settings))
        (config / "CLAUDE.md").write_text(markers["home_memory"] + "\n")
    (home / ".claude.json").write_text(json.dumps(mcp))
    (home / ".claude" / ".claude.json").write_text(json.dumps(mcp))
    for folder in (above, above.parent):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "CLAUDE.md").write_text(markers["above_memory"] + "\n")
        (folder / "CLAUDE.local.md").write_text(markers["above_memory"] + "\n")
        (folder / ".claude").mkdir(exist_ok=True)
        (folder / ".claude" / "settings.json").write_text(json.dumps(settings))
        (folder / ".mcp.json").write_text(json.dumps(mcp))


@pytest.mark.parametrize("walled", [False, True] if WALLED else [False])
def test_nothing_of_the_controllers_configuration_reaches_the_worker(frozen, tmp_path, model, monkeypatch, walled):
    markers = {
        "settings": "PLANTED-SETTINGS-7f3a",
        "home_memory": "PLANTED-HOME-MD-7f3a",
        "above_memory": "PLANTED-ABOVE-MD-7f3a",
    }
    home = tmp_path / "controller-home"
    _plant(home, tmp_path / "work", markers)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(home / ".claude"))
    model.load(Script([tool("Bash", command="echo env:$PLANTED_ENV; curl -s http://127.0.0.1:9/ || true")]))
    record, run_dir = session(frozen, tmp_path, "A1", walled=walled)
    seen = model.record.read_text()
    for marker in markers.values():
        assert marker not in seen
    assert not (home / "hook-ran").exists() and not (home / "mcp-ran").exists()
    init = next(e for e in client_events(run_dir) if e.get("subtype") == "init")
    assert init["mcp_servers"] == [] and sorted(init["tools"]) == SIX
    # the planted allow rule for curl did not lift the arm's refusal
    assert [d["tool_name"] for d in result_event(run_dir)["permission_denials"]] == ["Bash"]
    assert record["status"] == "nothing_delivered"


def test_denied_families_are_refused_by_the_client(frozen, tmp_path, model):
    marker = tmp_path / "work" / "curl-ran"
    model.load(
        Script(
            [
                tool("Bash", command=f"curl -s -o {marker} http://127.0.0.1:9/"),
                tool("Bash", command="osascript -e 'display dialog \"hi\"'"),
                tool("Bash", command="echo plain-command-ran"),
            ]
        )
    )
    record, run_dir = session(frozen, tmp_path, "A1")
    denials = result_event(run_dir)["permission_denials"]
    assert [d["tool_input"]["command"].split()[0] for d in denials] == ["curl", "osascript"]
    refused = [e for e in client_events(run_dir) if e.get("subtype") == "permission_denied"]
    assert len(refused) == 2
    results = [b for e in client_events(run_dir) if e.get("type") == "user" for b in e["message"]["content"]]
    assert [bool(b.get("is_error")) for b in results] == [True, True, False]
    assert "plain-command-ran" in json.dumps(results[2]) and not marker.exists()
    assert record["status"] == "nothing_delivered"


def test_the_turn_cap_ends_a_session_that_never_stops(frozen, tmp_path, model):
    model.load(Script([tool("Bash", command="echo again")], loop=True))
    record, run_dir = session(frozen, tmp_path, "A1", max_turns=3)
    assert record["result_subtype"] == "error_max_turns" and record["status"] == "crashed"
    assert record["exit_code"] == 1 and record["cost_known"]
    assert len(main_requests(read_record(model.record))) == 3


def test_the_money_cap_ends_a_session_that_spends_too_much(frozen, tmp_path, model):
    # 400,000 input tokens at the model's list price is 1.20 USD a turn; the cap is 2.00 USD
    model.load(Script([tool("Bash", command="echo spend", usage={"input_tokens": 400_000})], loop=True))
    record, run_dir = session(frozen, tmp_path, "A1", budget=2.0)
    assert record["result_subtype"] == "error_max_budget_usd" and record["status"] == "over_budget"
    assert record["cost_usd"] == result_event(run_dir)["total_cost_usd"] > 2.0
    assert len(main_requests(read_record(model.record))) < 5


def test_a_client_with_another_tool_set_than_the_arms_is_a_lab_failure(frozen, tmp_path, model):
    # --bare cuts the client's tools to Bash, Edit and Read whatever --tools says
    with pytest.raises(LabFailure, match="lists the tools Bash, Edit, Read, the arm has Bash, Edit, Glob, Grep, Read"):
        session(frozen, tmp_path, "A1", extra_args=["--bare"])
    assert not (tmp_path / "run" / "run.json").exists()
    notes = [e["laboratory"] for e in read_events(tmp_path / "run" / "events.jsonl") if "laboratory" in e]
    assert notes[-1]["kind"] == "lab_failure" and "Glob" in notes[-1]["reason"]
    settled = [json.loads(x) for x in (tmp_path / "journal.jsonl").read_text().splitlines()][-1]
    assert settled["kind"] == "settle"


@pytest.mark.skipif(not WALLED, reason=f"no sandbox here: {NO_WALL}")
def test_inside_the_wall_the_client_reaches_its_model_and_nothing_else(frozen, tmp_path, model):
    model.load(
        Script(
            [
                tool("Bash", command="curl -s -m 5 https://example.com/ ; echo exit=$?"),
                tool("Bash", command="curl -s -m 5 --noproxy '*' http://93.184.215.14/ ; echo exit=$?"),
                tool("Bash", command="echo still-talking-to-the-model"),
            ]
        )
    )
    record, run_dir = session(frozen, tmp_path, "A3", walled=True)
    assert record["sandbox"] == "bubblewrap" and len(main_requests(read_record(model.record))) == 4
    outputs = [
        json.dumps(b) for e in client_events(run_dir) if e.get("type") == "user" for b in e["message"]["content"]
    ]
    assert "exit=0" not in outputs[0] and "exit=0" not in outputs[1] and "still-talking" in outputs[2]
    notes = [e["laboratory"] for e in read_events(run_dir / "events.jsonl") if "laboratory" in e]
    assert {"kind": "egress_refused", "targets": ["example.com:443"]} in notes


@pytest.mark.parametrize("arm", ["A1", "A3"])
def test_a_persona_acted_out_through_the_client_is_graded_as_the_simulated_run(frozen, tmp_path, model, arm):
    bundle, oracle, manifest = frozen(TASK)
    script, summary = persona_script(
        TASK, bundle, workspace(tmp_path / "real", arm, frozen), "reference", portal=bool(ARMS[arm]["portal"])
    )
    model.load(script)
    record, run_dir = session(frozen, tmp_path / "real", arm)
    assert record["status"] == "completed", record["stderr_tail"]
    real = evaluate(TASK, run_dir / "out", run_dir, oracle)
    key = listing_digest(tree_listing(bundle))[:12]
    sim = SimulatedBackend({"personas": {arm: {"reference": 1.0}}, "cost_usd": {arm: 0.5}}, study_seed=1)
    run_session(
        spec(arm, key),
        bundle_dir=bundle,
        freeze_manifest=manifest,
        run_dir=tmp_path / "sim" / "run",
        arm=ARMS[arm],
        backend=sim,
        ledger=Ledger(tmp_path / "sim" / "journal.jsonl", 100),
        work_root=tmp_path / "sim" / "work",
        max_file_bytes=25 * 2**20,
        max_run_bytes=200 * 2**20,
    )
    reference = evaluate(TASK, tmp_path / "sim" / "run" / "out", tmp_path / "sim" / "run", oracle)
    assert real.to_json() == reference.to_json()
    assert sorted(record["deliverables"]) == sorted(
        json.loads((tmp_path / "sim" / "run" / "run.json").read_text())["deliverables"]
    )
