"""A scripted stand-in for the paid model, behind the real Claude Code client.

The real client (lab/claude_client.py) honours ANTHROPIC_BASE_URL, so a
Messages API on loopback can take the model's place while everything else
is the client's own: its flag parsing, tools, permission rules, event
stream and cost accounting, and the wall around it. This server answers
`POST /v1/messages` (streamed as server-sent events, or as one JSON reply)
and `POST /v1/messages/count_tokens`; any other request is answered 404.

A script is a list of turns, each one assistant message (text and tool_use
blocks, with the usage it reports). The client's Nth main-loop request is
answered with turn N; when the script runs out the reply is a short text
with `end_turn`, or, with `loop`, the last turn again (a session that never
stops). The client also sends side requests of its own (a title, a quota
check, a token count); they are answered with a short text and consume no
turn, so a script counts only the model's working turns.

Every request is appended to a JSON-lines record (path, headers without
the credentials, body, and what answered it), so a test can read the
system prompt and the tools the client offered the model.
"""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from whitecollar.lab.events import now_iso

#: the headers never written to the record
SECRET_HEADERS = frozenset({"x-api-key", "authorization", "proxy-authorization"})
#: the key the client is given when the model is scripted (no real key is ever needed)
SCRIPTED_KEY = "sk-ant-scripted-model-no-real-key"
DEFAULT_USAGE = {"input_tokens": 1000, "output_tokens": 100}
FINAL_TEXT = "The work is done."


@dataclass
class Turn:
    """One assistant message of the script: its content blocks and the usage it reports."""

    content: list[dict[str, Any]]
    usage: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_USAGE))

    @property
    def stop_reason(self) -> str:
        return "tool_use" if any(b.get("type") == "tool_use" for b in self.content) else "end_turn"


def text(message: str, **usage: int) -> Turn:
    """A turn that only says something (and so ends the session)."""
    return Turn([{"type": "text", "text": message}], {**DEFAULT_USAGE, **usage})


def tool(name: str, say: str | None = None, usage: dict[str, int] | None = None, **inp: Any) -> Turn:
    """A turn that calls one tool, optionally after a sentence."""
    blocks: list[dict[str, Any]] = [{"type": "text", "text": say}] if say else []
    blocks.append({"type": "tool_use", "name": name, "input": inp})
    return Turn(blocks, {**DEFAULT_USAGE, **(usage or {})})


@dataclass
class Script:
    """What the model does, turn by turn."""

    turns: list[Turn]
    loop: bool = False  # after the last turn, repeat it for ever (a session only a cap can end)
    final: str = FINAL_TEXT


def is_side_request(body: dict[str, Any]) -> bool:
    """A request the client makes for itself rather than for the session's next step.

    The main loop always offers the session's tools and asks for a real
    answer; a title, summary or quota request offers none, or asks for a
    single token.
    """
    tools = body.get("tools")
    return not (isinstance(tools, list) and tools) or int(body.get("max_tokens") or 0) <= 1


