"""write_csv bytes, read_csv tolerance, read_text and read_json."""

from __future__ import annotations

import pytest

from whitecollar.office import Failure, read_csv, read_json, read_text, write_csv
from whitecollar.office.csv_reader import sniff_delimiter


def test_write_csv_exact_bytes(tmp_path):
    path = write_csv(
        tmp_path / "l.csv",
        ["date", "libellé", "montant"],
        [
            ["2025-01-02", "Loyer, Montréal", 1250.5],
            ["2025-01-03", 'Dit "urgent"', None],
            ["2025-01-04", "deux\nlignes", 7],
        ],
    )
    assert (
        path.read_bytes()
        == (
            'date,libellé,montant\n2025-01-02,"Loyer, Montréal",1250.5\n'
            '2025-01-03,"Dit ""urgent""",\n2025-01-04,"deux\nlignes",7\n'
        ).encode()
    )


def test_round_trip(tmp_path):
    rows = [["A-1", "Québec", "12,5"], ["A-2", "x;y", ""]]
    table = read_csv(write_csv(tmp_path / "r.csv", ["code", "ville", "valeur"], rows))
    assert table.header == ["code", "ville", "valeur"]
    assert table.rows == rows
    assert table.records()[0]["ville"] == "Québec"


@pytest.mark.parametrize("delim", [",", ";", "\t", "|"])
def test_delimiter_is_sniffed(tmp_path, delim):
    text = delim.join(["compte", "libellé", "montant"]) + "\n"
    text += delim.join(["4000", "Ventes", "1250,50" if delim != "," else "1250.50"]) + "\n"
    path = tmp_path / "d.csv"
    path.write_text(text, encoding="utf-8")
    table = read_csv(path)
    assert table.header == ["compte", "libellé", "montant"]
    assert table.rows[0][0] == "4000"


def test_bom_cp1252_ragged_and_header_stripping(tmp_path):
    bom = tmp_path / "bom.csv"
    bom.write_bytes("\ufeffnom ; montant \nÉric;12\n".encode("utf-8"))
    assert read_csv(bom).header == ["nom", "montant"]
    legacy = tmp_path / "legacy.csv"
    legacy.write_bytes("nom,ville\nRené,Montréal\n".encode("cp1252"))
    assert read_csv(legacy).rows == [["René", "Montréal"]]
    ragged = tmp_path / "ragged.csv"
    ragged.write_text("a,b,c\n1\n1,2,3,4\n\n5,6\n", encoding="utf-8")
    table = read_csv(ragged)
    assert table.header == ["a", "b", "c", ""]
    assert table.rows == [["1", "", "", ""], ["1", "2", "3", "4"], ["5", "6", "", ""]]


def test_utf16_from_powershell(tmp_path):
    path = tmp_path / "ps.csv"
    path.write_bytes("\ufeffa,b\r\n1,2\r\n".encode("utf-16-le"))
    assert read_csv(path).rows == [["1", "2"]]


def test_sniffer_defaults_to_comma_for_one_column():
    assert sniff_delimiter("total\n12\n13\n") == ","


def test_read_text_normalises_line_ends_and_bom(tmp_path):
    path = tmp_path / "t.txt"
    path.write_bytes(b"\xef\xbb\xbfline 1\r\nline 2\rline 3\n")
    assert read_text(path) == "line 1\nline 2\nline 3\n"


def test_read_text_respects_max_bytes(tmp_path):
    path = tmp_path / "t.txt"
    path.write_text("x" * 1000)
    assert isinstance(read_text(path, max_bytes=999), Failure)
    assert read_text(path, max_bytes=1000) == "x" * 1000


def test_read_json_values_including_falsy_ones(tmp_path):
    good = tmp_path / "g.json"
    good.write_text('{"total": 12.5, "ville": "Montréal"}', encoding="utf-8")
    assert read_json(good) == {"total": 12.5, "ville": "Montréal"}
    falsy = tmp_path / "f.json"
    falsy.write_text("[]")
    assert read_json(falsy) == [] and not isinstance(read_json(falsy), Failure)
