"""Recording a worker's event stream.

A worker prints one JSON event per line on stdout (the stream-json protocol
of the Claude Code CLI; the simulated worker speaks the same protocol).
Every line is written to events.jsonl as soon as it arrives, wrapped with
its receive time, and flushed, so a worker that dies mid-session loses
nothing that it printed; a last line cut in the middle is kept as text. The
cost of a session is read from the worker's own result event and nowhere
else; a session without a result event has an unknown cost.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass
class SessionResult:
    """What the result event said (None everywhere when there was none)."""

    seen: bool = False
    cost_usd: float | None = None
    num_turns: int | None = None
    duration_ms: int | None = None
    is_error: bool | None = None
    subtype: str | None = None
    simulated: bool = False
    tool_uses: int = 0
    events: int = 0
    partial_lines: int = 0
    tools: dict[str, int] = field(default_factory=dict)
    # what the client said about itself (Claude Code's init event) and what it refused
    model: str | None = None
    client_version: str | None = None
    init_tools: list[str] | None = None
    tool_errors: int = 0
    permission_denials: int = 0


class EventRecorder:
    """Appends each received line to events.jsonl and keeps the session's tally."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fh: IO[str] = open(self.path, "a", encoding="utf-8")
        self.result = SessionResult()

    def record_line(self, raw: str, *, partial: bool = False) -> None:
        line = raw.rstrip("\r\n")
        if not line.strip():
            return
        entry: dict[str, Any] = {"received_at": now_iso()}
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            event = None
        if isinstance(event, dict) and not partial:
            entry["event"] = event
            self._tally(event)
        else:
            entry["text"] = line
            if partial:
                entry["partial"] = True
                self.result.partial_lines += 1
        self._fh.write(json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n")
        self._fh.flush()
        os.fsync(self._fh.fileno())

    def note(self, kind: str, **data: Any) -> None:
        """A laboratory event (launch, kill, collection), marked as such."""
        entry = {"received_at": now_iso(), "laboratory": {"kind": kind, **data}}
        self._fh.write(json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n")
        self._fh.flush()

    def _tally(self, event: dict[str, Any]) -> None:
        r = self.result
        r.events += 1
        etype = event.get("type")
        if etype == "system" and event.get("subtype") == "init":
            r.simulated = r.simulated or bool(event.get("simulated"))
            r.model = event.get("model") if isinstance(event.get("model"), str) else r.model
            version = event.get("claude_code_version")
            r.client_version = version if isinstance(version, str) else r.client_version
            if isinstance(event.get("tools"), list):
                r.init_tools = [str(t) for t in event["tools"]]
        if etype == "user":
            for block in _blocks(event):
                if block.get("type") == "tool_result" and block.get("is_error"):
                    r.tool_errors += 1
        if etype == "assistant":
            for block in _blocks(event):
                if block.get("type") == "tool_use":
                    r.tool_uses += 1
                    name = str(block.get("name", "?"))
                    r.tools[name] = r.tools.get(name, 0) + 1
        if etype == "result":
            r.seen = True
            cost = event.get("total_cost_usd")
            r.cost_usd = float(cost) if isinstance(cost, (int, float)) else None
            r.num_turns = event.get("num_turns")
            r.duration_ms = event.get("duration_ms")
            r.is_error = event.get("is_error")
            r.subtype = event.get("subtype")
            r.simulated = r.simulated or bool(event.get("simulated"))
            denials = event.get("permission_denials")
            r.permission_denials = len(denials) if isinstance(denials, list) else r.permission_denials

    def close(self) -> None:
        self._fh.close()

    def __enter__(self) -> EventRecorder:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _blocks(event: dict[str, Any]) -> list[dict[str, Any]]:
    """The content blocks of a message event; an odd shape gives none rather than stopping the recorder."""
    message = event.get("message")
    content = message.get("content") if isinstance(message, dict) else None
    return [b for b in content if isinstance(b, dict)] if isinstance(content, list) else []


def read_events(path: Path) -> list[dict[str, Any]]:
    out = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip():
            out.append(json.loads(line))
    return out
