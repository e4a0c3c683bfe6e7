"""Recalculate workbooks in a long-lived headless LibreOffice, through UNO.

Run by Debian's /usr/bin/python3 (the interpreter that has LibreOffice's
`uno` module), never imported by the laboratory: it uses the standard
library and `uno` only. The caller (`libreoffice/shared_office.py`) holds the
state folder's lock, so one client at a time talks to the office.

    python3 uno_client.py convert STATE SOFFICE IN OUT [IN OUT ...]
        connect to the office of STATE (start it if it is not running),
        load each IN (recalculated on load by the profile's settings) and
        store it to OUT; one JSON line per file on stdout as it is done.
    python3 uno_client.py serve STATE SOFFICE
        the same, one request at a time, for as long as the caller writes:
        each stdin line is a JSON object {"in": IN, "out": OUT}, answered by
        one JSON line. The caller takes the folder's lock around each
        request (the prefetcher: one client for many workbooks, the office
        free for jobs between them).
    python3 uno_client.py reap STATE IDLE_S
        wait until STATE's office has been idle IDLE_S seconds, then end it.

Exit codes: 0 all converted or refused one by one, 3 the office died or
could not be reached, 4 no `uno` module here.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

try:
    import uno
    from com.sun.star.beans import PropertyValue
except ImportError:  # pragma: no cover - reported to the caller, who falls back
    sys.exit(4)

FILTER = "Calc MS Excel 2007 XML"
CONNECT_S = 60


def _pipe_name(state: Path) -> str:
    """Named after the folder's real path: a copied folder (a cloned lab) gets its own office."""
    return "whitecollar-" + hashlib.sha256(str(state.resolve()).encode("utf-8")).hexdigest()[:20]


def _prop(name: str, value) -> PropertyValue:
    p = PropertyValue()
    p.Name, p.Value = name, value
    return p


def _resolve(pipe: str):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    ctx = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
    return ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status") as fh:
            state = next(line for line in fh if line.startswith("State:"))
    except (OSError, StopIteration):
        return False
    return "Z" not in state.split()[1]


def _office_pid(state: Path) -> int | None:
    """The live office of this very folder; a pid file copied from another folder names none."""
    try:
        pid, owner = (state / "office.pid").read_text().split("\n")[:2]
        pid_n = int(pid)
    except (OSError, ValueError):
        return None
    return pid_n if owner == str(state.resolve()) and _alive(pid_n) else None


class _Unbounded:
    """This process's soft CPU and memory limits raised to the hard ones, for the duration.

    The client may run inside one evaluation's bounded child (bounded.py
    lowers the soft limits only); the office and its reaper it starts serve
    every later evaluation, so they must not inherit that one's limits and
    die of them later. A batch's time limit still bounds what the office does.
    """

    _WHICH = (resource.RLIMIT_CPU, resource.RLIMIT_AS)

    def __enter__(self) -> None:
        self.saved = [resource.getrlimit(w) for w in self._WHICH]
        for which, (_, hard) in zip(self._WHICH, self.saved):
            resource.setrlimit(which, (hard, hard))

    def __exit__(self, *exc) -> None:
        for which, limits in zip(self._WHICH, self.saved):
            resource.setrlimit(which, limits)


def _start(state: Path, soffice: str) -> None:
    """Start the office in its own session, with the state folder's forcing profile."""
    with _Unbounded():
        _spawn(state, soffice)


