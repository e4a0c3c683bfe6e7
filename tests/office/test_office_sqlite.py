"""The SQLite writer: same bytes for the same tables, whatever library wrote them, and a readable database."""

from __future__ import annotations

import sqlite3

from whitecollar.office.sqlite import PINNED_LIBRARY_VERSION, TableSpec, database_bytes, write_database

TABLES = [
    TableSpec(
        "products",
        "CREATE TABLE products (sku TEXT PRIMARY KEY, list_price REAL)",
        ["sku", "list_price"],
        [("BF-100", 412.5), ("BF-200", 89.0)],
    ),
    TableSpec(
        "lines",
        "CREATE TABLE lines (order_no TEXT, sku TEXT, qty INTEGER)",
        ["order_no", "sku", "qty"],
        [("SO-1", "BF-100", 3), ("SO-1", "BF-100", 3), ("SO-2", "BF-200", 12)],
    ),
]


def test_same_tables_same_bytes_and_library_version_pinned():
    a, b = database_bytes(TABLES), database_bytes(TABLES)
    assert a == b
    assert int.from_bytes(a[96:100], "big") == PINNED_LIBRARY_VERSION
    assert a[92:96] == a[24:28]
    other = database_bytes([TABLES[0]])
    assert other != a


def test_written_database_reads_back_with_duplicates_kept(tmp_path):
    path = write_database(tmp_path / "export.sqlite", TABLES)
    con = sqlite3.connect(path)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert con.execute("SELECT COUNT(*) FROM lines").fetchone()[0] == 3
        assert con.execute("SELECT list_price FROM products WHERE sku = 'BF-100'").fetchone()[0] == 412.5
    finally:
        con.close()
