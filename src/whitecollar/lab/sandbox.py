"""The wall around a local worker: a bubblewrap sandbox per session.

On the local node a worker would otherwise run as the controller's user,
with the repository, `results/` (oracles included) and every other run's
workspace readable from its shell. Each session therefore runs in
bubblewrap (`bwrap`, Debian package `bubblewrap`) in new user, PID, IPC,
UTS and network namespaces:

- its workspace is the only place it can write (besides a private /tmp and
  a private home, both gone when it ends);
- the system (/usr, the /bin and /lib links, /etc without its secrets) is
  read-only; the repository, `results/`, /root and /home are absent;
- the network is loopback only; a portal arm's portal (which runs outside,
  on the host's 127.0.0.1) is reached through a relay: a Unix socket bound
  into the wall, carried back to the portal's port by the laboratory
  (`PortRelay`), and re-opened on the same port inside by
  `whitecollar.lab.wall_relay`, so the worker uses the URL it was given;
- a real client reaches its API, and nothing else, through an egress
  proxy: `HTTPS_PROXY` inside points at a relayed port whose far end
  (`EgressProxy`, in the laboratory) accepts `CONNECT` to the allowed
  host:port pairs only (the API's; the simulated worker gets none); an API
  on the host's own loopback (the scripted model, lab/scripted_model.py)
  is relayed in on its port like the portal;
- the worker command is visible read-only: the Python environment and the
  laboratory's package (code only, no data) for the simulated worker, plus
  the one scenario's `scenario.yaml` and `solve.py` it runs (never the
  oracle, never another scenario); a real client's executable tree.

Where bubblewrap cannot start (no user namespaces), `available()` says why
and the caller decides (lab/transport.py: a real worker is refused unless
the node says `sandbox: none`).
"""

from __future__ import annotations

import functools
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from whitecollar import paths

BWRAP = "bwrap"
#: where the laboratory's package appears inside the wall (an arbitrary path outside the repository)
INSIDE_ROOT = Path("/opt/whitecollar")
#: where the relay sockets appear inside the wall
RELAY_DIR = Path("/run/wall")
INSIDE_HOME = Path("/home/worker")
#: the system, read-only (those that exist here; /bin, /lib... are links into /usr on Debian 12)
SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc")
#: secrets under /etc hidden even from a reader that the user namespace maps to their owner
MASKED_ETC = (
    "/etc/ssh",
    "/etc/shadow",
    "/etc/gshadow",
    "/etc/shadow-",
    "/etc/gshadow-",
    "/etc/sudoers",
    "/etc/sudoers.d",
    "/etc/ssl/private",
)
SIMULATED_MODULE = "whitecollar.lab.simulated_worker"
#: where a real client may connect through the egress proxy; ANTHROPIC_BASE_URL's host is added when set
API_HOSTS = ("api.anthropic.com:443",)
#: the proxy's port inside the wall (a portal's port is an ephemeral one, far above)
EGRESS_PORT = 3128
#: the unprivileged identity inside the wall
INSIDE_UID = 1000


class SandboxUnavailable(OSError):
    """bubblewrap cannot start a sandbox here; the message says why."""


