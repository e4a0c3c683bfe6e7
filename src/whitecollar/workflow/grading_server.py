"""A long-lived grading process that forks one worker per `whitecollar evaluate`.

Every evaluation job of the workflow is its own `whitecollar evaluate`
process, and its bounded child another interpreter: two start-ups and two
rounds of imports cost more than the evaluation itself. So the first job
starts a server in the workflow's cache folder (next to the shared office:
one per cache folder, Python, package and working directory, never shared
by a cloned lab), which imports the grading modules once and forks a worker
per request. The worker runs the very `cmd_evaluate` of the command line,
with the client's arguments, environment, working directory, stdout and
stderr (passed over the socket), and forks its bounded child instead of
starting an interpreter (`evaluation.FORK_CHILDREN`): the same limits, the
same receipts, written the same atomic way.

The client (`grading_client.serve`) imports a few light modules of the
standard library. It falls back to the in-process evaluation (returns None)
whenever the server cannot be started or reached, or the connection breaks
before the exit status came: a laboratory problem is never charged to the
worker, and a receipt is always written.

Stale code is never served: the server records the SHA-256 of every source
and schema file of the package when it starts and, before each fork,
compares the files' metadata (their content whenever that moved); on any
difference it refuses, exits, and the client starts a new server. The
scenarios' evaluators are loaded by the server too, and reloaded from disk
before the next fork whenever a file of a scenario folder moved; one that
fails to load is left to the bounded child, which loads it and reports
why. The server forks only while it has a single thread, and ends after
WHITECOLLAR_GRADING_IDLE_S seconds (60) idle or when its folder is gone.
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import select
import socket
import sys
import time
from pathlib import Path

from whitecollar.workflow import grading_client
from whitecollar.workflow.grading_client import CACHE_ENV, SWITCH_ENV, serve  # noqa: F401 - the client's names, here too

IDLE_ENV = "WHITECOLLAR_GRADING_IDLE_S"
PACKAGE = Path(__file__).resolve().parents[1]  # the whole whitecollar package
_SOURCE_SUFFIXES = (".py", ".json", ".yaml", ".yml")


def state_folder(cache_root: Path) -> Path:
    """The server folder for this Python, package, working directory and scenario root."""
    return Path(grading_client.state_folder(str(cache_root)))


def _address(folder: Path) -> str:
    return grading_client.address(str(folder))


def _source_files(package: Path) -> list[Path]:
    found = []
    for folder, dirs, files in os.walk(package):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        found += [Path(folder) / f for f in files if f.endswith(_SOURCE_SUFFIXES)]
    return sorted(path for path in found if path.is_file())


def code_fingerprint(package: Path = PACKAGE) -> str:
    """SHA-256 over every source and schema file of the package, by relative path."""
    h = hashlib.sha256()
    for path in _source_files(package):
        h.update(str(path.relative_to(package)).encode("utf-8") + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


def _stat_signature(files: list[Path]) -> tuple:
    """Path, size, modification and change time of every file: any edit moves one of them."""
    out = []
    for path in files:
        try:
            st = path.stat()
        except OSError:
            continue
        out.append((str(path), st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino))
    return tuple(out)


class _Code:
    """The code the server holds, checked before each fork by the files' metadata.

    The package: its fingerprint at start, compared whenever the metadata
    moved (an edit is never missed, and a touch that changes nothing is no
    reason to refuse); a changed package ends the server. The scenario
    folders: any move of their metadata reloads the evaluators from disk
    in the server, which goes on serving.
    """

    def __init__(self) -> None:
        self.signature = _stat_signature(_source_files(PACKAGE))
        self.fingerprint = code_fingerprint()
        self.scenarios = _stat_signature(_scenario_files())

    def unchanged(self) -> bool:
        signature = _stat_signature(_source_files(PACKAGE))
        if signature != self.signature:
            if code_fingerprint() != self.fingerprint:
                return False
            self.signature = signature
        scenarios = _stat_signature(_scenario_files())
        if scenarios != self.scenarios:
            _preload_scenarios()
            self.scenarios = scenarios
        return True


# ---------------------------------------------------------------- the server


def _scenario_files() -> list[Path]:
    """Every file of the scenario folders (their evaluators are loaded by the server too)."""
    from whitecollar import paths

    found = []
    for folder, dirs, files in os.walk(paths.SCENARIOS):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        found += [Path(folder) / f for f in files]
    return sorted(path for path in found if path.is_file())


def _preload_scenarios() -> None:
    """Each scenario's evaluator, loaded afresh from disk (forks find it in sys.modules).

    One that fails to load is left out: its evaluations load it themselves
    and report why, as without the server.
    """
    from whitecollar.benchmark import scenario

    for name in [m for m in sys.modules if m.startswith("whitecollar_scenarios.")]:
        del sys.modules[name]
    for task in scenario.list_scenarios():
        try:
            _ = scenario.load_scenario(task).evaluator  # imports the evaluator module before the fork
        except Exception:  # noqa: BLE001
            pass


def _preload() -> None:
    """Import every module a `whitecollar evaluate` worker and its bounded child use."""
    import importlib
    import pkgutil

    for module in ("whitecollar.cli", "whitecollar.grading.evaluation", "whitecollar.lab.session"):
        importlib.import_module(module)
    importlib.import_module("whitecollar.cli")._parser()
    for package in ("whitecollar.grading", "whitecollar.office"):
        mod = importlib.import_module(package)
        for info in pkgutil.iter_modules(mod.__path__, package + "."):
            if info.name.endswith(".uno_client"):
                continue  # run by Debian's python3, never imported
            try:
                importlib.import_module(info.name)
            except Exception:  # noqa: BLE001 - the worker imports it again and reports
                pass
    _preload_scenarios()


def _owned(folder: Path) -> bool:
    try:
        pid, owner = (folder / "server.pid").read_text().split("\n")[:2]
        return int(pid) == os.getpid() and owner == str(folder.resolve())
    except (OSError, ValueError):
        return False


def _recv_request(conn: socket.socket) -> tuple[dict, list[int]]:
    conn.settimeout(10.0)
    header, fds, _, _ = socket.recv_fds(conn, grading_client.HEADER.size, 2)
    if len(header) != grading_client.HEADER.size or len(fds) != 2:
        for fd in fds:
            os.close(fd)
        raise ValueError("malformed request")
    (size,), data = grading_client.HEADER.unpack(header), b""
    while len(data) < size:
        chunk = conn.recv(min(65536, size - len(data)))
        if not chunk:
            raise ValueError("request cut short")
        data += chunk
    conn.settimeout(None)
    try:
        return grading_client.decode_request(data), fds
    except ValueError:
        for fd in fds:
            os.close(fd)
        raise


def _reply(conn: socket.socket, line: str) -> None:
    """One answer line: `status N`, `stale` or `refused REASON` (grading_client)."""
    try:
        conn.sendall(line.replace("\n", " ").encode("utf-8") + b"\n")
    except OSError:
        pass


def _work(conn: socket.socket, request: dict, fds: list[int]) -> None:
    """The forked worker: run `whitecollar evaluate` as the client would have, answer, exit."""
    status = 1
    try:
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.dup2(fds[0], 1)
        os.dup2(fds[1], 2)
        for fd in (devnull, *fds):
            os.close(fd)
        from whitecollar import cli
        from whitecollar.grading import evaluation

        evaluation.FORK_CHILDREN = True
        sys.argv = list(request["argv"])
        try:
            status = cli.main(sys.argv[1:])
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        sys.stdout.flush()
        sys.stderr.flush()
        _reply(conn, f"status {int(status)}")
        if any(evaluation.LEARNED.values()):
            learned = request["terms_file"]
            Path(learned + ".tmp").write_text(json.dumps(evaluation.LEARNED), encoding="utf-8")
            os.replace(learned + ".tmp", learned)
    except BaseException:  # noqa: BLE001 - no status: the client evaluates in its own process
        import traceback

        traceback.print_exc()
    finally:
        os._exit(0)


def _learn(terms_file: Path) -> None:
    """Compile the patterns a worker's evaluation needed, so that later forks find them compiled
    (grading/learned.py: capped and checked, whatever the file holds)."""
    from whitecollar.grading import learned

    try:
        report = json.loads(terms_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    finally:
        terms_file.unlink(missing_ok=True)
    learned.compile_all(report)


def _reap(workers: dict[int, Path]) -> None:
    for pid in sorted(workers):
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            _learn(workers.pop(pid))


def run_server(folder: Path) -> int:
    """Listen on the folder's socket until idle; fork a worker per request."""
    import threading

    folder = folder.resolve()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        listener.bind(_address(folder))
    except OSError:
        return 0  # another server holds the address
    listener.listen(64)
    (folder / "server.pid").write_text(f"{os.getpid()}\n{folder}\n")
    code = _Code()  # before the imports: an edit made meanwhile is seen at the first request
    _preload()
    gc.freeze()  # what is loaded now is never scanned by a fork's collector: its pages stay shared
    idle_s = float(os.environ.get(IDLE_ENV, "").strip() or 60)
    workers: dict[int, Path] = {}
    last, count = time.monotonic(), 0
    try:
        while True:
            _reap(workers)
            if not _owned(folder) or (not workers and time.monotonic() - last > idle_s):
                return 0
            ready, _, _ = select.select([listener], [], [], 1.0)
            if not ready:
                continue
            conn, _ = listener.accept()
            last = time.monotonic()
            with conn:
                try:
                    request, fds = _recv_request(conn)
                except (OSError, ValueError):
                    continue
                try:
                    refusal = (
                        "stale"
                        if not code.unchanged()
                        else "refused threads: forking is not safe"
                        if threading.active_count() != 1
                        else None
                    )
                    if refusal is not None:  # stop listening first: the client's next connection is a new server's
                        listener.close()
                        _release(folder)
                        _reply(conn, refusal)
                        return 0
                    _reap(workers)  # the previous job's terms, before this fork
                    count += 1
                    request["terms_file"] = str(folder / f"terms-{count}.json")
                    pid = _fork_worker(listener, conn, request, fds)
                    workers[pid] = Path(request["terms_file"])
                finally:
                    _close_fds(fds)
    finally:
        listener.close()
        _release(folder)


def _release(folder: Path) -> None:
    """Remove the server's pid file, if it is still this server's, so that the next client starts a new server."""
    if _owned(folder):
        (folder / "server.pid").unlink(missing_ok=True)


def _fork_worker(listener: socket.socket, conn: socket.socket, request: dict, fds: list[int]) -> int:
    """Fork the worker that answers one request (the child never returns); returns its pid to the server."""
    pid = os.fork()
    if pid == 0:
        listener.close()
        _work(conn, request, fds)
    return pid


def _close_fds(fds: list[int]) -> None:
    """Close the server's copies of a request's descriptors (the worker has its own), whatever state they are in."""
    for fd in fds:
        try:
            os.close(fd)
        except OSError:
            pass


def stop(folder: Path) -> None:
    """End the server of `folder` (tests, benchmarks); its running workers finish."""
    import signal

    try:
        pid, owner = (folder / "server.pid").read_text().split("\n")[:2]
        if owner == str(folder.resolve()):
            os.kill(int(pid), signal.SIGTERM)
    except (OSError, ValueError):
        pass
    (folder / "server.pid").unlink(missing_ok=True)


if __name__ == "__main__":
    sys.exit(run_server(Path(sys.argv[1])))
