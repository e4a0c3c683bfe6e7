"""Reproducible SQLite database files.

A database written twice with the same statements is the same file, except
for two header fields that name the SQLite library which last wrote it
(offsets 92-99: the version-valid-for counter and SQLITE_VERSION_NUMBER).
Two machines with different SQLite builds would therefore give different
bytes for the same export. The writer builds the database in a temporary
file with a fixed page size, no journal and one transaction per table,
compacts it, then pins those two fields, so the bytes depend only on the
tables given. The file stays a valid database for any SQLite 3.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whitecollar.atomic import write_bytes

#: written in the header's library-version field whatever library wrote the file
PINNED_LIBRARY_VERSION = 3_037_002
PAGE_SIZE = 4096


@dataclass(frozen=True)
class TableSpec:
    """One table: its CREATE TABLE statement, its column names and its rows (inserted in the given order)."""

    name: str
    create: str
    columns: Sequence[str]
    rows: Sequence[Sequence[Any]]


def database_bytes(tables: Sequence[TableSpec]) -> bytes:
    """The canonical bytes `write_database` writes."""
    fd, tmp = tempfile.mkstemp(suffix=".sqlite")
    os.close(fd)
    os.unlink(tmp)
    try:
        con = sqlite3.connect(tmp, isolation_level=None)
        try:
            con.execute(f"PRAGMA page_size = {PAGE_SIZE}")
            con.execute("PRAGMA journal_mode = OFF")
            con.execute("PRAGMA auto_vacuum = NONE")
            for t in tables:
                con.execute("BEGIN")
                con.execute(t.create)
                marks = ", ".join("?" for _ in t.columns)
                cols = ", ".join(t.columns)
                con.executemany(f"INSERT INTO {t.name} ({cols}) VALUES ({marks})", [tuple(r) for r in t.rows])
                con.execute("COMMIT")
            con.execute("VACUUM")
        finally:
            con.close()
        data = bytearray(Path(tmp).read_bytes())
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    change_counter = data[24:28]
    data[92:96] = change_counter
    data[96:100] = PINNED_LIBRARY_VERSION.to_bytes(4, "big")
    return bytes(data)


def write_database(path: str | os.PathLike, tables: Sequence[TableSpec]) -> Path:
    """Write the tables as one SQLite file, the same bytes on any machine (see the module docstring)."""
    return write_bytes(path, database_bytes(tables))
