"""The client of the grading server: what a `whitecollar evaluate` job runs.

Every evaluation job of the workflow starts an interpreter for this alone
when the server answers, so the workflow runs this file as a script in an
isolated interpreter without the site machinery (`command()`: no site
packages, no runpy), and it imports only modules built into the
interpreter: `_socket` rather than `socket` (which brings in enum and
selectors), a short FNV-1a hash for the server's names rather than hashlib
(which loads OpenSSL). Together these were two thirds of a job's time
outside the server. When the server does not answer, the script hands the
job to `python -m whitecollar` in a normal interpreter, which evaluates in
its own process. The request is the argument vector, the working directory and the environment,
as NUL-separated fields (none of them can hold a NUL byte); the answer is
one line: `status N`, `stale` (the server refused code that changed since
it started) or `refused REASON`. `serve` returns None, and the caller
evaluates in its own process, whenever the server cannot be started or
reached, or the connection breaks before the exit status came: a
laboratory problem is never charged to the worker.
"""

from __future__ import annotations

import _socket
import os
import sys
import time
from _struct import Struct

CACHE_ENV = "WHITECOLLAR_RECALC_CACHE"  # recalc_cache.ENV, not imported: the client stays light
SWITCH_ENV = "WHITECOLLAR_GRADING_SERVER"  # "0" turns the server off
HERE = os.path.dirname(os.path.realpath(__file__))
PACKAGE = os.path.dirname(HERE)  # the whitecollar package folder
START_S = 60.0
HEADER = Struct("!I")
_FDS = Struct("2i")
_FORMAT = b"whitecollar-grading-1"


def command(python: str | None = None) -> list[str]:
    """The argument vector that starts an evaluation job, before `evaluate TASK ...` (rules, benches)."""
    return [python or sys.executable, "-I", "-S", os.path.join(HERE, "grading_client.py")]


def name_hash(text: str) -> str:
    """64-bit FNV-1a of the text's UTF-8 bytes, in hex: a name, not a secret (no hashlib to load)."""
    h = 0xCBF29CE484222325
    for byte in text.encode("utf-8", "surrogateescape"):
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def state_folder(cache_root: str) -> str:
    """The server folder for this Python, package, working directory and scenario root."""
    identity = "\0".join([sys.executable, PACKAGE, os.getcwd(), os.environ.get("WHITECOLLAR_ROOT", "")])
    return os.path.join(cache_root, f"grading-{name_hash(identity)}")


def address(folder: str) -> str:
    """An abstract socket named after the folder's real path (no path-length limit, no file)."""
    return "\0whitecollar-grading-" + name_hash(os.path.realpath(folder))


def encode_request(argv: list[str], cwd: str, env: dict[str, str]) -> bytes:
    fields = [
        _FORMAT,
        os.fsencode(cwd),
        str(len(argv)).encode("ascii"),
        *map(os.fsencode, argv),
        *(os.fsencode(k) + b"=" + os.fsencode(v) for k, v in env.items()),
    ]
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
    for item in fields[3 + n :]:
        key, sep, value = item.partition(b"=")
        if not sep:
            raise ValueError("malformed environment entry")
        env[os.fsdecode(key)] = os.fsdecode(value)
    return {"cwd": os.fsdecode(fields[1]), "argv": [os.fsdecode(a) for a in fields[3 : 3 + n]], "env": env}


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
        try:
            reply = _request(conn, argv)
        finally:
            conn.close()
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


def _connect(folder: str) -> _socket.socket | None:
    conn = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        conn.connect(address(folder))
        return conn
    except OSError:
        conn.close()
        return None


def _start(folder: str) -> _socket.socket | None:
    """Start the folder's server (one client at a time) and connect to it."""
    import fcntl  # only here: a client that finds its server running never needs it

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

        env = _with_package(dict(os.environ))
        try:
            with open(os.path.join(folder, "server.log"), "ab") as log:
                proc = subprocess.Popen(
                    [sys.executable, "-m", "whitecollar.workflow.grading_server", folder],
                    stdin=subprocess.DEVNULL,
                    stdout=log,
                    stderr=log,
                    env=env,
                    start_new_session=True,
                    close_fds=True,
                )
        except OSError:
            return None
        while time.monotonic() < deadline and proc.poll() is None:
            conn = _connect(folder)
            if conn is not None:
                return conn
            time.sleep(0.01)
        return None


def _request(conn: _socket.socket, argv: list[str]) -> str | None:
    """Send the request with this process's stdout and stderr; the server's answer line, or None."""
    payload = encode_request(argv, os.getcwd(), dict(os.environ))
    try:
        sys.stdout.flush()
        sys.stderr.flush()
        conn.sendmsg([HEADER.pack(len(payload))], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, _FDS.pack(1, 2))])
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


def _with_package(env: dict[str, str]) -> dict[str, str]:
    """The environment with this package's folder first on PYTHONPATH (a checkout without an install).

    `bounded.child_env` does the same for the package's own children; the client cannot import it.
    """
    src = os.path.dirname(PACKAGE)
    parts = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    env["PYTHONPATH"] = os.pathsep.join([src, *[p for p in parts if p != src]])
    return env


def main() -> None:
    """The job's entry as a script (`command()`): served, or handed to a normal interpreter."""
    status = serve(sys.argv)
    if status is not None:
        sys.exit(status)
    sys.stdout.flush()
    sys.stderr.flush()
    env = _with_package(dict(os.environ, **{SWITCH_ENV: "0"}))  # evaluated there: not offered to a server again
    os.execve(sys.executable, [sys.executable, "-m", "whitecollar", *sys.argv[1:]], env)


if __name__ == "__main__":
    main()