@functools.lru_cache(maxsize=1)
def available() -> tuple[bool, str]:
    """Whether bubblewrap can start a walled process here (checked once per process), and why not."""
    exe = shutil.which(BWRAP)
    if exe is None:
        return False, "bubblewrap (bwrap) is not installed; run tools/install-system-packages.sh"
    try:
        proc = subprocess.run(
            [
                exe,
                "--unshare-all",
                "--unshare-user",
                "--die-with-parent",
                *_system_binds(),
                "--proc",
                "/proc",
                "--dev",
                "/dev",
                "true",
            ],
            capture_output=True,
            text=True,
            timeout=30,
            stdin=subprocess.DEVNULL,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return False, f"bubblewrap does not start: {exc}"
    if proc.returncode != 0:
        why = (proc.stderr.strip().splitlines() or ["no message"])[-1]
        return False, f"bubblewrap cannot create a sandbox here (are unprivileged user namespaces enabled?): {why}"
    return True, f"bubblewrap {exe}"


def _system_binds() -> list[str]:
    args: list[str] = []
    for d in SYSTEM_DIRS:
        if os.path.lexists(d):
            if os.path.islink(d):
                args += ["--symlink", os.readlink(d), d]
            else:
                args += ["--ro-bind", d, d]
    for masked in MASKED_ETC:
        if os.path.isdir(masked) and not os.path.islink(masked):
            args += ["--tmpfs", masked]
        elif os.path.lexists(masked):
            args += ["--ro-bind", "/dev/null", masked]
    return args


@dataclass
class Wall:
    """What one session's wall lets through, in bubblewrap's terms."""

    workspace: Path
    readonly: list[tuple[Path, Path]] = field(default_factory=list)  # (on the host, inside)
    setenv: dict[str, str] = field(default_factory=dict)
    relays: dict[int, Path] = field(default_factory=dict)  # port inside -> host Unix socket
    egress: bool = False  # a real client: its API through the egress proxy

    def argv(self, command: list[str], *, status_fd: int | None = None) -> list[str]:
        """The bwrap command line that runs `command` behind this wall.

        With `status_fd`, a shell inside (bash: the descriptor may have two
        digits) writes `started` on that descriptor and closes it once the
        wall stands, just before it becomes the command: a wall that never got that far is the
        laboratory's failure, not the worker's.
        """
        ws = str(self.workspace)
        args = [
            shutil.which(BWRAP) or BWRAP,
            "--unshare-all",
            "--unshare-user",
            "--die-with-parent",
            "--uid",
            str(INSIDE_UID),
            "--gid",
            str(INSIDE_UID),
            "--hostname",
            "worker",
            *_system_binds(),
            "--proc",
            "/proc",
            "--dev",
            "/dev",
            "--tmpfs",
            "/tmp",
            "--tmpfs",
            str(INSIDE_HOME),
            "--tmpfs",
            "/run",
        ]
        seen: set[str] = set()
        for host, inside in sorted(self.readonly, key=lambda hi: (len(hi[1].parts), str(hi[1]))):
            if str(inside) not in seen:
                seen.add(str(inside))
                args += ["--ro-bind", str(host), str(inside)]
        if self.relays:
            socket_dir = next(iter(self.relays.values())).parent
            args += ["--ro-bind", str(socket_dir), str(RELAY_DIR)]
        # the folders made to hold the mount points are read-only too: only the workspace, /tmp and home take writes
        args += [
            "--bind",
            ws,
            ws,
            "--remount-ro",
            "/",
            "--chdir",
            ws,
            "--setenv",
            "HOME",
            str(INSIDE_HOME),
            "--setenv",
            "TMPDIR",
            "/tmp",
        ]
        for k, v in sorted(self.setenv.items()):
            args += ["--setenv", k, v]
        args.append("--")
        if status_fd is not None:
            args += ["/bin/bash", "-c", f'echo started >&{status_fd}; exec {status_fd}>&-; exec "$@"', "wall"]
        if self.relays:
            forwards = [f"{port}={RELAY_DIR / sock.name}" for port, sock in sorted(self.relays.items())]
            args += [
                sys.executable,
                "-m",
                "whitecollar.lab.wall_relay",
                *[x for f in forwards for x in ("--forward", f)],
                "--",
            ]
        return args + command


def _venv_binds() -> list[tuple[Path, Path]]:
    """The running interpreter's environment, read-only at the path the worker command names."""
    binds = []
    for prefix in sorted({sys.prefix, sys.base_prefix}):
        if prefix.startswith(("/usr", "/bin", "/lib")):
            continue  # already part of the read-only system
        real = Path(prefix).resolve()
        binds += [(real, Path(prefix)), (real, real)]  # the venv may be named through a link
    return binds


def _package_binds() -> list[tuple[Path, Path]]:
    """The laboratory's package (its code and schemas), at a neutral path outside any checkout."""
    pkg = Path(__file__).resolve().parents[1]  # the whitecollar package
    return [(pkg, INSIDE_ROOT / "src" / "whitecollar")]


def _executable_binds(program: str) -> list[tuple[Path, Path]]:
    """A client executable and the tree it runs from (an npm package's folder, or the file itself)."""
    found = shutil.which(program)
    if found is None:
        return []
    real = Path(found).resolve()
    if str(real).startswith(("/usr/", "/bin/", "/lib")):
        return []
    binds = [(real, Path(found))] if Path(found) != real else []
    root = real
    for parent in real.parents:  # an npm-installed client needs its package's node_modules
        if (parent / "package.json").is_file():
            root = parent
            break
    return binds + [(root, root)]


def wall_for(command: list[str], workspace: Path) -> Wall:
    """The wall for one worker command: what that command needs to see, and nothing of the laboratory's data."""
    wall = Wall(Path(workspace).resolve())
    wall.readonly += _venv_binds() + _package_binds()
    wall.setenv.update(
        PYTHONPATH=str(INSIDE_ROOT / "src"), WHITECOLLAR_ROOT=str(INSIDE_ROOT), PYTHONDONTWRITEBYTECODE="1"
    )
    if len(command) >= 3 and command[1:3] == ["-m", SIMULATED_MODULE] and "--task" in command:
        task = command[command.index("--task") + 1]
        folder = paths.SCENARIOS / task
        for name in ("scenario.yaml", "solve.py"):  # what the stand-in runs; never evaluate.py, never an oracle
            wall.readonly.append((folder / name, INSIDE_ROOT / "benchmark" / "scenarios" / task / name))
    elif command:
        wall.egress = True
        inside = [i for _, i in wall.readonly]
        program = shutil.which(command[0])
        if program and not any(Path(program).is_relative_to(i) for i in inside):
            wall.readonly += _executable_binds(command[0])
    return wall


class PortRelay:
    """Carries connections from a Unix socket (bound into the wall) to a port on the host's loopback."""

    def __init__(self, port: int, socket_dir: Path):
        self.port = port
        self.path = Path(socket_dir) / f"port-{port}.sock"
        self._server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._server.bind(str(self.path))
        os.chmod(self.path, 0o777)  # the walled user is another uid
        self._server.listen(16)
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._closed:
            try:
                conn, _ = self._server.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(("127.0.0.1", self.port), timeout=10)
                upstream.settimeout(None)
            except OSError:
                conn.close()
                continue
            splice(conn, upstream)

    def close(self) -> None:
        self._closed = True
        try:
            self._server.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._server.close()


def api_hosts(environ: Mapping[str, str] | None = None) -> list[str]:
    """The host:port pairs a real client may reach: its API, ANTHROPIC_BASE_URL's host when that is set.

    A client pointed at another API (a gateway, the scripted model) talks
    to nothing else, so the default host is not allowed beside it.
    """
    base = (os.environ if environ is None else environ).get("ANTHROPIC_BASE_URL")
    if base:
        parts = urlsplit(base)
        if parts.hostname:
            return [f"{parts.hostname}:{parts.port or (443 if parts.scheme == 'https' else 80)}"]
    return sorted(API_HOSTS)


def loopback_api_port(environ: Mapping[str, str] | None = None) -> int | None:
    """The port of an API on the host's loopback (plain http), which reaches the wall through a relay, not the proxy."""
    base = (os.environ if environ is None else environ).get("ANTHROPIC_BASE_URL") or ""
    parts = urlsplit(base)
    if parts.scheme == "http" and parts.hostname in ("127.0.0.1", "localhost") and parts.port:
        return int(parts.port)
    return None


class EgressProxy:
    """An HTTP CONNECT proxy on a Unix socket that opens tunnels to allowed host:port pairs only.

    Bound into the wall through the relay; anything else a walled client
    asks for gets 403 and is noted in `refused`.
    """

    def __init__(self, socket_dir: Path, allowed: list[str]):
        self.allowed = set(allowed)
        self.refused: list[str] = []
        self.path = Path(socket_dir) / "egress.sock"
        self._server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._server.bind(str(self.path))
        os.chmod(self.path, 0o777)
        self._server.listen(16)
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self._server.accept()
            except OSError:
                return
            threading.Thread(target=self._tunnel, args=(conn,), daemon=True).start()

    def _tunnel(self, conn: socket.socket) -> None:
        conn.settimeout(15)
        head = b""
        try:
            while b"\r\n\r\n" not in head and len(head) < 8192:
                chunk = conn.recv(4096)
                if not chunk:
                    break
                head += chunk
            words = head.split(b"\r\n", 1)[0].decode("latin-1").split()
            target = words[1] if len(words) == 3 and words[0] == "CONNECT" else ""
            if target not in self.allowed:
                self.refused.append(target or (words[0] if words else "?"))
                conn.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
                conn.close()
                return
            host, _, port = target.rpartition(":")
            upstream = socket.create_connection((host, int(port)), timeout=15)
            upstream.settimeout(None)
            conn.settimeout(None)
            conn.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
            rest = head.split(b"\r\n\r\n", 1)[1]
            if rest:
                upstream.sendall(rest)
        except (OSError, ValueError):
            conn.close()
            return
        splice(conn, upstream)

    def close(self) -> None:
        try:
            self._server.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._server.close()


def splice(a: socket.socket, b: socket.socket) -> None:
    """Copy bytes both ways between two connected sockets, each direction in its own thread."""

    def pump(src: socket.socket, dst: socket.socket) -> None:
        try:
            while chunk := src.recv(65536):
                dst.sendall(chunk)
        except OSError:
            pass
        finally:
            for s, how in ((dst, socket.SHUT_WR), (src, socket.SHUT_RD)):
                try:
                    s.shutdown(how)
                except OSError:
                    pass

    threads = [
        threading.Thread(target=pump, args=(a, b), daemon=True),
        threading.Thread(target=pump, args=(b, a), daemon=True),
    ]
    for t in threads:
        t.start()

    def close_when_done() -> None:
        for t in threads:
            t.join()
        a.close()
        b.close()

    threading.Thread(target=close_when_done, daemon=True).start()


def relay_dir() -> Path:
    """A fresh folder for one session's relay sockets, outside any workspace."""
    d = Path(tempfile.mkdtemp(prefix="wall-"))
    d.chmod(0o755)
    return d
