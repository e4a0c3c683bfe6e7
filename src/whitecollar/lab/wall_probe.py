"""The wall tried from inside, as a worker would (the local node's probe).

A session in a scratch workspace tries to read what it must not (an oracle,
the repository, another run's workspace, the controller's home), to write
outside its own workspace and to reach a host port that is not its portal;
each try and its refusal is reported. It runs through the real transport,
so it lives beside `sandbox` (which builds the wall) rather than in it.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import sys
import tempfile
from pathlib import Path

from whitecollar import paths
from whitecollar.lab.events import EventRecorder, read_events
from whitecollar.lab.sandbox import available
from whitecollar.lab.transport import LocalTransport

#: run inside the wall by `probe_wall`: each try and what came of it, as one JSON line on stdout
WALL_TRIES = r"""
import json, socket, sys
tries = json.loads(sys.argv[1])
seen = {}
for name, path in tries.get("read", {}).items():
    try:
        with open(path, "rb") as fh:
            fh.read(1)
        seen["read " + name] = "allowed"
    except OSError as exc:
        seen["read " + name] = "refused: " + (exc.strerror or type(exc).__name__)
for name, path in tries.get("write", {}).items():
    try:
        with open(path, "w") as fh:
            fh.write("written from inside the wall\n")
        seen["write " + name] = "allowed"
    except OSError as exc:
        seen["write " + name] = "refused: " + (exc.strerror or type(exc).__name__)
for name, port in tries.get("connect", {}).items():
    try:
        socket.create_connection(("127.0.0.1", port), timeout=3).close()
        seen["connect " + name] = "allowed"
    except OSError as exc:
        seen["connect " + name] = "refused: " + (exc.strerror or type(exc).__name__)
print(json.dumps({"type": "wall_tries", "seen": seen}), flush=True)
"""


def probe_wall(work_root: Path, oracles: Path | None = None) -> dict:
    """Try the wall from inside, as a worker would: what it tried, and what was refused.

    A session in a scratch workspace under `work_root` tries to read an
    oracle (a real one under `oracles` when there is one, else a decoy next
    to the workspaces), the repository, another run's workspace and the
    controller's home; to write into that workspace, the repository and the
    system; and to connect to a port on the host's loopback that is not its
    portal. Its own workspace must be readable and writable; everything else
    must be refused, and nothing may land on the host.
    """
    ok, why = available()
    if not ok:
        return {"ok": False, "detail": why, "tries": {}}
    scratch = Path(tempfile.mkdtemp(prefix=".wall-probe-", dir=Path(work_root).resolve()))
    mine, other = scratch / "mine", scratch / "other"
    for ws in (mine, other):
        ws.mkdir()
        (ws / "input.txt").write_text("input\n", encoding="utf-8")
    oracle = (
        next(iter(sorted(p for p in Path(oracles).rglob("*") if p.is_file())), None)
        if oracles and Path(oracles).is_dir()
        else None
    )
    if oracle is None:
        oracle = scratch / "restricted" / "oracle.json"
        oracle.parent.mkdir()
        oracle.write_text('{"decoy": true}\n', encoding="utf-8")
    planted = {
        "another workspace": other / "planted.txt",
        "the repository": paths.REPO_ROOT / f"{scratch.name}.txt",
        "the system": Path("/usr") / f"{scratch.name}.txt",
    }
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    home = _a_home_file()
    tries = {
        "read": {
            "its own workspace": str(mine / "input.txt"),
            "an oracle": str(oracle),
            "the repository": str(paths.REPO_ROOT / "config.yaml"),
            "another workspace": str(other / "input.txt"),
            **({"a file in the controller's home": str(home[0])} if home else {}),
        },
        "write": {"its own workspace": str(mine / "output.txt"), **{k: str(v) for k, v in planted.items()}},
        "connect": {"a host port that is not its portal": listener.getsockname()[1]},
    }
    try:
        events = scratch / "events.jsonl"
        with EventRecorder(events) as rec:
            outcome = LocalTransport(walled=True).run(
                [sys.executable, "-c", WALL_TRIES, json.dumps(tries)], mine, rec, time_limit_s=60
            )
        seen = next(
            (e["event"]["seen"] for e in read_events(events) if e.get("event", {}).get("type") == "wall_tries"), None
        )
        landed = sorted(k for k, v in planted.items() if v.exists())
    finally:
        listener.close()
        for v in planted.values():
            if v.parent != other:
                v.unlink(missing_ok=True)
        shutil.rmtree(scratch, ignore_errors=True)
    if seen is None:
        return {
            "ok": False,
            "detail": f"the walled session did not report (exit {outcome.exit_code}): {outcome.stderr_tail[-300:]}",
            "tries": {},
        }
    for name, _target in planted.items():  # a path under /tmp is made in the session's private /tmp, never the host's
        if seen.get("write " + name) == "allowed" and name not in landed:
            seen["write " + name] = "refused: written in the session's private /tmp, nothing reached the host"
    own = [k for k in seen if k.endswith("its own workspace")]
    allowed = sorted(k for k, v in seen.items() if v == "allowed" and k not in own)
    own_ok = all(seen[k] == "allowed" for k in own)
    ok = own_ok and not allowed and not landed
    refused = sum(v != "allowed" for k, v in seen.items() if k not in own)
    if ok:
        detail = f"bubblewrap: {refused} of {len(seen) - len(own)} tries refused, its own workspace read and written"
    else:
        detail = "FAILED: " + "; ".join(
            x
            for x in [
                "its own workspace was not usable" if not own_ok else "",
                f"allowed: {', '.join(allowed)}" if allowed else "",
                f"landed on the host: {', '.join(landed)}" if landed else "",
            ]
            if x
        )
    return {"ok": ok, "detail": detail, "tries": dict(sorted(seen.items()))}


def _a_home_file() -> list[Path]:
    """One regular file of the controller's home, if it has any, for the wall's probe to try."""
    try:
        return sorted(p for p in Path.home().iterdir() if p.is_file() and os.access(p, os.R_OK))[:1]
    except OSError:
        return []
