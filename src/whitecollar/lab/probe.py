"""Probes: does a node run workers the way the study assumes?

Before a node takes runs, its client and tools are checked where the
workers will run (over SSH for ssh nodes), and the result is kept as
evidence in results/probes/<node>.json:

- the client answers `--version`;
- a session started without the shell tool cannot run a command (the
  client's init event lists no Bash, and the file the session was asked to
  create does not exist afterwards);
- inside the shell, a denied command family is refused while a plain
  command runs (the plain command's output comes back in a successful tool
  result; the denied one is refused and its file does not exist);
- Python, LibreOffice and Chromium are present;
- the disk under the work directory has room;
- on the local node, the wall (lab/sandbox.py): a walled session tries to
  read an oracle, the repository and another workspace, to write outside
  its own and to reach a host port; each try and its refusal is reported.

The two session probes are real (paid) sessions, driven through the same
backend and transport as the runs, each capped in turns and money; their
cost is read from the client's own result events, like every cost of the
study, and is reported with the probe. A probe whose session does not
attempt what it was asked is inconclusive, which is not a pass.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import tempfile
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from whitecollar import atomic
from whitecollar.lab.claude_code import ClaudeCodeBackend
from whitecollar.lab.events import EventRecorder, _blocks, now_iso, read_events
from whitecollar.lab.run_spec import RunSpec
from whitecollar.lab.sandbox import SandboxUnavailable
from whitecollar.lab.transport import LocalTransport, Transport
from whitecollar.lab.wall_probe import probe_wall
from whitecollar.lab.workspace import write_manifest

PROBE_MAX_TURNS = 6
DENIED_FAMILY = "touch"


class ProbeError(RuntimeError):
    """The probe cannot be run as configured; the message says what to fix."""


@dataclass
class Check:
    ok: bool
    detail: str
    data: dict[str, Any] = field(default_factory=dict)


class NodeShell:
    """Shell commands on the node: here for local nodes, over SSH for ssh nodes."""

    def __init__(self, node: dict[str, Any], transport: Transport | None):
        self.node, self.transport = node, transport

    def run(self, script: str, timeout_s: float = 120) -> tuple[int, str, str]:
        try:
            if self.node["transport"] == "ssh":
                assert self.transport is not None  # an ssh node always has its SshTransport
                proc = self.transport.shell(script, timeout_s=timeout_s)  # type: ignore[attr-defined]
            else:
                proc = subprocess.run(
                    ["sh", "-c", script], capture_output=True, text=True, timeout=timeout_s, stdin=subprocess.DEVNULL
                )
        except subprocess.TimeoutExpired:
            return 124, "", f"no answer within {timeout_s:g} s"
        return proc.returncode, proc.stdout, proc.stderr


def _first_line(text: str) -> str:
    return next((line.strip() for line in text.splitlines() if line.strip()), "")


def check_version(shell: NodeShell, program: str, what: str) -> Check:
    code, out, err = shell.run(f"{_q(program)} --version")
    line = _first_line(out) or _first_line(err)
    return Check(code == 0 and bool(line), f"{what}: {line or 'no answer'}", {"program": program, "version": line})


def check_libreoffice(shell: NodeShell) -> Check:
    script = (
        "for c in soffice libreoffice /Applications/LibreOffice.app/Contents/MacOS/soffice; do "
        'if command -v "$c" >/dev/null 2>&1; then echo "$c"; "$c" --version; exit $?; fi; done; exit 127'
    )
    code, out, err = shell.run(script, timeout_s=180)
    lines = [x for x in out.splitlines() if x.strip()]
    if code != 0 or len(lines) < 2:
        return Check(False, f"LibreOffice not found or not answering: {_first_line(err) or _first_line(out)}")
    return Check(True, lines[1].strip(), {"program": lines[0].strip(), "version": lines[1].strip()})


def check_chromium(shell: NodeShell, python: str) -> Check:
    script = (
        "for c in chromium chromium-browser google-chrome /Applications/Chromium.app/Contents/MacOS/Chromium; do "
        'if command -v "$c" >/dev/null 2>&1; then echo "$c"; "$c" --version; exit $?; fi; done; '
        f"{_q(python)} -c 'from playwright.sync_api import sync_playwright as s; p = s().start(); "
        'print(p.chromium.executable_path); p.stop()\' 2>/dev/null | { read -r path && test -x "$path" && '
        'echo "$path" && echo playwright-chromium; }'
    )
    code, out, err = shell.run(script, timeout_s=180)
    lines = [x.strip() for x in out.splitlines() if x.strip()]
    if code != 0 or len(lines) < 2:
        return Check(False, f"Chromium not found (system or Playwright): {_first_line(err)}")
    return Check(True, f"{lines[1]} ({lines[0]})", {"program": lines[0], "version": lines[1]})


def check_disk(shell: NodeShell, path: str, min_free_gb: float) -> Check:
    code, out, err = shell.run(f"mkdir -p {_q(path)} && df -Pk {_q(path)}")
    try:
        free_gb = int(out.strip().splitlines()[-1].split()[3]) / 2**20
    except (IndexError, ValueError):
        return Check(False, f"free disk unknown: {_first_line(err) or _first_line(out)}")
    return Check(
        free_gb >= min_free_gb,
        f"{free_gb:.1f} GB free under {path} (needs {min_free_gb:g})",
        {"path": path, "free_gb": round(free_gb, 2), "min_free_gb": min_free_gb},
    )


def check_wall(node: dict[str, Any], work_root: Path, oracles: Path) -> Check:
    """The local node's wall (lab/sandbox.py), tried from inside: what was tried, what was refused."""
    if node.get("sandbox", "bubblewrap") == "none":
        return Check(
            False,
            "sandbox: none in config.yaml: workers run unwalled (recorded in every run.json)",
            {"sandbox": "none"},
        )
    work_root.mkdir(parents=True, exist_ok=True)
    found = probe_wall(work_root, oracles)
    return Check(found["ok"], found["detail"], {"sandbox": "bubblewrap", "tries": found["tries"]})


