"""LaTeX and CSV rendering: escaped, booktabs, dashes for missing numbers, SIMULATED when it is."""

from __future__ import annotations

import math

from whitecollar.analysis.paper_tables import (
    Column,
    Raw,
    Table,
    escape,
    fmt_interval,
    fmt_num,
    render_csv,
    render_latex,
    write_table,
)


def _table(simulated: bool | None = True) -> Table:
    return Table(
        "table_demo",
        "Demo & test",
        "tab:demo",
        [Column("a", "A_1"), Column("b", "B", "r")],
        [{"a": "x%y", "b": fmt_num(math.nan)}, {"a": Raw(r"$\alpha$"), "b": fmt_num(0.5)}],
        [{"a": "x%y", "b": math.nan}, {"a": "alpha", "b": 0.5}],
        notes="P(b<0) and 5%",
        simulated=simulated,
    )


def test_latex_is_escaped_booktabs_and_labelled():
    tex = render_latex(_table())
    assert r"\toprule" in tex and r"\midrule" in tex and r"\bottomrule" in tex
    assert r"A\_1" in tex and r"x\%y" in tex and r"$\alpha$" in tex and r"Demo \& test" in tex
    assert r"\textbf{SIMULATED.}" in tex and r"\label{tab:demo}" in tex
    assert "P(b$<$0)" in tex  # never the OT1 inverted exclamation mark


def test_missing_numbers_are_dashes_never_zero():
    assert fmt_num(math.nan) == "---" and fmt_num(None) == "---" and fmt_num(0.0) == "0.00"
    assert fmt_interval(math.nan, 1.0) == "---"
    assert fmt_interval(0.0, math.inf) == r"[0.00, $\infty$]"


def test_csv_keeps_raw_numbers_and_the_label():
    csv = render_csv(_table()).splitlines()
    assert csv[0] == "label,a,b"
    assert csv[1] == "SIMULATED,x%y," and csv[2] == "SIMULATED,alpha,0.5"
    assert render_csv(_table(simulated=None)).splitlines()[0] == "a,b"  # metadata tables have no label


def test_escape_maps_symbols_to_math():
    assert escape("a_b & c") == r"a\_b \& c"
    assert escape("\u2020") == r"$^{\dagger}$" and escape("\u221e") == r"$\infty$"


def test_write_is_deterministic(tmp_path):
    write_table(_table(), tmp_path / "t.tex", tmp_path / "t.csv")
    first = (tmp_path / "t.tex").read_bytes(), (tmp_path / "t.csv").read_bytes()
    write_table(_table(), tmp_path / "t.tex", tmp_path / "t.csv")
    assert ((tmp_path / "t.tex").read_bytes(), (tmp_path / "t.csv").read_bytes()) == first
