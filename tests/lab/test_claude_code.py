"""The Claude Code backend: the exact command per arm, and sessions driven through it.

The sessions run the stand-in client of tests/lab/fakes/claude, which takes
the real client's options, speaks its stream-json protocol and obeys the
flags that matter (tool set, allow and deny rules, turn and budget caps).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from whitecollar.grading.evaluation import evaluate
from whitecollar.hashing import listing_digest, tree_listing
from whitecollar.lab.backends import SimulatedBackend, make_backend
from whitecollar.lab.claude_code import FLAGS, PROMPT, ClaudeCodeBackend, ClaudeCodeConfigError
from whitecollar.lab.events import read_events
from whitecollar.lab.ledger import Ledger
from whitecollar.lab.run_spec import RunSpec
from whitecollar.lab.session import run_session

ROOT = Path(__file__).resolve().parents[2]
FAKE = Path(__file__).resolve().parent / "fakes" / "claude"
TASK = "PROC-01"
SETTINGS = {"executable": "claude", "model": "claude-sonnet-4-5", "max_turns": 150}
ARMS = yaml.safe_load((ROOT / "config.yaml").read_text(encoding="utf-8"))["arms"]
TOOLS = "Read,Write,Edit,Glob,Grep,Bash"
DENIED = {
    "A1": "Bash(osascript:*),Bash(curl:*),Bash(wget:*),Bash(ssh:*),Bash(scp:*),WebFetch,WebSearch",
    "A2": "Bash(curl:*),Bash(wget:*),Bash(ssh:*),Bash(scp:*),WebFetch,WebSearch",
    "A3": "Bash(osascript:*),Bash(wget:*),Bash(ssh:*),Bash(scp:*),WebFetch,WebSearch",
    "A4": "Bash(osascript:*),Bash(wget:*),Bash(ssh:*),Bash(scp:*),WebFetch,WebSearch",
}


def spec(arm: str = "A1", budget: float = 4.0, key: str = "0" * 12) -> RunSpec:
    return RunSpec(f"{TASK}-{arm}-r1", TASK, key, arm, 1, "local", 1800, budget)


@pytest.mark.parametrize("arm", ["A1", "A2", "A3", "A4"])
def test_argv_per_arm(arm):
    argv = ClaudeCodeBackend(SETTINGS).argv(spec(arm), ARMS[arm])
    assert argv == [
        "claude",
        "--print",
        PROMPT,
        "--setting-sources",
        "",
        "--strict-mcp-config",
        "--output-format",
        "stream-json",
        "--verbose",
        "--model",
        "claude-sonnet-4-5",
        "--tools",
        TOOLS,
        "--allowedTools",
        TOOLS,
        "--disallowedTools",
        DENIED[arm],
        "--permission-mode",
        "dontAsk",
        "--max-turns",
        "150",
        "--max-budget-usd",
        "4.00",
        "--append-system-prompt",
        ARMS[arm]["documentation"].strip(),
    ]


def test_every_flag_comes_from_the_one_table():
    argv = ClaudeCodeBackend({**SETTINGS, "extra_args": ["--fallback-model", "claude-haiku-4-5"]}).argv(
        spec(), ARMS["A1"]
    )
    options = {a for a in argv if a.startswith("--")}
    assert options - {"--fallback-model"} <= set(FLAGS.values())
    assert argv[-2:] == ["--fallback-model", "claude-haiku-4-5"]


def test_make_backend_dispatches_and_describes():
    backend = make_backend({"backend": "claude-code", "claude_code": SETTINGS}, 1)
    assert isinstance(backend, ClaudeCodeBackend) and not backend.simulated
    assert backend.describe(spec()) == {
        "backend": "claude-code",
        "simulated": False,
        "model": "claude-sonnet-4-5",
        "client": "claude",
        "max_turns": 150,
        "permission_mode": "dontAsk",
    }


@pytest.mark.parametrize(
    "settings, arm, message",
    [
        ({"executable": "claude", "max_turns": 5}, {"tools": ["Read"]}, "model is required"),
        ({"model": "m"}, {"tools": ["Read"]}, "max_turns is required"),
        ({"model": "m", "max_turns": 5, "permission_mode": "ask"}, {"tools": ["Read"]}, "permission_mode"),
        ({"model": "m", "max_turns": 5}, {"tools": ["Read", "Task"]}, "sub-agents"),
        ({"model": "m", "max_turns": 5}, {"tools": ["Read", "Agent"]}, "sub-agents"),
        ({"model": "m", "max_turns": 5}, {"tools": ["Read"], "denied": ["Bash(a,b)"]}, "not a tool name"),
    ],
)
def test_configurations_that_cannot_make_a_safe_command_are_refused(settings, arm, message):
    with pytest.raises(ClaudeCodeConfigError, match=message):
        ClaudeCodeBackend(settings).argv(spec(), arm)


def test_the_recorder_reads_the_clients_own_event_shapes(tmp_path):
    from whitecollar.lab.events import EventRecorder

    lines = [
        {
            "type": "system",
            "subtype": "init",
            "session_id": "s",
            "cwd": "/w",
            "model": "claude-sonnet-4-5",
            "tools": ["Read", "Bash"],
            "permissionMode": "dontAsk",
            "claude_code_version": "2.1.314",
        },
        {
            "type": "assistant",
            "message": {
                "role": "assistant",
                "content": [
                    {"type": "thinking", "thinking": "..."},
                    {"type": "text", "text": "Reading the brief."},
                    {"type": "tool_use", "id": "t1", "name": "Read", "input": {"file_path": "BRIEF.md"}},
                ],
            },
        },
        {
            "type": "user",
            "message": {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": "t1", "content": [{"type": "text", "text": "# Brief"}]}
                ],
            },
        },
        {
            "type": "assistant",
            "message": {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "t2", "name": "Bash", "input": {"command": "curl http://x"}}],
            },
        },
        {
            "type": "user",
            "message": {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": "t2", "is_error": True, "content": "Permission denied"}
                ],
            },
        },
        {"type": "user", "message": "a replayed prompt, not a list of blocks"},
        {
            "type": "result",
            "subtype": "error_max_turns",
            "is_error": True,
            "num_turns": 2,
            "duration_ms": 5400,
            "duration_api_ms": 5000,
            "total_cost_usd": 0.0731,
            "session_id": "s",
            "terminal_reason": "max_turns",
            "permission_denials": [
                {"tool_name": "Bash", "tool_use_id": "t2", "tool_input": {"command": "curl http://x"}}
            ],
            "usage": {"input_tokens": 10, "output_tokens": 5},
        },
    ]
    with EventRecorder(tmp_path / "events.jsonl") as rec:
        for line in lines:
            rec.record_line(json.dumps(line))
    r = rec.result
    assert (r.seen, r.cost_usd, r.num_turns, r.duration_ms, r.is_error, r.subtype) == (
        True,
        0.0731,
        2,
        5400,
        True,
        "error_max_turns",
    )
    assert r.tools == {"Read": 1, "Bash": 1} and r.tool_errors == 1 and r.permission_denials == 1
    assert (r.model, r.client_version, r.init_tools) == ("claude-sonnet-4-5", "2.1.314", ["Read", "Bash"])
    assert not r.simulated and r.events == len(lines)


# -- the stand-in client, on its own ---------------------------------------------------------------
@pytest.fixture
def fake_env(monkeypatch):
    monkeypatch.setenv("FAKE_CLAUDE_PYTHON", sys.executable)
    for name in ("FAKE_CLAUDE_MODE", "FAKE_CLAUDE_COST_PER_TURN", "FAKE_CLAUDE_PIDFILE", "FAKE_CLAUDE_VARIANT"):
        monkeypatch.delenv(name, raising=False)


def fake_session(tmp_path, arm: dict, prompt: str, **settings) -> tuple[int, list[dict]]:
    backend = ClaudeCodeBackend({**SETTINGS, "executable": str(FAKE), **settings})
    proc = subprocess.run(
        backend.argv(spec(), arm, prompt=prompt), cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    return proc.returncode, [json.loads(line) for line in proc.stdout.splitlines()]


def tool_results(events: list[dict]) -> list[dict]:
    return [b for e in events if e["type"] == "user" for b in e["message"]["content"] if b["type"] == "tool_result"]


def test_stand_in_refuses_a_denied_family_and_runs_a_plain_command(tmp_path, fake_env):
    arm = {"tools": ["Bash"], "denied": ["Bash(touch:*)"]}
    code, events = fake_session(tmp_path, arm, "Run `echo plain-ok` then `touch denied-file`.")
    assert code == 0
    plain, denied = tool_results(events)
    assert not plain["is_error"] and "plain-ok" in plain["content"]
    assert denied["is_error"] and "denied" in denied["content"]
    assert not (tmp_path / "denied-file").exists()
    assert events[0]["type"] == "system" and events[0]["tools"] == ["Bash"]
    assert events[-1]["type"] == "result" and len(events[-1]["permission_denials"]) == 1


def test_stand_in_without_the_shell_tool_runs_nothing(tmp_path, fake_env):
    code, events = fake_session(tmp_path, {"tools": ["Read"]}, "Run `touch made-by-shell`.")
    assert code == 0 and not (tmp_path / "made-by-shell").exists()
    (result,) = tool_results(events)
    assert result["is_error"] and "No such tool" in result["content"]


def test_stand_in_rejects_an_unknown_option_like_the_real_parser(tmp_path, fake_env):
    proc = subprocess.run(
        [str(FAKE), "--print", "hi", "--output-format", "stream-json", "--verbose", "--no-such-flag"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1 and "unknown option" in proc.stderr


def test_stand_in_needs_verbose_for_stream_json_in_print_mode(tmp_path, fake_env):
    proc = subprocess.run(
        [str(FAKE), "--print", "hi", "--output-format", "stream-json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1 and "requires --verbose" in proc.stderr


def test_stand_in_stops_at_the_turn_cap(tmp_path, fake_env):
    code, events = fake_session(tmp_path, {"tools": ["Bash"]}, "Run `true` `true` `true`.", max_turns=2)
    assert code == 1
    assert events[-1]["subtype"] == "error_max_turns" and events[-1]["is_error"] and events[-1]["num_turns"] == 2


# -- sessions through the real backend and run_session ---------------------------------------------
def run_claude(
    frozen,
    tmp_path,
    arm: str = "A1",
    *,
    budget: float = 4.0,
    envelope: float = 100.0,
    time_limit: float | None = None,
    **settings,
):
    bundle, oracle, manifest = frozen(TASK)
    key = listing_digest(tree_listing(bundle))[:12]
    backend = ClaudeCodeBackend({**SETTINGS, "executable": str(FAKE), **settings})
    record = run_session(
        spec(arm, budget, key),
        bundle_dir=bundle,
        freeze_manifest=manifest,
        run_dir=tmp_path / "run",
        arm=ARMS[arm],
        backend=backend,
        ledger=Ledger(tmp_path / "journal.jsonl", envelope),
        work_root=tmp_path / "work",
        max_file_bytes=25 * 2**20,
        max_run_bytes=200 * 2**20,
        time_limit_s=time_limit,
    )
    return record, evaluate(TASK, tmp_path / "run" / "out", tmp_path / "run", oracle)


def test_a_session_completes_and_matches_the_simulated_reference(frozen, tmp_path, fake_env):
    record, receipt = run_claude(frozen, tmp_path / "claude")
    assert record["status"] == "completed" and record["simulated"] is False and record["cost_known"]
    assert record["backend"] == "claude-code" and record["model"] == "claude-sonnet-4-5"
    assert record["inputs_intact"] is True and receipt.success
    events = read_events(tmp_path / "claude" / "run" / "events.jsonl")
    assert events[1]["event"]["type"] == "system" and events[1]["event"]["subtype"] == "init"
    result = [e["event"] for e in events if e.get("event", {}).get("type") == "result"][0]
    assert record["cost_usd"] == result["total_cost_usd"] and record["num_turns"] == result["num_turns"]

    bundle, oracle, manifest = frozen(TASK)
    key = listing_digest(tree_listing(bundle))[:12]
    sim = SimulatedBackend({"personas": {"A1": {"reference": 1.0}}, "cost_usd": {"A1": 0.5}}, study_seed=1)
    ref_dir = tmp_path / "sim"
    run_session(
        spec("A1", 4.0, key),
        bundle_dir=bundle,
        freeze_manifest=manifest,
        run_dir=ref_dir / "run",
        arm=ARMS["A1"],
        backend=sim,
        ledger=Ledger(ref_dir / "journal.jsonl", 100),
        work_root=ref_dir / "work",
        max_file_bytes=25 * 2**20,
        max_run_bytes=200 * 2**20,
    )
    reference = evaluate(TASK, ref_dir / "run" / "out", ref_dir / "run", oracle)
    assert receipt.to_json() == reference.to_json()


def test_the_turn_cap_ends_the_session_as_a_failure(frozen, tmp_path, fake_env):
    record, receipt = run_claude(frozen, tmp_path, max_turns=2)
    assert record["status"] == "crashed" and record["exit_code"] == 1 and record["num_turns"] == 2
    assert record["cost_known"] and not receipt.success


def test_a_session_over_its_budget_is_recorded_as_such(frozen, tmp_path, fake_env, monkeypatch):
    monkeypatch.setenv("FAKE_CLAUDE_COST_PER_TURN", "1.5")
    record, _ = run_claude(frozen, tmp_path, budget=2.0)
    assert record["status"] == "over_budget" and record["cost_usd"] == 3.0 and record["exit_code"] == 1
    settled = [json.loads(x) for x in (tmp_path / "journal.jsonl").read_text().splitlines()][-1]
    assert settled["kind"] == "settle" and settled["charged_usd"] == 3.0 and settled["simulated"] is False


def test_the_envelope_refuses_the_launch(frozen, tmp_path, fake_env, monkeypatch):
    monkeypatch.setenv("FAKE_CLAUDE_MODE", "hang")
    monkeypatch.setenv("FAKE_CLAUDE_PIDFILE", str(tmp_path / "pids"))
    record, _ = run_claude(frozen, tmp_path, budget=4.0, envelope=3.0)
    assert record["status"] == "not_launched" and "not launched" in record["not_launched_reason"]
    assert not (tmp_path / "pids").exists() and (tmp_path / "run" / "events.jsonl").read_text() == ""


def test_the_wall_limit_kills_the_client_and_its_children(frozen, tmp_path, fake_env, monkeypatch):
    monkeypatch.setenv("FAKE_CLAUDE_MODE", "hang")
    monkeypatch.setenv("FAKE_CLAUDE_PIDFILE", str(tmp_path / "pids"))
    t0 = time.monotonic()
    record, _ = run_claude(frozen, tmp_path, time_limit=2)
    assert record["status"] == "timeout" and record["cost_usd"] is None and time.monotonic() - t0 < 30
    for pid in map(int, (tmp_path / "pids").read_text().split()):
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
