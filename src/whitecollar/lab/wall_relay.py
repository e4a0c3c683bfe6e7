"""Inside the wall: re-open the portal's port on the sandbox's loopback, then run the worker.

The sandbox has its own network namespace with only a loopback interface,
so the portal listening on the host's 127.0.0.1 is out of reach. The
laboratory binds a Unix socket into the wall that leads to the portal
(lab/sandbox.py, `PortRelay`); this program listens on the same port inside
and carries each connection to that socket, then starts the worker command
with the same stdout and stderr and exits with its status. Standard library
only: it runs before the worker, with the laboratory's package read-only.
"""

from __future__ import annotations

import argparse
import signal
import socket
import subprocess
import sys
import threading


def _serve(port: int, unix_path: str) -> socket.socket:
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", port))
    server.listen(16)

    def accept() -> None:
        from whitecollar.lab.sandbox import splice

        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                upstream.connect(unix_path)
            except OSError:
                conn.close()
                upstream.close()
                continue
            splice(conn, upstream)

    threading.Thread(target=accept, daemon=True).start()
    return server


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="loopback relay inside the worker's sandbox")
    p.add_argument("--forward", action="append", default=[], help="PORT=/path/to/unix.sock")
    p.add_argument("command", nargs=argparse.REMAINDER)
    a = p.parse_args(argv)
    command = a.command[1:] if a.command[:1] == ["--"] else a.command
    if not command:
        p.error("no worker command after --")
    for spec in a.forward:
        port, _, path = spec.partition("=")
        _serve(int(port), path)
    proc = subprocess.Popen(command)
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda s, _f: proc.send_signal(s))
    code = proc.wait()
    return code if code >= 0 else 128 - code


if __name__ == "__main__":
    sys.exit(main())
