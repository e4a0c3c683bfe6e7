"""The client of the grading server: what a `whitecollar evaluate` process runs first.

Every evaluation job of the workflow starts an interpreter for this alone
when the server answers, so it imports only light standard-library modules
(no json, no pathlib: they cost more than the rest of the client). The
request is the argument vector, the working directory and the environment,
as NUL-separated fields (none of them can hold a NUL byte); the answer is
one line: `status N`, `stale` (the server refused code that changed since
it started) or `refused REASON`. `serve` returns None, and the caller
evaluates in its own process, whenever the server cannot be started or
reached, or the connection breaks before the exit status came: a
laboratory problem is never charged to the worker.
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import socket
import struct
import sys
import time

CACHE_ENV = "WHITECOLLAR_RECALC_CACHE"  # recalc_cache.ENV, not imported: the client stays light
SWITCH_ENV = "WHITECOLLAR_GRADING_SERVER"  # "0" turns the server off
PACKAGE = os.path.dirname(os.path.realpath(__file__))
START_S = 60.0
HEADER = struct.Struct("!I")
_FORMAT = b"whitecollar-grading-1"


def state_folder(cache_root: str) -> str:
    """The server folder for this Python, package, working directory and scenario root."""
    identity = "\0".join([sys.executable, PACKAGE, os.getcwd(), os.environ.get("WHITECOLLAR_ROOT", "")])
    return os.path.join(cache_root, f"grading-{hashlib.sha256(identity.encode('utf-8')).hexdigest()[:16]}")


def address(folder: str) -> str:
    """An abstract socket named after the folder's real path (no path-length limit, no file)."""
    return "\0whitecollar-grading-" + hashlib.sha256(os.path.realpath(folder).encode("utf-8")).hexdigest()[:24]


def encode_request(argv: list[str], cwd: str, env: dict[str, str]) -> bytes:
    fields = [_FORMAT, os.fsencode(cwd), str(len(argv)).encode("ascii"), *map(os.fsencode, argv),
              *(os.fsencode(k) + b"=" + os.fsencode(v) for k, v in env.items())]
    return b"\0".join(fields)


def decode_request(data: bytes) -> dict:
    """The server's reading of a request; ValueError when it is not one."""
    fields = data.split(b"\0")
    if len(fields) < 3 or fields[0] != _FORMAT:
        raise ValueError("not a grading request")
    n = int(fields[2])
    if n < 0 or len(fields) < 3 + n:
        raise ValueError("request cut short")
    env = {}
    for item in fields[3 + n:]:
        key, sep, value = item.partition(b"=")
        if not sep:
            raise ValueError("malformed environment entry")
        env[os.fsdecode(key)] = os.fsdecode(value)
    return {"cwd": os.fsdecode(fields[1]), "argv": [os.fsdecode(a) for a in fields[3:3 + n]], "env": env}


def serve(argv: list[str]) -> int | None:
    """The exit status of `argv` run by the grading server, or None: evaluate in this process."""
    root = os.environ.get(CACHE_ENV, "").strip()
    if not root or os.environ.get(SWITCH_ENV, "1") == "0":
        return None
    try:
        folder = state_folder(root)
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return None
    for _ in range(2):  # a second time after a server that refused stale code
        conn = _connect(folder) or _start(folder)
        if conn is None:
            return None
        with conn:
            reply = _request(conn, argv)
        if reply is None:
            return None
        word, _, rest = reply.partition(" ")
        if word == "status":
            try:
                return int(rest)
            except ValueError:
                return None
        if word != "stale":
            return None
    return None


def _connect(folder: str) -> socket.socket | None:
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        conn.connect(address(folder))
        return conn
    except OSError:
        conn.close()
        return None


def _start(folder: str) -> socket.socket | None:
    """Start the folder's server (one client at a time) and connect to it."""
    try:
        lock = open(os.path.join(folder, "lock"), "a")  # noqa: SIM115 - held while starting
    except OSError:
        return None
    with lock:
        deadline = time.monotonic() + START_S
        while True:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    return None
                time.sleep(0.02)
        conn = _connect(folder)  # another client may have started it meanwhile
        if conn is not None:
            return conn
        import subprocess  # only here: a client that finds its server running never needs it

        env = dict(os.environ)
        src = os.path.dirname(PACKAGE)
        parts = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
        env["PYTHONPATH"] = os.pathsep.join([src, *[p for p in parts if p != src]])
        try:
            with open(os.path.join(folder, "server.log"), "ab") as log:
                proc = subprocess.Popen([sys.executable, "-m", "whitecollar.grading_server", folder],
                                        stdin=subprocess.DEVNULL, stdout=log, stderr=log, env=env,
                                        start_new_session=True, close_fds=True)
        except OSError:
            return None
        while time.monotonic() < deadline and proc.poll() is None:
            conn = _connect(folder)
            if conn is not None:
                return conn
            time.sleep(0.01)
        return None


def _request(conn: socket.socket, argv: list[str]) -> str | None:
    """Send the request with this process's stdout and stderr; the server's answer line, or None."""
    payload = encode_request(argv, os.getcwd(), dict(os.environ))
    try:
        sys.stdout.flush()
        sys.stderr.flush()
        socket.send_fds(conn, [HEADER.pack(len(payload))], [1, 2])
        conn.sendall(payload)
        data = b""
        while not data.endswith(b"\n"):
            chunk = conn.recv(4096)
            if not chunk:
                return None  # the server or its worker broke mid-request
            data += chunk
        return data.decode("utf-8", "replace").strip()
    except (OSError, ValueError):
        return None