def _q(text: str) -> str:
    return shlex.quote(text)


@dataclass
class Session:
    name: str
    events_path: Path
    events: list[dict[str, Any]]
    workspace: Path
    cost_usd: float | None
    result_seen: bool
    init_tools: list[str] | None
    status: str


def run_probe_session(
    name: str,
    prompt: str,
    arm: dict[str, Any],
    *,
    backend: ClaudeCodeBackend,
    transport: Transport,
    node: str,
    out_dir: Path,
    budget_usd: float,
    time_limit_s: float,
) -> Session:
    """One short client session in a scratch workspace, recorded to <out_dir>/<name>.events.jsonl."""
    scratch = Path(tempfile.mkdtemp(prefix=f"probe-{name}-"))
    ws = scratch / f"probe-{node}-{name}"
    ws.mkdir()
    (ws / "PROBE.md").write_text(
        "A probe of the laboratory: follow the instruction you were given.\n", encoding="utf-8"
    )
    write_manifest(ws)
    spec = RunSpec(f"probe-{name}", "probe", "probe", "probe", 0, node, int(time_limit_s), budget_usd)
    events_path = out_dir / f"{name}.events.jsonl"
    events_path.unlink(missing_ok=True)
    try:
        with EventRecorder(events_path) as rec:
            outcome = transport.run(backend.argv(spec, arm, prompt=prompt), ws, rec, time_limit_s=time_limit_s)
        status = "timeout" if outcome.timed_out else f"exit {outcome.exit_code}"
        events = [e["event"] for e in read_events(events_path) if "event" in e]
        kept = out_dir / f"{name}.workspace"
        shutil.rmtree(kept, ignore_errors=True)
        shutil.copytree(ws, kept, symlinks=True)
        return Session(
            name, events_path, events, kept, rec.result.cost_usd, rec.result.seen, rec.result.init_tools, status
        )
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _tool_calls(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each tool use with its result: name, command, ok, output."""
    uses: dict[str, dict[str, Any]] = {}
    for e in events:
        for block in _blocks(e):
            if e.get("type") == "assistant" and block.get("type") == "tool_use":
                uses[str(block.get("id"))] = {
                    "name": block.get("name"),
                    "command": (block.get("input") or {}).get("command", ""),
                    "ok": None,
                    "output": "",
                }
            if e.get("type") == "user" and block.get("type") == "tool_result" and str(block.get("tool_use_id")) in uses:
                text = block.get("content")
                if isinstance(text, list):
                    text = " ".join(str(b.get("text", "")) for b in text if isinstance(b, dict))
                uses[str(block.get("tool_use_id"))].update(ok=not block.get("is_error"), output=str(text or ""))
    return list(uses.values())


def _denied_uses(events: list[dict[str, Any]]) -> list[Any]:
    """What the client's result event lists as refused by its permission rules."""
    for e in events:
        if e.get("type") == "result" and isinstance(e.get("permission_denials"), list):
            return list(e["permission_denials"])
    return []


def judge_no_shell(s: Session, marker: str) -> Check:
    calls = _tool_calls(s.events)
    ran = [c for c in calls if c["name"] == "Bash" and c["ok"]]
    created = (s.workspace / marker).exists()
    listed = s.init_tools is not None and "Bash" in s.init_tools
    ok = s.result_seen and not ran and not created and not listed
    detail = (
        "no shell: the command did not run"
        if ok
        else "FAILED: "
        + "; ".join(
            x
            for x in [
                "no result event" if not s.result_seen else "",
                "the client lists Bash among its tools" if listed else "",
                "a Bash tool use succeeded" if ran else "",
                f"{marker} was created" if created else "",
            ]
            if x
        )
    )
    return Check(ok, detail, {"session": s.status, "tools": s.init_tools, "tool_calls": calls, "cost_usd": s.cost_usd})


def judge_denied_family(s: Session, plain: str, denied_marker: str) -> Check:
    calls = _tool_calls(s.events)
    plain_ran = any(c["name"] == "Bash" and c["ok"] and plain in c["output"] for c in calls)
    attempted = [c for c in calls if c["name"] == "Bash" and denied_marker in str(c["command"])]
    refused = bool(attempted) and all(c["ok"] is False for c in attempted)
    created = (s.workspace / denied_marker).exists()
    ok = s.result_seen and plain_ran and refused and not created
    if ok:
        detail = f"Bash({DENIED_FAMILY}:*) refused while a plain command ran"
    elif s.result_seen and plain_ran and not attempted and not created:
        detail = "INCONCLUSIVE: the session did not attempt the denied command"
    else:
        detail = "FAILED: " + "; ".join(
            x
            for x in [
                "no result event" if not s.result_seen else "",
                "the plain command did not run" if not plain_ran else "",
                "the denied command was not refused" if attempted and not refused else "",
                f"{denied_marker} was created" if created else "",
            ]
            if x
        )
    return Check(
        ok,
        detail,
        {
            "session": s.status,
            "tool_calls": calls,
            "permission_denials": _denied_uses(s.events),
            "cost_usd": s.cost_usd,
        },
    )


def probe_node(
    node: dict[str, Any],
    cfg: dict[str, Any],
    out_dir: Path,
    *,
    budget_usd: float = 0.25,
    time_limit_s: float = 300,
    min_free_gb: float = 5.0,
) -> dict[str, Any]:
    """Run every probe on a node; returns the report (also written to <out_dir>/<node>.json)."""
    settings = (cfg.get("worker") or {}).get("claude_code")
    if not settings:
        raise ProbeError("config.yaml: worker.claude_code is not configured; the probes check the Claude Code client")
    backend = ClaudeCodeBackend(
        {**settings, "max_turns": min(int(settings.get("max_turns") or PROBE_MAX_TURNS), PROBE_MAX_TURNS)}
    )
    if node["transport"] == "ssh":
        from whitecollar.lab.ssh import SshTransport

        transport: Transport | None = SshTransport(node)
        ssh = node.get("ssh") or {}
        client, python, workdir = (
            ssh.get("claude") or backend.executable,
            ssh.get("python") or "python3",
            str(ssh.get("workdir") or "whitecollar-work"),
        )
    else:
        client, python, workdir = backend.executable, "python3", str(Path(cfg["paths"]["results"]) / "work")
        wall = check_wall(node, Path(workdir), Path(cfg["paths"]["results"]) / "restricted" / "oracles")
        try:  # the probe sessions run as the runs will: behind the wall, or refused without it
            transport = LocalTransport.for_node(node, real_worker=True)
        except SandboxUnavailable as exc:
            transport = None
            wall = Check(False, str(exc), wall.data)
    shell = NodeShell(node, transport)
    session_dir = out_dir / node["name"]
    session_dir.mkdir(parents=True, exist_ok=True)
    nonce = uuid.uuid4().hex[:10]
    checks: dict[str, Check] = {"sandbox": wall} if node["transport"] != "ssh" else {}
    checks |= {
        "client": check_version(shell, client, "client"),
        "python": check_version(shell, python, "python"),
        "libreoffice": check_libreoffice(shell),
        "chromium": check_chromium(shell, python),
        "disk": check_disk(shell, workdir, min_free_gb),
    }
    common = dict(
        backend=backend,
        transport=transport,
        node=node["name"],
        out_dir=session_dir,
        budget_usd=budget_usd,
        time_limit_s=time_limit_s,
    )
    sessions: list[Session] = []
    if checks["client"].ok and transport is not None:
        marker = f"probe-no-shell-{nonce}"
        s = run_probe_session(
            "no_shell",
            f"Run the shell command `touch {marker}` in the current directory, then say whether it worked.",
            {"tools": ["Read", "Glob"], "denied": []},
            **common,
        )
        sessions.append(s)
        checks["no_shell"] = judge_no_shell(s, marker)
        plain, denied = f"probe-plain-{nonce}", f"probe-denied-{nonce}"
        s = run_probe_session(
            "denied_family",
            f"Run these two shell commands, one after the other: `echo {plain}` "
            f"and `touch {denied}`. Then report what each did.",
            {"tools": ["Bash"], "denied": [f"Bash({DENIED_FAMILY}:*)"]},
            **common,
        )
        sessions.append(s)
        checks["denied_family"] = judge_denied_family(s, plain, denied)
    else:
        for name in ("no_shell", "denied_family"):
            checks[name] = Check(
                False,
                "not run: " + ("the client does not answer" if transport is not None else "no sandbox for the session"),
            )
    costs = [s.cost_usd for s in sessions]
    report = {
        "node": node["name"],
        "transport": node["transport"],
        "host": node.get("host"),
        "checked_at": now_iso(),
        "model": backend.model,
        "ok": all(c.ok for c in checks.values()),
        "checks": {name: asdict(c) for name, c in checks.items()},
        "cost_usd": round(sum(c for c in costs if c is not None), 6),
        "cost_known": all(c is not None for c in costs),
        "cost_source": "total_cost_usd of the client's result events",
        "events": {s.name: str(s.events_path) for s in sessions},
    }
    atomic.write_json(out_dir / f"{node['name']}.json", report)
    return report


def format_report(report: dict[str, Any]) -> str:
    lines = [f"probe of node {report['node']} ({report['transport']}): {'OK' if report['ok'] else 'NOT OK'}"]
    for name, check in report["checks"].items():
        lines.append(f"  {'ok ' if check['ok'] else 'NO '} {name}: {check['detail']}")
        for tried, came in sorted((check.get("data") or {}).get("tries", {}).items()):  # the wall, try by try
            lines.append(f"        {tried}: {came}")
    cost = f"{report['cost_usd']:.4f} USD" + ("" if report["cost_known"] else " (a session reported no cost)")
    lines.append(f"  probe sessions cost {cost}, from the client's result events")
    return "\n".join(lines)
