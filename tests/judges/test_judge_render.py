"""The blind package: every deliverable type, garbage, size caps, determinism and blindness."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from judge_helpers import RUBRIC
from runkit import write_run

from whitecollar.cli import main
from whitecollar.judges.render import list_entries, render_deliverables, render_package
from whitecollar.libreoffice import prefetch, read_workbook, soffice_available
from whitecollar.office import read_docx

LONG_LINE = "The quarterly figures were reviewed line by line against the ledger. "


def _xlsx(path: Path) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Scoring"
    ws["A1"], ws["B1"] = "Supplier", "Cost"
    ws["A2"], ws["B2"] = "Alpha Ltd.", 1200.5
    ws["A3"], ws["B3"] = "Beta Inc.", 799.5
    ws["A4"], ws["B4"] = "Total", "=SUM(B2:B3)"
    ws["C4"] = "=B4/2"
    wb.create_sheet("Notes")["A1"] = "12"
    wb.save(path)


def _docx(path: Path) -> None:
    import docx

    d = docx.Document()
    d.add_heading("Findings", level=1)
    d.add_paragraph("The recommended supplier is Alpha Ltd.")
    d.add_heading("Detail", level=2)
    t = d.add_table(rows=2, cols=2)
    t.cell(0, 0).text, t.cell(0, 1).text = "Supplier", "Cost"
    t.cell(1, 0).text, t.cell(1, 1).text = "Alpha Ltd.", "1,200.50"
    d.save(path)


def _pdf(path: Path) -> None:
    from whitecollar.office import make_canvas

    c = make_canvas(str(path), title="t", author="a")
    c.drawString(72, 720, "Invoice total 4,321.00 CAD")
    c.showPage()
    c.drawString(72, 720, "Second page text")
    c.save()


def _png(path: Path) -> None:
    from PIL import Image

    Image.new("RGB", (40, 30), (200, 10, 10)).save(path)


def build_deliverables(out: Path) -> None:
    out.mkdir(parents=True)
    _xlsx(out / "evaluation.xlsx")
    _docx(out / "memo.docx")
    _pdf(out / "report.pdf")
    _png(out / "chart.png")
    (out / "data.csv").write_text("supplier,cost\nAlpha Ltd.,1200.50\nBeta Inc.,799.50\n")
    (out / "notes.md").write_text("# Notes\n\nEverything ties.\n")
    (out / "analysis.py").write_text("import pandas as pd\nprint(pd.__version__)\n")
    (out / "COMPLETION.json").write_text(json.dumps({"status": "completed", "summary": "done"}, indent=2))
    (out / "sub").mkdir()
    (out / "sub" / "appendix.md").write_text("Appendix text.\n")
    # garbage, as agents deliver it
    (out / "fake.xlsx").write_text("this is not a workbook\n")
    (out / "truncated.docx").write_bytes((out / "memo.docx").read_bytes()[:1500])
    (out / "bad.json").write_text('{"status": "completed",')
    (out / "empty.txt").write_bytes(b"")
    (out / "blob.bin").write_bytes(b"\x00\x01\x02" * 100)
    (out / "broken.png").write_text("not a picture")
    with open(out / "huge.csv", "wb") as fh:
        fh.truncate(50 * 2**20)  # sparse: 50 MB on paper, nothing on disk
    os.symlink("/etc/passwd", out / "passwd-link.txt")
    os.symlink("/etc", out / "system-link")
    (out / ".snakemake_timestamp").write_bytes(b"")


RUN_JSON = {
    "run_id": "PROC-01-A3-r2",
    "arm": "A3",
    "task_id": "PROC-01",
    "repeat": 2,
    "node": "exec-node-zeta",
    "model": "claude-secret-model-9",
    "backend": "claude-code",
    "persona": "obedient",
    "cost_usd": 1.234567,
    "budget_usd": 4.0,
    "wall_s": 777.125,
    "started_at": "2026-03-04T05:06:07.089Z",
    "simulated": False,
}


@pytest.fixture(scope="module")
def folders(tmp_path_factory, generated):
    """An out/ with every deliverable type and garbage, and a real naive-variant run of PROC-01;
    all their workbooks recalculated by one LibreOffice start."""
    from whitecollar.benchmark.scenario import load_scenario
    from whitecollar.lab.workspace import compose

    root = tmp_path_factory.mktemp("render")
    build_deliverables(root / "types" / "out")
    bundle, oracle = generated("PROC-01")
    ws = compose(bundle, root / "ws")
    load_scenario("PROC-01").solver.solve(ws, "naive")
    run = root / "runs" / "PROC-01" / "0123456789ab" / "A3" / "r2"
    shutil.copytree(ws / "out", run / "out")
    write_run(run, **RUN_JSON)
    (run / "receipt.json").write_text(json.dumps({"detail": "SECRET-RECEIPT-DETAIL", "weighted_score": 0.123}))
    prefetch(sorted(root.rglob("*.xlsx")))
    return {"types": root / "types" / "out", "run": run, "bundle": bundle, "oracle": oracle, "root": root}


@pytest.fixture(scope="module")
def rendered(folders) -> str:
    return render_deliverables(folders["types"])


def section(text: str, name: str) -> list[str]:
    """The lines of one file's section (header included)."""
    lines = text.splitlines()
    start = next(
        i for i, line in enumerate(lines) if line.startswith(f"### out/{name} ") or line.startswith(f"### out/{name}:")
    )
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("### ")), len(lines))
    return [line for line in lines[start:end] if line]


