"""Table helpers: the same data must be found whichever way the agent laid it out."""

from __future__ import annotations

import pytest

from whitecollar.grading.tables import (
    as_number,
    cell_text,
    column_values,
    extract_table,
    find_cells,
    find_grid,
    grid_values,
    labelled_value,
    record_for,
    records_by,
)
from whitecollar.office.model import Document, Paragraph, Sheet, Table, Workbook

HEADERS = {
    "supplier": ["vendor", "bidder"],
    "unit_price": ["unit price", "price per unit"],
    "lead_time": ["lead time", "delivery time"],
}
EXPECTED = [
    {"supplier": "Extrusions Laurentides Inc.", "unit_price": 10.5, "lead_time": 14.0},
    {"supplier": "Great Lakes Profile Co.", "unit_price": 12.0, "lead_time": 21.0},
]


def _clean(records):
    """Records with numbers parsed, so that '12.00' and 12.0 compare equal."""
    return [{k: (as_number(v) if as_number(v) is not None else v) for k, v in r.items()} for r in records]


ROWS = [
    ["Supplier evaluation", None, None],
    [None, None, None],
    ["Lead-Time (days)", "Vendor", "Unit Price (CAD)"],  # any order, any spelling
    [14, "Extrusions Laurentides Inc.", 10.5],
    [None, None, None],
    [21, "Great Lakes Profile Co.", "12.00"],  # a number stored as text
    ["Total", None, 22.5],
]
COLUMNS = [
    ["Bidder", "Extrusions Laurentides Inc.", "Great Lakes Profile Co.", "Grand total"],
    ["Price per unit", 10.5, "12.00", 22.5],
    ["Delivery time (days)", 14, 21, None],
]


def test_row_and_transposed_tables_give_same_records(make_sheet):
    by_rows = extract_table(make_sheet("R", ROWS), HEADERS)
    by_cols = extract_table(make_sheet("C", COLUMNS), HEADERS)
    assert by_rows.orientation == "rows" and by_rows.header_row == 3
    assert by_cols.orientation == "columns" and by_cols.header_col == 1
    assert _clean(by_rows.records) == EXPECTED
    assert _clean(by_cols.records) == EXPECTED


def test_totals_kept_when_asked(make_sheet):
    t = extract_table(make_sheet("R", ROWS), HEADERS, include_totals=True)
    assert len(t.records) == 3
    c = extract_table(make_sheet("C", COLUMNS), HEADERS, include_totals=True)
    assert len(c.records) == 3


def test_table_offset_in_sheet_and_missing_field(make_sheet):
    rows = [["Supplier", "Unit price"], ["A", 1], ["B", 2]]
    t = extract_table(make_sheet("S", rows, top=5, left=4), HEADERS)
    assert t.missing == ["lead_time"]
    assert [r["supplier"] for r in t.records] == ["A", "B"]
    assert all(r["lead_time"] is None for r in t.records)


def test_blank_corner_key_column(make_sheet):
    rows = [[None, "Unit price", "Lead time"], ["Laurentides", 10.5, 14], ["Great Lakes", 12, 21]]
    t = extract_table(make_sheet("S", rows), HEADERS)
    assert [r["supplier"] for r in t.records] == ["Laurentides", "Great Lakes"]
    cols = [[None, "Laurentides", "Great Lakes"], ["Unit price", 10.5, 12], ["Lead time", 14, 21]]
    c = extract_table(make_sheet("C", cols), HEADERS)
    assert c.orientation == "columns"
    assert [r["supplier"] for r in c.records] == ["Laurentides", "Great Lakes"]


def test_repeated_header_and_double_blank_stop(make_sheet):
    rows = [
        ["Supplier", "Unit price", "Lead time"],
        ["A", 1, 2],
        ["Supplier", "Unit price", "Lead time"],
        ["B", 3, 4],
        [None],
        [None],
        ["Other table", "x", "y"],
    ]
    t = extract_table(make_sheet("S", rows), HEADERS)
    assert [r["supplier"] for r in t.records] == ["A", "B"]


