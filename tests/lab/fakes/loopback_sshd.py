"""A real OpenSSH server on 127.0.0.1, for tests of the SSH transport.

Debian's sshd runs in the foreground on a free port with a throwaway host
key and a throwaway user key made in a temporary folder; only that key may
log in, as the user running the tests (root in CI: root login by key
only). The node entry it hands out is what config.yaml would hold for an
executor node, known_hosts included, so the transport under test connects
with strict host key checking exactly as it would to a real node.
"""

from __future__ import annotations

import getpass
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

SSHD = "/usr/sbin/sshd"


def available() -> str | None:
    """Why the server cannot run here, or None."""
    if not Path(SSHD).is_file():
        return f"{SSHD} not installed (tools/install-system-packages.sh installs openssh-server)"
    if shutil.which("ssh") is None or shutil.which("ssh-keygen") is None:
        return "ssh client not installed (tools/install-system-packages.sh installs openssh-client)"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _keygen(path: Path) -> str:
    subprocess.run(
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "whitecollar-test", "-f", str(path)],
        check=True,
        stdin=subprocess.DEVNULL,
    )
    return path.with_suffix(".pub").read_text().strip()


class LoopbackSshd:
    def __init__(self, root: Path, port: int | None = None):
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.user = getpass.getuser()
        self.workdir = self.root / "node-work"
        self.proc: subprocess.Popen | None = None
        self.host_key = self.root / "host_ed25519"
        self.user_key = self.root / "user_ed25519"
        if not self.host_key.exists():
            _keygen(self.host_key)
            (self.root / "authorized_keys").write_text(_keygen(self.user_key) + "\n")
        # one known_hosts per server: the entry names the port
        self.known_hosts = self.root / f"known_hosts.{self.port}"
        self.known_hosts.write_text(
            f"[127.0.0.1]:{self.port} {self.host_key.with_suffix('.pub').read_text().strip()}\n"
        )
        self.config = self.root / f"sshd_config.{self.port}"
        self.config.write_text(
            "\n".join(
                [
                    f"Port {self.port}",
                    "ListenAddress 127.0.0.1",
                    f"HostKey {self.host_key}",
                    "PidFile none",
                    f"AuthorizedKeysFile {self.root / 'authorized_keys'}",
                    f"AllowUsers {self.user}",
                    "PermitRootLogin prohibit-password",
                    "PubkeyAuthentication yes",
                    "PasswordAuthentication no",
                    "KbdInteractiveAuthentication no",
                    "UsePAM no",
                    "StrictModes no",
                    "AllowAgentForwarding no",
                    "AllowTcpForwarding no",
                    "X11Forwarding no",
                    "PermitTTY no",
                    "PermitUserEnvironment no",
                    "PrintMotd no",
                    "UseDNS no",
                    "MaxStartups 100",
                    "MaxSessions 100",
                    "LogLevel ERROR",
                    "",
                ]
            )
        )

    def start(self, timeout_s: float = 15) -> LoopbackSshd:
        if os.geteuid() == 0:
            os.makedirs("/run/sshd", mode=0o755, exist_ok=True)  # Debian's privilege separation folder
        self.proc = subprocess.Popen(
            [SSHD, "-D", "-f", str(self.config), "-E", str(self.root / "sshd.log")],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"sshd exited: {(self.root / 'sshd.log').read_text(errors='replace')[-2000:]}")
            probe = subprocess.run(self.client_argv("true"), capture_output=True, stdin=subprocess.DEVNULL)
            if probe.returncode == 0:
                return self
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"sshd on port {self.port} did not accept the test key within {timeout_s} s")

    def client_argv(self, command: str) -> list[str]:
        return [
            "ssh",
            "-F",
            "/dev/null",
            "-p",
            str(self.port),
            "-i",
            str(self.user_key),
            "-o",
            "BatchMode=yes",
            "-o",
            "StrictHostKeyChecking=yes",
            "-o",
            f"UserKnownHostsFile={self.known_hosts}",
            "-o",
            "ConnectTimeout=2",
            "-o",
            "LogLevel=ERROR",
            "-l",
            self.user,
            "127.0.0.1",
            command,
        ]

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for pid in self.connection_pids():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def connection_pids(self) -> list[int]:
        """The per-connection sshd processes (children of the listener): killing one drops its connection."""
        if self.proc is None:
            return []
        out = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.proc.pid:
                out.append(int(stat.parent.name))
        return out

    def node(self, name: str = "loopback", *, environment: list[str] | None = None, **ssh: Any) -> dict[str, Any]:
        """The config.yaml entry of this node."""
        return {
            "name": name,
            "transport": "ssh",
            "host": "127.0.0.1",
            "slots": 3,
            "capabilities": ["desktop-automation", "browser"],
            "ssh": {
                "user": self.user,
                "port": self.port,
                "key": str(self.user_key),
                "known_hosts": str(self.known_hosts),
                "workdir": str(self.workdir),
                "python": sys.executable,
                "environment": list(environment or []),
                "attempts": 3,
                "backoff_s": 0.2,
                "connect_timeout_s": 3,
                **ssh,
            },
        }