def test_files_are_listed_in_sorted_order_without_snakemakes_marker(folders, rendered):
    names = [m.group(1) for m in re.finditer(r"^### out/(\S+?)[ :]", rendered, re.M)]
    assert names == sorted(names) and ".snakemake_timestamp" not in names
    assert names == [rel for rel, _ in list_entries(folders["types"])]
    assert "sub/appendix.md" in names and "Appendix text." in rendered


@pytest.mark.skipif(not soffice_available(), reason="LibreOffice is needed to recalculate formulas")
def test_workbook_cells_show_formula_and_recalculated_value(rendered):
    lines = section(rendered, "evaluation.xlsx")
    assert lines[0].endswith("bytes, workbook)")
    assert "2 formulas, values recalculated from the formulas" in lines[1]
    for expected in (
        'Sheet "Scoring" (9 non-empty cells, 2 formulas)',
        'A1: "Supplier"',
        "B2: 1200.5",
        "B4: =SUM(B2:B3) -> 2000",
        "C4: =B4/2 -> 1000",
        'Sheet "Notes" (1 non-empty cells, 0 formulas)',
        'A1: "12"',
    ):
        assert expected in lines


def test_docx_pdf_csv_text_code_and_completion(rendered):
    memo = section(rendered, "memo.docx")
    assert "# Findings" in memo and "## Detail" in memo and "The recommended supplier is Alpha Ltd." in memo
    assert "| Supplier | Cost |" in memo and "| Alpha Ltd. | 1,200.50 |" in memo
    pdf = section(rendered, "report.pdf")
    assert pdf[1] == "PDF with 2 page(s)." and "Invoice total 4,321.00 CAD" in pdf and "[page 2]" in pdf
    assert "Alpha Ltd. | 1200.50" in section(rendered, "data.csv")
    assert "Everything ties." in section(rendered, "notes.md")
    assert "print(pd.__version__)" in section(rendered, "analysis.py")
    completion = section(rendered, "COMPLETION.json")
    assert completion[0].endswith("bytes, JSON)") and '  "status": "completed",' in completion


def test_an_image_is_one_line_without_its_content(folders, rendered):
    size = (folders["types"] / "chart.png").stat().st_size
    assert section(rendered, "chart.png") == [
        f"### out/chart.png ({size:,} bytes, image): PNG image, 40 x 30 pixels; content not shown"
    ]


@pytest.mark.parametrize(
    "name, reason",
    [
        ("fake.xlsx", "UNREADABLE: not an xlsx workbook (text file?)"),
        ("truncated.docx", "UNREADABLE: truncated or corrupt zip"),
        ("huge.csv", "UNREADABLE: too large: 52428800 bytes exceeds"),
        ("empty.txt", "UNREADABLE: empty file (0 bytes)"),
        ("blob.bin", "UNREADABLE: not text: binary data"),
        ("broken.png", "UNREADABLE: not a readable image"),
        ("passwd-link.txt", "a symbolic link; links are not followed"),
        ("system-link", "a symbolic link; links are not followed"),
    ],
)
def test_garbage_is_one_line_with_the_readers_reason(rendered, name, reason):
    lines = section(rendered, name)
    assert len(lines) == 1 and reason in lines[0]


