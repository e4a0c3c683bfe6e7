"""Running a worker on an executor node over SSH.

The controller composes the workspace and collects from it exactly as for a
local run; this transport only moves the workspace to the node and back,
so collection and the integrity check run unchanged on the controller:

1. push: the workspace as a tar stream (links stored as links, never
   followed) into a fresh folder under the node's work directory, and
   `sha256sum -c` of its MANIFEST.sha256 on the node, so a worker never
   starts on inputs that differ from what was composed;
2. run: the worker in that folder, its stdout streamed line by line into
   the event recorder, its stderr kept; the remote login shell writes its
   process id (sshd makes it the leader of a new session, hence of the
   session's process group) before it becomes the worker, so the whole
   remote session can be killed at the wall limit or after a dropped
   connection;
3. pull: the whole remote folder back into the local workspace (links kept
   as links, device files and paths leaving the folder refused, a size cap);
4. delete the remote folder.

Copy steps (push, stop, pull, delete) are retried with exponential backoff,
a bounded number of times. The session step is never retried (a worker
must not run twice); a connection that drops during it is recorded, the
remote session is killed, and the run ends as a failed session, never as a
success. A session that demonstrably never started, or a push that keeps
failing, is a laboratory failure (nothing ran); a workspace that cannot be
pulled back after a complete session is a laboratory failure too, and the
remote folder is left in place, since it holds the only copy of the work.

In portal arms (the workspace carries portal/portal.json) the portal runs
on the node next to the worker, bound to the node's loopback interface:
the remote session starts it (`python -m whitecollar.lab.ssh
portal-session`), records the address in the workspace and re-writes the
manifest, then runs the worker, and stops the portal when the worker ends.

Connection settings come from config.yaml (`nodes[].ssh`): user, key,
port, known_hosts (host keys are checked strictly against that file only),
a remote work directory, the node's own python and client executables, the
names of environment variables to forward, extra ssh options. The user's
~/.ssh/config is not read, agent and X11 forwarding are off, and nothing is
ever asked interactively. Forwarded variables travel on the session's
stdin, never on a command line.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import signal
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from whitecollar.lab.events import EventRecorder
from whitecollar.lab.session import LabFailure
from whitecollar.lab.transport import Outcome, _die_with_parent, kill_group, pump_session

T = TypeVar("T")

SSH_EXIT_CONNECTION = 255
PORTAL_MARK = "whitecollar-portal-url: "
PORTAL_FAILED_MARK = "whitecollar-portal-failed: "
STARTED_MARK = "whitecollar-session-had-started"
STDERR_TAIL = 4000
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class SshConfigError(ValueError):
    """A node's ssh settings are incomplete or invalid; the message names the key."""


class SshError(OSError):
    """A copy step kept failing, or the session never started: nothing ran, the run is retried."""


class RemoteLost(LabFailure):
    """The session ran but its workspace could not be brought back; it stays on the node."""


class _StepFailed(Exception):
    """One attempt of a copy step failed (retried by the caller)."""


@dataclass(frozen=True)
class SshSettings:
    node: str
    host: str
    user: str | None
    port: int
    key: str
    known_hosts: str
    workdir: str
    python: str | None
    claude: str | None
    environment: tuple[str, ...]
    options: tuple[str, ...]
    connect_timeout_s: int
    attempts: int
    backoff_s: float
    copy_timeout_s: float
    max_pull_bytes: int

    @classmethod
    def from_node(cls, node: dict[str, Any]) -> SshSettings:
        name = node.get("name", "?")
        ssh = dict(node.get("ssh") or {})
        where = f"config.yaml: nodes[{name}]"
        host = node.get("host")
        if not host:
            raise SshConfigError(f"{where}.host is required for an ssh node")
        for key in ("key", "known_hosts"):
            if not ssh.get(key):
                raise SshConfigError(
                    f"{where}.ssh.{key} is required (an ssh node is reached with a key, and its host "
                    "key is checked against a known_hosts file)"
                )
        env = tuple(ssh.get("environment") or ())
        bad = [n for n in env if not _ENV_NAME.match(n)]
        if bad:
            raise SshConfigError(f"{where}.ssh.environment: {bad[0]!r} is not a variable name")
        workdir = str(ssh.get("workdir") or "whitecollar-work").rstrip("/")
        if not workdir or workdir in ("/", ".", "~"):
            raise SshConfigError(f"{where}.ssh.workdir must name a folder of its own on the node, not {workdir!r}")
        return cls(
            node=name,
            host=str(host),
            user=ssh.get("user"),
            port=int(ssh.get("port", 22)),
            key=os.path.expanduser(str(ssh["key"])),
            known_hosts=os.path.expanduser(str(ssh["known_hosts"])),
            workdir=workdir,
            python=ssh.get("python"),
            claude=ssh.get("claude"),
            environment=env,
            options=tuple(str(o) for o in ssh.get("options") or ()),
            connect_timeout_s=int(ssh.get("connect_timeout_s", 10)),
            attempts=max(1, int(ssh.get("attempts", 3))),
            backoff_s=float(ssh.get("backoff_s", 2.0)),
            copy_timeout_s=float(ssh.get("copy_timeout_s", 900)),
            max_pull_bytes=int(float(ssh.get("max_pull_mb", 4096)) * 2**20),
        )


