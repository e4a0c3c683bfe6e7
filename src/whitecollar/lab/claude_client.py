"""The Claude Code client the project installs for itself.

A real run is only as reproducible as the client that ran it, so the client
is pinned (tools/claude-code/package-lock.json) and installed by the
project into tools/claude-code/node_modules (tools/install-claude-code.sh,
part of `make bootstrap`), never taken from whatever `claude` is on PATH.
The npm package ships one native binary per platform as an optional
dependency; the launcher runs that binary directly, so nothing depends on
the package's postinstall step.
"""

from __future__ import annotations

import json
import platform
from pathlib import Path

from whitecollar import paths

#: the project's own client installation (gitignored node_modules under it)
CLIENT_DIR = paths.REPO_ROOT / "tools" / "claude-code"
PACKAGE = "@anthropic-ai/claude-code"
INSTALL_HINT = "run tools/install-claude-code.sh (or make bootstrap)"


class ClientNotInstalled(FileNotFoundError):
    """The pinned client is not installed here; the message says how to install it."""


def pinned_version(client_dir: Path = CLIENT_DIR) -> str:
    """The version tools/claude-code/package.json pins."""
    manifest = client_dir / "package.json"
    try:
        return str(json.loads(manifest.read_text(encoding="utf-8"))["dependencies"][PACKAGE])
    except (OSError, ValueError, KeyError) as exc:
        raise ClientNotInstalled(f"{manifest}: cannot read the pinned {PACKAGE} version ({exc})") from None


def _platform_packages() -> list[str]:
    """The names of the per-platform packages that can run here, most specific first."""
    system = platform.system().lower()
    machine = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64", "arm64": "arm64"}.get(
        platform.machine().lower(), platform.machine().lower()
    )
    if system == "linux":
        musl = any(Path("/lib").glob("ld-musl-*"))
        return [f"claude-code-linux-{machine}-musl"] if musl else [f"claude-code-linux-{machine}"]
    return [f"claude-code-{system}-{machine}"]


def installed_client(client_dir: Path = CLIENT_DIR) -> Path:
    """The native binary of the pinned client, installed by the project; raises when it is not there.

    The installed package must be the pinned version: a stale installation
    would run a client nobody proved.
    """
    modules = client_dir / "node_modules" / "@anthropic-ai"
    want = pinned_version(client_dir)
    try:
        have = json.loads((modules / "claude-code" / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        raise ClientNotInstalled(
            f"{modules / 'claude-code'}: the Claude Code client is not installed; {INSTALL_HINT}"
        ) from None
    if have != want:
        raise ClientNotInstalled(
            f"{modules / 'claude-code'}: Claude Code {have} is installed, the project pins {want}; {INSTALL_HINT}"
        )
    for name in _platform_packages():
        binary = modules / name / "claude"
        if binary.is_file():
            return binary
    raise ClientNotInstalled(
        f"{modules}: no native Claude Code binary for this platform ({', '.join(_platform_packages())}); {INSTALL_HINT}"
    )


def client_executable(configured: str | None) -> str:
    """The executable a run starts: worker.claude_code.executable when set, else the project's pinned client."""
    return str(configured) if configured else str(installed_client())