def _spawn(state: Path, soffice: str) -> None:
    profile = (state / "profile").resolve().as_uri()
    cmd = [
        soffice,
        "--headless",
        "--norestore",
        "--nologo",
        "--nodefault",
        "--nolockcheck",
        f"-env:UserInstallation={profile}",
        f"--accept=pipe,name={_pipe_name(state)};urp;",
    ]
    env = dict(os.environ, SAL_USE_VCLPLUGIN="svp")
    env.setdefault("HOME", str(state))
    proc = subprocess.Popen(
        cmd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        start_new_session=True,
    )
    (state / "office.pid").write_text(f"{proc.pid}\n{state.resolve()}\n")
    idle = (state / "idle_s").read_text().strip()
    subprocess.Popen(
        [sys.executable, os.path.abspath(__file__), "reap", str(state), idle],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def _desktop(state: Path, soffice: str):
    pipe = _pipe_name(state)
    if _office_pid(state) is not None:
        try:
            return _resolve(pipe)
        except Exception:  # noqa: BLE001 - a stale office is replaced below
            stop(state)
    _start(state, soffice)
    deadline = time.monotonic() + CONNECT_S
    while True:
        try:
            return _resolve(pipe)
        except Exception:  # noqa: BLE001 - not listening yet
            if time.monotonic() > deadline or _office_pid(state) is None:
                raise
            time.sleep(0.05)


def _kill(pid: int) -> None:
    """End the office's whole process group (soffice is a launcher of soffice.bin)."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def stop(state: Path) -> None:
    pid = _office_pid(state)
    if pid is not None:
        _kill(pid)
    (state / "office.pid").unlink(missing_ok=True)


_LOAD = (("Hidden", True), ("ReadOnly", True), ("MacroExecutionMode", 0), ("UpdateDocMode", 0))
_STORE = (("FilterName", FILTER), ("Overwrite", True))


def _convert_one(state: Path, desktop, i: int, src: str, dst: str) -> bool:
    """Convert one file and print its JSON line; False when the office itself is gone."""
    doc = None
    try:
        doc = desktop.loadComponentFromURL(Path(src).resolve().as_uri(), "_blank", 0, tuple(_prop(*p) for p in _LOAD))
        if doc is None:
            print(json.dumps({"i": i, "error": "LibreOffice could not load the file"}), flush=True)
            return True
        doc.storeToURL(Path(dst).resolve().as_uri(), tuple(_prop(*p) for p in _STORE))
        print(json.dumps({"i": i, "ok": True}), flush=True)
        return True
    except Exception as exc:  # noqa: BLE001
        if _office_pid(state) is None or type(exc).__name__ in ("DisposedException", "RuntimeException"):
            print(json.dumps({"i": i, "fatal": f"LibreOffice stopped ({type(exc).__name__})"}), flush=True)
            stop(state)
            return False
        print(json.dumps({"i": i, "error": f"{type(exc).__name__}: {exc}"}), flush=True)
        return True
    finally:
        if doc is not None:
            try:
                doc.close(True)
            except Exception:  # noqa: BLE001
                pass


def _reached(state: Path, soffice: str):
    try:
        return _desktop(state, soffice)
    except Exception as exc:  # noqa: BLE001
        print(json.dumps({"fatal": f"LibreOffice could not be reached ({type(exc).__name__})"}), flush=True)
        return None


def convert(state: Path, soffice: str, pairs: list[tuple[str, str]]) -> int:
    desktop = _reached(state, soffice)
    if desktop is None:
        return 3
    for i, (src, dst) in enumerate(pairs):
        if not _convert_one(state, desktop, i, src, dst):
            return 3
    (state / "last-used").touch()
    return 0


def serve(state: Path, soffice: str) -> int:
    """Convert the requests read from stdin one by one, until stdin closes or the office dies."""
    desktop, office = None, None
    for i, line in enumerate(sys.stdin):
        try:
            request = json.loads(line)
            src, dst = str(request["in"]), str(request["out"])
        except (ValueError, KeyError, TypeError):
            print(json.dumps({"i": i, "error": "malformed request"}), flush=True)
            continue
        if desktop is None or _office_pid(state) != office:  # first request, or the office replaced meanwhile
            desktop = _reached(state, soffice)
            if desktop is None:
                return 3
            office = _office_pid(state)
        if not _convert_one(state, desktop, i, src, dst):
            return 3
        (state / "last-used").touch()
    return 0


def reap(state: Path, idle_s: float) -> int:
    """Stop the office once nobody has used it for idle_s seconds (and nobody holds the
    lock), or as soon as its state folder is gone (nothing could reach it any more)."""
    pid = _office_pid(state)
    while pid is not None and _alive(pid):
        time.sleep(min(2.0, idle_s / 4))
        if not state.is_dir():
            _kill(pid)
            return 0
        if _office_pid(state) != pid:
            return 0  # replaced: the new office has its own reaper
        try:
            used = (state / "last-used").stat().st_mtime
        except OSError:
            used = 0.0
        if time.time() - used < idle_s:
            continue
        try:
            fh = open(state / "lock", "a")  # noqa: SIM115
        except OSError:
            _kill(pid)
            return 0
        with fh:
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                continue
            stop(state)
            return 0
    return 0


def main(argv: list[str]) -> int:
    if argv[0] == "convert":
        state, soffice, rest = Path(argv[1]), argv[2], argv[3:]
        return convert(state, soffice, list(zip(rest[::2], rest[1::2])))
    if argv[0] == "serve":
        return serve(Path(argv[1]), argv[2])
    if argv[0] == "reap":
        return reap(Path(argv[1]), float(argv[2]))
    raise SystemExit(f"unknown command {argv[0]!r}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