class ScriptedModel:
    """The server: start it, `load` a script, point the client's ANTHROPIC_BASE_URL at `url`."""

    def __init__(self, record: Path, script: Script | None = None):
        self.record = Path(record)
        self.script = script or Script([])
        self.served = 0  # main-loop requests answered so far
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None

    # -- lifecycle -------------------------------------------------------------------------------
    def start(self) -> ScriptedModel:
        handler = type("Handler", (_Handler,), {"model": self})
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> ScriptedModel:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    @property
    def url(self) -> str:
        assert self._server is not None, "start the scripted model first"
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    @property
    def port(self) -> int:
        assert self._server is not None, "start the scripted model first"
        return int(self._server.server_address[1])

    def load(self, script: Script, record: Path | None = None) -> None:
        """A new script (and, optionally, a new record file) for the next session."""
        with self._lock:
            self.script, self.served = script, 0
            if record is not None:
                self.record = Path(record)

    def environment(self) -> dict[str, str]:
        """What the client needs to talk to this server instead of the paid API."""
        return {"ANTHROPIC_BASE_URL": self.url, "ANTHROPIC_API_KEY": SCRIPTED_KEY}

    # -- answers ---------------------------------------------------------------------------------
    def next_turn(self) -> tuple[int, Turn]:
        """The turn that answers the next main-loop request, and its number (from 1)."""
        with self._lock:
            self.served += 1
            n, turns = self.served, self.script.turns
            if n <= len(turns):
                return n, turns[n - 1]
            if self.script.loop and turns:
                return n, turns[-1]
            return n, text(self.script.final)

    def note(self, entry: dict[str, Any]) -> None:
        with self._lock:
            self.record.parent.mkdir(parents=True, exist_ok=True)
            with open(self.record, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n")

    def requests(self) -> list[dict[str, Any]]:
        """Every request recorded so far (the record file, parsed)."""
        if not self.record.is_file():
            return []
        return [json.loads(line) for line in self.record.read_text(encoding="utf-8").splitlines() if line.strip()]


def read_record(path: Path) -> list[dict[str, Any]]:
    """The requests a scripted model recorded in `path`."""
    path = Path(path)
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main_requests(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The bodies of the main-loop requests, in order."""
    return [r["body"] for r in records if r.get("answered", "").startswith("turn ")]


def system_text(body: dict[str, Any]) -> str:
    """A request's system prompt as one string (the client sends it as text blocks)."""
    system = body.get("system")
    if isinstance(system, str):
        return system
    if isinstance(system, list):
        return "\n".join(str(b.get("text", "")) for b in system if isinstance(b, dict))
    return ""


def _message(model: str, turn: Turn, ids: list[str]) -> dict[str, Any]:
    content = []
    for block, tid in zip(turn.content, ids, strict=True):
        content.append({**block, "id": tid} if block.get("type") == "tool_use" else dict(block))
    return {
        "id": f"msg_scripted_{uuid.uuid4().hex[:20]}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": turn.stop_reason,
        "stop_sequence": None,
        "usage": _usage(turn.usage),
    }


def _usage(usage: dict[str, int]) -> dict[str, int]:
    return {
        "input_tokens": int(usage.get("input_tokens", 0)),
        "output_tokens": int(usage.get("output_tokens", 0)),
        "cache_creation_input_tokens": int(usage.get("cache_creation_input_tokens", 0)),
        "cache_read_input_tokens": int(usage.get("cache_read_input_tokens", 0)),
    }


def _events(message: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The server-sent events that stream `message` as the Messages API does."""
    usage = message["usage"]
    start = {**message, "content": [], "stop_reason": None, "usage": {**usage, "output_tokens": 1}}
    yield "message_start", {"type": "message_start", "message": start}
    for i, block in enumerate(message["content"]):
        if block["type"] == "tool_use":
            opening = {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}
            yield "content_block_start", {"type": "content_block_start", "index": i, "content_block": opening}
            raw = json.dumps(block.get("input") or {}, ensure_ascii=False)
            for j in range(0, len(raw), 4000) or [0]:
                delta = {"type": "input_json_delta", "partial_json": raw[j : j + 4000]}
                yield "content_block_delta", {"type": "content_block_delta", "index": i, "delta": delta}
        else:
            opening = {"type": "text", "text": ""}
            yield "content_block_start", {"type": "content_block_start", "index": i, "content_block": opening}
            delta = {"type": "text_delta", "text": block.get("text", "")}
            yield "content_block_delta", {"type": "content_block_delta", "index": i, "delta": delta}
        yield "content_block_stop", {"type": "content_block_stop", "index": i}
    yield (
        "message_delta",
        {
            "type": "message_delta",
            "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
            "usage": {"output_tokens": usage["output_tokens"]},
        },
    )
    yield "message_stop", {"type": "message_stop"}


class _Handler(BaseHTTPRequestHandler):
    model: ScriptedModel
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass  # the record file is the log

    def _body(self) -> dict[str, Any]:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = {"unparsed": raw.decode("utf-8", errors="replace")}
        return body if isinstance(body, dict) else {"unparsed": body}

    def _note(self, body: Any, answered: str) -> None:
        headers = {k.lower(): v for k, v in self.headers.items() if k.lower() not in SECRET_HEADERS}
        self.model.note(
            {"received_at": now_iso(), "method": self.command, "path": self.path, "headers": headers,
             "body": body, "answered": answered}
        )  # fmt: skip

    def _json(self, status: int, payload: dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self._body()
        self._note(None, "404")
        self._json(404, {"type": "error", "error": {"type": "not_found_error", "message": "not scripted"}})

    do_HEAD = do_GET  # noqa: N815

    def do_POST(self) -> None:  # noqa: N802
        body = self._body()
        path = self.path.split("?", 1)[0]
        if path == "/v1/messages/count_tokens":
            self._note(body, "count_tokens")
            return self._json(200, {"input_tokens": 1000})
        if path != "/v1/messages":
            self._note(body, "404")
            return self._json(404, {"type": "error", "error": {"type": "not_found_error", "message": "not scripted"}})
        model = str(body.get("model") or "scripted")
        if is_side_request(body):
            turn, answered = Turn([{"type": "text", "text": "Scripted session"}], {"input_tokens": 10,
                                  "output_tokens": 3}), "side"  # fmt: skip
        else:
            n, turn = self.model.next_turn()
            answered = f"turn {n}"
        self._note(body, answered)
        ids = [f"toolu_scripted_{uuid.uuid4().hex[:16]}" for _ in turn.content]
        message = _message(model, turn, ids)
        if not body.get("stream"):
            return self._json(200, message)
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        for name, data in _events(message):
            self.wfile.write(f"event: {name}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode())
        self.wfile.flush()
        self.close_connection = True
