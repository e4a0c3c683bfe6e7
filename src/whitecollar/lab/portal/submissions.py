"""The portal's submissions file, out/portal/submissions.jsonl: one format, one place.

The portal writes it and evaluators read it, so both sides live here (and
nothing here imports the web framework). Each accepted submission is one
JSON object per line: {"id", "form_id", "fields", "received_at", "user"}.

Writing replaces the whole file by rename under a lock, so a crash or kill
at any moment leaves the previous file or the new one, never a torn line,
and two submissions cannot interleave. The file sits in out/, where the
worker can write too, so reading is defensive: a link, garbage lines or a
huge file yield what could be read plus the reasons, never an exception.

Because the worker can also edit or delete that file, the portal logs every
accepted submission in full, outside the worker's reach in the run folder;
after the session the laboratory rebuilds the collected file from that log
(`restore_from_log`), so a submission, once made, stays made.
"""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import stat
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from whitecollar import atomic
from whitecollar.lab.events import now_iso
from whitecollar.office.json_bounded import loads_bounded

RELPATH = Path("portal") / "submissions.jsonl"
MAX_READ_BYTES = 4 * 2**20
ACCEPTED = "submission accepted: "  # the portal log's line for an accepted submission, followed by its record
_ACCEPTED_LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} INFO " + re.escape(ACCEPTED) + r"(\{.*\})$")


class SubmissionError(RuntimeError):
    """The submission could not be recorded (the message says why); nothing was written."""


def submissions_file(out_dir: Path) -> Path:
    return Path(out_dir) / RELPATH


def _read_regular(path: Path, limit: int) -> tuple[bytes, bool]:
    """Up to `limit` bytes of a regular file, never through a link; (data, truncated)."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            data = fh.read(limit + 1)
    finally:
        if fd >= 0:
            os.close(fd)
    return data[:limit], len(data) > limit


class SubmissionLog:
    """Appends accepted submissions for one workspace's out/ (one instance per portal process)."""

    def __init__(self, out_dir: Path) -> None:
        self.out_dir = Path(out_dir)
        self.path = submissions_file(self.out_dir)
        self._lock = threading.Lock()
        self._last = 0  # numbers keep rising even if the worker empties the file between two submissions

    def _check_folder(self) -> None:
        """out/portal/ must be a real folder inside out/: a link planted there would send the write elsewhere."""
        if self.out_dir.is_symlink() or not self.out_dir.is_dir():
            raise SubmissionError(f"{self.out_dir} is missing or a symbolic link")
        folder = self.path.parent
        if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
            raise SubmissionError(f"{folder} is not a plain folder")
        folder.mkdir(exist_ok=True)

    def append(self, form_id: str, values: dict[str, Any], *, user: str) -> dict[str, Any]:
        with self._lock:
            self._check_folder()
            try:
                existing, _ = _read_regular(self.path, 64 * 2**20)
            except FileNotFoundError:
                existing = b""
            except OSError as exc:
                raise SubmissionError(f"{self.path}: cannot be extended ({exc.strerror or exc})") from None
            if existing and not existing.endswith(b"\n"):
                existing += b"\n"
            number = max(self._last, sum(1 for line in existing.splitlines() if line.strip())) + 1
            record = {"id": number, "form_id": form_id, "fields": values, "received_at": now_iso(), "user": user}
            atomic.write_bytes(self.path, existing + record_line(record))
            self._last = number
            return record

    def find(self, form_id: str, number: int) -> dict[str, Any] | None:
        found, _ = read_submissions(self.out_dir, form_id)
        return next((s for s in found if s.get("id") == number), None)


@dataclass
class ReadResult:
    submissions: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def __iter__(self):  # (submissions, problems) unpacking
        return iter((self.submissions, self.problems))