def test_extract_table_from_csv_document_and_rows():
    csv = Table(
        "bids.csv",
        ["Vendor", "Unit price", "Lead time"],
        [["A", "1,234.50", "3"], ["", "", ""], ["Sum", "1,234.50", ""]],
    )
    t = extract_table(csv, HEADERS)
    assert t.records == [{"supplier": "A", "unit_price": "1,234.50", "lead_time": "3"}]
    doc = Document("m.docx", [Paragraph("x")], [[["Price per unit", "5"], ["Supplier", "Z"], ["Lead time", "9"]]])
    d = extract_table(doc, HEADERS)
    assert d.orientation == "columns" and d.records == [{"supplier": "Z", "unit_price": "5", "lead_time": "9"}]
    assert extract_table([["Supplier", "Lead time"], ["Q", 1]], HEADERS).records[0]["supplier"] == "Q"


def test_extract_table_workbook_finds_the_right_sheet(make_workbook):
    wb = make_workbook(Notes=[["Read me"], ["Nothing here"]], Scoring=ROWS)
    t = extract_table(wb, HEADERS)
    assert t.sheet == "Scoring" and len(t.records) == 2


def test_extract_table_needs_most_headers(make_sheet):
    only_one = make_sheet("S", [["Supplier", "Notes", "Date"], ["A", "x", "y"]])
    assert extract_table(only_one, HEADERS) is None
    unrelated = make_sheet("S", [["Payment terms", "Net 30"], ["Validity", "90 days"]])
    assert extract_table(unrelated, HEADERS) is None


def test_extract_table_garbage(garbage_values):
    for g in garbage_values:
        assert extract_table(g, HEADERS) is None
    assert extract_table(Sheet("empty"), HEADERS) is None
    assert extract_table(Sheet("x"), {}) is None


def test_records_by_and_record_for_ignore_order(make_sheet):
    a = extract_table(make_sheet("R", ROWS), HEADERS).records
    b = list(reversed(extract_table(make_sheet("C", COLUMNS), HEADERS).records))
    ka, kb = records_by(a, "supplier"), records_by(b, "supplier")
    assert set(ka) == set(kb) == {"extrusions laurentides inc.", "great lakes profile co."}
    assert as_number(record_for(b, "supplier", "Laurentides")["unit_price"]) == 10.5
    assert as_number(record_for(a, "supplier", "great-lakes")["lead_time"]) == 21
    assert record_for(a, "supplier", "Outaouais") is None
    assert column_values(a, "unit_price") == [10.5, 12.0]


def test_record_for_prefers_exact_key():
    recs = [{"s": "Laurentides Holding"}, {"s": "Laurentides"}]
    assert record_for(recs, "s", "Laurentides") == {"s": "Laurentides"}


# ---------------------------------------------------------------- labelled values

FIN = [
    ["Metric", "2024 actual", "2025 pro forma", "Notes"],
    ["Total landed cost", 100, "1,234.50", "see memo"],
    ["Landed cost", 90, 95, None],
    ["Revenue", None, "", 300],
]


def test_labelled_value_row_oriented_first_number(make_sheet):
    hit = labelled_value(make_sheet("F", FIN), "landed cost")
    assert (hit.value, hit.how, hit.row, hit.col) == (90.0, "row", 3, 2)  # exact label beats "Total landed cost"


def test_labelled_value_header_aware_column(make_sheet):
    sh = make_sheet("F", FIN)
    assert labelled_value(sh, "landed cost", column_terms=["pro forma"]).value == 95.0
    assert labelled_value(sh, "Total landed cost", column_terms="2025").value == 1234.5  # number stored as text
    assert labelled_value(sh, "Revenue").value == 300.0  # empty cells skipped
    assert labelled_value(sh, "Revenue", column_terms=["2024"]) is None  # empty: no guessing elsewhere