@dataclass(frozen=True)
class RemotePaths:
    """Where one run lives on the node: its folder, and beside it (never inside) the lab's own files."""

    workspace: str
    pidfile: str
    portal_pidfile: str
    portal_log: str
    home: str

    @classmethod
    def for_run(cls, workdir: str, name: str) -> RemotePaths:
        return cls(
            f"{workdir}/{name}",
            f"{workdir}/.{name}.pid",
            f"{workdir}/.{name}.portal.pid",
            f"{workdir}/.{name}.portal.log",
            f"{workdir}/.{name}.home",
        )

    def lab_files(self) -> str:
        """The lab's own files beside the workspace, quoted for a shell line."""
        return " ".join(_q(p) for p in (self.pidfile, self.portal_pidfile, self.portal_log, self.home))


def _q(text: str) -> str:
    return shlex.quote(text)


def _sh(script: str) -> str:
    """A script for the node's login shell to hand to sh, whatever that login shell is."""
    return f"sh -c {_q(script)}"


def _anonymous(info: tarfile.TarInfo) -> tarfile.TarInfo:
    """Tar entries carry no controller user or group names."""
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


class SshTransport:
    """The Transport of nodes with `transport: ssh`."""

    #: the node, not the controller, starts a portal arm's portal (lab/session.py reads this)
    remote_portal = True

    def __init__(self, node: dict[str, Any], *, sleep: Callable[[float], None] = time.sleep):
        self.settings = SshSettings.from_node(node)
        self._sleep = sleep

    # -- commands ----------------------------------------------------------------------------------
    def ssh_argv(self, command: str) -> list[str]:
        s = self.settings
        argv = [
            "ssh",
            "-F",
            "/dev/null",
            "-T",
            "-p",
            str(s.port),
            "-i",
            s.key,
            "-o",
            "BatchMode=yes",
            "-o",
            "IdentitiesOnly=yes",
            "-o",
            "ForwardAgent=no",
            "-o",
            "ForwardX11=no",
            "-o",
            "ClearAllForwardings=yes",
            "-o",
            "StrictHostKeyChecking=yes",
            "-o",
            f"UserKnownHostsFile={s.known_hosts}",
            "-o",
            "GlobalKnownHostsFile=/dev/null",
            "-o",
            "UpdateHostKeys=no",
            "-o",
            f"ConnectTimeout={s.connect_timeout_s}",
            "-o",
            "ServerAliveInterval=10",
            "-o",
            "ServerAliveCountMax=3",
            "-o",
            "LogLevel=ERROR",
        ]
        for opt in s.options:
            argv += ["-o", opt]
        if s.user:
            argv += ["-l", s.user]
        return argv + ["--", s.host, command]

    def shell(self, script: str, *, timeout_s: float = 120) -> subprocess.CompletedProcess:
        """Run a shell script on the node once (probes), with the forwarded variables; stdout and stderr as text."""
        wrapped = f'IFS= read -r wc_env || :\neval "$wc_env"\nunset wc_env\n{script}'
        return subprocess.run(
            self.ssh_argv(_sh(wrapped)),
            capture_output=True,
            text=True,
            input=_env_line(self.forwarded_env()) + "\n",
            timeout=timeout_s,
        )

    def localise(self, argv: list[str]) -> list[str]:
        """The worker's program as the node knows it: its python for python workers, its client otherwise."""
        s = self.settings
        is_python = os.path.realpath(argv[0]) == os.path.realpath(sys.executable)
        program = (s.python if is_python else s.claude) or argv[0]
        return [program, *argv[1:]]

    def forwarded_env(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        env = {n: os.environ[n] for n in self.settings.environment if n in os.environ}
        env.update(extra or {})
        return env

    # -- the run -----------------------------------------------------------------------------------
    def run(
        self,
        argv: list[str],
        workspace: Path,
        recorder: EventRecorder,
        *,
        time_limit_s: float,
        env: dict[str, str] | None = None,
    ) -> Outcome:
        workspace = Path(workspace).resolve()
        rp = RemotePaths.for_run(self.settings.workdir, workspace.name)
        portal = (workspace / "portal" / "portal.json").is_file()
        recorder.note("ssh_push", node=self.settings.node, host=self.settings.host, remote=rp.workspace)
        self._retry("push", lambda: self._push(workspace, rp), recorder)
        if env and "HOME" in env:  # the backend asked for a fresh home: the node's own, beside the workspace
            env = {**env, "HOME": rp.home, "CLAUDE_CONFIG_DIR": f"{rp.home}/.claude"}
        outcome, stderr_head = self._session(
            self.localise(argv), rp, recorder, time_limit_s=time_limit_s, env=self.forwarded_env(env), portal=portal
        )
        lost = not outcome.timed_out and outcome.exit_code == SSH_EXIT_CONNECTION
        if lost:
            recorder.note("connection_lost", step="session", node=self.settings.node, stderr=outcome.stderr_tail[-500:])
        # one connection stops what is left of the session and brings the workspace back
        pulled = self._soft("pull", lambda: self._stop_and_pull(workspace, rp), recorder)
        started, skipped = pulled if pulled is not None else (None, None)
        failed_portal = _marked(stderr_head, PORTAL_FAILED_MARK)
        if (lost and started is False) or failed_portal:
            self._soft("delete", lambda: self._delete(rp), recorder)
            why = (
                f"the portal could not start: {failed_portal}"
                if failed_portal
                else f"the session did not start: {outcome.stderr_tail[-300:].strip()}"
            )
            raise SshError(f"{self.settings.node}: {why}")
        url = _marked(stderr_head, PORTAL_MARK)
        if url:
            recorder.note("portal", url=url, node=self.settings.node, log="portal.log")
        if skipped is None:
            self._soft("stop", lambda: self._stop(rp), recorder, attempts=1)
            if not lost:
                raise RemoteLost(
                    f"{self.settings.node}: the session ended but its workspace could not be pulled back "
                    f"after {self.settings.attempts} attempts; it is left on the node in {rp.workspace}"
                )
            recorder.note("pull_failed", node=self.settings.node, remote=rp.workspace)
        else:
            recorder.note("ssh_pulled", node=self.settings.node, skipped=skipped)
            # the portal's log comes back with the delete step, into the run folder beside events.jsonl
            log = recorder.path.parent / "portal.log" if portal else None
            self._soft("delete", lambda: self._delete(rp, portal_log=log), recorder)
        return outcome

    # -- steps -------------------------------------------------------------------------------------
    def _push(self, ws: Path, rp: RemotePaths) -> None:
        r = _q(rp.workspace)
        script = "\n".join(
            [
                "set -e",
                f"rm -rf {r} {rp.lab_files()}",
                f"mkdir -p {r} {_q(rp.home)}",
                f"tar --no-same-owner -C {r} -xf -",
                f"cd {r}",
                "if command -v sha256sum >/dev/null 2>&1; then set -- sha256sum; else set -- shasum -a 256; fi",
                "out=$(grep -v '^symlink:' MANIFEST.sha256 | \"$@\" -c - 2>&1) || "
                "{ printf '%s\\n' \"$out\" | grep -v ': OK$' | head -20 >&2; echo 'manifest check failed on the node' >&2; exit 3; }",
            ]
        )
        with tempfile.TemporaryFile() as err:
            proc = subprocess.Popen(
                self.ssh_argv(_sh(script)), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=err
            )
            assert proc.stdin is not None
            with self._watchdog(proc):
                try:
                    with tarfile.open(fileobj=proc.stdin, mode="w|", format=tarfile.PAX_FORMAT) as tar:
                        tar.add(ws, arcname=".", filter=_anonymous)
                except OSError:
                    pass  # the remote end went away; its exit status says why
                finally:
                    try:
                        proc.stdin.close()
                    except OSError:
                        pass
                code = proc.wait()
            if code != 0:
                raise _StepFailed(f"exit {code}: {_read(err)}")

    def _session(
        self,
        argv: list[str],
        rp: RemotePaths,
        recorder: EventRecorder,
        *,
        time_limit_s: float,
        env: dict[str, str],
        portal: bool,
    ) -> tuple[Outcome, str]:
        env_line = _env_line(env, recorder)
        python = self.settings.python or sys.executable
        worker = shlex.join(argv)
        if portal:
            worker = shlex.join(
                [
                    python,
                    "-m",
                    "whitecollar.lab.ssh",
                    "portal-session",
                    "--log",
                    rp.portal_log,
                    "--pidfile",
                    rp.portal_pidfile,
                    "--",
                    *argv,
                ]
            )
        inner = "\n".join(
            [
                f"cd {_q(rp.workspace)} || exit 97",
                "IFS= read -r wc_env || :",
                'eval "$wc_env"',
                "unset wc_env",
                f"exec {worker} </dev/null",
            ]
        )
        # `$$` is the login shell sshd started as a new session's leader: the id of the session's process group
        command = f"echo $$ > {_q(rp.pidfile)} && exec {_sh(inner)}"
        recorder.note("ssh_session", node=self.settings.node, program=argv[0], forwarded=sorted(env))
        t0 = time.monotonic()
        proc = subprocess.Popen(
            self.ssh_argv(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
            preexec_fn=_die_with_parent,
        )
        assert proc.stdin and proc.stdout and proc.stderr
        try:
            proc.stdin.write(env_line.encode() + b"\n")
            proc.stdin.close()
        except OSError:
            pass  # the connection is already gone; the exit status tells

        def at_wall_limit() -> None:
            recorder.note("wall_limit", seconds=time_limit_s, node=self.settings.node)
            self._soft("stop", lambda: self._stop(rp), recorder, attempts=1)
            kill_group(proc.pid)

        pumped = pump_session(proc, recorder, started=t0, time_limit_s=time_limit_s, at_wall_limit=at_wall_limit)
        timed_out, code, err, head = pumped.timed_out, pumped.exit_code, pumped.stderr_tail, pumped.stderr_head
        kill_group(proc.pid)
        for stream in (proc.stdout, proc.stderr):
            stream.close()
        outcome = Outcome(
            None if timed_out else code,
            timed_out,
            time.monotonic() - t0,
            err.decode("utf-8", errors="replace")[-STDERR_TAIL:],
        )
        return outcome, head.decode("utf-8", errors="replace")

    def _stop(self, rp: RemotePaths) -> bool:
        """Kill what is left of the remote session (and its portal); whether the session had started."""
        proc = self._run_step(_stop_script(rp))
        return STARTED_MARK in proc.stderr

    def _stop_and_pull(self, ws: Path, rp: RemotePaths) -> tuple[bool, list[str]]:
        """The stop step, then the whole remote workspace as a tar stream into the local one."""
        script = _stop_script(rp) + f"\ncd {_q(rp.workspace)} && tar -cf - ."
        stage = Path(tempfile.mkdtemp(prefix=f".{ws.name}.pull-", dir=ws.parent))
        try:
            with tempfile.TemporaryFile() as err:
                proc = subprocess.Popen(
                    self.ssh_argv(_sh(script)), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=err
                )
                assert proc.stdout is not None
                with self._watchdog(proc):
                    try:
                        skipped = _extract(proc.stdout, stage, self.settings.max_pull_bytes)
                    except (tarfile.TarError, OSError) as exc:
                        proc.kill()
                        proc.wait()
                        raise _StepFailed(f"{type(exc).__name__}: {exc}; {_read(err)}") from None
                    finally:
                        proc.stdout.close()
                    code = proc.wait()
                if code != 0:
                    raise _StepFailed(f"exit {code}: {_read(err)}")
                started = STARTED_MARK in _read(err)
        except BaseException:
            _rmtree(stage)
            raise
        old = Path(tempfile.mkdtemp(prefix=f".{ws.name}.pushed-", dir=ws.parent))
        os.rename(ws, old / "ws")
        os.rename(stage, ws)
        _rmtree(old)
        return started, skipped

    def _delete(self, rp: RemotePaths, *, portal_log: Path | None = None) -> None:
        fetch = f"cat {_q(rp.portal_log)} 2>/dev/null || :\n" if portal_log else ""
        proc = self._run_step(fetch + f"rm -rf {_q(rp.workspace)} {rp.lab_files()}")
        if portal_log is not None:
            portal_log.write_text(proc.stdout, encoding="utf-8")

    def _run_step(self, script: str) -> subprocess.CompletedProcess:
        try:
            proc = subprocess.run(
                self.ssh_argv(_sh(script)),
                capture_output=True,
                text=True,
                stdin=subprocess.DEVNULL,
                timeout=self.settings.copy_timeout_s,
            )
        except subprocess.TimeoutExpired as exc:
            raise _StepFailed(f"no answer within {exc.timeout:g} s") from None
        if proc.returncode != 0:
            raise _StepFailed(f"exit {proc.returncode}: {proc.stderr.strip()[-500:]}")
        return proc

    # -- retries -----------------------------------------------------------------------------------
    def _retry(self, what: str, step: Callable[[], T], recorder: EventRecorder, *, attempts: int | None = None) -> T:
        attempts = attempts or self.settings.attempts
        delay = self.settings.backoff_s
        last = ""
        for attempt in range(1, attempts + 1):
            try:
                return step()
            except (_StepFailed, OSError) as exc:
                last = str(exc)
                recorder.note(
                    "ssh_retry", step=what, attempt=attempt, of=attempts, node=self.settings.node, error=last[-500:]
                )
                if attempt < attempts:
                    self._sleep(delay)
                    delay *= 2
        raise SshError(f"{self.settings.node}: {what} failed after {attempts} attempt(s): {last[-500:]}")

    def _soft(
        self, what: str, step: Callable[[], T], recorder: EventRecorder, *, attempts: int | None = None
    ) -> T | None:
        """A retried step whose final failure is recorded rather than raised."""
        try:
            return self._retry(what, step, recorder, attempts=attempts)
        except SshError as exc:
            recorder.note("ssh_step_failed", step=what, node=self.settings.node, error=str(exc)[-500:])
            return None

    @contextmanager
    def _watchdog(self, proc: subprocess.Popen) -> Iterator[None]:
        """A copy that hangs is killed after copy_timeout_s, which fails the attempt."""
        timer = threading.Timer(self.settings.copy_timeout_s, proc.kill)
        timer.daemon = True
        timer.start()
        try:
            yield
        finally:
            timer.cancel()


def _stop_script(rp: RemotePaths) -> str:
    """Kill the session's process group and the portal's (TERM, then KILL); say on stderr whether it had started."""
    pid, ppid = _q(rp.pidfile), _q(rp.portal_pidfile)
    return "\n".join(
        [
            f"for f in {pid} {ppid}; do",
            '  [ -f "$f" ] || continue',
            '  pg=$(cat "$f" 2>/dev/null) || continue',
            '  case "$pg" in ""|*[!0-9]*) continue;; esac',
            '  kill -0 -"$pg" 2>/dev/null || continue',
            '  kill -TERM -"$pg" 2>/dev/null',
            "  i=0",
            '  while kill -0 -"$pg" 2>/dev/null && [ "$i" -lt 50 ]; do sleep 0.1; i=$((i+1)); done',
            '  kill -KILL -"$pg" 2>/dev/null',
            "done",
            f"if [ -f {pid} ]; then echo {STARTED_MARK} >&2; fi",
        ]
    )


def _env_line(env: dict[str, str], recorder: EventRecorder | None = None) -> str:
    """One shell line exporting the forwarded variables (read on the node's stdin, so never on a command line)."""
    parts = []
    for name, value in sorted(env.items()):
        if not _ENV_NAME.match(name) or "\n" in value or "\0" in value:
            if recorder is not None:
                recorder.note("env_not_forwarded", name=name, reason="not a plain one-line variable")
            continue
        parts.append(f"{name}={_q(value)}")
    return ("export " + " ".join(parts)) if parts else ""


def _marked(text: str, mark: str) -> str | None:
    for line in text.splitlines():
        if line.startswith(mark):
            return line[len(mark) :].strip()
    return None


def _read(fh: Any) -> str:
    fh.seek(0)
    return fh.read().decode("utf-8", errors="replace").strip()[-800:]


def _rmtree(path: Path) -> None:
    import shutil

    shutil.rmtree(path, ignore_errors=True)


def _extract(stream: Any, dest: Path, max_bytes: int) -> list[str]:
    """Unpack a workspace tar stream into dest; returns what was refused and why.

    Links are kept as links (collection never follows them); device files,
    fifos, absolute or escaping paths, hard links to outside dest and files
    past the size cap are refused, so a worker cannot reach the controller
    through the archive of its workspace.
    """
    dest_s = os.path.realpath(dest)
    skipped: list[str] = []
    total = 0
    with tarfile.open(fileobj=stream, mode="r|") as tar:
        for member in tar:
            name = member.name
            if member.ischr() or member.isblk() or member.isfifo():
                skipped.append(f"{name}: device or fifo, not copied")
                continue
            if member.islnk():
                target = os.path.realpath(os.path.join(dest_s, member.linkname))
                if not target.startswith(dest_s + os.sep):
                    skipped.append(f"{name}: hard link out of the workspace, not copied")
                    continue
            if member.isfile():
                if total + member.size > max_bytes:
                    skipped.append(f"{name}: {member.size} bytes past the pull cap of {max_bytes}")
                    continue
                total += member.size
            try:
                safe = tarfile.tar_filter(member, dest_s)
            except tarfile.FilterError as exc:
                skipped.append(f"{name}: {exc}")
                continue
            safe = safe.replace(uid=os.getuid(), gid=os.getgid(), uname="", gname="", deep=False)
            tar.extract(safe, dest_s, filter="fully_trusted")
    return skipped


# -- on the node: a portal arm's session ---------------------------------------------------------
def _portal_session(argv: list[str]) -> int:
    """Start the portal in the workspace (cwd), publish it, run the worker, stop the portal.

    The portal is its own process group, so its id goes to a file the
    controller's stop step kills as well, should this process be killed
    before it can stop the portal itself.
    """
    p = argparse.ArgumentParser(prog="python -m whitecollar.lab.ssh portal-session")
    p.add_argument("--log", required=True)
    p.add_argument("--pidfile", required=True)
    p.add_argument("worker", nargs=argparse.REMAINDER)
    a = p.parse_args(argv)
    worker = a.worker[1:] if a.worker[:1] == ["--"] else a.worker
    if not worker:
        p.error("no worker command after --")
    from whitecollar.lab.portal import PortalError
    from whitecollar.lab.portal.runner import start_portal
    from whitecollar.lab.workspace import write_manifest

    ws = Path.cwd()
    try:
        handle = start_portal(ws, Path(a.log))
    except PortalError as exc:
        print(f"{PORTAL_FAILED_MARK}{exc}".replace("\n", " "), file=sys.stderr, flush=True)
        return 96
    try:
        Path(a.pidfile).write_text(str(handle.pid), encoding="utf-8")
        write_manifest(ws)  # the lab, not the worker, wrote the address into portal/portal.json
        print(f"{PORTAL_MARK}{handle.url}", file=sys.stderr, flush=True)

        def _leave(signum: int, _frame: Any) -> None:
            raise SystemExit(128 + signum)

        for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
            signal.signal(sig, _leave)
        proc = subprocess.Popen(worker, stdin=subprocess.DEVNULL)
        return proc.wait()
    finally:
        handle.stop()


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["portal-session"]:
        return _portal_session(args[1:])
    print("usage: python -m whitecollar.lab.ssh portal-session --log L --pidfile P -- WORKER...", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