def read_submissions(out_dir: Path, form_id: str | None = None) -> ReadResult:
    """The submissions found in a collected out/ (optionally of one form), and what could not be read."""
    result = ReadResult()
    path = submissions_file(out_dir)
    if Path(out_dir).is_symlink() or path.parent.is_symlink():
        result.problems.append(f"{path.parent}: symbolic link, not followed")
        return result
    try:
        data, truncated = _read_regular(path, MAX_READ_BYTES)
    except FileNotFoundError:
        return result
    except OSError as exc:
        reason = "symbolic link, not followed" if exc.errno == errno.ELOOP else (exc.strerror or str(exc))
        result.problems.append(f"{RELPATH.as_posix()}: {reason}")
        return result
    if truncated:
        result.problems.append(f"{RELPATH.as_posix()}: larger than {MAX_READ_BYTES} bytes; only the start was read")
    for n, raw in enumerate(data.decode("utf-8", errors="replace").splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            rec = loads_bounded(raw)  # a field of any size reads as a short label, never an error
        except (json.JSONDecodeError, RecursionError):
            result.problems.append(f"{RELPATH.as_posix()} line {n}: not JSON")
            continue
        if (
            not isinstance(rec, dict)
            or not isinstance(rec.get("form_id"), str)
            or not isinstance(rec.get("fields"), dict)
        ):
            result.problems.append(f"{RELPATH.as_posix()} line {n}: not a submission (form_id, fields)")
            continue
        if form_id is None or rec["form_id"] == form_id:
            result.submissions.append(rec)
    return result


def submission_text(submission: dict[str, Any]) -> str:
    """The text values of a submission, one per line, for the same text checks as a memo."""
    return "\n".join(
        str(v) for v in submission.get("fields", {}).values() if isinstance(v, (str, int, float)) and v != ""
    )


def record_json(record: dict[str, Any]) -> str:
    """One submission as the file holds it and the portal log repeats it (one serialisation for both)."""
    return json.dumps(record, ensure_ascii=False, sort_keys=True)


def record_line(record: dict[str, Any]) -> bytes:
    return (record_json(record) + "\n").encode("utf-8")


def logged_submissions(log_path: Path) -> list[dict[str, Any]] | None:
    """The submissions a portal log says it accepted, in order; None when there is no log to read."""
    try:
        text = Path(log_path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    found = []
    for line in text.split("\n"):  # only a real line break ends a log line (splitlines knows more)
        m = _ACCEPTED_LINE.match(line.rstrip("\r"))
        if m:
            try:
                rec = loads_bounded(m.group(1))
            except (json.JSONDecodeError, RecursionError):
                continue
            if isinstance(rec, dict):
                found.append(rec)
    return found


def restore_from_log(log_path: Path, out_dir: Path) -> dict[str, Any]:
    """Make the collected out/portal/submissions.jsonl say exactly what the portal accepted.

    Returns what was found: the number of logged submissions and whether the
    delivered file had to be replaced (it was missing, edited or forged), so
    the run record can say so. Without a log nothing is touched: the file is
    kept as delivered and the record says the portal log was unavailable.
    """
    logged = logged_submissions(log_path)
    if logged is None:
        return {"logged": None, "restored": False, "detail": "no portal log; the submissions file is kept as delivered"}
    path = submissions_file(out_dir)
    cleared = path.parent.is_symlink() or (path.parent.exists() and not path.parent.is_dir())
    if cleared:  # never read or write through a link or a file standing where the folder belongs
        _clear(path.parent)
    want = b"".join(record_line(r) for r in logged)
    try:
        have: bytes | None = _read_regular(path, len(want) + 1)[0]
    except OSError:
        have = None
    if not cleared and (have == want or (have is None and not logged and not path.exists())):
        return {"logged": len(logged), "restored": False, "detail": "the delivered file matches the portal log"}
    _clear(path)
    if not logged:
        return {
            "logged": 0,
            "restored": True,
            "detail": "the portal accepted no submission; a submissions file it did not write was removed",
        }
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic.write_bytes(path, want)
    why = "missing" if have is None else "different from what the portal accepted"
    return {
        "logged": len(logged),
        "restored": True,
        "detail": f"the delivered submissions file was {why}; rebuilt from the portal log",
    }


def _clear(path: Path) -> None:
    """Remove whatever stands at `path` (file, link or folder), never following a link."""
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)