def test_a_column_terms_parenthetical_names_its_column(make_sheet):
    """A header's parenthetical is a unit, a term's says which column: "Pro forma (counter-offer)" is not any pro forma."""
    sh = make_sheet(
        "R",
        [
            ["Measure", "FY2025", "Pro forma (requested)", "Counter-offer (recommended)"],
            ["DSCR", 1.4, 1.08, 1.25],
        ],
    )
    counter = ["Pro forma counter-offer", "Pro forma (counter-offer)", "Counter-offer"]
    proposed = ["Pro forma as proposed", "Pro forma (as proposed)", "Pro forma (requested)"]
    assert labelled_value(sh, "DSCR", column_terms=counter).value == 1.25
    assert labelled_value(sh, "DSCR", column_terms=proposed).value == 1.08
    assert (
        labelled_value(
            make_sheet("R", [["", "Pro forma as proposed"], ["DSCR", 1.08]]),
            "DSCR",
            column_terms=["Pro forma (as proposed)"],
        ).how
        == "row"
    )
    assert (
        labelled_value(
            make_sheet("R", [["", "Landed cost (CAD)"], ["Bid A", 90.0]]), "Bid A", column_terms=["Landed cost"]
        ).value
        == 90.0
    )  # the cell's unit still dropped


def test_labelled_value_column_terms_win_over_a_number_below(make_sheet):
    sh = make_sheet("F", [[None, "2024", "2025 pro forma"], ["Landed cost", 90, 95], [100, 1, 2]])
    hit = labelled_value(sh, "landed cost", column_terms=["pro forma"])
    assert (hit.value, hit.how) == (95.0, "row")


def test_labelled_value_column_oriented(make_sheet):
    sh = make_sheet(
        "S", [["Supplier", "Unit price", "Landed cost"], ["Laurentides", 10, 1000], ["Great Lakes", 12, 1100]]
    )
    hit = labelled_value(sh, "landed cost")
    assert (hit.value, hit.how) == (1000.0, "column")
    assert labelled_value(sh, "landed cost", row_terms=["Great Lakes"]).value == 1100.0


def test_labelled_value_transposed_uses_same_terms(make_sheet):
    sh = make_sheet("S", [["Metric", "Laurentides", "Great Lakes"], ["Landed cost", 1000, 1100]])
    hit = labelled_value(sh, "landed cost", row_terms=["Great Lakes"])
    assert (hit.value, hit.how, hit.col) == (1100.0, "row", 3)


def test_labelled_value_figure_in_column_instead_of_row(make_sheet):
    across = make_sheet("A", [["Compliant quotations", 2]])
    down = make_sheet("D", [["Compliant quotations"], [2]])
    assert labelled_value(across, "compliant quotations").value == 2.0
    assert labelled_value(down, "compliant quotations").value == 2.0


def test_labelled_value_never_returns_label_or_text(make_sheet):
    sh = make_sheet("S", [["Landed cost 2025"], ["see the memo"]])
    assert labelled_value(sh, "landed cost") is None
    assert labelled_value(sh, "landed cost", numeric=False).value == "see the memo"


def test_labelled_value_sheet_selection(make_workbook):
    wb = make_workbook(Summary=[["Landed cost", 1]], Detail=[["Landed cost", 2]])
    assert labelled_value(wb, "landed cost").value == 1.0
    hit = labelled_value(wb, "landed cost", sheet="detail")
    assert (hit.value, hit.sheet) == (2.0, "Detail")
    assert labelled_value(wb, "landed cost", sheet="missing") is None


def test_labelled_value_garbage(garbage_values):
    for g in garbage_values:
        assert labelled_value(g, "x") is None
    assert labelled_value(Workbook("x", {}, True), []) is None


def test_find_cells(make_workbook):
    wb = make_workbook(A=[["Re-confirmation needed", 2025.0]], B=[[None, "reconfirmation"]])
    hits = find_cells(wb, "re-confirmation")
    assert [(h.sheet, h.row, h.col) for h in hits] == [("A", 1, 1), ("B", 1, 2)]
    assert [h.text for h in find_cells(wb, "2025")] == ["2025"]
    assert find_cells(None, "x") == []


def test_cell_text():
    assert cell_text(2025.0) == "2025" and cell_text(1.5) == "1.5" and cell_text(None) == ""


# ---------------------------------------------------------------- grids

RELATIVE = [
    ["Sensitivity of landed cost", None, None, None],
    [None, "-1%", "Base", "+1%"],
    ["-10%", 1, 2, 3],
    ["Base", 4, 5, 6],
    ["+10%", 7, 8, 9],
]
BODY = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]


def test_grid_with_relative_labels(make_sheet):
    g = find_grid(make_sheet("G", RELATIVE))
    assert g.values == BODY
    assert g.row_labels == ["-10%", "Base", "+10%"] and g.col_labels == ["-1%", "Base", "+1%"]
    assert g.value_at("Base", "+1%") == 6.0
    assert g.value_at("\u221210%", "base") == 2.0
    assert g.value_at("+50%", "Base") is None


