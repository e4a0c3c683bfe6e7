"""The dashboard: built from a pilot folder, deterministic, and rendered in a real headless Chromium."""

from __future__ import annotations

import shutil

import pytest
from analysis_helpers import write_pilot_folder

from whitecollar.dashboard import build_dashboard
from whitecollar.lab.portal.browser import chromium_available

SPECS = [
    {
        "task": t,
        "arm": a,
        "repeat": r,
        "success": (r + i) % 2 == 0,
        "clar": t == "P-01",
        "raised": t == "P-01" and r == 1,
        "injection": a == "A3" and r == 2,
    }
    for i, t in enumerate(["P-01", "Q-01"])
    for a in ("A1", "A2", "A3", "A4")
    for r in (1, 2)
]
META = {"P-01": {"depth": 21, "minutes": 150, "clar": True}, "Q-01": {"depth": 44, "minutes": 420}}


@pytest.fixture
def pilot_dir(tmp_path):
    return write_pilot_folder(tmp_path, SPECS, META, envelope=50.0)


def test_page_has_runs_receipts_costs_and_figures(pilot_dir):
    page = build_dashboard(pilot_dir, 50.0)
    html = page.read_text(encoding="utf-8")
    assert 'id="simulated-banner"' in html and "SIMULATED" in html
    assert html.count('<tr><td class="mono nowrap"><a href="#receipt-') == len(SPECS)
    assert html.count('<details class="receipt"') == len(SPECS)
    assert "of 50.00 USD envelope" in html
    for name in ("success_by_arm", "spending", "premium", "frontier"):
        assert (page.parent / "figures" / f"{name}.png").is_file() and f"figures/{name}.png" in html
    assert "judges.csv absent" in html


def test_rebuilding_gives_the_same_bytes(pilot_dir):
    first = build_dashboard(pilot_dir, 50.0).read_bytes()
    pngs = {p.name: p.read_bytes() for p in (pilot_dir / "dashboard" / "figures").iterdir()}
    assert build_dashboard(pilot_dir, 50.0).read_bytes() == first
    assert {p.name: p.read_bytes() for p in (pilot_dir / "dashboard" / "figures").iterdir()} == pngs


def test_measured_runs_get_no_banner(tmp_path):
    specs = [dict(s, simulated=False) for s in SPECS]
    html = build_dashboard(write_pilot_folder(tmp_path, specs, META), 50.0).read_text(encoding="utf-8")
    assert 'id="simulated-banner"' not in html


def test_judge_agreement_is_shown_when_the_panel_wrote_it(pilot_dir):
    (pilot_dir / "judges.csv").write_text(
        "label,task_id,judge,runs,judgements,failed_judgements,units,alpha_ordinal,pearson_r,spearman_rho,"
        "correlated_runs,mean_judge_score,mean_receipt_score,cost_usd,cost_unknown\n"
        "SIMULATED,ALL,panel,16,48,0,96,0.61,0.8,0.79,16,0.7,0.72,0.9,0\n"
    )
    html = build_dashboard(pilot_dir, 50.0).read_text(encoding="utf-8")
    assert 'id="judge-table"' in html and "0.610" in html and "alpha ordinal" in html


@pytest.mark.skipif(not chromium_available(), reason="Debian's chromium is not installed")
def test_dashboard_renders_in_headless_chromium(pilot_dir, tmp_path):
    from whitecollar.dashboard.screenshot import screenshot

    page = build_dashboard(pilot_dir, 50.0)
    shot = screenshot(page, tmp_path / "dashboard.png")
    assert shot.run_rows == len(SPECS)
    assert shot.has_simulated_banner and shot.banner_text.startswith("SIMULATED")
    assert shot.images == 4 and shot.images_loaded == 4
    assert "Pilot dashboard" in shot.title
    data = shot.screenshot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 50_000
    keep = pilot_dir.parent / "screenshot-for-inspection.png"
    shutil.copyfile(shot.screenshot, keep)  # left in pytest's tmp folder for anyone to look at