def test_links_out_of_the_folder_leak_nothing(rendered):
    assert "root:" not in rendered and "/etc" not in rendered and "passwd:" not in rendered


def test_invalid_json_is_shown_with_a_note(rendered):
    assert section(rendered, "bad.json")[-1].startswith("(this file is not valid JSON:")


def test_caps_cut_visibly(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "a-long.md").write_text(LONG_LINE * 100)
    (out / "b-long.md").write_text(LONG_LINE * 100)
    (out / "c-late.md").write_text("never shown")
    text = render_deliverables(out, max_file_chars=1000, max_total_chars=1500)
    total = len((LONG_LINE * 100).rstrip())
    assert (
        f"[... CUT: {total - 1000:,} of {total:,} characters of this file are not shown "
        "(limit of 1,000 characters per file) ...]" in text
    )
    assert "the package's limit of 1,500 characters for deliverables was reached" in text
    assert "### out/c-late.md: not shown: the package's limit of 1,500 characters for deliverables was reached" in text
    assert "never shown" not in text


def test_a_flood_of_files_is_summarised_after_the_cap(tmp_path, monkeypatch):
    from whitecollar.judges import render

    out = tmp_path / "out"
    out.mkdir()
    for i in range(12):
        (out / f"f{i:02d}.md").write_text(LONG_LINE)
    monkeypatch.setattr(render, "MAX_ENTRIES_LISTED", 5)
    text = render.render_deliverables(out, max_total_chars=100)
    assert text.count(": not shown: the package's limit") == 3  # f02..f04; f00 shown, f01 cut
    assert text.rstrip().endswith("... and 7 more entries, not shown or listed (size limit reached).")


def test_package_is_deterministic_and_independent_of_where_the_run_sits(folders, rubric, tmp_path):
    brief = folders["bundle"] / "BRIEF.md"
    one = render_package(folders["types"], brief, rubric, "PROC-01")
    copy = tmp_path / "elsewhere" / "A4" / "r9" / "out"
    shutil.copytree(folders["types"], copy, symlinks=True)
    assert render_package(copy, brief, rubric, "PROC-01") == one
    assert one.index("PART 1: THE BRIEF") < one.index("PART 2: THE RUBRIC") < one.index("PART 3: THE DELIVERABLES")
    assert "Criterion `method_fidelity` (weight 3)" in one and "  4: Every step of the method is applied" in one
    assert str(folders["root"]) not in one and str(tmp_path) not in one


def _render_cli(run: Path, brief: Path, dest: Path) -> tuple[str, str]:
    code = main(
        [
            "render",
            str(run),
            "--task",
            "PROC-01",
            "--brief",
            str(brief),
            "--rubric",
            str(RUBRIC),
            "--out",
            str(dest / "package.txt"),
        ]
    )
    assert code == 0
    return (dest / "package.txt").read_text(), (dest / "prompt.txt").read_text()