def test_grid_with_numeric_axes_or_none(make_sheet):
    numeric_axes = [[None, 0.9, 1.0, 1.1], [0.95, 1, 2, 3], [1.0, 4, 5, 6], [1.05, 7, 8, 9]]
    assert grid_values(make_sheet("N", numeric_axes)) == BODY
    g = find_grid(make_sheet("N", numeric_axes))
    assert g.value_at(1.0, 1.1) == 6.0
    assert grid_values(make_sheet("Bare", [[1, 2, 3], [4, 5, 6], [7, 8, 9]])) == BODY


def test_grid_relative_labels_on_one_axis_only(make_sheet):
    # "-1%", "0%", "+1%" would parse as numbers; as axis labels they must never join the data
    sh = make_sheet("G", [["-1%", "0%", "+1%"], [1, 2, 3], [4, 5, 6]])
    g = find_grid(sh)
    assert g.values == [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
    assert g.col_labels == ["-1%", "0%", "+1%"]


def test_grid_nearest_to_label(make_sheet):
    rows = [
        ["Price sensitivity", None, None, None, "Volume sensitivity"],
        [1, 2, None, None, None],
        [3, 4, None, None, 10, 20, 30],
        [None, None, None, None, 40, 50, 60],
        [None, None, None, None, 70, 80, 90],
    ]
    sh = make_sheet("S", rows)
    assert grid_values(sh, ["price sensitivity"]) == [[1.0, 2.0], [3.0, 4.0]]
    assert grid_values(sh, ["volume"]) == [[10.0, 20.0, 30.0], [40.0, 50.0, 60.0], [70.0, 80.0, 90.0]]
    assert grid_values(sh) == [[10.0, 20.0, 30.0], [40.0, 50.0, 60.0], [70.0, 80.0, 90.0]]
    assert grid_values(sh, ["tornado"]) == []


def test_grid_garbage(garbage_values):
    for g in garbage_values:
        assert grid_values(g) == []
    assert find_grid(Sheet("s", {})) is None


@pytest.mark.parametrize("v, n", [("1,234.50", 1234.5), (3, 3.0), (True, None), (float("nan"), None), ("x", None)])
def test_as_number(v, n):
    assert as_number(v) == n


def test_records_know_their_cells(make_sheet):
    sheet = make_sheet(
        "Scoring",
        [
            ["Evaluation of quotations"],
            [],
            ["Supplier", "Status", "Rank"],
            ["Alpha", "Compliant", 1],
            [],
            ["Beta", "Non-compliant", None],
        ],
    )
    t = extract_table(sheet, {"supplier": ["supplier"], "status": ["status"], "rank": ["rank"]})
    assert [r["supplier"] for r in t.records] == ["Alpha", "Beta"]
    assert t.where(1, "status") == "Scoring!B6"
    assert t.position(0, "rank") == (4, 3)
    assert t.index_of(t.records[1]) == 1
    assert t.where(0, "nope") == "Scoring"


def test_transposed_records_know_their_cells(make_sheet):
    sheet = make_sheet(
        "Summary",
        [
            ["Supplier", "Alpha", "Beta"],
            ["Status", "Compliant", "Fail"],
        ],
    )
    t = extract_table(sheet, {"supplier": ["supplier"], "status": ["status"]})
    assert t.orientation == "columns"
    assert t.where(1, "status") == "Summary!C2"


def test_a_data_row_that_mentions_header_words_is_data(make_sheet):
    sheet = make_sheet(
        "Scoring",
        [
            ["Supplier", "Decision"],
            ["Extrusions Laurentides", "Reserve"],
            ["Profilés Outaouais (approved vendor)", "Award"],
            ["Supplier", "Decision"],
            ["Great Lakes", "Not retained"],
        ],
    )
    t = extract_table(sheet, {"supplier": ["supplier", "vendor"], "decision": ["decision", "award"]})
    assert [r["supplier"] for r in t.records] == [
        "Extrusions Laurentides",
        "Profilés Outaouais (approved vendor)",
        "Great Lakes",
    ]
