"""The checks every reader makes before touching a delivered file.

Evaluators read files written by AI agents, which may deliver anything: a
directory, a symlink to /etc/passwd or to another run's outputs, a 50 MB
dump, an empty file. Each must become a Failure whose reason a receipt can
quote, decided from lstat alone (never following a link, never reading a
byte of an oversized file).
"""

from __future__ import annotations

import errno
import os
import stat

from whitecollar.office.model import Failure

DEFAULT_MAX_BYTES = 20 * 1024 * 1024
EMPTY_FILE = "empty file (0 bytes)"


def check_regular_file(path: str | os.PathLike, max_bytes: int = DEFAULT_MAX_BYTES) -> Failure | None:
    """None if `path` is a non-empty regular file of at most max_bytes."""
    p = str(path)
    try:
        st = os.lstat(p)
    except FileNotFoundError:
        return Failure(p, "missing: no such file")
    except NotADirectoryError:
        return Failure(p, "missing: a parent of the path is not a directory")
    except OSError as exc:
        return Failure(p, f"cannot stat: {exc.strerror or exc}")
    if stat.S_ISLNK(st.st_mode):
        try:
            target = os.readlink(p)
        except OSError:
            target = "?"
        # an absolute target names this machine's folders: kept out of reasons, which go into receipts
        where = "to an absolute path" if os.path.isabs(target) else f"(to {target})"
        return Failure(p, f"is a symbolic link {where}; links are refused, not followed")
    if stat.S_ISDIR(st.st_mode):
        return Failure(p, "is a directory, not a file")
    if not stat.S_ISREG(st.st_mode):
        return Failure(p, "not a regular file (device, socket or pipe)")
    if st.st_size > max_bytes:
        return Failure(p, f"too large: {st.st_size} bytes exceeds the {max_bytes}-byte limit")
    if st.st_size == 0:
        return Failure(p, EMPTY_FILE)
    return None


def read_guarded(path: str | os.PathLike, max_bytes: int = DEFAULT_MAX_BYTES) -> bytes | Failure:
    """The file's bytes after `check_regular_file`.

    Opened with O_NOFOLLOW and read to at most max_bytes + 1, so a file
    swapped for a link or grown after the check is still refused; readers
    then parse from memory and never reopen the path.
    """
    failure = check_regular_file(path, max_bytes)
    if failure is not None:
        return failure
    p = str(path)
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(p, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return Failure(p, "is a symbolic link; links are refused, not followed")
        return Failure(p, f"cannot open: {exc.strerror or exc}")
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return Failure(p, "not a regular file")
        chunks, size = [], 0
        while size <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        return Failure(p, f"cannot read: {exc.strerror or exc}")
    finally:
        os.close(fd)
    if size > max_bytes:
        return Failure(p, f"too large: more than {max_bytes} bytes")
    if size == 0:
        return Failure(p, EMPTY_FILE)
    return b"".join(chunks)


def looks_like_text(data: bytes) -> bool:
    """True for bytes that decode as UTF-8 (or cp1252) without NULs: a
    classifier for reasons ("text file?"), not a parser."""
    head = data[:4096]
    if b"\x00" in head:
        return False
    for enc in ("utf-8", "cp1252"):
        try:
            head.decode(enc)
            return True
        except UnicodeDecodeError as exc:
            if enc == "utf-8" and exc.start >= len(head) - 3:
                return True  # a multi-byte character cut by the 4096 slice
    return False
