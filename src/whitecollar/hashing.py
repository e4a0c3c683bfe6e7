"""SHA-256 of files and of whole trees.

A tree is identified by the digest of its sorted listing ("<sha256>  <path>"
lines), so two folders with the same files in the same places have the same
digest whatever their mtimes, and the digest changes when any byte, name or
file count changes. Symbolic links are recorded as links (their target text),
never followed, so a tree cannot smuggle in content from outside itself.
"""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

CHUNK = 1 << 20

#: Snakemake writes this marker into every directory() output; it is not part of the tree.
SNAKEMAKE_MARKER = ".snakemake_timestamp"


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: str | os.PathLike) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            h.update(block)
    return h.hexdigest()


def tree_listing(root: str | os.PathLike, *, skip: frozenset[str] = frozenset()) -> dict[str, str]:
    """{relative posix path: sha256} for every file under root, sorted by path.

    A symlink is listed as "symlink:<sha256 of its target text>" so that it is
    visible in the listing without being followed; a named pipe, socket or
    device as "special:<kind>", never opened. Folders of root named in
    `skip` are not entered (a symbolic link of that name is still listed).
    """
    root = Path(root)
    out: dict[str, str] = {}
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        dirnames.sort()
        base = Path(dirpath)
        if skip and base == root:
            dirnames[:] = [d for d in dirnames if d not in skip or (base / d).is_symlink()]
        names = sorted(f for f in filenames if not (f == SNAKEMAKE_MARKER and base == root))
        names += sorted(d for d in dirnames if (base / d).is_symlink())
        for name in names:
            p = base / name
            rel = p.relative_to(root).as_posix()
            mode = os.lstat(p).st_mode
            if stat.S_ISLNK(mode):
                out[rel] = "symlink:" + sha256_bytes(os.readlink(p).encode())
            elif stat.S_ISREG(mode):
                out[rel] = sha256_file(p)
            else:  # a named pipe would block open() for ever: listed by kind, never opened
                out[rel] = "special:" + _kind(mode)
    return dict(sorted(out.items()))


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISFIFO, "fifo"),
        (stat.S_ISSOCK, "socket"),
        (stat.S_ISCHR, "char-device"),
        (stat.S_ISBLK, "block-device"),
    ):
        if test(mode):
            return name
    return "other"


def listing_digest(listing: dict[str, str]) -> str:
    text = "".join(f"{sha}  {path}\n" for path, sha in sorted(listing.items()))
    return sha256_bytes(text.encode("utf-8"))


def tree_digest(root: str | os.PathLike) -> str:
    return listing_digest(tree_listing(root))