def test_blindness_no_arm_model_node_cost_run_or_oracle(folders, tmp_path):
    run, bundle = folders["run"], folders["bundle"]
    package, prompt = _render_cli(run, bundle / "BRIEF.md", tmp_path / "a")
    assert json.loads((tmp_path / "a" / "rubric.json").read_text())["criteria"][0]["id"] == "method_fidelity"
    secrets = [
        "PROC-01-A3-r2",
        "exec-node-zeta",
        "claude-secret-model-9",
        "claude-code",
        "obedient",
        "1.234567",
        "1.23",
        "777.1",
        "2026-03-04",
        "0123456789ab",
        "SECRET-RECEIPT-DETAIL",
        "0.123",
        "A3 plus",
        "persona",
        "simulated",
        str(run),
    ]
    for text in (package, prompt):
        for secret in secrets:
            assert secret not in text, secret
        # "A3" may appear only as a workbook cell reference
        assert all(
            re.match(r"^[A-Z]{1,3}\d+: ", line) or re.search(r"=.*\bA3\b", line)
            for line in text.splitlines()
            if re.search(r"\bA3\b", line)
        )
    # oracle values the naive variant did not produce never reach the judge
    oracle = json.loads((folders["oracle"] / "oracle.json").read_text())
    hidden = [oracle["planted_items"][0]["correct_total"], oracle["key_values"]["weighted_S2"]["value"]]
    assert hidden == [1296505.0, 91.283661]
    wb, memo = read_workbook(run / "out" / "evaluation.xlsx"), read_docx(run / "out" / "recommendation.docx")
    delivered = {c.value for s in wb.sheets.values() for c in s.cells.values()}
    assert 1296505 not in delivered and "1,296,505" not in memo.text  # the precondition: absent from the work
    for form in ("1296505", "1,296,505", "1 296 505", "91.28"):
        assert form not in package and form not in prompt
    reference = (folders["oracle"] / "REFERENCE.md").read_text().splitlines()
    assert not any(len(line) > 60 and line in package for line in reference)
    # the same deliverables under another arm, run id, model and node give the same bytes
    other = tmp_path / "runs" / "PROC-01" / "fedcba987654" / "A1" / "r1"
    shutil.copytree(run / "out", other / "out")
    write_run(
        other,
        **{**RUN_JSON, "arm": "A1", "run_id": "PROC-01-A1-r1", "model": "another-model", "node": "m4", "cost_usd": 0.5},
    )
    assert _render_cli(other, bundle / "BRIEF.md", tmp_path / "b") == (package, prompt)
    # and under a portal arm, whose out/ also holds the portal's records (user name, receipt times)
    # and whose run folder holds the portal's log: still the same bytes
    portal = tmp_path / "runs" / "PROC-01" / "fedcba987654" / "A4" / "r3"
    shutil.copytree(run / "out", portal / "out")
    submission = {
        "id": 1,
        "form_id": "award",
        "user": "buyer-7f3a",
        "received_at": "2026-03-04T05:07:08.123Z",
        "fields": {"recommended_supplier": "Alpha Ltd.", "conditions": "None."},
    }
    (portal / "out" / "portal").mkdir()
    (portal / "out" / "portal" / "submissions.jsonl").write_text(json.dumps(submission) + "\n")
    (portal / "portal.log").write_text("2026-03-04 05:07:08,123 INFO submission accepted: {}\n")
    write_run(
        portal,
        **{**RUN_JSON, "arm": "A4", "run_id": "PROC-01-A4-r3", "portal_submissions": {"logged": 1, "restored": False}},
    )
    assert _render_cli(portal, bundle / "BRIEF.md", tmp_path / "c") == (package, prompt)


def test_only_the_channel_folder_is_left_out(tmp_path):
    """out/portal/ (file, folder or link) is the portal's; everything else, however named, is shown."""
    from whitecollar.judges.render import CHANNEL_FOLDERS
    from whitecollar.lab.portal.submissions import RELPATH

    assert CHANNEL_FOLDERS == {RELPATH.parts[0]}
    out = tmp_path / "out"
    (out / "portal").mkdir(parents=True)
    (out / "portal" / "submissions.jsonl").write_text('{"user": "buyer-7f3a"}\n')
    (out / "portal-notes.md").write_text("Notes about the portal.\n")
    (out / "sub" / "portal").mkdir(parents=True)
    (out / "sub" / "portal" / "memo.md").write_text("A memo.\n")
    text = render_deliverables(out)
    assert text.startswith("2 entries in out/") and "buyer-7f3a" not in text
    assert "### out/portal-notes.md" in text and "### out/sub/portal/memo.md" in text
    only = tmp_path / "only" / "out"
    only.mkdir(parents=True)
    os.symlink(out / "portal", only / "portal")
    (tmp_path / "empty" / "out").mkdir(parents=True)
    assert render_deliverables(only) == render_deliverables(tmp_path / "empty" / "out") == "No file was delivered."


def test_render_refuses_the_brief_of_another_bundle(folders, tmp_path):
    digest = tmp_path / "digest.json"
    digest.write_text(json.dumps({"bundle_sha256": "f" * 64, "bundle": {}}))
    run = folders["run"]
    write_run(run, **{**RUN_JSON, "bundle_sha256": "0" * 64})
    code = main(
        [
            "render",
            str(run),
            "--task",
            "PROC-01",
            "--brief",
            str(folders["bundle"] / "BRIEF.md"),
            "--rubric",
            str(RUBRIC),
            "--digest",
            str(digest),
            "--out",
            str(tmp_path / "p" / "package.txt"),
        ]
    )
    assert code == 2 and not (tmp_path / "p" / "package.txt").exists()
