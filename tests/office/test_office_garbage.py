"""Every reader turns every kind of garbage into a Failure, never an exception."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from office_helpers import first_half, make_sparse, random_bytes

from whitecollar.libreoffice import read_workbook
from whitecollar.office import (
    Failure,
    check_regular_file,
    read_csv,
    read_docx,
    read_json,
    read_pdf,
    read_text,
)

READERS = {
    "xlsx": read_workbook,
    "docx": read_docx,
    "pdf": read_pdf,
    "csv": read_csv,
    "json": read_json,
    "txt": read_text,
}
FORMATS = ("xlsx", "docx", "pdf")  # binary formats a text file cannot impersonate


def _expect_failure(result, *words: str) -> Failure:
    assert isinstance(result, Failure), f"expected a Failure, got {type(result).__name__}"
    assert not result
    reason = result.reason.lower()
    assert any(w in reason for w in words), f"reason {result.reason!r} lacks {words}"
    return result


@pytest.mark.parametrize("ext", READERS)
def test_missing(tmp_path, ext):
    _expect_failure(READERS[ext](tmp_path / f"absent.{ext}"), "missing")


@pytest.mark.parametrize("ext", READERS)
def test_empty(tmp_path, ext):
    path = tmp_path / f"empty.{ext}"
    path.touch()
    _expect_failure(READERS[ext](path), "empty")


@pytest.mark.parametrize("ext", READERS)
def test_directory(tmp_path, ext):
    path = tmp_path / f"folder.{ext}"
    path.mkdir()
    _expect_failure(READERS[ext](path), "directory")


@pytest.mark.parametrize("ext", READERS)
def test_symlink_to_a_file_outside_is_refused(tmp_path, samples, ext):
    outputs = tmp_path / "outputs"
    outputs.mkdir()
    link = outputs / f"deliverable.{ext}"
    link.symlink_to(samples[ext])  # a genuine, readable file elsewhere
    _expect_failure(READERS[ext](link), "symbolic link")


@pytest.mark.parametrize("ext", READERS)
def test_50_mb_file_refused_by_size_before_reading(tmp_path, ext, monkeypatch):
    path = make_sparse(tmp_path / f"huge.{ext}", 50 * 1024 * 1024)

    def no_open(*args, **kwargs):
        raise AssertionError("the file was opened")

    monkeypatch.setattr(os, "open", no_open)
    monkeypatch.setattr("builtins.open", no_open)
    result = READERS[ext](path)
    monkeypatch.undo()
    _expect_failure(result, "too large")


@pytest.mark.parametrize("ext", READERS)
def test_random_bytes(tmp_path, ext):
    path = tmp_path / f"noise.{ext}"
    path.write_bytes(random_bytes())
    _expect_failure(READERS[ext](path), "not ", "binary", "corrupt")


@pytest.mark.parametrize("ext", FORMATS)
def test_text_file_with_an_office_extension(tmp_path, ext):
    path = tmp_path / f"report.{ext}"
    path.write_text("Quarterly report\nRevenue: 1,250,000\n", encoding="utf-8")
    _expect_failure(READERS[ext](path), "text file")


@pytest.mark.parametrize("ext", FORMATS)
def test_truncated_file(tmp_path, samples, ext):
    path = first_half(samples[ext], tmp_path / f"half.{ext}")
    _expect_failure(READERS[ext](path), "truncated", "corrupt")


def test_docx_that_is_really_an_xlsx(tmp_path, samples):
    path = tmp_path / "memo.docx"
    path.write_bytes(samples["xlsx"].read_bytes())
    _expect_failure(read_docx(path), "xlsx workbook")


def test_xlsx_that_is_really_a_docx(tmp_path, samples):
    path = tmp_path / "model.xlsx"
    path.write_bytes(samples["docx"].read_bytes())
    _expect_failure(read_workbook(path), "docx document")


def test_pdf_that_is_really_a_docx(tmp_path, samples):
    path = tmp_path / "memo.pdf"
    path.write_bytes(samples["docx"].read_bytes())
    _expect_failure(read_pdf(path), "zip")


def test_invalid_utf8_csv(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_bytes(b"name,amount\n\x81\x8d\x90,12\n")  # invalid in UTF-8 and in cp1252
    _expect_failure(read_csv(path), "invalid utf-8")


def test_xlsx_named_csv(tmp_path, samples):
    path = tmp_path / "data.csv"
    path.write_bytes(samples["xlsx"].read_bytes())
    _expect_failure(read_csv(path), "zip")


def test_invalid_json_quotes_parser_message_and_line(tmp_path):
    path = tmp_path / "answer.json"
    path.write_text('{\n  "total": 12,\n  "items": [1, 2,]\n}\n', encoding="utf-8")
    failure = _expect_failure(read_json(path), "invalid json")
    assert "line 3" in failure.reason


def test_deeply_nested_json(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    _expect_failure(read_json(path), "invalid json")


def test_encrypted_or_pageless_pdf_is_a_failure(tmp_path):
    path = tmp_path / "nopages.pdf"
    path.write_bytes(b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
    _expect_failure(read_pdf(path), "no pages", "unreadable")


def test_guard_accepts_a_regular_file_and_respects_the_limit(tmp_path):
    path = tmp_path / "ok.txt"
    path.write_bytes(b"x" * 100)
    assert check_regular_file(path) is None
    _expect_failure(check_regular_file(path, max_bytes=99), "too large")
    link = tmp_path / "inside-link.txt"
    link.symlink_to(path)  # even a link to a file in the same folder is refused
    _expect_failure(check_regular_file(link), "symbolic link")


def test_fifo_is_not_a_regular_file(tmp_path):
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    _expect_failure(read_csv(fifo), "not a regular file")


def test_failure_is_falsy_and_quotable(tmp_path):
    result = read_text(tmp_path / "nothing.txt")
    assert not result
    assert str(result).startswith(str(tmp_path / "nothing.txt"))


def test_real_samples_read_fine(samples):
    for ext, reader in READERS.items():
        assert reader(samples[ext]) is not None
        assert not isinstance(reader(samples[ext]), Failure), ext
    assert isinstance(samples["xlsx"], Path)


def test_legacy_or_password_protected_office_file(tmp_path):
    path = tmp_path / "protected.xlsx"
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504))
    _expect_failure(read_workbook(path), "password", "legacy")
